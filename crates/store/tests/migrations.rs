//! The migrations the store embeds are exactly what sqlx itself reads from `migrations/` (its resolver, the
//! one `sqlx::migrate!` and `sqlx migrate run` use): the same versions, descriptions, types, transaction
//! settings and checksums. A file left out of the build would never run, and a checksum that differed from
//! what an earlier build stored would stop every existing database from opening.

use namnam_store::{Migrations, POSTGRES_MIGRATIONS, SQLITE_MIGRATIONS};
use sqlx::migrate::Migrator;
use std::path::Path;

type Seen = (i64, String, String, bool, Vec<u8>);

fn seen(migrator: &Migrator) -> Vec<Seen> {
    migrator
        .iter()
        .map(|m| {
            let kind = format!("{:?}", m.migration_type);
            (
                m.version,
                m.description.to_string(),
                kind,
                m.no_tx,
                m.checksum.to_vec(),
            )
        })
        .collect()
}

async fn check(migrations: Migrations, backend: &str) {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("migrations")
        .join(backend);
    let files = Migrator::new(folder.as_path())
        .await
        .expect("sqlx reads the folder");
    let embedded = migrations.migrator().await.expect("the migrations resolve");
    assert!(files.iter().count() >= 10, "{} files", files.iter().count());
    assert_eq!(seen(&embedded), seen(&files));
}

#[tokio::test]
async fn the_sqlite_migrations_are_the_files() {
    check(SQLITE_MIGRATIONS, "sqlite").await;
}

#[tokio::test]
async fn the_postgres_migrations_are_the_files() {
    check(POSTGRES_MIGRATIONS, "postgres").await;
}

#[tokio::test]
async fn both_backends_have_the_same_versions() {
    let versions = |m: Migrator| {
        m.iter()
            .map(|m| (m.version, m.description.to_string()))
            .collect::<Vec<_>>()
    };
    let sqlite = SQLITE_MIGRATIONS.migrator().await.unwrap();
    let postgres = POSTGRES_MIGRATIONS.migrator().await.unwrap();
    assert_eq!(versions(sqlite), versions(postgres));
}
