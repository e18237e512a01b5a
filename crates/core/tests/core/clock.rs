//! The move clock, driven by a hand-moved clock: reminders, timeouts, expired challenges, and deadlines that
//! passed while the core was stopped (the console's rule: its clock runs meanwhile; the Discord bot's
//! clock is paused through outages, see `outage.rs`). Nothing sleeps.

use crate::common::*;
use namnam_core::{spawn_sweeper, UserError};
use namnam_core::{ChallengeRefusal, MatchRefusal};
use namnam_model::PostTo;
use std::time::Duration;

async fn a_reminder_comes_when_a_quarter_of_the_time_is_left_and_only_once(backend: Backend) {
    let h = Harness::new(backend).await;
    h.start_match("general", "alice", "bob", "first:challenger clock:24h")
        .await;
    h.clock.advance_secs(18 * 3600 - 1);
    assert!(h.core.sweep().await.unwrap().is_empty());
    h.clock.advance_secs(1);
    let notices = h.core.sweep().await.unwrap();
    assert_eq!(notices.len(), 1);
    let reminder = &notices[0].reply;
    assert!(
        reminder
            .text
            .plain()
            .starts_with("alice: a quarter of your time is left"),
        "{}",
        reminder.text
    );
    assert_eq!(
        reminder.notify(),
        vec![namnam_model::UserId::of_name("alice")]
    );
    assert_eq!(notices[0].place.channel(), channel_id("general"));
    assert!(h.core.sweep().await.unwrap().is_empty());
    // A move gives bob a fresh clock and a fresh reminder.
    let board = h.ok("alice", "board").await;
    h.ok("alice", &format!("move house:{}", legal_houses(&board)[0]))
        .await;
    h.clock.advance_secs(18 * 3600);
    let notices = h.core.sweep().await.unwrap();
    assert_eq!(notices.len(), 1);
    assert!(notices[0].reply.text.plain().starts_with("bob:"));
}

async fn running_out_of_time_loses_the_match_and_is_rated(backend: Backend) {
    let h = Harness::new(backend).await;
    let start = h
        .start_match("general", "alice", "bob", "first:challenger clock:1h")
        .await;
    h.ok("alice", &format!("move house:{}", legal_houses(&start)[0]))
        .await;
    h.clock.advance_secs(3600);
    let notices = h.core.sweep().await.unwrap();
    let ended = notices
        .iter()
        .find(|n| n.reply.text.plain().contains("clock ran out"))
        .expect("a timeout");
    assert!(
        ended
            .reply
            .text
            .plain()
            .contains("bob's move clock ran out"),
        "{}",
        ended.reply.text
    );
    assert!(
        ended.reply.text.plain().contains("alice wins the match"),
        "{}",
        ended.reply.text
    );
    assert!(
        ended.reply.text.plain().contains("Ratings:"),
        "{}",
        ended.reply.text
    );
    assert!(h.core.sweep().await.unwrap().is_empty());
    assert_eq!(
        h.refused("bob", "move house:7").await,
        UserError::Match(MatchRefusal::NoMatch)
    );
    assert!(h.ok("alice", "stats").await.text.plain().contains("1 won"));
}

async fn a_late_move_is_not_played_when_the_sweeper_has_not_come_yet(backend: Backend) {
    let h = Harness::new(backend).await;
    let start = h
        .start_match("general", "alice", "bob", "first:challenger clock:5m")
        .await;
    h.clock.advance_secs(301);
    let reply = h
        .ok("alice", &format!("move house:{}", legal_houses(&start)[0]))
        .await;
    assert!(
        reply.text.plain().contains("alice's move clock ran out"),
        "{}",
        reply.text
    );
    assert!(
        reply.text.plain().contains("unrated"),
        "no move was played: {}",
        reply.text
    );
    assert!(h.core.sweep().await.unwrap().is_empty());
}

async fn no_outage_rule_a_deadline_that_passed_while_stopped_is_acted_on_at_start_up(
    backend: Backend,
) {
    // The console's rule (it opens its core with `Core::open`, as this harness does: no outage rule): the
    // clock runs while it is stopped.
    let h = Harness::new(backend).await;
    let start = h
        .start_match("general", "alice", "bob", "first:challenger clock:2h")
        .await;
    h.ok("alice", &format!("move house:{}", legal_houses(&start)[0]))
        .await;
    h.ok_in("games", "carol", "challenge opponent:dave").await;
    let clock = h.clock.clone();
    // Stopped for a day.
    let core = h.core.clone();
    core.store().close().await;
    drop(core);
    clock.advance_secs(24 * 3600);
    let h = h.restart().await;
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel();
    // A long period: only the start-up sweep can deliver these.
    let sweeper = spawn_sweeper(h.core.clone(), Duration::from_secs(3600), tx);
    let mut texts = Vec::new();
    for _ in 0..2 {
        texts.push(rx.recv().await.expect("a notice").reply.text.plain());
    }
    sweeper.abort();
    assert!(
        texts
            .iter()
            .any(|t| t.contains("carol's challenge to dave has expired")),
        "{texts:?}"
    );
    assert!(
        texts
            .iter()
            .any(|t| t.contains("bob's move clock ran out") && t.contains("alice wins")),
        "{texts:?}"
    );
    let board = h.ok("bob", "board").await;
    assert!(
        board.text.plain().contains("alice wins the match"),
        "{}",
        board.text
    );
    assert_eq!(
        h.refused("bob", "move house:7").await,
        UserError::Match(MatchRefusal::NoMatch)
    );
}

/// Every post's state, in order.
async fn post_states(h: &Harness) -> Vec<String> {
    namnam_store::post_states(h.core.store().reader())
        .await
        .expect("the outbox reads")
        .into_iter()
        .map(|(_, state, _)| state)
        .collect()
}

async fn public_replies_are_held_for_the_answer_and_released_to_the_poster_on_failure(
    backend: Backend,
) {
    let h = Harness::with_outbox(backend).await;
    let challenge = h
        .ok("alice", "challenge opponent:bob first:challenger")
        .await;
    let held = challenge
        .follows
        .post
        .expect("a public reply is stored with its change");
    let refused = h
        .core
        .handle(&h.request("general", "carol", "accept"))
        .await;
    assert!(
        refused.is_private() && refused.follows.post.is_none(),
        "a refusal is not stored"
    );
    assert!(
        h.core.due_posts(10, &[]).await.unwrap().is_empty(),
        "held, not due"
    );
    // The interaction delivered the challenge; the accept's board could not be shown.
    h.core.post_delivered(held, None).await.unwrap();
    let start = h.ok("bob", "accept").await;
    let board_post = start
        .follows
        .post
        .expect("the board is stored with the match");
    h.core.release_post(board_post, true).await.unwrap();
    let mut due = h.core.due_posts(10, &[]).await.unwrap();
    assert_eq!(due.len(), 1);
    let post = &mut due[0];
    assert_eq!(
        (post.id, post.to.channel_id(), post.maybe_shown),
        (board_post, Some(channel_id("general")), true)
    );
    assert_eq!(post.reply.text, start.text, "the same words as the answer");
    assert_eq!(
        post.reply.buttons.actions, start.buttons.actions,
        "and the same buttons"
    );
    assert!(
        post.reply.board.picture.is_none(),
        "pictures are drawn only when sent"
    );
    h.core.draw_post(post).await.unwrap();
    let picture = post
        .reply
        .board
        .picture
        .as_ref()
        .expect("the board drawn again");
    assert!(picture.bytes.starts_with(b"\x89PNG"));
    h.core.post_delivered(board_post, None).await.unwrap();
    h.core.post_delivered(board_post, None).await.unwrap();
    assert_eq!(post_states(&h).await, ["sent", "sent"]);
    assert!(h.core.due_posts(10, &[]).await.unwrap().is_empty());
}

async fn the_clock_stores_its_notices_for_the_poster_in_the_same_transaction(backend: Backend) {
    let h = Harness::with_outbox(backend).await;
    let start = h
        .start_match("general", "alice", "bob", "first:challenger clock:1h")
        .await;
    // The process died holding the answer: after an interaction token's life, the poster takes it.
    h.clock.advance_secs(15 * 60);
    // The challenge and the board, never reported: one at a time, in order, since a channel's posts go
    // out in order.
    for _ in 0..2 {
        let orphan = h.core.due_posts(10, &[]).await.unwrap();
        assert_eq!(orphan.len(), 1, "only the oldest of the channel");
        h.core.post_delivered(orphan[0].id, None).await.unwrap();
    }
    assert!(h.core.due_posts(10, &[]).await.unwrap().is_empty());
    h.clock.advance_secs(45 * 60);
    let notices = h.core.sweep().await.unwrap();
    assert_eq!(notices.len(), 1, "alice's timeout");
    let due = h.core.due_posts(10, &[]).await.unwrap();
    assert_eq!(due.len(), 1);
    assert!(
        due[0]
            .reply
            .text
            .plain()
            .contains("alice's move clock ran out"),
        "{}",
        due[0].reply.text
    );
    assert_eq!(
        due[0].reply.board.scene, notices[0].reply.board.scene,
        "the final board"
    );
    assert_eq!(
        due[0].match_id,
        start.board.state.as_ref().map(|b| b.match_id)
    );
    h.core
        .drop_post(due[0].id, "the channel no longer exists")
        .await
        .unwrap();
    assert_eq!(post_states(&h).await, ["sent", "sent", "dropped"]);
}

async fn a_server_that_removed_the_bot_keeps_nothing_waiting(backend: Backend) {
    let h = Harness::with_outbox(backend).await;
    let start = h
        .start_match("general", "alice", "bob", "first:challenger")
        .await;
    h.ok_in("other", "carol", "challenge opponent:dave").await;
    let stopped = h.core.bot_removed(SERVER).await.unwrap();
    assert_eq!(stopped, vec![start.board.state.as_ref().unwrap().match_id]);
    assert_eq!(post_states(&h).await, ["dropped", "dropped", "dropped"]);
    let row = namnam_store::load_match(h.core.store().reader(), stopped[0])
        .await
        .unwrap()
        .unwrap();
    assert_eq!(row.state, namnam_store::MatchState::Aborted);
    assert!(!row.rated);
    assert_eq!(
        h.refused_in("other", "dave", "accept").await,
        UserError::Challenge(ChallengeRefusal::NoChallenge)
    );
}

async fn an_expiry_found_by_a_player_is_announced_like_one_found_by_the_clock(backend: Backend) {
    let h = Harness::with_outbox(backend).await;
    let challenge = h.ok("alice", "challenge opponent:bob").await;
    h.core
        .post_delivered(challenge.follows.post.unwrap(), None)
        .await
        .unwrap();
    h.clock.advance_secs(11 * 60);
    assert_eq!(
        h.refused("bob", "accept").await,
        UserError::Challenge(ChallengeRefusal::ChallengeExpired)
    );
    let due = h.core.due_posts(10, &[]).await.unwrap();
    assert_eq!(due.len(), 1, "the public notice, stored with the expiry");
    assert_eq!(
        due[0].reply.text.plain(),
        "alice's challenge to bob has expired."
    );
    assert!(h.core.sweep().await.unwrap().is_empty(), "announced once");
}

async fn a_channel_where_posting_fails_keeps_no_other_waiting(backend: Backend) {
    let h = Harness::with_outbox(backend).await;
    h.ok("alice", "challenge opponent:bob").await;
    h.ok("bob", "decline").await;
    h.ok_in("games", "erin", "challenge opponent:frank").await;
    assert_eq!(h.core.release_held_posts().await.unwrap(), 3);
    let (general, games) = (channel_id("general"), channel_id("games"));
    let due = h.core.due_posts(10, &[]).await.unwrap();
    let channels: Vec<_> = due.iter().filter_map(|p| p.to.channel_id()).collect();
    assert_eq!(
        channels,
        [general, games],
        "the oldest post of each channel"
    );
    // While #general rests after a failed try, #games is still served.
    let due = h
        .core
        .due_posts(10, &[PostTo::channel(general).lane()])
        .await
        .unwrap();
    assert_eq!(due.len(), 1);
    assert_eq!(due[0].to.channel_id(), Some(games));
}

async fn answers_left_held_by_a_stopped_process_are_due_at_once_as_possibly_shown(
    backend: Backend,
) {
    let h = Harness::with_outbox(backend).await;
    h.ok("alice", "challenge opponent:bob").await;
    assert!(h.core.due_posts(10, &[]).await.unwrap().is_empty());
    assert_eq!(h.core.release_held_posts().await.unwrap(), 1);
    let due = h.core.due_posts(10, &[]).await.unwrap();
    assert_eq!(due.len(), 1);
    assert!(due[0].maybe_shown, "the poster looks for it before posting");
}

on_both_backends!(
    a_reminder_comes_when_a_quarter_of_the_time_is_left_and_only_once,
    running_out_of_time_loses_the_match_and_is_rated,
    a_late_move_is_not_played_when_the_sweeper_has_not_come_yet,
    no_outage_rule_a_deadline_that_passed_while_stopped_is_acted_on_at_start_up,
    public_replies_are_held_for_the_answer_and_released_to_the_poster_on_failure,
    the_clock_stores_its_notices_for_the_poster_in_the_same_transaction,
    a_server_that_removed_the_bot_keeps_nothing_waiting,
    an_expiry_found_by_a_player_is_announced_like_one_found_by_the_clock,
    a_channel_where_posting_fails_keeps_no_other_waiting,
    answers_left_held_by_a_stopped_process_are_due_at_once_as_possibly_shown,
);
