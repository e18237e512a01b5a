//! What the core knows of its connections, for fair clocks: how a front end's servers are split among
//! shards, which shards are live, which servers are unavailable, and the grace after an outage. The
//! outages themselves, announced and made up for, are `outage`'s.

use namnam_model::{Place, ServerId};
use std::collections::{HashMap, HashSet};
use std::fmt;
use std::sync::Arc;

/// Which shard serves a server.
pub type ShardOf = Arc<dyn Fn(ServerId) -> u32 + Send + Sync>;

/// The grace after an outage, by default: time to see the board again and move.
pub const DEFAULT_GRACE_SECS: u32 = 5 * 60;

/// How a front end's connections are split, for fair clocks.
#[derive(Clone)]
pub struct OutageRule {
    /// How many shards the servers are split among.
    pub shard_count: u32,
    /// The shard of a server (below `shard_count`).
    pub shard_of: ShardOf,
    /// How long after an outage the clock still fires nothing.
    pub grace_secs: u32,
}

impl fmt::Debug for OutageRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("OutageRule")
            .field("shard_count", &self.shard_count)
            .field("grace_secs", &self.grace_secs)
            .finish_non_exhaustive()
    }
}

/// What the core knows of the connections now. Locked only briefly, never across an `.await`.
#[derive(Debug, Default)]
pub(crate) struct Watch {
    /// The shards seen live, whose outage (if any) is settled.
    pub live: HashSet<u32>,
    /// Until when the clock still waits after a shard's outage.
    pub shard_grace: HashMap<u32, i64>,
    /// The servers marked unavailable, since when.
    pub servers_down: HashMap<ServerId, i64>,
    pub server_grace: HashMap<ServerId, i64>,
}

impl Watch {
    /// Whether the clock waits in `place` at `now` under `rule`: its shard is down or was down moments
    /// ago, or its server is (or was moments ago) unavailable. A place outside any server is served by
    /// the first shard, as Discord sends DMs to shard 0.
    pub fn paused(&self, rule: &OutageRule, place: Place, now: i64) -> bool {
        let server = place.server();
        let shard = server.map_or(0, |server| (rule.shard_of)(server));
        let down = |server: ServerId| {
            self.servers_down.contains_key(&server)
                || self.server_grace.get(&server).is_some_and(|&t| t > now)
        };
        !self.live.contains(&shard)
            || self.shard_grace.get(&shard).is_some_and(|&t| t > now)
            || server.is_some_and(down)
    }
}
