//! What the core counts for an operator, in Prometheus' terms (`prometheus-client`, an explicit registry the
//! process serves; see `docs/deploy.md`): moves committed, matches started and ended, analyses, how long a
//! request, a board picture and a computer search take, and, read on each scrape, how full the tables and
//! queues are. Labels are few and fixed: no user, channel, server or match ever becomes one.

use std::sync::Arc;
use std::time::Instant;

use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{exponential_buckets, Histogram};
use prometheus_client::registry::Registry;

use namnam_game::MatchEnd;

use namnam_store::{Store, StoreError};

/// How a match ended, as a label.
#[derive(Clone, Copy, Debug, Hash, PartialEq, Eq)]
pub enum Ending {
    WholeBoard,
    Target,
    RoundLimit,
    Resignation,
    Timeout,
    Agreement,
    Adjudicated,
    /// Stopped by an admin, or with its server.
    Aborted,
}

impl From<MatchEnd> for Ending {
    fn from(end: MatchEnd) -> Ending {
        match end {
            MatchEnd::WholeBoard => Ending::WholeBoard,
            MatchEnd::Target => Ending::Target,
            MatchEnd::RoundLimit => Ending::RoundLimit,
            MatchEnd::Resignation => Ending::Resignation,
            MatchEnd::Timeout => Ending::Timeout,
            MatchEnd::Agreement => Ending::Agreement,
            MatchEnd::Adjudicated => Ending::Adjudicated,
        }
    }
}

impl Ending {
    /// Its label: `whole-board`, `target`, `round-limit`, `resignation`, `timeout`, `agreement`,
    /// `adjudicated`, `aborted`.
    pub fn name(self) -> &'static str {
        match self {
            Ending::WholeBoard => "whole-board",
            Ending::Target => "target",
            Ending::RoundLimit => "round-limit",
            Ending::Resignation => "resignation",
            Ending::Timeout => "timeout",
            Ending::Agreement => "agreement",
            Ending::Adjudicated => "adjudicated",
            Ending::Aborted => "aborted",
        }
    }
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct EndingLabels {
    how: &'static str,
}

/// The core's metrics. Made with [`CoreMetrics::register`], given to the core with
/// [`Core::with_metrics`](crate::Core::with_metrics).
pub struct CoreMetrics {
    moves: Counter,
    matches_started: Counter,
    matches_ended: Family<EndingLabels, Counter>,
    analyses: Counter,
    request_seconds: Histogram,
    picture_seconds: Histogram,
    search_seconds: Histogram,
    live_matches: Gauge,
    open_challenges: Gauge,
    outbox_waiting: Gauge,
    outbox_oldest_due_seconds: Gauge,
    held_answers: Gauge,
    search_permits_in_use: Gauge,
    picture_cache_bytes: Gauge,
}

impl CoreMetrics {
    /// The core's metrics, registered in `registry` (under its prefix).
    pub fn register(registry: &mut Registry) -> Arc<CoreMetrics> {
        let metrics = CoreMetrics::at_zero();
        metrics.register_events(registry);
        metrics.register_levels(registry);
        Arc::new(metrics)
    }

    /// Every metric at zero, with the histograms' buckets, in no registry yet.
    fn at_zero() -> CoreMetrics {
        CoreMetrics {
            moves: Counter::default(),
            matches_started: Counter::default(),
            matches_ended: Family::default(),
            analyses: Counter::default(),
            // From a millisecond to about 16 s.
            request_seconds: Histogram::new(exponential_buckets(0.001, 2.0, 15)),
            // From half a millisecond to about 2 s.
            picture_seconds: Histogram::new(exponential_buckets(0.0005, 2.0, 13)),
            // From 5 ms to about 20 s (level 6 takes about a second on a quiet core).
            search_seconds: Histogram::new(exponential_buckets(0.005, 2.0, 13)),
            live_matches: Gauge::default(),
            open_challenges: Gauge::default(),
            outbox_waiting: Gauge::default(),
            outbox_oldest_due_seconds: Gauge::default(),
            held_answers: Gauge::default(),
            search_permits_in_use: Gauge::default(),
            picture_cache_bytes: Gauge::default(),
        }
    }

    /// What the core counts and times as it goes: the counters and the histograms.
    fn register_events(&self, r: &mut Registry) {
        r.register(
            "moves",
            "Moves committed, the players' and the computer's",
            self.moves.clone(),
        );
        r.register(
            "matches_started",
            "Matches started",
            self.matches_started.clone(),
        );
        r.register(
            "matches_ended",
            "Matches ended, by how they ended",
            self.matches_ended.clone(),
        );
        r.register(
            "analyses",
            "Analyses of finished matches done",
            self.analyses.clone(),
        );
        r.register(
            "core_request_seconds",
            "A request's handling by the core, its transaction and pictures included",
            self.request_seconds.clone(),
        );
        r.register(
            "board_picture_seconds",
            "Drawing one board picture",
            self.picture_seconds.clone(),
        );
        r.register(
            "search_seconds",
            "One computer move's search, from its permit to its move",
            self.search_seconds.clone(),
        );
    }

    /// How full the tables and queues are: the gauges, whose levels are read again on each scrape
    /// ([`Counting::refresh`]).
    fn register_levels(&self, r: &mut Registry) {
        r.register(
            "live_matches",
            "Matches being played, across the database",
            self.live_matches.clone(),
        );
        r.register(
            "open_challenges",
            "Challenges waiting for an answer, across the database",
            self.open_challenges.clone(),
        );
        r.register(
            "outbox_waiting",
            "Posts of the outbox not yet shown (held or pending), across the database",
            self.outbox_waiting.clone(),
        );
        r.register(
            "outbox_oldest_due_seconds",
            "How long the oldest post due has waited (0 when none is due)",
            self.outbox_oldest_due_seconds.clone(),
        );
        r.register(
            "held_answers",
            "Posts held for an interaction being answered, across the database",
            self.held_answers.clone(),
        );
        r.register(
            "search_permits_in_use",
            "Computer searches running in this process",
            self.search_permits_in_use.clone(),
        );
        r.register(
            "picture_cache_bytes",
            "Bytes of picture tiles kept in this process's memory",
            self.picture_cache_bytes.clone(),
        );
    }
}

/// A stopwatch for one of the core's histograms.
pub(crate) struct Timed(Instant);

impl Timed {
    pub fn start() -> Timed {
        Timed(Instant::now())
    }

    fn seconds(&self) -> f64 {
        self.0.elapsed().as_secs_f64()
    }
}

/// What the core's code counts through: its metrics, or nothing in a core that exports none (each call a
/// no-op then).
#[derive(Default)]
pub(crate) struct Counting(Option<Arc<CoreMetrics>>);

impl Counting {
    pub fn of(metrics: Arc<CoreMetrics>) -> Counting {
        Counting(Some(metrics))
    }

    pub fn count_move(&self) {
        if let Some(m) = &self.0 {
            m.moves.inc();
        }
    }

    pub fn count_match_started(&self) {
        if let Some(m) = &self.0 {
            m.matches_started.inc();
        }
    }

    pub fn count_match_ended(&self, how: Ending) {
        if let Some(m) = &self.0 {
            m.matches_ended
                .get_or_create(&EndingLabels { how: how.name() })
                .inc();
        }
    }

    pub fn count_analysis(&self) {
        if let Some(m) = &self.0 {
            m.analyses.inc();
        }
    }

    pub fn time_request(&self, timed: Timed) {
        if let Some(m) = &self.0 {
            m.request_seconds.observe(timed.seconds());
        }
    }

    pub fn time_picture(&self, timed: Timed) {
        if let Some(m) = &self.0 {
            m.picture_seconds.observe(timed.seconds());
        }
    }

    pub fn time_search(&self, timed: Timed) {
        if let Some(m) = &self.0 {
            m.search_seconds.observe(timed.seconds());
        }
    }

    /// Reads the gauges' levels again (on each scrape): a few counts on `store`'s reader, at `now_ms`;
    /// `searches` running of `permits`.
    pub async fn refresh(
        &self,
        store: &Store,
        now_ms: i64,
        searches: usize,
    ) -> Result<(), StoreError> {
        let Some(m) = &self.0 else {
            return Ok(());
        };
        let levels = namnam_store::levels(store.reader(), now_ms).await?;
        m.live_matches.set(levels.live_matches);
        m.open_challenges.set(levels.open_challenges);
        m.outbox_waiting.set(levels.outbox_waiting);
        m.held_answers.set(levels.held_answers);
        let waited_ms = levels
            .oldest_due_since
            .map_or(0, |since| (now_ms - since).max(0));
        m.outbox_oldest_due_seconds.set(waited_ms / 1000);
        m.search_permits_in_use.set(searches as i64);
        m.picture_cache_bytes
            .set(namnam_render::tile_cache_bytes() as i64);
        Ok(())
    }
}
