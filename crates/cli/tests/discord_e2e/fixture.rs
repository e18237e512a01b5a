//! The one fixture of the suite: a fake Discord with a folder for the bot's databases, the bots run
//! against it, what a player does there, and the check of every request the bots made.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

use serde_json::json;

use namnam_core::{Clock, ManualClock};
use namnam_discord::{logging, Bot, CommandScope, Settings, Token};
use namnam_store::Store;

use crate::checks::{assert_public, ephemeral_text};
use crate::payload::Options;
use crate::support::fake_discord::{
    openapi, Check, Checked, FakeDiscord, FakeOptions, Message, OpenApi, Person, Sent, PATIENCE,
};
use crate::support::running::{Running, Sink};

pub const TOKEN: &str = "MTEwMDAwMDAwMDAwMDAwMDAwMQ.Gx7Kfake.secret-token-for-the-tests";

/// The channels of the fake server.
pub const GENERAL: u64 = 1_200_000_000_000_000_001;
pub const DUEL: u64 = 1_200_000_000_000_000_003;
pub const LATE: u64 = 1_200_000_000_000_000_004;
pub const QUIET: u64 = 1_200_000_000_000_000_005;

/// The address the bots are told `namnam web` has (`NAMNAM_WEB_URL`).
pub const WEB_URL: &str = "https://namnam.example";

/// Where the hand-moved clock starts (2026-01-01).
pub const START_MS: i64 = 1_767_225_600_000;

pub fn alice() -> Person {
    Person::member(1_000_000_000_000_000_001, "alice")
}
pub fn bob() -> Person {
    Person::member(1_000_000_000_000_000_002, "bob")
}
pub fn carol_the_admin() -> Person {
    Person::admin(1_000_000_000_000_000_003, "carol")
}
/// The bot itself, as its opponents see it: Namnam's computer.
pub fn namnam() -> Person {
    Person {
        bot: true,
        ..Person::member(FakeDiscord::BOT_ID, "Namnam")
    }
}

/// The test player with this id.
pub fn person(id: u64) -> Person {
    [alice(), bob(), carol_the_admin()]
        .into_iter()
        .find(|p| p.id == id)
        .expect("a test player")
}

/// Everything logged by the tests, through the bot's own redacting writer, at trace level.
pub fn captured_logs() -> Arc<Mutex<Vec<u8>>> {
    static LOGS: OnceLock<Arc<Mutex<Vec<u8>>>> = OnceLock::new();
    LOGS.get_or_init(|| {
        let logs = Arc::new(Mutex::new(Vec::new()));
        let sink = Sink(logs.clone());
        let writer = logging::Redacting::new(&Token::new(TOKEN).unwrap(), move || sink.clone());
        let subscriber = tracing_subscriber::fmt()
            .with_env_filter("info,namnam=trace,serenity=trace,poise=trace")
            .with_writer(writer)
            .finish();
        tracing::subscriber::set_global_default(subscriber).expect("one subscriber");
        logs
    })
    .clone()
}

/// What the tests have logged so far.
pub fn log_text() -> String {
    String::from_utf8_lossy(&captured_logs().lock().unwrap()).into_owned()
}

/// Waits until the logs show what `found` looks for: what the bot does without a word to Discord.
pub async fn wait_for_log(what: &str, found: impl Fn(&str) -> bool) {
    let deadline = tokio::time::Instant::now() + PATIENCE;
    while !found(&log_text()) {
        assert!(
            tokio::time::Instant::now() < deadline,
            "gave up waiting for {what}"
        );
        // The logs ring no bell: they are read again every 20 ms.
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// A fake Discord on 127.0.0.1 and a folder for the databases of the bots a test runs against it.
pub struct Fixture {
    pub fake: FakeDiscord,
    /// The hand-moved clock that the fake and every bot share, if the test moves time.
    clock: Option<Arc<ManualClock>>,
    spec_loaded: bool,
    folder: tempfile::TempDir,
    /// The databases that are on the test's PostgreSQL server rather than in `folder`, by name.
    postgres: std::sync::Mutex<std::collections::HashMap<String, String>>,
}

impl Fixture {
    /// A fake on the real clock, as in production, that checks every request against Discord's OpenAPI
    /// description.
    pub async fn start() -> Self {
        Self::start_with(OpenApi::from_env(), None, 1).await
    }

    /// [`Self::start`] with a gateway of `shards` shards (two: a second guild, on the other shard; see
    /// [`FakeDiscord::OTHER_GUILD_ID`]).
    pub async fn start_sharded(shards: u32) -> Self {
        Self::start_with(OpenApi::from_env(), None, shards).await
    }

    /// A fake that checks nothing: for a bot that is turned away before it sends anything.
    pub async fn start_unchecked() -> Self {
        Self::start_with(None, None, 1).await
    }

    /// A fake on a clock the test moves by hand from [`START_MS`]: the fake times interactions on it, as
    /// Discord times them on the real one, and every bot runs on it with a sweep every 100 ms.
    pub async fn start_clocked() -> Self {
        let clock = Arc::new(ManualClock::new(START_MS));
        Self::start_with(OpenApi::from_env(), Some(clock), 1).await
    }

    /// A match table (see [`Self::table`]) where the bot is in a second server too,
    /// [`FakeDiscord::OTHER_GUILD_ID`], on the same shard.
    pub async fn table_in_two_servers(database: &str) -> (Self, Running, Store) {
        let clock = Arc::new(ManualClock::new(START_MS));
        Self::start_in(OpenApi::from_env(), Some(clock), 1, true)
            .await
            .table_on(database)
            .await
    }

    async fn start_with(
        spec: Option<OpenApi>,
        clock: Option<Arc<ManualClock>>,
        shards: u32,
    ) -> Self {
        Self::start_in(spec, clock, shards, false).await
    }

    async fn start_in(
        spec: Option<OpenApi>,
        clock: Option<Arc<ManualClock>>,
        shards: u32,
        other_guild: bool,
    ) -> Self {
        let _ = captured_logs();
        let spec_loaded = spec.is_some();
        let mut options = FakeOptions {
            openapi: spec,
            shards,
            other_guild,
            ..FakeOptions::default()
        };
        if let Some(clock) = &clock {
            options.clock = clock.clone();
        }
        let fake = FakeDiscord::start_with(TOKEN, options).await;
        Self {
            fake,
            clock,
            spec_loaded,
            folder: tempfile::tempdir().unwrap(),
            postgres: Default::default(),
        }
    }

    /// A match table: a fixture on the hand-moved clock with a bot on `database` connected and its
    /// commands registered, and the bot's database open beside it, to check what the bot says against
    /// what it stored.
    pub async fn table(database: &str) -> (Self, Running, Store) {
        Self::start_clocked().await.table_on(database).await
    }

    /// [`Self::table`] with the bot's database `name` on the test binary's PostgreSQL server; `None` when
    /// PostgreSQL is not installed here (and not required: see `namnam_testkit::postgres`).
    pub async fn postgres_table(name: &str) -> Option<(Self, Running, Store)> {
        let url = crate::support::postgres::fresh_database().await?;
        let fixture = Self::start_clocked().await;
        fixture
            .postgres
            .lock()
            .unwrap()
            .insert(name.to_owned(), url);
        Some(fixture.table_on(name).await)
    }

    /// [`Self::table`] with the bot serving `/metrics`, `/healthz` and `/readyz` on a port of the loopback
    /// (`NAMNAM_METRICS_ADDR=127.0.0.1:0`); returns that address too.
    pub async fn metered_table(database: &str) -> (Self, Running, Store, SocketAddr) {
        let fixture = Self::start_clocked().await;
        let bot = fixture.bot_with_vars(
            TOKEN,
            database,
            CommandScope::Global,
            &[("NAMNAM_METRICS_ADDR", "127.0.0.1:0")],
        );
        let mut address = bot.metrics_address();
        let bot = Running::start(bot);
        let address = tokio::time::timeout(PATIENCE, address.wait_for(Option::is_some))
            .await
            .expect("the bot listens for its metrics")
            .expect("the bot is running")
            .expect("an address");
        let (fixture, bot, store) = fixture.table_with(bot, database).await;
        (fixture, bot, store, address)
    }

    /// [`Self::table`] with the bot set up as behind a REST proxy (`DISCORD_PROXY_URL`), here Discord's own
    /// address, which the fake answers: serenity's rate limiter is off, so a 429 comes back to the bot as
    /// a proxy passes it on, rather than being waited out and sent again by serenity.
    pub async fn proxied_table(database: &str) -> (Self, Running, Store) {
        let fixture = Self::start_clocked().await;
        let bot = fixture.bot_with_vars(
            TOKEN,
            database,
            CommandScope::Global,
            &[("DISCORD_PROXY_URL", "https://discord.com")],
        );
        let bot = Running::start(bot);
        fixture.table_with(bot, database).await
    }

    /// [`Self::table`] with the bot showing `puzzles` rather than the built-in set.
    pub async fn puzzle_table(
        database: &str,
        puzzles: Arc<Vec<namnam_ai::puzzles::Puzzle>>,
    ) -> (Self, Running, Store) {
        let fixture = Self::start_clocked().await;
        let bot = Running::start(fixture.bot(database).with_puzzles(puzzles));
        fixture.table_with(bot, database).await
    }

    async fn table_on(self, database: &str) -> (Self, Running, Store) {
        let bot = self.start_bot(database);
        self.table_with(bot, database).await
    }

    async fn table_with(self, bot: Running, database: &str) -> (Self, Running, Store) {
        let fixture = self;
        fixture.fake.wait_online().await;
        fixture
            .fake
            .wait_for("the commands", |s| (s.registrations == 1).then_some(()))
            .await;
        let store = fixture.open_store(database).await;
        (fixture, bot, store)
    }

    /// The hand-moved clock.
    pub fn clock(&self) -> &Arc<ManualClock> {
        self.clock
            .as_ref()
            .expect("a fixture on a hand-moved clock")
    }

    /// Whether requests are checked against the OpenAPI description.
    pub fn spec_loaded(&self) -> bool {
        self.spec_loaded
    }

    pub fn database(&self, name: &str) -> PathBuf {
        self.folder.path().join(name)
    }

    /// The URL of the bot's database `name`: a PostgreSQL one made by [`Self::postgres_table`], else a
    /// SQLite file in the fixture's folder.
    pub fn database_url(&self, name: &str) -> String {
        match self.postgres.lock().unwrap().get(name) {
            Some(url) => url.clone(),
            None => format!("sqlite://{}", self.database(name).display()),
        }
    }

    /// A bot for the fake on the database `name`, with the right token, registering its commands
    /// globally.
    pub fn bot(&self, database: &str) -> Bot {
        self.bot_with(TOKEN, database, CommandScope::Global)
    }

    /// A bot for the fake: its settings as an operator would give them, and an HTTP client that reaches
    /// the fake as `https://discord.com` on the loopback, with serenity's rate limiter on.
    pub fn bot_with(&self, token: &str, database: &str, scope: CommandScope) -> Bot {
        self.bot_with_vars(token, database, scope, &[])
    }

    /// [`Self::bot_with`], with more settings as the environment would give them.
    pub fn bot_with_vars(
        &self,
        token: &str,
        database: &str,
        scope: CommandScope,
        more: &[(&str, &str)],
    ) -> Bot {
        let mut vars = vec![
            ("DISCORD_TOKEN", token.to_owned()),
            ("DATABASE_URL", self.database_url(database)),
            // The computer's analyses search a tenth of the bot's nodes here, to stay quick.
            ("NAMNAM_TEST_ANALYSIS_NODES", "10000".to_owned()),
            // Where `namnam web` would be: a server that turns its page on gets link buttons to it.
            ("NAMNAM_WEB_URL", WEB_URL.to_owned()),
        ];
        vars.extend(
            more.iter()
                .map(|(name, value)| (*name, (*value).to_owned())),
        );
        let mut settings = Settings::from_lookup(|name| {
            vars.iter()
                .find(|(k, _)| *k == name)
                .map(|(_, v)| v.clone())
        })
        .expect("valid settings");
        settings.command_scope = scope;
        let bot = Bot::new(settings).with_http_client(self.fake.http_client());
        match &self.clock {
            Some(clock) => {
                let clock: Arc<dyn Clock> = clock.clone();
                bot.with_clock(clock, Duration::from_millis(100))
            }
            None => bot,
        }
    }

    /// Starts [`Self::bot`] in the background.
    pub fn start_bot(&self, database: &str) -> Running {
        Running::start(self.bot(database))
    }

    /// Opens the bot's database beside it.
    pub async fn open_store(&self, database: &str) -> Store {
        Store::open(&self.database_url(database))
            .await
            .expect("the bot's database opens")
    }

    /// Stops the bot of a [`Self::table`] and checks every request it made; returns how many bodies
    /// were validated.
    pub async fn close(&self, bot: Running, store: Store) -> usize {
        bot.stop().await;
        store.close().await;
        self.assert_requests_valid()
    }

    /// Checks the OpenAPI verdicts of every request; returns how many bodies were validated.
    pub fn assert_requests_valid(&self) -> usize {
        let requests = self.fake.requests();
        let mut failures = Vec::new();
        let mut bodies = 0;
        for request in &requests {
            // A 5xx is Discord's failure, never the bot's: only one the test injected may come.
            assert!(
                request.status < 500 || request.fault.is_some(),
                "{} {} failed",
                request.method,
                request.path
            );
            match &request.check {
                Check::Skipped => assert!(!self.spec_loaded),
                Check::Passed(Checked::Body) => bodies += 1,
                Check::Passed(Checked::NoBody) => {}
                Check::Failed(error) => failures.push(error.clone()),
            }
        }
        assert!(
            failures.is_empty(),
            "requests that break Discord's OpenAPI description:\n{}",
            failures.join("\n")
        );
        bodies
    }

    /// Warns when requests are not checked against the OpenAPI description.
    pub fn warn_unless_checked(&self) {
        if !self.spec_loaded {
            eprintln!(
                "warning: {} is not set: the bot's requests are NOT checked against Discord's OpenAPI \
                 description (the rest of the test still runs)",
                openapi::SPEC_VARIABLE
            );
        }
    }
}

/// What players do.
impl Fixture {
    /// `who` runs `/name` in `channel` with these options.
    pub fn run(&self, who: &Person, channel: u64, name: &str, options: Options) -> Sent {
        self.fake
            .invoke(who, channel, name, options.json(), options.resolved())
    }

    /// `who` types the option `option` of `/name` in `channel`, still empty: Discord asks for its
    /// choices.
    pub fn typing(&self, who: &Person, channel: u64, name: &str, option: &str) -> Sent {
        self.fake
            .autocomplete(who, channel, name, Options::new().typing(option).json())
    }

    /// Runs a command and expects a private answer; returns its text.
    pub async fn private_answer(
        &self,
        who: &Person,
        channel: u64,
        name: &str,
        options: Options,
    ) -> String {
        let sent = self.run(who, channel, name, options);
        ephemeral_text(&self.fake.callback(&sent).await)
    }

    /// `challenger` runs `/challenge opponent:… <terms>` in `channel`; returns the public challenge
    /// message and its id.
    pub async fn challenge(
        &self,
        challenger: &Person,
        opponent: &Person,
        channel: u64,
        terms: Options,
    ) -> (u64, Message) {
        let options = Options::new().user("opponent", opponent).and(terms);
        let sent = self.run(challenger, channel, "challenge", options);
        let callback = self.fake.callback(&sent).await;
        assert_public(&callback);
        let message = self.fake.response(&sent).await;
        let id = self.fake.interaction_state(&sent).original.unwrap();
        (id, message)
    }

    /// Presses `custom_id` and waits for a public answer; returns the new message and its id. A press
    /// that supersedes its message is answered by updating it (type 7: its buttons go) and a follow-up
    /// with the new message; another (a draw offer) by a new message.
    pub async fn press_public(&self, who: &Person, on: u64, custom_id: &str) -> (u64, Message) {
        let sent = self.fake.press(who, on, custom_id);
        self.public_answer(&sent).await
    }

    /// The public message that answers a press: the follow-up after an update, or the response.
    pub async fn public_answer(&self, sent: &Sent) -> (u64, Message) {
        let fake = &self.fake;
        let callback = fake.callback(sent).await;
        if callback["type"] == 7 {
            assert_eq!(callback["data"]["components"], json!([]), "{callback}");
            let id = fake
                .wait_for("the follow-up after an update", |s| {
                    s.interactions[&sent.token].followups.first().copied()
                })
                .await;
            let message = fake.state().messages[&id].clone();
            assert!(!message.ephemeral, "the new message is public");
            return (id, message);
        }
        assert_public(&callback);
        let message = fake.response(sent).await;
        (fake.interaction_state(sent).original.unwrap(), message)
    }

    /// Presses `custom_id` and expects a private refusal; returns its text.
    pub async fn press_refused(&self, who: &Person, on: u64, custom_id: &str) -> String {
        let sent = self.fake.press(who, on, custom_id);
        ephemeral_text(&self.fake.callback(&sent).await)
    }

    /// Presses `custom_id`, a button its message carried once and no longer does, and expects a private
    /// refusal: Discord refuses such a press itself today, but a client showing the old buttons must not
    /// reach a match through a gap in that check. Returns the refusal's text.
    pub async fn press_removed_refused(&self, who: &Person, on: u64, custom_id: &str) -> String {
        let sent = self.fake.press_forged(who, on, custom_id);
        ephemeral_text(&self.fake.callback(&sent).await)
    }
}
