//! Nam-nam where only players installed the app (a user install): a group DM, a server the bot is not in,
//! and the bot's own DM. Where the bot may only answer, every board is the answer to the press or command
//! that made it, the clock's notices wait in the outbox for the next answer there, and the bot never posts
//! in the channel, never sends a sixth follow-up and never uses a token past its 15 minutes: the fake
//! refuses each as Discord does (403 50001, 40094, 401 50027), and the tests check that none was tried.

use namnam_model::{MatchId, PlaceKind};
use std::time::Duration;

use crate::checks::{
    assert_board_shows, assert_public, board_match, button_ids, ephemeral_text, house_ids, pinged,
    stored_match,
};
use crate::fixture::{alice, bob, namnam, Fixture};
use crate::payload::Options;
use crate::support::fake_discord::{FakeDiscord, Fault, Message, PATIENCE};
use namnam_store::Store;

/// A group DM of alice and bob.
const LOUNGE: u64 = 1_200_000_000_000_000_021;
/// A channel of a server the bot is not in.
const ELSEWHERE: u64 = 1_200_000_000_000_000_022;

/// Five minutes a move, the challenger first.
fn five_minutes() -> Options {
    Options::new().int("clock", 0).int("first", 0)
}

/// Waits until the stored match is over (the clock's sweep ends it: in a place where the bot may only
/// answer, nothing shows it meanwhile, so the database is the witness).
async fn until_over(store: &Store, id: MatchId) {
    let deadline = tokio::time::Instant::now() + PATIENCE;
    while !stored_match(store, id).await.game.is_over() {
        assert!(
            tokio::time::Instant::now() < deadline,
            "the clock ends the match"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The outbox's posts in `state`.
async fn post_states(store: &Store) -> Vec<String> {
    namnam_store::post_states(store.reader())
        .await
        .unwrap()
        .into_iter()
        .map(|(_, state, _)| state)
        .collect()
}

/// The group DM of alice and bob, who installed the app.
fn group_dm(fx: &Fixture) {
    fx.fake.add_group_dm(LOUNGE, "lounge");
    fx.fake.install_for(&alice());
    fx.fake.install_for(&bob());
}

/// A match in the group DM, begun by alice's challenge and bob's Accept: the match, and the message of its
/// first board with its id.
async fn a_group_dm_match(fx: &Fixture) -> (MatchId, u64, Message) {
    let (id, message) = fx.challenge(&alice(), &bob(), LOUNGE, five_minutes()).await;
    let (board_id, board) = fx.press_public(&bob(), id, &button_ids(&message)[0]).await;
    (MatchId(board_match(&board).0), board_id, board)
}

/// Waits until a post waits for the next answer, or `shown` says an answer still following up carried it
/// already (`what`: what waits).
async fn until_waiting_or(
    fx: &Fixture,
    store: &Store,
    what: &str,
    shown: impl Fn(&crate::support::fake_discord::State) -> bool,
) {
    let deadline = tokio::time::Instant::now() + PATIENCE;
    loop {
        let awaiting = post_states(store).await.iter().any(|s| s == "awaiting");
        if awaiting || shown(&fx.fake.state()) {
            return;
        }
        assert!(tokio::time::Instant::now() < deadline, "{what} waits");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Waits until every post settled: shown, or dropped.
async fn until_settled(store: &Store) {
    let waiting = ["held", "pending", "awaiting"];
    let deadline = tokio::time::Instant::now() + PATIENCE;
    while post_states(store)
        .await
        .iter()
        .any(|s| waiting.contains(&s.as_str()))
    {
        assert!(
            tokio::time::Instant::now() < deadline,
            "every post settled: {:?}",
            post_states(store).await
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Nothing the bot did in `channel` broke the rules of a place where it may only answer (see
/// [`answers_only`](crate::support::answers_only)), and no first response came too late; prints the
/// requests of the place's interactions, in order, and counted by route (for the record).
fn assert_only_answered(fx: &Fixture, channel: u64, label: &str) {
    let state = fx.fake.state();
    for interaction in state
        .interactions
        .values()
        .filter(|i| i.channel_id == channel)
    {
        assert!(
            interaction.late_callbacks.is_empty(),
            "a late first response"
        );
    }
    let answered = crate::support::answers_only::assert_only_answered(&state, channel, label);
    let routes: Vec<String> = answered
        .by_route
        .iter()
        .map(|(route, n)| format!("{n} × {route}"))
        .collect();
    // Everything else the bot asked of Discord meanwhile (its registration, DMs, the gateway's address).
    let mut others: std::collections::BTreeMap<String, usize> = Default::default();
    let tokens: Vec<&String> = state.interactions.keys().collect();
    for request in &state.requests {
        if !tokens
            .iter()
            .any(|token| request.path.contains(token.as_str()))
        {
            *others.entry(request.template.clone()).or_default() += 1;
        }
    }
    let others: Vec<String> = others
        .iter()
        .map(|(route, n)| format!("{n} × {route}"))
        .collect();
    eprintln!(
        "requests of the {label} match ({} interactions, at most {} follow-ups each, the oldest token \
         used {} s old):\n  {}\nby route:\n  {}\nthe bot's other requests meanwhile:\n  {}",
        answered.interactions,
        answered.most_follow_ups,
        answered.oldest_token_ms / 1000,
        answered.lines.join("\n  "),
        routes.join("\n  "),
        others.join("\n  ")
    );
}

/// A whole match in a group DM whose players installed the app, to a time-out: each board is the answer
/// to the press that made it (the pressed board updated, the new one a follow-up that pings the player to
/// move); the time-out, stored at the deadline, is shown after the next press there.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn user_install_a_match_in_a_group_dm_to_a_timeout() {
    let (fx, bot, store) = Fixture::table("user-install-group-dm.db").await;
    let (fake, clock) = (&fx.fake, fx.clock());
    group_dm(&fx);
    // Both want DMs; Discord will not let the bot DM alice, who shares no server with it.
    fake.share_no_guild_with(&alice());
    for who in [alice(), bob()] {
        let on = Options::new().sub("on", Options::new());
        fx.private_answer(&who, LOUNGE, "notify", on).await;
    }

    let (id, message) = fx.challenge(&alice(), &bob(), LOUNGE, five_minutes()).await;
    assert_eq!(pinged(&message), Some(bob().id), "the challenge pings bob");
    let (mut board_id, mut board) = fx.press_public(&bob(), id, &button_ids(&message)[0]).await;
    let match_id = MatchId(board_match(&board).0);
    let row = stored_match(&store, match_id).await;
    assert_eq!(row.place.kind(), PlaceKind::PrivateChannel);
    assert_board_shows(&board, &row);

    // Four moves with the buttons, each answered on the press that made it.
    for _ in 0..4 {
        let row = stored_match(&store, match_id).await;
        let mover = crate::fixture::person(row.players.get(row.game.to_move().unwrap()).0);
        let (next_id, next) = fx
            .press_public(&mover, board_id, &house_ids(&board)[0])
            .await;
        let row = stored_match(&store, match_id).await;
        if row.game.is_over() {
            break;
        }
        assert_board_shows(&next, &row);
        (board_id, board) = (next_id, next);
    }

    // The clock runs out: stored at the deadline, and never posted in the group DM. It waits for the next
    // answer there — unless the last move's answer is still following up, and carries it itself.
    clock.advance_secs(6 * 60);
    until_over(&store, match_id).await;
    let row = stored_match(&store, match_id).await;
    assert!(row.rated, "rated, in the everywhere rating");
    let shown = |s: &crate::support::fake_discord::State| {
        s.messages
            .values()
            .find(|m| {
                m.channel_id == LOUNGE && !m.ephemeral && m.content().contains("clock ran out")
            })
            .cloned()
    };
    until_waiting_or(&fx, &store, "the time-out", |s| shown(s).is_some()).await;

    // The next press there (a house of the last board, out of date now) is refused privately, and the
    // time-out, if it still waited, follows its answer.
    let sent = fake.press(&alice(), board_id, &house_ids(&board)[0]);
    ephemeral_text(&fake.callback(&sent).await);
    let timed_out = fake.wait_for("the time-out shown", shown).await;
    assert!(!timed_out.ephemeral, "{}", timed_out.content());
    let by_the_press = fake.interaction_state(&sent).followups.iter().any(|id| {
        fake.state().messages[id]
            .content()
            .contains("clock ran out")
    });
    eprintln!(
        "the time-out followed {}",
        match by_the_press {
            true => "the next press",
            false => "the last move's answer, still following up when the clock ran out",
        }
    );
    // Every post settled: shown, or (alice's DMs) dropped.
    until_settled(&store).await;
    let shown_times = fake
        .state()
        .messages
        .values()
        .filter(|m| m.channel_id == LOUNGE && !m.ephemeral && m.content().contains("clock ran out"))
        .count();
    assert_eq!(shown_times, 1, "the time-out shown once");

    // bob is told by DM too, in words; alice's DMs were refused (50278) once at most, then left off.
    let dm = fake
        .wait_for("bob's DM of the time-out", |s| {
            s.dms_to(bob().id)
                .into_iter()
                .find(|m| m.content().contains("clock ran out"))
        })
        .await;
    assert!(house_ids(&dm).is_empty(), "words only: {}", dm.content());
    let alice_dm = fake.state().dm_channels.get(&alice().id).copied();
    let tried = fake
        .requests()
        .iter()
        .filter(|r| {
            r.method == "POST"
                && alice_dm.is_some_and(|c| r.path == format!("/channels/{c}/messages"))
        })
        .count();
    assert!(tried <= 1, "{tried} DMs tried to alice");

    assert_only_answered(&fx, LOUNGE, "group DM");
    fx.close(bot, store).await;
}

/// A match in a server the bot is not in: a guest's place, answered only; where the server takes Use
/// External Apps from its members, Discord makes the answers ephemeral.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn user_install_a_match_in_a_server_without_the_bot() {
    let (fx, bot, store) = Fixture::table("user-install-guest.db").await;
    let fake = &fx.fake;
    fake.add_guest_channel(ELSEWHERE);
    fake.install_for(&alice());
    fake.install_for(&bob());

    let (id, message) = fx
        .challenge(&alice(), &bob(), ELSEWHERE, five_minutes())
        .await;
    let (board_id, board) = fx.press_public(&bob(), id, &button_ids(&message)[0]).await;
    let match_id = MatchId(board_match(&board).0);
    let row = stored_match(&store, match_id).await;
    assert_eq!(row.place.kind(), PlaceKind::GuestChannel);
    assert_eq!(
        row.place.server().map(|s| s.0),
        Some(FakeDiscord::GUEST_GUILD_ID)
    );
    let (next_id, next) = fx
        .press_public(&alice(), board_id, &house_ids(&board)[0])
        .await;
    let row = stored_match(&store, match_id).await;
    assert_board_shows(&next, &row);

    // Discord names no server the bot is not in: the match's record names none, never its id.
    let record = namnam_store::load_record(store.reader(), match_id)
        .await
        .unwrap()
        .expect("a record");
    assert_eq!(record.server, None);
    let guest = FakeDiscord::GUEST_GUILD_ID.to_string();
    assert!(
        !record.to_text().contains(&guest),
        "the server's id in the record"
    );

    // What belongs to a server that invited the bot is not offered here (the leaderboard is, showing the
    // everywhere rating: see `everywhere.rs`).
    let tournament = fake.command("tournament");
    assert_eq!(tournament["contexts"], serde_json::json!([0]));
    assert_eq!(tournament["integration_types"], serde_json::json!([0]));

    // Without Use External Apps, Discord makes the answers ephemeral: `/board` is shown to the asker
    // alone, and a move, which the opponent would never see, is refused privately with the bot's DM
    // offered instead. The match is as it was.
    fake.turn_external_apps_off(FakeDiscord::GUEST_GUILD_ID);
    let sent = fx.run(&bob(), ELSEWHERE, "board", Options::new());
    fake.callback(&sent).await;
    let answer = fake.response(&sent).await;
    assert!(answer.ephemeral, "forced ephemeral: {}", answer.content());
    let text = fx
        .press_refused(&bob(), next_id, &house_ids(&next)[0])
        .await;
    assert!(
        text.contains("Use External Apps") && text.contains(&format!("<@{}>", FakeDiscord::BOT_ID)),
        "{text}"
    );
    assert_eq!(
        stored_match(&store, match_id).await.moves_played,
        row.moves_played
    );

    assert_only_answered(&fx, ELSEWHERE, "guest server");
    fx.close(bot, store).await;
}

/// The bot's own DM is a place like a server's channel where it is a member: it answers, and it posts by
/// itself (the computer's move, the clock's notices).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn user_install_the_computer_in_the_bots_dm() {
    let (fx, bot, store) = Fixture::table("user-install-bot-dm.db").await;
    let (fake, clock) = (&fx.fake, fx.clock());
    fake.install_for(&alice());
    let dm = fake.bot_dm(&alice());

    let options = Options::new()
        .user("opponent", &namnam())
        .int("level", 1)
        .and(five_minutes());
    let sent = fx.run(&alice(), dm, "challenge", options);
    assert_public(&fake.callback(&sent).await);
    let board = fake.response(&sent).await;
    let board_id = fake.interaction_state(&sent).original.unwrap();
    let match_id = MatchId(board_match(&board).0);
    let row = stored_match(&store, match_id).await;
    assert_eq!(row.place.kind(), PlaceKind::BotDm);
    let (thinking_id, _) = fx
        .press_public(&alice(), board_id, &house_ids(&board)[0])
        .await;
    fake.wait_for("the computer's move", |s| {
        s.messages
            .range(thinking_id + 1..)
            .map(|(_, m)| m)
            .find(|m| m.channel_id == dm && pinged(m) == Some(alice().id))
            .cloned()
    })
    .await;

    // The clock runs out: the poster says so in the DM by itself.
    clock.advance_secs(6 * 60);
    until_over(&store, match_id).await;
    assert!(
        !stored_match(&store, match_id).await.rated,
        "against the computer: unrated"
    );
    fake.wait_for("the time-out in the DM", |s| {
        crate::checks::posted(s, dm, "clock ran out")
    })
    .await;
    fx.close(bot, store).await;
}

/// A press that reaches the bot too late to be answered (over 3 s old: Discord refuses its response,
/// 10062) in a group DM: the move is stored all the same, and its board, which nobody could post there,
/// follows the next answer in the group DM.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn user_install_a_late_press_in_a_group_dm_loses_nothing() {
    let (fx, bot, store) = Fixture::table("user-install-late.db").await;
    let fake = &fx.fake;
    group_dm(&fx);
    let (match_id, board_id, board) = a_group_dm_match(&fx).await;

    let late = Duration::from_millis(3_500);
    let sent = fake.press_with_lag(&alice(), board_id, &house_ids(&board)[0], late);
    let deadline = tokio::time::Instant::now() + PATIENCE;
    while stored_match(&store, match_id).await.moves_played < 1 {
        assert!(tokio::time::Instant::now() < deadline, "the move is stored");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let row = stored_match(&store, match_id).await;
    let version = row.version;
    // The move's board as a follow-up of some answer in the group DM (never a post of the bot's own).
    let followed = |s: &crate::support::fake_discord::State| -> Vec<Message> {
        s.interactions
            .values()
            .filter(|i| i.channel_id == LOUNGE)
            .flat_map(|i| i.followups.iter())
            .filter_map(|id| s.messages.get(id))
            .filter(|m| shows_board(m, match_id, version))
            .cloned()
            .collect()
    };
    until_waiting_or(&fx, &store, "the move's board", |s| !followed(s).is_empty()).await;
    assert!(!fake.interaction_state(&sent).late_callbacks.is_empty());

    // bob asks for the board: the answer, then the board that waited (unless the answer before, still
    // following up, carried it already).
    let asked = fx.run(&bob(), LOUNGE, "board", Options::new());
    fake.callback(&asked).await;
    let waited = fake
        .wait_for("the board that waited", |s| followed(s).into_iter().next())
        .await;
    assert!(!waited.ephemeral);
    assert_board_shows(&waited, &row);
    assert_eq!(followed(&fake.state()).len(), 1, "shown once");
    let requests = fake.requests();
    assert!(
        !requests
            .iter()
            .any(|r| r.path.starts_with(&format!("/channels/{LOUNGE}"))),
        "no request on the group DM itself"
    );
    fx.close(bot, store).await;
}

/// A challenge nobody answers in a group DM: it expires at its time (stored, never posted in the group
/// DM), bob, who made it and asked for DMs, is told by DM at once, and the notice follows the next answer
/// there (or the challenge's own, if it is still following up), once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn user_install_an_expired_challenge_in_a_group_dm() {
    let (fx, bot, store) = Fixture::table("user-install-expired.db").await;
    let (fake, clock) = (&fx.fake, fx.clock());
    group_dm(&fx);
    let on = Options::new().sub("on", Options::new());
    fx.private_answer(&bob(), LOUNGE, "notify", on).await;
    fx.challenge(&bob(), &alice(), LOUNGE, five_minutes()).await;

    clock.advance_secs(11 * 60);
    let dm = fake
        .wait_for("bob's DM of the expiry", |s| {
            s.dms_to(bob().id)
                .into_iter()
                .find(|m| m.content().contains("has expired"))
        })
        .await;
    assert!(
        dm.content().contains(&format!("/channels/@me/{LOUNGE}")),
        "the DM links to the group DM: {}",
        dm.content()
    );
    let expired = |s: &crate::support::fake_discord::State| -> Vec<Message> {
        s.messages
            .values()
            .filter(|m| m.channel_id == LOUNGE && !m.ephemeral)
            .filter(|m| m.content().contains("has expired"))
            .cloned()
            .collect()
    };
    until_waiting_or(&fx, &store, "the notice", |s| !expired(s).is_empty()).await;

    // alice looks at her matches there: the private answer, then the notice if it still waited (else
    // the challenge's own answer, still following up when the clock ran, carried it).
    let asked = fx.run(&alice(), LOUNGE, "matches", Options::new());
    ephemeral_text(&fake.callback(&asked).await);
    let shown = fake
        .wait_for("the notice shown", |s| expired(s).into_iter().next())
        .await;
    until_settled(&store).await;
    assert_eq!(expired(&fake.state()).len(), 1, "shown once");
    let followed = fake
        .state()
        .interactions
        .values()
        .any(|i| i.channel_id == LOUNGE && i.followups.contains(&message_id_of(&shown)));
    assert!(followed, "as a follow-up of an answer there");
    assert_only_answered(&fx, LOUNGE, "group DM");
    fx.close(bot, store).await;
}

/// Whether `message` carries the board of `match_id` at `version`, whichever post (if any) it is.
fn shows_board(message: &Message, match_id: MatchId, version: i64) -> bool {
    message
        .files
        .iter()
        .any(|f| namnam_discord::reply::is_board_file(&f.filename, match_id, version))
}

fn message_id_of(message: &Message) -> u64 {
    message.json["id"].as_str().unwrap().parse().unwrap()
}

/// A new board that Discord showed as a follow-up but whose answer was lost (the connection dropped after
/// Discord took it): the bot cannot look in a group DM, so the board waits for the next answer there, as
/// maybe shown. The next answer is to a press on that very board, which proves it was shown: it is not
/// shown again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn user_install_a_board_pressed_is_not_shown_again() {
    let (fx, bot, store) = Fixture::table("user-install-lost-answer.db").await;
    let fake = &fx.fake;
    group_dm(&fx);
    let (match_id, board_id, board) = a_group_dm_match(&fx).await;
    let mover = |row: &namnam_store::MatchRow| {
        crate::fixture::person(row.players.get(row.game.to_move().unwrap()).0)
    };

    let row = stored_match(&store, match_id).await;
    fake.fail_next("POST /webhooks/{id}/{token}", Fault::DropAfter);
    let (lost_id, lost) = fx
        .press_public(&mover(&row), board_id, &house_ids(&board)[0])
        .await;
    let row = stored_match(&store, match_id).await;
    assert_board_shows(&lost, &row);
    until_waiting_or(&fx, &store, "the board whose answer was lost", |_| false).await;

    let (_, next) = fx
        .press_public(&mover(&row), lost_id, &house_ids(&lost)[0])
        .await;
    assert_board_shows(&next, &stored_match(&store, match_id).await);
    until_settled(&store).await;
    let copies = fake
        .state()
        .messages
        .values()
        .filter(|m| !m.ephemeral && shows_board(m, match_id, row.version))
        .count();
    assert_eq!(copies, 1, "the board of version {} shown once", row.version);
    assert_only_answered(&fx, LOUNGE, "group DM");
    fx.close(bot, store).await;
}

/// Waits until the fake has answered a follow-up of `sent` and nothing is held for an answer: the answer
/// to `sent` is done with what waited.
async fn until_followed_up(fx: &Fixture, store: &Store, sent: &crate::support::fake_discord::Sent) {
    let deadline = tokio::time::Instant::now() + PATIENCE;
    loop {
        let tried = fx.fake.requests().iter().any(|r| {
            r.template == "POST /webhooks/{id}/{token}" && r.path.contains(sent.token.as_str())
        });
        let held = post_states(store).await.iter().any(|s| s == "held");
        if tried && !held {
            return;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "the answer's follow-up"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The sequence of issue 64: the follow-up carrying a move's board and words gets a 500 (maybe shown);
/// the next player asks `/board`, whose answer shows the same picture (and the follow-up that was to show
/// the move again gets a 500 too); that player presses a house on `/board`'s answer. The press proves
/// that `/board`'s answer was shown, nothing about the move's words: they follow the press's answer, as
/// they were sent the first time.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn user_install_the_same_board_pressed_elsewhere_proves_nothing_about_a_moves_words() {
    let (fx, bot, store) = Fixture::table("user-install-same-board.db").await;
    let fake = &fx.fake;
    group_dm(&fx);
    let (match_id, board_id, board) = a_group_dm_match(&fx).await;
    until_settled(&store).await;
    let to_move = |row: &namnam_store::MatchRow| {
        crate::fixture::person(row.players.get(row.game.to_move().unwrap()).0)
    };

    let before = stored_match(&store, match_id).await;
    fake.fail_next("POST /webhooks/{id}/{token}", Fault::ServerError(500));
    let pressed = fake.press(&to_move(&before), board_id, &house_ids(&board)[0]);
    until_waiting_or(&fx, &store, "the move's board", |_| false).await;
    let moved = stored_match(&store, match_id).await;
    assert!(moved.version > before.version, "the move is stored");
    let words = fake
        .requests()
        .into_iter()
        .find(|r| r.path.contains(pressed.token.as_str()) && r.status == 500)
        .and_then(|r| r.json?["content"].as_str().map(str::to_owned))
        .expect("the follow-up that got a 500 carried the move's words");
    assert!(words.contains("sowed house"), "{words}");

    let next = to_move(&moved);
    fake.fail_next("POST /webhooks/{id}/{token}", Fault::ServerError(500));
    let asked = fx.run(&next, LOUNGE, "board", Options::new());
    assert_public(&fake.callback(&asked).await);
    let shown = fake.response(&asked).await;
    let shown_id = fake.interaction_state(&asked).original.unwrap();
    assert!(
        shows_board(&shown, match_id, moved.version),
        "the same board"
    );
    until_followed_up(&fx, &store, &asked).await;
    assert!(
        post_states(&store).await.iter().any(|s| s == "awaiting"),
        "the move still waits"
    );

    fx.press_public(&next, shown_id, &house_ids(&shown)[0])
        .await;
    until_settled(&store).await;
    let told: Vec<Message> = fake
        .state()
        .messages
        .values()
        .filter(|m| m.channel_id == LOUNGE && !m.ephemeral && m.content() == words)
        .cloned()
        .collect();
    assert_eq!(told.len(), 1, "the move's words reached the group DM once");
    assert!(
        shows_board(&told[0], match_id, moved.version),
        "with the move's board"
    );
    assert_only_answered(&fx, LOUNGE, "group DM");
    fx.close(bot, store).await;
}

/// A 429 turns a request away before Discord does it: a press whose every response got one leaves its new
/// board waiting as not shown (it follows the next answer without "may show twice"), not as maybe shown.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn user_install_a_board_refused_with_429_is_not_maybe_shown() {
    let (fx, bot, store) = Fixture::proxied_table("user-install-429.db").await;
    let fake = &fx.fake;
    group_dm(&fx);
    let (match_id, board_id, board) = a_group_dm_match(&fx).await;
    until_settled(&store).await;
    let row = stored_match(&store, match_id).await;
    let mover = crate::fixture::person(row.players.get(row.game.to_move().unwrap()).0);
    // Every try of the press's response (the update of the pressed board) is turned away.
    for _ in 0..4 {
        fake.fail_next(
            "POST /interactions/{id}/{token}/callback",
            Fault::RateLimited,
        );
    }
    fake.press(&mover, board_id, &house_ids(&board)[0]);
    until_waiting_or(&fx, &store, "the move's board", |_| false).await;
    let maybe: Vec<i64> = sqlx::query_scalar(
        "SELECT maybe_shown FROM outbox WHERE state = 'awaiting' AND dm_user_id IS NULL",
    )
    .fetch_all(store.reader())
    .await
    .unwrap();
    assert_eq!(maybe, [0], "the board Discord turned away is not shown");
    fx.close(bot, store).await;
}
