//! Per-server ratings (Glicko-2's three numbers) and each player's games, wins, draws and losses.

use super::columns::Columns;
use super::{StoreError, StoreResult, WriteTx};
use namnam_model::{MatchId, ServerId, UserId};
use sqlx::any::AnyRow;
use sqlx::Any;

/// A player's rating in one server.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingRow {
    pub player: UserId,
    pub name: String,
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
    pub games: u32,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

const SELECT: &str =
    "SELECT r.player_id, COALESCE(sn.name, p.name) AS name, r.rating, r.deviation, r.volatility, r.games, r.wins,
        r.draws, r.losses
    FROM ratings r JOIN players p ON p.id = r.player_id
        LEFT JOIN server_names sn ON sn.server_id = r.server_id AND sn.player_id = r.player_id";

pub(crate) fn from_row(row: &AnyRow) -> StoreResult<RatingRow> {
    Ok(RatingRow {
        player: row.id("player_id")?,
        name: row.col("name")?,
        rating: row.col("rating")?,
        deviation: row.col("deviation")?,
        volatility: row.col("volatility")?,
        games: row.int("games")?,
        wins: row.int("wins")?,
        draws: row.int("draws")?,
        losses: row.int("losses")?,
    })
}

/// A player's rating in a server, if they have played a rated match there.
pub async fn load_rating<'e, E>(
    db: E,
    server: ServerId,
    player: UserId,
) -> StoreResult<Option<RatingRow>>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    let sql = format!("{SELECT} WHERE r.server_id = $1 AND r.player_id = $2");
    let row = sqlx::query(&sql)
        .bind(server.to_sql())
        .bind(player.to_sql())
        .fetch_optional(db)
        .await?;
    row.as_ref().map(from_row).transpose()
}

/// Writes a player's rating and record.
pub async fn save_rating(
    tx: &mut WriteTx,
    server: ServerId,
    r: &RatingRow,
    now_ms: i64,
) -> StoreResult<()> {
    sqlx::query(
        "INSERT INTO ratings (server_id, player_id, rating, deviation, volatility, games, wins, draws, losses,
            updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
         ON CONFLICT (server_id, player_id) DO UPDATE SET rating = excluded.rating,
            deviation = excluded.deviation, volatility = excluded.volatility, games = excluded.games,
            wins = excluded.wins, draws = excluded.draws, losses = excluded.losses,
            updated_at = excluded.updated_at",
    )
    .bind(server.to_sql())
    .bind(r.player.to_sql())
    .bind(r.rating)
    .bind(r.deviation)
    .bind(r.volatility)
    .bind(r.games as i64)
    .bind(r.wins as i64)
    .bind(r.draws as i64)
    .bind(r.losses as i64)
    .bind(now_ms)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// One page of a server's leaderboard, best rating first; also the number of rated players.
pub async fn leaderboard<'e, E>(
    db: E,
    server: ServerId,
    page: u32,
    per_page: u32,
) -> StoreResult<(Vec<RatingRow>, u32)>
where
    E: sqlx::Executor<'e, Database = Any> + Copy,
{
    let sql = format!(
        "{SELECT} WHERE r.server_id = $1 ORDER BY r.rating DESC, r.games DESC, name LIMIT $2 OFFSET $3"
    );
    let rows = sqlx::query(&sql)
        .bind(server.to_sql())
        .bind(per_page as i64)
        .bind(page.saturating_sub(1) as i64 * per_page as i64)
        .fetch_all(db)
        .await?;
    let total: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM ratings WHERE server_id = $1")
        .bind(server.to_sql())
        .fetch_one(db)
        .await?;
    let rows = rows.iter().map(from_row).collect::<StoreResult<_>>()?;
    let total =
        u32::try_from(total).map_err(|_| StoreError::Corrupt(format!("{total} ratings")))?;
    Ok((rows, total))
}

/// How a rated match went for one player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Win,
    Draw,
    Loss,
}

impl Outcome {
    pub(crate) fn name(self) -> &'static str {
        match self {
            Outcome::Win => "win",
            Outcome::Draw => "draw",
            Outcome::Loss => "loss",
        }
    }

    pub(crate) fn parse(name: &str) -> StoreResult<Outcome> {
        match name {
            "win" => Ok(Outcome::Win),
            "draw" => Ok(Outcome::Draw),
            "loss" => Ok(Outcome::Loss),
            other => Err(StoreError::Corrupt(format!("rating outcome {other:?}"))),
        }
    }
}

/// One rated match's effect on a player's rating.
#[derive(Clone, Debug, PartialEq)]
pub struct HistoryRow {
    pub match_id: MatchId,
    pub rating_before: f64,
    pub rating_after: f64,
    pub outcome: Outcome,
    pub at: i64,
}

/// A rated match's effect on one player, to store with the new rating.
#[derive(Clone, Copy, Debug)]
pub struct NewHistory {
    pub server: ServerId,
    pub season: u32,
    pub player: UserId,
    pub match_id: MatchId,
    pub rating_before: f64,
    pub rating_after: f64,
    pub outcome: Outcome,
    pub at: i64,
}

pub async fn insert_history(tx: &mut WriteTx, h: &NewHistory) -> StoreResult<()> {
    sqlx::query(
        "INSERT INTO rating_history (server_id, season, player_id, match_id, rating_before, rating_after,
            outcome, at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
    )
    .bind(h.server.to_sql())
    .bind(i64::from(h.season))
    .bind(h.player.to_sql())
    .bind(h.match_id.to_sql())
    .bind(h.rating_before)
    .bind(h.rating_after)
    .bind(h.outcome.name())
    .bind(h.at)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// A player's rated matches in one season of a server, oldest first.
pub async fn rating_history<'e, E>(
    db: E,
    server: ServerId,
    season: u32,
    player: UserId,
) -> StoreResult<Vec<HistoryRow>>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    let rows = sqlx::query(
        "SELECT match_id, rating_before, rating_after, outcome, at FROM rating_history
         WHERE server_id = $1 AND season = $2 AND player_id = $3 ORDER BY at, match_id",
    )
    .bind(server.to_sql())
    .bind(i64::from(season))
    .bind(player.to_sql())
    .fetch_all(db)
    .await?;
    rows.iter().map(history_from_row).collect()
}

/// A row of `match_id, rating_before, rating_after, outcome, at`.
pub(crate) fn history_from_row(row: &AnyRow) -> StoreResult<HistoryRow> {
    Ok(HistoryRow {
        match_id: row.id("match_id")?,
        rating_before: row.col("rating_before")?,
        rating_after: row.col("rating_after")?,
        outcome: Outcome::parse(&row.col::<String>("outcome")?)?,
        at: row.col("at")?,
    })
}

/// The current streak of each of `players` in a season of a server: the outcome of their last rated match
/// and how many matches in a row ended so (players with no rated match this season are left out).
pub async fn current_streaks<'e, E>(
    db: E,
    server: ServerId,
    season: u32,
    players: &[UserId],
) -> StoreResult<Vec<(UserId, Outcome, u32)>>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    if players.is_empty() {
        return Ok(Vec::new());
    }
    // One query for a page of players: their ids as placeholders $3, $4, …
    let placeholders: Vec<String> = (0..players.len()).map(|i| format!("${}", i + 3)).collect();
    let sql = format!(
        "SELECT player_id, outcome FROM rating_history
         WHERE server_id = $1 AND season = $2 AND player_id IN ({})
         ORDER BY player_id, at DESC, match_id DESC",
        placeholders.join(", ")
    );
    let mut query = sqlx::query(&sql)
        .bind(server.to_sql())
        .bind(i64::from(season));
    for p in players {
        query = query.bind(p.to_sql());
    }
    let rows = query.fetch_all(db).await?;
    let mut streaks: Vec<(UserId, Outcome, u32)> = Vec::new();
    // Newest first per player: the streak is the run at the head of each player's rows.
    let mut broken = false;
    for row in &rows {
        let player = row.id("player_id")?;
        let outcome = Outcome::parse(&row.col::<String>("outcome")?)?;
        match streaks.last_mut() {
            Some((p, o, n)) if *p == player => {
                if !broken && *o == outcome {
                    *n += 1;
                } else {
                    broken = true;
                }
            }
            _ => {
                streaks.push((player, outcome, 1));
                broken = false;
            }
        }
    }
    Ok(streaks)
}
