//! Turn DMs through the core: a player who asked for them gets one when it becomes their turn — naming the
//! opponent, the channel and the deadline — unless they acted in the match in the last few minutes; with
//! the outbox the DM is stored with the move; a DM the platform refuses turns them off, and the player is
//! told privately, once, at their next command.

use crate::common::*;
use namnam_core::{DirectMessage, Reply};

fn dms_to<'a>(reply: &'a Reply, name: &str) -> Vec<&'a DirectMessage> {
    reply
        .follows
        .direct
        .iter()
        .filter(|dm| dm.name == name)
        .collect()
}

/// The player to move plays their first legal house.
async fn play_one(h: &Harness, reply: &Reply) -> Reply {
    let player = to_move(reply).expect("someone to move");
    h.ok(&player, &format!("move house:{}", legal_houses(reply)[0]))
        .await
}

async fn a_dm_comes_on_your_turn_unless_you_are_at_the_board(backend: Backend) {
    let h = Harness::new(backend).await;
    let on = h.ok("bob", "notify on").await;
    assert!(
        on.is_private() && on.text.plain().contains("`notify off`"),
        "{}",
        on.text
    );
    assert!(h
        .ok("bob", "notify")
        .await
        .text
        .plain()
        .contains("I will send you a DM"));
    let start = h
        .start_match("general", "alice", "bob", "first:challenger clock:1h")
        .await;
    // bob accepted a moment ago: he is at the board.
    let reply = play_one(&h, &start).await;
    assert_eq!(to_move(&reply).as_deref(), Some("bob"));
    assert!(
        reply.follows.direct.is_empty(),
        "{:?}",
        reply.follows.direct
    );
    let reply = play_one(&h, &reply).await;
    h.clock.advance_secs(10 * 60);
    // Ten minutes later bob has gone: alice's move tells him.
    let reply = play_one(&h, &reply).await;
    let dms = dms_to(&reply, "bob");
    assert_eq!(dms.len(), 1, "{:?}", reply.follows.direct);
    let text = dms[0].text.plain();
    assert!(
        text.starts_with("Your turn in match #1 against alice, in #general"),
        "{text}"
    );
    assert!(text.contains("move by 2026-01-01 01:10 UTC"), "{text}");
    // bob answers at once, alice a minute later: bob is at the board.
    let reply = play_one(&h, &reply).await;
    h.clock.advance_secs(60);
    let reply = play_one(&h, &reply).await;
    assert!(
        reply.follows.direct.is_empty(),
        "{:?}",
        reply.follows.direct
    );
    // Off: no DM, however long bob is away. alice, who never asked, gets none either.
    h.ok("bob", "notify off").await;
    let reply = play_one(&h, &reply).await;
    h.clock.advance_secs(30 * 60);
    let reply = play_one(&h, &reply).await;
    assert!(
        reply.follows.direct.is_empty(),
        "{:?}",
        reply.follows.direct
    );
}

async fn a_refused_dm_turns_notifications_off_and_says_so_once(backend: Backend) {
    let h = Harness::with_outbox(backend).await;
    h.ok("bob", "notify on").await;
    let start = h
        .start_match("general", "alice", "bob", "first:challenger clock:1h")
        .await;
    let reply = play_one(&h, &start).await;
    let reply = play_one(&h, &reply).await;
    h.clock.advance_secs(10 * 60);
    let reply = play_one(&h, &reply).await;
    assert!(
        reply.follows.direct.is_empty(),
        "with an outbox the DM is stored, not handed over"
    );
    let bob = namnam_model::UserId::of_name("bob");
    let posts = h.core.due_posts(50, &[]).await.unwrap();
    let dms: Vec<_> = posts
        .iter()
        .filter(|p| p.to.dm_user() == Some(bob))
        .collect();
    assert_eq!(dms.len(), 1, "one DM for bob");
    assert!(dms[0].reply.text.plain().contains("against alice"));

    h.core.dm_refused(dms[0].id, bob).await.unwrap();
    assert!(h
        .core
        .due_posts(50, &[])
        .await
        .unwrap()
        .iter()
        .all(|p| p.to.dm_user().is_none()));
    let mut told = h.core.handle(&h.request("general", "bob", "board")).await;
    assert!(!told.is_private(), "the board is public");
    let aside = told.take_aside().expect("bob is told privately").plain();
    assert!(aside.contains("could not send you a DM"), "{aside}");
    let mut again = h.core.handle(&h.request("general", "bob", "help")).await;
    assert!(again.take_aside().is_none() && !again.text.plain().contains("could not send"));
    assert!(h
        .ok("bob", "notify")
        .await
        .text
        .plain()
        .starts_with("No DMs"));
    // Off now: bob's next turn after a long absence stores no DM.
    let reply = play_one(&h, &reply).await;
    h.clock.advance_secs(10 * 60);
    play_one(&h, &reply).await;
    let posts = h.core.due_posts(50, &[]).await.unwrap();
    assert!(posts.iter().all(|p| p.to.dm_user().is_none()));
}

async fn answering_a_takeback_is_being_at_the_board(backend: Backend) {
    let h = Harness::new(backend).await;
    h.ok("bob", "notify on").await;
    let start = h
        .start_match("general", "alice", "bob", "first:challenger clock:1h")
        .await;
    let reply = play_one(&h, &start).await;
    let reply = play_one(&h, &reply).await;
    h.clock.advance_secs(10 * 60);
    let moved = play_one(&h, &reply).await;
    assert_eq!(dms_to(&moved, "bob").len(), 1, "bob was away");
    h.ok("alice", "takeback").await;
    let back = h.ok("bob", "takeback").await;
    assert_eq!(to_move(&back).as_deref(), Some("alice"));
    // bob has just answered: alice's move again finds him at the board.
    let again = play_one(&h, &back).await;
    assert!(
        again.follows.direct.is_empty(),
        "{:?}",
        again.follows.direct
    );
}

on_both_backends!(
    a_dm_comes_on_your_turn_unless_you_are_at_the_board,
    answering_a_takeback_is_being_at_the_board,
    a_refused_dm_turns_notifications_off_and_says_so_once,
);
