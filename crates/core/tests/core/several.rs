//! Several matches in one channel: one live match per pair of players there, and `match:N` when a player
//! has more than one (needed only then).

use crate::common::*;
use namnam_core::UserError;
use namnam_core::{ChallengeRefusal, MatchRefusal};
use namnam_model::MatchId;

fn match_id(reply: &namnam_core::Reply) -> MatchId {
    reply.board.state.as_ref().expect("a board").match_id
}

async fn two_pairs_play_side_by_side_in_one_channel(backend: Backend) {
    let h = Harness::new(backend).await;
    let first = match_id(
        &h.start_match("general", "alice", "bob", "first:challenger")
            .await,
    );
    // carol and dave start theirs beside it: a channel holds several matches.
    let second = match_id(
        &h.start_match("general", "carol", "dave", "first:challenger")
            .await,
    );
    assert_ne!(first, second);
    // Each player's commands go to their own match without `match:N`.
    let moved = h.ok("alice", "move house:3").await;
    assert_eq!(match_id(&moved), first);
    let moved = h.ok("carol", "move house:4").await;
    assert_eq!(match_id(&moved), second);
    assert_eq!(match_id(&h.ok("dave", "board").await), second);
    // Someone who plays in neither is asked which one they mean.
    match h.refused("erin", "board").await {
        UserError::Match(MatchRefusal::WhichMatch(listed)) => {
            let ids: Vec<MatchId> = listed.iter().map(|(id, _, _)| *id).collect();
            assert_eq!(ids, [first, second]);
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        match_id(&h.ok("erin", &format!("board match:{second}")).await),
        second
    );
    // The same two players cannot have two live matches in one channel.
    assert_eq!(
        h.refused("bob", "challenge opponent:alice").await,
        UserError::Challenge(ChallengeRefusal::PairInChannel(
            "bob".into(),
            "alice".into()
        ))
    );
    // An admin stops one of them by its number; the other goes on.
    assert!(matches!(
        h.refused("admin", "admin abort").await,
        UserError::Match(MatchRefusal::WhichMatch(_))
    ));
    h.ok("admin", &format!("admin abort match:{first}")).await;
    assert_eq!(match_id(&h.ok("erin", "board").await), second);
}

async fn a_player_with_two_matches_here_names_one(backend: Backend) {
    let h = Harness::new(backend).await;
    let with_bob = match_id(
        &h.start_match("general", "alice", "bob", "first:challenger")
            .await,
    );
    let with_carol = match_id(
        &h.start_match("general", "alice", "carol", "first:challenger")
            .await,
    );
    // alice is to move in both: without a number she is asked which, and nothing changes.
    match h.refused("alice", "move house:3").await {
        UserError::Match(MatchRefusal::WhichMatch(listed)) => assert_eq!(listed.len(), 2),
        other => panic!("{other:?}"),
    }
    let moved = h
        .ok("alice", &format!("move house:3 match:{with_carol}"))
        .await;
    assert_eq!(match_id(&moved), with_carol);
    // bob has one match here: his commands need no number.
    let board = h.ok("bob", "board").await;
    assert_eq!(match_id(&board), with_bob);
    assert_eq!(board.board.state.as_ref().unwrap().version, 0, "untouched");
    // A number from another channel, or of a match that is over, is refused with a pointer.
    let elsewhere = match_id(&h.start_match("games", "dave", "erin", "").await);
    assert!(matches!(
        h.refused("alice", &format!("move house:3 match:{elsewhere}")).await,
        UserError::Match(MatchRefusal::MatchElsewhere { id, .. }) if id == MatchId(elsewhere.0)
    ));
    h.ok("bob", "resign confirm:yes").await;
    assert_eq!(
        h.refused("alice", &format!("resign match:{with_bob}"))
            .await,
        UserError::Match(MatchRefusal::MatchOver(MatchId(with_bob.0)))
    );
    // The autocomplete offers alice her live matches here.
    let here = namnam_core::Place::ServerChannel {
        server: SERVER,
        channel: channel_id("general"),
    };
    let alice = namnam_model::UserId::of_name("alice");
    let offered = h.core.matches_here(&here, alice).await.unwrap();
    assert_eq!(offered.len(), 1);
    assert_eq!(offered[0].0, MatchId(with_carol.0));
    assert!(
        offered[0].1.plain().contains("against carol"),
        "{offered:?}"
    );
}

on_both_backends!(
    two_pairs_play_side_by_side_in_one_channel,
    a_player_with_two_matches_here_names_one,
);
