//! `namnam migrate-db`: copies a whole installation from one database into another, empty one, on either
//! backend. Every table is copied row for row with its ids (buttons carry match ids), and the id counters
//! are set past the copied ids, so that no id is ever given out twice.

use futures_util::TryStreamExt;
use sqlx::any::AnyRow;
use sqlx::{Row, ValueRef};

use super::{schema, Backend, SchemaMismatch, Store, StoreError, StoreResult, WriteTx};

/// Every table of the schema, parents before children (the order the copy needs for its foreign keys).
/// A table missing here stops the copy before it starts (see [`check_tables`]).
pub const TABLES: &[&str] = &[
    "servers",
    "allowed_channels",
    "players",
    "server_names",
    "challenges",
    "matches",
    "moves",
    "rounds",
    "ratings",
    "outbox",
    "analyses",
    "seasons",
    "season_standings",
    "rating_history",
    "turn_notifications",
    "match_presence",
    "command_registrations",
    "registered_commands",
    "shard_heartbeats",
    "server_outages",
    "tournaments",
    "tournament_players",
    "tournament_games",
    "daily_puzzles",
    "daily_answers",
    "mined_matches",
    "server_puzzles",
    "puzzle_ratings",
    "puzzle_attempts",
    "lessons_passed",
    "rated_puzzles",
    "everywhere_ratings",
    "everywhere_history",
];

/// The tables left behind: who is doing what right now means nothing to another installation (a copy is
/// made with the bot stopped).
pub const NOT_COPIED: &[&str] = &["leases", "process_heartbeats"];

/// The tables whose ids come from a counter (SQLite's AUTOINCREMENT, PostgreSQL's identity columns).
const COUNTED: &[&str] = &[
    "challenges",
    "matches",
    "outbox",
    "tournaments",
    "puzzle_attempts",
];

/// Rows inserted by one statement.
const BATCH: usize = 200;

/// How many rows of each table were copied.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Copied {
    pub tables: Vec<(String, u64)>,
}

/// The kind of value a column holds, as the target stores it: a NULL must be bound with its column's type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Int,
    Float,
    Text,
}

/// Copies every table of `from` into `to`, which must be empty. The source is read inside a write
/// transaction, so that it is one consistent moment even if something else still writes to it; the target
/// is written in one transaction, so that a failed copy leaves it empty.
pub async fn copy_all(from: &Store, to: &Store) -> StoreResult<Copied> {
    check_tables(from).await?;
    check_tables(to).await?;
    let mut source = from.begin_read().await?;
    let mut target = to.begin().await?;
    for table in TABLES {
        let any: Option<i64> = sqlx::query_scalar(&format!("SELECT 1 FROM {table} LIMIT 1"))
            .fetch_optional(&mut *target)
            .await?;
        if any.is_some() {
            return Err(StoreError::TargetNotEmpty((*table).to_owned()));
        }
    }
    if to.backend() == Backend::Postgres {
        // Rows go in parents first, but registered_commands → command_registrations and friends are checked
        // at commit all the same, whichever order a later schema needs.
        sqlx::query("SET CONSTRAINTS ALL DEFERRED")
            .execute(&mut *target)
            .await?;
    }
    let mut copied = Copied::default();
    for table in TABLES {
        let columns = columns(to, &mut target, table).await?;
        let n = copy_table(&mut source, &mut target, table, &columns).await?;
        copied.tables.push(((*table).to_owned(), n));
    }
    for table in COUNTED {
        let next = next_id(from, &mut source, table).await?;
        set_next_id(to, &mut target, table, next).await?;
    }
    target.commit().await?;
    source.rollback().await?;
    Ok(copied)
}

/// Checks, before anything is written to it, that the database at `url` can take a copy: it does not
/// exist yet (a SQLite file), holds no table at all, or holds this binary's schema with no rows. A
/// database of another schema (older or newer), another program's, or one with rows is refused and left
/// byte for byte as it was: opening it to copy into would migrate it first.
pub async fn check_target(url: &str) -> StoreResult<()> {
    let Some(store) = Store::open_to_look(url).await? else {
        return Ok(());
    };
    let checked = target_is_new(&store).await;
    store.close().await;
    checked
}

async fn target_is_new(store: &Store) -> StoreResult<()> {
    let tables = table_names(store).await?;
    let migrated = match schema::check(store.reader(), store.backend()).await {
        Ok(()) => true,
        Err(StoreError::Schema(SchemaMismatch::Empty)) => false,
        Err(StoreError::Schema(mismatch)) => return Err(StoreError::TargetSchema(mismatch)),
        Err(error) => return Err(error),
    };
    if !migrated {
        return match tables.first() {
            None => Ok(()),
            Some(table) => Err(StoreError::TargetNotNew(table.clone())),
        };
    }
    for table in TABLES {
        let any: Option<i64> = sqlx::query_scalar(&format!("SELECT 1 FROM {table} LIMIT 1"))
            .fetch_optional(store.reader())
            .await?;
        if any.is_some() {
            return Err(StoreError::TargetNotEmpty((*table).to_owned()));
        }
    }
    Ok(())
}

/// Fails if the database has a table that neither [`TABLES`] nor [`NOT_COPIED`] names, or lacks one of
/// [`TABLES`].
pub async fn check_tables(store: &Store) -> StoreResult<()> {
    let found = table_names(store).await?;
    let known = |t: &str| TABLES.contains(&t) || NOT_COPIED.contains(&t);
    if let Some(unknown) = found.iter().find(|t| !known(t.as_str())) {
        return Err(StoreError::UnknownTable(unknown.clone()));
    }
    if let Some(missing) = TABLES.iter().find(|t| !found.iter().any(|f| f == *t)) {
        return Err(StoreError::Corrupt(format!(
            "the table {missing} is missing"
        )));
    }
    Ok(())
}

/// The schema's own tables (not the migrations' record, nor SQLite's internal ones), sorted.
pub async fn table_names(store: &Store) -> StoreResult<Vec<String>> {
    let sql = match store.backend() {
        Backend::Sqlite => {
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'
                AND name <> '_sqlx_migrations' ORDER BY name"
        }
        Backend::Postgres => {
            "SELECT CAST(table_name AS TEXT) FROM information_schema.tables
             WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'
                AND table_name <> '_sqlx_migrations' ORDER BY table_name"
        }
    };
    Ok(sqlx::query_scalar(sql).fetch_all(store.reader()).await?)
}

/// A table's columns in order, with the kind of value each holds.
async fn columns(store: &Store, tx: &mut WriteTx, table: &str) -> StoreResult<Vec<(String, Kind)>> {
    let rows: Vec<(String, String)> = match store.backend() {
        Backend::Sqlite => {
            sqlx::query_as("SELECT name, type FROM pragma_table_info($1) ORDER BY cid")
                .bind(table)
                .fetch_all(&mut **tx)
                .await?
        }
        Backend::Postgres => {
            sqlx::query_as(
                "SELECT CAST(column_name AS TEXT), CAST(data_type AS TEXT) FROM information_schema.columns
                 WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position",
            )
            .bind(table)
            .fetch_all(&mut **tx)
            .await?
        }
    };
    rows.into_iter()
        .map(|(name, ty)| {
            let kind = match ty.to_ascii_lowercase().as_str() {
                "integer" | "bigint" => Kind::Int,
                "real" | "double precision" => Kind::Float,
                "text" => Kind::Text,
                other => {
                    return Err(StoreError::Corrupt(format!(
                        "{table}.{name} has the type {other}, which migrate-db does not copy"
                    )))
                }
            };
            Ok((name, kind))
        })
        .collect()
}

/// Copies one table's rows in batches; returns how many.
async fn copy_table(
    source: &mut WriteTx,
    target: &mut WriteTx,
    table: &str,
    columns: &[(String, Kind)],
) -> StoreResult<u64> {
    let names = columns
        .iter()
        .map(|(name, _)| name.as_str())
        .collect::<Vec<_>>()
        .join(", ");
    // Read in the primary key's order (the first column), so that a copy is the same every time.
    let select = format!("SELECT {names} FROM {table} ORDER BY 1");
    let mut rows = sqlx::query(&select).fetch(&mut **source);
    let mut batch: Vec<AnyRow> = Vec::with_capacity(BATCH);
    let mut count = 0;
    // The source's rows stream while the target is written: two databases, two connections.
    while let Some(row) = rows.try_next().await? {
        batch.push(row);
        if batch.len() == BATCH {
            count += insert(target, table, &names, columns, &batch).await?;
            batch.clear();
        }
    }
    count += insert(target, table, &names, columns, &batch).await?;
    Ok(count)
}

async fn insert(
    target: &mut WriteTx,
    table: &str,
    names: &str,
    columns: &[(String, Kind)],
    rows: &[AnyRow],
) -> StoreResult<u64> {
    if rows.is_empty() {
        return Ok(0);
    }
    let width = columns.len();
    let values = (0..rows.len())
        .map(|r| {
            let row = (1..=width)
                .map(|c| format!("${}", r * width + c))
                .collect::<Vec<_>>()
                .join(", ");
            format!("({row})")
        })
        .collect::<Vec<_>>()
        .join(", ");
    let sql = format!("INSERT INTO {table} ({names}) VALUES {values}");
    let mut query = sqlx::query(&sql);
    for row in rows {
        for (i, (name, kind)) in columns.iter().enumerate() {
            let null = row.try_get_raw(i)?.is_null();
            let wrong = |e: sqlx::Error| {
                StoreError::Corrupt(format!("{table}.{name} holds a value of another kind: {e}"))
            };
            query = match (kind, null) {
                (Kind::Int, true) => query.bind(None::<i64>),
                (Kind::Float, true) => query.bind(None::<f64>),
                (Kind::Text, true) => query.bind(None::<String>),
                (Kind::Int, false) => query.bind(row.try_get::<i64, _>(i).map_err(wrong)?),
                (Kind::Float, false) => query.bind(row.try_get::<f64, _>(i).map_err(wrong)?),
                (Kind::Text, false) => query.bind(row.try_get::<String, _>(i).map_err(wrong)?),
            };
        }
    }
    Ok(query.execute(&mut **target).await?.rows_affected())
}

/// The id the table's counter gives next: past every id it gave, even of rows since deleted.
async fn next_id(store: &Store, tx: &mut WriteTx, table: &str) -> StoreResult<i64> {
    let max: Option<i64> = sqlx::query_scalar(&format!("SELECT MAX(id) FROM {table}"))
        .fetch_one(&mut **tx)
        .await?;
    let given: Option<i64> = match store.backend() {
        Backend::Sqlite => {
            sqlx::query_scalar("SELECT seq FROM sqlite_sequence WHERE name = $1")
                .bind(table)
                .fetch_optional(&mut **tx)
                .await?
        }
        Backend::Postgres => {
            // `last_value` is the last id given out once `is_called`; before that it is the next one.
            let sql = format!(
                "SELECT CASE WHEN is_called THEN last_value ELSE last_value - 1 END
                 FROM {}",
                sequence(tx, table).await?
            );
            sqlx::query_scalar(&sql).fetch_optional(&mut **tx).await?
        }
    };
    Ok(max.unwrap_or(0).max(given.unwrap_or(0)) + 1)
}

async fn set_next_id(store: &Store, tx: &mut WriteTx, table: &str, next: i64) -> StoreResult<()> {
    match store.backend() {
        Backend::Sqlite => {
            sqlx::query("DELETE FROM sqlite_sequence WHERE name = $1")
                .bind(table)
                .execute(&mut **tx)
                .await?;
            sqlx::query("INSERT INTO sqlite_sequence (name, seq) VALUES ($1, $2)")
                .bind(table)
                .bind(next - 1)
                .execute(&mut **tx)
                .await?;
        }
        Backend::Postgres => {
            let sequence = sequence(tx, table).await?;
            sqlx::query("SELECT CAST(setval(CAST($1 AS regclass), $2, false) AS BIGINT)")
                .bind(sequence)
                .bind(next)
                .execute(&mut **tx)
                .await?;
        }
    }
    Ok(())
}

/// The PostgreSQL sequence behind a table's identity column.
async fn sequence(tx: &mut WriteTx, table: &str) -> StoreResult<String> {
    sqlx::query_scalar::<_, Option<String>>("SELECT pg_get_serial_sequence($1, 'id')")
        .bind(table)
        .fetch_one(&mut **tx)
        .await?
        .ok_or_else(|| StoreError::Corrupt(format!("{table}.id has no sequence")))
}
