//! The tools that only read (`export`, `puzzles mine`, `render --db`, `migrate-db --from`, `web`) never
//! write: a database whose schema is not this binary's is refused in words naming both versions, and the
//! file stays byte for byte as it was, with nothing created beside it. So does a good database that no bot
//! has open.

use std::borrow::Cow;
use std::path::{Path, PathBuf};

use namnam_store::{schema_version, Backend, Store, SQLITE_MIGRATIONS};

use crate::records::{namnam, text};

/// A folder holding one database file, `namnam.db`.
struct Folder {
    dir: tempfile::TempDir,
}

impl Folder {
    fn new() -> Folder {
        Folder {
            dir: tempfile::tempdir().unwrap(),
        }
    }

    fn db(&self) -> PathBuf {
        self.dir.path().join("namnam.db")
    }

    fn url(&self) -> String {
        format!("sqlite://{}", self.db().display())
    }

    /// Every file in the folder with its length and a hash of its bytes.
    fn snapshot(&self) -> Vec<(String, usize, u64)> {
        let mut files: Vec<(String, usize, u64)> = std::fs::read_dir(self.dir.path())
            .unwrap()
            .map(|entry| {
                let path = entry.unwrap().path();
                let name = path.file_name().unwrap().to_string_lossy().into_owned();
                let bytes = std::fs::read(&path).unwrap();
                let mut hasher = std::collections::hash_map::DefaultHasher::new();
                std::hash::Hash::hash(&bytes, &mut hasher);
                (name, bytes.len(), std::hash::Hasher::finish(&hasher))
            })
            .collect();
        files.sort();
        files
    }

    /// Puts the database made by `make` (in a folder of its own) here, as a bot leaves it when it stops: in
    /// WAL mode, its log folded back into the file, and nothing beside it. (sqlx closes a connection on its
    /// worker thread after `close` returns, so the log is folded explicitly and only the file copied.)
    async fn holding<F: std::future::Future<Output = ()>>(
        make: impl FnOnce(PathBuf) -> F,
    ) -> Folder {
        let workshop = tempfile::tempdir().unwrap();
        let made = workshop.path().join("made.db");
        make(made.clone()).await;
        sqlx::any::install_default_drivers();
        let pool = sqlx::AnyPool::connect(&format!("sqlite://{}", made.display()))
            .await
            .unwrap();
        sqlx::query("PRAGMA wal_checkpoint(TRUNCATE)")
            .execute(&pool)
            .await
            .unwrap();
        pool.close().await;
        let folder = Folder::new();
        std::fs::copy(&made, folder.db()).unwrap();
        folder
    }
}

/// A database migrated by this binary's first `n` migrations only, as an older binary left it (closed,
/// so that its write-ahead log is folded back into the file and removed).
async fn migrated_up_to(path: &Path, n: usize) {
    sqlx::any::install_default_drivers();
    let url = format!("sqlite://{}?mode=rwc", path.display());
    let pool = sqlx::AnyPool::connect(&url).await.unwrap();
    sqlx::query("PRAGMA journal_mode = WAL")
        .execute(&pool)
        .await
        .unwrap();
    let mut migrator = SQLITE_MIGRATIONS.migrator().await.unwrap();
    migrator.migrations = Cow::Owned(migrator.migrations[..n].to_vec());
    migrator.run(&pool).await.unwrap();
    pool.close().await;
}

/// A database of this binary's schema and one migration more, as a newer binary left it.
async fn one_migration_newer(path: &Path) {
    let store = Store::open(&format!("sqlite://{}", path.display()))
        .await
        .unwrap();
    let mut tx = store.begin().await.unwrap();
    sqlx::query(
        "INSERT INTO _sqlx_migrations (version, description, success, checksum, execution_time)
         VALUES (9999, 'from the future', TRUE, X'00', 0)",
    )
    .execute(&mut *tx)
    .await
    .unwrap();
    tx.commit().await.unwrap();
    store.close().await;
}

/// Each reading tool on `folder`'s database; `web` last (it would serve if it opened).
fn every_reading_tool(folder: &Folder) -> Vec<(&'static str, std::process::Output)> {
    let url = folder.url();
    let target = format!("sqlite://{}", folder.dir.path().join("copy.db").display());
    let out = folder.dir.path().join("board.png");
    vec![
        ("export", namnam(&["export", "--db", &url, "--match", "1"])),
        ("puzzles mine", namnam(&["puzzles", "mine", "--db", &url])),
        (
            "render --db",
            namnam(&[
                "render",
                "--db",
                &url,
                "--match",
                "1",
                "--out",
                out.to_str().unwrap(),
            ]),
        ),
        (
            "migrate-db --from",
            namnam(&["migrate-db", "--from", &url, "--to", &target]),
        ),
        (
            "web",
            namnam(&["web", "--db", &url, "--listen", "127.0.0.1:0"]),
        ),
    ]
}

/// Runs every reading tool on `folder`'s database and checks that each is refused with a message holding
/// every one of `said`, and that the folder is exactly as before.
fn refused_untouched(folder: &Folder, said: &[String]) {
    let before = folder.snapshot();
    for (tool, out) in every_reading_tool(folder) {
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{tool}: {err}");
        for words in said {
            assert!(err.contains(words.as_str()), "{tool} says {words:?}: {err}");
        }
        assert_eq!(
            folder.snapshot(),
            before,
            "{tool} left the folder as it was"
        );
    }
}

#[test]
fn an_empty_file_is_no_schema_and_stays_empty() {
    let folder = Folder::new();
    std::fs::write(folder.db(), b"").unwrap();
    refused_untouched(
        &folder,
        &["no Namnam schema".into(), "start this version's bot".into()],
    );
    assert_eq!(std::fs::metadata(folder.db()).unwrap().len(), 0);
}

#[tokio::test]
async fn an_older_schema_is_refused_and_not_upgraded() {
    let folder = Folder::holding(|db| async move { migrated_up_to(&db, 15).await }).await;
    let ours = schema_version(Backend::Sqlite);
    refused_untouched(
        &folder,
        &[
            "schema is version 15".into(),
            format!("older than this binary's {ours}"),
            "start this version's bot on it once to upgrade it".into(),
        ],
    );
}

#[tokio::test]
async fn a_newer_schema_is_refused() {
    let folder = Folder::holding(|db| async move { one_migration_newer(&db).await }).await;
    let ours = schema_version(Backend::Sqlite);
    refused_untouched(
        &folder,
        &[
            "schema is version 9999".into(),
            format!("newer than this binary's {ours}"),
            "this binary is older than the database".into(),
        ],
    );
}

#[tokio::test]
async fn a_good_database_no_bot_has_open_is_read_without_a_trace() {
    let folder = Folder::holding(|db| async move {
        let store = Store::open(&format!("sqlite://{}", db.display()))
            .await
            .unwrap();
        store.close().await;
    })
    .await;
    let before = folder.snapshot();
    assert_eq!(before.len(), 1, "only the database: {before:?}");
    let out = namnam(&["export", "--db", &folder.url(), "--match", "1"]);
    assert!(
        text(&out.stderr).contains("there is no match #1"),
        "{}",
        text(&out.stderr)
    );
    let out = namnam(&["puzzles", "mine", "--db", &folder.url()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(
        folder.snapshot(),
        before,
        "nothing written, nothing beside it"
    );
}

#[tokio::test]
async fn beside_a_running_bot_the_web_opens_and_notices_a_replaced_file() {
    let folder = Folder::new();
    let bot = Store::open(&folder.url()).await.unwrap();
    let web = Store::open_read_only(&folder.url()).await.unwrap();
    web.check()
        .await
        .expect("the same file, this binary's schema");
    let wrote = async {
        let mut tx = web.begin().await?;
        sqlx::query("DELETE FROM servers").execute(&mut *tx).await?;
        tx.commit().await?;
        anyhow::Ok(())
    };
    assert!(wrote.await.is_err(), "a reading store never writes");

    // The file is replaced (a restore from a backup, say): pooled connections would go on reading the
    // old one, so the check says so.
    let other = Folder::new();
    Store::open(&other.url()).await.unwrap().close().await;
    std::fs::rename(other.db(), folder.db()).unwrap();
    let err = web.check().await.unwrap_err();
    assert!(
        matches!(err, namnam_store::StoreError::Replaced(_)),
        "{err}"
    );
    std::fs::remove_file(folder.db()).unwrap();
    let err = web.check().await.unwrap_err();
    assert!(matches!(err, namnam_store::StoreError::Missing(_)), "{err}");
    web.close().await;
    bot.close().await;
}

#[tokio::test]
async fn postgres_an_older_or_newer_schema_is_refused_and_left_as_it_was() {
    let Some(url) = namnam_testkit::postgres::fresh_database().await else {
        return;
    };
    let ours = schema_version(Backend::Postgres);
    let mut migrator = namnam_store::POSTGRES_MIGRATIONS.migrator().await.unwrap();
    migrator.migrations = Cow::Owned(migrator.migrations[..15].to_vec());
    sqlx::any::install_default_drivers();
    let pool = sqlx::AnyPool::connect(&url).await.unwrap();
    migrator.run(&pool).await.unwrap();
    let versions = || async {
        sqlx::query_scalar::<_, i64>("SELECT version FROM _sqlx_migrations ORDER BY version")
            .fetch_all(&pool)
            .await
            .unwrap()
    };
    let before = versions().await;
    let err = Store::open_read_once(&url).await.unwrap_err().to_string();
    assert!(
        err.contains(&format!("version 15, older than this binary's {ours}")),
        "{err}"
    );
    let out = namnam(&["export", "--db", &url, "--match", "1"]);
    assert!(
        text(&out.stderr).contains("start this version's bot on it once to upgrade it"),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(versions().await, before, "nothing migrated");

    Store::open(&url).await.unwrap().close().await;
    sqlx::query(
        "INSERT INTO _sqlx_migrations (version, description, success, checksum, execution_time)
         VALUES (9999, 'from the future', TRUE, '\\x00', 0)",
    )
    .execute(&pool)
    .await
    .unwrap();
    let err = Store::open_read_only(&url).await.unwrap_err().to_string();
    assert!(
        err.contains("this binary is older than the database"),
        "{err}"
    );
    pool.close().await;
}

/// This binary's schema with one server in it, as a bot that ran a little left it.
async fn holding_a_server(path: &Path) {
    let store = Store::open(&format!("sqlite://{}", path.display()))
        .await
        .unwrap();
    let mut tx = store.begin().await.unwrap();
    sqlx::query("INSERT INTO servers (id, name, created_at) VALUES (1, 'somewhere', 0)")
        .execute(&mut *tx)
        .await
        .unwrap();
    tx.commit().await.unwrap();
    store.close().await;
}

/// Another program's database: a table of its own, no Namnam schema.
async fn another_programs(path: &Path) {
    sqlx::any::install_default_drivers();
    let url = format!("sqlite://{}?mode=rwc", path.display());
    let pool = sqlx::AnyPool::connect(&url).await.unwrap();
    sqlx::query("CREATE TABLE invoices (id INTEGER PRIMARY KEY, total INTEGER)")
        .execute(&pool)
        .await
        .unwrap();
    pool.close().await;
}

/// `migrate-db --to` a database that is not new — an older schema, a newer one, this one with rows,
/// another program's — is refused before anything is written to it: its folder stays byte for byte as it
/// was (an older target used to be migrated, and only then refused as not empty). A new file and an empty
/// one take the copy.
#[tokio::test]
async fn migrate_db_refuses_a_target_that_is_not_new_before_writing_to_it() {
    let source = Folder::holding(|db| async move { holding_a_server(&db).await }).await;
    let ours = schema_version(Backend::Sqlite);
    let targets = [
        (
            Folder::holding(|db| async move { migrated_up_to(&db, 15).await }).await,
            format!("version 15, older than this binary's {ours}"),
        ),
        (
            Folder::holding(|db| async move { one_migration_newer(&db).await }).await,
            format!("newer than this binary's {ours}"),
        ),
        (
            Folder::holding(|db| async move { holding_a_server(&db).await }).await,
            "its table servers has rows".to_owned(),
        ),
        (
            Folder::holding(|db| async move { another_programs(&db).await }).await,
            "holds the table invoices but no Namnam schema".to_owned(),
        ),
    ];
    for (target, said) in &targets {
        let before = target.snapshot();
        let out = namnam(&["migrate-db", "--from", &source.url(), "--to", &target.url()]);
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{err}");
        assert!(err.contains(said.as_str()), "says {said:?}: {err}");
        assert!(
            err.contains("left it as it was") || said.contains("rows"),
            "{err}"
        );
        assert_eq!(target.snapshot(), before, "the target is as it was: {said}");
    }
    for new in [false, true] {
        let target = Folder::new();
        if new {
            std::fs::write(target.db(), b"").unwrap();
        }
        let out = namnam(&["migrate-db", "--from", &source.url(), "--to", &target.url()]);
        assert!(out.status.success(), "{}", text(&out.stderr));
    }
}

/// `namnam web` on `folder`'s database until it serves, then Ctrl-C (SIGINT); `during` looks at the
/// folder while it serves. Returns what `during` saw.
fn web_until_interrupted<T>(folder: &Folder, during: impl FnOnce() -> T) -> T {
    use std::io::{BufRead, BufReader};
    let mut web = std::process::Command::new(env!("CARGO_BIN_EXE_namnam"))
        .args(["web", "--db", &folder.url(), "--listen", "127.0.0.1:0"])
        .env_remove("RUST_LOG")
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the binary runs");
    // Its log lines, read as they come; it says when it serves (or ends, when it cannot).
    let (said, lines) = std::sync::mpsc::channel();
    let stderr = BufReader::new(web.stderr.take().unwrap());
    let reader = std::thread::spawn(move || {
        for line in stderr.lines().map_while(Result::ok) {
            let _ = said.send(line);
        }
    });
    let mut before = Vec::new();
    loop {
        match lines.recv_timeout(namnam_testkit::PATIENCE) {
            Ok(line) if line.contains("serving the web pages") => break,
            Ok(line) => before.push(line),
            Err(_) => {
                let _ = web.kill();
                panic!("web did not serve: {}", before.join("\n"));
            }
        }
    }
    let seen = during();
    let pid = i32::try_from(web.id()).unwrap();
    // SAFETY: `pid` is the child's, which has not been waited for yet.
    assert_eq!(unsafe { libc::kill(pid, libc::SIGINT) }, 0);
    let status = web.wait().unwrap();
    reader.join().unwrap();
    let rest: Vec<String> = lines.try_iter().collect();
    assert!(
        status.success(),
        "web ends well on Ctrl-C: {}",
        rest.join("\n")
    );
    seen
}

/// `namnam web` on a file no bot has open makes its `-wal` and `-shm` (a live reader needs them to see a
/// bot's writes) and removes them when it ends: the folder is byte for byte as it was. Beside a running
/// bot it leaves them to the bot.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn web_removes_what_it_made_beside_the_file_unless_a_bot_holds_it() {
    let folder = Folder::holding(|db| async move {
        Store::open(&format!("sqlite://{}", db.display()))
            .await
            .unwrap()
            .close()
            .await;
    })
    .await;
    let before = folder.snapshot();
    assert_eq!(before.len(), 1, "only the database: {before:?}");
    let during = web_until_interrupted(&folder, || folder.snapshot());
    let names: Vec<&str> = during.iter().map(|(name, _, _)| name.as_str()).collect();
    assert_eq!(names, ["namnam.db", "namnam.db-shm", "namnam.db-wal"]);
    assert_eq!(folder.snapshot(), before, "nothing left beside the file");

    // A bot opens the file while web serves: its files stay when web ends.
    let bot = std::sync::Mutex::new(None);
    web_until_interrupted(&folder, || {
        let opened = tokio::task::block_in_place(|| {
            tokio::runtime::Handle::current().block_on(Store::open(&folder.url()))
        });
        *bot.lock().unwrap() = Some(opened.unwrap());
    });
    let names: Vec<String> = folder.snapshot().into_iter().map(|(n, _, _)| n).collect();
    assert_eq!(names, ["namnam.db", "namnam.db-shm", "namnam.db-wal"]);
    let bot = bot.into_inner().unwrap().unwrap();
    bot.close().await;
}
