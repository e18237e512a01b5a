//! Whether a database holds exactly this binary's schema: the tools that only read (`export`, `puzzles
//! mine`, `render --db`, `web`, `migrate-db --from`) never migrate, so they must refuse, in words that say
//! what to do, a database that an older or a newer binary made.
//!
//! The schema's version is the migrations sqlx recorded in `_sqlx_migrations`: the same versions as this
//! binary embeds, each applied whole and with the same checksum, is this binary's schema.

use std::sync::OnceLock;

use sqlx::AnyPool;

use super::{Backend, Migrations, StoreResult, POSTGRES_MIGRATIONS, SQLITE_MIGRATIONS};

/// How a database's schema differs from this binary's.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SchemaMismatch {
    /// No migration was ever applied: an empty file, or another program's database.
    #[error("the database holds no Namnam schema (an empty file, or not Namnam's): start this version's bot on it once to create it")]
    Empty,
    /// An older binary's schema (or one whose last migration failed part-way).
    #[error("the database's schema is version {found}, older than this binary's {ours}: start this version's bot on it once to upgrade it")]
    Older { found: i64, ours: i64 },
    /// A newer binary's schema.
    #[error("the database's schema is version {found}, newer than this binary's {ours}: this binary is older than the database (use the newer version)")]
    Newer { found: i64, ours: i64 },
    /// A migration of this binary's number was applied with other contents.
    #[error("the database's migration {version} is not this binary's (its checksum differs): it was made by another build of Namnam")]
    Differs { version: i64 },
}

/// The newest migration this binary has for `backend`: the version of its schema.
pub fn schema_version(backend: Backend) -> i64 {
    migrations(backend).versions().last().unwrap_or_default()
}

fn migrations(backend: Backend) -> Migrations {
    match backend {
        Backend::Sqlite => SQLITE_MIGRATIONS,
        Backend::Postgres => POSTGRES_MIGRATIONS,
    }
}

/// A migration as sqlx recorded it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Applied {
    pub(crate) version: i64,
    pub(crate) success: bool,
    pub(crate) checksum: Vec<u8>,
}

/// What `_sqlx_migrations` says of the database reached through `pool`; empty when the table is missing.
pub(crate) async fn applied(pool: &AnyPool, backend: Backend) -> StoreResult<Vec<Applied>> {
    let exists = match backend {
        Backend::Sqlite => {
            "SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = '_sqlx_migrations'"
        }
        Backend::Postgres => {
            "SELECT COUNT(*) FROM information_schema.tables
             WHERE table_schema = current_schema() AND table_name = '_sqlx_migrations'"
        }
    };
    let tables: i64 = sqlx::query_scalar(exists).fetch_one(pool).await?;
    if tables == 0 {
        return Ok(Vec::new());
    }
    // `success` is a BOOLEAN on PostgreSQL and an integer on SQLite: compared in SQL, it is an integer on
    // both. The checksum is a BLOB / BYTEA, which `Any` carries as bytes.
    let rows: Vec<(i64, i64, Vec<u8>)> = sqlx::query_as(
        "SELECT version, CASE WHEN success THEN 1 ELSE 0 END, checksum FROM _sqlx_migrations
         ORDER BY version",
    )
    .fetch_all(pool)
    .await?;
    Ok(rows
        .into_iter()
        .map(|(version, success, checksum)| Applied {
            version,
            success: success != 0,
            checksum,
        })
        .collect())
}

/// Whether `applied` is exactly `ours` (version and checksum of each), and if not, how it differs.
pub(crate) fn compare(applied: &[Applied], ours: &[(i64, Vec<u8>)]) -> Result<(), SchemaMismatch> {
    let newest_ours = ours.last().map(|(v, _)| *v).unwrap_or_default();
    let Some(newest) = applied.last().map(|a| a.version) else {
        return Err(SchemaMismatch::Empty);
    };
    if let Some(unknown) = applied
        .iter()
        .find(|a| !ours.iter().any(|(v, _)| *v == a.version))
    {
        // A version this binary does not have: a later binary's, unless it comes before our newest
        // (then it is another build's).
        return Err(if unknown.version > newest_ours {
            SchemaMismatch::Newer {
                found: newest,
                ours: newest_ours,
            }
        } else {
            SchemaMismatch::Differs {
                version: unknown.version,
            }
        });
    }
    for (version, checksum) in ours {
        match applied.iter().find(|a| a.version == *version) {
            Some(a) if a.checksum != *checksum => {
                return Err(SchemaMismatch::Differs { version: *version })
            }
            Some(a) if a.success => {}
            // Missing, or applied part-way: what is complete comes before it.
            _ => {
                let found = applied
                    .iter()
                    .take_while(|a| a.success && a.version < *version)
                    .map(|a| a.version)
                    .last()
                    .unwrap_or_default();
                return Err(SchemaMismatch::Older {
                    found,
                    ours: newest_ours,
                });
            }
        }
    }
    Ok(())
}

/// This binary's migrations for `backend` with their checksums, computed once (a health check asks often).
fn ours(backend: Backend) -> &'static [(i64, Vec<u8>)] {
    static SQLITE: OnceLock<Vec<(i64, Vec<u8>)>> = OnceLock::new();
    static POSTGRES: OnceLock<Vec<(i64, Vec<u8>)>> = OnceLock::new();
    let cell = match backend {
        Backend::Sqlite => &SQLITE,
        Backend::Postgres => &POSTGRES,
    };
    cell.get_or_init(|| migrations(backend).checksums())
}

/// Checks that the database behind `pool` holds exactly this binary's schema for `backend`.
pub(crate) async fn check(pool: &AnyPool, backend: Backend) -> StoreResult<()> {
    let applied = applied(pool, backend).await?;
    compare(&applied, ours(backend))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ours() -> Vec<(i64, Vec<u8>)> {
        vec![(1, vec![1]), (2, vec![2]), (5, vec![5])]
    }

    fn applied(rows: &[(i64, bool, u8)]) -> Vec<Applied> {
        rows.iter()
            .map(|&(version, success, sum)| Applied {
                version,
                success,
                checksum: vec![sum],
            })
            .collect()
    }

    #[test]
    fn the_same_migrations_are_this_schema() {
        let all = applied(&[(1, true, 1), (2, true, 2), (5, true, 5)]);
        assert_eq!(compare(&all, &ours()), Ok(()));
    }

    #[test]
    fn each_difference_is_named_with_both_versions() {
        assert_eq!(compare(&[], &ours()), Err(SchemaMismatch::Empty));
        assert_eq!(
            compare(&applied(&[(1, true, 1), (2, true, 2)]), &ours()),
            Err(SchemaMismatch::Older { found: 2, ours: 5 })
        );
        // The last migration failed part-way: the schema is the one before it.
        assert_eq!(
            compare(
                &applied(&[(1, true, 1), (2, true, 2), (5, false, 5)]),
                &ours()
            ),
            Err(SchemaMismatch::Older { found: 2, ours: 5 })
        );
        assert_eq!(
            compare(
                &applied(&[(1, true, 1), (2, true, 2), (5, true, 5), (6, true, 6)]),
                &ours()
            ),
            Err(SchemaMismatch::Newer { found: 6, ours: 5 })
        );
        assert_eq!(
            compare(
                &applied(&[(1, true, 1), (2, true, 9), (5, true, 5)]),
                &ours()
            ),
            Err(SchemaMismatch::Differs { version: 2 })
        );
        assert_eq!(
            compare(&applied(&[(1, true, 1), (3, true, 3)]), &ours()),
            Err(SchemaMismatch::Differs { version: 3 })
        );
    }
}
