//! Storage: every SQL statement of Namnam lives under this module, as plain async functions over the writer's
//! transaction or the reader pool.
//!
//! SQLite through sqlx, in WAL mode with `synchronous=NORMAL` and foreign keys on. All writes go through one
//! writer connection, each in a `BEGIN IMMEDIATE` transaction (so that even a second process on the same file
//! cannot interleave a read-modify-write); reads use a separate pool and never wait for the writer. Queries use
//! `$1` placeholders so that a PostgreSQL backend can follow. The schema is in `migrations/`, embedded at build
//! time and applied by [`Store::open`].

mod challenges;
mod columns;
mod commands;
mod ids;
mod matches;
mod outages;
mod outbox;
mod players;
mod ratings;
mod servers;

pub use challenges::{
    close_challenge, close_server_challenges, due_challenges, extend_challenge,
    find_open_challenge, first_mover_of_match, insert_challenge, open_challenges, ChallengeRow,
    ChallengeState, ChallengeTerms, FirstMover,
};
pub use commands::{forget_registration, registrations, save_registration, Registration};
pub use ids::Snowflake;
pub use matches::{
    abort_match, abort_server_matches, active_computer_matches, active_match_in_channel,
    clear_reminder, due_reminders, due_timeouts, finish_match, insert_match,
    last_finished_match_of, last_match_in_channel, last_meeting_south, load_match, match_moves,
    matches_of_player, move_match, pause_clock, record_move, running_clocks, set_draw_offer,
    ComputerSeat, MatchRow, MatchState, MoveRow, Names, NewMatch, StoredMove,
};
pub use outages::{
    beat, begin_server_outage, end_server_outage, last_beat, restart_server_outage, server_outages,
};
pub use outbox::{
    count_attempt, drop_server_posts, due_posts, finish_post, insert_post, load_post,
    move_match_posts, post_states, prune_posts, release_held_posts, release_post, Delivery,
    NewPost, PostId, PostOutcome, PostRow,
};
pub use players::{player_name, upsert_player, PlayerKind};
pub use ratings::{leaderboard, load_rating, save_rating, RatingRow};
pub use servers::{ensure_server, server_settings, update_settings, ServerSettings};

use sqlx::sqlite::{
    SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous,
};
use sqlx::{Sqlite, Transaction};
use std::str::FromStr;
use std::time::Duration;

/// The database used when neither `--db` nor `DATABASE_URL` names one.
pub const DEFAULT_DATABASE_URL: &str = "sqlite://namnam.db";

/// A write transaction on the single writer connection.
pub type WriteTx = Transaction<'static, Sqlite>;

/// Why storage failed. None of these is the player's fault: the bot core logs them and apologises.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("database error")]
    Database(#[from] sqlx::Error),
    #[error("could not apply the database migrations")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    #[error("stored data is invalid: {0}")]
    Corrupt(String),
}

pub type StoreResult<T> = Result<T, StoreError>;

/// The database: one writer connection and a pool of readers.
#[derive(Clone, Debug)]
pub struct Store {
    writer: SqlitePool,
    reader: SqlitePool,
}

impl Store {
    /// Opens (creating it if missing) the SQLite database at `url` (`sqlite://path` or a plain path) and
    /// applies the migrations.
    pub async fn open(url: &str) -> StoreResult<Store> {
        let url = if url.starts_with("sqlite:") {
            url.to_owned()
        } else {
            format!("sqlite://{url}")
        };
        let options = SqliteConnectOptions::from_str(&url)?
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(SqliteSynchronous::Normal)
            .foreign_keys(true)
            .busy_timeout(Duration::from_secs(5));
        let writer = SqlitePoolOptions::new()
            .min_connections(1)
            .max_connections(1)
            .acquire_timeout(Duration::from_secs(30))
            .connect_with(options.clone())
            .await?;
        sqlx::migrate!("./migrations").run(&writer).await?;
        let reader = SqlitePoolOptions::new()
            .max_connections(4)
            .connect_with(options.create_if_missing(false).read_only(true))
            .await?;
        Ok(Store { writer, reader })
    }

    /// Starts a write transaction (`BEGIN IMMEDIATE`: it holds the write lock from the start).
    pub async fn begin(&self) -> StoreResult<WriteTx> {
        Ok(self.writer.begin_with("BEGIN IMMEDIATE").await?)
    }

    /// The pool for reads outside a write transaction.
    pub fn reader(&self) -> &SqlitePool {
        &self.reader
    }

    /// Closes every connection (and so checkpoints the WAL).
    pub async fn close(&self) {
        self.reader.close().await;
        self.writer.close().await;
    }
}

/// The `database_url` to use: the given one, else `DATABASE_URL`, else [`DEFAULT_DATABASE_URL`].
pub fn database_url(given: Option<&str>) -> String {
    given
        .map(str::to_owned)
        .or_else(|| std::env::var("DATABASE_URL").ok().filter(|s| !s.is_empty()))
        .unwrap_or_else(|| DEFAULT_DATABASE_URL.to_owned())
}

/// Text columns that hold a [`Player`](crate::game::Player).
pub(crate) fn player_from_sql(s: &str) -> StoreResult<crate::game::Player> {
    match s {
        "south" => Ok(crate::game::Player::South),
        "north" => Ok(crate::game::Player::North),
        other => Err(StoreError::Corrupt(format!("no player called {other:?}"))),
    }
}
