//! How challenges and matches end other than by play, on the hand-moved clock: a decline, a challenge that
//! expires, a reminder and a resignation, an admin's abort (and a member's refused one), and a clock that
//! runs out where the bot may not post.

use namnam_model::MatchId;
use std::time::Duration;

use crate::checks::{
    assert_pings_only, assert_public, board_match, button_ids, ephemeral_text, pinged, posted,
    stored_match,
};
use crate::fixture::{alice, bob, carol_the_admin, wait_for_log, Fixture, DUEL, LATE, QUIET};
use crate::payload::Options;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn declines_expiry_resignation_admin_and_the_clock() {
    let (fx, bot, store) = Fixture::table("clock.db").await;
    let (fake, clock) = (&fx.fake, fx.clock());

    // carol declines alice's challenge with its button: said in public, and the buttons go.
    let (id, message) = fx
        .challenge(&alice(), &carol_the_admin(), DUEL, Options::new())
        .await;
    let answers = button_ids(&message);
    let (_, declined) = fx.press_public(&carol_the_admin(), id, &answers[1]).await;
    assert!(
        declined.content().contains("declines"),
        "{}",
        declined.content()
    );
    fake.wait_for("the declined challenge's buttons to go", |s| {
        s.messages[&id].button_rows().is_empty().then_some(())
    })
    .await;
    let text = fx
        .press_removed_refused(&carol_the_admin(), id, &answers[0])
        .await;
    assert!(
        text.contains("out of date"),
        "accepting a declined challenge: {text}"
    );

    // A challenge nobody answers expires: the clock posts it in the channel, and a late accept is
    // refused privately.
    let (id, message) = fx.challenge(&alice(), &bob(), LATE, Options::new()).await;
    clock.advance_secs(11 * 60);
    fake.wait_for("the expiry notice", |s| posted(s, LATE, "has expired"))
        .await;
    let text = fx
        .press_removed_refused(&bob(), id, &button_ids(&message)[0])
        .await;
    assert!(
        text.contains("expired") || text.contains("out of date"),
        "a late accept: {text}"
    );

    // A challenge left to expire is not sent again to the same person for ten minutes, from any place
    // (docs/security.md, "Pings").
    clock.advance_secs(10 * 60);

    // A match with a five-minute clock.
    let five_minutes = || {
        Options::new()
            .int("clock", 0) // 5m
            .int("first", 0) // challenger
    };
    let (id, message) = fx.challenge(&alice(), &bob(), DUEL, five_minutes()).await;
    let (board_id, board) = fx.press_public(&bob(), id, &button_ids(&message)[0]).await;
    let match_id: MatchId = MatchId((board_match(&board)).0);
    assert_pings_only(&board, alice().id);

    // bob may not abort it: /admin needs Manage Server. The match goes on.
    let abort = || Options::new().sub("abort", Options::new());
    let text = fx.private_answer(&bob(), DUEL, "admin", abort()).await;
    assert!(text.contains("manage the server"), "{text}");
    assert!(stored_match(&store, match_id).await.state.is_active());

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
    let sent = fx.run(&alice(), DUEL, "resign", Options::new());
    let question = ephemeral_text(&fake.callback(&sent).await);
    assert!(question.contains("cannot be undone"), "{question}");
    let confirmation = fake.response(&sent).await;
    let confirm = button_ids(&confirmation);
    assert_eq!(confirm, [format!("nn:{match_id}:resign-yes")]);
    assert!(
        stored_match(&store, match_id).await.state.is_active(),
        "asking changes nothing"
    );
    let confirmation_id = fake.interaction_state(&sent).original.unwrap();
    let (_, resigned) = fx
        .press_public(&alice(), confirmation_id, &confirm[0])
        .await;
    assert!(
        resigned.content().contains("alice resigns")
            && resigned.content().contains("bob wins the match"),
        "{}",
        resigned.content()
    );
    assert!(button_ids(&resigned).contains(&format!("nn:{match_id}:rematch")));
    assert!(stored_match(&store, match_id).await.game.is_over());

    // An admin may abort a match.
    let (id, message) = fx.challenge(&alice(), &bob(), LATE, Options::new()).await;
    fx.press_public(&bob(), id, &button_ids(&message)[0]).await;
    let sent = fx.run(&carol_the_admin(), LATE, "admin", abort());
    assert_public(&fake.callback(&sent).await);
    assert!(fake.response(&sent).await.content().contains("unrated"));

    // The clock runs out in a channel where the bot may not post: the timeout is stored all the same,
    // the bot logs the missing permission once, and it still answers there.
    let (id, message) = fx.challenge(&bob(), &alice(), QUIET, five_minutes()).await;
    let (_, board) = fx
        .press_public(&alice(), id, &button_ids(&message)[0])
        .await;
    let match_id: MatchId = MatchId((board_match(&board)).0);
    fake.deny_channel(QUIET);
    clock.advance_secs(6 * 60);
    // Polled: the bot can tell nobody here, so the database is the only witness of the timeout.
    let deadline = tokio::time::Instant::now() + crate::support::fake_discord::PATIENCE;
    while !stored_match(&store, match_id).await.game.is_over() {
        assert!(
            tokio::time::Instant::now() < deadline,
            "the clock ends the match"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let sent = fx.run(&bob(), QUIET, "board", Options::new());
    fake.callback(&sent).await;
    assert!(fake
        .response(&sent)
        .await
        .content()
        .contains("clock ran out"));
    wait_for_log("the missing permission to be logged", |logs| {
        logs.contains("lacks a permission")
    })
    .await;

    fx.close(bot, store).await;
}
