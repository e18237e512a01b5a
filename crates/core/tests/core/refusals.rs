//! Every refusal of the table's rules: each is a private, friendly [`UserError`] and changes nothing.

use crate::common::*;
use namnam_core::{AdminRefusal, ChallengeRefusal, InputRefusal, MatchRefusal, PlayRefusal};
use namnam_core::{Command, UserError};
use namnam_game::IllegalMove;

async fn moves_out_of_turn_by_others_or_on_bad_houses_are_refused(backend: Backend) {
    let h = Harness::new(backend).await;
    h.start_match("general", "alice", "bob", "first:challenger")
        .await;
    assert_eq!(
        h.refused("bob", "move house:7").await,
        UserError::Play(PlayRefusal::NotYourTurn("alice".into()))
    );
    assert_eq!(
        h.refused("carol", "move house:1").await,
        UserError::Match(MatchRefusal::NotAPlayer("alice".into(), "bob".into()))
    );
    match h.refused("alice", "move house:7").await {
        UserError::Play(PlayRefusal::Illegal {
            why: IllegalMove::NotOwner,
            owner,
            ..
        }) => assert_eq!(owner, "bob"),
        other => panic!("{other:?}"),
    }
    // rules.md §9.1: South's house 3 leaves North's house 11 empty.
    h.ok("alice", "move house:3").await;
    match h.refused("bob", "move house:11").await {
        e @ UserError::Play(PlayRefusal::Illegal {
            why: IllegalMove::EmptyHouse,
            ..
        }) => {
            assert_eq!(e.to_string(), "House 11 is empty.")
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        h.refused("alice", "move house:1").await,
        UserError::Play(PlayRefusal::NotYourTurn("bob".into()))
    );
    // None of that changed the match.
    let board = h.ok("carol", "board").await;
    assert_eq!(
        board.board.state.unwrap().position.board(),
        [6, 6, 2, 7, 1, 6, 1, 6, 6, 6, 0, 1]
    );
}

#[test]
fn houses_outside_1_to_12_are_refused_when_parsed() {
    for (label, bad) in [("0", 0), ("13", 13), ("-1", -1)] {
        let e = Command::parse("move", &[], &[("house", label)], &TestNames).unwrap_err();
        assert_eq!(e, UserError::Input(InputRefusal::NoSuchHouse(bad)));
        assert!(e.to_string().contains("1 to 12"));
    }
    assert!(matches!(
        Command::parse("move", &[], &[("house", "three")], &TestNames),
        Err(UserError::Input(InputRefusal::BadOption {
            option: "house",
            ..
        }))
    ));
    assert_eq!(
        Command::parse("move", &[], &[], &TestNames),
        Err(UserError::Input(InputRefusal::MissingOption("house")))
    );
}

#[test]
fn bad_challenge_options_are_refused_when_parsed() {
    let parse = |k: &'static str, v: &'static str| {
        Command::parse("challenge", &[], &[("opponent", "bob"), (k, v)], &TestNames)
    };
    for (k, v) in [
        ("target", "6"),
        ("target", "13"),
        ("rounds", "0"),
        ("rounds", "100"),
        ("clock", "4m"),
        ("clock", "8d"),
        ("clock", "soon"),
        ("first", "whoever"),
        ("endgame", "nobody"),
        ("chain", "maybe"),
    ] {
        assert!(
            matches!(
                parse(k, v),
                Err(UserError::Input(InputRefusal::BadOption { .. }))
            ),
            "{k}:{v}"
        );
    }
    assert!(
        parse("clock", "5m").is_ok()
            && parse("clock", "7d").is_ok()
            && parse("target", "none").is_ok()
    );
    assert!(matches!(
        parse("colour", "red"),
        Err(UserError::Input(InputRefusal::UnknownOption { .. }))
    ));
    assert!(matches!(
        Command::parse("dance", &[], &[], &TestNames),
        Err(UserError::Input(InputRefusal::UnknownCommand(_)))
    ));
}

async fn there_is_no_match_to_act_on_in_an_empty_channel(backend: Backend) {
    let h = Harness::new(backend).await;
    assert_eq!(
        h.refused("alice", "move house:1").await,
        UserError::Match(MatchRefusal::NoMatch)
    );
    assert_eq!(
        h.refused("alice", "board").await,
        UserError::Match(MatchRefusal::NoMatch)
    );
    assert_eq!(
        h.refused("alice", "resign").await,
        UserError::Match(MatchRefusal::NoMatch)
    );
    assert_eq!(
        h.refused("alice", "draw").await,
        UserError::Match(MatchRefusal::NoMatch)
    );
    assert_eq!(
        h.refused("alice", "history").await,
        UserError::Match(MatchRefusal::NoMatch)
    );
    assert_eq!(
        h.refused("alice", "accept").await,
        UserError::Challenge(ChallengeRefusal::NoChallenge)
    );
    assert_eq!(
        h.refused("alice", "cancel").await,
        UserError::Challenge(ChallengeRefusal::NoChallenge)
    );
}

async fn nobody_challenges_themself_or_a_bot(backend: Backend) {
    let h = Harness::new(backend).await;
    assert_eq!(
        h.refused("alice", "challenge opponent:alice").await,
        UserError::Challenge(ChallengeRefusal::SelfChallenge)
    );
    assert_eq!(
        h.refused("alice", "challenge opponent:robot").await,
        UserError::Challenge(ChallengeRefusal::ChallengeBot("robot".into()))
    );
}

async fn one_open_challenge_and_one_match_per_pair_per_channel(backend: Backend) {
    let h = Harness::new(backend).await;
    h.ok("alice", "challenge opponent:bob").await;
    assert_eq!(
        h.refused("carol", "challenge opponent:dave").await,
        UserError::Challenge(ChallengeRefusal::ChallengeOpen {
            challenger: "alice".into(),
            challenged: Some("bob".into())
        })
    );
    h.ok("bob", "accept").await;
    // A channel holds several matches, but one per pair of players.
    assert_eq!(
        h.refused("bob", "challenge opponent:alice").await,
        UserError::Challenge(ChallengeRefusal::PairInChannel(
            "bob".into(),
            "alice".into()
        ))
    );
    h.ok("carol", "challenge opponent:dave").await;
    h.ok("dave", "accept").await;
    // A player may play in several channels at once.
    h.start_match("games", "alice", "carol", "").await;
    h.start_match("more", "dave", "alice", "").await;
}

async fn only_the_challenged_player_answers_and_only_the_challenger_cancels(backend: Backend) {
    let h = Harness::new(backend).await;
    let offer = h.ok("alice", "challenge opponent:bob").await;
    assert_eq!(
        h.refused("alice", "accept").await,
        UserError::Challenge(ChallengeRefusal::OwnChallenge(Some("bob".into())))
    );
    assert_eq!(
        h.refused("carol", "accept").await,
        UserError::Challenge(ChallengeRefusal::NotChallenged("bob".into()))
    );
    assert_eq!(
        h.refused("alice", "decline").await,
        UserError::Challenge(ChallengeRefusal::NotChallenged("bob".into()))
    );
    assert_eq!(
        h.refused("bob", "cancel").await,
        UserError::Challenge(ChallengeRefusal::NotChallenger("alice".into()))
    );
    let declined = h.ok("bob", "decline").await;
    assert!(declined.text.has_message("challenge-declined"));
    // Not again at once (each challenge pings bob): ten minutes after.
    assert!(matches!(
        h.refused("alice", "challenge opponent:bob").await,
        UserError::Challenge(ChallengeRefusal::ChallengeTooSoon { .. })
    ));
    h.clock.advance_secs(10 * 60);
    // The old accept button is stale now, even once a new challenge is open.
    h.ok("alice", "challenge opponent:bob").await;
    let mut late = h.request("general", "bob", "accept");
    late.command = offer.buttons.actions[0].id.command();
    assert!(matches!(
        h.core.try_handle(&late).await,
        Err(namnam_core::CoreError::User(UserError::Match(
            MatchRefusal::Stale
        )))
    ));
    assert!(h
        .ok("alice", "cancel")
        .await
        .text
        .plain()
        .contains("withdraws"));
}

async fn an_expired_challenge_cannot_be_accepted(backend: Backend) {
    let h = Harness::new(backend).await;
    h.ok("alice", "challenge opponent:bob").await;
    h.clock.advance_secs(9 * 60);
    h.ok("carol", "leaderboard").await;
    h.clock.advance_secs(60);
    assert_eq!(
        h.refused("bob", "accept").await,
        UserError::Challenge(ChallengeRefusal::ChallengeExpired)
    );
    assert_eq!(
        h.refused("bob", "accept").await,
        UserError::Challenge(ChallengeRefusal::NoChallenge)
    );
    // The channel is free for a new challenge.
    h.start_match("general", "carol", "bob", "").await;
}

async fn an_expired_challenge_does_not_block_the_channel(backend: Backend) {
    let h = Harness::new(backend).await;
    h.ok("alice", "challenge opponent:bob").await;
    h.clock.advance_secs(11 * 60);
    h.start_match("general", "carol", "dave", "").await;
}

async fn admin_commands_need_the_right_to_manage_the_server(backend: Backend) {
    let h = Harness::new(backend).await;
    h.start_match("general", "alice", "bob", "").await;
    assert_eq!(
        h.refused("alice", "admin abort").await,
        UserError::Admin(AdminRefusal::NotAdmin)
    );
    assert_eq!(
        h.refused("bob", "admin settings clock:1h").await,
        UserError::Admin(AdminRefusal::NotAdmin)
    );
    // Still going.
    assert!(h
        .ok("alice", "board")
        .await
        .board
        .state
        .unwrap()
        .to_move
        .is_some());
    let settings = h
        .ok(
            "admin",
            "admin settings channels:#games clock:1h target:11 thread:yes",
        )
        .await;
    assert!(
        settings.text.plain().contains("1 h per move")
            && settings.text.plain().contains("11 houses"),
        "{}",
        settings.text
    );
    assert_eq!(
        h.refused_in("lobby", "carol", "challenge opponent:dave")
            .await,
        UserError::Challenge(ChallengeRefusal::ChannelNotAllowed)
    );
    h.ok_in("games", "carol", "challenge opponent:dave").await;
    let accepted = h.ok_in("games", "dave", "accept").await;
    assert!(accepted.follows.open_thread.is_some());
    assert!(
        accepted.text.plain().contains("(1 h per move)"),
        "{}",
        accepted.text
    );
}

async fn a_refusal_is_private_and_an_unknown_command_too(backend: Backend) {
    let h = Harness::new(backend).await;
    let request = h.request("general", "alice", "move house:1");
    let reply = h.core.handle(&request).await;
    assert!(reply.is_private());
    assert_eq!(reply.text, UserError::Match(MatchRefusal::NoMatch).text());
}

async fn a_stored_position_that_breaks_the_rules_is_refused_on_load_with_an_apology(
    backend: Backend,
) {
    let h = Harness::new(backend).await;
    h.start_match("general", "alice", "bob", "first:challenger")
        .await;
    // Tamper with the stored match from outside: 49 seeds on the board.
    let mut db = <sqlx::AnyConnection as sqlx::Connection>::connect(&h.db.url)
        .await
        .unwrap();
    let game: String = sqlx::query_scalar("SELECT game FROM matches")
        .fetch_one(&mut db)
        .await
        .unwrap();
    let bad = game.replacen("[4,4,4,4,4,4,4,4,4,4,4,4]", "[5,4,4,4,4,4,4,4,4,4,4,4]", 1);
    assert_ne!(game, bad);
    sqlx::query("UPDATE matches SET game = $1")
        .bind(bad)
        .execute(&mut db)
        .await
        .unwrap();
    let reply = h
        .core
        .handle(&h.request("general", "alice", "move house:1"))
        .await;
    assert!(reply.is_private());
    assert_eq!(reply.text, namnam_core::apology());
    assert!(matches!(
        h.core
            .try_handle(&h.request("general", "alice", "board"))
            .await,
        Err(namnam_core::CoreError::Internal(_))
    ));
}

on_both_backends!(
    moves_out_of_turn_by_others_or_on_bad_houses_are_refused,
    there_is_no_match_to_act_on_in_an_empty_channel,
    nobody_challenges_themself_or_a_bot,
    one_open_challenge_and_one_match_per_pair_per_channel,
    only_the_challenged_player_answers_and_only_the_challenger_cancels,
    an_expired_challenge_cannot_be_accepted,
    an_expired_challenge_does_not_block_the_channel,
    admin_commands_need_the_right_to_manage_the_server,
    a_refusal_is_private_and_an_unknown_command_too,
    a_stored_position_that_breaks_the_rules_is_refused_on_load_with_an_apology,
);
