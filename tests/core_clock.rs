//! The move clock, driven by a hand-moved clock: reminders, timeouts, expired challenges, and deadlines that
//! passed while the core was stopped. Nothing sleeps.

mod core_common;

use core_common::*;
use namnam::bot::{spawn_sweeper, UserError};
use std::time::Duration;

#[tokio::test]
async fn a_reminder_comes_when_a_quarter_of_the_time_is_left_and_only_once() {
    let h = Harness::new().await;
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
            .starts_with("alice: a quarter of your time is left"),
        "{}",
        reminder.text
    );
    assert_eq!(
        reminder.notify,
        vec![namnam::console::console_id("user", "alice")]
    );
    assert_eq!(notices[0].channel, channel_id("general"));
    assert!(h.core.sweep().await.unwrap().is_empty());
    // A move gives bob a fresh clock and a fresh reminder.
    let board = h.ok("alice", "board").await;
    h.ok("alice", &format!("move house:{}", legal_houses(&board)[0]))
        .await;
    h.clock.advance_secs(18 * 3600);
    let notices = h.core.sweep().await.unwrap();
    assert_eq!(notices.len(), 1);
    assert!(notices[0].reply.text.starts_with("bob:"));
}

#[tokio::test]
async fn running_out_of_time_loses_the_match_and_is_rated() {
    let h = Harness::new().await;
    let start = h
        .start_match("general", "alice", "bob", "first:challenger clock:1h")
        .await;
    h.ok("alice", &format!("move house:{}", legal_houses(&start)[0]))
        .await;
    h.clock.advance_secs(3600);
    let notices = h.core.sweep().await.unwrap();
    let ended = notices
        .iter()
        .find(|n| n.reply.text.contains("clock ran out"))
        .expect("a timeout");
    assert!(
        ended.reply.text.contains("bob's move clock ran out"),
        "{}",
        ended.reply.text
    );
    assert!(
        ended.reply.text.contains("alice wins the match"),
        "{}",
        ended.reply.text
    );
    assert!(
        ended.reply.text.contains("Ratings:"),
        "{}",
        ended.reply.text
    );
    assert!(h.core.sweep().await.unwrap().is_empty());
    assert_eq!(h.refused("bob", "move house:7").await, UserError::NoMatch);
    assert!(h.ok("alice", "stats").await.text.contains("1 won"));
}

#[tokio::test]
async fn a_late_move_is_not_played_when_the_sweeper_has_not_come_yet() {
    let h = Harness::new().await;
    let start = h
        .start_match("general", "alice", "bob", "first:challenger clock:5m")
        .await;
    h.clock.advance_secs(301);
    let reply = h
        .ok("alice", &format!("move house:{}", legal_houses(&start)[0]))
        .await;
    assert!(
        reply.text.contains("alice's move clock ran out"),
        "{}",
        reply.text
    );
    assert!(
        reply.text.contains("unrated"),
        "no move was played: {}",
        reply.text
    );
    assert!(h.core.sweep().await.unwrap().is_empty());
}

#[tokio::test]
async fn a_deadline_that_passed_while_the_core_was_stopped_is_acted_on_at_start_up() {
    let h = Harness::new().await;
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
        texts.push(rx.recv().await.expect("a notice").reply.text);
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
        board.text.contains("alice wins the match"),
        "{}",
        board.text
    );
    assert_eq!(h.refused("bob", "move house:7").await, UserError::NoMatch);
}
