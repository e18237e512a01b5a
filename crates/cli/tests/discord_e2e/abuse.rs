//! What one person could do to others through the bot, played through the fake Discord: a setting naming
//! another server's channel, and a post for one stored before that was checked; a tournament named as a
//! masked link with `@everyone`; a board asked for to ping, and a challenge withdrawn to ping again; a
//! press of a button its message does not carry; and the admins told where the bot may not read history.

use namnam_model::{ChannelId, ServerId};
use serde_json::{json, Value};

use crate::checks::{assert_public, button_ids, ephemeral_text, posted};
use crate::fixture::{alice, bob, carol_the_admin, Fixture, DUEL, GENERAL};
use crate::payload::Options;
use crate::support::fake_discord::{FakeDiscord, Message, Perm};

/// A channel of the other server, where the bot may post too.
const FOREIGN: u64 = 1_300_000_000_000_000_001;

/// Who Discord notifies of `message`: each `<@id>` its allowed mentions let through, and everyone for an
/// `@everyone` or `@here` they let through.
pub(crate) fn notified(message: &Message) -> Vec<String> {
    let allowed = message.allowed_mentions.clone().unwrap_or(json!({}));
    let parse: Vec<&str> = allowed["parse"]
        .as_array()
        .map(|p| p.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let users: Vec<&str> = allowed["users"]
        .as_array()
        .map(|u| u.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let content = message.content();
    let mut notified = Vec::new();
    for piece in content.split("<@").skip(1) {
        let id = piece.split('>').next().unwrap_or_default();
        if parse.contains(&"users") || users.contains(&id) {
            notified.push(id.to_owned());
        }
    }
    if parse.contains(&"everyone") && (content.contains("@everyone") || content.contains("@here")) {
        notified.push("everyone".into());
    }
    notified
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_post_reaches_another_servers_channel() {
    let (fx, bot, store) = Fixture::table_in_two_servers("abuse-channels.db").await;
    let fake = &fx.fake;
    fake.add_channel(FakeDiscord::OTHER_GUILD_ID, FOREIGN);

    // An admin of this server names the other server's channel: refused, privately.
    for options in [
        Options::new().sub("season", Options::new().channel("news", FOREIGN)),
        Options::new().sub("settings", Options::new().channel("allow", FOREIGN)),
        Options::new().sub("settings", Options::new().channel("daily-puzzle", FOREIGN)),
    ] {
        let said = fx
            .private_answer(&carol_the_admin(), GENERAL, "admin", options)
            .await;
        assert!(said.contains("not a channel of this server"), "{said}");
    }
    // A setting stored before channels were checked still names it: the season's news is refused by the
    // poster, with one log line, and the rest of the answer stands.
    let server = ServerId(FakeDiscord::GUILD_ID);
    let mut tx = store.begin().await.unwrap();
    namnam_store::ensure_server(&mut tx, server, "test server", 0)
        .await
        .unwrap();
    namnam_store::set_season_options(&mut tx, server, Some(ChannelId(FOREIGN)), false, 0)
        .await
        .unwrap();
    tx.commit().await.unwrap();
    let said = fx
        .private_answer(
            &carol_the_admin(),
            GENERAL,
            "admin",
            Options::new().sub("season", Options::new()),
        )
        .await;
    assert!(said.contains("Season 1 is over"), "{said}");
    crate::fixture::wait_for_log("the foreign post refused", |logs| {
        logs.contains("refused a message for a channel of another server")
    })
    .await;
    assert!(
        fake.shown(FOREIGN).is_empty(),
        "the other server's channel got a post"
    );
    // The server's own channel is still a fine place for the news (a season lasts at least a minute).
    fx.clock().advance_secs(120);
    let said = fx
        .private_answer(
            &carol_the_admin(),
            GENERAL,
            "admin",
            Options::new().sub("season", Options::new().channel("news", DUEL)),
        )
        .await;
    assert!(said.contains("Season 2 is over"), "{said}");
    fake.wait_for("the news in #duel", |s| posted(s, DUEL, "Season 2 is over"))
        .await;
    assert!(fake.shown(FOREIGN).is_empty());
    fx.close(bot, store).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tournament_named_as_a_link_shows_as_text_and_pings_nobody() {
    let (fx, bot, store) = Fixture::table("abuse-names.db").await;
    let fake = &fx.fake;
    let name = "[Free Nitro](https://evil.example/x) @everyone \u{202e}sdrawkcab";
    let create = Options::new().sub("create", Options::new().text("name", name));
    let sent = fx.run(&alice(), GENERAL, "tournament", create);
    assert_public(&fake.callback(&sent).await);
    let signup = fake.response(&sent).await;
    let content = signup.content();
    assert!(
        content.contains(r"\[Free Nitro\]\(https\://evil.example/x\) \@everyone"),
        "{content}"
    );
    // The right-to-left override stays inside the name, which is isolated from the rest of the line.
    assert!(content.contains("\u{2068}\\[Free"), "{content}");
    assert!(content.contains("sdrawkcab\u{2069}"), "{content}");
    assert!(
        notified(&signup).is_empty(),
        "{:?}",
        signup.allowed_mentions
    );
    fx.close(bot, store).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn boards_and_withdrawn_challenges_cannot_flood_pings() {
    let (fx, bot, store) = Fixture::table("abuse-pings.db").await;
    let fake = &fx.fake;
    let (challenge_id, challenge) = fx
        .challenge(&alice(), &bob(), GENERAL, Options::new())
        .await;
    assert_eq!(notified(&challenge), [bob().id.to_string()]);
    // alice withdraws and challenges again at once: refused, and bob is pinged no more.
    let sent = fake.press(&alice(), challenge_id, &button_ids(&challenge)[2]);
    fx.public_answer(&sent).await;
    let again = fx.run(
        &alice(),
        GENERAL,
        "challenge",
        Options::new().user("opponent", &bob()),
    );
    let refused = ephemeral_text(&fake.callback(&again).await);
    assert!(refused.contains("a moment ago"), "{refused}");
    // carol and alice play; bob's /board shows their match and pings nobody, however often.
    let (challenge_id, challenge) = fx
        .challenge(&carol_the_admin(), &alice(), GENERAL, Options::new())
        .await;
    fx.press_public(&alice(), challenge_id, &button_ids(&challenge)[0])
        .await;
    for _ in 0..3 {
        let sent = fx.run(&bob(), GENERAL, "board", Options::new());
        let (_, board) = fx.public_answer(&sent).await;
        assert!(notified(&board).is_empty(), "{}", board.content());
    }
    let pings_to_bob = fake
        .state()
        .messages
        .values()
        .filter(|m| notified(m).contains(&bob().id.to_string()))
        .count();
    assert_eq!(
        pings_to_bob, 1,
        "bob was pinged once, by the first challenge"
    );
    fx.close(bot, store).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_press_of_a_button_its_message_does_not_carry_changes_nothing() {
    let (fx, bot, store) = Fixture::table("abuse-press.db").await;
    let fake = &fx.fake;
    let (challenge_id, challenge) = fx
        .challenge(&alice(), &bob(), GENERAL, Options::new())
        .await;
    // Should Discord ever pass on an id the message does not carry (bob's Accept on another message,
    // a replay's step), the press is refused and the message stays as it is.
    let accept = button_ids(&challenge)[0].clone();
    let elsewhere = fake.post_as(&alice(), GENERAL, json!({"content": "hello"}));
    let sent = fake.press_forged(&bob(), elsewhere, &accept);
    let refused = ephemeral_text(&fake.callback(&sent).await);
    assert!(refused.contains("out of date"), "{refused}");
    let sent = fake.press_forged(&bob(), challenge_id, "nn:1:replay:0:f");
    let refused = ephemeral_text(&fake.callback(&sent).await);
    assert!(refused.contains("out of date"), "{refused}");
    assert_eq!(fake.state().messages[&challenge_id].edits, 0);
    assert!(
        namnam_store::find_open_challenge(
            store.reader(),
            namnam_model::Place::ServerChannel {
                server: ServerId(FakeDiscord::GUILD_ID),
                channel: ChannelId(GENERAL),
            }
        )
        .await
        .unwrap()
        .is_some(),
        "the challenge is still open"
    );
    fx.close(bot, store).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn admins_are_told_where_the_bot_may_not_read_history() {
    let (fx, bot, store) = Fixture::table("abuse-history.db").await;
    let said = fx
        .private_answer(
            &carol_the_admin(),
            GENERAL,
            "admin",
            Options::new().sub("settings", Options::new()),
        )
        .await;
    assert!(!said.contains("Read Message History"), "{said}");
    fx.fake.deny(GENERAL, Perm::ReadMessageHistory);
    let said = fx
        .private_answer(
            &carol_the_admin(),
            GENERAL,
            "admin",
            Options::new().sub("settings", Options::new()),
        )
        .await;
    assert!(said.contains("Read Message History"), "{said}");
    fx.close(bot, store).await;
}
