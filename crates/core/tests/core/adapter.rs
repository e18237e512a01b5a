//! What the Discord adapter needs of the core beyond commands: the legal houses for autocomplete, the
//! rematch, and a match moved into a thread of its own. On a real SQLite file with the real engine.

use crate::common::*;
use namnam_core::{ActionId, Place, Reply, UserError};
use namnam_core::{ChallengeRefusal, MatchRefusal};
use namnam_game::House;
use namnam_model::{ChannelId, MatchId, PostTo, UserId};
use namnam_store as store;

fn place(h: &Harness, channel: &str) -> Place {
    h.request(channel, "alice", "board").place
}

fn user(name: &str) -> UserId {
    namnam_model::UserId::of_name(name)
}

async fn legal(h: &Harness, channel: &str, name: &str) -> Vec<(House, u8)> {
    h.core
        .legal_houses(&place(h, channel), user(name), None)
        .await
        .expect("the legal houses load")
}

fn labels(houses: &[(House, u8)]) -> Vec<u8> {
    houses.iter().map(|(h, _)| h.label()).collect()
}

async fn legal_houses_are_the_movers_buttons_with_their_seeds_and_empty_for_anyone_else(
    backend: Backend,
) {
    let h = Harness::new(backend).await;
    assert!(
        legal(&h, "general", "alice").await.is_empty(),
        "no match yet"
    );
    let mut reply: Reply = h
        .start_match("general", "alice", "bob", "first:challenger")
        .await;
    for _ in 0..6 {
        let mover = to_move(&reply).expect("someone to move");
        let other = if mover == "alice" { "bob" } else { "alice" };
        let houses = legal(&h, "general", &mover).await;
        assert_eq!(
            labels(&houses),
            legal_houses(&reply),
            "house order, as the buttons"
        );
        let position = reply.board.state.as_ref().expect("a board").position;
        for &(house, seeds) in &houses {
            assert_eq!(seeds, position.seeds(house));
            assert!(seeds > 0);
        }
        assert!(
            legal(&h, "general", other).await.is_empty(),
            "not {other}'s turn"
        );
        assert!(
            legal(&h, "general", "carol").await.is_empty(),
            "carol does not play"
        );
        assert!(
            legal(&h, "elsewhere", &mover).await.is_empty(),
            "no match there"
        );
        let house = houses[houses.len() / 2].0.label();
        reply = h.ok(&mover, &format!("move house:{house}")).await;
    }
}

async fn legal_houses_are_empty_on_the_computers_turn(backend: Backend) {
    let h = Harness::new(backend).await;
    let reply = h
        .ok(
            "alice",
            "challenge opponent:namnam level:1 first:challenged",
        )
        .await;
    assert!(
        reply.follows.computer_turn.is_some(),
        "the computer moves first"
    );
    assert!(legal(&h, "general", "alice").await.is_empty());
    let reply = h
        .core
        .computer_turn(
            reply.follows.computer_turn.expect("a turn"),
            namnam_core::Via::Answer,
        )
        .await
        .expect("the computer moves")
        .expect("it was its turn");
    assert_eq!(
        labels(&legal(&h, "general", "alice").await),
        legal_houses(&reply)
    );
}

async fn a_match_moved_into_a_thread_is_played_there_and_frees_its_channel(backend: Backend) {
    let h = Harness::new(backend).await;
    h.ok("admin", "admin settings thread:yes").await;
    let accepted = h
        .start_match("general", "alice", "bob", "first:challenger clock:24h")
        .await;
    assert_eq!(
        accepted.follows.open_thread.as_deref(),
        Some("alice vs bob")
    );
    let id = accepted.board.state.as_ref().expect("a board").match_id;
    let thread = channel_id("alice-vs-bob");
    h.core
        .move_match_to_thread(id, thread, "alice vs bob")
        .await
        .expect("the match moves");
    // Moving it again to the same thread changes nothing.
    h.core
        .move_match_to_thread(id, thread, "alice vs bob")
        .await
        .expect("a second move to the same thread is fine");

    // The match is played from the thread, with the buttons it had; the parent channel knows it no more.
    assert_eq!(
        h.refused("alice", "move house:1").await,
        UserError::Match(MatchRefusal::NoMatch)
    );
    assert_eq!(
        labels(&legal(&h, "alice-vs-bob", "alice").await),
        legal_houses(&accepted)
    );
    assert!(legal(&h, "general", "alice").await.is_empty());
    let house = legal_houses(&accepted)[0];
    let mut req = h.request("alice-vs-bob", "alice", "board");
    req.command = ActionId::Move {
        match_id: id,
        turn: 1,
        house: House::from_label(house.into()).unwrap(),
    }
    .command();
    let moved = h
        .core
        .try_handle(&req)
        .await
        .expect("the button works in the thread");
    assert_eq!(to_move(&moved).as_deref(), Some("bob"));
    let row = store::load_match(h.core.store().reader(), id)
        .await
        .unwrap()
        .expect("the match");
    assert_eq!(
        (row.place.channel(), row.channel_name.as_str()),
        (thread, "alice vs bob")
    );

    // The parent channel hosts another match meanwhile.
    h.start_match("general", "carol", "dave", "").await;

    // The clock's notices for the moved match name the thread.
    h.clock.advance_secs(18 * 3600);
    let notices = h.core.sweep().await.expect("the sweep runs");
    let reminder = notices
        .iter()
        .find(|n| n.reply.text.plain().starts_with("bob:"))
        .expect("bob is reminded");
    assert_eq!(reminder.place.channel(), thread);
    h.clock.advance_secs(6 * 3600);
    let notices = h.core.sweep().await.expect("the sweep runs");
    let timeout = notices
        .iter()
        .find(|n| {
            n.reply.text.plain().contains(&format!("#{id}"))
                || n.reply.text.plain().starts_with("bob's")
        })
        .expect("bob runs out of time");
    assert_eq!(timeout.place.channel(), thread);
}

async fn only_an_active_match_moves_and_never_onto_another_match(backend: Backend) {
    let h = Harness::new(backend).await;
    let first = h.start_match("general", "alice", "bob", "").await;
    let first_id = first.board.state.as_ref().expect("a board").match_id;
    let second = h.start_match("games", "carol", "dave", "").await;
    let second_id = second.board.state.as_ref().expect("a board").match_id;
    let refusal = h
        .core
        .move_match_to_thread(first_id, channel_id("games"), "games")
        .await
        .expect_err("games has a match");
    assert_eq!(
        refusal.to_string(),
        UserError::Challenge(ChallengeRefusal::MatchInChannel).to_string()
    );
    h.ok_in("games", "carol", "resign confirm:yes").await;
    let refusal = h
        .core
        .move_match_to_thread(second_id, channel_id("a-thread"), "a thread")
        .await
        .expect_err("a finished match stays");
    assert_eq!(
        refusal.to_string(),
        UserError::Match(MatchRefusal::NotActive(second_id)).to_string()
    );
    let refusal = h
        .core
        .move_match_to_thread(MatchId(4242), channel_id("a-thread"), "a thread")
        .await
        .expect_err("no such match");
    assert_eq!(
        refusal.to_string(),
        UserError::Match(MatchRefusal::NotActive(MatchId(4242))).to_string()
    );
    let row = store::load_match(h.core.store().reader(), second_id)
        .await
        .unwrap()
        .expect("the match");
    assert_eq!(row.place.channel(), channel_id("games"));
}

/// alice and bob's match (on `terms`) moved into its thread, its posts so far delivered: the accept's
/// reply, the match and the thread.
async fn match_in_its_thread(h: &Harness, terms: &str) -> (Reply, MatchId, ChannelId) {
    let accepted = h.start_match("general", "alice", "bob", terms).await;
    let id = accepted.board.state.as_ref().expect("a board").match_id;
    let thread = channel_id("alice-vs-bob");
    h.core
        .move_match_to_thread(id, thread, "alice vs bob")
        .await
        .expect("the match moves");
    for post in h.core.due_posts(10, &[]).await.unwrap() {
        h.core.post_delivered(post.id, None).await.unwrap();
    }
    (accepted, id, thread)
}

async fn a_closed_thread_sends_its_match_back_to_the_channel_with_its_board(backend: Backend) {
    let h = Harness::with_outbox(backend).await;
    h.ok("admin", "admin settings thread:yes").await;
    let (accepted, id, thread) = match_in_its_thread(&h, "first:challenger clock:24h").await;
    // A button pressed on a board in another channel of the server acts on the match it names.
    let house = legal_houses(&accepted)[0];
    let mut req = h.request("general", "alice", "board");
    req.command = ActionId::Move {
        match_id: id,
        turn: 1,
        house: House::from_label(house.into()).unwrap(),
    }
    .command();
    let moved = h
        .core
        .try_handle(&req)
        .await
        .expect("the button works anywhere");
    h.core
        .post_delivered(moved.follows.post.unwrap(), None)
        .await
        .unwrap();

    assert_eq!(
        h.core
            .thread_closed(Place::ServerChannel {
                server: SERVER,
                channel: thread
            })
            .await
            .unwrap(),
        Some(id)
    );
    let row = store::load_match(h.core.store().reader(), id)
        .await
        .unwrap()
        .expect("the match");
    assert_eq!(
        row.place.channel(),
        channel_id("general"),
        "back in its channel"
    );
    let due = h.core.due_posts(10, &[]).await.unwrap();
    assert_eq!(due.len(), 1, "its board, posted again");
    assert_eq!(due[0].to.channel_id(), Some(channel_id("general")));
    assert!(
        due[0].reply.text.plain().contains("its thread was closed"),
        "{}",
        due[0].reply.text
    );
    assert_eq!(
        due[0].reply.buttons.actions, moved.buttons.actions,
        "the same buttons"
    );
    // The match is played from the channel again; a second notice of the closed thread changes nothing.
    assert_eq!(
        h.core
            .thread_closed(Place::ServerChannel {
                server: SERVER,
                channel: thread
            })
            .await
            .unwrap(),
        None
    );
    let bob_house = legal_houses(&moved)[0];
    h.ok("bob", &format!("move house:{bob_house}")).await;
}

/// A board whose answer got no reply (it may be in the thread) waits for the poster; the thread is then
/// locked and the match goes back to its channel: the poster still looks for the board in the thread, so
/// that it is not shown a second time in the channel.
async fn a_board_that_may_be_in_a_closed_thread_is_looked_for_there(backend: Backend) {
    let h = Harness::with_outbox(backend).await;
    let (accepted, _, thread) = match_in_its_thread(&h, "first:challenger").await;
    let house = legal_houses(&accepted)[0];
    let moved = h
        .ok_in("alice-vs-bob", "alice", &format!("move house:{house}"))
        .await;
    let held = moved
        .follows
        .post
        .expect("the board is held for the answer");
    h.core.release_post(held, true).await.unwrap();

    h.core
        .thread_closed(Place::ServerChannel {
            server: SERVER,
            channel: thread,
        })
        .await
        .unwrap();
    let due = h.core.due_posts(10, &[]).await.unwrap();
    let board = due.iter().find(|p| p.id == held).expect("the board waits");
    assert!(board.maybe_shown);
    assert_eq!(
        board.to,
        PostTo::Channel {
            channel: channel_id("general"),
            fallback: Some(thread),
        },
        "posted in the channel, but looked for in the thread first"
    );
}

/// When the match stays in its closed thread (its players have another match in the parent channel), the
/// board is posted in the parent once, however many events say the thread is closed (locked, then deleted).
async fn a_closed_thread_posts_its_board_once_when_its_match_stays(backend: Backend) {
    let h = Harness::with_outbox(backend).await;
    let accepted = h.start_match("general", "alice", "bob", "").await;
    let id = accepted.board.state.as_ref().expect("a board").match_id;
    let thread = channel_id("alice-vs-bob");
    h.core
        .move_match_to_thread(id, thread, "alice vs bob")
        .await
        .unwrap();
    h.start_match("general", "alice", "bob", "").await;
    for _ in 0..3 {
        h.core
            .thread_closed(Place::ServerChannel {
                server: SERVER,
                channel: thread,
            })
            .await
            .unwrap();
    }
    let reposted = h
        .core
        .due_posts(20, &[])
        .await
        .unwrap()
        .into_iter()
        .filter(|p| p.reply.text.plain().contains("its thread was closed"))
        .count();
    assert_eq!(reposted, 1);
    let row = store::load_match(h.core.store().reader(), id)
        .await
        .unwrap()
        .expect("the match");
    assert_eq!(row.place.channel(), thread, "it stays in its thread");
}

on_both_backends!(
    a_board_that_may_be_in_a_closed_thread_is_looked_for_there,
    a_closed_thread_posts_its_board_once_when_its_match_stays,
    legal_houses_are_the_movers_buttons_with_their_seeds_and_empty_for_anyone_else,
    legal_houses_are_empty_on_the_computers_turn,
    a_match_moved_into_a_thread_is_played_there_and_frees_its_channel,
    only_an_active_match_moves_and_never_onto_another_match,
    a_closed_thread_sends_its_match_back_to_the_channel_with_its_board,
);
