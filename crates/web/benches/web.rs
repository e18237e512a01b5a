//! `namnam web`'s speed (issue 33, "Fast"): its pages answered over the loopback to an open-loop load.
//!
//! - setup, in this process: a fresh SQLite file filled through the real core (on a hand-moved clock): a
//!   server of 1,000 rated players (500 matches of two new players: one move, then a resignation, which is
//!   rated) and one match played to its end (one whole round) by two of them; the server's page turned on
//!   (`admin settings web:yes`); then `namnam web`'s router on that file opened read-only, with a budget
//!   that never refuses, on 127.0.0.1:0;
//! - open loop: requests leave on a fixed schedule (every 1/rate s), each on its own task, whether or not
//!   the earlier ones were answered, through one reused `reqwest::Client` (HTTP/1.1, keep-alive, a pool);
//!   a request's latency runs from its *scheduled* departure to the end of its body, so queueing shows.
//!   The schedule is kept by a thread of its own (the OS's sleep, finer than tokio's 1 ms timer); the
//!   client has its own runtime (one thread), the server another (one thread a core), as two processes
//!   would;
//! - three targets, one run each after a warm-up at the same rate: the leaderboard (page 1 of 20: 50 rows
//!   a page), the finished match's page at its middle position, and that position's picture (drawn once
//!   before the run, then served from the cache).
//!
//! Run: `cargo bench -p namnam-web --bench web` (options: `-- --rate 200 --seconds 10 --warmup 1
//! --players 1000 --only leaderboard|match|picture`). Issue 33's targets, at 200 requests a second: the
//! leaderboard and the match page at median ≤ 5 ms and p99 ≤ 20 ms, the cached picture at p99 ≤ 5 ms.
//! It prints the load average at its start and end. Figures: docs/web.md ("Speed").

use namnam_core::{
    Core, CoreConfig, ManualClock, Place, PlaceNames, Reply, Request, Resolver, UserRef,
};
use namnam_model::{ChannelId, MatchId, ServerId, UserId};
use namnam_store::{self as store};
use namnam_web::{Budget, WebOptions};
use std::sync::Arc;
use std::time::{Duration, Instant};

const SERVER: ServerId = ServerId(1_100_000_000_000_000_001);
/// 2026-01-01 00:00 UTC.
const START_MS: i64 = 1_767_225_600_000;

fn arg(name: &str) -> Option<String> {
    let args: Vec<String> = std::env::args().collect();
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .cloned()
}

fn number_arg(name: &str, default: f64) -> f64 {
    arg(name).and_then(|v| v.parse().ok()).unwrap_or(default)
}

/// Users and channels by name, as the core's tests name them.
struct Names;

impl Resolver for Names {
    fn user(&self, name: &str) -> Option<UserRef> {
        Some(UserRef::human(UserId::of_name(name), name))
    }
    fn channel(&self, name: &str) -> Option<ChannelId> {
        Some(ChannelId::of_name(name))
    }
}

/// `line` as `user` in `#channel`, as the console would send it (`user` is an admin when so named).
fn request(channel: &str, user: &str, line: &str) -> Request {
    let mut tokens = line.split_whitespace();
    let name = tokens.next().expect("a command");
    let (mut words, mut options) = (Vec::new(), Vec::new());
    for t in tokens {
        match t.split_once(':') {
            Some(pair) => options.push(pair),
            None => words.push(t),
        }
    }
    let command =
        namnam_core::Command::parse(name, &words, &options, &Names).expect("the command parses");
    Request {
        place: Place::ServerChannel {
            server: SERVER,
            channel: ChannelId::of_name(channel),
        },
        names: PlaceNames {
            server: Some("bench".into()),
            channel: channel.into(),
        },
        user: Names.user(user).expect("a user"),
        can_manage: user.starts_with("admin"),
        language: Default::default(),
        server_locale: None,
        command,
    }
}

async fn ok(core: &Core, channel: &str, user: &str, line: &str) -> Reply {
    match core.try_handle(&request(channel, user, line)).await {
        Ok(reply) => reply,
        Err(e) => panic!("{user}: `{line}` was refused: {e}"),
    }
}

fn to_move(reply: &Reply) -> Option<String> {
    let board = reply.board.state.as_ref()?;
    board.to_move.map(|p| board.names.get(p).to_owned())
}

fn legal_houses(reply: &Reply) -> Vec<u8> {
    let board = reply.board.state.as_ref().expect("a board");
    board
        .position
        .legal_moves()
        .iter()
        .map(|h| h.label())
        .collect()
}

/// What the bench reads: the server's token, the finished match and its number of moves.
struct Server {
    token: String,
    finished: MatchId,
    plies: u32,
}

/// Fills the database at `url` through the core: `players` rated players and one finished match.
async fn fill(url: &str, players: u32) -> Server {
    let clock = Arc::new(ManualClock::new(START_MS));
    let store = store::Store::open(url).await.expect("the database");
    // The pictures drawn after each move are not what is measured here.
    let config = CoreConfig {
        pictures: false,
        ..CoreConfig::default()
    };
    let core = Core::new(store, clock.clone(), config);
    let started = Instant::now();
    for pair in 0..players.div_ceil(2) {
        let (a, b, channel) = (
            format!("p{}", 2 * pair),
            format!("p{}", 2 * pair + 1),
            format!("t{pair}"),
        );
        ok(
            &core,
            &channel,
            &a,
            &format!("challenge opponent:{b} first:challenger"),
        )
        .await;
        let board = ok(&core, &channel, &b, "accept").await;
        let house = legal_houses(&board)[0];
        ok(&core, &channel, &a, &format!("move house:{house}")).await;
        // A resignation after the first move: a rated match.
        ok(&core, &channel, &b, "resign confirm:yes").await;
        clock.advance_secs(60);
    }
    // One match played to its end (one whole round), between two of the players.
    ok(
        &core,
        "final",
        "p0",
        "challenge opponent:p1 first:challenger rounds:1",
    )
    .await;
    let mut reply = ok(&core, "final", "p1", "accept").await;
    let finished = reply.board.state.as_ref().expect("a board").match_id;
    let mut rng = namnam_game::rng::SeededRng::new(7);
    let mut plies = 0;
    while let Some(player) = to_move(&reply) {
        assert!(plies < 2_000, "the match ends");
        let legal = legal_houses(&reply);
        let house = legal[rng.below(legal.len())];
        reply = ok(&core, "final", &player, &format!("move house:{house}")).await;
        clock.advance_secs(5);
        plies += 1;
    }
    ok(&core, "general", "admin", "admin settings web:yes").await;
    let reader = core.store().reader();
    let token = store::web_token(reader, SERVER)
        .await
        .expect("the token reads")
        .expect("the page is on");
    let (_, rated) = store::leaderboard(reader, SERVER, 1, 1)
        .await
        .expect("the leaderboard");
    assert_eq!(rated, players, "every player is rated");
    println!(
        "setup: {rated} rated players, match {finished} finished in {plies} moves, filled in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    core.store().close().await;
    Server {
        token,
        finished,
        plies,
    }
}

/// One request's fate: its latency from its scheduled departure, whether it was a 200, its body's size.
struct Sample {
    latency: Duration,
    ok: bool,
    bytes: usize,
    /// From its scheduled departure to its task's start: the generator's own delay.
    lag: Duration,
}

/// Sends GET `url` every `1/rate` s for `seconds`, each on its own task; every request's fate.
fn open_loop(
    client_runtime: &tokio::runtime::Runtime,
    client: &reqwest::Client,
    url: &str,
    rate: f64,
    seconds: f64,
) -> Vec<Sample> {
    let total = (rate * seconds).round() as u64;
    let period = Duration::from_secs_f64(1.0 / rate);
    let start = Instant::now() + Duration::from_millis(5);
    let mut tasks = Vec::with_capacity(total as usize);
    for i in 0..total {
        let due = start + period.mul_f64(i as f64);
        let now = Instant::now();
        if due > now {
            std::thread::sleep(due - now);
        }
        let (client, url) = (client.clone(), url.to_owned());
        tasks.push(client_runtime.spawn(async move {
            let lag = due.elapsed();
            let (ok, bytes) = match client.get(&url).send().await {
                Ok(response) => {
                    let status = response.status();
                    match response.bytes().await {
                        Ok(body) => (status == reqwest::StatusCode::OK, body.len()),
                        Err(_) => (false, 0),
                    }
                }
                Err(_) => (false, 0),
            };
            Sample {
                latency: due.elapsed(),
                ok,
                bytes,
                lag,
            }
        }));
    }
    client_runtime.block_on(async {
        let mut samples = Vec::with_capacity(tasks.len());
        for task in tasks {
            samples.push(task.await.expect("a request's task"));
        }
        samples
    })
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn report(name: &str, samples: &[Sample], rate: f64) {
    let mut latencies: Vec<Duration> = samples.iter().map(|s| s.latency).collect();
    latencies.sort();
    let errors = samples.iter().filter(|s| !s.ok).count();
    let at = |q: f64| latencies[((latencies.len() - 1) as f64 * q).round() as usize];
    let mut lags: Vec<Duration> = samples.iter().map(|s| s.lag).collect();
    lags.sort();
    let bytes = samples.iter().find(|s| s.ok).map_or(0, |s| s.bytes);
    println!(
        "{name}: {} requests at {rate}/s, {errors} errors, median {:.2} ms, p90 {:.2} ms, p99 {:.2} ms, \
         max {:.2} ms ({bytes} bytes; the generator's own lag: median {:.3} ms, p99 {:.3} ms)",
        latencies.len(),
        ms(at(0.5)),
        ms(at(0.9)),
        ms(at(0.99)),
        ms(*latencies.last().expect("samples")),
        ms(lags[lags.len() / 2]),
        ms(lags[((lags.len() - 1) as f64 * 0.99).round() as usize]),
    );
    println!(
        "| {name} | {} | {errors} | {:.2} | {:.2} | {:.2} | {:.2} |",
        latencies.len(),
        ms(at(0.5)),
        ms(at(0.9)),
        ms(at(0.99)),
        ms(*latencies.last().expect("samples")),
    );
}

/// The machine's load average (1, 5 and 15 minutes), as `/proc/loadavg` gives it.
fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "unknown".into())
}

fn main() {
    let rate = number_arg("--rate", 200.0);
    let seconds = number_arg("--seconds", 10.0);
    let warmup = number_arg("--warmup", 1.0);
    let players = number_arg("--players", 1000.0) as u32;
    let only = arg("--only");
    println!("load average at the start: {}", load_average());

    let server_runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("the server's runtime");
    let client_runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .expect("the client's runtime");
    let dir = tempfile::tempdir().expect("a temporary folder");
    let url = format!("sqlite://{}", dir.path().join("web.db").display());
    let (server, addr) = server_runtime.block_on(async {
        let server = fill(&url, players).await;
        let store = namnam_web::open(&url)
            .await
            .expect("the database opens read-only");
        let options = WebOptions {
            budget: Budget {
                per_minute: 1_000_000,
                burst: 1_000_000,
            },
            cache_bytes: namnam_web::DEFAULT_CACHE_BYTES,
            // The load generator is one address.
            connections: namnam_web::Connections {
                max_per_address: 4096,
                ..Default::default()
            },
            ..WebOptions::default()
        };
        let router = namnam_web::router(store, options.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("a port on the loopback");
        let addr = listener.local_addr().expect("its address");
        tokio::spawn(namnam_web::serve(
            listener,
            router,
            &options,
            std::future::pending(),
        ));
        (server, addr)
    });

    let client = client_runtime
        .block_on(async {
            reqwest::Client::builder()
                .timeout(Duration::from_secs(10))
                .build()
        })
        .expect("a client");
    let base = format!("http://{addr}/s/{}", server.token);
    let middle = server.plies / 2;
    let match_path = format!("{base}/matches/{}", server.finished);
    let targets = [
        ("leaderboard", format!("{base}/")),
        ("match", format!("{match_path}?ply={middle}")),
        ("picture", format!("{match_path}/{middle}.png")),
    ];

    // What the pages hold.
    let first = |url: &str| {
        client_runtime.block_on(async {
            let response = client.get(url).send().await.expect("an answer");
            assert_eq!(response.status(), reqwest::StatusCode::OK, "{url}");
            response.bytes().await.expect("a body")
        })
    };
    let leaderboard = String::from_utf8_lossy(&first(&targets[0].1)).into_owned();
    let rows = leaderboard.matches("/players/").count();
    println!(
        "leaderboard page 1: {rows} players shown of {players}, {} a next page, {} bytes",
        match leaderboard.contains("?page=2") {
            true => "with",
            false => "without",
        },
        leaderboard.len()
    );
    let match_page = first(&targets[1].1);
    println!(
        "match page at move {middle} of {}: {} bytes",
        server.plies,
        match_page.len()
    );
    // The picture is drawn once here; the run reads it from the cache.
    let picture = first(&targets[2].1);
    println!("picture of move {middle}: {} bytes", picture.len());

    for (name, url) in &targets {
        if only.as_deref().is_some_and(|o| o != *name) {
            continue;
        }
        open_loop(&client_runtime, &client, url, rate, warmup);
        println!("load average before {name}: {}", load_average());
        let samples = open_loop(&client_runtime, &client, url, rate, seconds);
        report(name, &samples, rate);
    }
    println!("load average at the end: {}", load_average());
    drop(server_runtime);
}
