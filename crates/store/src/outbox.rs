//! The outbox: messages to post in a channel, stored in the transaction of the change they announce, and
//! what became of each (see `migrations/sqlite/0003_outbox.sql`). The body is the bot core's business; here it is
//! text.

use namnam_model::{
    ChannelId, Lane, MatchId, MessageId, PostId, PostTo, Reach, ServerId, StoredId,
};
use sqlx::any::AnyRow;
use sqlx::Any;

use super::columns::Columns;
use super::{StoreResult, WriteTx};

/// Who delivers a new post.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Delivery {
    /// A front end answering an interaction delivers it; until `held_until` the poster leaves it alone.
    Held { held_until: i64 },
    /// Nobody holds it: the poster delivers it, or where the bot may only answer, the next answer there.
    Poster,
}

/// A post to store.
#[derive(Clone, Debug)]
pub struct NewPost<'a> {
    /// The server of its place, if it has one.
    pub server: Option<ServerId>,
    pub to: PostTo,
    /// Whether the bot may post there by itself: where it may only answer, the post is never the poster's.
    pub reach: Reach,
    pub match_id: Option<MatchId>,
    pub body: &'a str,
    pub delivery: Delivery,
    pub now_ms: i64,
    /// The process storing it (whose answer holds a held post).
    pub process: &'a str,
}

/// A post waiting for the poster.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PostRow {
    pub id: PostId,
    pub server: Option<ServerId>,
    pub to: PostTo,
    pub match_id: Option<MatchId>,
    pub body: String,
    /// An earlier attempt may have been shown: look before posting again.
    pub maybe_shown: bool,
    pub attempts: u32,
    pub created_at: i64,
}

/// How a post ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PostOutcome {
    /// Shown, as this message (when known).
    Sent { message: Option<MessageId> },
    /// Never to be shown, and why.
    Dropped { reason: String },
}

/// `AND d.channel_id NOT IN ($first, …)`, for the lanes `resting` bound from parameter `first` on: a
/// list both backends take (there is no array type in common). Empty when there are none. (A post's
/// `channel_id` is its lane: its channel, or for a DM the user's id, so that each user's DMs go in order.)
pub(super) fn not_in_lanes(resting: &[Lane], first: usize) -> String {
    if resting.is_empty() {
        return String::new();
    }
    let list = (0..resting.len())
        .map(|i| format!("${}", i + first))
        .collect::<Vec<_>>()
        .join(", ");
    format!("AND d.channel_id NOT IN ({list})")
}

/// When a post is due for the poster, for the outbox row `{t}`: pending, or held by an answer whose hold
/// ran out, in a place where the bot may post by itself. (`{t}` is replaced by the row's alias.)
pub(super) const DUE: &str = "({t}.answers_only = 0
    AND ({t}.state = 'pending' OR ({t}.state = 'held' AND {t}.held_until <= $3)))";

/// The state a post goes back to when the answer holding it gives it up: the poster's, or where the bot
/// may only answer, the next answer's.
const UNHELD: &str = "CASE WHEN answers_only = 1 THEN 'awaiting' ELSE 'pending' END";

/// The states of a post not done yet.
const WAITING: &str = "('held', 'pending', 'awaiting')";

/// Stores a post; returns its id.
pub async fn insert_post(tx: &mut WriteTx, post: &NewPost<'_>) -> StoreResult<PostId> {
    let answers_only = post.reach == Reach::AnswersOnly;
    let (state, held_until) = match (post.delivery, answers_only) {
        (Delivery::Held { held_until }, _) => ("held", Some(held_until)),
        (Delivery::Poster, false) => ("pending", None),
        (Delivery::Poster, true) => ("awaiting", None),
    };
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO outbox (server_id, channel_id, fallback_channel_id, match_id, body, state, held_until,
            created_at, held_by, dm_user_id, answers_only)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id",
    )
    .bind(post.server.map(StoredId::to_sql))
    .bind(post.to.lane().to_sql())
    .bind(match post.to {
        PostTo::Channel { fallback, .. } => fallback.map(StoredId::to_sql),
        PostTo::Dm(_) => None,
    })
    .bind(post.match_id.map(StoredId::to_sql))
    .bind(post.body)
    .bind(state)
    .bind(held_until)
    .bind(post.now_ms)
    .bind(held_until.map(|_| post.process))
    .bind(match post.to {
        PostTo::Dm(user) => Some(user.to_sql()),
        PostTo::Channel { .. } => None,
    })
    .bind(i64::from(answers_only))
    .fetch_one(&mut **tx)
    .await?;
    Ok(PostId(id))
}

/// The posts due now that no poster holds (pending ones, and held ones whose hold ran out), oldest first,
/// only the oldest of each channel (a channel's posts go out in order), and none in the `resting` channels:
/// what [`claim_posts`](super::claim_posts) would claim, without claiming it.
pub async fn due_posts<'e, E>(
    db: E,
    now_ms: i64,
    limit: u32,
    resting: &[Lane],
) -> StoreResult<Vec<PostRow>>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    let not_resting = not_in_lanes(resting, 4);
    let (due_d, due_e) = (DUE.replace("{t}", "d"), DUE.replace("{t}", "e"));
    let sql = format!(
        "SELECT id, server_id, channel_id, fallback_channel_id, match_id, dm_user_id, body,
            CASE WHEN maybe_shown = 1 OR state = 'held' OR claimed_by IS NOT NULL THEN 1 ELSE 0 END
                AS maybe_shown, attempts, created_at
         FROM outbox d
         WHERE {due_d} AND (d.claimed_until IS NULL OR d.claimed_until <= $1)
            AND d.id = (SELECT MIN(e.id) FROM outbox e WHERE e.channel_id = d.channel_id AND {due_e})
            {not_resting}
         ORDER BY id LIMIT $2"
    );
    let mut query = sqlx::query(&sql)
        .bind(now_ms)
        .bind(i64::from(limit))
        .bind(now_ms);
    for lane in resting {
        query = query.bind(lane.to_sql());
    }
    let rows = query.fetch_all(db).await?;
    rows.iter().map(post_from_row).collect()
}

pub(super) fn post_from_row(row: &AnyRow) -> StoreResult<PostRow> {
    Ok(PostRow {
        id: row.id("id")?,
        server: row.opt_id("server_id")?,
        to: match row.opt_id("dm_user_id")? {
            Some(user) => PostTo::Dm(user),
            None => PostTo::Channel {
                channel: row.id("channel_id")?,
                fallback: row.opt_id("fallback_channel_id")?,
            },
        },
        match_id: row.opt_id("match_id")?,
        body: row.col("body")?,
        maybe_shown: row.flag("maybe_shown")?,
        attempts: row.int("attempts")?,
        created_at: row.col("created_at")?,
    })
}

/// One post, whatever its state.
pub async fn load_post<'e, E>(db: E, id: PostId) -> StoreResult<Option<PostRow>>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    let row = sqlx::query(
        "SELECT id, server_id, channel_id, fallback_channel_id, match_id, dm_user_id, body, maybe_shown, attempts,
            created_at
         FROM outbox WHERE id = $1",
    )
    .bind(id.to_sql())
    .fetch_optional(db)
    .await?;
    row.as_ref().map(post_from_row).transpose()
}

/// Takes the posts waiting for an answer in `lane` (a place where the bot may only answer), oldest first,
/// at most `limit`: held for the answer taking them until `held_until`, as any answer's post is. A post
/// held by an answer whose hold ran out is taken again, as maybe shown (that answer may have shown it).
pub async fn take_awaiting(
    tx: &mut WriteTx,
    lane: Lane,
    limit: u32,
    held_until: i64,
    process: &str,
    now_ms: i64,
) -> StoreResult<Vec<PostRow>> {
    let rows = sqlx::query(
        "UPDATE outbox SET state = 'held', held_until = $3, held_by = $4,
                maybe_shown = CASE WHEN state = 'held' THEN 1 ELSE maybe_shown END
         WHERE id IN (SELECT id FROM outbox
                WHERE channel_id = $1 AND answers_only = 1
                    AND (state = 'awaiting' OR (state = 'held' AND held_until <= $5))
                ORDER BY id LIMIT $2)
         RETURNING id, server_id, channel_id, fallback_channel_id, match_id, dm_user_id, body, maybe_shown,
            attempts, created_at",
    )
    .bind(lane.to_sql())
    .bind(i64::from(limit))
    .bind(held_until)
    .bind(process)
    .bind(now_ms)
    .fetch_all(&mut **tx)
    .await?;
    let mut posts: Vec<PostRow> = rows.iter().map(post_from_row).collect::<StoreResult<_>>()?;
    // RETURNING promises no order.
    posts.sort_by_key(|p| p.id);
    Ok(posts)
}

/// Hands a held post to the poster (its interaction failed), or where the bot may only answer, to the
/// next answer there. `maybe_shown`: an attempt may have got
/// through. False when the post was not held (the poster had it already, or it is done).
pub async fn release_post(tx: &mut WriteTx, id: PostId, maybe_shown: bool) -> StoreResult<bool> {
    let sql = format!(
        "UPDATE outbox SET state = {UNHELD}, held_until = NULL,
                maybe_shown = CASE WHEN $2 = 1 THEN 1 ELSE maybe_shown END
             WHERE id = $1 AND state = 'held'"
    );
    let updated = sqlx::query(&sql)
        .bind(id.to_sql())
        .bind(i64::from(maybe_shown))
        .execute(&mut **tx)
        .await?;
    Ok(updated.rows_affected() == 1)
}

/// Counts a failed attempt of the poster (which keeps its claim); `maybe_shown` when it got no answer
/// (it may have got through).
pub async fn count_attempt(tx: &mut WriteTx, id: PostId, maybe_shown: bool) -> StoreResult<()> {
    sqlx::query(
        "UPDATE outbox SET attempts = attempts + 1, maybe_shown = CASE WHEN $2 = 1 THEN 1 ELSE maybe_shown END
         WHERE id = $1",
    )
    .bind(id.to_sql())
    .bind(i64::from(maybe_shown))
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Hands the posts held by answers of `process` to the poster, as possibly shown: when it starts again,
/// none of its answers can be holding one any more (those of other processes may still be). Returns how
/// many.
pub async fn release_held_posts(tx: &mut WriteTx, process: &str) -> StoreResult<u64> {
    let sql = format!(
        "UPDATE outbox SET state = {UNHELD}, held_until = NULL, held_by = NULL, maybe_shown = 1
         WHERE state = 'held' AND (held_by = $1 OR held_by IS NULL)"
    );
    let updated = sqlx::query(&sql).bind(process).execute(&mut **tx).await?;
    Ok(updated.rows_affected())
}

/// Records that `process` is alive at `now_ms` (its heartbeat).
pub async fn process_beat(tx: &mut WriteTx, process: &str, now_ms: i64) -> StoreResult<()> {
    sqlx::query(
        "INSERT INTO process_heartbeats (process, beat_at) VALUES ($1, $2)
         ON CONFLICT (process) DO UPDATE SET beat_at = excluded.beat_at",
    )
    .bind(process)
    .bind(now_ms)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Makes due at once, as possibly shown, the posts held by processes whose last heartbeat is older than
/// `silent_since` (they died, and may never start again). Returns how many.
pub async fn release_held_of_silent(tx: &mut WriteTx, silent_since: i64) -> StoreResult<u64> {
    let sql = format!(
        "UPDATE outbox SET state = {UNHELD}, held_until = NULL, held_by = NULL, maybe_shown = 1
         WHERE state = 'held'
           AND held_by IN (SELECT process FROM process_heartbeats WHERE beat_at < $1)"
    );
    let updated = sqlx::query(&sql)
        .bind(silent_since)
        .execute(&mut **tx)
        .await?;
    Ok(updated.rows_affected())
}

/// Records how a post ended. False when it had ended already (it is then left as it was).
pub async fn finish_post(
    tx: &mut WriteTx,
    id: PostId,
    outcome: &PostOutcome,
    now_ms: i64,
) -> StoreResult<bool> {
    let (state, message, reason) = match outcome {
        PostOutcome::Sent { message } => ("sent", message.map(StoredId::to_sql), None),
        PostOutcome::Dropped { reason } => ("dropped", None, Some(reason.as_str())),
    };
    let sql = format!(
        "UPDATE outbox SET state = $2, message_id = $3, outcome = $4, done_at = $5, held_until = NULL,
            claimed_by = NULL, claimed_until = NULL
         WHERE id = $1 AND state IN {WAITING}"
    );
    let updated = sqlx::query(&sql)
        .bind(id.to_sql())
        .bind(state)
        .bind(message)
        .bind(reason)
        .bind(now_ms)
        .execute(&mut **tx)
        .await?;
    Ok(updated.rows_affected() == 1)
}

/// Drops every waiting post of a server (the bot was removed from it); returns how many.
pub async fn drop_server_posts(
    tx: &mut WriteTx,
    server: ServerId,
    reason: &str,
    now_ms: i64,
) -> StoreResult<u64> {
    let sql = format!(
        "UPDATE outbox SET state = 'dropped', outcome = $2, done_at = $3, held_until = NULL
         WHERE server_id = $1 AND state IN {WAITING}"
    );
    let updated = sqlx::query(&sql)
        .bind(server.to_sql())
        .bind(reason)
        .bind(now_ms)
        .execute(&mut **tx)
        .await?;
    Ok(updated.rows_affected())
}

/// Sends a match's waiting posts to its new channel (a thread made for it, or the parent of its closed
/// thread); the old one becomes their fallback. A post may already have been shown in the old channel (an
/// answer's follow-up that got no answer), and the poster looks for it in both before sending it.
pub async fn move_match_posts(
    tx: &mut WriteTx,
    match_id: MatchId,
    channel: ChannelId,
) -> StoreResult<()> {
    let sql = format!(
        "UPDATE outbox SET fallback_channel_id = channel_id, channel_id = $2
         WHERE match_id = $1 AND state IN {WAITING} AND dm_user_id IS NULL AND channel_id <> $2"
    );
    sqlx::query(&sql)
        .bind(match_id.to_sql())
        .bind(channel.to_sql())
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// Forgets finished posts older than `before`; returns how many.
pub async fn prune_posts(tx: &mut WriteTx, before: i64) -> StoreResult<u64> {
    let deleted =
        sqlx::query("DELETE FROM outbox WHERE state IN ('sent', 'dropped') AND done_at < $1")
            .bind(before)
            .execute(&mut **tx)
            .await?;
    Ok(deleted.rows_affected())
}

/// Every post's state, by id (for tests and the record).
pub async fn post_states<'e, E>(db: E) -> StoreResult<Vec<(PostId, String, Option<String>)>>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    let rows = sqlx::query("SELECT id, state, outcome FROM outbox ORDER BY id")
        .fetch_all(db)
        .await?;
    rows.iter()
        .map(|r| Ok((r.id("id")?, r.col("state")?, r.col("outcome")?)))
        .collect()
}
