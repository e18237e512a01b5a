//! Players: their account's display name, what kind of account they are, and the name they have in each
//! server (a nickname there is that server's business: it never shows anywhere else).

use super::{StoreError, StoreResult, WriteTx};
use namnam_model::{PlayerKind, ServerId, UserId};
use sqlx::AnyPool;

/// Records the player, or refreshes their account's own display name and kind (never a server's nickname:
/// that is [`note_server_name`]'s).
pub async fn upsert_player(
    tx: &mut WriteTx,
    player: UserId,
    name: &str,
    kind: PlayerKind,
    now_ms: i64,
) -> StoreResult<()> {
    sqlx::query(
        "INSERT INTO players (id, name, kind, created_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (id) DO UPDATE SET name = excluded.name, kind = excluded.kind
         WHERE players.name <> excluded.name OR players.kind <> excluded.kind",
    )
    .bind(player.to_sql())
    .bind(name)
    .bind(kind.name())
    .bind(now_ms)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Records the player if they are not yet, named `name`; a recorded player is left as they are.
pub async fn ensure_player(
    tx: &mut WriteTx,
    player: UserId,
    name: &str,
    kind: PlayerKind,
    now_ms: i64,
) -> StoreResult<()> {
    sqlx::query(
        "INSERT INTO players (id, name, kind, created_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (id) DO NOTHING",
    )
    .bind(player.to_sql())
    .bind(name)
    .bind(kind.name())
    .bind(now_ms)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Notes the language of the player's latest interaction (a code). False
/// when the player is not recorded yet.
pub async fn note_player_language(
    tx: &mut WriteTx,
    player: UserId,
    code: &str,
) -> StoreResult<bool> {
    // The core remembers what it noted, so this runs only when the language changed (or on a process's
    // first request of this player).
    let noted = sqlx::query("UPDATE players SET language = $2 WHERE id = $1")
        .bind(player.to_sql())
        .bind(code)
        .execute(&mut **tx)
        .await?;
    Ok(noted.rows_affected() > 0)
}

/// The language of the player's latest interaction (a code), if known.
pub async fn player_language<'e, E>(db: E, player: UserId) -> StoreResult<Option<String>>
where
    E: sqlx::Executor<'e, Database = sqlx::Any>,
{
    let language: Option<Option<String>> =
        sqlx::query_scalar("SELECT language FROM players WHERE id = $1")
            .bind(player.to_sql())
            .fetch_optional(db)
            .await?;
    Ok(language.flatten())
}

/// Notes the name `player` has in `server` now (their nickname there, else their account's name): what that
/// server's messages, pictures, leaderboards and pages show. The player must be recorded.
pub async fn note_server_name(
    tx: &mut WriteTx,
    server: ServerId,
    player: UserId,
    name: &str,
    now_ms: i64,
) -> StoreResult<()> {
    sqlx::query(
        "INSERT INTO server_names (server_id, player_id, name, updated_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (server_id, player_id) DO UPDATE SET name = excluded.name, updated_at = excluded.updated_at
         WHERE server_names.name <> excluded.name",
    )
    .bind(server.to_sql())
    .bind(player.to_sql())
    .bind(name)
    .bind(now_ms)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// The player's name in `server`: the one noted there, else their account's.
pub async fn server_name(
    db: &AnyPool,
    server: ServerId,
    player: UserId,
) -> StoreResult<Option<String>> {
    sqlx::query_scalar(
        "SELECT COALESCE(sn.name, p.name) FROM players p
         LEFT JOIN server_names sn ON sn.server_id = $1 AND sn.player_id = p.id
         WHERE p.id = $2",
    )
    .bind(server.to_sql())
    .bind(player.to_sql())
    .fetch_optional(db)
    .await
    .map_err(StoreError::from)
}

/// The player's account's own display name, as a place outside any server shows it.
pub async fn player_name(db: &AnyPool, player: UserId) -> StoreResult<Option<String>> {
    sqlx::query_scalar("SELECT name FROM players WHERE id = $1")
        .bind(player.to_sql())
        .fetch_optional(db)
        .await
        .map_err(StoreError::from)
}

/// Whether the recorded player is a person, who may be challenged (not another program, not Namnam's
/// computer); `None` for someone never recorded.
pub async fn is_person(db: &AnyPool, player: UserId) -> StoreResult<Option<bool>> {
    let kind: Option<String> = sqlx::query_scalar("SELECT kind FROM players WHERE id = $1")
        .bind(player.to_sql())
        .fetch_optional(db)
        .await?;
    Ok(kind.map(|kind| kind == PlayerKind::Human.name()))
}
