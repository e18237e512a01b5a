//! The migrations the store embeds are exactly the files in `migrations/`, with the checksums sqlx computes
//! (SHA-384 of the text): a file left out of the build would never run, and a checksum that differed from
//! what an earlier build stored would stop every existing database from opening.

use namnam_store::{Migrations, POSTGRES_MIGRATIONS, SQLITE_MIGRATIONS};
use sha2::{Digest, Sha384};
use sqlx::migrate::Migrator;
use std::path::Path;

/// `(version, description, checksum)` of each `.sql` file in `migrations/<backend>/`, in version order.
fn files(backend: &str) -> Vec<(i64, String, Vec<u8>)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("migrations")
        .join(backend);
    let mut found: Vec<(i64, String, Vec<u8>)> = std::fs::read_dir(&dir)
        .expect("the migrations folder")
        .map(|entry| entry.expect("a folder entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "sql"))
        .map(|path| {
            let name = path.file_stem().unwrap().to_string_lossy().into_owned();
            let (version, description) = name.split_once('_').expect("VERSION_description.sql");
            let sql = std::fs::read(&path).unwrap();
            (
                version.parse().expect("a numeric version"),
                description.replace('_', " "),
                Sha384::digest(&sql).to_vec(),
            )
        })
        .collect();
    found.sort();
    found
}

async fn embedded(migrations: Migrations) -> Vec<(i64, String, Vec<u8>)> {
    let migrator: Migrator = migrations.migrator().await.expect("the migrations resolve");
    migrator
        .iter()
        .map(|m| (m.version, m.description.to_string(), m.checksum.to_vec()))
        .collect()
}

#[tokio::test]
async fn the_sqlite_migrations_are_the_files() {
    let files = files("sqlite");
    assert!(files.len() >= 10, "{} files", files.len());
    assert_eq!(embedded(SQLITE_MIGRATIONS).await, files);
}

#[tokio::test]
async fn the_postgres_migrations_are_the_files() {
    let files = files("postgres");
    assert!(files.len() >= 10, "{} files", files.len());
    assert_eq!(embedded(POSTGRES_MIGRATIONS).await, files);
}

#[test]
fn both_backends_have_the_same_versions() {
    let versions = |backend| {
        files(backend)
            .into_iter()
            .map(|(v, d, _)| (v, d))
            .collect::<Vec<_>>()
    };
    assert_eq!(versions("sqlite"), versions("postgres"));
}
