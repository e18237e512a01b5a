//! The bot core's speed: moves through the core (the transaction, then the pictures) on a real SQLite file.
//!
//! - open loop: moves arrive at a fixed rate (200 a second) spread over 100 live matches, whether or not the
//!   earlier ones are done; each is answered with its transaction and the board PNG (the GIF is a follow-up,
//!   measured apart); latency counts from each move's scheduled arrival, so queueing shows;
//! - the GIF path: moves of two or more laps, one at a time: the reply, then the GIF drawn after it;
//! - closed loop: 8 clients each move as soon as their last move was answered: the most moves a second.
//!
//! Run: `cargo bench --bench core` (options: `-- --rate 200 --matches 100 --seconds 10`; issue 19's
//! target is `-- --rate 500 --matches 1000 --seconds 10`, p99 ≤ 25 ms with pictures at a load under 2).
//! It prints the load average at its start and end. On a fresh SQLite file by default; `-- --db URL` runs on that database instead (`postgres://…`, or `sqlite://…`),
//! in channels of its own, so that it can run again on the same database.
//!
//! The metrics' cost (issue 34): `-- --open-loop-only` runs the open loop alone, and `--metrics` makes the
//! core count into a registry that is scraped (rendered, its gauges read from the database) every second,
//! as `namnam run --metrics` does for Prometheus; `docs/measurements/metrics-cost.md` gives the loop that
//! alternates the two, and its figures.

use namnam_core::{ChallengeCommand, PlayCommand};
use namnam_core::{
    Command, Core, CoreConfig, Place, PlaceNames, Reply, Request, SystemClock, UserRef,
};
use namnam_game::House;
use namnam_model::{ChannelId, ServerId};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::Mutex;

const SERVER: ServerId = ServerId(7);

fn arg(name: &str, default: u64) -> u64 {
    let args: Vec<String> = std::env::args().collect();
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Added to every channel id: a run's own channels, apart from those of earlier runs on the same database.
static CHANNEL_BASE: AtomicU64 = AtomicU64::new(0);

fn text_arg(name: &str) -> Option<String> {
    let args: Vec<String> = std::env::args().collect();
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .cloned()
}

fn request(channel: u64, user: &str, command: Command) -> Request {
    Request {
        place: Place::ServerChannel {
            server: SERVER,
            channel: ChannelId(CHANNEL_BASE.load(Ordering::Relaxed) + channel),
        },
        names: PlaceNames {
            server: Some("bench".into()),
            channel: format!("table{channel}"),
        },
        user: UserRef::human(namnam_model::UserId::of_name(user), user),
        can_manage: false,
        language: Default::default(),
        server_locale: None,
        command,
    }
}

/// One table: a channel with two players and the last reply seen there.
struct Table {
    channel: u64,
    last: Reply,
    seed: u64,
}

impl Table {
    async fn open(core: &Core, channel: u64) -> Table {
        let players = [format!("s{channel}"), format!("n{channel}")];
        let opponent = UserRef::human(namnam_model::UserId::of_name(&players[1]), &players[1]);
        let challenge = Command::Challenges(ChallengeCommand::Challenge {
            opponent,
            options: Default::default(),
        });
        let r = core
            .try_handle(&request(channel, &players[0], challenge))
            .await;
        r.expect("the challenge is made");
        let last = core
            .try_handle(&request(
                channel,
                &players[1],
                Command::Challenges(ChallengeCommand::Accept { challenge: None }),
            ))
            .await
            .expect("the challenge is accepted");
        Table {
            channel,
            last,
            seed: channel,
        }
    }

    /// The next move's request (a pseudo-random legal house of the player to move); a finished match is
    /// replaced by a new one first.
    async fn next_move(&mut self, core: &Core) -> Request {
        let board = self.last.board.state.clone();
        let to_move = board
            .as_ref()
            .and_then(|b| b.to_move.map(|p| b.names.get(p).to_owned()));
        let Some(player) = to_move else {
            *self = Table::open(core, self.channel).await;
            return Box::pin(self.next_move(core)).await;
        };
        let legal: Vec<House> = board
            .expect("a board")
            .position
            .legal_moves()
            .iter()
            .collect();
        self.seed = self
            .seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let house = legal[(self.seed >> 33) as usize % legal.len()];
        request(
            self.channel,
            &player,
            Command::Play(PlayCommand::Move {
                house,
                at: namnam_core::MatchRef::Here,
            }),
        )
    }
}

fn report(name: &str, mut latencies: Vec<Duration>) {
    if latencies.is_empty() {
        println!("{name}: no samples");
        return;
    }
    latencies.sort();
    let at = |q: f64| latencies[((latencies.len() - 1) as f64 * q).round() as usize];
    println!(
        "{name}: n={} median={:.2} ms p99={:.2} ms max={:.2} ms",
        latencies.len(),
        at(0.5).as_secs_f64() * 1e3,
        at(0.99).as_secs_f64() * 1e3,
        latencies.last().unwrap().as_secs_f64() * 1e3
    );
}

/// The machine's load average (1, 5 and 15 minutes), as `/proc/loadavg` gives it: a figure from a busy
/// machine measures the queue for its cores as much as the code.
fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "unknown".into())
}

async fn open_loop(core: Arc<Core>, rate: u64, matches: u64, seconds: u64, label: &str) {
    let mut tables = Vec::new();
    for channel in 0..matches {
        tables.push(Arc::new(Mutex::new(
            Table::open(&core, 1000 + channel).await,
        )));
    }
    let total = rate * seconds;
    let period = Duration::from_secs_f64(1.0 / rate as f64);
    let start = Instant::now();
    let mut tasks = Vec::with_capacity(total as usize);
    for i in 0..total {
        let due = start + period * i as u32;
        tokio::time::sleep_until(due.into()).await;
        let table = tables[(i % matches) as usize].clone();
        let core = core.clone();
        tasks.push(tokio::spawn(async move {
            // The table's lock orders the moves of one match, as players take turns; a move that waits for
            // the previous one still counts its wait.
            let mut table = table.lock().await;
            let request = table.next_move(&core).await;
            let reply = core.handle(&request).await;
            let latency = due.elapsed();
            let ok = reply.board.state.is_some();
            table.last = reply;
            (latency, ok)
        }));
    }
    let mut latencies = Vec::new();
    let mut refused = 0;
    for t in tasks {
        let (latency, ok) = t.await.expect("a move task");
        refused += usize::from(!ok);
        latencies.push(latency);
    }
    let elapsed = start.elapsed();
    println!(
        "open loop: {total} moves at {rate}/s over {matches} matches in {:.1} s ({refused} refused)",
        elapsed.as_secs_f64()
    );
    report(&format!("open loop latency ({label})"), latencies);
}

/// Moves of two or more laps, one at a time: the reply with the board, then the GIF drawn after it.
async fn gif_path(core: Arc<Core>, samples: usize) {
    let mut table = Table::open(&core, 5000).await;
    let (mut reply_only, mut gif_only, mut both) = (Vec::new(), Vec::new(), Vec::new());
    while both.len() < samples {
        let request = table.next_move(&core).await;
        let t = Instant::now();
        let mut reply = core.handle(&request).await;
        let replied = t.elapsed();
        if reply.board.pending_animation.is_some() {
            reply.render_animation().await;
            assert!(reply.board.animation.is_some(), "the GIF is drawn");
            reply_only.push(replied);
            gif_only.push(t.elapsed() - replied);
            both.push(t.elapsed());
        }
        table.last = reply;
    }
    report("2+ laps: the reply with the board PNG", reply_only);
    report("2+ laps: the GIF drawn after it", gif_only);
    report("2+ laps: reply and GIF together", both);
}

async fn closed_loop(core: Arc<Core>, clients: u64, seconds: u64, label: &str) {
    let stop = Instant::now() + Duration::from_secs(seconds);
    let mut tasks = Vec::new();
    for c in 0..clients {
        let core = core.clone();
        tasks.push(tokio::spawn(async move {
            let mut tables = Vec::new();
            for m in 0..4 {
                tables.push(Table::open(&core, 9000 + c * 10 + m).await);
            }
            let mut moves = 0u64;
            let mut i = 0;
            while Instant::now() < stop {
                let table = &mut tables[i % 4];
                let request = table.next_move(&core).await;
                table.last = core.handle(&request).await;
                moves += 1;
                i += 1;
            }
            moves
        }));
    }
    let start = Instant::now();
    let mut moves = 0;
    for t in tasks {
        moves += t.await.expect("a client");
    }
    println!(
        "closed loop ({label}): {clients} clients, {moves} moves in {:.1} s = {:.0} moves/s",
        start.elapsed().as_secs_f64(),
        moves as f64 / start.elapsed().as_secs_f64()
    );
}

/// A core counting into a registry, and a task that scrapes it every second until aborted.
fn metered(core: Core) -> (Arc<Core>, tokio::task::JoinHandle<()>) {
    let mut registry = prometheus_client::registry::Registry::with_prefix("namnam");
    let metrics = namnam_core::metrics::CoreMetrics::register(&mut registry);
    let core = Arc::new(core.with_metrics(metrics));
    let scraped = core.clone();
    let scraper = tokio::spawn(async move {
        let mut every = tokio::time::interval(Duration::from_secs(1));
        loop {
            every.tick().await;
            scraped.refresh_gauges().await.expect("the gauges' levels");
            let mut text = String::new();
            prometheus_client::encoding::text::encode(&mut text, &registry).expect("a scrape");
            std::hint::black_box(text);
        }
    });
    (core, scraper)
}

fn main() {
    let rate = arg("--rate", 200);
    let matches = arg("--matches", 100);
    let seconds = arg("--seconds", 10);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    let given = text_arg("--db");
    let since_epoch = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .expect("after 1970");
    CHANNEL_BASE.store(
        since_epoch.as_millis() as u64 * 1_000_000,
        Ordering::Relaxed,
    );
    runtime.block_on(async {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let fresh = |name: &str| format!("sqlite://{}", dir.path().join(name).display());
        let url = given.clone().unwrap_or_else(|| fresh("bench.db"));
        println!("load average at the start: {}", load_average());
        println!("database: {}", namnam_store::redacted(&url));
        let store = namnam_store::Store::open(&url).await.expect("the database");
        let core = Core::new(store, Arc::new(SystemClock), CoreConfig::default());
        if std::env::args().any(|a| a == "--open-loop-only") {
            let with = std::env::args().any(|a| a == "--metrics");
            let label = if with {
                "with metrics"
            } else {
                "without metrics"
            };
            let (core, scraper) = match with {
                true => {
                    let (core, scraper) = metered(core);
                    (core, Some(scraper))
                }
                false => (Arc::new(core), None),
            };
            open_loop(core.clone(), rate, matches, seconds, label).await;
            if let Some(scraper) = scraper {
                scraper.abort();
            }
            core.store().close().await;
            println!("load average at the end: {}", load_average());
            return;
        }
        let core = Arc::new(core);
        println!("== the transaction and the board PNG");
        open_loop(core.clone(), rate, matches, seconds, "pictures").await;
        gif_path(core.clone(), 200).await;
        closed_loop(core.clone(), 8, seconds.min(5), "pictures").await;
        println!("== the transaction alone (no pictures)");
        let bare = CoreConfig {
            pictures: false,
            ..CoreConfig::default()
        };
        let url = given.clone().unwrap_or_else(|| fresh("bare.db"));
        CHANNEL_BASE.fetch_add(500_000, Ordering::Relaxed);
        let bare_store = namnam_store::Store::open(&url).await.expect("the database");
        let bare = Arc::new(Core::new(bare_store, Arc::new(SystemClock), bare));
        open_loop(
            bare.clone(),
            rate,
            matches,
            seconds.min(5),
            "transaction only",
        )
        .await;
        closed_loop(bare, 8, seconds.min(5), "transaction only").await;
        core.store().close().await;
        println!("load average at the end: {}", load_average());
    });
}
