//! The bot comes online, registers its commands (globally, or on a development server), answers the
//! commands that need no match, and comes back after a restart without registering unchanged commands
//! again.

use namnam_discord::CommandScope;
use namnam_render as render;

use crate::checks::{assert_command_set, ephemeral_text};
use crate::fixture::{
    alice, bob, carol_the_admin, log_text, wait_for_log, Fixture, GENERAL, TOKEN,
};
use crate::payload::{self, house, Options};
use crate::support::fake_discord::{FakeDiscord, Person};
use crate::support::running::Running;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bot_registers_answers_and_survives_a_restart_against_a_fake_discord() {
    let fx = Fixture::start().await;
    fx.warn_unless_checked();
    let fake = &fx.fake;
    let bot = fx.start_bot("namnam.db");

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
    let rules = fx.run(&alice(), GENERAL, "rules", Options::new());
    let text = ephemeral_text(&fake.callback(&rules).await);
    assert!(text.contains("Nam-nam") && text.contains("lap"), "{text}");
    // ... with the opening board, a real PNG of the right board, and its alt text.
    let answer = fake.response(&rules).await;
    assert_eq!(answer.files.len(), 1, "one picture");
    let picture = &answer.files[0];
    let expected = namnam_core::pictures::opening_board();
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
    let help = fx.run(&bob(), GENERAL, "help", Options::new());
    let text = ephemeral_text(&fake.callback(&help).await);
    assert!(
        text.contains("/move house:3") && text.contains("namnam console"),
        "{text}"
    );
    assert!(fake.response(&help).await.ephemeral);

    // Match commands reach the core: with no match here, they are refused privately.
    for name in [
        "accept", "decline", "cancel", "board", "resign", "draw", "takeback",
    ] {
        let text = fx
            .private_answer(&bob(), GENERAL, name, Options::new())
            .await;
        assert!(
            text.contains("no open challenge") || text.contains("no match"),
            "/{name}: {text}"
        );
    }
    let text = fx.private_answer(&alice(), GENERAL, "move", house(3)).await;
    assert!(text.contains("no match"));

    // Autocomplete of /move is answered with a choice list (type 8).
    let typing = fx.typing(&alice(), GENERAL, "move", "house");
    let choices = fake.callback(&typing).await;
    assert_eq!(choices["type"], 8, "{choices}");
    assert!(choices["data"]["choices"].is_array(), "{choices}");

    // /admin: a member without Manage Server is refused, privately; an admin gets through.
    let abort = || Options::new().sub("abort", Options::new());
    let text = fx.private_answer(&bob(), GENERAL, "admin", abort()).await;
    assert!(text.contains("manage the server"), "{text}");
    let text = fx
        .private_answer(&carol_the_admin(), GENERAL, "admin", abort())
        .await;
    assert!(
        text.contains("no match"),
        "the admin gets through to the core: {text}"
    );
    // Its settings: a default target of 10 houses (choice 4), then none again (choice 0).
    let target = |choice| Options::new().sub("settings", Options::new().int("target", choice));
    let text = fx
        .private_answer(&carol_the_admin(), GENERAL, "admin", target(4))
        .await;
    assert!(text.contains("default target 10 houses"), "{text}");
    let text = fx
        .private_answer(&carol_the_admin(), GENERAL, "admin", target(0))
        .await;
    assert!(text.contains("default target none"), "{text}");

    // Buttons are handled by the event handler from their custom id alone: a Namnam button with no match
    // behind it is refused privately; a malformed Namnam id too; a foreign one is left alone.
    let board = fake.post_as(
        &Person::member(FakeDiscord::BOT_ID, "Namnam"),
        GENERAL,
        payload::message_with_buttons(
            "an old board",
            &[
                ("3", "nn:7:12:3"),
                ("?", "nn:7:12:13"),
                ("x", "other-bot:thing"),
            ],
        ),
    );
    let text = fx.press_refused(&alice(), board, "nn:7:12:3").await;
    assert!(text.contains("no match"));
    let text = fx.press_refused(&alice(), board, "nn:7:12:13").await;
    assert!(text.contains("don't recognise"));
    let foreign = fake.press(&alice(), board, "other-bot:thing");
    // The handler says so when it has let the press go: no answer can follow.
    wait_for_log("the foreign button to be left alone", |logs| {
        logs.lines()
            .any(|l| l.contains("not ours: left alone") && l.contains("other-bot:thing"))
    })
    .await;
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
    let bot = fx.start_bot("namnam.db");
    fake.wait_for("a second identify", |s| {
        (s.identifies == 2 && s.online()).then_some(())
    })
    .await;
    let text = fx
        .private_answer(&alice(), GENERAL, "rules", Options::new())
        .await;
    assert!(text.contains("Nam-nam"));
    assert_eq!(
        fake.state().registrations,
        1,
        "unchanged commands are not registered again"
    );
    bot.stop().await;

    // A changed command set is registered again.
    let mut fewer = namnam_discord::all_commands();
    fewer.retain(|c| c.name != "draw");
    let bot = Running::start(fx.bot("namnam.db").with_commands(fewer));
    let commands = fake
        .wait_for("the changed commands to be registered", |s| {
            (s.registrations == 2).then(|| s.commands.values().next().cloned().unwrap())
        })
        .await;
    assert!(commands.iter().all(|c| c["name"] != "draw"));
    assert_eq!(commands.len(), namnam_discord::all_commands().len() - 1);
    bot.stop().await;

    // Every request was well formed; the token never reached the logs.
    // (`whole_match` checks that at least MIN_VALIDATED bodies were validated.)
    let validated = fx.assert_requests_valid();
    eprintln!("{validated} request bodies validated against the OpenAPI description");
    let logs = log_text();
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
    let fx = Fixture::start().await;
    let fake = &fx.fake;
    let guild = serenity::all::GuildId::new(FakeDiscord::GUILD_ID);
    let scope = CommandScope::Guild(guild);
    let bot = Running::start(fx.bot_with(TOKEN, "dev.db", scope));
    let path = format!(
        "/applications/{}/guilds/{}/commands",
        FakeDiscord::APPLICATION_ID,
        guild
    );
    let commands = fake
        .wait_for("guild commands", |s| s.commands.get(&path).cloned())
        .await;
    assert_command_set(&commands);
    // Where a command may be used applies to global commands only: left out here.
    assert!(
        commands
            .iter()
            .all(|c| c.get("integration_types").is_none() && c.get("contexts").is_none()),
        "{commands:?}"
    );
    assert_eq!(
        fake.state().commands.len(),
        1,
        "nothing registered globally"
    );
    bot.stop().await;

    // Moved to global commands on the same database: the development server's copy is removed, or it
    // would show every command twice there.
    let bot = fx.start_bot("dev.db");
    let global = format!("/applications/{}/commands", FakeDiscord::APPLICATION_ID);
    let commands = fake
        .wait_for("global commands and the server's copy removed", |s| {
            let removed = s.commands.get(&path).is_some_and(Vec::is_empty);
            s.commands.get(&global).filter(|_| removed).cloned()
        })
        .await;
    assert_command_set(&commands);
    assert!(
        commands
            .iter()
            .all(|c| c["integration_types"].is_array() && c["contexts"].is_array()),
        "{commands:?}"
    );
    bot.stop().await;
    fx.assert_requests_valid();
}
