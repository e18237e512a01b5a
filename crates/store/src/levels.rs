//! How full the bot's queues and tables are, for an operator's gauges: live matches, open challenges, the
//! outbox's waiting posts and the age of the oldest due one, answers held for an interaction. Counted on a
//! metrics scrape, from the reader: a few indexed counts, never a write.

use sqlx::Any;

use super::outbox::DUE;
use super::StoreResult;

/// The levels at one moment.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Levels {
    pub live_matches: i64,
    pub open_challenges: i64,
    /// Posts held or pending.
    pub outbox_waiting: i64,
    /// Posts held for an interaction being answered, by any process.
    pub held_answers: i64,
    /// When the oldest post due now became due (its creation, or the end of its hold), if any is.
    pub oldest_due_since: Option<i64>,
}

/// The levels at `now_ms`.
pub async fn levels<'e, E>(db: E, now_ms: i64) -> StoreResult<Levels>
where
    E: sqlx::Executor<'e, Database = Any> + Copy,
{
    let count = |sql: &'static str| async move {
        let n: i64 = sqlx::query_scalar(sql).fetch_one(db).await?;
        StoreResult::Ok(n)
    };
    let live_matches = count("SELECT COUNT(*) FROM matches WHERE state = 'active'").await?;
    let open_challenges = count("SELECT COUNT(*) FROM challenges WHERE state = 'open'").await?;
    let outbox_waiting =
        count("SELECT COUNT(*) FROM outbox WHERE state IN ('held', 'pending')").await?;
    let held_answers = count("SELECT COUNT(*) FROM outbox WHERE state = 'held'").await?;
    // `$3` is DUE's name for the moment (the poster's query binds three).
    let due = DUE.replace("{t}", "o").replace("$3", "$1");
    let oldest_due_since: Option<i64> = sqlx::query_scalar(&format!(
        "SELECT MIN(CASE WHEN o.state = 'held' THEN o.held_until ELSE o.created_at END)
         FROM outbox o WHERE {due}"
    ))
    .bind(now_ms)
    .fetch_one(db)
    .await?;
    Ok(Levels {
        live_matches,
        open_challenges,
        outbox_waiting,
        held_answers,
        oldest_due_since,
    })
}
