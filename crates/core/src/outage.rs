//! Fair clocks through outages: nobody loses on time, and no challenge expires, because the platform or the
//! bot was down.
//!
//! A front end that can lose its connection (the Discord bot; not the console, whose clock runs while it is
//! stopped) gives the core an [`OutageRule`]: how its servers are split among connections ("shards"), and
//! the grace after an outage. It then reports which shards are live ([`Core::shards_seen`], every few
//! seconds) and which servers the platform marks unavailable ([`Core::server_unavailable`],
//! [`Core::server_available`]).
//!
//! Each live shard's heartbeat is stored; a shard that is not live does not beat, so when it is live again,
//! the gap since its last beat is the outage, whether the connection was lost or the bot was not running.
//! While a server's shard is down, while the server is unavailable, and for the grace after either, the
//! sweep fires no timeout and expires no challenge there. When an outage of a minute or more ends, in one
//! transaction: the deadlines (and reminders) of the matches whose player is to move and the expiry of open
//! challenges move later by its length, each such match's board is posted again saying so, and the
//! heartbeat is brought up to date, so that a restart cannot count the same outage twice.

use super::error::CoreError;
use super::matches::MatchAfter;
use super::message::Arg;
use super::outbox::{PostPlace, Via};
use super::searching::computer_to_move;
use super::{Core, Notice, Text};
use namnam_model::ServerId;
use namnam_store::{self as store, StoreError, WriteTx};

/// Outages shorter than this move no deadline and are not announced (a reconnection takes a second or two,
/// and the heartbeat is only so fine): the grace after them covers them.
const ANNOUNCED_MS: i64 = 60_000;

/// Why a clock was paused, in the announcement's words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cause {
    BotOffline,
    DiscordUnreachable,
    ServerUnavailable,
}

impl Cause {
    /// The message that tells of a pause for this cause.
    fn message_id(self) -> &'static str {
        match self {
            Cause::BotOffline => "clock-paused-offline",
            Cause::DiscordUnreachable => "clock-paused-unreachable",
            Cause::ServerUnavailable => "clock-paused-unavailable",
        }
    }
}

impl Core {
    /// Reads the servers left unavailable when the bot last stopped (they stay so until the platform says
    /// otherwise). Call once, before the first sweep.
    pub async fn load_outages(&self) -> Result<(), CoreError> {
        let down = store::server_outages(self.store.reader()).await?;
        self.watch().servers_down.extend(down);
        Ok(())
    }

    /// The shards of this process that are live now. A shard live again after an outage of a minute or more
    /// has its clocks moved and its boards posted again (returned, and stored for the poster); every live
    /// shard beats.
    pub async fn shards_seen(&self, live: &[u32]) -> Result<Vec<Notice>, CoreError> {
        let Some(rule) = self.config.outages.clone() else {
            return Ok(Vec::new());
        };
        let now = self.now();
        let back: Vec<u32> = {
            let mut watch = self.watch();
            for shard in watch.live.iter().filter(|shard| !live.contains(shard)) {
                tracing::warn!(shard, "the shard is down: its clocks wait");
            }
            watch.live.retain(|shard| live.contains(shard));
            live.iter()
                .copied()
                .filter(|shard| !watch.live.contains(shard))
                .collect()
        };
        let mut notices = Vec::new();
        let mut restarted = Vec::new();
        let mut tx = self.store.begin().await?;
        // The shards back from an outage, however short (not those seen for the first time ever).
        let mut graced = Vec::new();
        for &shard in &back {
            let Some(since) = store::last_beat(&mut tx, rule.shard_count, shard).await? else {
                continue;
            };
            graced.push(shard);
            if now - since < ANNOUNCED_MS {
                continue;
            }
            let cause = match since < self.started_at {
                true => Cause::BotOffline,
                false => Cause::DiscordUnreachable,
            };
            tracing::info!(
                shard,
                since,
                minutes = (now - since) / 60_000,
                ?cause,
                "an outage ended"
            );
            // A place outside any server is served by the first shard, as Discord sends DMs to shard 0.
            let in_shard =
                |server: Option<ServerId>| server.map_or(0, |s| (rule.shard_of)(s)) == shard;
            notices.extend(
                self.pause_clocks(&mut tx, &in_shard, now - since, cause)
                    .await?,
            );
            let server_in_shard = |server: ServerId| in_shard(Some(server));
            restarted.extend(
                self.restart_server_outages(&mut tx, &server_in_shard, since, now)
                    .await?,
            );
        }
        store::beat(&mut tx, rule.shard_count, live, now).await?;
        tx.commit().await.map_err(StoreError::from)?;
        let until = now + i64::from(rule.grace_secs) * 1000;
        self.watch_shards_back(&back, graced, restarted, until, now);
        self.draw_all(&mut notices).await;
        self.progress.send_modify(|p| {
            p.shards_seen_at = Some(now);
            p.live_shards = live.to_vec();
        });
        Ok(notices)
    }

    /// The part of a server's own outage that a shard's outage since `since` covered is paid for, in `tx`,
    /// for each server down `in_shard`: what is left to pay is what came before `since`, so its start moves
    /// later by the shard's outage's length. Returns the servers' new starts, for the watch.
    async fn restart_server_outages(
        &self,
        tx: &mut WriteTx,
        in_shard: &(dyn Fn(ServerId) -> bool + Sync),
        since: i64,
        now: i64,
    ) -> Result<Vec<(ServerId, i64)>, CoreError> {
        let down: Vec<(ServerId, i64)> = self
            .watch()
            .servers_down
            .iter()
            .map(|(&server, &began)| (server, began))
            .collect();
        let mut restarted = Vec::new();
        for (server, began) in down.into_iter().filter(|&(s, _)| in_shard(s)) {
            let moved = match began < since {
                true => began + (now - since),
                false => now,
            };
            store::restart_server_outage(tx, server, moved).await?;
            restarted.push((server, moved));
        }
        Ok(restarted)
    }

    /// The watch, once the shards' outages are settled and committed: the shards `back` are live, those
    /// back from an outage (`graced`) have their grace until `until`, the servers' outages `restarted`
    /// start later, and the graces run out by `now` are forgotten.
    fn watch_shards_back(
        &self,
        back: &[u32],
        graced: Vec<u32>,
        restarted: Vec<(ServerId, i64)>,
        until: i64,
        now: i64,
    ) {
        let mut watch = self.watch();
        watch.live.extend(back.iter().copied());
        for shard in graced {
            watch.shard_grace.insert(shard, until);
        }
        for (server, moved) in restarted {
            if let Some(since) = watch.servers_down.get_mut(&server) {
                *since = moved;
            }
        }
        watch.shard_grace.retain(|_, &mut t| t > now);
        watch.server_grace.retain(|_, &mut t| t > now);
    }

    /// The platform marks `server` unavailable (an outage of its own, while the connection stays up).
    pub async fn server_unavailable(&self, server: ServerId) -> Result<(), CoreError> {
        // One server change at a time: an "available" that overtook this one would leave its row behind.
        let _one_at_a_time = self.server_changes.lock().await;
        if self.config.outages.is_none() {
            return Ok(());
        }
        let now = self.now();
        // Paused at once, before it is stored: no sweep may slip in between.
        let since = *self.watch().servers_down.entry(server).or_insert(now);
        let mut tx = self.store.begin().await?;
        store::begin_server_outage(&mut tx, server, since).await?;
        tx.commit().await.map_err(StoreError::from)?;
        tracing::info!(%server, "the server is unavailable");
        Ok(())
    }

    /// `server` is available again: if it was unavailable for a minute or more, its clocks move.
    pub async fn server_available(&self, server: ServerId) -> Result<Vec<Notice>, CoreError> {
        let Some(rule) = &self.config.outages else {
            return Ok(Vec::new());
        };
        let _one_at_a_time = self.server_changes.lock().await;
        let shard = (rule.shard_of)(server);
        let (remembered, shard_live) = {
            let watch = self.watch();
            (
                watch.servers_down.get(&server).copied(),
                watch.live.contains(&shard),
            )
        };
        let Some(remembered) = remembered else {
            return Ok(Vec::new());
        };
        let now = self.now();
        let mut tx = self.store.begin().await?;
        let mut notices = Vec::new();
        let stored = store::end_server_outage(&mut tx, server).await?;
        let since = stored.unwrap_or(remembered);
        // While the shard's own outage is not settled yet (a restart: the guild came before the shard
        // was seen live), the shard pays from its last beat on; the server pays what came before.
        let until = match shard_live {
            true => now,
            false => store::last_beat(&mut tx, rule.shard_count, shard)
                .await?
                .map_or(now, |beat| beat.min(now)),
        };
        if until - since >= ANNOUNCED_MS {
            let here = |s: Option<ServerId>| s == Some(server);
            notices = self
                .pause_clocks(&mut tx, &here, until - since, Cause::ServerUnavailable)
                .await?;
        }
        tx.commit().await.map_err(StoreError::from)?;
        tracing::info!(%server, "the server is available again");
        {
            let mut watch = self.watch();
            watch.servers_down.remove(&server);
            watch
                .server_grace
                .insert(server, now + i64::from(rule.grace_secs) * 1000);
        }
        self.draw_all(&mut notices).await;
        Ok(notices)
    }

    /// Moves the clocks of the servers `in_scope` later by `by_ms`, in `tx`: the deadline of every match
    /// whose player is to move (its board posted again, saying so) and the expiry of every open challenge.
    async fn pause_clocks(
        &self,
        tx: &mut WriteTx,
        in_scope: &(dyn Fn(Option<ServerId>) -> bool + Sync),
        by_ms: i64,
        cause: Cause,
    ) -> Result<Vec<Notice>, CoreError> {
        let now = self.now();
        let mut notices = Vec::new();
        for row in store::running_clocks(tx).await? {
            // The computer's clock never runs.
            if !in_scope(row.place.server()) || computer_to_move(&row) {
                continue;
            }
            let Some(after) = store::pause_clock(tx, row.id, row.version, by_ms, now).await? else {
                continue;
            };
            let headline = Text::message(
                cause.message_id(),
                [("span", Arg::Text(super::text::format_span(by_ms)))],
            );
            let mut reply = self.match_message(&MatchAfter::as_it_stands(&after), headline)?;
            self.store_post(tx, PostPlace::of_match(&after), &mut reply, Via::Poster)
                .await?;
            notices.push(Notice {
                place: after.place,
                reply,
            });
        }
        for challenge in store::open_challenges(tx).await? {
            if in_scope(challenge.place.server()) {
                store::extend_challenge(tx, challenge.id, by_ms).await?;
            }
        }
        Ok(notices)
    }

    /// Draws the pictures of committed notices; a failure leaves a notice with its words.
    async fn draw_all(&self, notices: &mut [Notice]) {
        for notice in notices {
            if let Err(e) = self.draw_pictures(&mut notice.reply).await {
                tracing::error!(error = %super::cause_chain(&e), "drawing a board failed");
            }
        }
    }
}
