//! The bot core: platform-neutral requests in, replies out as plain data. The Discord adapter and the console
//! both drive it; neither holds any game logic.
//!
//! Every state change is judged first (a refusal is answered at once and changes nothing), then committed in
//! one transaction, and only then are the pictures rendered. A match row carries a version, so two changes
//! racing on one match apply exactly once: the loser is told that its action is out of date.
//!
//! The modules, from the bottom up (each imports only those before it; `namnam-architecture` checks it):
//!
//! - the vocabulary: [`clock`], [`message`] and `text` (words), [`vocabulary`] (each feature's commands,
//!   their parser, refusals and words, and the ids of buttons), `error`, [`reply`] (what comes back),
//!   `buttons`, and [`pictures`], the only door to the renderer;
//! - the core itself: `watch`, `searching` and `budget` (what one process keeps in memory), `context` (the [`Core`]
//!   and the hooks that follow a change to a match), [`outbox`], `history` (a stored match replayed),
//!   `matches` (the match a request means, how it is shown, a change to it committed) and `standings` (a
//!   season's ratings as they are read);
//! - the features, one module each: `ratings`, `notify`, `play`, `takeback`, `challenges`, `rematch`,
//!   `records`, `computer`, `info`, `admin`, `seasons`, `threads`, `sweeper` (the move clock), `outage`
//!   (the clock paused while the platform or the bot is down), `tournaments`, `puzzles`, `daily` (the daily
//!   puzzle), `site` (a server's web pages as `namnam web` reads them);
//! - the dispatcher: `dispatch`, which makes the core with its hooks and answers a request;
//! - on top, [`delivery`]: one path by which every front end shows the answers (through an [`Answerer`])
//!   and the outbox's posts (through a [`Postman`]).

mod buttons;
pub mod clock;
mod error;
pub mod message;
pub mod metrics;
pub mod pictures;
pub mod reply;
pub mod text;
pub mod vocabulary;

mod budget;
mod context;
mod history;
mod matches;
pub mod outbox;
mod search_permits;
mod searching;
mod standings;
mod watch;
pub mod web;

mod admin;
mod challenges;
mod computer;
mod daily;
mod explanations;
mod info;
mod known_languages;
mod languages;
pub mod lessons;
mod notify;
mod outage;
mod play;
mod puzzle_ratings;
mod puzzles;
mod ratings;
mod records;
mod rematch;
mod seasons;
mod site;
mod stages;
mod sweeper;
mod takeback;
mod threads;
mod tournaments;

mod dispatch;

pub mod delivery;

pub use budget::COSTLY_PER_MINUTE;
pub use challenges::{DEFAULT_LEVEL, MAX_OPEN_CHALLENGES, REPEAT_CHALLENGE_AFTER_MS};
pub use clock::{Clock, ManualClock, SystemClock};
pub use computer::computer_seed;
pub use context::{Core, CoreConfig, Progress};
pub use delivery::posting::{spawn_poster, Delivered, Fate, PosterBell, PosterTask, Postman};
pub use delivery::{Answerer, Capacity, Kept, Shown};
pub use dispatch::error_reply;
pub use error::{apology, cause_chain, CoreError, InternalError};
pub use history::replay_to;
pub use info::chart_points;
pub use message::{Arg, CommandLine, Language, Part, Text};
pub use outbox::{Post, Via};
pub use ratings::show_rating;
pub use ratings::PROVISIONAL_GAMES;
pub use records::{
    replay_words, spawn_analyst, verdict_words, MAX_ANALYSES_QUEUED, MAX_ANALYSES_QUEUED_PER_PLAYER,
};
pub use reply::{
    Action, Audience, Board, BoardState, Buttons, ComputerTurn, DirectMessage, Document, Follows,
    Notice, Outcome, Pressed, Reply, Scene,
};
pub use site::{MatchLine, Site, SiteMatch, SitePlayer, SiteTournament, TournamentLine};
pub use standings::{PlayerStanding, RatingHistory, StandingsPage, Streak};
// The store's plain rows that the read models carry, and the store itself (a front end opens it and hands
// it to the core), so that a front end that only reads needs nothing of the store's own.
pub use namnam_store::{
    HistoryRow, MatchRow, MoveRow, RatingRow, Store, StoreError, TournamentState,
};
// Named apart from the reply's `Outcome`: how a rated match went for one player.
pub use namnam_store::Outcome as RatedOutcome;
pub use sweeper::spawn_sweeper;
pub use tournaments::{SheetRound, TournamentSheet};
pub use vocabulary::actions::{ActionId, ChallengeAnswer};
pub use vocabulary::{
    AdminCommand, AdminRefusal, ChallengeCommand, ChallengeDraft, ChallengeOptions,
    ChallengeRefusal, Change, Command, Expected, InfoCommand, InfoRefusal, InputRefusal,
    LanguageChoice, LessonCommand, MatchCommand, MatchRef, MatchRefusal, Place, PlaceNames,
    PlayCommand, PlayRefusal, PuzzleCommand, PuzzleRefusal, RecordCommand, RecordRefusal,
    ReplayFrom, Request, Resolver, SeasonChange, SettingsChange, StartAt, TermsDefaults,
    TermsOptions, TournamentCommand, TournamentRefusal, TournamentSpec, UserError, UserRef, Wanted,
    WebChange, COMPUTER_ID, COMPUTER_NAME,
};
pub use watch::{OutageRule, ShardOf, DEFAULT_GRACE_SECS};
