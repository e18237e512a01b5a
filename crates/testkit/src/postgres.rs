//! A throwaway PostgreSQL server for the tests: one cluster per test binary, started on first use, and a
//! fresh database in it for each test.
//!
//! The server binaries are looked for in `NAMNAM_PG_BIN`, then in Debian's `/usr/lib/postgresql/<version>/bin`
//! (off the `PATH`), then on the `PATH`. The cluster lives in a folder under the system temp dir and listens
//! only on a socket in that folder. `initdb` and `postgres` refuse to run as root, so as root (as CI runs)
//! they run as the `postgres` user through `runuser`.
//!
//! libtest has no global teardown, so a small supervisor shell owns the server: it waits on a pipe from the
//! test process and, when the pipe closes (the test process ended, however it ended), stops the server and
//! removes the folder.
//!
//! Without the binaries, the PostgreSQL variants of the tests return at once and one line says so — unless
//! `NAMNAM_REQUIRE_POSTGRES=1` (as `.ci/run` sets), under which a missing server fails them.

#![allow(dead_code)] // each test binary uses a different part

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Mutex, Once, OnceLock};
use std::time::{Duration, Instant};

/// The environment variable under which a missing PostgreSQL fails the tests instead of skipping them.
pub const REQUIRE: &str = "NAMNAM_REQUIRE_POSTGRES";

/// A running cluster.
pub struct Cluster {
    /// The folder that holds the data, the socket and the logs.
    dir: PathBuf,
    port: u16,
    /// The supervisor, and our end of its pipe: kept open for as long as this process lives.
    _supervisor: Mutex<(Child, ChildStdin)>,
}

static CLUSTER: OnceLock<Result<Cluster, String>> = OnceLock::new();
static SKIPPED: Once = Once::new();
static DATABASES: AtomicU32 = AtomicU32::new(0);

/// The cluster of this test binary, started on first use; `None` when PostgreSQL is not installed here and
/// not required (the caller skips its test). Panics if it is required and missing, or fails to start.
pub fn cluster() -> Option<&'static Cluster> {
    let required = std::env::var(REQUIRE).is_ok_and(|v| !v.is_empty() && v != "0");
    match CLUSTER.get_or_init(start) {
        Ok(cluster) => Some(cluster),
        Err(why) if !required && why.starts_with(NOT_INSTALLED) => {
            SKIPPED.call_once(|| {
                // Straight to the process's stderr: libtest captures `eprintln!` of passing tests.
                let _ = writeln!(
                    std::io::stderr(),
                    "note: {why}: the PostgreSQL variants of this binary's tests (`cargo test postgres -- \
                     --list` names them) returned without running. Install PostgreSQL (Debian: apt-get install \
                     postgresql) to run them; {REQUIRE}=1 makes this an error."
                );
            });
            None
        }
        Err(why) => panic!("PostgreSQL for the tests: {why}"),
    }
}

/// A new, empty database in the cluster: its URL, or `None` if PostgreSQL is skipped (see [`cluster`]).
pub async fn fresh_database() -> Option<String> {
    let cluster = cluster()?;
    let name = format!(
        "test_{}_{}",
        std::process::id(),
        DATABASES.fetch_add(1, Ordering::Relaxed)
    );
    use sqlx::Connection;
    let mut admin = sqlx::PgConnection::connect(&cluster.url("postgres"))
        .await
        .expect("the test cluster takes connections");
    sqlx::query(&format!("CREATE DATABASE {name}"))
        .execute(&mut admin)
        .await
        .expect("a test database is created");
    admin.close().await.ok();
    Some(cluster.url(&name))
}

impl Cluster {
    /// The URL of `database` in this cluster, through its socket.
    pub fn url(&self, database: &str) -> String {
        format!(
            "postgres://postgres@localhost:{}/{database}?host={}",
            self.port,
            self.dir.display()
        )
    }
}

const NOT_INSTALLED: &str = "no PostgreSQL server binaries were found";

/// The folder of `initdb`, `postgres` and `pg_isready`.
fn binaries() -> Result<PathBuf, String> {
    let has_all = |dir: &Path| {
        ["initdb", "postgres", "pg_isready"]
            .iter()
            .all(|b| dir.join(b).is_file())
    };
    if let Some(dir) = std::env::var_os("NAMNAM_PG_BIN") {
        let dir = PathBuf::from(dir);
        return if has_all(&dir) {
            Ok(dir)
        } else {
            Err(format!(
                "{NOT_INSTALLED} in NAMNAM_PG_BIN={}",
                dir.display()
            ))
        };
    }
    let mut debian: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|entry| {
            let version = entry.file_name().to_str()?.parse::<u32>().ok()?;
            Some((version, entry.path().join("bin")))
        })
        .filter(|(_, bin)| has_all(bin))
        .collect();
    debian.sort();
    if let Some((_, bin)) = debian.pop() {
        return Ok(bin);
    }
    std::env::var_os("PATH")
        .into_iter()
        .flat_map(|path| std::env::split_paths(&path).collect::<Vec<_>>())
        .find(|dir| has_all(dir))
        .ok_or_else(|| {
            format!(
                "{NOT_INSTALLED} (in /usr/lib/postgresql/*/bin, on the PATH, or in NAMNAM_PG_BIN)"
            )
        })
}

/// The supervisor: makes the cluster, starts the server, says `started`, and when its stdin closes stops the
/// server and removes the folder. Arguments: the binaries, the folder, the port, and the command prefix that
/// runs a program as the cluster's owner (empty unless root).
const SUPERVISOR: &str = r#"
bin=$1 dir=$2 port=$3; shift 3
if ! "$@" "$bin/initdb" -D "$dir/data" -U postgres -A trust -E UTF8 --locale=C -N >"$dir/initdb.log" 2>&1; then
    echo "initdb failed: $(tail -n 5 "$dir/initdb.log")"; rm -rf "$dir"; exit 1
fi
"$@" "$bin/postgres" -D "$dir/data" -k "$dir" -p "$port" -c listen_addresses= -c fsync=off \
    -c synchronous_commit=off -c full_page_writes=off -c max_connections=300 >"$dir/server.log" 2>&1 &
echo started
cat >/dev/null
pid=$(head -n 1 "$dir/data/postmaster.pid" 2>/dev/null)
if [ -n "$pid" ]; then
    kill -INT "$pid" 2>/dev/null
    while kill -0 "$pid" 2>/dev/null; do sleep 0.1; done
fi
rm -rf "$dir"
"#;

fn start() -> Result<Cluster, String> {
    let bin = binaries()?;
    let root = unsafe { libc::geteuid() } == 0;
    let dir = tempfile::Builder::new()
        .prefix("namnam-pg.")
        .tempdir()
        .map_err(|e| format!("a folder for the cluster: {e}"))?
        .keep();
    let as_owner: &[&str] = if root {
        // The folder must belong to the user that runs the server.
        let status = Command::new("chown")
            .arg("postgres:")
            .arg(&dir)
            .status()
            .map_err(|e| format!("chown: {e}"))?;
        if !status.success() {
            return Err(
                "as root, the cluster runs as the `postgres` user, and there is none".into(),
            );
        }
        &["runuser", "-u", "postgres", "--"]
    } else {
        &[]
    };
    // The socket's name carries the port; the socket is in our own folder, so any port will do.
    let port = 5432;
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(SUPERVISOR)
        .arg("namnam-pg-supervisor")
        .arg(&bin)
        .arg(&dir)
        .arg(port.to_string())
        .args(as_owner)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("could not start the supervisor: {e}"))?;
    let stdin = child.stdin.take().expect("piped");
    let mut first = String::new();
    BufReader::new(child.stdout.take().expect("piped"))
        .read_line(&mut first)
        .map_err(|e| format!("the supervisor: {e}"))?;
    if first.trim() != "started" {
        return Err(format!("the cluster did not start: {}", first.trim()));
    }
    let cluster = Cluster {
        dir,
        port,
        _supervisor: Mutex::new((child, stdin)),
    };
    let deadline = Instant::now() + crate::PATIENCE;
    loop {
        let ready = Command::new(bin.join("pg_isready"))
            .arg("-q")
            .arg("-h")
            .arg(&cluster.dir)
            .arg("-p")
            .arg(port.to_string())
            .status()
            .is_ok_and(|s| s.success());
        if ready {
            return Ok(cluster);
        }
        if Instant::now() > deadline {
            let log = std::fs::read_to_string(cluster.dir.join("server.log")).unwrap_or_default();
            return Err(format!(
                "the server did not become ready in a minute; its log:\n{log}"
            ));
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}
