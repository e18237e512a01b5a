//! How long another player's move against the computer waits while one player keeps twenty matches against
//! the strongest level busy: the search permits shared in one queue in arrival order ("one queue", as the
//! core shared them before: tokio's semaphore is first come, first served), then with each player's share
//! bounded to one permit at a time ("fair", the default), one after the other in one sitting.
//!
//! The hog: 20 matches against level 6, each in a channel of its own, each moving again as soon as the
//! computer answered, so that 20 searches wait at all times. The other player: one match against level 1;
//! each sample is the time from asking for the computer's move to its reply (the search's wait for a permit,
//! the search, the transaction). Pictures are off: the searches are what is shared.
//!
//! Run: `cargo bench -p namnam-core --bench fairness` (options: `-- --samples 12 --hog-matches 20
//! --hog-level 6 --other-level 1`). Figures and the machine: `docs/measurements/fairness.md`.

use namnam_core::{
    Command, Core, CoreConfig, Place, PlaceNames, Reply, Request, Resolver, SystemClock, UserRef,
    Via,
};
use namnam_game::House;
use namnam_model::{ChannelId, ServerId, UserId};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

const SERVER: ServerId = ServerId(7);

fn arg(name: &str, default: u64) -> u64 {
    let args: Vec<String> = std::env::args().collect();
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

struct Names;

impl Resolver for Names {
    fn user(&self, name: &str) -> Option<UserRef> {
        Some(match name {
            "namnam" => UserRef::computer(),
            _ => UserRef::human(UserId::of_name(name), name),
        })
    }
    fn channel(&self, name: &str) -> Option<ChannelId> {
        Some(ChannelId::of_name(name))
    }
}

fn request(channel: &str, user: &str, name: &str, options: &[(&str, &str)]) -> Request {
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
        can_manage: false,
        language: Default::default(),
        server_locale: None,
        command: Command::parse(name, &[], options, &Names).expect("the command parses"),
    }
}

/// A match against the computer at `level` in `channel`, the person moving first: the board's reply.
async fn start(core: &Core, channel: &str, user: &str, level: u64) -> Reply {
    let level = level.to_string();
    let options = [
        ("opponent", "namnam"),
        ("level", level.as_str()),
        ("first", "challenger"),
    ];
    let reply = core
        .try_handle(&request(channel, user, "challenge", &options))
        .await
        .expect("the match starts");
    play_computer(core, reply).await.0
}

/// Plays the computer's turns a reply calls for: the last reply, and how long the first turn took.
async fn play_computer(core: &Core, mut reply: Reply) -> (Reply, Option<Duration>) {
    let mut first = None;
    while let Some(turn) = reply.follows.computer_turn {
        let asked = Instant::now();
        let Some(next) = core
            .computer_turn(turn, Via::Answer)
            .await
            .expect("the computer moves")
        else {
            break;
        };
        first.get_or_insert(asked.elapsed());
        reply = next;
    }
    (reply, first)
}

/// The person's move in the reply's position (a seeded choice among the legal houses), or `None` when
/// the match is over.
fn a_move(reply: &Reply, seed: &mut u64) -> Option<House> {
    let board = reply.board.state.as_ref()?;
    board.to_move?;
    let legal: Vec<House> = board.position.legal_moves().iter().collect();
    *seed = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    Some(legal[(*seed >> 33) as usize % legal.len()])
}

async fn play(core: &Core, channel: &str, user: &str, house: House) -> Reply {
    let label = house.label().to_string();
    core.try_handle(&request(channel, user, "move", &[("house", &label)]))
        .await
        .expect("the move is played")
}

/// One player's matches, each moving again as soon as the computer answered, until `stop`.
async fn hog(
    core: Arc<Core>,
    index: u64,
    level: u64,
    stop: Arc<AtomicBool>,
    moves: Arc<AtomicU64>,
) {
    let channel = format!("hog-{index}");
    let mut seed = index + 1;
    let mut reply = start(&core, &channel, "hog", level).await;
    while !stop.load(Ordering::Relaxed) {
        let Some(house) = a_move(&reply, &mut seed) else {
            reply = start(&core, &channel, "hog", level).await;
            continue;
        };
        let moved = play(&core, &channel, "hog", house).await;
        reply = play_computer(&core, moved).await.0;
        moves.fetch_add(1, Ordering::Relaxed);
    }
}

fn report(name: &str, mut samples: Vec<Duration>) {
    samples.sort();
    let at = |q: f64| samples[((samples.len() - 1) as f64 * q).round() as usize];
    println!(
        "{name}: {} samples, p50 {:.0} ms, p99 {:.0} ms, max {:.0} ms",
        samples.len(),
        at(0.5).as_secs_f64() * 1e3,
        at(0.99).as_secs_f64() * 1e3,
        samples.last().expect("samples").as_secs_f64() * 1e3,
    );
}

/// One sitting's run: the other player's computer-move latencies while the hog plays.
async fn run(label: &str, per_player: usize) -> Vec<Duration> {
    let (samples, hogs) = (arg("--samples", 12), arg("--hog-matches", 20));
    let (hog_level, other_level) = (arg("--hog-level", 6), arg("--other-level", 1));
    let dir = tempfile::tempdir().expect("a temporary folder");
    let url = format!("sqlite://{}", dir.path().join("fairness.db").display());
    let store = namnam_store::Store::open(&url).await.expect("the database");
    let config = CoreConfig {
        pictures: false,
        computer_searches: 2,
        searches_per_player: per_player,
        ..CoreConfig::default()
    };
    let core = Arc::new(Core::new(store, Arc::new(SystemClock), config));
    let stop = Arc::new(AtomicBool::new(false));
    let hog_moves = Arc::new(AtomicU64::new(0));
    let tasks: Vec<_> = (0..hogs)
        .map(|i| {
            let (stop, moves) = (stop.clone(), hog_moves.clone());
            tokio::spawn(hog(core.clone(), i, hog_level, stop, moves))
        })
        .collect();
    let began = Instant::now();
    // Let the hog's matches start and fill the queue.
    tokio::time::sleep(Duration::from_secs(2)).await;
    let mut latencies = Vec::new();
    let mut seed = 99;
    let mut reply = start(&core, "other", "other", other_level).await;
    while latencies.len() < samples as usize {
        let Some(house) = a_move(&reply, &mut seed) else {
            reply = start(&core, "other", "other", other_level).await;
            continue;
        };
        let moved = play(&core, "other", "other", house).await;
        let (after, took) = play_computer(&core, moved).await;
        latencies.extend(took);
        reply = after;
    }
    stop.store(true, Ordering::Relaxed);
    for task in tasks {
        task.await.expect("a hog's task");
    }
    report(label, latencies.clone());
    // What the share costs the hog: with nobody else waiting, one of the two permits stays idle.
    let moves = hog_moves.load(Ordering::Relaxed);
    println!(
        "  meanwhile the hog's computer moves: {moves} in {:.1} s ({:.2} a second)",
        began.elapsed().as_secs_f64(),
        moves as f64 / began.elapsed().as_secs_f64()
    );
    core.store().close().await;
    latencies
}

fn main() {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    runtime.block_on(async {
        println!(
            "another player's level-{} move while one player plays {} level-{} matches at once, 2 search permits",
            arg("--other-level", 1),
            arg("--hog-matches", 20),
            arg("--hog-level", 6)
        );
        let before = run("one queue (before)", usize::MAX).await;
        let after = run("fair shares (after)", 1).await;
        let median = |mut v: Vec<Duration>| {
            v.sort();
            v[v.len() / 2]
        };
        let ratio = median(before).as_secs_f64() / median(after).as_secs_f64();
        println!("median before / after: {ratio:.1}");
    });
}
