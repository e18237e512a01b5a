//! The computer's analyses of finished matches (`migrations/sqlite/0007_analyses.sql`): queued when asked
//! for, claimed by the process that searches it, and kept with its verdict.

use namnam_model::{MatchId, Place, StoredId, UserId};
use sqlx::any::AnyRow;
use sqlx::Any;

use super::columns::Columns;
use super::{StoreError, StoreResult, WriteTx};
use namnam_ai::analysis::JudgedMove;

/// An analysis as stored.
#[derive(Clone, Debug, PartialEq)]
pub struct AnalysisRow {
    pub match_id: MatchId,
    /// Where the verdict is posted, and who asked.
    pub place: Place,
    pub requested_by: UserId,
    pub requested_at: i64,
    /// The nodes each searched position gets.
    pub nodes: u64,
    /// Every move's judgement, once done; `None` while queued, or after a failure.
    pub verdict: Option<Vec<JudgedMove>>,
    /// The search failed: asking again queues it again.
    pub failed: bool,
}

/// An analysis to queue.
pub struct NewAnalysis {
    pub match_id: MatchId,
    /// The verdict goes through the outbox (else to the front end that asks for queued work).
    pub by_poster: bool,
    /// Where the verdict is posted.
    pub place: Place,
    pub requested_by: UserId,
    pub nodes: u64,
    pub now_ms: i64,
}

const SELECT: &str =
    "SELECT match_id, state, place, server_id, channel_id, requested_by, requested_at, nodes, verdict
    FROM analyses";

fn from_row(row: &AnyRow) -> StoreResult<AnalysisRow> {
    let match_id: MatchId = row.id("match_id")?;
    let verdict = row
        .col::<Option<&str>>("verdict")?
        .map(|json| {
            serde_json::from_str(json)
                .map_err(|e| StoreError::Corrupt(format!("analysis of match {match_id}: {e}")))
        })
        .transpose()?;
    Ok(AnalysisRow {
        match_id,
        place: row.place("an analysis")?,
        requested_by: row.id("requested_by")?,
        requested_at: row.col("requested_at")?,
        nodes: row.int("nodes")?,
        verdict,
        failed: row.col::<&str>("state")? == "failed",
    })
}

/// The analysis of a match, queued or done.
pub async fn analysis_of<'e, E>(db: E, match_id: MatchId) -> StoreResult<Option<AnalysisRow>>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    let row = sqlx::query(&format!("{SELECT} WHERE match_id = $1"))
        .bind(match_id.to_sql())
        .fetch_optional(db)
        .await?;
    row.as_ref().map(from_row).transpose()
}

/// Queues the analysis of a match (again, after a failure); false when it is queued or done already.
pub async fn queue_analysis(tx: &mut WriteTx, new: &NewAnalysis) -> StoreResult<bool> {
    let inserted = sqlx::query(
        "INSERT INTO analyses
            (match_id, state, server_id, channel_id, requested_by, requested_at, nodes, by_poster, place)
         VALUES ($1, 'queued', $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (match_id) DO UPDATE SET state = 'queued', server_id = excluded.server_id,
            by_poster = excluded.by_poster, place = excluded.place,
            channel_id = excluded.channel_id, requested_by = excluded.requested_by,
            requested_at = excluded.requested_at, nodes = excluded.nodes,
            claimed_by = NULL, claimed_until = NULL
         WHERE analyses.state = 'failed'",
    )
    .bind(new.match_id.to_sql())
    .bind(new.place.server().map(StoredId::to_sql))
    .bind(new.place.channel().to_sql())
    .bind(new.requested_by.to_sql())
    .bind(new.now_ms)
    .bind(new.nodes as i64)
    .bind(i64::from(new.by_poster))
    .bind(new.place.kind().name())
    .execute(&mut **tx)
    .await?;
    Ok(inserted.rows_affected() == 1)
}

/// The analyses queued now, in every process and front end, and how many of them `requester` asked for
/// (the bounds on the queue: see `namnam_core`'s `analyse`).
pub async fn analyses_queued_for<'e, E>(db: E, requester: UserId) -> StoreResult<(u64, u64)>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    let (all, theirs): (i64, i64) = sqlx::query_as(
        "SELECT COUNT(*), COALESCE(SUM(CASE WHEN requested_by = $1 THEN 1 ELSE 0 END), 0)
         FROM analyses WHERE state = 'queued'",
    )
    .bind(requester.to_sql())
    .fetch_one(db)
    .await?;
    Ok((all.max(0) as u64, theirs.max(0) as u64))
}

/// Claims for `holder`, until `until`, the oldest queued analysis that nobody else holds unexpired,
/// among those delivered `by_poster` or not.
pub async fn claim_analysis(
    tx: &mut WriteTx,
    holder: &str,
    by_poster: bool,
    now_ms: i64,
    until: i64,
) -> StoreResult<Option<AnalysisRow>> {
    let row = sqlx::query(
        "UPDATE analyses SET claimed_by = $1, claimed_until = $2
         WHERE match_id = (
            SELECT match_id FROM analyses
            WHERE state = 'queued' AND by_poster = $4
               AND (claimed_until IS NULL OR claimed_until <= $3 OR claimed_by = $1)
            ORDER BY requested_at, match_id LIMIT 1)
            -- Again here: the row as it is when it is updated (writes are one at a time already).
            AND state = 'queued' AND (claimed_until IS NULL OR claimed_until <= $3 OR claimed_by = $1)
         RETURNING match_id, state, place, server_id, channel_id, requested_by, requested_at, nodes, verdict",
    )
    .bind(holder)
    .bind(until)
    .bind(now_ms)
    .bind(i64::from(by_poster))
    .fetch_optional(&mut **tx)
    .await?;
    row.as_ref().map(from_row).transpose()
}

/// Stores the verdict of `holder`'s claimed analysis; false when the claim was lost (it ran out and
/// another process took it over).
pub async fn finish_analysis(
    tx: &mut WriteTx,
    match_id: MatchId,
    holder: &str,
    verdict: &[JudgedMove],
    now_ms: i64,
) -> StoreResult<bool> {
    let json = serde_json::to_string(verdict)
        .map_err(|e| StoreError::Corrupt(format!("analysis to JSON: {e}")))?;
    let updated = sqlx::query(
        "UPDATE analyses SET state = 'done', verdict = $3, finished_at = $4,
            claimed_by = NULL, claimed_until = NULL
         WHERE match_id = $1 AND claimed_by = $2 AND state = 'queued'",
    )
    .bind(match_id.to_sql())
    .bind(holder)
    .bind(json)
    .bind(now_ms)
    .execute(&mut **tx)
    .await?;
    Ok(updated.rows_affected() == 1)
}

/// Marks `holder`'s claimed analysis as failed: it is not tried again until someone asks again, so that
/// it does not stand in front of the others.
pub async fn fail_analysis(tx: &mut WriteTx, match_id: MatchId, holder: &str) -> StoreResult<()> {
    sqlx::query(
        "UPDATE analyses SET state = 'failed', claimed_by = NULL, claimed_until = NULL
         WHERE match_id = $1 AND claimed_by = $2 AND state = 'queued'",
    )
    .bind(match_id.to_sql())
    .bind(holder)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Extends `holder`'s claim on an analysis it is still doing; false when the claim was lost.
pub async fn extend_analysis_claim(
    tx: &mut WriteTx,
    match_id: MatchId,
    holder: &str,
    until: i64,
) -> StoreResult<bool> {
    let updated = sqlx::query(
        "UPDATE analyses SET claimed_until = $3
         WHERE match_id = $1 AND claimed_by = $2 AND state = 'queued'",
    )
    .bind(match_id.to_sql())
    .bind(holder)
    .bind(until)
    .execute(&mut **tx)
    .await?;
    Ok(updated.rows_affected() == 1)
}

/// Drops a queued analysis that cannot be done (its match is gone or was never finished).
pub async fn drop_analysis(tx: &mut WriteTx, match_id: MatchId) -> StoreResult<()> {
    sqlx::query("DELETE FROM analyses WHERE match_id = $1 AND state = 'queued'")
        .bind(match_id.to_sql())
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// How many analyses delivered `by_poster` (or not) are queued, not yet done.
pub async fn queued_analyses<'e, E>(db: E, by_poster: bool) -> StoreResult<u64>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    let n: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM analyses WHERE state = 'queued' AND by_poster = $1",
    )
    .bind(i64::from(by_poster))
    .fetch_one(db)
    .await?;
    Ok(n as u64)
}
