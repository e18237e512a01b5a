//! Which of the bot's shards are live, told to the core every few seconds so that the move clock is fair
//! through outages (`namnam_core`'s `outage`): a shard is live while its gateway session is (after READY or RESUMED,
//! until the connection is lost). Serenity keeps each shard's stage in its shard manager; a shard being
//! restarted is missing from it.

use namnam_model::ServerId;
use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;
use tokio::task::JoinHandle;

use namnam_core::PosterBell;
use namnam_core::{cause_chain, Core, OutageRule};

/// How often the shards are looked at (and their heartbeat stored).
pub const WATCH_EVERY: Duration = Duration::from_secs(10);

/// The rule of Discord's sharding: a guild is served by shard `(guild_id >> 22) % shard_count`.
pub fn outage_rule(shard_count: u32, grace_secs: u32) -> OutageRule {
    let count = u64::from(shard_count.max(1));
    OutageRule {
        shard_count: shard_count.max(1),
        shard_of: Arc::new(move |server: ServerId| ((server.0 >> 22) % count) as u32),
        grace_secs,
    }
}

/// Looks at the shards every `every` until aborted; rings the poster when an outage's end posted boards.
pub fn spawn_watch(
    core: Arc<Core>,
    shards: Arc<serenity::ShardManager>,
    every: Duration,
    bell: PosterBell,
) -> JoinHandle<()> {
    tokio::spawn(async move {
        let mut ticks = tokio::time::interval(every);
        ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            ticks.tick().await;
            let live = live_shards(&shards).await;
            match core.shards_seen(&live).await {
                Ok(notices) if !notices.is_empty() => bell.wake(),
                Ok(_) => {}
                Err(error) => {
                    tracing::error!(error = %cause_chain(&error), "could not record the shards' state")
                }
            }
        }
    })
}

pub(crate) async fn live_shards(shards: &serenity::ShardManager) -> Vec<u32> {
    let runners = shards.runners.lock().await;
    let mut live: Vec<u32> = runners
        .iter()
        .filter(|(_, runner)| runner.stage == serenity::ConnectionStage::Connected)
        .map(|(id, _)| id.0)
        .collect();
    live.sort_unstable();
    live
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn guilds_are_split_among_shards_as_discord_splits_them() {
        // `shard_id = (guild_id >> 22) % num_shards`: with 2 shards, guild 41771983423143937 (its
        // timestamp bits, 9959216934, are even) is on shard 0; a guild made a millisecond later, on 1.
        let rule = outage_rule(2, 300);
        assert_eq!((rule.shard_of)(ServerId(41_771_983_423_143_937)), 0);
        assert_eq!(
            (rule.shard_of)(ServerId(41_771_983_423_143_937 + (1 << 22))),
            1
        );
        let one = outage_rule(1, 300);
        assert_eq!((one.shard_of)(ServerId(u64::MAX)), 0);
        assert_eq!(rule.grace_secs, 300);
    }
}
