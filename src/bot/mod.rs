//! The bot core: platform-neutral requests in, replies out as plain data. The Discord adapter and the console
//! both drive it; neither holds any game logic.
//!
//! Every state change is judged first (a refusal is answered at once and changes nothing), then committed in
//! one transaction, and only then are the pictures rendered. A match row carries a version, so two changes
//! racing on one match apply exactly once: the loser is told that its action is out of date.
//!
//! - [`request`]: the shared command vocabulary and its parser; [`reply`]: what comes back; [`action`]: the
//!   ids of buttons.
//! - `challenges`, `play`, `takeback`, `info`, `admin`: one module per command family; `sweeper`: the move clock;
//!   `outage`: the clock paused while the platform or the bot is down.
//! - [`pictures`]: the only door to the renderer.

pub mod action;
mod admin;
mod challenges;
pub mod clock;
mod computer;
mod error;
mod info;
pub mod message;
mod notify;
mod outage;
pub mod outbox;
pub mod pictures;
mod play;
mod ratings;
mod records;
mod rematch;
pub mod reply;
pub mod request;
mod seasons;
mod sweeper;
mod takeback;
pub mod text;
mod threads;
mod tournaments;

pub use action::{ActionId, ChallengeAnswer};
pub use clock::{Clock, ManualClock, SystemClock};
pub use computer::{computer_seed, DEFAULT_LEVEL};
pub use error::{apology, cause_chain, CoreError, InternalError, UserError};
pub use message::{Part, Text};
pub use outage::{OutageRule, ShardOf, DEFAULT_GRACE_SECS};
pub use outbox::{Post, Via};
pub use ratings::PROVISIONAL_GAMES;
pub use records::spawn_analyst;
pub use reply::{Action, BoardState, ComputerTurn, DirectMessage, Document, Notice, Reply, Scene};
pub use request::{
    AdminCommand, ChallengeOptions, Command, Expected, Place, ReplayFrom, Request, Resolver,
    SeasonChange, SettingsChange, UserRef, COMPUTER_ID, COMPUTER_NAME,
};
pub use sweeper::spawn_sweeper;
pub use tournaments::{StartAt, TournamentCommand, TournamentSpec};

use play::MatchRef;

use crate::rng::SeededRng;
use crate::store::{Store, StoreError};
use std::sync::{Arc, Mutex};
use tokio::sync::Semaphore;

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
    /// half a second at level 5).
    pub computer_searches: usize,
    /// Store every public reply in the outbox (see [`outbox`]), for a front end that delivers through it.
    pub outbox: bool,
    /// Pause the clock through outages (see `outage`), for a front end that can lose its connection.
    /// `None`: the clock always runs.
    pub outages: Option<OutageRule>,
    /// This process's name among those sharing the database (its claims carry it; see `store::claims`).
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
}

impl Default for CoreConfig {
    fn default() -> Self {
        CoreConfig {
            challenge_ttl_secs: 10 * 60,
            leaderboard_page_size: 10,
            pictures: true,
            computer_searches: 2,
            outbox: false,
            outages: None,
            process: "namnam".to_owned(),
            computer_claim_ms: 60_000,
            search_delay: std::time::Duration::ZERO,
            analysis_nodes: crate::ai::analysis::ANALYSIS_NODES,
        }
    }
}

/// The core: the store, a clock and the configuration. Cheap to share behind an `Arc`.
pub struct Core {
    store: Store,
    clock: Arc<dyn Clock>,
    config: CoreConfig,
    /// For `first:random`. Locked only for one draw, never across an `.await`.
    rng: Mutex<SeededRng>,
    /// The matches whose computer move is being searched.
    searching: computer::Searching,
    /// The cap on computer searches running at once.
    search_permits: Semaphore,
    /// When this core was made, by its clock.
    started_at: i64,
    /// The connections' state, for fair clocks.
    watch: Mutex<outage::Watch>,
    /// Held while a server's outage begins or ends.
    server_changes: tokio::sync::Mutex<()>,
    /// Live computer searches running or waiting: an analysis waits while there is any.
    live_searches: std::sync::atomic::AtomicUsize,
    /// Rung when an analysis is queued.
    analyses: tokio::sync::Notify,
}

impl Core {
    pub fn new(store: Store, clock: Arc<dyn Clock>, config: CoreConfig) -> Core {
        let seed = SystemClock.now_ms() as u64 ^ u64::from(std::process::id()) << 32;
        Core {
            store,
            started_at: clock.now_ms(),
            clock,
            search_permits: Semaphore::new(config.computer_searches.max(1)),
            searching: computer::Searching::default(),
            config,
            rng: Mutex::new(SeededRng::new(seed)),
            watch: Mutex::default(),
            server_changes: tokio::sync::Mutex::new(()),
            live_searches: std::sync::atomic::AtomicUsize::new(0),
            analyses: tokio::sync::Notify::new(),
        }
    }

    /// Opens the database at `url` (creating and migrating it) with the default configuration.
    pub async fn open(url: &str, clock: Arc<dyn Clock>) -> Result<Core, StoreError> {
        Ok(Core::new(
            Store::open(url).await?,
            clock,
            CoreConfig::default(),
        ))
    }

    pub fn store(&self) -> &Store {
        &self.store
    }

    fn now(&self) -> i64 {
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

    fn coin(&self) -> bool {
        self.rng
            .lock()
            .expect("the rng lock is never poisoned")
            .below(2)
            == 0
    }

    /// Answers a request. Never fails: a refusal becomes a private reply in the player's words, an internal
    /// error is logged and becomes a private apology.
    pub async fn handle(&self, request: &Request) -> Reply {
        let word = match request.command {
            // Turning DMs on or off answers a refused DM by itself.
            Command::Notify { on: Some(_) } => None,
            _ => self.refusal_word(request).await,
        };
        let mut reply = match self.try_handle(request).await {
            Ok(reply) => reply,
            Err(e) => error_reply(e, request),
        };
        if let Some(word) = word {
            notify::add_aside(&mut reply, word);
        }
        reply
    }

    /// Answers a request, or says why not.
    pub async fn try_handle(&self, req: &Request) -> Result<Reply, CoreError> {
        match &req.command {
            Command::Challenge { opponent, options } => {
                self.challenge(req, opponent, options).await
            }
            Command::Accept { challenge } => self.accept(req, *challenge).await,
            Command::Decline { challenge } => self.decline(req, *challenge).await,
            Command::Cancel { challenge } => self.cancel(req, *challenge).await,
            Command::Move {
                house,
                match_id,
                expected,
            } => {
                let which = MatchRef::of(*match_id, *expected);
                self.play_move(req, *house, which).await
            }
            Command::Board { match_id } => self.board(req, *match_id).await,
            Command::Resign {
                confirmed,
                match_id,
                expected,
            } => {
                let which = MatchRef::of(*match_id, *expected);
                self.resign(req, *confirmed, which).await
            }
            Command::Draw { match_id, expected } => {
                self.draw(req, MatchRef::of(*match_id, *expected)).await
            }
            Command::Takeback {
                decline,
                match_id,
                expected,
            } => {
                let which = MatchRef::of(*match_id, *expected);
                self.takeback(req, *decline, which).await
            }
            Command::Matches => self.matches(req).await,
            Command::History { match_id } => self.history(req, *match_id).await,
            Command::Rules => Ok(Reply::private(text::RULES)),
            Command::Help => Ok(Reply::private(text::HELP)),
            Command::Leaderboard { page, season } => self.leaderboard(req, *page, *season).await,
            Command::Stats { player } => self.stats(req, player.as_ref()).await,
            Command::Admin(admin) => self.admin(req, admin).await,
            Command::Rematch { match_id } => self.rematch(req, *match_id).await,
            Command::Export { match_id } => self.export(req, *match_id).await,
            Command::Replay {
                match_id,
                ply,
                from,
            } => self.replay(req, *match_id, *ply, *from).await,
            Command::Analyse { match_id } => self.analyse(req, *match_id).await,
            Command::Notify { on } => self.notify(req, *on).await,
            Command::Tournament(command) => self.tournament(req, command).await,
        }
    }
}

/// The reply for a failed request.
pub fn error_reply(e: CoreError, request: &Request) -> Reply {
    match e {
        CoreError::User(e) => Reply::private(e.text()),
        CoreError::Internal(e) => {
            tracing::error!(
                error = %cause_chain(&e),
                server = %request.place.server,
                channel = %request.place.channel,
                user = %request.user.id,
                command = ?request.command,
                "request failed"
            );
            Reply::private(apology())
        }
    }
}
