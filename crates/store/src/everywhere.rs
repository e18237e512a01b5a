//! The everywhere rating: one Glicko-2 rating per player for the matches played outside the servers that
//! invited the bot (a guest's server channel, a DM between players, a group DM), in tables of its own
//! (migration 0028) with no server column, so that no server's leaderboard can mix with it. Each rated
//! match's effect is kept with the player's opponent: who a player met is whose rating they may see.

use super::ratings::{from_row, history_from_row};
use super::{HistoryRow, Outcome, RatingRow, StoreResult, WriteTx};
use namnam_model::{MatchId, UserId};
use sqlx::Any;

const SELECT: &str =
    "SELECT r.player_id, p.name, r.rating, r.deviation, r.volatility, r.games, r.wins, r.draws, r.losses
    FROM everywhere_ratings r JOIN players p ON p.id = r.player_id";

/// A player's everywhere rating, if they have finished a rated match outside servers.
pub async fn load_everywhere_rating<'e, E>(db: E, player: UserId) -> StoreResult<Option<RatingRow>>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    let sql = format!("{SELECT} WHERE r.player_id = $1");
    let row = sqlx::query(&sql)
        .bind(player.to_sql())
        .fetch_optional(db)
        .await?;
    row.as_ref().map(from_row).transpose()
}

/// Writes a player's everywhere rating and record.
pub async fn save_everywhere_rating(
    tx: &mut WriteTx,
    r: &RatingRow,
    now_ms: i64,
) -> StoreResult<()> {
    sqlx::query(
        "INSERT INTO everywhere_ratings (player_id, rating, deviation, volatility, games, wins, draws, losses,
            updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         ON CONFLICT (player_id) DO UPDATE SET rating = excluded.rating, deviation = excluded.deviation,
            volatility = excluded.volatility, games = excluded.games, wins = excluded.wins,
            draws = excluded.draws, losses = excluded.losses, updated_at = excluded.updated_at",
    )
    .bind(r.player.to_sql())
    .bind(r.rating)
    .bind(r.deviation)
    .bind(r.volatility)
    .bind(i64::from(r.games))
    .bind(i64::from(r.wins))
    .bind(i64::from(r.draws))
    .bind(i64::from(r.losses))
    .bind(now_ms)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// A rated match's effect on one player's everywhere rating, with whom they played.
#[derive(Clone, Copy, Debug)]
pub struct NewEverywhereHistory {
    pub player: UserId,
    pub opponent: UserId,
    pub match_id: MatchId,
    pub rating_before: f64,
    pub rating_after: f64,
    pub outcome: Outcome,
    pub at: i64,
}

pub async fn insert_everywhere_history(
    tx: &mut WriteTx,
    h: &NewEverywhereHistory,
) -> StoreResult<()> {
    sqlx::query(
        "INSERT INTO everywhere_history (player_id, match_id, opponent_id, rating_before, rating_after,
            outcome, at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(h.player.to_sql())
    .bind(h.match_id.to_sql())
    .bind(h.opponent.to_sql())
    .bind(h.rating_before)
    .bind(h.rating_after)
    .bind(h.outcome.name())
    .bind(h.at)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// A player's rated matches outside servers, oldest first.
pub async fn everywhere_history<'e, E>(db: E, player: UserId) -> StoreResult<Vec<HistoryRow>>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    let rows = sqlx::query(
        "SELECT match_id, rating_before, rating_after, outcome, at FROM everywhere_history
         WHERE player_id = $1 ORDER BY at, match_id",
    )
    .bind(player.to_sql())
    .fetch_all(db)
    .await?;
    rows.iter().map(history_from_row).collect()
}

/// `player` and everyone they met in a rated match outside servers, each with their everywhere rating,
/// best first (empty for a player who has none).
pub async fn everywhere_circle<'e, E>(db: E, player: UserId) -> StoreResult<Vec<RatingRow>>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    let sql = format!(
        "{SELECT} WHERE r.player_id = $1
            OR r.player_id IN (SELECT opponent_id FROM everywhere_history WHERE player_id = $1)
         ORDER BY r.rating DESC, r.games DESC, p.name, r.player_id"
    );
    let rows = sqlx::query(&sql)
        .bind(player.to_sql())
        .fetch_all(db)
        .await?;
    rows.iter().map(from_row).collect()
}

/// Whether `player` and `other` played a rated match together outside servers.
pub async fn met_everywhere<'e, E>(db: E, player: UserId, other: UserId) -> StoreResult<bool>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    let met: Option<i64> = sqlx::query_scalar(
        "SELECT 1 FROM everywhere_history WHERE player_id = $1 AND opponent_id = $2 LIMIT 1",
    )
    .bind(player.to_sql())
    .bind(other.to_sql())
    .fetch_optional(db)
    .await?;
    Ok(met.is_some())
}
