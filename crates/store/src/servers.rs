//! Servers and their settings: allowed channels, the default clock and target, a thread per match.

use super::columns::Columns;
use super::{StoreResult, WriteTx};
use namnam_model::{ChannelId, ServerId, StoredId};
use sqlx::{Any, AnyPool};

/// A server's settings; a server never configured has [`ServerSettings::default`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ServerSettings {
    /// Channels where challenges may be made; empty: every channel.
    pub allowed_channels: Vec<ChannelId>,
    pub default_clock_secs: u32,
    /// `None`: matches have no target unless the challenge sets one.
    pub default_target: Option<u8>,
    pub thread_per_match: bool,
    /// The code of the language of what everyone sees (`en`, `fr`), or [`AS_DISCORD_SAYS`]; `None`:
    /// English.
    pub language: Option<String>,
    /// The code of the language Discord reports for the server (its `guild_locale`), as its latest
    /// interaction said; what everyone sees is in it when `language` is [`AS_DISCORD_SAYS`].
    pub discord_language: Option<String>,
    /// Where the daily puzzle is posted; `None`: no daily puzzle.
    pub daily_puzzle_channel: Option<ChannelId>,
}

/// The value of [`ServerSettings::language`] that follows the language Discord reports for the server.
pub const AS_DISCORD_SAYS: &str = "discord";

impl Default for ServerSettings {
    fn default() -> Self {
        ServerSettings {
            allowed_channels: Vec::new(),
            default_clock_secs: 24 * 3600,
            default_target: Some(10),
            thread_per_match: false,
            language: None,
            discord_language: None,
            daily_puzzle_channel: None,
        }
    }
}

/// Records the server (or refreshes its name). An empty `name` (a server the bot is not in, whose name
/// Discord does not give) never replaces a known one.
pub async fn ensure_server(
    tx: &mut WriteTx,
    server: ServerId,
    name: &str,
    now_ms: i64,
) -> StoreResult<()> {
    sqlx::query(
        "INSERT INTO servers (id, name, created_at) VALUES ($1, $2, $3)
         ON CONFLICT (id) DO UPDATE SET name = excluded.name
            WHERE excluded.name <> '' AND servers.name <> excluded.name",
    )
    .bind(server.to_sql())
    .bind(name)
    .bind(now_ms)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

pub async fn server_settings(db: &AnyPool, server: ServerId) -> StoreResult<ServerSettings> {
    let row = sqlx::query(
        "SELECT default_clock_secs, default_target, thread_per_match, language, discord_language,
            daily_puzzle_channel_id
         FROM servers WHERE id = $1",
    )
    .bind(server.to_sql())
    .fetch_optional(db)
    .await?;
    let Some(row) = row else {
        return Ok(ServerSettings::default());
    };
    let allowed_channels = sqlx::query_scalar::<_, i64>(
        "SELECT channel_id FROM allowed_channels WHERE server_id = $1",
    )
    .bind(server.to_sql())
    .fetch_all(db)
    .await?
    .into_iter()
    .map(ChannelId::from_sql)
    .collect();
    Ok(ServerSettings {
        allowed_channels,
        default_clock_secs: row.int("default_clock_secs")?,
        default_target: row.opt_int("default_target")?,
        thread_per_match: row.flag("thread_per_match")?,
        language: row.col("language")?,
        discord_language: row.col("discord_language")?,
        daily_puzzle_channel: row.opt_id("daily_puzzle_channel_id")?,
    })
}

/// The code of the language of what everyone sees in `server` (Discord's for the server when it follows
/// Discord's); `None`: English.
pub async fn server_language<'e, E>(db: E, server: ServerId) -> StoreResult<Option<String>>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    let language: Option<Option<String>> = sqlx::query_scalar(
        "SELECT CASE WHEN language = $2 THEN discord_language ELSE language END
         FROM servers WHERE id = $1",
    )
    .bind(server.to_sql())
    .bind(AS_DISCORD_SAYS)
    .fetch_optional(db)
    .await?;
    Ok(language.flatten())
}

/// Notes the language Discord reports for `server` (a code). False when the
/// server is not recorded yet (nothing to note it on).
pub async fn note_discord_language(
    tx: &mut WriteTx,
    server: ServerId,
    code: &str,
) -> StoreResult<bool> {
    // The core remembers what it noted, so this runs only when the language changed (or on a process's
    // first request of this server).
    let noted = sqlx::query("UPDATE servers SET discord_language = $2 WHERE id = $1")
        .bind(server.to_sql())
        .bind(code)
        .execute(&mut **tx)
        .await?;
    Ok(noted.rows_affected() > 0)
}

/// Replaces the server's settings (the server must have been recorded by [`ensure_server`]).
pub async fn update_settings(
    tx: &mut WriteTx,
    server: ServerId,
    settings: &ServerSettings,
) -> StoreResult<()> {
    sqlx::query(
        "UPDATE servers SET default_clock_secs = $2, default_target = $3, thread_per_match = $4,
            language = $5, daily_puzzle_channel_id = $6
         WHERE id = $1",
    )
    .bind(server.to_sql())
    .bind(settings.default_clock_secs as i64)
    .bind(settings.default_target.map(i64::from))
    .bind(i64::from(settings.thread_per_match))
    .bind(settings.language.as_deref())
    .bind(settings.daily_puzzle_channel.map(StoredId::to_sql))
    .execute(&mut **tx)
    .await?;
    sqlx::query("DELETE FROM allowed_channels WHERE server_id = $1")
        .bind(server.to_sql())
        .execute(&mut **tx)
        .await?;
    for channel in &settings.allowed_channels {
        sqlx::query("INSERT INTO allowed_channels (server_id, channel_id) VALUES ($1, $2)")
            .bind(server.to_sql())
            .bind(channel.to_sql())
            .execute(&mut **tx)
            .await?;
    }
    Ok(())
}
