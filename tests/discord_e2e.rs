//! End-to-end tests of the Discord front end: the real serenity client, through poise, against a fake
//! Discord on 127.0.0.1 (`tests/support/fake_discord`). Every REST request the bot makes is checked
//! against Discord's OpenAPI description when `NAMNAM_DISCORD_OPENAPI` names it.

mod support;

use std::io::Write;
use std::path::Path;
use std::sync::{Arc, Mutex, OnceLock};

use serde_json::{json, Value};
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

use namnam::discord::{logging, reply, Bot, CommandScope, RunError, Settings, Token};
use namnam::render;
use support::fake_discord::{Check, Checked, FakeDiscord, OpenApi, Person};

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

#[derive(Clone)]
struct Sink(Arc<Mutex<Vec<u8>>>);

impl Write for Sink {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

fn settings(fake: &FakeDiscord, token: &str, database: &Path, scope: CommandScope) -> Settings {
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
    settings.api_base = Some(fake.base_url().to_owned());
    settings
}

/// A bot running in the background until [`Running::stop`].
struct Running {
    stop: oneshot::Sender<()>,
    task: JoinHandle<Result<(), RunError>>,
}

impl Running {
    fn start(bot: Bot) -> Self {
        let (stop, stopped) = oneshot::channel::<()>();
        let task = tokio::spawn(bot.run(async move {
            let _ = stopped.await;
        }));
        Self { stop, task }
    }

    async fn stop(self) {
        self.stop.send(()).expect("the bot is still running");
        let result = tokio::time::timeout(std::time::Duration::from_secs(20), self.task)
            .await
            .expect("the bot stops within 20 s")
            .expect("the bot task did not panic");
        result.expect("the bot stops without an error");
    }
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
    let bot = Running::start(Bot::new(settings(
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

    // The commands that need the bot core say so privately, options and all.
    let challenge = fake.invoke(
        &alice(),
        GENERAL,
        "challenge",
        json!([
            {"name": "opponent", "type": 6, "value": bob().id.to_string()},
            {"name": "clock", "type": 4, "value": 2},
            {"name": "target", "type": 4, "value": 9},
        ]),
        json!({"users": {bob().id.to_string(): bob().user_json()},
               "members": {bob().id.to_string(): {"roles": [], "joined_at": support::fake_discord::payloads::TIMESTAMP,
                   "deaf": false, "mute": false, "flags": 0, "permissions": "0"}}}),
    );
    assert!(ephemeral_text(&fake.callback(&challenge).await).contains("not available"));
    for name in [
        "accept", "decline", "cancel", "board", "resign", "draw", "matches", "history",
    ] {
        let sent = fake.invoke(&bob(), GENERAL, name, json!([]), json!({}));
        assert!(
            ephemeral_text(&fake.callback(&sent).await).contains("not available"),
            "/{name}"
        );
    }
    let moved = fake.invoke(
        &alice(),
        GENERAL,
        "move",
        json!([{"name": "house", "type": 4, "value": 3}]),
        json!({}),
    );
    assert!(ephemeral_text(&fake.callback(&moved).await).contains("not available"));

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
    assert!(text.contains("manage this server"), "{text}");
    let allowed = fake.invoke(&carol_the_admin(), GENERAL, "admin", abort, json!({}));
    assert!(ephemeral_text(&fake.callback(&allowed).await).contains("not available"));

    // Buttons are handled by the event handler from their custom id alone: a Namnam button whose match
    // is unknown is refused privately; a malformed Namnam id too; a foreign one is left alone.
    let board = fake.post_as(
        &Person::member(FakeDiscord::BOT_ID, "Namnam"),
        GENERAL,
        json!({"content": "an old board", "components": [{"type": 1, "components": [
            {"type": 2, "style": 2, "label": "3", "custom_id": "nn:m7:12:h3"},
            {"type": 2, "style": 2, "label": "?", "custom_id": "nn:m7:12:h13"},
            {"type": 2, "style": 2, "label": "x", "custom_id": "other-bot:thing"}]}]}),
    );
    let press = fake.press(&alice(), board, "nn:m7:12:h3");
    assert!(ephemeral_text(&fake.callback(&press).await).contains("can't find"));
    let press = fake.press(&alice(), board, "nn:m7:12:h13");
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
    let bot = Running::start(Bot::new(settings(
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
        Bot::new(settings(&fake, TOKEN, &database, CommandScope::Global)).with_commands(fewer),
    );
    let commands = fake
        .wait_for("the changed commands to be registered", |s| {
            (s.registrations == 2).then(|| s.commands.values().next().cloned().unwrap())
        })
        .await;
    assert!(commands.iter().all(|c| c["name"] != "draw"));
    assert_eq!(commands.len(), 14);
    bot.stop().await;

    // Every request was well formed; the token never reached the logs.
    let validated = assert_requests_valid(&fake, spec_loaded);
    eprintln!("{validated} request bodies validated against the OpenAPI description");
    if spec_loaded {
        assert!(
            validated >= MIN_VALIDATED,
            "only {validated} request bodies were validated"
        );
    }
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
    let bot = Running::start(Bot::new(settings(
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
    let outcome = Bot::new(settings).run(std::future::pending()).await;
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
