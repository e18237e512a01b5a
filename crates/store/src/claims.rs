//! Claims: how several processes on one database share the work that ends in a request to Discord (see
//! `migrations/sqlite/0006_claims.sql`). A process claims a row — who, until when — in a transaction it
//! commits before the request, and marks the work done after it; a claim that runs out (its process died)
//! is taken over by any process, and the process that made it (by its name) takes it back at once when it
//! starts again.
//!
//! The claims only say who works on what. Correctness stays with the transactions: a move still checks its
//! match's version, and a post's nonce still makes Discord show it once.

use namnam_model::{Lane, MatchId};
use sqlx::Any;

use super::outbox::{not_in_lanes, post_from_row, DUE};
use super::{Backend, PostRow, StoreResult, WriteTx};

/// Claims the computer's turn in `match_id` for `holder` until `until`, if the match is still active at
/// `version` and nobody else holds an unexpired claim on it. True when claimed.
pub async fn claim_computer_turn(
    tx: &mut WriteTx,
    match_id: MatchId,
    version: i64,
    holder: &str,
    now_ms: i64,
    until: i64,
) -> StoreResult<bool> {
    let updated = sqlx::query(
        "UPDATE matches SET computer_claimed_by = $3, computer_claimed_until = $4
         WHERE id = $1 AND version = $2 AND state = 'active'
            AND (computer_claimed_until IS NULL OR computer_claimed_until <= $5 OR computer_claimed_by = $3)",
    )
    .bind(match_id.to_sql())
    .bind(version)
    .bind(holder)
    .bind(until)
    .bind(now_ms)
    .execute(&mut **tx)
    .await?;
    Ok(updated.rows_affected() == 1)
}

/// Gives up `holder`'s claim on the computer's turn in `match_id` (its search failed or found the match
/// moved on). The move itself clears the claim with it.
pub async fn release_computer_turn(
    tx: &mut WriteTx,
    match_id: MatchId,
    holder: &str,
) -> StoreResult<()> {
    sqlx::query(
        "UPDATE matches SET computer_claimed_by = NULL, computer_claimed_until = NULL
         WHERE id = $1 AND computer_claimed_by = $2",
    )
    .bind(match_id.to_sql())
    .bind(holder)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Claims for `holder`, until `until`, the posts due now that nobody else holds: the oldest due post of
/// each channel (a channel's posts go out in order, so a channel whose oldest post another poster holds
/// waits), none in the `resting` channels, oldest first, at most `limit`. A post whose earlier claim ran out comes back as possibly shown: its
/// poster may have died between Discord taking it and recording it.
pub async fn claim_posts(
    tx: &mut WriteTx,
    backend: Backend,
    holder: &str,
    now_ms: i64,
    until: i64,
    limit: u32,
    resting: &[Lane],
) -> StoreResult<Vec<PostRow>> {
    // PostgreSQL: rows another transaction has locked are skipped rather than waited for. (Writes are one
    // at a time there today, so this only matters once they are not; SQLite has no row locks.)
    let skip_locked = match backend {
        Backend::Sqlite => "",
        Backend::Postgres => "FOR UPDATE OF d SKIP LOCKED",
    };
    let due_d = DUE.replace("{t}", "d");
    let due_e = DUE.replace("{t}", "e");
    let not_resting = not_in_lanes(resting, 5);
    let sql = format!(
        "UPDATE outbox SET claimed_by = $1, claimed_until = $2,
            maybe_shown = CASE WHEN (claimed_by IS NOT NULL AND claimed_by <> $1) OR state = 'held' THEN 1
                ELSE maybe_shown END
         WHERE id IN (
             SELECT d.id FROM outbox d
             WHERE {due_d} AND (d.claimed_until IS NULL OR d.claimed_until <= $3 OR d.claimed_by = $1)
                AND d.id = (SELECT MIN(e.id) FROM outbox e WHERE e.channel_id = d.channel_id AND {due_e})
                {not_resting}
             ORDER BY d.id LIMIT $4 {skip_locked}
         )
         RETURNING id, server_id, channel_id, fallback_channel_id, match_id, dm_user_id, body, maybe_shown, attempts,
            created_at"
    );
    let mut query = sqlx::query(&sql)
        .bind(holder)
        .bind(until)
        .bind(now_ms)
        .bind(i64::from(limit));
    for lane in resting {
        query = query.bind(lane.to_sql());
    }
    let rows = query.fetch_all(&mut **tx).await?;
    let mut posts = rows
        .iter()
        .map(post_from_row)
        .collect::<StoreResult<Vec<_>>>()?;
    // RETURNING promises no order.
    posts.sort_by_key(|post| post.id);
    Ok(posts)
}

/// Gives every claim of `holder` back (it is starting again: its last life's claims are orphans): on the
/// computer's turns, on analyses, and on posts, which come back as possibly shown. Returns how many posts.
pub async fn release_claims_of(tx: &mut WriteTx, holder: &str) -> StoreResult<u64> {
    sqlx::query(
        "UPDATE matches SET computer_claimed_by = NULL, computer_claimed_until = NULL
         WHERE computer_claimed_by = $1",
    )
    .bind(holder)
    .execute(&mut **tx)
    .await?;
    sqlx::query(
        "UPDATE analyses SET claimed_by = NULL, claimed_until = NULL
         WHERE claimed_by = $1 AND state = 'queued'",
    )
    .bind(holder)
    .execute(&mut **tx)
    .await?;
    let posts = sqlx::query(
        "UPDATE outbox SET claimed_by = NULL, claimed_until = NULL, maybe_shown = 1
         WHERE claimed_by = $1 AND state IN ('held', 'pending')",
    )
    .bind(holder)
    .execute(&mut **tx)
    .await?;
    Ok(posts.rows_affected())
}

/// Takes the lease `name` for `holder` until `until`, if nobody else holds it unexpired. True when taken.
pub async fn take_lease(
    tx: &mut WriteTx,
    name: &str,
    holder: &str,
    now_ms: i64,
    until: i64,
) -> StoreResult<bool> {
    let taken = sqlx::query(
        "INSERT INTO leases (name, holder, until) VALUES ($1, $2, $3)
         ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, until = excluded.until
         WHERE leases.until <= $4 OR leases.holder = excluded.holder",
    )
    .bind(name)
    .bind(holder)
    .bind(until)
    .bind(now_ms)
    .execute(&mut **tx)
    .await?;
    Ok(taken.rows_affected() == 1)
}

/// Ends `holder`'s lease `name`, if it still holds it.
pub async fn end_lease(tx: &mut WriteTx, name: &str, holder: &str) -> StoreResult<()> {
    sqlx::query("DELETE FROM leases WHERE name = $1 AND holder = $2")
        .bind(name)
        .bind(holder)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// Who holds the computer's turn in `match_id`, and until when (for tests and the record).
pub async fn computer_claim<'e, E>(db: E, match_id: MatchId) -> StoreResult<Option<(String, i64)>>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    let row: Option<(Option<String>, Option<i64>)> = sqlx::query_as(
        "SELECT computer_claimed_by, computer_claimed_until FROM matches WHERE id = $1",
    )
    .bind(match_id.to_sql())
    .fetch_optional(db)
    .await?;
    Ok(row.and_then(|(by, until)| by.zip(until)))
}
