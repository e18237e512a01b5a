//! The migrations the store embeds are exactly the files in `migrations/`: a file added there but left out
//! of the build (the macro embeds at compile time) would never run.

use namnam_store::{POSTGRES_MIGRATIONS, SQLITE_MIGRATIONS};
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

fn embedded(migrator: &Migrator) -> Vec<(i64, String, Vec<u8>)> {
    migrator
        .iter()
        .map(|m| (m.version, m.description.to_string(), m.checksum.to_vec()))
        .collect()
}

#[test]
fn the_sqlite_migrations_are_the_files() {
    let files = files("sqlite");
    assert!(files.len() >= 10, "{} files", files.len());
    assert_eq!(embedded(&SQLITE_MIGRATIONS), files);
}

#[test]
fn the_postgres_migrations_are_the_files() {
    let files = files("postgres");
    assert!(files.len() >= 10, "{} files", files.len());
    assert_eq!(embedded(&POSTGRES_MIGRATIONS), files);
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
