//! Storage: every SQL statement of Namnam lives under this module, as plain async functions over a write
//! transaction or the reader pool.
//!
//! Two backends behind sqlx's `Any` driver, chosen by the database URL: SQLite (the default: one file,
//! nothing to install) and PostgreSQL (for installations that outgrow one machine). Every statement is
//! written once, in the SQL both understand (`$1` placeholders, `RETURNING`, `ON CONFLICT`), with values of
//! the types `Any` carries: integers, floats and text. Each backend has its schema in
//! `migrations/<backend>/`, the same tables with the same columns, embedded at build time and applied by
//! [`Store::open`]. [`copy`] moves a whole installation from one to the other.

mod analyses;
mod challenges;
mod claims;
mod columns;
mod commands;
pub mod copy;
mod daily;
mod everywhere;
mod lessons;
mod levels;
mod matches;
mod notifications;
mod outages;
mod outbox;
mod players;
mod puzzles;
mod ratings;
mod reading;
mod records;
mod schema;
mod seasons;
mod servers;
mod tournaments;
mod web;

pub use analyses::{
    analyses_queued_for, analysis_of, claim_analysis, drop_analysis, extend_analysis_claim,
    fail_analysis, finish_analysis, queue_analysis, queued_analyses, AnalysisRow, NewAnalysis,
};
pub use challenges::{
    close_challenge, close_server_challenges, due_challenges, extend_challenge,
    find_open_challenge, first_mover_of_match, insert_challenge, last_turned_down,
    open_challenge_between, open_challenges, open_challenges_of, take_open_challenge, ChallengeRow,
    ChallengeState,
};
pub use claims::{
    claim_computer_turn, claim_posts, computer_claim, end_lease, release_claims_of,
    release_computer_turn, take_lease,
};
pub use commands::{forget_registration, registrations, save_registration, Registration};
pub use daily::{
    add_server_puzzle, claim_daily_puzzle, claim_match_to_mine, daily_of_puzzle, daily_puzzle,
    daily_puzzles_due, daily_puzzles_of, daily_tally, next_server_puzzle, record_daily_answer,
    server_puzzle_line, server_puzzles, DailyAnswer, DailyPuzzle, DailyTally,
};
pub use everywhere::{
    everywhere_circle, everywhere_history, insert_everywhere_history, load_everywhere_rating,
    met_everywhere, save_everywhere_rating, NewEverywhereHistory,
};
pub use lessons::{lessons_passed, pass_lesson};
pub use levels::{levels, Levels};
pub use matches::{
    abort_match, abort_server_matches, active_computer_matches, active_match_in_channel,
    active_match_of_pair, active_matches_in_channel, clear_reminder, due_reminders, due_timeouts,
    finish_match, finished_match_ids, finished_matches_of_player, insert_match,
    last_computer_level, last_finished_match_of, last_match_in_channel, last_match_of_in_channel,
    last_meeting_south, live_matches_of_server, load_match, mark_thread_closed, match_moves,
    matches_of_player, move_match, pause_clock, record_move, running_clocks, set_draw_offer,
    set_takeback_request, take_back, ComputerSeat, LastMove, MatchRow, MatchState, MoveRow,
    NewMatch, StoredMove, TakenBack,
};
pub use notifications::{
    acted_at, mark_acted, refusal_untold, refuse_turn_notifications, set_turn_notifications,
    tell_refusal, turn_notifications_on,
};
pub use outages::{
    beat, begin_server_outage, end_server_outage, last_beat, restart_server_outage, server_outages,
};
pub use outbox::{
    count_attempt, drop_server_posts, due_posts, finish_post, insert_post, load_post,
    move_match_posts, post_states, process_beat, prune_posts, release_held_of_silent,
    release_held_posts, release_post, take_awaiting, Delivery, NewPost, PostOutcome, PostRow,
};
pub use players::{
    ensure_player, is_person, note_player_language, note_server_name, player_language, player_name,
    server_name, upsert_player,
};
pub use puzzles::{
    answer_puzzle, current_puzzle, insert_puzzle_attempt, load_puzzle_attempt, load_puzzle_rating,
    load_puzzle_standing, puzzle_attempt_of, puzzle_standings, puzzles_shown, save_puzzle_rating,
    save_puzzle_standing, PuzzleAnswer, PuzzleAttempt, PuzzleForm, PuzzleRating, PuzzleStanding,
};
pub use ratings::{
    current_streaks, insert_history, leaderboard, load_rating, rating_history, save_rating,
    HistoryRow, NewHistory, Outcome, RatingRow,
};
pub use reading::{Beside, Removed};
pub use records::load_record;
pub use schema::{schema_version, SchemaMismatch};
pub use seasons::{
    end_season, ended_season, monthly_seasons_due, season_of, season_page, season_standings,
    set_season_options, SeasonState,
};
pub use servers::{
    ensure_server, note_discord_language, server_language, server_settings, update_settings,
    ServerSettings, AS_DISCORD_SAYS,
};
pub use tournaments::{
    add_entrant, decide_game, due_tournaments, entrants, game_of_match, games, insert_game,
    insert_tournament, last_tournament, live_tournaments, load_tournament, remove_entrant,
    set_seed, touch_tournament, tournaments_of_server, update_tournament, withdraw_entrant,
    DecidedBy, EntrantRow, GameResult, GameRow, NewTournament, TournamentRow, TournamentState,
};
pub use web::{server_of_web_token, set_web_token, web_token};

use sqlx::any::{AnyConnectOptions, AnyPoolOptions};
use sqlx::pool::PoolConnectionMetadata;
use sqlx::sqlite::SqliteConnectOptions;
use sqlx::{Any, AnyConnection, AnyPool, ConnectOptions, Connection, Executor, Transaction};
use std::str::FromStr;
use std::time::Duration;

/// The schema's migrations, each backend's, as `build.rs` embeds them from `migrations/<backend>/`.
mod embedded {
    include!(concat!(env!("OUT_DIR"), "/migrations.rs"));
}

/// A backend's embedded migrations: `(version, description, SQL)`, in version order.
#[derive(Clone, Copy, Debug)]
pub struct Migrations(&'static [(i64, &'static str, &'static str)]);

/// The SQLite schema's migrations (`migrations/sqlite/`).
pub const SQLITE_MIGRATIONS: Migrations = Migrations(embedded::SQLITE);

/// The PostgreSQL schema's migrations (`migrations/postgres/`).
pub const POSTGRES_MIGRATIONS: Migrations = Migrations(embedded::POSTGRES);

impl Migrations {
    /// sqlx's migrator for these: the checksum of each is its text's SHA-384, as `sqlx::migrate!` makes
    /// it, so that a database migrated by an earlier build checks out.
    pub async fn migrator(self) -> Result<sqlx::migrate::Migrator, sqlx::migrate::MigrateError> {
        sqlx::migrate::Migrator::new(self).await
    }

    /// The versions, in order.
    pub fn versions(self) -> impl Iterator<Item = i64> {
        self.0.iter().map(|&(version, _, _)| version)
    }

    /// Each version with its checksum, as sqlx records it when it applies the migration.
    pub fn checksums(self) -> Vec<(i64, Vec<u8>)> {
        self.migrations()
            .map(|m| (m.version, m.checksum.to_vec()))
            .collect()
    }

    /// Applies SQLite's migrations to the database a writer opens, each on a connection of its own
    /// kind: foreign keys on, as every connection has them, except for a migration whose first line is
    /// `-- foreign keys off`. Such a one rebuilds a table that others refer to, which SQLite's procedure
    /// for changing a table does with the keys off (they cannot be turned off inside the transaction sqlx
    /// runs a migration in); every key is checked once it is done.
    async fn apply_sqlite(self, writer: &AnyConnectOptions) -> StoreResult<()> {
        let all = self.0;
        let keys_off: Vec<bool> = all
            .iter()
            .map(|(_, _, sql)| sql.starts_with("-- foreign keys off"))
            .collect();
        let mut start = 0;
        while start < all.len() {
            let off = keys_off[start];
            let end = (start..all.len())
                .find(|&i| keys_off[i] != off)
                .unwrap_or(all.len());
            let mut migrator = Migrations(&all[..end]).migrator().await?;
            // The later ones, applied already, are this run's too.
            migrator.set_ignore_missing(end < all.len());
            let mut conn = writer.connect().await?;
            let pragma = match off {
                true => "PRAGMA foreign_keys = OFF",
                false => "PRAGMA foreign_keys = ON",
            };
            conn.execute(pragma).await?;
            migrator.run_direct(&mut conn).await?;
            if off {
                let broken = sqlx::query("PRAGMA foreign_key_check")
                    .fetch_all(&mut conn)
                    .await?;
                if !broken.is_empty() {
                    let version = all[end - 1].0;
                    return Err(StoreError::Corrupt(format!(
                        "{} rows break a foreign key after migration {version}",
                        broken.len()
                    )));
                }
            }
            conn.close().await?;
            start = end;
        }
        Ok(())
    }

    /// Each migration as sqlx reads it.
    fn migrations(self) -> impl Iterator<Item = sqlx::migrate::Migration> {
        self.0.iter().map(|&(version, description, sql)| {
            sqlx::migrate::Migration::new(
                version,
                description.into(),
                sqlx::migrate::MigrationType::Simple,
                sql.into(),
                // As sqlx reads a file: one that starts so runs outside a transaction.
                sql.starts_with("-- no-transaction"),
            )
        })
    }
}

impl<'s> sqlx::migrate::MigrationSource<'s> for Migrations {
    fn resolve(
        self,
    ) -> futures_util::future::BoxFuture<
        's,
        Result<Vec<sqlx::migrate::Migration>, sqlx::error::BoxDynError>,
    > {
        let migrations = self.migrations().collect();
        Box::pin(std::future::ready(Ok(migrations)))
    }
}

/// The database used when neither `--db` nor `DATABASE_URL` names one.
pub const DEFAULT_DATABASE_URL: &str = "sqlite://namnam.db";

/// A write transaction.
pub type WriteTx = Transaction<'static, Any>;

/// Why storage failed. None of these is the player's fault: the bot core logs them and apologises.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("database error")]
    Database(#[from] sqlx::Error),
    #[error("could not apply the database migrations")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    #[error("stored data is invalid: {0}")]
    Corrupt(String),
    #[error("{0:?} is not a database URL Namnam knows: use sqlite://FILE or postgres://USER@HOST/DATABASE")]
    UnknownUrl(String),
    #[error("the target database is not empty: its table {0} has rows (migrate-db copies only into a new, empty database)")]
    TargetNotEmpty(String),
    #[error("the target database holds a Namnam schema other than this binary's ({0}): migrate-db copies only into a new, empty database, and left it as it was")]
    TargetSchema(SchemaMismatch),
    #[error("the target database is not new: it holds the table {0} but no Namnam schema (another program's?): migrate-db copies only into a new, empty database, and left it as it was")]
    TargetNotNew(String),
    #[error("the database has a table that migrate-db does not know: {0} (is this Namnam's newest version?)")]
    UnknownTable(String),
    #[error(transparent)]
    Schema(#[from] SchemaMismatch),
    #[error("there is no database at {} (a tool that only reads never creates one)", .0.display())]
    Missing(std::path::PathBuf),
    #[error("the database file {} was replaced since it was opened: restart to read the new one", .0.display())]
    Replaced(std::path::PathBuf),
}

pub type StoreResult<T> = Result<T, StoreError>;

/// Which database server a [`Store`] talks to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    /// One file, embedded: nothing to install (the default).
    Sqlite,
    /// A PostgreSQL server, for installations that outgrow one process.
    Postgres,
}

impl Backend {
    /// The backend a database URL names: `postgres://` or `postgresql://`, else SQLite (`sqlite://FILE`,
    /// `sqlite:FILE`, or a plain path).
    pub fn of_url(url: &str) -> StoreResult<Backend> {
        match url.split_once("://").map(|(scheme, _)| scheme) {
            Some("postgres" | "postgresql") => Ok(Backend::Postgres),
            Some("sqlite") | None => Ok(Backend::Sqlite),
            Some(_) => Err(StoreError::UnknownUrl(url.to_owned())),
        }
    }
}

/// The file a SQLite URL names (`sqlite://FILE`, `sqlite:FILE` or a plain path, with optional `?options`);
/// `None` for PostgreSQL, an in-memory database or no file at all.
pub fn sqlite_file(url: &str) -> Option<std::path::PathBuf> {
    if Backend::of_url(url).ok()? != Backend::Sqlite {
        return None;
    }
    let rest = url.strip_prefix("sqlite:").unwrap_or(url);
    let rest = rest.strip_prefix("//").unwrap_or(rest);
    let path = rest.split('?').next().unwrap_or_default();
    (!path.is_empty() && path != ":memory:").then(|| path.into())
}

/// Every write on PostgreSQL first takes this transaction-scoped advisory lock, so that writes are one at a
/// time across every connection and process, as SQLite's `BEGIN IMMEDIATE` makes them: the core's
/// read-check-write steps (a move checks the match's version, a result reads both ratings) rely on it.
const WRITE_LOCK: i64 = 0x6e61_6d6e_616d; // "namnam"

/// The database, through sqlx's `Any` driver: a pool for writes and a pool for reads.
#[derive(Clone, Debug)]
pub struct Store {
    backend: Backend,
    writer: AnyPool,
    reader: AnyPool,
    /// The SQLite file a reading store opened, to notice it replaced ([`Store::check`]).
    file: Option<FileIdentity>,
}

/// A file as the file system knows it: the same path may later name another file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct FileIdentity {
    path: std::path::PathBuf,
    #[cfg(unix)]
    device_and_inode: (u64, u64),
}

impl FileIdentity {
    pub(crate) fn of(path: &std::path::Path) -> StoreResult<FileIdentity> {
        let metadata = match std::fs::metadata(path) {
            Ok(metadata) => metadata,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return Err(StoreError::Missing(path.to_owned()))
            }
            Err(e) => return Err(StoreError::Database(sqlx::Error::Io(e))),
        };
        #[cfg(not(unix))]
        let _ = metadata;
        Ok(FileIdentity {
            path: path.to_owned(),
            #[cfg(unix)]
            device_and_inode: {
                use std::os::unix::fs::MetadataExt;
                (metadata.dev(), metadata.ino())
            },
        })
    }
}

/// A SQLite URL as sqlx's parser reads it: a plain path gets its scheme.
pub(crate) fn sqlite_url(url: &str) -> String {
    if url.starts_with("sqlite:") {
        url.to_owned()
    } else {
        format!("sqlite://{url}")
    }
}

impl Store {
    /// Opens the database at `url` and applies the migrations. A SQLite file is created if missing; a
    /// PostgreSQL database must exist (`createdb namnam`), and may be empty.
    pub async fn open(url: &str) -> StoreResult<Store> {
        sqlx::any::install_default_drivers();
        match Backend::of_url(url)? {
            Backend::Sqlite => Self::open_sqlite(url).await,
            Backend::Postgres => Self::open_postgres(url).await,
        }
    }

    /// SQLite in WAL mode with `synchronous=NORMAL` and foreign keys on. All writes go through one writer
    /// connection, each in a `BEGIN IMMEDIATE` transaction (so that even a second process on the same file
    /// cannot interleave a read-modify-write); reads use read-only connections and never wait for the writer.
    async fn open_sqlite(url: &str) -> StoreResult<Store> {
        let url = sqlite_url(url);
        // sqlx's own parser reads the path (a plain one, `sqlite:` or `sqlite://`); the `Any` driver then
        // takes it back as a URL. The pragmas the URL cannot carry are set on each new connection.
        let options = SqliteConnectOptions::from_str(&url)?;
        let writer_url = options.clone().create_if_missing(true).to_url_lossy();
        let reader_url = options.read_only(true).to_url_lossy();
        let writer_options = AnyConnectOptions::from_url(&writer_url)?;
        SQLITE_MIGRATIONS.apply_sqlite(&writer_options).await?;
        let writer = AnyPoolOptions::new()
            .min_connections(1)
            .max_connections(1)
            .acquire_timeout(Duration::from_secs(30))
            .after_connect(|conn, meta| Box::pin(sqlite_pragmas(conn, meta, true)))
            .connect_with(writer_options)
            .await?;
        let reader = AnyPoolOptions::new()
            .max_connections(4)
            .after_connect(|conn, meta| Box::pin(sqlite_pragmas(conn, meta, false)))
            .connect_with(AnyConnectOptions::from_url(&reader_url)?)
            .await?;
        Ok(Store {
            backend: Backend::Sqlite,
            writer,
            reader,
            file: None,
        })
    }

    /// PostgreSQL: writes take [`WRITE_LOCK`]; reads share a pool of their own.
    async fn open_postgres(url: &str) -> StoreResult<Store> {
        let options = AnyConnectOptions::from_str(url)?;
        let writer = AnyPoolOptions::new()
            .max_connections(4)
            .acquire_timeout(Duration::from_secs(30))
            .connect_with(options.clone())
            .await?;
        POSTGRES_MIGRATIONS.migrator().await?.run(&writer).await?;
        let reader = AnyPoolOptions::new()
            .max_connections(4)
            .connect_with(options)
            .await?;
        Ok(Store {
            backend: Backend::Postgres,
            writer,
            reader,
            file: None,
        })
    }

    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// Starts a write transaction, holding the write lock from its start.
    pub async fn begin(&self) -> StoreResult<WriteTx> {
        match self.backend {
            Backend::Sqlite => Ok(self.writer.begin_with("BEGIN IMMEDIATE").await?),
            Backend::Postgres => {
                let mut tx = self.writer.begin().await?;
                sqlx::query("SELECT pg_advisory_xact_lock($1)")
                    .bind(WRITE_LOCK)
                    .execute(&mut *tx)
                    .await?;
                Ok(tx)
            }
        }
    }

    /// The pool for reads outside a write transaction.
    pub fn reader(&self) -> &AnyPool {
        &self.reader
    }

    /// Whether the database answers a query now (a readiness probe's question).
    pub async fn ping(&self) -> StoreResult<()> {
        let _: i64 = sqlx::query_scalar("SELECT CAST(1 AS BIGINT)")
            .fetch_one(&self.reader)
            .await?;
        Ok(())
    }

    /// Closes every connection (and so checkpoints SQLite's WAL).
    pub async fn close(&self) {
        self.reader.close().await;
        self.writer.close().await;
    }
}

/// What every SQLite connection sets: the writer also puts the file in WAL mode (which then stays).
pub(crate) async fn sqlite_pragmas(
    conn: &mut AnyConnection,
    _meta: PoolConnectionMetadata,
    writer: bool,
) -> Result<(), sqlx::Error> {
    if writer {
        conn.execute("PRAGMA journal_mode = WAL").await?;
    }
    conn.execute("PRAGMA synchronous = NORMAL").await?;
    conn.execute("PRAGMA foreign_keys = ON").await?;
    Ok(())
}

/// The `database_url` to use: the given one, else `DATABASE_URL`, else [`DEFAULT_DATABASE_URL`].
pub fn database_url(given: Option<&str>) -> String {
    given
        .map(str::to_owned)
        .or_else(|| std::env::var("DATABASE_URL").ok().filter(|s| !s.is_empty()))
        .unwrap_or_else(|| DEFAULT_DATABASE_URL.to_owned())
}

/// `url` without its password, for messages and logs: `postgres://namnam:***@host/db`.
pub fn redacted(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        // Not a URL as written: whatever comes before an `@` may be a password.
        return match url.rsplit_once('@') {
            Some((_, host)) => format!("***@{host}"),
            None => url.to_owned(),
        };
    };
    let (authority, tail) = rest.split_at(rest.find('/').unwrap_or(rest.len()));
    let authority = match authority.rsplit_once('@') {
        Some((user, host)) => match user.split_once(':') {
            Some((name, _password)) => format!("{name}:***@{host}"),
            None => authority.to_owned(),
        },
        None => authority.to_owned(),
    };
    // A password may also come as a parameter.
    let tail = match tail.split_once('?') {
        Some((path, query)) => {
            let query = query
                .split('&')
                .map(|pair| match pair.split_once('=') {
                    Some(("password", _)) => "password=***".to_owned(),
                    _ => pair.to_owned(),
                })
                .collect::<Vec<_>>()
                .join("&");
            format!("{path}?{query}")
        }
        None => tail.to_owned(),
    };
    format!("{scheme}://{authority}{tail}")
}

/// Where the authority of a URL written in a longer text ends: at its path, query or fragment, or at
/// whatever ends a word in a message or a log line (a space, a quote, an escape, a bracket).
fn ends_authority(c: char) -> bool {
    c.is_whitespace()
        || matches!(
            c,
            '/' | '?' | '#' | '"' | '\'' | '\\' | '<' | '>' | '`' | ')' | ']'
        )
}

/// Where a `password=` parameter's value ends in a longer text.
fn ends_parameter(c: char) -> bool {
    c.is_whitespace()
        || matches!(
            c,
            '&' | '#' | '"' | '\'' | '\\' | '<' | '>' | '`' | ')' | ']'
        )
}

/// `text` with the password of every URL written in it (`scheme://user:password@host`) and the value of
/// every `password=` parameter shown as `***`, wherever the text comes from: an error that quotes a URL
/// it was given, a library's debug output in a log line. `None` when there is nothing to hide.
pub fn scrub_credentials(text: &str) -> Option<String> {
    if !text.contains("://") && !text.contains("password=") {
        return None;
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    let mut changed = false;
    while let Some(at) = rest.find("://") {
        let (before, after) = rest.split_at(at + 3);
        out.push_str(before);
        let end = after.find(ends_authority).unwrap_or(after.len());
        let authority = &after[..end];
        let password = authority
            .rfind('@')
            .and_then(|at| authority[..at].find(':').map(|colon| (colon + 1, at)));
        match password {
            Some((from, to)) if from < to && &authority[from..to] != "***" => {
                out.push_str(&authority[..from]);
                out.push_str("***");
                out.push_str(&authority[to..]);
                changed = true;
            }
            _ => out.push_str(authority),
        }
        rest = &after[end..];
    }
    out.push_str(rest);
    let mut hidden = String::with_capacity(out.len());
    let mut rest = out.as_str();
    while let Some(at) = rest.find("password=") {
        let (before, after) = rest.split_at(at + "password=".len());
        hidden.push_str(before);
        let end = after.find(ends_parameter).unwrap_or(after.len());
        hidden.push_str("***");
        changed |= end > 0 && &after[..end] != "***";
        rest = &after[end..];
    }
    hidden.push_str(rest);
    changed.then_some(hidden)
}

/// The secrets `url` carries, to be hidden wherever they might be printed on their own (a library's
/// debug output of its options): its password as written and percent-decoded, and a `password=`
/// parameter's value.
pub fn url_secrets(url: &str) -> Vec<String> {
    let mut secrets = Vec::new();
    if let Some((_, rest)) = url.split_once("://") {
        let authority = &rest[..rest.find(ends_authority).unwrap_or(rest.len())];
        if let Some((userinfo, _)) = authority.rsplit_once('@') {
            if let Some((_, password)) = userinfo.split_once(':') {
                secrets.push(password.to_owned());
                secrets.push(percent_decoded(password));
            }
        }
    }
    for (at, _) in url.match_indices("password=") {
        let value = &url[at + "password=".len()..];
        let value = &value[..value.find(ends_parameter).unwrap_or(value.len())];
        secrets.push(value.to_owned());
        secrets.push(percent_decoded(value));
    }
    // Too short to hide without hiding ordinary words too; such a password is no secret anyway.
    secrets.retain(|s| s.chars().count() >= 4 && s != "***");
    secrets.sort();
    secrets.dedup();
    secrets
}

/// `%XX` escapes decoded (as a URL's password is used); what is not valid UTF-8 afterwards stays as it was.
fn percent_decoded(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        match (
            bytes[i],
            bytes.get(i + 1).copied().and_then(hex),
            bytes.get(i + 2).copied().and_then(hex),
        ) {
            (b'%', Some(high), Some(low)) => {
                out.push((high * 16 + low) as u8);
                i += 3;
            }
            (b, _, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8(out).unwrap_or_else(|_| text.to_owned())
}

/// `url` without its user and password, for a client that must not be handed them.
pub fn without_credentials(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_owned();
    };
    let end = rest.find(ends_authority).unwrap_or(rest.len());
    match rest[..end].rsplit_once('@') {
        Some((_, host)) => format!("{scheme}://{host}{}", &rest[end..]),
        None => url.to_owned(),
    }
}

/// Text columns that hold a [`Player`](namnam_game::Player).
pub(crate) fn player_from_sql(s: &str) -> StoreResult<namnam_game::Player> {
    match s {
        "south" => Ok(namnam_game::Player::South),
        "north" => Ok(namnam_game::Player::North),
        other => Err(StoreError::Corrupt(format!("no player called {other:?}"))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_url_in_a_text_loses_its_password() {
        let text = r#"Http { proxy: Some("http://bot:pr0xy%40pass@proxy:3000"), client: Client } failed for
            postgres://namnam:S3cret@db.example/namnam?sslmode=require, and sqlite://x.db?mode=ro&password=hush
            in {\"url\":\"https://u:p4ss@h\"}; but https://discord.com/api and alice@example stay"#;
        let clean = scrub_credentials(text).expect("something to hide");
        for secret in ["pr0xy%40pass", "S3cret", "hush", "p4ss"] {
            assert!(!clean.contains(secret), "{secret} in {clean}");
        }
        assert!(clean.contains("http://bot:***@proxy:3000"), "{clean}");
        assert!(clean.contains("postgres://namnam:***@db.example/namnam?sslmode=require"));
        assert!(clean.contains("mode=ro&password=***"));
        assert!(clean.contains("https://discord.com/api and alice@example stay"));
        assert_eq!(scrub_credentials("https://discord.com/api/v10"), None);
        assert_eq!(scrub_credentials("postgres://namnam:***@db/x"), None);
        assert_eq!(scrub_credentials("no url here"), None);
    }

    #[test]
    fn a_urls_secrets_are_its_password_as_written_and_decoded() {
        assert_eq!(
            url_secrets("http://bot:pr0xy%40pass@proxy:3000"),
            ["pr0xy%40pass", "pr0xy@pass"]
        );
        assert_eq!(
            url_secrets("postgres://namnam@db/x?password=hush1"),
            ["hush1"]
        );
        assert!(url_secrets("sqlite://namnam.db").is_empty());
        assert_eq!(
            without_credentials("http://bot:pw@proxy:3000/api"),
            "http://proxy:3000/api"
        );
        assert_eq!(
            without_credentials("http://proxy:3000"),
            "http://proxy:3000"
        );
    }

    #[test]
    fn urls_name_their_backend_and_lose_their_passwords_in_messages() {
        assert_eq!(
            Backend::of_url("sqlite://namnam.db").unwrap(),
            Backend::Sqlite
        );
        assert_eq!(Backend::of_url("data/namnam.db").unwrap(), Backend::Sqlite);
        assert_eq!(
            Backend::of_url("postgres://u@h/db").unwrap(),
            Backend::Postgres
        );
        assert_eq!(
            Backend::of_url("postgresql://u@h/db").unwrap(),
            Backend::Postgres
        );
        assert!(Backend::of_url("mysql://u@h/db").is_err());
        assert_eq!(
            redacted("postgres://namnam:s3cret@db:5432/namnam?sslmode=require&password=s3cret"),
            "postgres://namnam:***@db:5432/namnam?sslmode=require&password=***"
        );
        assert_eq!(
            redacted("postgres://namnam@db/namnam"),
            "postgres://namnam@db/namnam"
        );
        assert_eq!(redacted("sqlite://namnam.db"), "sqlite://namnam.db");
        assert_eq!(redacted("namnam.db"), "namnam.db");
    }
}
