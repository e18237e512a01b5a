//! Challenges: an offer of a match, open in one channel until it is accepted, declined, cancelled or expires.

use super::columns::{terms_json, Columns};
use super::{StoreResult, WriteTx};
use namnam_model::{ChallengeId, FirstMover, MatchId, Place, ServerId, StoredId, Terms, UserId};
use sqlx::any::AnyRow;
use sqlx::Any;

/// How a challenge was closed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChallengeState {
    Accepted,
    Declined,
    Cancelled,
    Expired,
}

impl ChallengeState {
    fn to_sql(self) -> &'static str {
        match self {
            ChallengeState::Accepted => "accepted",
            ChallengeState::Declined => "declined",
            ChallengeState::Cancelled => "cancelled",
            ChallengeState::Expired => "expired",
        }
    }
}

/// An open challenge.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChallengeRow {
    pub id: ChallengeId,
    /// Where it was made: a channel, and what kind of place it is.
    pub place: Place,
    pub challenger: UserId,
    /// Who it is to, with their name; `None`: open to anyone who sees it.
    pub challenged: Option<(UserId, String)>,
    pub challenger_name: String,
    pub terms: Terms,
    pub created_at: i64,
    pub expires_at: i64,
}

const SELECT: &str = "SELECT c.id, c.place, c.server_id, c.channel_id, c.challenger_id, c.challenged_id,
        COALESCE(an.name, a.name) AS challenger_name, COALESCE(bn.name, b.name) AS challenged_name,
        c.terms, c.created_at, c.expires_at
    FROM challenges c JOIN players a ON a.id = c.challenger_id LEFT JOIN players b ON b.id = c.challenged_id
        LEFT JOIN server_names an ON an.server_id = c.server_id AND an.player_id = c.challenger_id
        LEFT JOIN server_names bn ON bn.server_id = c.server_id AND bn.player_id = c.challenged_id";

fn from_row(row: &AnyRow) -> StoreResult<ChallengeRow> {
    let id: ChallengeId = row.id("id")?;
    Ok(ChallengeRow {
        id,
        place: row.place(&format!("challenge {id}"))?,
        challenger: row.id("challenger_id")?,
        challenged: match row.opt_id("challenged_id")? {
            Some(challenged) => Some((challenged, row.col("challenged_name")?)),
            None => None,
        },
        challenger_name: row.col("challenger_name")?,
        terms: row.terms(&format!("challenge {id}"))?,
        created_at: row.col("created_at")?,
        expires_at: row.col("expires_at")?,
    })
}

/// The open challenge in a channel, if any (expired or not: the caller compares `expires_at` with its clock).
pub async fn find_open_challenge<'e, E>(db: E, place: Place) -> StoreResult<Option<ChallengeRow>>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    let sql = format!(
        "{SELECT} WHERE c.channel_id = $2 AND c.server_id IS NOT DISTINCT FROM $1 AND c.state = 'open'"
    );
    let row = sqlx::query(&sql)
        .bind(place.server().map(StoredId::to_sql))
        .bind(place.channel().to_sql())
        .fetch_optional(db)
        .await?;
    row.as_ref().map(from_row).transpose()
}

/// When `challenger`'s latest challenge to `challenged`, in any place, was turned down: declined,
/// withdrawn, or left to expire (from its expiry, even while the clock has not closed it yet); `None` if
/// none was. Every place counts: a cooldown per server would let a challenger ping the same person from
/// every channel and group DM in turn.
pub async fn last_turned_down<'e, E>(
    db: E,
    challenger: UserId,
    challenged: UserId,
    now_ms: i64,
) -> StoreResult<Option<i64>>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    let closed: Option<i64> = sqlx::query_scalar(
        "SELECT MAX(CASE WHEN state IN ('declined', 'cancelled') THEN closed_at
                         WHEN state = 'expired' THEN expires_at
                         WHEN state = 'open' AND expires_at <= $3 THEN expires_at END)
         FROM challenges WHERE challenger_id = $1 AND challenged_id = $2",
    )
    .bind(challenger.to_sql())
    .bind(challenged.to_sql())
    .bind(now_ms)
    .fetch_one(db)
    .await?;
    Ok(closed)
}

/// When each of `challenger`'s challenges still open at `now_ms` expires, soonest first, in every place
/// (to a person or to anyone).
pub async fn open_challenges_of<'e, E>(
    db: E,
    challenger: UserId,
    now_ms: i64,
) -> StoreResult<Vec<i64>>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    let expiries = sqlx::query_scalar(
        "SELECT expires_at FROM challenges
         WHERE challenger_id = $1 AND state = 'open' AND expires_at > $2 ORDER BY expires_at",
    )
    .bind(challenger.to_sql())
    .bind(now_ms)
    .fetch_all(db)
    .await?;
    Ok(expiries)
}

/// When the challenge open at `now_ms` between `a` and `b`, either way and in any place, expires, if
/// there is one.
pub async fn open_challenge_between<'e, E>(
    db: E,
    (a, b): (UserId, UserId),
    now_ms: i64,
) -> StoreResult<Option<i64>>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    let expires: Option<i64> = sqlx::query_scalar(
        "SELECT MAX(expires_at) FROM challenges
         WHERE state = 'open' AND expires_at > $3
           AND ((challenger_id = $1 AND challenged_id = $2) OR (challenger_id = $2 AND challenged_id = $1))",
    )
    .bind(a.to_sql())
    .bind(b.to_sql())
    .bind(now_ms)
    .fetch_one(db)
    .await?;
    Ok(expires)
}

/// Opens a challenge to `challenged`, or to anyone (`None`); returns its id. The schema refuses a second
/// open challenge in the channel.
pub async fn insert_challenge(
    tx: &mut WriteTx,
    place: Place,
    challenger: UserId,
    challenged: Option<UserId>,
    terms: &Terms,
    now_ms: i64,
    expires_at: i64,
) -> StoreResult<ChallengeId> {
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO challenges (server_id, channel_id, challenger_id, challenged_id, terms, created_at,
            expires_at, place)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id",
    )
    .bind(place.server().map(StoredId::to_sql))
    .bind(place.channel().to_sql())
    .bind(challenger.to_sql())
    .bind(challenged.map(StoredId::to_sql))
    .bind(terms_json(terms)?)
    .bind(now_ms)
    .bind(expires_at)
    .bind(place.kind().name())
    .fetch_one(&mut **tx)
    .await?;
    Ok(ChallengeId(id))
}

/// Closes an open challenge; false if it was not open any more.
pub async fn close_challenge(
    tx: &mut WriteTx,
    id: ChallengeId,
    state: ChallengeState,
    now_ms: i64,
) -> StoreResult<bool> {
    let done = sqlx::query(
        "UPDATE challenges SET state = $2, closed_at = $3 WHERE id = $1 AND state = 'open'",
    )
    .bind(id.to_sql())
    .bind(state.to_sql())
    .bind(now_ms)
    .execute(&mut **tx)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Accepts an open challenge to anyone for `taker`: names them and closes it, in one statement that only
/// an open, untaken challenge passes; false if another took it first (or it is closed).
pub async fn take_open_challenge(
    tx: &mut WriteTx,
    id: ChallengeId,
    taker: UserId,
    now_ms: i64,
) -> StoreResult<bool> {
    let done = sqlx::query(
        "UPDATE challenges SET challenged_id = $2, state = 'accepted', closed_at = $3
         WHERE id = $1 AND state = 'open' AND challenged_id IS NULL AND challenger_id <> $2",
    )
    .bind(id.to_sql())
    .bind(taker.to_sql())
    .bind(now_ms)
    .execute(&mut **tx)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Closes every open challenge of a server; returns how many.
pub async fn close_server_challenges(
    tx: &mut WriteTx,
    server: ServerId,
    state: ChallengeState,
    now_ms: i64,
) -> StoreResult<u64> {
    let done = sqlx::query(
        "UPDATE challenges SET state = $2, closed_at = $3 WHERE server_id = $1 AND state = 'open'",
    )
    .bind(server.to_sql())
    .bind(state.to_sql())
    .bind(now_ms)
    .execute(&mut **tx)
    .await?;
    Ok(done.rows_affected())
}

/// The open challenges whose time is up (to be closed as expired by the caller, in the same transaction).
pub async fn due_challenges(tx: &mut WriteTx, now_ms: i64) -> StoreResult<Vec<ChallengeRow>> {
    let sql = format!("{SELECT} WHERE c.state = 'open' AND c.expires_at <= $1");
    let rows = sqlx::query(&sql).bind(now_ms).fetch_all(&mut **tx).await?;
    rows.iter().map(from_row).collect()
}

/// Every open challenge, for the clock to move their expiry after an outage.
pub async fn open_challenges(tx: &mut WriteTx) -> StoreResult<Vec<ChallengeRow>> {
    let sql = format!("{SELECT} WHERE c.state = 'open' ORDER BY c.id");
    let rows = sqlx::query(&sql).fetch_all(&mut **tx).await?;
    rows.iter().map(from_row).collect()
}

/// Moves an open challenge's expiry later by `by_ms`.
pub async fn extend_challenge(tx: &mut WriteTx, id: ChallengeId, by_ms: i64) -> StoreResult<()> {
    sqlx::query(
        "UPDATE challenges SET expires_at = expires_at + $2 WHERE id = $1 AND state = 'open'",
    )
    .bind(id.to_sql())
    .bind(by_ms)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// How the first mover was chosen in the challenge that started `match_id` (`None`: a match without one,
/// against the computer).
pub async fn first_mover_of_match<'e, E>(
    db: E,
    match_id: MatchId,
) -> StoreResult<Option<FirstMover>>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    let row = sqlx::query(
        "SELECT c.terms FROM matches m JOIN challenges c ON c.id = m.challenge_id WHERE m.id = $1",
    )
    .bind(match_id.to_sql())
    .fetch_optional(db)
    .await?;
    let what = format!("the challenge of match {match_id}");
    Ok(row
        .map(|row| row.terms(&what))
        .transpose()?
        .map(|t| t.first))
}
