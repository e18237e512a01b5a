//! `rematch` through the core, on a real SQLite file: a finished match is played again on the same terms
//! (a challenge against a person, an immediate match against the computer at the same level), only by its
//! players, only once it is over; the button shows under finished matches only.

use crate::common::*;
use namnam_core::{ActionId, Command, Reply, UserError};
use namnam_core::{ChallengeCommand, ChallengeRefusal, MatchRefusal};
use namnam_game::{Endgame, Player};
use namnam_model::{FirstMover, MatchId, Terms};
use namnam_store as store;

/// `user` presses the button `id` in `#general`.
async fn press(h: &Harness, user: &str, id: ActionId) -> Result<Reply, namnam_core::CoreError> {
    h.press(user, id).await
}

fn rematch_buttons(reply: &Reply) -> Vec<ActionId> {
    reply
        .buttons
        .actions
        .iter()
        .filter(|a| a.label.plain() == "Rematch")
        .map(|a| a.id)
        .collect()
}

fn match_id(reply: &Reply) -> MatchId {
    reply.board.state.as_ref().expect("a board").match_id
}

async fn a_rematch_of_a_finished_match_challenges_on_the_same_terms(backend: Backend) {
    let h = Harness::new(backend).await;
    let start = h
        .start_match(
            "general",
            "alice",
            "bob",
            "first:challenger target:8 rounds:2 clock:2h endgame:starter chain:yes",
        )
        .await;
    let first_id = match_id(&start);
    assert_eq!(side_of(&start, "alice"), Player::South);
    h.ok("alice", &format!("move house:{}", legal_houses(&start)[0]))
        .await;
    let end = h.ok("bob", "resign confirm:yes").await;
    let button = ActionId::Rematch {
        match_id: MatchId(first_id.0),
    };
    assert_eq!(rematch_buttons(&end), vec![button]);
    assert_eq!(
        button.command(),
        Command::Challenges(ChallengeCommand::Rematch {
            match_id: Some(MatchId(first_id.0)),
            level: None,
        })
    );

    let challenge = press(&h, "bob", button).await.expect("bob's rematch");
    assert!(
        challenge.text.plain().starts_with("bob challenges alice"),
        "{}",
        challenge.text
    );
    let commands: Vec<String> = challenge
        .buttons
        .actions
        .iter()
        .map(|a| a.id.command_line())
        .collect();
    assert_eq!(commands, ["accept", "decline", "cancel"]);
    assert_eq!(
        challenge.notify(),
        vec![namnam_model::UserId::of_name("alice")]
    );
    let open = store::find_open_challenge(
        h.core.store().reader(),
        namnam_model::Place::ServerChannel {
            server: SERVER,
            channel: channel_id("general"),
        },
    )
    .await
    .expect("the challenge loads")
    .expect("an open challenge");
    assert_eq!(open.challenger_name, "bob");
    assert_eq!(
        open.challenged.map(|(_, name)| name).as_deref(),
        Some("alice")
    );
    assert_eq!(
        open.terms,
        Terms {
            rules: namnam_game::Rules {
                endgame: Endgame::Starter,
                chain: true,
            },
            first: FirstMover::Challenger,
            target: Some(8),
            round_limit: Some(2),
            clock_secs: 2 * 3600,
        }
    );

    // alice accepts: bob (the challenger, North last time) now plays South and, as agreed, moves first.
    let second = h.ok("alice", "accept").await;
    assert_ne!(match_id(&second), first_id);
    assert_eq!(side_of(&second, "bob"), Player::South);
    assert_eq!(to_move(&second).as_deref(), Some("bob"));
    assert!(rematch_buttons(&second).is_empty());
}

async fn the_typed_rematch_finds_my_last_finished_match_here(backend: Backend) {
    let h = Harness::new(backend).await;
    assert_eq!(
        h.refused("alice", "rematch").await,
        UserError::Challenge(ChallengeRefusal::NothingToRematch)
    );
    h.start_match("general", "alice", "bob", "first:random clock:1h")
        .await;
    h.ok("alice", "resign confirm:yes").await;
    assert_eq!(
        h.refused("carol", "rematch").await,
        UserError::Challenge(ChallengeRefusal::NothingToRematch)
    );
    assert_eq!(
        h.refused_in("other", "alice", "rematch").await,
        UserError::Challenge(ChallengeRefusal::NothingToRematch)
    );
    let challenge = h.ok("alice", "rematch").await;
    assert!(
        challenge.text.plain().starts_with("alice challenges bob"),
        "{}",
        challenge.text
    );
    let open = store::find_open_challenge(
        h.core.store().reader(),
        namnam_model::Place::ServerChannel {
            server: SERVER,
            channel: channel_id("general"),
        },
    )
    .await
    .unwrap()
    .expect("an open challenge");
    assert_eq!(open.terms.first, FirstMover::Random);
    assert_eq!(open.terms.clock_secs, 3600);
    // The usual checks of a challenge hold: one open challenge per channel.
    assert!(matches!(
        h.refused("bob", "rematch").await,
        UserError::Challenge(ChallengeRefusal::ChallengeOpen { .. })
    ));
}

async fn only_a_player_of_a_finished_match_gets_a_rematch(backend: Backend) {
    let h = Harness::new(backend).await;
    let start = h
        .start_match("general", "alice", "bob", "first:challenger")
        .await;
    let id = match_id(&start);
    let button = ActionId::Rematch {
        match_id: MatchId(id.0),
    };
    assert_eq!(
        press(&h, "alice", button).await.unwrap_err().to_string(),
        UserError::Challenge(ChallengeRefusal::RematchActive(MatchId(id.0))).to_string()
    );
    assert_eq!(
        h.refused("alice", &format!("rematch match:{id}")).await,
        UserError::Challenge(ChallengeRefusal::RematchActive(MatchId(id.0)))
    );
    h.ok("bob", "resign confirm:yes").await;
    assert_eq!(
        h.refused("carol", &format!("rematch match:{id}")).await,
        UserError::Match(MatchRefusal::NotAPlayer("alice".into(), "bob".into()))
    );
    assert_eq!(
        h.refused("alice", "rematch match:999").await,
        UserError::Challenge(ChallengeRefusal::NothingToRematch)
    );
    assert!(store::find_open_challenge(
        h.core.store().reader(),
        namnam_model::Place::ServerChannel {
            server: SERVER,
            channel: channel_id("general")
        }
    )
    .await
    .unwrap()
    .is_none());
}

async fn a_rematch_against_the_computer_starts_at_once_at_the_same_level(backend: Backend) {
    let h = Harness::new(backend).await;
    let start = h
        .ok(
            "alice",
            "challenge opponent:namnam level:4 rounds:3 target:9 clock:1h first:challenger",
        )
        .await;
    let first_id = match_id(&start);
    let end = h.ok("alice", "resign confirm:yes").await;
    assert_eq!(
        rematch_buttons(&end),
        vec![ActionId::Rematch {
            match_id: MatchId(first_id.0)
        }]
    );
    let again = press(
        &h,
        "alice",
        ActionId::Rematch {
            match_id: MatchId(first_id.0),
        },
    )
    .await
    .expect("the rematch starts");
    assert!(again.text.plain().contains("level 4"), "{}", again.text);
    let row = store::load_match(h.core.store().reader(), match_id(&again))
        .await
        .unwrap()
        .expect("the new match");
    assert_ne!(row.id, first_id);
    assert!(row.state.is_active());
    assert_eq!(row.computer.expect("the computer plays").level.number(), 4);
    assert_eq!(row.game.options().round_limit(), Some(3));
    assert_eq!(row.game.options().target(), Some(9));
    assert_eq!(row.clock_secs, 3600);
}

async fn the_rematch_button_shows_under_finished_matches_only(backend: Backend) {
    let h = Harness::new(backend).await;
    let mut reply = h
        .start_match("general", "alice", "bob", "first:challenger rounds:1")
        .await;
    let mut rng = namnam_game::rng::SeededRng::new(3);
    while let Some(player) = to_move(&reply) {
        assert!(rematch_buttons(&reply).is_empty(), "{}", reply.text);
        // One picture a move is within anyone's budget of costly commands.
        h.clock.advance_secs(6);
        assert!(rematch_buttons(&h.ok(&player, "board").await).is_empty());
        let legal = legal_houses(&reply);
        reply = h
            .ok(
                &player,
                &format!("move house:{}", legal[rng.below(legal.len())]),
            )
            .await;
    }
    let id = match_id(&reply);
    assert_eq!(
        rematch_buttons(&reply),
        vec![ActionId::Rematch {
            match_id: MatchId(id.0)
        }]
    );
    assert_eq!(rematch_buttons(&h.ok("carol", "board").await).len(), 1);

    // An aborted match is not finished: no button, and no rematch.
    h.start_match("general", "alice", "bob", "").await;
    let aborted = h.ok("admin-ann", "admin abort").await;
    assert!(rematch_buttons(&aborted).is_empty(), "{}", aborted.text);
    let board = h.ok("alice", "board").await;
    assert!(rematch_buttons(&board).is_empty(), "{}", board.text);
    let aborted_id = match_id(&board);
    assert_eq!(
        h.refused("alice", &format!("rematch match:{aborted_id}"))
            .await,
        UserError::Challenge(ChallengeRefusal::RematchAborted(MatchId(aborted_id.0)))
    );
}

on_both_backends!(
    a_rematch_of_a_finished_match_challenges_on_the_same_terms,
    the_typed_rematch_finds_my_last_finished_match_here,
    only_a_player_of_a_finished_match_gets_a_rematch,
    a_rematch_against_the_computer_starts_at_once_at_the_same_level,
    the_rematch_button_shows_under_finished_matches_only,
);
