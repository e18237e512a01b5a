//! The core itself: the store, a clock, the configuration and what one process keeps in memory, and the
//! hooks that follow every change to a match.
//!
//! A change to a match (a move, or its end) is one event, [`MatchChange`], that the features which follow
//! matches handle within the change's own transaction: the ratings move when a rated match ends, the next
//! player is sent a DM, a tournament game's result moves its tournament on. The code that changes a match
//! calls [`Core::before_reply`] and [`Core::after_reply`] and knows none of them; the dispatcher names them
//! when it makes the core.

use namnam_model::Place;
use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Mutex};

use super::budget::Budget;
use super::clock::{Clock, SystemClock};
use super::error::CoreError;
use super::reply::{Notice, RatingChange, Reply};
use super::search_permits::SearchPermits;
use super::searching::Searching;
use super::watch::{OutageRule, Watch};
use namnam_game::rng::SeededRng;
use namnam_game::{ByPlayer, MatchMove};
use namnam_store::{self as store, MatchRow, Store, WriteTx};

/// Settings of the core that are not per server.
#[derive(Clone, Debug)]
pub struct CoreConfig {
    /// How long a challenge stays open.
    pub challenge_ttl_secs: u32,
    /// Rows on a leaderboard page.
    pub leaderboard_page_size: u32,
    /// Draw pictures (off: text-only replies, for a front end that shows none, and to measure the
    /// transaction path alone).
    pub pictures: bool,
    /// How many computer searches may run at once across the server (each takes one core for up to about
    /// half a second at level 6).
    pub computer_searches: usize,
    /// How many of those one player's searches may hold at once (their moves against the computer, their
    /// puzzle answers): the others' searches pass theirs in the queue (see `search_permits`). The daily
    /// puzzle's mining and the analyses share one more such share.
    pub searches_per_player: usize,
    /// Store every public reply in the outbox (see [`outbox`](crate::outbox)), for a front end that
    /// delivers through it.
    pub outbox: bool,
    /// Pause the clock through outages (see `outage`), for a front end that can lose its connection.
    /// `None`: the clock always runs.
    pub outages: Option<OutageRule>,
    /// This process's name among those sharing the database (its claims carry it; see `namnam_store`'s `claims`).
    /// Stable across restarts, so that a process starting again takes back what its last life held: the
    /// Discord front end names a process by its shards.
    pub process: String,
    /// How long a claim on the computer's turn lasts: longer than any search, and how long a dead
    /// process's turn waits for another process.
    pub computer_claim_ms: i64,
    /// Test-only: a pause in every computer search after its turn is claimed (to stop a process while it
    /// holds the claim).
    pub search_delay: std::time::Duration,
    /// The nodes each searched position gets in an analysis (see `ai::analysis`).
    pub analysis_nodes: u64,
    /// Costly commands (pictures, charts, replays, analyses, exports) each person may ask for in a minute,
    /// in this process.
    pub costly_per_minute: u32,
    /// The language of what everyone sees in a server that chose none: English in Discord, the console's
    /// `--lang` in the console.
    pub default_language: super::message::Language,
    /// The public address of `namnam web` (`NAMNAM_WEB_URL`), if there is one: replies link to a server's
    /// pages when it has them.
    pub web_url: Option<String>,
    /// The puzzles `puzzle` shows (see `puzzles`): the built-in set by default; a test gives a few.
    pub puzzles: Arc<Vec<namnam_ai::puzzles::Puzzle>>,
    /// Namnam's computer opponent as this front end names it (Discord: the bot's own user), for the match
    /// that ends the lessons.
    pub computer: super::vocabulary::UserRef,
}

impl Default for CoreConfig {
    fn default() -> Self {
        CoreConfig {
            challenge_ttl_secs: 10 * 60,
            leaderboard_page_size: 10,
            pictures: true,
            computer_searches: 2,
            searches_per_player: 1,
            outbox: false,
            outages: None,
            process: "namnam".to_owned(),
            computer_claim_ms: 60_000,
            search_delay: std::time::Duration::ZERO,
            analysis_nodes: namnam_ai::analysis::ANALYSIS_NODES,
            costly_per_minute: super::budget::COSTLY_PER_MINUTE,
            default_language: super::message::Language::English,
            web_url: None,
            puzzles: Arc::new(namnam_ai::puzzles::built_in()),
            computer: super::vocabulary::UserRef::computer(),
        }
    }
}

/// The core: the store, a clock and the configuration. Cheap to share behind an `Arc`.
pub struct Core {
    pub(crate) store: Store,
    pub(crate) clock: Arc<dyn Clock>,
    pub(crate) config: CoreConfig,
    /// For `first:random`. Locked only for one draw, never across an `.await`.
    pub(crate) rng: Mutex<SeededRng>,
    /// The matches whose computer move is being searched.
    pub(crate) searching: Searching,
    /// The cap on computer searches running at once.
    pub(crate) search_permits: SearchPermits,
    /// When this core was made, by its clock.
    pub(crate) started_at: i64,
    /// The connections' state, for fair clocks.
    pub(crate) watch: Mutex<Watch>,
    /// Held while a server's outage begins or ends.
    pub(crate) server_changes: tokio::sync::Mutex<()>,
    /// Live computer searches running or waiting: an analysis waits while there is any.
    pub(crate) live_searches: std::sync::atomic::AtomicUsize,
    /// Rung when an analysis is queued.
    pub(crate) analyses: tokio::sync::Notify,
    /// What the background work did last (see [`Progress`]).
    pub(crate) progress: tokio::sync::watch::Sender<Progress>,
    /// What follows every change to a match, in its transaction (see [`MatchHook`]).
    pub(crate) hooks: Vec<Box<dyn MatchHook>>,
    /// Each person's budget of costly commands.
    pub(crate) budget: Budget,
    /// The languages this process noted last.
    pub(crate) languages: super::known_languages::Noted,
    /// What it counts for an operator, when the process exports metrics.
    pub(crate) metrics: super::metrics::Counting,
}

/// What the core's background work did last, by the core's clock: for health checks, and for tests, which
/// wait for a sweep rather than sleep.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    /// When the last sweep of the move clock that finished began.
    pub swept_at: Option<i64>,
    /// When the shards were last looked at (a front end with an outage rule only), and which were live.
    pub shards_seen_at: Option<i64>,
    pub live_shards: Vec<u32>,
}

/// A change to a match, as the hooks see it within its transaction.
pub(crate) struct MatchChange<'a> {
    /// The match after the change.
    pub row: &'a MatchRow,
    /// The move just played, if the change was one.
    pub played: Option<&'a MatchMove>,
    /// `Some(when)`: the match counts for the ratings, and if this change ended it, they move at `when`
    /// (the change's own time, as the match's row has it).
    pub rated_at: Option<i64>,
}

impl MatchChange<'_> {
    /// A change that rates nothing: a match started, a move taken back, a board posted again.
    pub fn as_it_stands(row: &MatchRow) -> MatchChange<'_> {
        MatchChange {
            row,
            played: None,
            rated_at: None,
        }
    }
}

/// What the hooks add to a change's reply before it is written.
#[derive(Default)]
pub(crate) struct Aftermath {
    /// The players' ratings before and after, when the change ended a rated match.
    pub ratings: Option<ByPlayer<RatingChange>>,
    /// The change won a match against the computer that passed the lessons' last stage, just now.
    pub first_win: bool,
}

/// A hook's work, within the change's transaction.
pub(crate) type HookFuture<'a> = Pin<Box<dyn Future<Output = Result<(), CoreError>> + Send + 'a>>;

/// A feature that follows every change to a match, within the change's transaction: what it writes is
/// committed with the change, or not at all.
pub(crate) trait MatchHook: Send + Sync + 'static {
    /// Before the change's reply is written: what the reply says of it.
    fn before_reply<'a>(
        &'a self,
        _core: &'a Core,
        _tx: &'a mut WriteTx,
        _change: &'a MatchChange<'a>,
        _aftermath: &'a mut Aftermath,
    ) -> HookFuture<'a> {
        Box::pin(std::future::ready(Ok(())))
    }

    /// After the change's reply is stored: what else the change sends (into `reply`, or as `also`,
    /// notices of their own).
    fn after_reply<'a>(
        &'a self,
        _core: &'a Core,
        _tx: &'a mut WriteTx,
        _change: &'a MatchChange<'a>,
        _reply: &'a mut Reply,
        _also: &'a mut Vec<Notice>,
    ) -> HookFuture<'a> {
        Box::pin(std::future::ready(Ok(())))
    }
}

impl Core {
    /// A core with the hooks that follow a change to a match (the dispatcher's [`Core::new`] names them).
    pub(crate) fn assemble(
        store: Store,
        clock: Arc<dyn Clock>,
        config: CoreConfig,
        hooks: Vec<Box<dyn MatchHook>>,
    ) -> Core {
        let seed = SystemClock.now_ms() as u64 ^ u64::from(std::process::id()) << 32;
        let budget = Budget::new(clock.clone(), config.costly_per_minute);
        Core {
            store,
            started_at: clock.now_ms(),
            clock,
            search_permits: SearchPermits::new(
                config.computer_searches,
                config.searches_per_player,
            ),
            searching: Searching::default(),
            config,
            rng: Mutex::new(SeededRng::new(seed)),
            watch: Mutex::default(),
            server_changes: tokio::sync::Mutex::new(()),
            live_searches: std::sync::atomic::AtomicUsize::new(0),
            analyses: tokio::sync::Notify::new(),
            progress: tokio::sync::watch::Sender::new(Progress::default()),
            budget,
            hooks,
            languages: Default::default(),
            metrics: Default::default(),
        }
    }

    /// This core, counting into `metrics` (see [`CoreMetrics`](super::metrics::CoreMetrics)).
    pub fn with_metrics(mut self, metrics: Arc<super::metrics::CoreMetrics>) -> Core {
        self.metrics = super::metrics::Counting::of(metrics);
        self
    }

    /// Reads the levels of the metrics' gauges again (on each scrape).
    pub async fn refresh_gauges(&self) -> Result<(), namnam_store::StoreError> {
        let running = self.search_permits.in_use();
        self.metrics.refresh(&self.store, self.now(), running).await
    }

    pub fn store(&self) -> &Store {
        &self.store
    }

    pub(crate) fn now(&self) -> i64 {
        self.clock.now_ms()
    }

    /// This process's name among those sharing the database.
    pub fn process_name(&self) -> &str {
        &self.config.process
    }

    /// The core's clock, in milliseconds since the Unix epoch.
    pub fn now_ms(&self) -> i64 {
        self.clock.now_ms()
    }

    pub(crate) fn coin(&self) -> bool {
        self.rng
            .lock()
            .expect("the rng lock is never poisoned")
            .below(2)
            == 0
    }

    /// What the background work did last, as it changes.
    pub fn progress(&self) -> tokio::sync::watch::Receiver<Progress> {
        self.progress.subscribe()
    }

    /// The connections' state, for fair clocks. Locked only briefly, never across an `.await`.
    pub(crate) fn watch(&self) -> std::sync::MutexGuard<'_, Watch> {
        self.watch.lock().expect("the watch lock is never poisoned")
    }

    /// The settings of `place`'s server; a place outside any server has the defaults (any channel, the
    /// default clock and target, no threads).
    pub(crate) async fn settings_of(
        &self,
        place: Place,
    ) -> Result<store::ServerSettings, store::StoreError> {
        match place.server() {
            Some(server) => store::server_settings(self.store.reader(), server).await,
            None => Ok(store::ServerSettings::default()),
        }
    }

    /// Whether the clock waits in `place` at `now`: its shard is down or was down moments ago, or its
    /// server is (or was moments ago) unavailable. Never, for a front end without an outage rule.
    pub(crate) fn paused(&self, place: Place, now: i64) -> bool {
        match &self.config.outages {
            Some(rule) => self.watch().paused(rule, place, now),
            None => false,
        }
    }

    /// Runs every hook's [`MatchHook::before_reply`] on `change`, in order.
    pub(crate) async fn before_reply(
        &self,
        tx: &mut WriteTx,
        change: &MatchChange<'_>,
    ) -> Result<Aftermath, CoreError> {
        let mut aftermath = Aftermath::default();
        for hook in &self.hooks {
            hook.before_reply(self, tx, change, &mut aftermath).await?;
        }
        Ok(aftermath)
    }

    /// Runs every hook's [`MatchHook::after_reply`] on `change`, in order; returns the notices they add.
    pub(crate) async fn after_reply(
        &self,
        tx: &mut WriteTx,
        change: &MatchChange<'_>,
        reply: &mut Reply,
    ) -> Result<Vec<Notice>, CoreError> {
        let mut also = Vec::new();
        for hook in &self.hooks {
            hook.after_reply(self, tx, change, reply, &mut also).await?;
        }
        Ok(also)
    }
}
