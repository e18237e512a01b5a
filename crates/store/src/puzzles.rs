//! Puzzles: each player's one puzzle rating (across servers) and record, and every puzzle shown to them with
//! its answer.

use super::columns::Columns;
use super::{StoreResult, WriteTx};
use namnam_model::{ServerId, StoredId, UserId};
use sqlx::any::AnyRow;
use sqlx::Any;

/// A player's puzzle rating (Glicko-2) and record.
#[derive(Clone, Debug, PartialEq)]
pub struct PuzzleRating {
    pub player: UserId,
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
    /// Puzzles answered.
    pub attempts: u32,
    pub solved: u32,
    /// Puzzles solved in a row, up to the last answer.
    pub streak: u32,
    pub best_streak: u32,
}

/// A puzzle shown to a player, answered or not.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleAttempt {
    pub id: i64,
    pub player: UserId,
    /// The puzzle's key (its source).
    pub puzzle: String,
    pub server: Option<ServerId>,
    /// How the puzzle was shown; its answer is judged on that board.
    pub form: PuzzleForm,
    pub shown_at: i64,
    /// The answer, once given: when, the house (1–12) and whether it was the best move.
    pub answer: Option<PuzzleAnswer>,
}

/// The form a puzzle is shown in: the key and the answer are the same puzzle's in both.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PuzzleForm {
    /// As it was found.
    AsFound,
    /// With the players' sides swapped (`Puzzle::with_sides_swapped`): how the daily puzzle shows a
    /// puzzle of the shipped set, so that its answer is not simply looked up in the shipped file.
    SidesSwapped,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PuzzleAnswer {
    pub at: i64,
    pub house: u8,
    pub solved: bool,
}

fn rating_of(row: &AnyRow) -> StoreResult<PuzzleRating> {
    Ok(PuzzleRating {
        player: row.id("player_id")?,
        rating: row.col("rating")?,
        deviation: row.col("deviation")?,
        volatility: row.col("volatility")?,
        attempts: row.int("attempts")?,
        solved: row.int("solved")?,
        streak: row.int("streak")?,
        best_streak: row.int("best_streak")?,
    })
}

const ATTEMPT: &str =
    "SELECT id, player_id, puzzle, server_id, sides_swapped, shown_at, answered_at, house, solved
    FROM puzzle_attempts";

fn attempt_of(row: &AnyRow) -> StoreResult<PuzzleAttempt> {
    let answer = match row.opt_int::<i64>("answered_at")? {
        None => None,
        Some(at) => Some(PuzzleAnswer {
            at,
            house: row.int("house")?,
            solved: row.int::<i64>("solved")? == 1,
        }),
    };
    Ok(PuzzleAttempt {
        id: row.col("id")?,
        player: row.id("player_id")?,
        puzzle: row.col("puzzle")?,
        server: row.opt_id("server_id")?,
        form: match row.int::<i64>("sides_swapped")? {
            0 => PuzzleForm::AsFound,
            _ => PuzzleForm::SidesSwapped,
        },
        shown_at: row.col("shown_at")?,
        answer,
    })
}

/// A player's puzzle rating, if they have answered a puzzle.
pub async fn load_puzzle_rating<'e, E>(db: E, player: UserId) -> StoreResult<Option<PuzzleRating>>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    let row = sqlx::query(
        "SELECT player_id, rating, deviation, volatility, attempts, solved, streak, best_streak
         FROM puzzle_ratings WHERE player_id = $1",
    )
    .bind(player.to_sql())
    .fetch_optional(db)
    .await?;
    row.as_ref().map(rating_of).transpose()
}

/// Writes a player's puzzle rating and record.
pub async fn save_puzzle_rating(
    tx: &mut WriteTx,
    r: &PuzzleRating,
    now_ms: i64,
) -> StoreResult<()> {
    sqlx::query(
        "INSERT INTO puzzle_ratings (player_id, rating, deviation, volatility, attempts, solved, streak,
            best_streak, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         ON CONFLICT (player_id) DO UPDATE SET rating = excluded.rating, deviation = excluded.deviation,
            volatility = excluded.volatility, attempts = excluded.attempts, solved = excluded.solved,
            streak = excluded.streak, best_streak = excluded.best_streak, updated_at = excluded.updated_at",
    )
    .bind(r.player.to_sql())
    .bind(r.rating)
    .bind(r.deviation)
    .bind(r.volatility)
    .bind(i64::from(r.attempts))
    .bind(i64::from(r.solved))
    .bind(i64::from(r.streak))
    .bind(i64::from(r.best_streak))
    .bind(now_ms)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// The keys of every puzzle shown to `player`, answered or not.
pub async fn puzzles_shown<'e, E>(db: E, player: UserId) -> StoreResult<Vec<String>>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    Ok(
        sqlx::query_scalar("SELECT puzzle FROM puzzle_attempts WHERE player_id = $1")
            .bind(player.to_sql())
            .fetch_all(db)
            .await?,
    )
}

/// The player's current puzzle: their latest unanswered one.
pub async fn current_puzzle<'e, E>(db: E, player: UserId) -> StoreResult<Option<PuzzleAttempt>>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    let sql =
        format!("{ATTEMPT} WHERE player_id = $1 AND answered_at IS NULL ORDER BY id DESC LIMIT 1");
    let row = sqlx::query(&sql)
        .bind(player.to_sql())
        .fetch_optional(db)
        .await?;
    row.as_ref().map(attempt_of).transpose()
}

/// The attempt of `player` at `puzzle`, if it was ever shown to them (once each).
pub async fn puzzle_attempt_of<'e, E>(
    db: E,
    player: UserId,
    puzzle: &str,
) -> StoreResult<Option<PuzzleAttempt>>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    let sql = format!("{ATTEMPT} WHERE player_id = $1 AND puzzle = $2");
    let row = sqlx::query(&sql)
        .bind(player.to_sql())
        .bind(puzzle)
        .fetch_optional(db)
        .await?;
    row.as_ref().map(attempt_of).transpose()
}

/// A shown puzzle by its id.
pub async fn load_puzzle_attempt<'e, E>(db: E, id: i64) -> StoreResult<Option<PuzzleAttempt>>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    let sql = format!("{ATTEMPT} WHERE id = $1");
    let row = sqlx::query(&sql).bind(id).fetch_optional(db).await?;
    row.as_ref().map(attempt_of).transpose()
}

/// Notes that `puzzle` is shown to `player` (in `server`, where there is one); returns the attempt's id.
pub async fn insert_puzzle_attempt(
    tx: &mut WriteTx,
    player: UserId,
    puzzle: &str,
    server: Option<ServerId>,
    form: PuzzleForm,
    now_ms: i64,
) -> StoreResult<i64> {
    Ok(sqlx::query_scalar(
        "INSERT INTO puzzle_attempts (player_id, puzzle, server_id, sides_swapped, shown_at)
         VALUES ($1, $2, $3, $4, $5) RETURNING id",
    )
    .bind(player.to_sql())
    .bind(puzzle)
    .bind(server.map(StoredId::to_sql))
    .bind(i64::from(form == PuzzleForm::SidesSwapped))
    .bind(now_ms)
    .fetch_one(&mut **tx)
    .await?)
}

/// Records the answer to attempt `id`, unless it has one already: false then (only the first answer
/// counts).
pub async fn answer_puzzle(tx: &mut WriteTx, id: i64, answer: PuzzleAnswer) -> StoreResult<bool> {
    let updated = sqlx::query(
        "UPDATE puzzle_attempts SET answered_at = $1, house = $2, solved = $3
         WHERE id = $4 AND answered_at IS NULL",
    )
    .bind(answer.at)
    .bind(i64::from(answer.house))
    .bind(i64::from(answer.solved))
    .bind(id)
    .execute(&mut **tx)
    .await?;
    Ok(updated.rows_affected() == 1)
}

/// A puzzle's own rating (Glicko-2), moved by its answers, and its record.
#[derive(Clone, Debug, PartialEq)]
pub struct PuzzleStanding {
    /// The puzzle's key.
    pub puzzle: String,
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
    /// Answers that counted (a player's first answer to it), and how many were right.
    pub answers: u32,
    pub solved: u32,
}

const STANDING: &str =
    "SELECT puzzle, rating, deviation, volatility, answers, solved FROM rated_puzzles";

fn standing_of(row: &AnyRow) -> StoreResult<PuzzleStanding> {
    Ok(PuzzleStanding {
        puzzle: row.col("puzzle")?,
        rating: row.col("rating")?,
        deviation: row.col("deviation")?,
        volatility: row.col("volatility")?,
        answers: row.int("answers")?,
        solved: row.int("solved")?,
    })
}

/// The rating of `puzzle`, once it has been answered.
pub async fn load_puzzle_standing<'e, E>(db: E, puzzle: &str) -> StoreResult<Option<PuzzleStanding>>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    let sql = format!("{STANDING} WHERE puzzle = $1");
    let row = sqlx::query(&sql).bind(puzzle).fetch_optional(db).await?;
    row.as_ref().map(standing_of).transpose()
}

/// The ratings of those of `puzzles` (keys) that have been answered. Asked by key, a few hundred at a
/// time: the table also holds every server's own puzzles, which a set's choice never needs.
pub async fn puzzle_standings(
    db: &sqlx::AnyPool,
    puzzles: &[String],
) -> StoreResult<Vec<PuzzleStanding>> {
    let mut standings = Vec::new();
    for keys in puzzles.chunks(STANDINGS_AT_ONCE) {
        let marks: Vec<String> = (1..=keys.len()).map(|i| format!("${i}")).collect();
        let sql = format!("{STANDING} WHERE puzzle IN ({})", marks.join(", "));
        let mut query = sqlx::query(&sql);
        for key in keys {
            query = query.bind(key);
        }
        for row in query.fetch_all(db).await? {
            standings.push(standing_of(&row)?);
        }
    }
    Ok(standings)
}

/// Keys asked for in one query: well under SQLite's and PostgreSQL's limits on bound values.
const STANDINGS_AT_ONCE: usize = 500;

/// Writes a puzzle's rating and record.
pub async fn save_puzzle_standing(
    tx: &mut WriteTx,
    s: &PuzzleStanding,
    now_ms: i64,
) -> StoreResult<()> {
    sqlx::query(
        "INSERT INTO rated_puzzles (puzzle, rating, deviation, volatility, answers, solved, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (puzzle) DO UPDATE SET rating = excluded.rating, deviation = excluded.deviation,
            volatility = excluded.volatility, answers = excluded.answers, solved = excluded.solved,
            updated_at = excluded.updated_at",
    )
    .bind(&s.puzzle)
    .bind(s.rating)
    .bind(s.deviation)
    .bind(s.volatility)
    .bind(i64::from(s.answers))
    .bind(i64::from(s.solved))
    .bind(now_ms)
    .execute(&mut **tx)
    .await?;
    Ok(())
}
