//! Opening the database only to read it, as `namnam web` and the tools that only read do: nothing is created,
//! migrated or written, and a database of another schema than this binary's is refused before anything is
//! read ([`super::schema`]).

use std::str::FromStr;
use std::time::Duration;

use sqlx::any::{AnyConnectOptions, AnyPoolOptions};
use sqlx::sqlite::SqliteConnectOptions;
use sqlx::{AnyPool, ConnectOptions, Executor};

use super::{
    schema, sqlite_pragmas, sqlite_url, Backend, FileIdentity, Store, StoreError, StoreResult,
    WriteTx,
};

/// How a store that only reads is used.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Reading {
    /// Beside a running bot, for as long as it runs (`namnam web`).
    Live,
    /// Once, by a tool that then ends.
    Once,
}

/// SQLite's write-ahead log beside the database file `path`.
fn wal_of(path: &std::path::Path) -> std::path::PathBuf {
    beside(path, "-wal")
}

/// The file named as `path` with `suffix` added (SQLite's `-wal` and `-shm`).
fn beside(path: &std::path::Path, suffix: &str) -> std::path::PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    name.into()
}

/// The byte of the `-shm` file that every SQLite connection with the file open holds a shared lock on,
/// for as long as it has it open, on unix: "the DMS lock" (the dead-man switch), byte 128 (sqlite.org,
/// walformat.html, "2.3. Shm Locks"). A process that can lock it exclusively knows that no other
/// process has the database open; while it holds it, none can open it (SQLite then answers busy).
#[cfg(unix)]
const SHM_DMS_BYTE: libc::off_t = 128;
#[cfg(not(unix))]
const SHM_DMS_BYTE: i64 = 128;

/// What a live reader (`namnam web`) is about to create beside a SQLite file that no bot has open: its
/// `-wal` and `-shm`, which it needs while it runs (they are how a reader sees a bot's writes), and removes
/// when it ends if nothing else holds the file ([`Beside::remove_if_unheld`]).
#[derive(Debug)]
pub struct Beside {
    /// The `-wal` and `-shm` missing before the reader opened the file.
    wal: Option<std::path::PathBuf>,
    shm: Option<std::path::PathBuf>,
    shm_path: std::path::PathBuf,
}

/// What [`Beside::remove_if_unheld`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Removed {
    /// Nothing was created beside the file (a bot had it open, with its files, before).
    NothingMade,
    /// The files made are gone.
    Removed,
    /// Another process has the file open: its files stay.
    Held,
    /// The write-ahead log holds writes (a bot wrote and stopped while the reader ran): it stays, for the
    /// next to open the file to fold in.
    Written,
}

impl Beside {
    /// Notes, before a live reader opens the SQLite file `path`, which of its `-wal` and `-shm` are
    /// missing.
    pub fn before_opening(path: &std::path::Path) -> Beside {
        let missing = |suffix| Some(beside(path, suffix)).filter(|p| !p.exists());
        Beside {
            wal: missing("-wal"),
            shm: missing("-shm"),
            shm_path: beside(path, "-shm"),
        }
    }

    /// Once the reader's store is closed: removes the `-wal` and `-shm` it made, unless another process
    /// has the file open (it holds the `-shm`'s DMS lock) or the log holds writes. The lock is held
    /// while they are removed, so that no process opens the file meanwhile.
    pub fn remove_if_unheld(&self) -> std::io::Result<Removed> {
        if self.wal.is_none() && self.shm.is_none() {
            return Ok(Removed::NothingMade);
        }
        let shm = match std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .open(&self.shm_path)
        {
            Ok(file) => Some(file),
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => None,
            Err(error) => return Err(error),
        };
        if let Some(file) = &shm {
            if !lock_exclusively(file, SHM_DMS_BYTE)? {
                return Ok(Removed::Held);
            }
        }
        if let Some(wal) = &self.wal {
            match std::fs::metadata(wal) {
                Ok(meta) if meta.len() > 0 => return Ok(Removed::Written),
                Ok(_) => std::fs::remove_file(wal)?,
                Err(error) if error.kind() == std::io::ErrorKind::NotFound => {}
                Err(error) => return Err(error),
            }
        }
        if let (Some(path), Some(_)) = (&self.shm, &shm) {
            std::fs::remove_file(path)?;
        }
        // Closing the `-shm` (at the end of this scope) releases the lock.
        drop(shm);
        Ok(Removed::Removed)
    }
}

/// Elsewhere the bot's files are left as they are: whether another process holds them is not known.
#[cfg(not(unix))]
fn lock_exclusively(_file: &std::fs::File, _byte: i64) -> std::io::Result<bool> {
    Ok(false)
}

/// Takes an exclusive (write) lock on one byte of `file` without waiting: false when another process
/// holds a lock on it. Released when the file is closed.
#[cfg(unix)]
fn lock_exclusively(file: &std::fs::File, byte: libc::off_t) -> std::io::Result<bool> {
    use std::os::fd::AsRawFd;
    // SAFETY: `flock` is plain data, zeroed and then filled in; `fcntl` reads it and does not keep it.
    let mut lock: libc::flock = unsafe { std::mem::zeroed() };
    lock.l_type = libc::F_WRLCK as libc::c_short;
    lock.l_whence = libc::SEEK_SET as libc::c_short;
    lock.l_start = byte;
    lock.l_len = 1;
    // SAFETY: the descriptor is open for as long as `file` lives, and `lock` is a valid `flock`.
    let done = unsafe { libc::fcntl(file.as_raw_fd(), libc::F_SETLK, &lock) };
    if done == 0 {
        return Ok(true);
    }
    let error = std::io::Error::last_os_error();
    match error.raw_os_error() {
        Some(libc::EACCES | libc::EAGAIN) => Ok(false),
        _ => Err(error),
    }
}

/// A pool of up to `max` read-only connections with `options`.
async fn sqlite_reader(options: &SqliteConnectOptions, max: u32) -> StoreResult<AnyPool> {
    Ok(AnyPoolOptions::new()
        .max_connections(max)
        .acquire_timeout(Duration::from_secs(10))
        .after_connect(|conn, meta| Box::pin(sqlite_pragmas(conn, meta, false)))
        .connect_with(AnyConnectOptions::from_url(&options.to_url_lossy())?)
        .await?)
}

/// A pool of up to `max` PostgreSQL connections whose sessions refuse writes.
async fn postgres_reader(url: &str, max: u32) -> StoreResult<AnyPool> {
    Ok(AnyPoolOptions::new()
        .max_connections(max)
        .acquire_timeout(Duration::from_secs(10))
        .after_connect(|conn, _meta| {
            Box::pin(async move {
                conn.execute("SET default_transaction_read_only = on")
                    .await?;
                Ok(())
            })
        })
        .connect_with(AnyConnectOptions::from_str(url)?)
        .await?)
}

impl Store {
    /// Opens the database at `url` for reading only, as `namnam web` does beside a running bot: nothing is
    /// created or migrated (the bot does that), a SQLite file is opened read-only, and a PostgreSQL session
    /// refuses writes. A database of another schema than this binary's is refused
    /// ([`StoreError::Schema`]) before anything is read, and a SQLite file no bot has open is left byte for
    /// byte as it was, with nothing created beside it. Both pools are the same: a write through
    /// [`Store::begin`] fails.
    ///
    /// Once the schema is checked, SQLite's read-only connections to a file in WAL mode do create its
    /// `-wal` and `-shm` files if they are missing: that shared memory is how a reader sees the bot's
    /// writes. A tool that reads once and ends uses [`Store::open_read_once`] instead.
    pub async fn open_read_only(url: &str) -> StoreResult<Store> {
        Self::open_reading(url, Reading::Live).await
    }

    /// [`Store::open_read_only`] for a tool that reads and ends (`export`, `puzzles mine`, `render --db`,
    /// `migrate-db --from`): a SQLite file that no bot has open (no `-wal` file beside it) is read as
    /// immutable, so that nothing at all is written or created beside it. (A bot started on that file
    /// while the tool reads it would not be seen: start bots after such a tool, or before it.)
    pub async fn open_read_once(url: &str) -> StoreResult<Store> {
        Self::open_reading(url, Reading::Once).await
    }

    async fn open_reading(url: &str, reading: Reading) -> StoreResult<Store> {
        sqlx::any::install_default_drivers();
        let backend = Backend::of_url(url)?;
        let (reader, file) = match backend {
            Backend::Sqlite => {
                let options = SqliteConnectOptions::from_str(&sqlite_url(url))?
                    .create_if_missing(false)
                    .read_only(true);
                let path = options.get_filename().to_owned();
                let file = FileIdentity::of(&path)?;
                // A file in WAL mode without its `-wal` has no writer now: read as immutable, SQLite
                // creates nothing beside it. The schema is checked so before anything else, so that a
                // refused database is left exactly as it was.
                let quiet = !wal_of(&path).exists();
                let checking = sqlite_reader(&options.clone().immutable(quiet), 1).await?;
                let checked = schema::check(&checking, backend).await;
                checking.close().await;
                checked?;
                let immutable = quiet && reading == Reading::Once;
                (
                    sqlite_reader(&options.immutable(immutable), 4).await?,
                    Some(file),
                )
            }
            Backend::Postgres => {
                let reader = postgres_reader(url, 4).await?;
                if let Err(e) = schema::check(&reader, backend).await {
                    reader.close().await;
                    return Err(e);
                }
                (reader, None)
            }
        };
        Ok(Store {
            backend,
            writer: reader.clone(),
            reader,
            file,
        })
    }

    /// Opens `url` only to look at what it holds, whatever that is (no schema is checked, nothing is
    /// created, migrated or written; a SQLite file that no bot has open is read as immutable, so that
    /// nothing is created beside it either): `None` for a SQLite file that does not exist yet.
    pub(crate) async fn open_to_look(url: &str) -> StoreResult<Option<Store>> {
        sqlx::any::install_default_drivers();
        let backend = Backend::of_url(url)?;
        let reader = match backend {
            Backend::Sqlite => {
                let options = SqliteConnectOptions::from_str(&sqlite_url(url))?
                    .create_if_missing(false)
                    .read_only(true);
                let path = options.get_filename().to_owned();
                if !path.exists() {
                    return Ok(None);
                }
                let quiet = !wal_of(&path).exists();
                sqlite_reader(&options.immutable(quiet), 1).await?
            }
            Backend::Postgres => postgres_reader(url, 1).await?,
        };
        Ok(Some(Store {
            backend,
            writer: reader.clone(),
            reader,
            file: None,
        }))
    }

    /// Whether this store can still serve as it did when opened (a health check's question): the database
    /// answers, holds this binary's schema, and (SQLite) the file at its path is the one opened — pooled
    /// connections keep reading a file that was deleted or replaced, so a replaced file is only noticed
    /// here, and needs a restart.
    pub async fn check(&self) -> StoreResult<()> {
        if let Some(file) = &self.file {
            if FileIdentity::of(&file.path)? != *file {
                return Err(StoreError::Replaced(file.path.clone()));
            }
        }
        schema::check(&self.reader, self.backend).await
    }

    /// Starts a transaction that only reads, one consistent moment of the database (PostgreSQL's
    /// `REPEATABLE READ`; SQLite's deferred transaction keeps the snapshot of its first read).
    pub async fn begin_read(&self) -> StoreResult<WriteTx> {
        match self.backend {
            Backend::Sqlite => Ok(self.reader.begin().await?),
            Backend::Postgres => Ok(self
                .reader
                .begin_with("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
                .await?),
        }
    }
}
