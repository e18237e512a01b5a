//! A challenge drafted from a member's menu: a private draft on the place's usual terms, each term button
//! answering with the draft changed in place of the pressed one, Send making the challenge `challenge`
//! makes; only the one who drafted it may press its buttons, and a forged draft is refused.

use crate::common::*;
use namnam_core::{
    ActionId, ChallengeDraft, ChallengeRefusal, CoreError, MatchRefusal, Pressed, UserError,
};
use namnam_model::{FirstMover, Place, UserId};

/// How many challenges the database holds, whatever their state.
async fn challenges_stored(h: &Harness) -> i64 {
    sqlx::query_scalar("SELECT COUNT(*) FROM challenges")
        .fetch_one(h.core.store().reader())
        .await
        .unwrap()
}

/// The draft a reply's term buttons and Send carry: (rounds, clock, first, send).
fn draft_buttons(reply: &namnam_core::Reply) -> ([ChallengeDraft; 3], ChallengeDraft) {
    let ids: Vec<ActionId> = reply.buttons.actions.iter().map(|a| a.id).collect();
    match ids.as_slice() {
        [ActionId::ChallengeDraft { draft: rounds }, ActionId::ChallengeDraft { draft: clock }, ActionId::ChallengeDraft { draft: first }, ActionId::ChallengeSend { draft: send }] => {
            ([*rounds, *clock, *first], *send)
        }
        other => panic!("not a draft's buttons: {other:?}"),
    }
}

/// The button of `reply` whose id is `id`, pressed by `user`.
async fn press_ok(h: &Harness, user: &str, id: ActionId) -> namnam_core::Reply {
    match h.press(user, id).await {
        Ok(reply) => reply,
        Err(e) => panic!("{user} pressing {id}: {e}"),
    }
}

fn general() -> Place {
    Place::ServerChannel {
        server: SERVER,
        channel: channel_id("general"),
    }
}

async fn a_menu_draft_changes_its_terms_in_place_then_sends_the_challenge(backend: Backend) {
    let h = Harness::new(backend).await;
    let (alice, bob) = (UserId::of_name("alice"), UserId::of_name("bob"));

    // The draft: private, on the usual terms (a day a move, no round limit, first drawn by lot), and
    // nothing asked of bob yet.
    let draft = h.ok("alice", "challenge-menu bob").await;
    assert!(draft.is_private());
    let text = draft.text.plain();
    assert!(text.starts_with("Challenge bob to Nam-nam:"), "{text}");
    assert!(text.contains("no round limit"), "{text}");
    assert!(text.contains("1 d per move"), "{text}");
    assert!(text.contains("drawn by lot"), "{text}");
    assert_eq!(challenges_stored(&h).await, 0);
    let ([rounds, _, _], send) = draft_buttons(&draft);
    let usual = ChallengeDraft {
        challenger: alice,
        opponent: bob,
        rounds: None,
        clock_secs: 86_400,
        first: FirstMover::Random,
    };
    assert_eq!(send, usual);
    assert_eq!(
        rounds.rounds,
        Some(1),
        "the rounds button goes to one round"
    );

    // Each term button answers with the draft changed, in place of the pressed one.
    let one_round = press_ok(&h, "alice", ActionId::ChallengeDraft { draft: rounds }).await;
    assert!(one_round.is_private());
    assert_eq!(one_round.buttons.pressed, Pressed::Replaced);
    assert!(
        one_round.text.plain().contains("one round"),
        "{}",
        one_round.text.plain()
    );
    let ([_, clock, _], _) = draft_buttons(&one_round);
    assert_eq!(clock.clock_secs, 3_600, "after the usual day, an hour");
    let an_hour = press_ok(&h, "alice", ActionId::ChallengeDraft { draft: clock }).await;
    let ([_, _, first], _) = draft_buttons(&an_hour);
    let me_first = press_ok(&h, "alice", ActionId::ChallengeDraft { draft: first }).await;
    assert!(
        me_first.text.plain().contains("alice moves first"),
        "{}",
        me_first.text.plain()
    );
    let (_, send) = draft_buttons(&me_first);
    let chosen = ChallengeDraft {
        rounds: Some(1),
        clock_secs: 3_600,
        first: FirstMover::Challenger,
        ..usual
    };
    assert_eq!(send, chosen);
    assert_eq!(challenges_stored(&h).await, 0, "a draft stores nothing");

    // Only alice may press her draft's buttons; a draft forged to someone the menu never offered is
    // out of date.
    for id in [
        ActionId::ChallengeSend { draft: send },
        ActionId::ChallengeDraft { draft: send },
    ] {
        assert!(matches!(
            h.press("bob", id).await,
            Err(CoreError::User(UserError::Challenge(
                ChallengeRefusal::NotYourDraft
            )))
        ));
    }
    let forged = ChallengeDraft {
        opponent: UserId(987_654_321),
        ..send
    };
    assert!(matches!(
        h.press("alice", ActionId::ChallengeSend { draft: forged })
            .await,
        Err(CoreError::User(UserError::Match(MatchRefusal::Stale)))
    ));
    assert_eq!(challenges_stored(&h).await, 0);

    // Send: the challenge `challenge` makes, in public, bob pinged, on the chosen terms; the draft's
    // buttons retire.
    let sent = press_ok(&h, "alice", ActionId::ChallengeSend { draft: send }).await;
    assert!(!sent.is_private());
    assert_eq!(sent.notify(), &[bob]);
    assert_eq!(sent.buttons.pressed, Pressed::Retired);
    assert!(
        sent.text.plain().starts_with("alice challenges bob"),
        "{}",
        sent.text.plain()
    );
    let open = namnam_store::find_open_challenge(h.core.store().reader(), general())
        .await
        .unwrap()
        .expect("the challenge is open");
    assert_eq!(open.challenger, alice);
    assert_eq!(open.challenged.as_ref().map(|(id, _)| *id), Some(bob));
    assert_eq!(open.terms.round_limit, Some(1));
    assert_eq!(open.terms.clock_secs, 3_600);
    assert_eq!(open.terms.first, FirstMover::Challenger);
    // Sent twice: refused as `challenge` is, the channel holding it already.
    assert!(matches!(
        h.press("alice", ActionId::ChallengeSend { draft: send })
            .await,
        Err(CoreError::User(UserError::Challenge(
            ChallengeRefusal::ChallengeOpen { .. }
        )))
    ));
    assert_eq!(challenges_stored(&h).await, 1);
    let accepted = h.ok("bob", "accept").await;
    assert_eq!(to_move(&accepted).as_deref(), Some("alice"));
}

async fn a_menu_refuses_as_challenge_does_and_plays_the_computer_at_once(backend: Backend) {
    let h = Harness::new(backend).await;
    assert_eq!(
        h.refused("alice", "challenge-menu alice").await,
        UserError::Challenge(ChallengeRefusal::SelfChallenge)
    );
    assert_eq!(
        h.refused("alice", "challenge-menu robot").await,
        UserError::Challenge(ChallengeRefusal::ChallengeBot("robot".into()))
    );
    // On Namnam itself, the match starts at once.
    let started = h.ok("alice", "challenge-menu namnam").await;
    assert!(started.board.state.is_some(), "{}", started.text.plain());
    assert_eq!(challenges_stored(&h).await, 0);
}

/// In the bot's DM nobody but the challenger could answer a challenge: a challenge to a person there, one
/// open to anyone, and a member's menu on a person are refused, and nothing is stored; the computer
/// still plays there.
async fn in_the_bots_dm_only_the_computer_can_be_challenged(backend: Backend) {
    let h = Harness::new(backend).await;
    let dm = |line: &str| {
        let mut request = h.request("dm-alice", "alice", line);
        request.place = Place::BotDm {
            channel: channel_id("dm-alice"),
        };
        request.names.server = None;
        request
    };
    for line in ["challenge bob", "challenge", "challenge-menu bob"] {
        match h.core.try_handle(&dm(line)).await {
            Err(CoreError::User(UserError::Challenge(ChallengeRefusal::OnlyUsHere))) => {}
            other => panic!("{line}: {other:?}"),
        }
    }
    assert_eq!(challenges_stored(&h).await, 0);
    let started = h
        .core
        .try_handle(&dm("challenge opponent:namnam first:challenger"))
        .await
        .expect("the computer plays in the bot's DM");
    assert!(started.board.state.is_some(), "{}", started.text);
}

/// What would refuse Send refuses the menu at once, before any terms are chosen: a challenge to the same
/// person just declined, and another challenge open in the channel.
async fn a_menu_refuses_at_once_what_send_would_refuse(backend: Backend) {
    let h = Harness::new(backend).await;
    h.ok("alice", "challenge bob").await;
    h.ok("bob", "decline").await;
    match h.refused("alice", "challenge-menu bob").await {
        UserError::Challenge(ChallengeRefusal::ChallengeTooSoon { name, .. }) => {
            assert_eq!(name, "bob")
        }
        other => panic!("{other:?}"),
    }
    h.ok("carol", "challenge dave").await;
    match h.refused("alice", "challenge-menu erin").await {
        UserError::Challenge(ChallengeRefusal::ChallengeOpen { challenger, .. }) => {
            assert_eq!(challenger, "carol")
        }
        other => panic!("{other:?}"),
    }
}

on_both_backends!(
    a_menu_refuses_at_once_what_send_would_refuse,
    a_menu_draft_changes_its_terms_in_place_then_sends_the_challenge,
    a_menu_refuses_as_challenge_does_and_plays_the_computer_at_once,
    in_the_bots_dm_only_the_computer_can_be_challenged,
);
