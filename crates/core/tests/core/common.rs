//! Shared helpers for the core suite: a core on a fresh database of either backend with a hand-moved clock,
//! and requests written as console lines.

use namnam_core::{
    ActionId, Command, Core, CoreError, ManualClock, Place, PlaceNames, Reply, Request, Resolver,
    UserRef,
};
use namnam_game::Player;
use namnam_model::{ChannelId, PlayerKind, ServerId};
use std::sync::Arc;
use tempfile::TempDir;

pub const SERVER: ServerId = ServerId(1_100_000_000_000_000_001);
/// 2026-01-01 00:00 UTC.
pub const START_MS: i64 = 1_767_225_600_000;

pub use namnam_store::Backend;

/// Runs each named test of a module on both backends, as `<module>::sqlite::<test>` and
/// `<module>::postgres::<test>` (so `cargo test postgres` runs the PostgreSQL half). A test is an
/// `async fn name(backend: Backend)`; a tokio flavour goes in brackets after its name.
macro_rules! on_both_backends {
    ($($name:ident $(($($flavor:tt)*))?),* $(,)?) => {
        mod sqlite {
            $(
                #[tokio::test $(($($flavor)*))?]
                async fn $name() {
                    super::$name(super::Backend::Sqlite).await
                }
            )*
        }
        mod postgres {
            $(
                #[tokio::test $(($($flavor)*))?]
                async fn $name() {
                    if crate::postgres::cluster().is_some() {
                        super::$name(super::Backend::Postgres).await
                    }
                }
            )*
        }
    };
}

/// A new, empty database of `backend` for one test, and what keeps it.
pub struct TestDb {
    pub url: String,
    /// A SQLite file's folder (removed at the end), or a folder for the test's other files.
    #[allow(dead_code)]
    // read by the console's and the `namnam` command's suites, which share this file
    pub dir: TempDir,
}

impl TestDb {
    pub async fn new(backend: Backend) -> TestDb {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let url = match backend {
            Backend::Sqlite => format!("sqlite://{}", dir.path().join("namnam.db").display()),
            Backend::Postgres => crate::postgres::fresh_database()
                .await
                .expect("PostgreSQL is there (the test checks first)"),
        };
        TestDb { url, dir }
    }
}

pub struct Harness {
    pub core: Arc<Core>,
    pub clock: Arc<ManualClock>,
    pub db: TestDb,
}

/// A server on the other shard of [`Harness::with_outage_rule`].
pub const OTHER_SERVER: ServerId = ServerId(1_100_000_000_004_194_305);

/// The shard of a server, as Discord splits two shards.
pub fn shard_of(server: ServerId) -> u32 {
    ((server.0 >> 22) % 2) as u32
}

async fn outage_core(db: &TestDb, clock: &Arc<ManualClock>) -> Arc<Core> {
    let store = namnam_store::Store::open(&db.url)
        .await
        .expect("the database opens");
    let config = namnam_core::CoreConfig {
        outbox: true,
        outages: Some(namnam_core::OutageRule {
            shard_count: 2,
            shard_of: Arc::new(shard_of),
            grace_secs: namnam_core::DEFAULT_GRACE_SECS,
        }),
        ..Default::default()
    };
    let core = Core::new(store, clock.clone(), config);
    core.load_outages().await.expect("the outages load");
    Arc::new(core)
}

impl Harness {
    pub async fn new(backend: Backend) -> Harness {
        let db = TestDb::new(backend).await;
        let clock = Arc::new(ManualClock::new(START_MS));
        let core = Core::open(&db.url, clock.clone())
            .await
            .expect("the database opens");
        Harness {
            core: Arc::new(core),
            clock,
            db,
        }
    }

    /// A core that stores its public replies in the outbox, as the Discord bot's does.
    pub async fn with_outbox(backend: Backend) -> Harness {
        Harness::with_config(
            backend,
            namnam_core::CoreConfig {
                outbox: true,
                ..Default::default()
            },
        )
        .await
    }

    /// Another process on this harness's database and clock, named `name`, with the outbox.
    pub async fn process(&self, name: &str) -> Arc<Core> {
        let store = namnam_store::Store::open(&self.db.url)
            .await
            .expect("the database opens");
        let config = namnam_core::CoreConfig {
            outbox: true,
            process: name.to_owned(),
            ..namnam_core::CoreConfig::default()
        };
        Arc::new(Core::new(store, self.clock.clone(), config))
    }

    /// A core with `config`.
    pub async fn with_config(backend: Backend, config: namnam_core::CoreConfig) -> Harness {
        let db = TestDb::new(backend).await;
        let clock = Arc::new(ManualClock::new(START_MS));
        let store = namnam_store::Store::open(&db.url)
            .await
            .expect("the database opens");
        let core = Core::new(store, clock.clone(), config);
        Harness {
            core: Arc::new(core),
            clock,
            db,
        }
    }

    /// A core as the Discord bot runs it: with the outbox, and its clock paused through outages (two
    /// shards: [`SERVER`] is on shard 1, [`OTHER_SERVER`] on shard 0; five minutes' grace).
    pub async fn with_outage_rule(backend: Backend) -> Harness {
        let db = TestDb::new(backend).await;
        let clock = Arc::new(ManualClock::new(START_MS));
        let core = outage_core(&db, &clock).await;
        Harness { core, clock, db }
    }

    /// A core as [`with_outage_rule`](Self::with_outage_rule) makes, on an existing database.
    pub async fn open_with_outage_rule(db: TestDb, clock: Arc<ManualClock>) -> Harness {
        let core = outage_core(&db, &clock).await;
        Harness { core, clock, db }
    }

    /// Stops this core and starts another on the same database and clock, with the outage rule.
    pub async fn restart_with_outage_rule(self) -> Harness {
        let Harness { core, clock, db } = self;
        core.store().close().await;
        drop(core);
        let core = outage_core(&db, &clock).await;
        Harness { core, clock, db }
    }

    /// Closes the database and opens it again, as a restart would (the clock goes on).
    pub async fn restart(self) -> Harness {
        let Harness { core, clock, db } = self;
        core.store().close().await;
        drop(core);
        let core = Core::open(&db.url, clock.clone())
            .await
            .expect("the database reopens");
        Harness {
            core: Arc::new(core),
            clock,
            db,
        }
    }

    /// `line` as `user` in `#channel`: `"challenge opponent:bob first:challenger"`.
    pub fn request(&self, channel: &str, user: &str, line: &str) -> Request {
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
            Command::parse(name, &words, &options, &TestNames).expect("the command parses");
        Request {
            place: Place::ServerChannel {
                server: SERVER,
                channel: channel_id(channel),
            },
            names: PlaceNames {
                server: Some("test server".into()),
                channel: channel.into(),
            },
            user: TestNames.user(user).expect("a test user"),
            can_manage: user.starts_with("admin"),
            language: Default::default(),
            server_locale: None,
            command,
        }
    }

    /// Sends a command in `#general`; panics on a refusal.
    pub async fn ok(&self, user: &str, line: &str) -> Reply {
        self.ok_in("general", user, line).await
    }

    pub async fn ok_in(&self, channel: &str, user: &str, line: &str) -> Reply {
        match self
            .core
            .try_handle(&self.request(channel, user, line))
            .await
        {
            Ok(reply) => reply,
            Err(e) => panic!("{user}: `{line}` was refused: {e}"),
        }
    }

    /// Sends a command in `#general` that must be refused; returns the refusal.
    pub async fn refused(&self, user: &str, line: &str) -> namnam_core::UserError {
        self.refused_in("general", user, line).await
    }

    pub async fn refused_in(
        &self,
        channel: &str,
        user: &str,
        line: &str,
    ) -> namnam_core::UserError {
        match self
            .core
            .try_handle(&self.request(channel, user, line))
            .await
        {
            Ok(reply) => panic!("{user}: `{line}` was accepted: {}", reply.text),
            Err(CoreError::User(e)) => e,
            Err(CoreError::Internal(e)) => panic!("{user}: `{line}` failed inside: {e:?}"),
        }
    }

    /// `user` presses the button `id` in `#general`.
    pub async fn press(&self, user: &str, id: ActionId) -> Result<Reply, CoreError> {
        let mut request = self.request("general", user, "board");
        request.command = id.command();
        self.core.try_handle(&request).await
    }

    /// alice challenges bob in `channel` with `options`, bob accepts; returns the acceptance.
    pub async fn start_match(&self, channel: &str, a: &str, b: &str, options: &str) -> Reply {
        self.ok_in(channel, a, &format!("challenge opponent:{b} {options}"))
            .await;
        self.ok_in(channel, b, "accept").await
    }
}

/// The name of the player to move, from a reply that shows the board.
pub fn to_move(reply: &Reply) -> Option<String> {
    let board = reply.board.state.as_ref()?;
    board.to_move.map(|p| board.names.get(p).to_owned())
}

/// The legal houses (labels) of the player to move, from the reply's buttons.
pub fn legal_houses(reply: &Reply) -> Vec<u8> {
    reply
        .buttons
        .actions
        .iter()
        .filter_map(|a| match a.id {
            ActionId::Move { house, .. } => Some(house.label()),
            _ => None,
        })
        .collect()
}

pub fn side_of(reply: &Reply, name: &str) -> Player {
    let names = &reply.board.state.as_ref().expect("a board").names;
    if names.south == name {
        Player::South
    } else {
        Player::North
    }
}

pub fn channel_id(name: &str) -> ChannelId {
    namnam_model::ChannelId::of_name(name)
}

pub struct TestNames;

impl Resolver for TestNames {
    fn user(&self, name: &str) -> Option<UserRef> {
        if name == "namnam" {
            return Some(UserRef::computer());
        }
        let mut user = UserRef::human(namnam_model::UserId::of_name(name), name);
        if name.starts_with("robot") {
            user.kind = PlayerKind::Bot;
        }
        Some(user)
    }
    fn channel(&self, name: &str) -> Option<ChannelId> {
        Some(channel_id(name.trim_start_matches('#')))
    }
}

/// Plays the match in `channel` to its end, each player choosing with a simple seeded rule; returns the
/// last reply and the number of moves played.
pub async fn play_out(
    h: &Harness,
    channel: &str,
    mut reply: Reply,
    seed: u64,
    max_moves: usize,
) -> (Reply, usize) {
    let mut rng = namnam_game::rng::SeededRng::new(seed);
    let mut moves = 0;
    while let Some(player) = to_move(&reply) {
        assert!(
            moves < max_moves,
            "the match did not end within {max_moves} moves"
        );
        let legal = legal_houses(&reply);
        let house = legal[rng.below(legal.len())];
        reply = h
            .ok_in(channel, &player, &format!("move house:{house}"))
            .await;
        moves += 1;
    }
    (reply, moves)
}
