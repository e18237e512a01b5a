//! Seasons: a server's ratings start fresh at each new season, and the season that ends keeps its final
//! standings (see `migrations/sqlite/0008_seasons_and_turn_dms.sql`).

use super::columns::Columns;
use super::ratings::RatingRow;
use super::{StoreError, StoreResult, WriteTx};
use namnam_model::{ChannelId, ServerId, StoredId};
use sqlx::Any;

/// A server's current season and how seasons change there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeasonState {
    pub number: u32,
    /// When it began (`None`: the first season, since the server was added).
    pub started_at: Option<i64>,
    /// Where season news is posted.
    pub news_channel: Option<ChannelId>,
    /// A new season starts by itself on the first of each month (UTC).
    pub monthly: bool,
}

impl Default for SeasonState {
    fn default() -> Self {
        SeasonState {
            number: 1,
            started_at: None,
            news_channel: None,
            monthly: false,
        }
    }
}

/// The server's current season (the first one for a server never recorded).
pub async fn season_of<'e, E>(db: E, server: ServerId) -> StoreResult<SeasonState>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    let row = sqlx::query(
        "SELECT season, season_started_at, season_channel_id, season_monthly FROM servers WHERE id = $1",
    )
    .bind(server.to_sql())
    .fetch_optional(db)
    .await?;
    let Some(row) = row else {
        return Ok(SeasonState::default());
    };
    Ok(SeasonState {
        number: row.int("season")?,
        started_at: row.col("season_started_at")?,
        news_channel: row.opt_id("season_channel_id")?,
        monthly: row.flag("season_monthly")?,
    })
}

/// Sets where season news goes and whether seasons change monthly (the server must be recorded). Monthly
/// seasons count from `now_ms` when they are turned on: the season going on then ends on the next first of
/// a month, not at once.
pub async fn set_season_options(
    tx: &mut WriteTx,
    server: ServerId,
    news_channel: Option<ChannelId>,
    monthly: bool,
    now_ms: i64,
) -> StoreResult<()> {
    sqlx::query(
        "UPDATE servers SET season_channel_id = $2,
            season_monthly_since = CASE WHEN $3 = 0 THEN NULL WHEN season_monthly = 1
                THEN season_monthly_since ELSE $4 END,
            season_monthly = $3
         WHERE id = $1",
    )
    .bind(server.to_sql())
    .bind(news_channel.map(StoredId::to_sql))
    .bind(i64::from(monthly))
    .bind(now_ms)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Ends season `season` of the server and starts the next: its ratings become its final standings and
/// the server's ratings start fresh. `false` (nothing changed) when the season had already ended, so that
/// two processes, or an admin and the first of the month, end a season once.
pub async fn end_season(
    tx: &mut WriteTx,
    server: ServerId,
    season: u32,
    now_ms: i64,
) -> StoreResult<bool> {
    let before = season_of(&mut **tx, server).await?;
    let ended = sqlx::query(
        "UPDATE servers SET season = season + 1, season_started_at = $3 WHERE id = $1 AND season = $2",
    )
    .bind(server.to_sql())
    .bind(i64::from(season))
    .bind(now_ms)
    .execute(&mut **tx)
    .await?
    .rows_affected();
    if ended == 0 {
        return Ok(false);
    }
    let started_at = before.started_at;
    sqlx::query(
        "INSERT INTO seasons (server_id, season, started_at, ended_at) VALUES ($1, $2, $3, $4)",
    )
    .bind(server.to_sql())
    .bind(i64::from(season))
    .bind(started_at)
    .bind(now_ms)
    .execute(&mut **tx)
    .await?;
    sqlx::query(
        "INSERT INTO season_standings (server_id, season, player_id, rating, deviation, games, wins,
            draws, losses)
         SELECT server_id, $2, player_id, rating, deviation, games, wins, draws, losses
         FROM ratings WHERE server_id = $1",
    )
    .bind(server.to_sql())
    .bind(i64::from(season))
    .execute(&mut **tx)
    .await?;
    sqlx::query("DELETE FROM ratings WHERE server_id = $1")
        .bind(server.to_sql())
        .execute(&mut **tx)
        .await?;
    Ok(true)
}

/// When an ended season began and ended, if it has ended.
pub async fn ended_season<'e, E>(
    db: E,
    server: ServerId,
    season: u32,
) -> StoreResult<Option<(Option<i64>, i64)>>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    let row = sqlx::query(
        "SELECT started_at, ended_at FROM seasons WHERE server_id = $1 AND season = $2",
    )
    .bind(server.to_sql())
    .bind(i64::from(season))
    .fetch_optional(db)
    .await?;
    row.map(|row| Ok((row.col("started_at")?, row.col("ended_at")?)))
        .transpose()
}

/// One page of an ended season's final standings, best rating first; also how many players it had.
pub async fn season_standings<'e, E>(
    db: E,
    server: ServerId,
    season: u32,
    page: u32,
    per_page: u32,
) -> StoreResult<(Vec<RatingRow>, u32)>
where
    E: sqlx::Executor<'e, Database = Any> + Copy,
{
    let rows = season_page(db, server, season, page, per_page).await?;
    let total: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM season_standings WHERE server_id = $1 AND season = $2",
    )
    .bind(server.to_sql())
    .bind(i64::from(season))
    .fetch_one(db)
    .await?;
    let total =
        u32::try_from(total).map_err(|_| StoreError::Corrupt(format!("{total} standings")))?;
    Ok((rows, total))
}

/// One page of an ended season's final standings, best rating first.
pub async fn season_page<'e, E>(
    db: E,
    server: ServerId,
    season: u32,
    page: u32,
    per_page: u32,
) -> StoreResult<Vec<RatingRow>>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    let rows = sqlx::query(
        "SELECT s.player_id, COALESCE(sn.name, p.name) AS name, s.rating, s.deviation, s.games, s.wins,
            s.draws, s.losses
         FROM season_standings s JOIN players p ON p.id = s.player_id
            LEFT JOIN server_names sn ON sn.server_id = s.server_id AND sn.player_id = s.player_id
         WHERE s.server_id = $1 AND s.season = $2
         ORDER BY s.rating DESC, s.games DESC, name LIMIT $3 OFFSET $4",
    )
    .bind(server.to_sql())
    .bind(i64::from(season))
    .bind(i64::from(per_page))
    .bind(i64::from(page.saturating_sub(1)) * i64::from(per_page))
    .fetch_all(db)
    .await?;
    rows.iter()
        .map(|row| {
            Ok(RatingRow {
                player: row.id("player_id")?,
                name: row.col("name")?,
                rating: row.col("rating")?,
                deviation: row.col("deviation")?,
                // Not kept: an ended season's ratings are never updated again.
                volatility: 0.0,
                games: row.int("games")?,
                wins: row.int("wins")?,
                draws: row.int("draws")?,
                losses: row.int("losses")?,
            })
        })
        .collect()
}

/// The servers whose seasons change monthly and whose current season began before `month_start`, monthly
/// since before then too: their season is due to end. With the season each is in.
pub async fn monthly_seasons_due<'e, E>(
    db: E,
    month_start: i64,
) -> StoreResult<Vec<(ServerId, SeasonState)>>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    let rows = sqlx::query(
        "SELECT id, season, season_started_at, season_channel_id, season_monthly FROM servers
         WHERE season_monthly = 1 AND COALESCE(season_started_at, created_at) < $1
            AND season_monthly_since < $1",
    )
    .bind(month_start)
    .fetch_all(db)
    .await?;
    rows.iter()
        .map(|row| {
            Ok((
                row.id("id")?,
                SeasonState {
                    number: row.int("season")?,
                    started_at: row.col("season_started_at")?,
                    news_channel: row.opt_id("season_channel_id")?,
                    monthly: row.flag("season_monthly")?,
                },
            ))
        })
        .collect()
}
