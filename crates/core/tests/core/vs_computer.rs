//! Playing against Namnam's computer through the core, on a real SQLite file: the match starts at once, the
//! computer answers each move with a legal one that is stored, nothing is rated, a move while it thinks is
//! refused, a restart loses nothing, and the same match replays the same computer moves.

use crate::common::*;
use namnam_ai::{choose_match_move, Level};
use namnam_core::{computer_seed, ComputerTurn, Reply, UserError, Via};
use namnam_core::{ChallengeRefusal, InfoRefusal, PlayRefusal};
use namnam_game::{House, Player};
use namnam_model::MatchId;
use namnam_store as store;

/// Plays the computer's turn that `reply` hands over; panics if there is none or it fails.
async fn computer_moves(h: &Harness, reply: &Reply) -> Reply {
    let turn = reply.follows.computer_turn.expect("the computer's turn");
    h.core
        .computer_turn(turn, Via::Answer)
        .await
        .expect("the computer moves")
        .expect("it was the computer's turn")
}

async fn stored_moves(h: &Harness, match_id: MatchId) -> Vec<store::MoveRow> {
    store::match_moves(h.core.store().reader(), match_id)
        .await
        .expect("the moves load")
}

async fn a_one_round_match_against_level_1_ends_unrated_with_legal_stored_moves(backend: Backend) {
    let h = Harness::new(backend).await;
    let mut reply = h
        .ok(
            "alice",
            "challenge opponent:namnam level:1 rounds:1 first:challenger",
        )
        .await;
    assert!(reply.text.plain().contains("not rated"), "{}", reply.text);
    assert!(reply.follows.computer_turn.is_none(), "alice moves first");
    let match_id = reply.board.state.as_ref().expect("a board").match_id;
    assert_eq!(side_of(&reply, "alice"), Player::South);

    let mut rng = namnam_game::rng::SeededRng::new(7);
    let (mut human, mut computer) = (0, 0);
    loop {
        if reply.follows.computer_turn.is_some() {
            let before = reply.board.state.as_ref().expect("a board").position;
            reply = computer_moves(&h, &reply).await;
            computer += 1;
            let last = stored_moves(&h, match_id)
                .await
                .pop()
                .expect("a stored move");
            assert_eq!(last.player, Player::North);
            let house = House::from_label(i64::from(last.house)).expect("a house");
            assert!(
                before.legal_moves().iter().any(|h| h == house),
                "the computer played house {house}, not legal in {before:?}"
            );
        } else if to_move(&reply).as_deref() == Some("alice") {
            let legal = legal_houses(&reply);
            let house = legal[rng.below(legal.len())];
            reply = h.ok("alice", &format!("move house:{house}")).await;
            human += 1;
        } else {
            break;
        }
        assert!(human + computer < 2000, "the match did not end");
    }
    assert!(computer > 0);
    assert!(reply.text.has_message("match-unrated"), "{}", reply.text);
    let row = store::load_match(h.core.store().reader(), match_id)
        .await
        .expect("the match loads")
        .expect("the match exists");
    assert_eq!(row.state, store::MatchState::Finished);
    assert!(row.game.result().is_some());
    assert!(!row.rated);
    assert_eq!(stored_moves(&h, match_id).await.len(), human + computer);
    assert_eq!(
        h.refused("alice", "stats").await,
        UserError::Info(InfoRefusal::NoStats)
    );
}

async fn a_move_while_the_computer_thinks_is_refused_politely(backend: Backend) {
    let h = Harness::new(backend).await;
    let reply = h
        .ok(
            "alice",
            "challenge opponent:namnam level:1 first:challenger",
        )
        .await;
    let house = legal_houses(&reply)[0];
    let after = h.ok("alice", &format!("move house:{house}")).await;
    let turn = after.follows.computer_turn.expect("the computer's turn");
    assert!(
        after.buttons.actions.is_empty(),
        "no buttons while the computer thinks"
    );
    assert!(after.text.plain().contains("thinking"), "{}", after.text);
    let refusal = h.refused("alice", "move house:1").await;
    assert_eq!(
        refusal,
        UserError::Play(PlayRefusal::ComputerThinking("namnam".into()))
    );
    assert!(refusal.to_string().contains("thinking"));
    assert_eq!(
        h.refused("alice", "draw").await,
        UserError::Play(PlayRefusal::ComputerNoDraw("namnam".into()))
    );

    assert!(h
        .core
        .computer_turn(turn, Via::Answer)
        .await
        .expect("no failure")
        .is_some());
    assert_eq!(stored_moves(&h, turn.match_id).await.len(), 2);
    // And the turn, once played, is not played again.
    assert!(h
        .core
        .computer_turn(turn, Via::Answer)
        .await
        .expect("no failure")
        .is_none());
}

async fn a_restart_while_the_computer_is_to_move_loses_nothing(backend: Backend) {
    let h = Harness::new(backend).await;
    let reply = h
        .ok(
            "alice",
            "challenge opponent:namnam level:2 first:challenger",
        )
        .await;
    let house = legal_houses(&reply)[0];
    let after = h.ok("alice", &format!("move house:{house}")).await;
    let match_id = after
        .follows
        .computer_turn
        .expect("the computer's turn")
        .match_id;

    // The bot comes back a little later; the turn it left waiting is an orphan, however recent.
    h.clock.advance_secs(1);
    let h = h.restart().await;
    let notices = h.core.catch_up_computer().await.expect("the catch-up runs");
    assert_eq!(notices.len(), 1);
    assert_eq!(to_move(&notices[0].reply).as_deref(), Some("alice"));
    let moves = stored_moves(&h, match_id).await;
    assert_eq!(moves.len(), 2);
    assert_eq!(moves[1].player, Player::North);
    // Nothing left to do: a second catch-up (or the clock's sweep) plays nothing more.
    assert!(h.core.catch_up_computer().await.expect("runs").is_empty());
}

async fn the_computer_is_never_timed_out_and_the_sweep_plays_its_turn(backend: Backend) {
    let h = Harness::new(backend).await;
    let reply = h
        .ok(
            "alice",
            "challenge opponent:namnam level:1 first:challenged clock:5m",
        )
        .await;
    let match_id = reply
        .follows
        .computer_turn
        .expect("the computer starts")
        .match_id;
    h.clock.advance_secs(3600);
    let notices = h.core.sweep().await.expect("the sweep runs");
    assert_eq!(notices.len(), 1, "the computer's move, not a timeout");
    assert_eq!(to_move(&notices[0].reply).as_deref(), Some("alice"));
    let row = store::load_match(h.core.store().reader(), match_id)
        .await
        .expect("loads")
        .expect("exists");
    assert!(row.state.is_active());
}

async fn the_same_match_id_ply_and_level_give_the_same_computer_move(backend: Backend) {
    let mut houses = Vec::new();
    for _ in 0..2 {
        let h = Harness::new(backend).await;
        let reply = h
            .ok(
                "alice",
                "challenge opponent:namnam level:3 first:challenged",
            )
            .await;
        let ComputerTurn { match_id } = reply.follows.computer_turn.expect("the computer starts");
        let row = store::load_match(h.core.store().reader(), match_id)
            .await
            .expect("loads")
            .expect("exists");
        let level = Level::new(3).expect("a level");
        let expected = choose_match_move(&row.game, level, computer_seed(match_id, 1))
            .expect("a move")
            .house;
        computer_moves(&h, &reply).await;
        let moves = stored_moves(&h, match_id).await;
        assert_eq!(moves.len(), 1);
        assert_eq!(moves[0].house, expected.label());
        houses.push((match_id, moves[0].house));
    }
    assert_eq!(houses[0], houses[1]);
}

async fn level_is_only_for_the_computer(backend: Backend) {
    let h = Harness::new(backend).await;
    assert_eq!(
        h.refused("alice", "challenge opponent:bob level:3").await,
        UserError::Challenge(ChallengeRefusal::LevelForPeople)
    );
}

/// Two calls for the same computer turn at once (a front end and the sweeper racing): one plays, the other
/// finds nothing to do, and exactly one move is stored.
async fn two_calls_for_one_computer_turn_play_one_move(backend: Backend) {
    let h = Harness::new(backend).await;
    let reply = h
        .ok(
            "alice",
            "challenge opponent:namnam level:1 first:challenged",
        )
        .await;
    let turn = reply
        .follows
        .computer_turn
        .expect("the computer moves first");
    let match_id = reply.board.state.as_ref().expect("a board").match_id;
    let both = tokio::time::timeout(namnam_testkit::PATIENCE, async {
        tokio::join!(
            h.core.computer_turn(turn, Via::Answer),
            h.core.computer_turn(turn, Via::Answer)
        )
    })
    .await
    .expect("neither call hangs");
    let played = [both.0.expect("no error"), both.1.expect("no error")]
        .iter()
        .filter(|r| r.is_some())
        .count();
    assert_eq!(played, 1, "exactly one call plays the turn");
    assert_eq!(stored_moves(&h, match_id).await.len(), 1);
}

/// A player new to the computer is given the beginner's level when they name none; a win offers the next
/// level, in words and as a button that starts it; and a challenge that names no level then plays the
/// level of the player's last match against the computer.
async fn a_new_player_starts_at_level_1_and_a_win_offers_the_next(backend: Backend) {
    let h = Harness::new(backend).await;
    let mut reply = h
        .ok(
            "alice",
            "challenge opponent:namnam rounds:1 first:challenger",
        )
        .await;
    assert!(reply.text.has_message("level-name-1"), "{}", reply.text);
    let match_id = reply.board.state.as_ref().expect("a board").match_id;
    let level_of = |row: Option<store::MatchRow>| row.and_then(|r| r.computer).map(|c| c.level);
    let stored = store::load_match(h.core.store().reader(), match_id)
        .await
        .unwrap();
    assert_eq!(level_of(stored), Some(Level::WEAKEST));
    // alice plays level 5's moves until the round ends.
    reply = beat_the_computer(&h, "alice", reply).await;
    assert!(reply.text.has_message("result-win"), "{}", reply.text);
    assert!(
        reply.text.has_message("match-computer-next-level"),
        "{}",
        reply.text
    );
    assert!(reply.text.has_message("level-name-2"), "{}", reply.text);
    let next = reply
        .buttons
        .actions
        .iter()
        .find(|a| matches!(a.id, namnam_core::ActionId::RematchAt { .. }))
        .expect("a button for the next level");
    let started = h
        .press("alice", next.id)
        .await
        .expect("the next level starts");
    assert!(started.text.has_message("level-name-2"), "{}", started.text);
    let second = started.board.state.as_ref().expect("a board").match_id;
    let stored = store::load_match(h.core.store().reader(), second)
        .await
        .unwrap();
    assert_eq!(level_of(stored), Some(Level::new(2).unwrap()));
    h.ok("alice", "resign confirm:yes").await;
    // No level named: where alice was last.
    let again = h.ok("alice", "challenge opponent:namnam").await;
    assert!(again.text.has_message("level-name-2"), "{}", again.text);
}

on_both_backends!(
    a_new_player_starts_at_level_1_and_a_win_offers_the_next,
    a_one_round_match_against_level_1_ends_unrated_with_legal_stored_moves,
    a_move_while_the_computer_thinks_is_refused_politely,
    a_restart_while_the_computer_is_to_move_loses_nothing,
    the_computer_is_never_timed_out_and_the_sweep_plays_its_turn,
    the_same_match_id_ply_and_level_give_the_same_computer_move,
    level_is_only_for_the_computer,
    two_calls_for_one_computer_turn_play_one_move(flavor = "multi_thread", worker_threads = 2),
);

/// Plays `player`'s match against the computer from `reply` to its end, `player` choosing level 5's
/// moves and the computer answering each; returns the last reply.
pub(crate) async fn beat_the_computer(h: &Harness, player: &str, mut reply: Reply) -> Reply {
    let match_id = reply.board.state.as_ref().expect("a board").match_id;
    let strong = namnam_ai::Level::new(5).expect("a level");
    for ply in 0..2000u64 {
        if let Some(turn) = reply.follows.computer_turn {
            reply = h
                .core
                .computer_turn(turn, namnam_core::Via::Answer)
                .await
                .expect("the computer moves")
                .expect("it was the computer's turn");
        } else if to_move(&reply).as_deref() == Some(player) {
            let row = namnam_store::load_match(h.core.store().reader(), match_id)
                .await
                .unwrap()
                .expect("the match");
            let house = namnam_ai::choose_match_move(&row.game, strong, ply)
                .expect("a move")
                .house;
            reply = h.ok(player, &format!("move house:{}", house.label())).await;
        } else {
            break;
        }
    }
    reply
}
