//! No credential in any output: a password planted in `DATABASE_URL`, `DISCORD_PROXY_URL` and `--db` never
//! reaches what the bot and the tools print, their `RUST_LOG=trace` logs included (serenity's request
//! spans, which print its client and proxy address, and sqlx's). Nothing here reaches the internet: the
//! proxy and the databases are closed ports of the loopback.

use std::io::Read;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use namnam_testkit::PATIENCE;

/// The passwords planted, each found nowhere in the output.
const PROXY_PASSWORD: &str = "planted-proxy-pw-7f3a";
const DATABASE_PASSWORD: &str = "planted-db-pw-91c2";

/// A port of the loopback where nothing listens: a connection there is refused at once.
fn closed_port() -> u16 {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a free port");
    listener.local_addr().unwrap().port()
}

/// `namnam` with `args`, in an empty folder (no `.env`), with only `vars` of the namnam settings set.
fn namnam(folder: &std::path::Path, args: &[&str], vars: &[(&str, String)]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_namnam"));
    command
        .args(args)
        .current_dir(folder)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for name in [
        "DATABASE_URL",
        "DISCORD_PROXY_URL",
        "DISCORD_TOKEN",
        "RUST_LOG",
    ] {
        command.env_remove(name);
    }
    for (name, value) in vars {
        command.env(name, value);
    }
    command
}

/// Everything `child` prints on either stream, until it ends or has printed `until` (then it is killed),
/// waiting at most [`PATIENCE`].
fn output_of(mut child: Child, until: Option<&str>) -> String {
    let printed = Arc::new(Mutex::new(Vec::new()));
    let readers: Vec<_> = [
        Box::new(child.stdout.take().unwrap()) as Box<dyn Read + Send>,
        Box::new(child.stderr.take().unwrap()),
    ]
    .into_iter()
    .map(|mut stream| {
        let printed = printed.clone();
        std::thread::spawn(move || {
            let mut chunk = [0; 8192];
            while let Ok(n @ 1..) = stream.read(&mut chunk) {
                printed.lock().unwrap().extend_from_slice(&chunk[..n]);
            }
        })
    })
    .collect();
    let deadline = std::time::Instant::now() + PATIENCE;
    loop {
        let seen = until.is_some_and(|marker| {
            String::from_utf8_lossy(&printed.lock().unwrap()).contains(marker)
        });
        if seen || child.try_wait().unwrap().is_some() {
            break;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "namnam neither ended nor printed {until:?}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    let _ = child.kill();
    let _ = child.wait();
    for reader in readers {
        reader.join().unwrap();
    }
    let printed = printed.lock().unwrap();
    String::from_utf8_lossy(&printed).into_owned()
}

/// `text` holds none of the planted passwords (as written or percent-encoded).
fn assert_clean(what: &str, text: &str) {
    for secret in [PROXY_PASSWORD, DATABASE_PASSWORD] {
        assert!(!text.contains(secret), "{what} printed a password:\n{text}");
    }
}

/// The bot behind a proxy whose address carries a user and password, with a PostgreSQL database whose URL
/// carries another, at `RUST_LOG=trace`: serenity logs every request's span with its client and proxy
/// address, and the bot retries while the proxy refuses. (It talks to Discord before it opens the
/// database: the tools' test below has sqlx's connection to a database with a password.)
#[test]
fn the_bot_at_trace_prints_no_password() {
    let folder = tempfile::tempdir().unwrap();
    let vars = [
        (
            "DISCORD_TOKEN",
            "MTEwMDAwMDAwMDAwMDAwMDAwMQ.Gx7Kfake.secret-token-for-secrets".to_owned(),
        ),
        (
            "DISCORD_PROXY_URL",
            format!("http://bot:{PROXY_PASSWORD}@127.0.0.1:{}", closed_port()),
        ),
        (
            "DATABASE_URL",
            format!(
                "postgres://namnam:{DATABASE_PASSWORD}@127.0.0.1:{}/namnam",
                closed_port()
            ),
        ),
        ("RUST_LOG", "trace".to_owned()),
    ];
    let child = namnam(folder.path(), &["run"], &vars)
        .spawn()
        .expect("the binary runs");
    // The bot's own retry, after serenity has tried (and logged) a request through the proxy.
    let printed = output_of(child, Some("Discord did not answer"));
    assert!(
        printed.contains("proxy: Some(\"http://"),
        "serenity's request spans, with its proxy, are logged at trace:\n{printed}"
    );
    assert_clean("namnam run", &printed);
}

/// Every tool that takes `--db` (or `DATABASE_URL`), pointed at a PostgreSQL database whose URL carries a
/// password, prints its error (and its trace logs) without it.
#[test]
fn the_tools_print_no_password_of_their_database() {
    let folder = tempfile::tempdir().unwrap();
    let url = format!(
        "postgres://namnam:{DATABASE_PASSWORD}@127.0.0.1:{}/namnam",
        closed_port()
    );
    let out = folder.path().join("x.png");
    let out = out.to_str().unwrap();
    let tools: [&[&str]; 6] = [
        &["render", "--db", &url, "--match", "1", "--out", out],
        &["export", "--db", &url, "--match", "1"],
        &["puzzles", "mine", "--db", &url],
        &["migrate-db", "--from", &url, "--to", "sqlite://copy.db"],
        &["web", "--db", &url, "--listen", "127.0.0.1:0"],
        &["console", "--db", &url],
    ];
    // All at once: each waits out its connection attempts (10 to 30 s) before it gives up.
    let trace = [("RUST_LOG", "trace".to_owned())];
    let running: Vec<(&str, Child)> = tools
        .iter()
        .map(|args| {
            let child = namnam(folder.path(), args, &trace).spawn();
            (args[0], child.expect("the binary runs"))
        })
        .collect();
    for (tool, child) in running {
        let printed = output_of(child, None);
        assert!(
            printed.contains("namnam:***@127.0.0.1"),
            "{tool}: the database is named without its password:\n{printed}"
        );
        assert_clean(tool, &printed);
    }
    // The same URL from the environment.
    let from_env = [
        ("DATABASE_URL", url.clone()),
        ("RUST_LOG", "trace".to_owned()),
    ];
    let child = namnam(folder.path(), &["export", "--match", "1"], &from_env)
        .spawn()
        .expect("the binary runs");
    assert_clean("export from DATABASE_URL", &output_of(child, None));
}
