//! What the clock needs to be fair through outages: each shard's heartbeat (the last time its gateway session
//! was seen live) and the servers that Discord marks unavailable.

use super::{StoreResult, WriteTx};
use namnam_model::ServerId;
use sqlx::Any;

/// When the shard was last seen live; with no beat of this shard (a first start, or another shard count),
/// the last beat under another shard count: the last time the bot was seen running before.
pub async fn last_beat(tx: &mut WriteTx, shard_count: u32, shard: u32) -> StoreResult<Option<i64>> {
    let own: Option<i64> = sqlx::query_scalar(
        "SELECT beat_at FROM shard_heartbeats WHERE shard_count = $1 AND shard_id = $2",
    )
    .bind(i64::from(shard_count))
    .bind(i64::from(shard))
    .fetch_optional(&mut **tx)
    .await?;
    if own.is_some() {
        return Ok(own);
    }
    // Not this count's other shards: this run may have beaten them already.
    let any: Option<i64> =
        sqlx::query_scalar("SELECT MAX(beat_at) FROM shard_heartbeats WHERE shard_count <> $1")
            .bind(i64::from(shard_count))
            .fetch_one(&mut **tx)
            .await?;
    Ok(any)
}

/// Records that these shards are live at `now_ms`.
pub async fn beat(
    tx: &mut WriteTx,
    shard_count: u32,
    shards: &[u32],
    now_ms: i64,
) -> StoreResult<()> {
    for &shard in shards {
        sqlx::query(
            "INSERT INTO shard_heartbeats (shard_count, shard_id, beat_at) VALUES ($1, $2, $3)
             ON CONFLICT (shard_count, shard_id) DO UPDATE SET beat_at = excluded.beat_at",
        )
        .bind(i64::from(shard_count))
        .bind(i64::from(shard))
        .bind(now_ms)
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}

/// The servers Discord marks unavailable, with when that began.
pub async fn server_outages<'e, E>(db: E) -> StoreResult<Vec<(ServerId, i64)>>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    let rows: Vec<(i64, i64)> = sqlx::query_as("SELECT server_id, since FROM server_outages")
        .fetch_all(db)
        .await?;
    Ok(rows
        .into_iter()
        .map(|(server, since)| (ServerId::from_sql(server), since))
        .collect())
}

/// Records that the server became unavailable at `since` (an outage already recorded keeps its start).
pub async fn begin_server_outage(
    tx: &mut WriteTx,
    server: ServerId,
    since: i64,
) -> StoreResult<()> {
    sqlx::query(
        "INSERT INTO server_outages (server_id, since) VALUES ($1, $2) ON CONFLICT (server_id) DO NOTHING",
    )
    .bind(server.to_sql())
    .bind(since)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Moves the start of the server's outage to `since`: another outage paid for part of it.
pub async fn restart_server_outage(
    tx: &mut WriteTx,
    server: ServerId,
    since: i64,
) -> StoreResult<()> {
    sqlx::query("UPDATE server_outages SET since = $2 WHERE server_id = $1")
        .bind(server.to_sql())
        .bind(since)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// Ends the server's outage; returns when it began (`None`: there was none).
pub async fn end_server_outage(tx: &mut WriteTx, server: ServerId) -> StoreResult<Option<i64>> {
    let since =
        sqlx::query_scalar("DELETE FROM server_outages WHERE server_id = $1 RETURNING since")
            .bind(server.to_sql())
            .fetch_optional(&mut **tx)
            .await?;
    Ok(since)
}
