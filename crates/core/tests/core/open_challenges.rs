//! Challenges open to anyone (`challenge` without an opponent): the first to accept plays, exactly once
//! even when two accept at once on two processes; the challenger cannot accept their own, nobody declines
//! one, and it expires like any challenge.

use crate::common::*;
use namnam_core::{ChallengeRefusal, CoreError, UserError};

/// How many matches the database holds.
async fn matches_stored(h: &Harness) -> i64 {
    sqlx::query_scalar("SELECT COUNT(*) FROM matches")
        .fetch_one(h.core.store().reader())
        .await
        .unwrap()
}

async fn an_open_challenge_is_taken_once_by_one_of_two_accepting_on_two_processes(
    backend: Backend,
) {
    let h = Harness::with_outbox(backend).await;
    let open = h.ok("alice", "challenge first:challenged").await;
    assert!(open.notify().is_empty(), "it pings nobody");
    assert_eq!(
        h.refused("alice", "accept").await,
        UserError::Challenge(ChallengeRefusal::OwnChallenge(None))
    );
    assert_eq!(
        h.refused("bob", "decline").await,
        UserError::Challenge(ChallengeRefusal::OpenNotDeclined)
    );
    // One open challenge per channel, to anyone or not.
    assert!(matches!(
        h.refused("carol", "challenge opponent:bob").await,
        UserError::Challenge(ChallengeRefusal::ChallengeOpen {
            challenged: None,
            ..
        })
    ));

    // bob on process a and carol on process b accept at the same moment: one of them plays.
    let (a, b) = (h.process("a").await, h.process("b").await);
    let (bob, carol) = (
        h.request("general", "bob", "accept"),
        h.request("general", "carol", "accept"),
    );
    let (by_bob, by_carol) = tokio::join!(a.try_handle(&bob), b.try_handle(&carol));
    let (won, lost) = match (by_bob, by_carol) {
        (Ok(reply), Err(refused)) | (Err(refused), Ok(reply)) => (reply, refused),
        (Ok(_), Ok(_)) => panic!("both took the one challenge"),
        (Err(a), Err(b)) => panic!("nobody took it: {a} / {b}"),
    };
    assert!(
        matches!(
            lost,
            CoreError::User(UserError::Challenge(ChallengeRefusal::NoChallenge))
        ),
        "{lost}"
    );
    assert_eq!(matches_stored(&h).await, 1);
    let id = won.board.state.as_ref().expect("a board").match_id;
    let row = namnam_store::load_match(h.core.store().reader(), id)
        .await
        .unwrap()
        .unwrap();
    let players: [namnam_model::UserId; 2] = row.players.into();
    assert!(
        players.contains(&namnam_model::UserId::of_name("alice")),
        "{players:?}"
    );
    // "first:challenged": whoever accepted moves first.
    let taker = players
        .into_iter()
        .find(|p| *p != namnam_model::UserId::of_name("alice"))
        .unwrap();
    assert_eq!(row.players.get(row.game.position().to_move()), taker);
}

async fn an_open_challenge_expires_and_is_withdrawn_like_any(backend: Backend) {
    let h = Harness::new(backend).await;
    h.ok("alice", "challenge").await;
    h.clock.advance_secs(11 * 60);
    assert_eq!(
        h.refused("bob", "accept").await,
        UserError::Challenge(ChallengeRefusal::ChallengeExpired)
    );
    h.ok("alice", "challenge").await;
    assert_eq!(
        h.refused("bob", "cancel").await,
        UserError::Challenge(ChallengeRefusal::NotChallenger("alice".into()))
    );
    let withdrawn = h.ok("alice", "cancel").await;
    assert_eq!(
        withdrawn.text.plain(),
        "alice withdraws the open challenge."
    );
    assert_eq!(matches_stored(&h).await, 0);
    // A level is the computer's: refused for a challenge to people.
    assert_eq!(
        h.refused("alice", "challenge level:3").await,
        UserError::Challenge(ChallengeRefusal::LevelForPeople)
    );
}

on_both_backends!(
    an_open_challenge_is_taken_once_by_one_of_two_accepting_on_two_processes,
    an_open_challenge_expires_and_is_withdrawn_like_any,
);
