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
    let mut wal = path.as_os_str().to_owned();
    wal.push("-wal");
    wal.into()
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
                let reader = AnyPoolOptions::new()
                    .max_connections(4)
                    .acquire_timeout(Duration::from_secs(10))
                    .after_connect(|conn, _meta| {
                        Box::pin(async move {
                            conn.execute("SET default_transaction_read_only = on")
                                .await?;
                            Ok(())
                        })
                    })
                    .connect_with(AnyConnectOptions::from_str(url)?)
                    .await?;
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
