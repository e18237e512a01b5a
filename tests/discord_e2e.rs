//! End-to-end tests of the Discord front end: the real serenity client, through poise, against a fake
//! Discord on 127.0.0.1 (`tests/support/fake_discord`). Every REST request the bot makes is checked
//! against Discord's OpenAPI description (`tests/data/discord-api-spec/`).

mod support;

use std::path::Path;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

use serde_json::{json, Value};

use namnam::bot::{ActionId, Clock, ManualClock};
use namnam::discord::{logging, reply, Bot, CommandScope, RunError, Settings, Token};
use namnam::render;
use namnam::store::{MatchRow, MatchState, Store};
use support::fake_discord::{Check, Checked, FakeDiscord, FakeOptions, Message, OpenApi, Person};
use support::running::{Running, Sink};

const TOKEN: &str = "MTEwMDAwMDAwMDAwMDAwMDAwMQ.Gx7Kfake.secret-token-for-the-tests";
const GENERAL: u64 = 1_200_000_000_000_000_001;

/// The smallest number of request bodies the full test must have validated.
const MIN_VALIDATED: usize = 20;

fn alice() -> Person {
    Person::member(1_000_000_000_000_000_001, "alice")
}
fn bob() -> Person {
    Person::member(1_000_000_000_000_000_002, "bob")
}
fn carol_the_admin() -> Person {
    Person::admin(1_000_000_000_000_000_003, "carol")
}

/// Everything logged by the tests, through the bot's own redacting writer, at trace level.
fn captured_logs() -> Arc<Mutex<Vec<u8>>> {
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

/// The bot's settings for the fake, and the HTTP client that reaches it (`https://discord.com` on the
/// loopback, with serenity's rate limiter on).
fn settings(
    fake: &FakeDiscord,
    token: &str,
    database: &Path,
    scope: CommandScope,
) -> (Settings, reqwest::Client) {
    let vars = [
        ("DISCORD_TOKEN", token.to_owned()),
        ("DATABASE_URL", format!("sqlite://{}", database.display())),
    ];
    let mut settings = Settings::from_lookup(|name| {
        vars.iter()
            .find(|(k, _)| *k == name)
            .map(|(_, v)| v.clone())
    })
    .expect("valid settings");
    settings.command_scope = scope;
    settings.api_base = None;
    (settings, fake.http_client())
}

/// A bot for the fake.
fn new_bot((settings, client): (Settings, reqwest::Client)) -> Bot {
    Bot::new(settings).with_http_client(client)
}

/// The registered commands by name.
fn commands_by_name(commands: &[Value]) -> std::collections::BTreeMap<String, Value> {
    commands
        .iter()
        .map(|c| (c["name"].as_str().unwrap().to_owned(), c.clone()))
        .collect()
}

fn option<'a>(command: &'a Value, name: &str) -> &'a Value {
    command["options"]
        .as_array()
        .and_then(|options| options.iter().find(|o| o["name"] == name))
        .unwrap_or_else(|| panic!("/{} has no option {name}", command["name"]))
}

fn choice_names(option: &Value) -> Vec<String> {
    option["choices"]
        .as_array()
        .map(|choices| {
            choices
                .iter()
                .map(|c| c["name"].as_str().unwrap().to_owned())
                .collect()
        })
        .unwrap_or_default()
}

/// The bounds of a numeric option (serenity sends them as floats).
fn range(option: &Value) -> (f64, f64) {
    (
        option["min_value"].as_f64().unwrap(),
        option["max_value"].as_f64().unwrap(),
    )
}

/// Asserts that the registered command set is complete and well described.
fn assert_command_set(commands: &[Value]) {
    let by_name = commands_by_name(commands);
    let expected = [
        "accept",
        "admin",
        "board",
        "cancel",
        "challenge",
        "decline",
        "draw",
        "help",
        "history",
        "leaderboard",
        "matches",
        "move",
        "rematch",
        "resign",
        "rules",
        "stats",
    ];
    assert_eq!(
        by_name.keys().map(String::as_str).collect::<Vec<_>>(),
        expected
    );
    fn described(value: &Value, path: &str) {
        let description = value["description"].as_str().unwrap_or_default();
        assert!(
            !description.is_empty() && description.chars().count() <= 100,
            "{path} needs a description of 1–100 characters, has {description:?}"
        );
        for option in value["options"].as_array().into_iter().flatten() {
            described(option, &format!("{path} {}", option["name"]));
        }
    }
    for (name, command) in &by_name {
        assert_eq!(command["type"], 1, "/{name} is a slash command");
        described(command, &format!("/{name}"));
    }
    let challenge = &by_name["challenge"];
    assert_eq!(option(challenge, "opponent")["type"], 6, "a user option");
    assert_eq!(option(challenge, "opponent")["required"], true);
    assert_eq!(
        choice_names(option(challenge, "endgame")),
        ["capturer", "starter"]
    );
    assert_eq!(choice_names(option(challenge, "chain")), ["yes", "no"]);
    assert_eq!(
        choice_names(option(challenge, "first")),
        ["challenger", "challenged", "random"]
    );
    assert_eq!(
        choice_names(option(challenge, "clock")),
        ["5m", "15m", "1h", "6h", "24h", "3d", "7d"]
    );
    let target = option(challenge, "target");
    assert_eq!(target["type"], 4, "an integer");
    assert_eq!(range(target), (7.0, 12.0));
    assert_eq!(range(option(challenge, "rounds")), (1.0, 99.0));
    let house = option(&by_name["move"], "house");
    assert_eq!(house["type"], 4, "an integer");
    assert_eq!(house["autocomplete"], true);
    assert_eq!(range(house), (1.0, 12.0));
    let admin = &by_name["admin"];
    assert_eq!(admin["default_member_permissions"], "32", "Manage Server");
    let subcommands: Vec<&str> = admin["options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["name"].as_str().unwrap())
        .collect();
    assert_eq!(subcommands, ["abort", "settings"]);
    // Poise sends a choice option as an integer (the choice's index) with named choices.
    assert_eq!(option(option(admin, "settings"), "threads")["type"], 4);
    assert_eq!(
        choice_names(option(option(admin, "settings"), "threads")),
        ["yes", "no"]
    );
    // The default target can be set back to none as easily as to a number.
    let targets = choice_names(option(option(admin, "settings"), "target"));
    assert_eq!(targets.len(), 6, "{targets:?}");
    assert!(targets[0].starts_with("none"), "{targets:?}");
    assert_eq!(targets[4], "10 houses");
}

/// The callback of an interaction must be an ephemeral message (type 4, flag 64); returns its text.
fn ephemeral_text(callback: &Value) -> String {
    assert_eq!(callback["type"], 4, "a message: {callback}");
    let flags = callback["data"]["flags"].as_u64().unwrap_or(0);
    assert_eq!(flags & 64, 64, "ephemeral: {callback}");
    callback["data"]["content"]
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

/// Checks the OpenAPI verdicts of every request; returns how many bodies were validated.
fn assert_requests_valid(fake: &FakeDiscord, spec_loaded: bool) -> usize {
    let requests = fake.requests();
    let mut failures = Vec::new();
    let mut bodies = 0;
    for request in &requests {
        assert!(
            request.status < 500,
            "{} {} failed",
            request.method,
            request.path
        );
        match &request.check {
            Check::Skipped => assert!(!spec_loaded),
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bot_registers_answers_and_survives_a_restart_against_a_fake_discord() {
    let logs = captured_logs();
    let spec = OpenApi::from_env();
    let spec_loaded = spec.is_some();
    if !spec_loaded {
        eprintln!(
            "warning: {} is not set: the bot's requests are NOT checked against Discord's OpenAPI \
             description (the rest of the test still runs)",
            support::fake_discord::openapi::SPEC_VARIABLE
        );
    }
    let fake = FakeDiscord::start(TOKEN, spec).await;
    let folder = tempfile::tempdir().unwrap();
    let database = folder.path().join("namnam.db");
    let bot = Running::start(new_bot(settings(
        &fake,
        TOKEN,
        &database,
        CommandScope::Global,
    )));

    // Connection: HELLO, IDENTIFY, READY, heartbeats; then the commands are registered, globally.
    fake.wait_online().await;
    let commands = fake
        .wait_for("the commands to be registered", |s| {
            s.commands
                .get(&format!(
                    "/applications/{}/commands",
                    FakeDiscord::APPLICATION_ID
                ))
                .cloned()
        })
        .await;
    assert_command_set(&commands);
    fake.wait_for("two heartbeats", |s| (s.heartbeats >= 2).then_some(()))
        .await;

    // /rules and /help answer at once, privately.
    let rules = fake.invoke(&alice(), GENERAL, "rules", json!([]), json!({}));
    let text = ephemeral_text(&fake.callback(&rules).await);
    assert!(text.contains("Nam-nam") && text.contains("lap"), "{text}");
    // ... with the opening board, a real PNG of the right board, and its alt text.
    let answer = fake.response(&rules).await;
    assert_eq!(answer.files.len(), 1, "one picture");
    let picture = &answer.files[0];
    let expected = reply::opening_board();
    assert_eq!(picture.filename, "nam-nam-opening.png");
    assert_eq!(
        picture.description.as_deref(),
        Some(expected.description.as_str())
    );
    let decoded = image::load_from_memory_with_format(&picture.bytes, image::ImageFormat::Png)
        .expect("a valid PNG");
    assert_eq!(
        (decoded.width(), decoded.height()),
        (render::WIDTH, render::HEIGHT)
    );
    assert!(
        picture.bytes == expected.bytes,
        "the opening board, drawn by the renderer"
    );
    assert_eq!(
        answer.json["attachments"][0]["description"],
        expected.description.as_str()
    );
    let help = fake.invoke(&bob(), GENERAL, "help", json!([]), json!({}));
    let text = ephemeral_text(&fake.callback(&help).await);
    assert!(
        text.contains("/move house:3") && text.contains("namnam console"),
        "{text}"
    );
    assert!(fake.response(&help).await.ephemeral);

    // Match commands reach the core: with no match here, they are refused privately.
    for name in ["accept", "decline", "cancel", "board", "resign", "draw"] {
        let sent = fake.invoke(&bob(), GENERAL, name, json!([]), json!({}));
        let text = ephemeral_text(&fake.callback(&sent).await);
        assert!(
            text.contains("no open challenge") || text.contains("no match"),
            "/{name}: {text}"
        );
    }
    let moved = fake.invoke(
        &alice(),
        GENERAL,
        "move",
        json!([{"name": "house", "type": 4, "value": 3}]),
        json!({}),
    );
    assert!(ephemeral_text(&fake.callback(&moved).await).contains("no match"));

    // Autocomplete of /move is answered with a choice list (type 8).
    let typing = fake.autocomplete(
        &alice(),
        GENERAL,
        "move",
        json!([{"name": "house", "type": 4, "value": "", "focused": true}]),
    );
    let choices = fake.callback(&typing).await;
    assert_eq!(choices["type"], 8, "{choices}");
    assert!(choices["data"]["choices"].is_array(), "{choices}");

    // /admin: a member without Manage Server is refused, privately; an admin gets through.
    let abort = json!([{"name": "abort", "type": 1, "options": []}]);
    let refused = fake.invoke(&bob(), GENERAL, "admin", abort.clone(), json!({}));
    let text = ephemeral_text(&fake.callback(&refused).await);
    assert!(text.contains("manage the server"), "{text}");
    let allowed = fake.invoke(&carol_the_admin(), GENERAL, "admin", abort, json!({}));
    let text = ephemeral_text(&fake.callback(&allowed).await);
    assert!(
        text.contains("no match"),
        "the admin gets through to the core: {text}"
    );
    // Its settings: a default target of 10 houses (choice 4), then none again (choice 0).
    let target = |choice: u64| json!([{"name": "settings", "type": 1, "options": [{"name": "target", "type": 4, "value": choice}]}]);
    let set = fake.invoke(&carol_the_admin(), GENERAL, "admin", target(4), json!({}));
    let text = ephemeral_text(&fake.callback(&set).await);
    assert!(text.contains("default target 10 houses"), "{text}");
    let unset = fake.invoke(&carol_the_admin(), GENERAL, "admin", target(0), json!({}));
    let text = ephemeral_text(&fake.callback(&unset).await);
    assert!(text.contains("default target none"), "{text}");

    // Buttons are handled by the event handler from their custom id alone: a Namnam button with no match
    // behind it is refused privately; a malformed Namnam id too; a foreign one is left alone.
    let board = fake.post_as(
        &Person::member(FakeDiscord::BOT_ID, "Namnam"),
        GENERAL,
        json!({"content": "an old board", "components": [{"type": 1, "components": [
            {"type": 2, "style": 2, "label": "3", "custom_id": "nn:7:12:3"},
            {"type": 2, "style": 2, "label": "?", "custom_id": "nn:7:12:13"},
            {"type": 2, "style": 2, "label": "x", "custom_id": "other-bot:thing"}]}]}),
    );
    let press = fake.press(&alice(), board, "nn:7:12:3");
    assert!(ephemeral_text(&fake.callback(&press).await).contains("no match"));
    let press = fake.press(&alice(), board, "nn:7:12:13");
    assert!(ephemeral_text(&fake.callback(&press).await).contains("don't recognise"));
    let foreign = fake.press(&alice(), board, "other-bot:thing");
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    assert!(
        fake.interaction_state(&foreign).callbacks.is_empty(),
        "another bot's button is not ours"
    );

    // Restart on the same database: the same commands are not registered again, and the bot answers.
    bot.stop().await;
    fake.wait_for("the gateway connection to close", |s| {
        (!s.online()).then_some(())
    })
    .await;
    let bot = Running::start(new_bot(settings(
        &fake,
        TOKEN,
        &database,
        CommandScope::Global,
    )));
    fake.wait_for("a second identify", |s| {
        (s.identifies == 2 && s.online()).then_some(())
    })
    .await;
    let rules = fake.invoke(&alice(), GENERAL, "rules", json!([]), json!({}));
    assert!(ephemeral_text(&fake.callback(&rules).await).contains("Nam-nam"));
    assert_eq!(
        fake.state().registrations,
        1,
        "unchanged commands are not registered again"
    );
    bot.stop().await;

    // A changed command set is registered again.
    let mut fewer = namnam::discord::all_commands();
    fewer.retain(|c| c.name != "draw");
    let bot = Running::start(
        new_bot(settings(&fake, TOKEN, &database, CommandScope::Global)).with_commands(fewer),
    );
    let commands = fake
        .wait_for("the changed commands to be registered", |s| {
            (s.registrations == 2).then(|| s.commands.values().next().cloned().unwrap())
        })
        .await;
    assert!(commands.iter().all(|c| c["name"] != "draw"));
    assert_eq!(commands.len(), 15);
    bot.stop().await;

    // Every request was well formed; the token never reached the logs.
    // (The whole-match test below checks that at least MIN_VALIDATED bodies were validated.)
    let validated = assert_requests_valid(&fake, spec_loaded);
    eprintln!("{validated} request bodies validated against the OpenAPI description");
    let logs = String::from_utf8_lossy(&logs.lock().unwrap()).into_owned();
    assert!(
        logs.contains("registered the slash commands"),
        "the bot's logs were captured"
    );
    assert!(!logs.contains(TOKEN), "the token leaked into the logs");
    assert!(
        !logs.contains("secret-token"),
        "part of the token leaked into the logs"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn development_server_gets_the_commands_instantly() {
    let _ = captured_logs();
    let fake = FakeDiscord::start(TOKEN, OpenApi::from_env()).await;
    let folder = tempfile::tempdir().unwrap();
    let guild = serenity::all::GuildId::new(FakeDiscord::GUILD_ID);
    let scope = CommandScope::Guild(guild);
    let bot = Running::start(new_bot(settings(
        &fake,
        TOKEN,
        &folder.path().join("dev.db"),
        scope,
    )));
    let path = format!(
        "/applications/{}/guilds/{}/commands",
        FakeDiscord::APPLICATION_ID,
        guild
    );
    let commands = fake
        .wait_for("guild commands", |s| s.commands.get(&path).cloned())
        .await;
    assert_command_set(&commands);
    assert_eq!(
        fake.state().commands.len(),
        1,
        "nothing registered globally"
    );
    bot.stop().await;

    // Moved to global commands on the same database: the development server's copy is removed, or it
    // would show every command twice there.
    let bot = Running::start(new_bot(settings(
        &fake,
        TOKEN,
        &folder.path().join("dev.db"),
        CommandScope::Global,
    )));
    let global = format!("/applications/{}/commands", FakeDiscord::APPLICATION_ID);
    let commands = fake
        .wait_for("global commands and the server's copy removed", |s| {
            let removed = s.commands.get(&path).is_some_and(Vec::is_empty);
            s.commands.get(&global).filter(|_| removed).cloned()
        })
        .await;
    assert_command_set(&commands);
    bot.stop().await;
    assert_requests_valid(&fake, OpenApi::from_env().is_some());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_token_discord_rejects_is_reported_as_such() {
    let _ = captured_logs();
    let fake = FakeDiscord::start(TOKEN, None).await;
    let folder = tempfile::tempdir().unwrap();
    let settings = settings(
        &fake,
        "not.the.right-token",
        &folder.path().join("x.db"),
        CommandScope::Global,
    );
    let outcome = new_bot(settings).run(std::future::pending()).await;
    let error = outcome.expect_err("a wrong token stops the bot");
    assert!(matches!(error, RunError::TokenRejected), "{error:?}");
    assert!(error.to_string().contains("Discord rejected the token"));
    assert_eq!(
        fake.state().connections,
        0,
        "no gateway connection with a rejected token"
    );
}

#[test]
fn namnam_without_a_token_explains_itself() {
    let folder = tempfile::tempdir().unwrap();
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_namnam"))
        .current_dir(folder.path())
        .env_remove("DISCORD_TOKEN")
        .env_remove("DATABASE_URL")
        .env_remove("DISCORD_GUILD_ID")
        // Even when backtraces are asked for, a missing setting is one message, not a trace.
        .env("RUST_BACKTRACE", "1")
        .output()
        .expect("namnam runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(
        !stderr.contains("panicked") && !stderr.contains("backtrace"),
        "{stderr}"
    );
    assert!(stderr.contains("DISCORD_TOKEN"), "{stderr}");
    assert!(stderr.contains("namnam console"), "{stderr}");
    assert!(
        stderr.contains("discord.com/developers/applications"),
        "{stderr}"
    );
}

// ---------------------------------------------------------------------------------------------------
// Whole matches through Discord: the core behind the adapter, on a clock the tests move by hand.

/// Where the clock of the match tests starts (2026-01-01).
const START_MS: i64 = 1_767_225_600_000;

/// A bot on a hand-moved clock whose sweeper looks every 100 ms.
fn clocked_bot(fake: &FakeDiscord, database: &Path, clock: &Arc<ManualClock>) -> Running {
    let clock: Arc<dyn Clock> = clock.clone();
    Running::start(
        new_bot(settings(fake, TOKEN, database, CommandScope::Global))
            .with_clock(clock, Duration::from_millis(100)),
    )
}

/// A fake Discord and a bot on a hand-moved clock, with the bot's database open beside it.
struct Table {
    fake: FakeDiscord,
    database: std::path::PathBuf,
    clock: Arc<ManualClock>,
    store: Store,
    spec_loaded: bool,
    _folder: tempfile::TempDir,
}

impl Table {
    /// Starts the fake and the bot (on a database called `name`) and waits for the commands.
    async fn open(name: &str) -> (Self, Running) {
        let _ = captured_logs();
        let spec = OpenApi::from_env();
        let spec_loaded = spec.is_some();
        let clock = Arc::new(ManualClock::new(START_MS));
        // The fake times interactions on the bot's clock, as Discord times them on the real one.
        let fake = FakeDiscord::start_with(
            TOKEN,
            FakeOptions {
                openapi: spec,
                clock: clock.clone(),
                ..FakeOptions::default()
            },
        )
        .await;
        let folder = tempfile::tempdir().unwrap();
        let database = folder.path().join(name);
        let bot = clocked_bot(&fake, &database, &clock);
        fake.wait_online().await;
        fake.wait_for("the commands", |s| (s.registrations == 1).then_some(()))
            .await;
        let store = open_store(&database).await;
        let table = Self {
            fake,
            database,
            clock,
            store,
            spec_loaded,
            _folder: folder,
        };
        (table, bot)
    }

    /// Stops the bot and checks every request it made; returns how many bodies were validated.
    async fn close(self, bot: Running) -> usize {
        bot.stop().await;
        self.store.close().await;
        assert_requests_valid(&self.fake, self.spec_loaded)
    }
}

/// Opens the bot's database beside it, to check what the bot says against what it stored.
async fn open_store(database: &Path) -> Store {
    Store::open(&format!("sqlite://{}", database.display()))
        .await
        .expect("the bot's database opens")
}

async fn stored_match(store: &Store, id: i64) -> MatchRow {
    namnam::store::load_match(store.reader(), id)
        .await
        .unwrap()
        .expect("the match is stored")
}

/// The callback of an interaction must be a public message (type 4, not ephemeral).
fn assert_public(callback: &Value) {
    assert_eq!(callback["type"], 4, "a message: {callback}");
    let flags = callback["data"]["flags"].as_u64().unwrap_or(0);
    assert_eq!(flags & 64, 0, "public: {callback}");
}

/// The custom ids of a message's buttons, all rows together.
fn button_ids(message: &Message) -> Vec<String> {
    message.button_rows().concat()
}

/// The ids of the house buttons.
fn house_ids(message: &Message) -> Vec<String> {
    button_ids(message)
        .into_iter()
        .filter(|id| matches!(id.parse(), Ok(ActionId::Move { .. })))
        .collect()
}

/// The match whose board `message` shows, named by its house buttons.
fn board_match(message: &Message) -> i64 {
    match house_ids(message)[0].parse() {
        Ok(ActionId::Move { match_id, .. }) => match_id,
        other => panic!("not a house button: {other:?}"),
    }
}

/// The user a message pings first (`<@id> …`).
fn pinged(message: &Message) -> Option<u64> {
    let rest = message.content().strip_prefix("<@")?;
    rest.split('>').next()?.parse().ok()
}

/// A message pings exactly `user`, and nobody else can be notified by it.
fn assert_pings_only(message: &Message, user: u64) {
    assert_eq!(pinged(message), Some(user), "{}", message.content());
    let allowed = message
        .allowed_mentions
        .clone()
        .expect("allowed mentions set");
    assert_eq!(allowed["users"], json!([user.to_string()]), "{allowed}");
    assert!(
        allowed["parse"].as_array().map_or(true, |p| p.is_empty()),
        "{allowed}"
    );
}

/// The board message shows the stored match: a real PNG of the board (its alt text lists the seeds of
/// every house), and while the match goes on, a button for each legal house and a ping for the player to
/// move.
fn assert_board_shows(message: &Message, row: &MatchRow) {
    let png = message
        .files
        .iter()
        .find(|f| f.filename.ends_with(".png"))
        .expect("a board picture");
    let decoded = image::load_from_memory_with_format(&png.bytes, image::ImageFormat::Png)
        .expect("a valid PNG");
    assert_eq!(
        (decoded.width(), decoded.height()),
        (render::WIDTH, render::HEIGHT)
    );
    let seeds: Vec<String> = row
        .game
        .position()
        .board()
        .iter()
        .map(u8::to_string)
        .collect();
    let description = png.description.clone().unwrap_or_default();
    assert!(
        description.contains(&format!("Seeds in houses 1 to 12: {}.", seeds.join(", "))),
        "the picture shows the stored board {seeds:?}: {description}"
    );
    if let Some(to_move) = row.game.to_move() {
        let ply = row.moves_played + 1;
        let expected: Vec<String> = row
            .game
            .position()
            .legal_moves()
            .iter()
            .map(|h| format!("nn:{}:{ply}:{}", row.id, h.label()))
            .collect();
        assert_eq!(house_ids(message), expected, "one button per legal house");
        assert_pings_only(message, row.players.get(to_move).0);
        assert!(
            message.content().contains(":R>"),
            "a relative deadline: {}",
            message.content()
        );
    } else {
        assert!(
            house_ids(message).is_empty(),
            "no house buttons once the match is over"
        );
    }
}

fn person(id: u64) -> Person {
    [alice(), bob(), carol_the_admin()]
        .into_iter()
        .find(|p| p.id == id)
        .expect("a test player")
}

fn user_option(name: &str, who: &Person) -> (Value, Value) {
    (
        json!({"name": name, "type": 6, "value": who.id.to_string()}),
        json!({"users": {who.id.to_string(): who.user_json()}}),
    )
}

/// `challenger` runs `/challenge opponent:… <more>` in `channel`; returns the public challenge message.
async fn challenge(
    fake: &FakeDiscord,
    challenger: &Person,
    opponent: &Person,
    channel: u64,
    more: Value,
) -> (u64, Message) {
    let (option, resolved) = user_option("opponent", opponent);
    let mut options = vec![option];
    options.extend(more.as_array().cloned().unwrap_or_default());
    let sent = fake.invoke(
        challenger,
        channel,
        "challenge",
        Value::Array(options),
        resolved,
    );
    let callback = fake.callback(&sent).await;
    assert_public(&callback);
    let message = fake.response(&sent).await;
    let id = fake.interaction_state(&sent).original.unwrap();
    (id, message)
}

/// Presses `custom_id` and waits for a public answer; returns the new message and its id. A press that
/// supersedes its message is answered by updating it (type 7: its buttons go) and a follow-up with the new
/// message; another (a draw offer) by a new message.
async fn press_public(
    fake: &FakeDiscord,
    who: &Person,
    on: u64,
    custom_id: &str,
) -> (u64, Message) {
    let sent = fake.press(who, on, custom_id);
    public_answer(fake, &sent).await
}

/// The public message that answers a press: the follow-up after an update, or the response.
async fn public_answer(fake: &FakeDiscord, sent: &support::fake_discord::Sent) -> (u64, Message) {
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
async fn press_refused(fake: &FakeDiscord, who: &Person, on: u64, custom_id: &str) -> String {
    let sent = fake.press(who, on, custom_id);
    ephemeral_text(&fake.callback(&sent).await)
}

/// Runs a command and expects a private answer; returns its text.
async fn private_answer(
    fake: &FakeDiscord,
    who: &Person,
    channel: u64,
    name: &str,
    options: Value,
) -> String {
    let sent = fake.invoke(who, channel, name, options, json!({}));
    ephemeral_text(&fake.callback(&sent).await)
}

fn house_option(label: u8) -> Value {
    json!([{"name": "house", "type": 4, "value": label}])
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_match_through_slash_commands_and_buttons() {
    let (table, bot) = Table::open("match.db").await;
    let (fake, _store, clock, database) =
        (&table.fake, &table.store, &table.clock, &table.database);
    let mut bot = Some(bot);

    // alice challenges bob: two rounds, alice first, an hour a move. bob is pinged, and only bob.
    let (challenge_id, challenge_message) = challenge(
        fake,
        &alice(),
        &bob(),
        GENERAL,
        json!([
            {"name": "rounds", "type": 4, "value": 2},
            {"name": "first", "type": 4, "value": 0},
            {"name": "clock", "type": 4, "value": 2},
        ]),
    )
    .await;
    assert_pings_only(&challenge_message, bob().id);
    let answers = button_ids(&challenge_message);
    assert_eq!(answers.len(), 3, "{answers:?}");
    assert!(answers[0].ends_with(":accept") && answers[1].ends_with(":decline"));
    assert!(
        answers[2].ends_with(":cancel"),
        "the challenger can withdraw it"
    );
    // alice cannot accept her own challenge; bob can.
    let refused = press_refused(fake, &alice(), challenge_id, &answers[0]).await;
    assert!(refused.contains("own challenge"), "{refused}");
    let (mut board_id, mut board) = press_public(fake, &bob(), challenge_id, &answers[0]).await;
    fake.wait_for("the challenge's buttons to go", |s| {
        s.messages[&challenge_id]
            .button_rows()
            .is_empty()
            .then_some(())
    })
    .await;
    let match_id: i64 = board_match(&board);
    let store = open_store(database).await;

    let first_board = (board_id, house_ids(&board)[0].clone());
    let mut ply = 0_usize;
    let mut round = 1;
    let mut round_changes = 0;
    loop {
        let row = stored_match(&store, match_id).await;
        assert_board_shows(&board, &row);
        if row.game.round() > round {
            assert!(
                board.content().contains(&format!("Round {round} is over")),
                "the round's end is told: {}",
                board.content()
            );
            round = row.game.round();
            round_changes += 1;
        }
        let Some(to_move) = row.game.to_move() else {
            break;
        };
        let mover = person(row.players.get(to_move).0);
        let other = person(row.players.get(to_move.other()).0);
        let legal: Vec<namnam::game::House> = row.game.position().legal_moves().iter().collect();
        let house = legal[(ply * 7) % legal.len()];
        let button = format!("nn:{match_id}:{}:{}", row.moves_played + 1, house.label());

        match ply {
            1 => {
                // Out of turn, and a house that is not legal: refused privately, nothing changes.
                let text =
                    private_answer(fake, &other, GENERAL, "move", house_option(house.label()))
                        .await;
                assert!(text.contains("turn"), "{text}");
                let illegal = (1..=12)
                    .find(|l| legal.iter().all(|h| h.label() != *l))
                    .unwrap();
                let text =
                    private_answer(fake, &mover, GENERAL, "move", house_option(illegal)).await;
                assert!(!text.is_empty());
                assert_eq!(
                    stored_match(&store, match_id).await.version,
                    row.version,
                    "unchanged"
                );
            }
            3 => {
                // Autocomplete offers the player to move their legal houses with their seeds; nobody else
                // is offered any.
                let typing = fake.autocomplete(
                    &mover,
                    GENERAL,
                    "move",
                    json!([{"name": "house", "type": 4, "value": "", "focused": true}]),
                );
                let choices = fake.callback(&typing).await;
                assert_eq!(choices["type"], 8, "{choices}");
                let offered: Vec<(i64, String)> = choices["data"]["choices"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|c| {
                        (
                            c["value"].as_i64().unwrap(),
                            c["name"].as_str().unwrap().to_owned(),
                        )
                    })
                    .collect();
                let values: Vec<i64> = offered.iter().map(|(v, _)| *v).collect();
                let expected: Vec<i64> = legal.iter().map(|h| i64::from(h.label())).collect();
                assert_eq!(values, expected);
                for (value, name) in &offered {
                    let seeds = row
                        .game
                        .position()
                        .seeds(namnam::game::House::from_label(*value).unwrap());
                    assert!(name.contains(&format!("{seeds} seed")), "{name}");
                }
                let typing = fake.autocomplete(
                    &other,
                    GENERAL,
                    "move",
                    json!([{"name": "house", "type": 4, "value": "", "focused": true}]),
                );
                let choices = fake.callback(&typing).await;
                assert_eq!(
                    choices["data"]["choices"],
                    json!([]),
                    "not your turn, no houses"
                );
            }
            5 => {
                // A draw offered with the board's button is said in public with a button to accept it;
                // the board keeps its house buttons (checked after the move below).
                let offer = format!("nn:{match_id}:draw");
                assert!(button_ids(&board).contains(&offer));
                let (_, offered) = press_public(fake, &mover, board_id, &offer).await;
                assert!(
                    offered.content().contains("offers a draw"),
                    "{}",
                    offered.content()
                );
                assert_pings_only(&offered, other.id);
                assert_eq!(button_ids(&offered), [offer]);
            }
            6 => {
                // A button of an old board is refused as out of date.
                let text = press_refused(fake, &mover, first_board.0, &first_board.1).await;
                assert!(text.contains("out of date"), "{text}");
                // The command it names is one a reader can click: the id Discord gave `/board`.
                let board_command = fake.command("board")["id"].as_str().unwrap().to_owned();
                assert!(
                    text.contains(&format!("</board:{board_command}>")),
                    "{text}"
                );
            }
            8 => {
                // Restart in the middle of the match: the commands are not registered again, and a button of
                // the board the old process sent still plays.
                bot.take().unwrap().stop().await;
                fake.wait_for("the old connection to close", |s| {
                    (!s.online()).then_some(())
                })
                .await;
                bot = Some(clocked_bot(fake, database, clock));
                fake.wait_for("the new connection", |s| {
                    (s.identifies == 2 && s.online()).then_some(())
                })
                .await;
                assert_eq!(fake.state().registrations, 1, "no registration on restart");
                // The new process mentions commands by the ids recorded with the registration.
                let text = press_refused(fake, &mover, first_board.0, &first_board.1).await;
                let board_command = fake.command("board")["id"].as_str().unwrap().to_owned();
                assert!(
                    text.contains(&format!("</board:{board_command}>")),
                    "{text}"
                );
            }
            _ => {}
        }

        let previous = board_id;
        if ply == 4 {
            // A double click: both presses arrive; one move is played, the other is told it is too late.
            let first = fake.press(&mover, board_id, &button);
            let second = fake.press(&mover, board_id, &button);
            let answers = [fake.callback(&first).await, fake.callback(&second).await];
            let public: Vec<usize> = (0..2).filter(|&i| answers[i]["type"] == 7).collect();
            assert_eq!(public.len(), 1, "exactly one press plays: {answers:?}");
            let late = ephemeral_text(&answers[1 - public[0]]);
            assert!(late.contains("out of date"), "{late}");
            let sent = if public[0] == 0 { first } else { second };
            (board_id, board) = public_answer(fake, &sent).await;
            assert_eq!(
                stored_match(&store, match_id).await.moves_played,
                row.moves_played + 1
            );
        } else if ply % 2 == 0 {
            (board_id, board) = press_public(fake, &mover, board_id, &button).await;
        } else {
            let sent = fake.invoke(
                &mover,
                GENERAL,
                "move",
                house_option(house.label()),
                json!({}),
            );
            assert_public(&fake.callback(&sent).await);
            board = fake.response(&sent).await;
            board_id = fake.interaction_state(&sent).original.unwrap();
        }
        if ply % 2 == 0 {
            // The pressed board's buttons are spent; its picture stays.
            fake.wait_for("the pressed board's buttons to go", |s| {
                let old = &s.messages[&previous];
                (old.button_rows().is_empty() && !old.files.is_empty()).then_some(())
            })
            .await;
        }
        if ply == 5 {
            assert!(
                !fake.state().messages[&previous].button_rows().is_empty(),
                "a draw offer leaves the board's buttons"
            );
        }
        ply += 1;
        assert!(ply < 2000, "the match goes on for ever");
    }
    assert!(round_changes >= 1, "the match saw a new round");
    let result = board.content().to_owned();
    assert!(
        result.contains("wins the match") || result.contains("match is a draw"),
        "{result}"
    );
    assert!(
        button_ids(&board)
            .iter()
            .any(|id| id == &format!("nn:{match_id}:rematch")),
        "a rematch button under the finished match: {:?}",
        button_ids(&board)
    );

    // Moves of two laps or more came with their animation, uploaded with the board again.
    let (png, gif) = fake
        .wait_for("a board with its animation", |s| {
            s.messages.values().find_map(|m| {
                let png = m.files.iter().find(|f| f.filename.ends_with(".png"))?;
                let gif = m.files.iter().find(|f| f.filename.ends_with(".gif"))?;
                Some((png.clone(), gif.clone()))
            })
        })
        .await;
    image::load_from_memory_with_format(&png.bytes, image::ImageFormat::Png).expect("PNG");
    let mut decoder = gif::DecodeOptions::new()
        .read_info(gif.bytes.as_slice())
        .expect("a valid GIF");
    assert_eq!(
        (u32::from(decoder.width()), u32::from(decoder.height())),
        (render::WIDTH, render::HEIGHT)
    );
    let mut frames = 0;
    while decoder.read_next_frame().expect("GIF frames").is_some() {
        frames += 1;
    }
    assert!(frames >= 2, "an animation: {frames} frames");
    assert!(
        gif.description.as_deref().is_some_and(|d| !d.is_empty()),
        "the GIF has alt text"
    );

    // The leaderboard now ranks both players.
    let sent = fake.invoke(&bob(), GENERAL, "leaderboard", json!([]), json!({}));
    fake.callback(&sent).await;
    let standings = fake.response(&sent).await;
    assert!(
        standings.content().contains("alice") && standings.content().contains("bob"),
        "{}",
        standings.content()
    );

    let spec_loaded = table.spec_loaded;
    let validated = table.close(bot.take().unwrap()).await;
    eprintln!("{validated} request bodies of the match validated against the OpenAPI description");
    if spec_loaded {
        assert!(
            validated >= MIN_VALIDATED,
            "only {validated} request bodies were validated"
        );
    }
}

const DUEL: u64 = 1_200_000_000_000_000_003;
const LATE: u64 = 1_200_000_000_000_000_004;
const QUIET: u64 = 1_200_000_000_000_000_005;

/// The newest message the bot posted in `channel` by itself (not an interaction's answer) that contains
/// `text`.
fn posted(state: &support::fake_discord::State, channel: u64, text: &str) -> Option<Message> {
    state
        .messages
        .values()
        .rev()
        .find(|m| m.channel_id == channel && !m.ephemeral && m.content().contains(text))
        .cloned()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn declines_expiry_resignation_admin_and_the_clock() {
    let logs = captured_logs();
    let (table, bot) = Table::open("clock.db").await;
    let (fake, store, clock) = (&table.fake, &table.store, &table.clock);

    // carol declines alice's challenge with its button: said in public, and the buttons go.
    let (id, message) = challenge(fake, &alice(), &carol_the_admin(), DUEL, json!([])).await;
    let answers = button_ids(&message);
    let (_, declined) = press_public(fake, &carol_the_admin(), id, &answers[1]).await;
    assert!(
        declined.content().contains("declines"),
        "{}",
        declined.content()
    );
    fake.wait_for("the declined challenge's buttons to go", |s| {
        s.messages[&id].button_rows().is_empty().then_some(())
    })
    .await;
    let text = press_refused(fake, &carol_the_admin(), id, &answers[0]).await;
    assert!(
        text.contains("out of date"),
        "accepting a declined challenge: {text}"
    );

    // A challenge nobody answers expires: the clock posts it in the channel, and a late accept is
    // refused privately.
    let (id, message) = challenge(fake, &alice(), &bob(), LATE, json!([])).await;
    clock.advance_secs(11 * 60);
    fake.wait_for("the expiry notice", |s| posted(s, LATE, "has expired"))
        .await;
    let text = press_refused(fake, &bob(), id, &button_ids(&message)[0]).await;
    assert!(
        text.contains("expired") || text.contains("out of date"),
        "a late accept: {text}"
    );

    // A match with a five-minute clock.
    let five_minutes =
        json!([{"name": "clock", "type": 4, "value": 0}, {"name": "first", "type": 4, "value": 0}]);
    let (id, message) = challenge(fake, &alice(), &bob(), DUEL, five_minutes.clone()).await;
    let (board_id, board) = press_public(fake, &bob(), id, &button_ids(&message)[0]).await;
    let match_id: i64 = board_match(&board);
    assert_pings_only(&board, alice().id);

    // bob may not abort it: /admin needs Manage Server. The match goes on.
    let abort = json!([{"name": "abort", "type": 1, "options": []}]);
    let text = private_answer(fake, &bob(), DUEL, "admin", abort.clone()).await;
    assert!(text.contains("manage the server"), "{text}");
    assert_eq!(
        stored_match(store, match_id).await.state,
        MatchState::Active
    );

    // At three quarters of the clock, alice is reminded in the channel, and only she is pinged.
    clock.advance_secs(4 * 60);
    let reminder = fake
        .wait_for("the reminder", |s| {
            s.messages
                .range(board_id + 1..)
                .map(|(_, m)| m)
                .find(|m| m.channel_id == DUEL && pinged(m) == Some(alice().id))
                .cloned()
        })
        .await;
    assert_pings_only(&reminder, alice().id);

    // alice resigns: first a private confirmation with its button, then the result in public.
    let sent = fake.invoke(&alice(), DUEL, "resign", json!([]), json!({}));
    let question = ephemeral_text(&fake.callback(&sent).await);
    assert!(question.contains("cannot be undone"), "{question}");
    let confirmation = fake.response(&sent).await;
    let confirm = button_ids(&confirmation);
    assert_eq!(confirm, [format!("nn:{match_id}:resign-yes")]);
    assert_eq!(
        stored_match(store, match_id).await.state,
        MatchState::Active,
        "asking changes nothing"
    );
    let confirmation_id = fake.interaction_state(&sent).original.unwrap();
    let (_, resigned) = press_public(fake, &alice(), confirmation_id, &confirm[0]).await;
    assert!(
        resigned.content().contains("alice resigns")
            && resigned.content().contains("bob wins the match"),
        "{}",
        resigned.content()
    );
    assert!(button_ids(&resigned).contains(&format!("nn:{match_id}:rematch")));
    assert!(stored_match(store, match_id).await.game.is_over());

    // An admin may abort a match.
    let (id, message) = challenge(fake, &alice(), &bob(), LATE, json!([])).await;
    press_public(fake, &bob(), id, &button_ids(&message)[0]).await;
    let sent = fake.invoke(&carol_the_admin(), LATE, "admin", abort, json!({}));
    assert_public(&fake.callback(&sent).await);
    assert!(fake.response(&sent).await.content().contains("unrated"));

    // The clock runs out in a channel where the bot may not post: the timeout is stored all the same,
    // the bot logs the missing permission once, and it still answers there.
    let (id, message) = challenge(fake, &bob(), &alice(), QUIET, five_minutes).await;
    let (_, board) = press_public(fake, &alice(), id, &button_ids(&message)[0]).await;
    let match_id: i64 = board_match(&board);
    fake.deny_channel(QUIET);
    clock.advance_secs(6 * 60);
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    while !stored_match(store, match_id).await.game.is_over() {
        assert!(
            tokio::time::Instant::now() < deadline,
            "the clock ends the match"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let sent = fake.invoke(&bob(), QUIET, "board", json!([]), json!({}));
    fake.callback(&sent).await;
    assert!(fake
        .response(&sent)
        .await
        .content()
        .contains("clock ran out"));
    fake.wait_for("the missing permission to be logged", |_| {
        String::from_utf8_lossy(&logs.lock().unwrap())
            .contains("lacks a permission")
            .then_some(())
    })
    .await;

    table.close(bot).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn playing_the_computer_and_a_thread_per_match() {
    let (table, bot) = Table::open("computer.db").await;
    let (fake, store) = (&table.fake, &table.store);

    // alice challenges the bot itself at level 1: the match starts at once; her move is answered by the
    // computer's, in a new message that pings her.
    let namnam = Person {
        bot: true,
        ..Person::member(FakeDiscord::BOT_ID, "Namnam")
    };
    let (option, resolved) = user_option("opponent", &namnam);
    let options = json!([option, {"name": "level", "type": 4, "value": 1}, {"name": "first", "type": 4, "value": 0}]);
    let sent = fake.invoke(&alice(), GENERAL, "challenge", options, resolved);
    assert_public(&fake.callback(&sent).await);
    let board = fake.response(&sent).await;
    let board_id = fake.interaction_state(&sent).original.unwrap();
    let match_id: i64 = board_match(&board);
    let row = stored_match(store, match_id).await;
    assert_eq!(row.computer.map(|c| c.level.number()), Some(1));
    assert_board_shows(&board, &row);
    let (thinking_id, thinking) =
        press_public(fake, &alice(), board_id, &house_ids(&board)[0]).await;
    assert!(
        thinking.content().contains("thinking"),
        "{}",
        thinking.content()
    );
    assert!(
        house_ids(&thinking).is_empty(),
        "no buttons while the computer thinks"
    );
    // As a follow-up of alice's press, which the clock's sweep leaves to it.
    let answer = fake
        .wait_for("the computer's move", |s| {
            s.messages
                .range(thinking_id + 1..)
                .map(|(_, m)| m)
                .find(|m| m.channel_id == GENERAL && pinged(m) == Some(alice().id))
                .cloned()
        })
        .await;
    let row = stored_match(store, match_id).await;
    assert_eq!(row.moves_played, 2, "alice's move and the computer's");
    assert_board_shows(&answer, &row);
    assert!(!row.rated, "matches against the computer are not rated");

    // carol gives each match its own thread.
    let threads = json!([{"name": "settings", "type": 1, "options": [{"name": "threads", "type": 4, "value": 0}]}]);
    let text = private_answer(fake, &carol_the_admin(), DUEL, "admin", threads).await;
    assert!(text.contains("a thread per match: yes"), "{text}");

    // bob accepts alice's challenge: the answer names the thread, the board is posted in it, and the
    // match is played there; the channel is free for another challenge.
    let (id, message) = challenge(fake, &alice(), &bob(), DUEL, json!([])).await;
    let accept = fake.press(&bob(), id, &button_ids(&message)[0]);
    assert_eq!(
        fake.callback(&accept).await["type"],
        7,
        "the challenge is updated"
    );
    let (announcement_id, announcement) = (id, fake.state().messages[&id].clone());
    assert!(
        announcement.button_rows().is_empty(),
        "the challenge's buttons go"
    );
    assert!(
        announcement.content().contains("own thread"),
        "{}",
        announcement.content()
    );
    let (thread_board_id, thread_board) = fake
        .wait_for("the board in the thread", |s| {
            s.messages.iter().find_map(|(id, m)| {
                (![GENERAL, DUEL].contains(&m.channel_id) && !house_ids(m).is_empty())
                    .then(|| (*id, m.clone()))
            })
        })
        .await;
    assert!(thread_board_id > announcement_id);
    let thread = thread_board.channel_id;
    let match_id: i64 = board_match(&thread_board);
    assert_eq!(stored_match(store, match_id).await.channel.0, thread);
    let mover = person(pinged(&thread_board).expect("a ping in the thread"));
    let (_, next) = press_public(fake, &mover, thread_board_id, &house_ids(&thread_board)[0]).await;
    assert_eq!(next.channel_id, thread);
    assert_eq!(stored_match(store, match_id).await.moves_played, 1);
    challenge(fake, &carol_the_admin(), &bob(), DUEL, json!([])).await;

    // Where the bot may not open threads, the match stays in the channel and the players are told why.
    fake.deny_channel(QUIET);
    let (id, message) = challenge(fake, &alice(), &bob(), QUIET, json!([])).await;
    let accept = fake.press(&bob(), id, &button_ids(&message)[0]);
    assert_eq!(fake.callback(&accept).await["type"], 7);
    let fallback = fake
        .wait_for("the board in the channel", |s| {
            let id = *s.interactions[&accept.token].followups.first()?;
            Some(s.messages[&id].clone())
        })
        .await;
    assert_eq!(fallback.channel_id, QUIET);
    assert!(
        fallback.content().contains("could not open a thread"),
        "{}",
        fallback.content()
    );
    assert!(!house_ids(&fallback).is_empty());
    // ... and the one who asked is told privately what the bot needs (once per channel).
    let told = fake
        .wait_for("the private word on permissions", |s| {
            let id = *s.interactions[&accept.token].followups.get(1)?;
            Some(s.messages[&id].clone())
        })
        .await;
    assert!(
        told.ephemeral && told.content().contains("Create Public Threads"),
        "{}",
        told.content()
    );

    table.close(bot).await;
}
