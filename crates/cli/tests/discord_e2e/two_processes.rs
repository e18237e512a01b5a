//! Two bot processes, one bot: two real `namnam run` processes, one per shard of a fake Discord that serves
//! two, reaching it through `DISCORD_PROXY_URL`, on one PostgreSQL database. Matches are played in guilds
//! of both shards at once; a clock timeout falls due while both run (its deadline moved in the database);
//! the process of shard 0 is killed with SIGKILL while it holds the claim on the computer's turn (a test
//! setting makes the search wait), and is started again.
//!
//! Checked: each process identified only its shard, the commands were registered once, every move was
//! applied once, every post was sent once (each nonce in one request), the computer's move was played
//! once, and the killed process's matches go on.

use namnam_model::MatchId;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

use namnam_core::Clock;
use namnam_store::{self as store, Store};
use std::process::{Child, Command};

use crate::checks::{board_match, house_ids, pinged};
use crate::fixture::{alice, bob, namnam, person, Fixture, TOKEN};
use crate::payload::Options;
use crate::support::fake_discord::{FakeDiscord, Message, PATIENCE};

/// A channel of each guild: [`FakeDiscord::OTHER_GUILD_ID`] is on shard 0, [`FakeDiscord::GUILD_ID`] on
/// shard 1.
const ON_SHARD_0: u64 = 1_200_000_000_000_000_100;
const ON_SHARD_1: u64 = 1_200_000_000_000_000_001;
/// Where alice plays the computer, on shard 0 (a channel holds one match at a time).
const COMPUTER_TABLE: u64 = 1_200_000_000_000_000_101;

/// How long each computer search waits once its turn is claimed: long enough to kill the process then.
const SEARCH_DELAY_MS: u64 = 2_000;

/// One `namnam run` process, its output appended to a log file; killed if the test ends first.
struct Process {
    child: Child,
    log: PathBuf,
}

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Process {
    fn start(shard: u32, fx: &Fixture, database_url: &str, folder: &Path) -> Process {
        let log = folder.join(format!("shard-{shard}.log"));
        let output = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&log)
            .expect("a log file");
        let child = Command::new(env!("CARGO_BIN_EXE_namnam"))
            .args(["run", "--shards", &shard.to_string(), "--shard-count", "2"])
            // A folder of its own: no `.env` of the developer's is read.
            .current_dir(folder)
            .env_clear()
            .env("DISCORD_TOKEN", TOKEN)
            .env("DATABASE_URL", database_url)
            .env("DISCORD_PROXY_URL", fx.fake.proxy_url())
            .env("RUST_LOG", "info,namnam=debug")
            .env("NAMNAM_TEST_SWEEP_MS", "200")
            .env("NAMNAM_TEST_SEARCH_DELAY_MS", SEARCH_DELAY_MS.to_string())
            .stdout(output.try_clone().unwrap())
            .stderr(output)
            .spawn()
            .expect("namnam starts");
        Process { child, log }
    }

    fn log(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }

    /// SIGKILL: no shutdown, nothing drained.
    fn kill(&mut self) {
        self.child.kill().expect("the process is killed");
        self.child.wait().expect("the process is gone");
    }

    /// SIGTERM, and the process must stop cleanly within 30 s.
    async fn stop(mut self) -> String {
        let pid = self.child.id();
        let status = Command::new("kill")
            .args(["-TERM", &pid.to_string()])
            .status()
            .expect("kill runs");
        assert!(status.success());
        let deadline = tokio::time::Instant::now() + PATIENCE;
        let exit = loop {
            if let Some(exit) = self.child.try_wait().unwrap() {
                break exit;
            }
            assert!(
                tokio::time::Instant::now() < deadline,
                "the process stops:\n{}",
                self.log()
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        };
        let log = self.log();
        assert!(exit.success(), "{exit}:\n{log}");
        log
    }
}

/// Waits for `what` in the database.
async fn poll<T, F, Fut>(what: &str, probe: F) -> T
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Option<T>>,
{
    crate::support::poll::poll_async(what, PATIENCE, probe).await
}

async fn moves_of(store: &Store, match_id: MatchId) -> usize {
    store::match_moves(store.reader(), match_id)
        .await
        .unwrap()
        .len()
}

/// The player to move presses the first house of `board` (id `board_id`); returns the next board.
async fn play_one(fx: &Fixture, board_id: u64, board: &Message) -> (u64, Message) {
    let mover = person(pinged(board).expect("the board pings the player to move"));
    fx.press_public(&mover, board_id, &house_ids(board)[0])
        .await
}

/// alice challenges bob in `channel` and bob accepts; returns the board.
async fn human_match(fx: &Fixture, channel: u64) -> (u64, Message) {
    let (id, message) = fx
        .challenge(&alice(), &bob(), channel, Options::new().int("first", 0))
        .await;
    let accept = crate::checks::button_ids(&message)[0].clone();
    let (id, board) = fx.press_public(&bob(), id, &accept).await;
    assert!(!house_ids(&board).is_empty(), "{}", board.content());
    (id, board)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_one_bot() {
    let Some(database_url) = crate::support::postgres::fresh_database().await else {
        return;
    };
    let fx = Fixture::start_sharded(2).await;
    let fake = &fx.fake;
    fake.add_channel(FakeDiscord::OTHER_GUILD_ID, ON_SHARD_0);
    fake.add_channel(FakeDiscord::OTHER_GUILD_ID, COMPUTER_TABLE);
    let folder = tempfile::tempdir().unwrap();
    let mut shard_0 = Process::start(0, &fx, &database_url, folder.path());
    let shard_1 = Process::start(1, &fx, &database_url, folder.path());
    let logs = |p0: &Process, p1: &Process| format!("{}\n----\n{}", p0.log(), p1.log());

    fake.wait_shard_online(0).await;
    fake.wait_shard_online(1).await;
    fake.wait_for("the commands", |s| (s.registrations == 1).then_some(()))
        .await;
    let mut identified = fake.state().identified_shards.clone();
    identified.sort_unstable();
    assert_eq!(identified, [0, 1], "{}", logs(&shard_0, &shard_1));
    let store = Store::open(&database_url).await.unwrap();

    // A match in each guild, played at the same time.
    let (mut board_0, mut board_1) =
        tokio::join!(human_match(&fx, ON_SHARD_0), human_match(&fx, ON_SHARD_1));
    let (match_0, match_1) = (board_match(&board_0.1), board_match(&board_1.1));
    for _ in 0..3 {
        let (next_0, next_1) = tokio::join!(
            play_one(&fx, board_0.0, &board_0.1),
            play_one(&fx, board_1.0, &board_1.1)
        );
        (board_0, board_1) = (next_0, next_1);
    }
    assert_eq!(moves_of(&store, MatchId(match_0.0)).await, 3);
    assert_eq!(moves_of(&store, MatchId(match_1.0)).await, 3);

    // The clock of shard 1's match runs out while both processes run: its process times it out, once.
    let now = namnam_core::SystemClock.now_ms();
    sqlx::query("UPDATE matches SET deadline = $1, remind_at = NULL WHERE id = $2")
        .bind(now - 1)
        .bind(match_1.to_sql())
        .execute(store.reader())
        .await
        .unwrap();
    let ran_out = |m: &Message| m.content().contains("move clock ran out");
    fake.wait_for("the timeout", |s| {
        s.shown(ON_SHARD_1).iter().any(ran_out).then_some(())
    })
    .await;

    // alice plays the computer on shard 0; its process is killed while it holds the computer's turn.
    let options = Options::new()
        .user("opponent", &namnam())
        .int("level", 1)
        .int("first", 0);
    let sent = fx.run(&alice(), COMPUTER_TABLE, "challenge", options);
    let computer_board = fake.response(&sent).await;
    let computer_board_id = fake.interaction_state(&sent).original.unwrap();
    let computer_match = board_match(&computer_board);
    let (thinking_id, _) = fx
        .press_public(&alice(), computer_board_id, &house_ids(&computer_board)[0])
        .await;
    let holder = poll("the claim on the computer's turn", || async {
        store::computer_claim(store.reader(), MatchId(computer_match.0))
            .await
            .unwrap()
            .map(|(holder, _)| holder)
    })
    .await;
    assert_eq!(holder, "shards 0-0 of 2");
    shard_0.kill();
    assert_eq!(
        moves_of(&store, MatchId(computer_match.0)).await,
        1,
        "killed before the computer moved"
    );

    // Started again, it takes its claim back at once and plays the computer's move, once.
    let shard_0 = Process::start(0, &fx, &database_url, folder.path());
    let answer = fake
        .wait_for("the computer's move after the restart", |s| {
            s.messages
                .range(thinking_id + 1..)
                .map(|(id, m)| (*id, m))
                .find(|(_, m)| m.channel_id == COMPUTER_TABLE && pinged(m) == Some(alice().id))
                .map(|(id, m)| (id, m.clone()))
        })
        .await;
    assert_eq!(moves_of(&store, MatchId(computer_match.0)).await, 2);
    assert_eq!(board_match(&answer.1), computer_match);

    // The killed process's matches go on, on its shard, beside the other's.
    fake.wait_shard_online(0).await;
    let (mut next_0, _) = tokio::join!(
        play_one(&fx, board_0.0, &board_0.1),
        play_one(&fx, answer.0, &answer.1)
    );
    next_0 = play_one(&fx, next_0.0, &next_0.1).await;
    assert_eq!(board_match(&next_0.1), match_0);
    assert_eq!(moves_of(&store, MatchId(match_0.0)).await, 5);
    // alice's second move against the computer, and its answer.
    poll("the computer's second move", || async {
        (moves_of(&store, MatchId(computer_match.0)).await == 4).then_some(())
    })
    .await;

    let log_0 = shard_0.stop().await;
    let log_1 = shard_1.stop().await;
    let logs = format!("{log_0}\n----\n{log_1}");

    // Each process identified only its shard: shard 0 twice (it was started again), shard 1 once.
    let identified = fake.state().identified_shards.clone();
    let count = |shard: u32| identified.iter().filter(|&&s| s == shard).count();
    assert_eq!((count(0), count(1)), (2, 1), "{identified:?}\n{logs}");
    assert_eq!(fake.state().registrations, 1, "registered by one process");
    // Every move once: the stored moves are the moves played.
    assert_eq!(
        moves_of(&store, MatchId(match_1.0)).await,
        3,
        "timed out after 3"
    );
    assert_eq!(moves_of(&store, MatchId(computer_match.0)).await, 4);
    // Each message sent once: no nonce in two requests, one timeout notice.
    let mut nonces: HashMap<String, usize> = HashMap::new();
    for request in fake.requests() {
        if let Some(nonce) = request.json.as_ref().and_then(|j| j["nonce"].as_str()) {
            *nonces.entry(nonce.to_owned()).or_default() += 1;
        }
    }
    let twice: Vec<_> = nonces.iter().filter(|(_, &n)| n > 1).collect();
    assert!(twice.is_empty(), "sent more than once: {twice:?}\n{logs}");
    assert_eq!(
        fake.shown(ON_SHARD_1).iter().filter(|m| ran_out(m)).count(),
        1
    );
    fx.assert_requests_valid();
    store.close().await;
}
