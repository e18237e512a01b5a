//! Turn notifications by DM: who asked for them, whose DMs refused them, and when each player last acted
//! in a match (see `migrations/sqlite/0008_seasons_and_turn_dms.sql`).

use super::{StoreResult, WriteTx};
use namnam_model::{MatchId, UserId};
use sqlx::Any;

/// Turns a player's DMs on their turn on or off (which also forgets an earlier refusal).
pub async fn set_turn_notifications(
    tx: &mut WriteTx,
    player: UserId,
    enabled: bool,
    now_ms: i64,
) -> StoreResult<()> {
    sqlx::query(
        "INSERT INTO turn_notifications (player_id, enabled, refused_at, told, updated_at)
         VALUES ($1, $2, NULL, 1, $3)
         ON CONFLICT (player_id) DO UPDATE SET enabled = excluded.enabled, refused_at = NULL, told = 1,
            updated_at = excluded.updated_at",
    )
    .bind(player.to_sql())
    .bind(i64::from(enabled))
    .bind(now_ms)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Does the player want a DM when it becomes their turn?
pub async fn turn_notifications_on<'e, E>(db: E, player: UserId) -> StoreResult<bool>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    let on: Option<i64> =
        sqlx::query_scalar("SELECT enabled FROM turn_notifications WHERE player_id = $1")
            .bind(player.to_sql())
            .fetch_optional(db)
            .await?;
    Ok(on == Some(1))
}

/// The platform refused a DM to the player (they take no DMs from the bot): their notifications are off,
/// and they are to be told.
pub async fn refuse_turn_notifications(
    tx: &mut WriteTx,
    player: UserId,
    now_ms: i64,
) -> StoreResult<()> {
    sqlx::query(
        "UPDATE turn_notifications SET enabled = 0, refused_at = $2, told = 0, updated_at = $2
         WHERE player_id = $1 AND enabled = 1",
    )
    .bind(player.to_sql())
    .bind(now_ms)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Has the player still to be told that their DMs refused a notification? A read, for every request.
pub async fn refusal_untold<'e, E>(db: E, player: UserId) -> StoreResult<bool>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    let untold: Option<i64> =
        sqlx::query_scalar("SELECT 1 FROM turn_notifications WHERE player_id = $1 AND told = 0")
            .bind(player.to_sql())
            .fetch_optional(db)
            .await?;
    Ok(untold.is_some())
}

/// Marks the refusal told; `false` when another request told it first.
pub async fn tell_refusal(tx: &mut WriteTx, player: UserId) -> StoreResult<bool> {
    let told =
        sqlx::query("UPDATE turn_notifications SET told = 1 WHERE player_id = $1 AND told = 0")
            .bind(player.to_sql())
            .execute(&mut **tx)
            .await?
            .rows_affected();
    Ok(told > 0)
}

/// The player acted in the match at `at`.
pub async fn mark_acted(
    tx: &mut WriteTx,
    match_id: MatchId,
    player: UserId,
    at: i64,
) -> StoreResult<()> {
    sqlx::query(
        "INSERT INTO match_presence (match_id, player_id, acted_at) VALUES ($1, $2, $3)
         ON CONFLICT (match_id, player_id) DO UPDATE SET acted_at = excluded.acted_at
         WHERE match_presence.acted_at < excluded.acted_at",
    )
    .bind(match_id.to_sql())
    .bind(player.to_sql())
    .bind(at)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// When the player last acted in the match, if ever.
pub async fn acted_at<'e, E>(db: E, match_id: MatchId, player: UserId) -> StoreResult<Option<i64>>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    Ok(sqlx::query_scalar(
        "SELECT acted_at FROM match_presence WHERE match_id = $1 AND player_id = $2",
    )
    .bind(match_id.to_sql())
    .bind(player.to_sql())
    .fetch_optional(db)
    .await?)
}
