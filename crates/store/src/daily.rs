//! Daily puzzles: the servers that asked for one, the puzzle each day, and the members' first answers.

use super::columns::Columns;
use super::{StoreResult, WriteTx};
use namnam_model::{ChannelId, MatchId, ServerId, UserId};
use sqlx::{Any, AnyPool};

/// A day's puzzle as posted in a server.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DailyPuzzle {
    pub server: ServerId,
    /// Days since 1970-01-01, UTC.
    pub day: i64,
    /// The puzzle's key (its source).
    pub puzzle: String,
    pub channel: ChannelId,
    pub posted_at: i64,
}

/// How a day's puzzle went: the answers and the fastest right one.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DailyTally {
    pub answered: u32,
    pub solved: u32,
    /// The name of the member who solved it first, and how long after the post (milliseconds).
    pub fastest: Option<(String, i64)>,
}

/// A member's answer to a day's puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DailyAnswer {
    pub player: UserId,
    pub name: String,
    /// The house chosen, 1–12.
    pub house: u8,
    pub solved: bool,
    pub answered_at: i64,
}

/// The servers with a daily puzzle that have not had `day`'s yet, with their channels.
pub async fn daily_puzzles_due(db: &AnyPool, day: i64) -> StoreResult<Vec<(ServerId, ChannelId)>> {
    let rows = sqlx::query(
        "SELECT s.id, s.daily_puzzle_channel_id FROM servers s
         WHERE s.daily_puzzle_channel_id IS NOT NULL
            AND NOT EXISTS (SELECT 1 FROM daily_puzzles d WHERE d.server_id = s.id AND d.day = $1)
         ORDER BY s.id",
    )
    .bind(day)
    .fetch_all(db)
    .await?;
    rows.iter()
        .map(|row| Ok((row.id("id")?, row.id("daily_puzzle_channel_id")?)))
        .collect()
}

/// Claims `day`'s puzzle for `puzzle.server`, within `tx`: `false` when another process (or an earlier
/// sweep) has it already, and then nothing is written.
pub async fn claim_daily_puzzle(tx: &mut WriteTx, puzzle: &DailyPuzzle) -> StoreResult<bool> {
    let inserted = sqlx::query(
        "INSERT INTO daily_puzzles (server_id, day, puzzle, channel_id, posted_at)
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING",
    )
    .bind(puzzle.server.to_sql())
    .bind(puzzle.day)
    .bind(&puzzle.puzzle)
    .bind(puzzle.channel.to_sql())
    .bind(puzzle.posted_at)
    .execute(&mut **tx)
    .await?;
    Ok(inserted.rows_affected() == 1)
}

/// The puzzles `server` has had as daily puzzles, oldest first.
pub async fn daily_puzzles_of<'e, E>(db: E, server: ServerId) -> StoreResult<Vec<DailyPuzzle>>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    let rows = sqlx::query(&format!("{DAILY} WHERE server_id = $1 ORDER BY day"))
        .bind(server.to_sql())
        .fetch_all(db)
        .await?;
    rows.iter().map(daily_from_row).collect()
}

/// `server`'s puzzle of `day`, if one was posted.
pub async fn daily_puzzle<'e, E>(
    db: E,
    server: ServerId,
    day: i64,
) -> StoreResult<Option<DailyPuzzle>>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    let row = sqlx::query(&format!("{DAILY} WHERE server_id = $1 AND day = $2"))
        .bind(server.to_sql())
        .bind(day)
        .fetch_optional(db)
        .await?;
    row.as_ref().map(daily_from_row).transpose()
}

/// `server`'s latest daily puzzle that was `puzzle`, posted by `now` (an answer to that puzzle then counts
/// for that day).
pub async fn daily_of_puzzle<'e, E>(
    db: E,
    server: ServerId,
    puzzle: &str,
    now: i64,
) -> StoreResult<Option<DailyPuzzle>>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    let row = sqlx::query(
        &format!(
            "{DAILY} WHERE server_id = $1 AND puzzle = $2 AND posted_at <= $3 ORDER BY day DESC LIMIT 1"
        ),
    )
    .bind(server.to_sql())
    .bind(puzzle)
    .bind(now)
    .fetch_optional(db)
    .await?;
    row.as_ref().map(daily_from_row).transpose()
}

const DAILY: &str = "SELECT server_id, day, puzzle, channel_id, posted_at FROM daily_puzzles";

fn daily_from_row(row: &sqlx::any::AnyRow) -> StoreResult<DailyPuzzle> {
    Ok(DailyPuzzle {
        server: row.id("server_id")?,
        day: row.int("day")?,
        puzzle: row.col("puzzle")?,
        channel: row.id("channel_id")?,
        posted_at: row.int("posted_at")?,
    })
}

/// Records a member's answer to `server`'s puzzle of `day`, within `tx`: `false` when they had answered
/// it already (their first answer stands).
pub async fn record_daily_answer(
    tx: &mut WriteTx,
    server: ServerId,
    day: i64,
    answer: &DailyAnswer,
) -> StoreResult<bool> {
    let inserted = sqlx::query(
        "INSERT INTO daily_answers (server_id, day, player_id, name, house, solved, answered_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING",
    )
    .bind(server.to_sql())
    .bind(day)
    .bind(answer.player.to_sql())
    .bind(&answer.name)
    .bind(i64::from(answer.house))
    .bind(i64::from(answer.solved))
    .bind(answer.answered_at)
    .execute(&mut **tx)
    .await?;
    Ok(inserted.rows_affected() == 1)
}

/// How `server`'s puzzle of `day` went, counting answers given before `until` (the next day's post).
pub async fn daily_tally<'e, E>(db: E, daily: &DailyPuzzle, until: i64) -> StoreResult<DailyTally>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    let rows = sqlx::query(
        "SELECT name, solved, answered_at FROM daily_answers
         WHERE server_id = $1 AND day = $2 AND answered_at < $3
         ORDER BY answered_at, player_id",
    )
    .bind(daily.server.to_sql())
    .bind(daily.day)
    .bind(until)
    .fetch_all(db)
    .await?;
    let mut tally = DailyTally::default();
    for row in &rows {
        tally.answered += 1;
        if row.flag("solved")? {
            tally.solved += 1;
            if tally.fastest.is_none() {
                let at: i64 = row.int("answered_at")?;
                tally.fastest = Some((row.col("name")?, at - daily.posted_at));
            }
        }
    }
    Ok(tally)
}

/// Claims the oldest finished match of a server with a daily puzzle that nobody has mined yet, within
/// `tx`: its id and server, or `None` when there is none (or another process claimed it first).
pub async fn claim_match_to_mine(
    tx: &mut WriteTx,
    now: i64,
) -> StoreResult<Option<(MatchId, ServerId)>> {
    let candidate = sqlx::query(
        "SELECT m.id, m.server_id FROM matches m JOIN servers s ON s.id = m.server_id
         WHERE m.state = 'finished' AND s.daily_puzzle_channel_id IS NOT NULL
            AND NOT EXISTS (SELECT 1 FROM mined_matches x WHERE x.match_id = m.id)
         ORDER BY m.id LIMIT 1",
    )
    .fetch_optional(&mut **tx)
    .await?;
    let Some(row) = candidate else {
        return Ok(None);
    };
    let id: MatchId = row.id("id")?;
    let claimed = sqlx::query(
        "INSERT INTO mined_matches (match_id, mined_at) VALUES ($1, $2) ON CONFLICT DO NOTHING",
    )
    .bind(id.to_sql())
    .bind(now)
    .execute(&mut **tx)
    .await?;
    match claimed.rows_affected() {
        1 => Ok(Some((id, row.id("server_id")?))),
        _ => Ok(None),
    }
}

/// Keeps a puzzle found in one of `server`'s matches (`key` its source, `line` the whole puzzle as a
/// line of a puzzle file), within `tx`.
pub async fn add_server_puzzle(
    tx: &mut WriteTx,
    server: ServerId,
    key: &str,
    line: &str,
    now: i64,
) -> StoreResult<()> {
    sqlx::query(
        "INSERT INTO server_puzzles (server_id, puzzle, line, found_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT DO NOTHING",
    )
    .bind(server.to_sql())
    .bind(key)
    .bind(line)
    .bind(now)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// The oldest puzzle found in `server`'s matches that has not been its daily puzzle yet: its line.
pub async fn next_server_puzzle<'e, E>(db: E, server: ServerId) -> StoreResult<Option<String>>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    let row = sqlx::query(
        "SELECT sp.line FROM server_puzzles sp
         WHERE sp.server_id = $1
            AND NOT EXISTS (SELECT 1 FROM daily_puzzles d
                            WHERE d.server_id = sp.server_id AND d.puzzle = sp.puzzle)
         ORDER BY sp.found_at, sp.puzzle LIMIT 1",
    )
    .bind(server.to_sql())
    .fetch_optional(db)
    .await?;
    row.map(|row| row.col("line")).transpose()
}

/// A puzzle found in a server's matches, by its key: its line (a match's id is the database's own, so a
/// key names one puzzle whatever the server).
pub async fn server_puzzle_line<'e, E>(db: E, key: &str) -> StoreResult<Option<String>>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    let row = sqlx::query("SELECT line FROM server_puzzles WHERE puzzle = $1 LIMIT 1")
        .bind(key)
        .fetch_optional(db)
        .await?;
    row.map(|row| row.col("line")).transpose()
}

/// The puzzles found in `server`'s matches, oldest first: their lines.
pub async fn server_puzzles<'e, E>(db: E, server: ServerId) -> StoreResult<Vec<String>>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    let rows = sqlx::query(
        "SELECT line FROM server_puzzles WHERE server_id = $1 ORDER BY found_at, puzzle",
    )
    .bind(server.to_sql())
    .fetch_all(db)
    .await?;
    rows.iter().map(|row| row.col("line")).collect()
}
