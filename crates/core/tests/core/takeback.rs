//! Taking back a move through the core: asked by the player who just moved, accepted or declined by the
//! opponent (or withdrawn), with the position, the turn and the mover's time given back; out of date once
//! anyone moves, refused across a round's end, against the computer, to anyone but the players, and twice.

use crate::common::*;
use namnam_core::{ActionId, CoreError, Reply, UserError, Via};
use namnam_core::{MatchRefusal, PlayRefusal};
use namnam_game::Player;
use namnam_model::MatchId;
use namnam_store::{self as store, MatchRow};

const MINUTE: i64 = 60_000;

async fn stored(h: &Harness, match_id: MatchId) -> MatchRow {
    store::load_match(h.core.store().reader(), match_id)
        .await
        .expect("the match loads")
        .expect("the match is stored")
}

async fn moves_stored(h: &Harness, match_id: MatchId) -> usize {
    store::match_moves(h.core.store().reader(), match_id)
        .await
        .expect("the moves load")
        .len()
}

fn match_of(reply: &Reply) -> MatchId {
    reply.board.state.as_ref().expect("a board").match_id
}

/// The button of `reply` that `pick` picks.
fn button(reply: &Reply, pick: impl Fn(&ActionId) -> bool) -> ActionId {
    reply
        .buttons
        .actions
        .iter()
        .map(|a| a.id)
        .find(|id| pick(id))
        .unwrap_or_else(|| panic!("no such button among {:?}", reply.buttons.actions))
}

fn first_house_button(reply: &Reply) -> ActionId {
    button(reply, |id| matches!(id, ActionId::Move { .. }))
}

fn takeback_button(reply: &Reply) -> ActionId {
    button(reply, |id| matches!(id, ActionId::Takeback { .. }))
}

fn decline_button(reply: &Reply) -> ActionId {
    button(reply, |id| matches!(id, ActionId::TakebackDecline { .. }))
}

fn has_takeback_button(reply: &Reply) -> bool {
    reply
        .buttons
        .actions
        .iter()
        .any(|a| matches!(a.id, ActionId::Takeback { .. }))
}

/// A refusal for a press, or a panic.
fn refusal(result: Result<Reply, CoreError>) -> UserError {
    match result {
        Ok(reply) => panic!("accepted: {}", reply.text),
        Err(CoreError::User(e)) => e,
        Err(CoreError::Internal(e)) => panic!("failed inside: {e:?}"),
    }
}

async fn asking_and_accepting_restores_the_position_the_turn_and_the_deadline(backend: Backend) {
    let h = Harness::with_outbox(backend).await;
    let start = h
        .start_match("general", "alice", "bob", "first:challenger clock:2h")
        .await;
    let id = match_of(&start);
    let before = stored(&h, MatchId(id.0)).await;
    assert_eq!((before.moves_played, before.turns), (0, 0));

    // alice plays with an hour and a half of her two hours left.
    h.clock.advance_secs(30 * 60);
    let moved = h.ok("alice", "move house:3").await;
    assert!(has_takeback_button(&moved), "the mover may take it back");
    let after_move = stored(&h, MatchId(id.0)).await;
    assert_eq!((after_move.moves_played, after_move.turns), (1, 1));

    // Ten minutes later she asks: said in public, bob pinged, with buttons to answer.
    h.clock.advance_secs(10 * 60);
    let asked = h.ok("alice", "takeback").await;
    assert!(!asked.is_private());
    assert!(
        asked
            .text
            .plain()
            .contains("alice asks to take back their move (house 3)"),
        "{}",
        asked.text
    );
    assert_eq!(asked.notify(), vec![namnam_model::UserId::of_name("bob")]);
    assert!(
        asked.follows.post.is_some(),
        "stored in the outbox with the request"
    );
    assert_eq!(
        asked
            .buttons
            .actions
            .iter()
            .map(|a| a.label.plain())
            .collect::<Vec<_>>(),
        ["Accept the takeback", "Decline"]
    );
    let requested = stored(&h, MatchId(id.0)).await;
    assert_eq!(requested.takeback_request, Some(Player::South));
    assert_eq!(requested.turns, 1, "asking is no turn");
    assert!(h
        .ok("carol", "board")
        .await
        .text
        .plain()
        .contains("alice has asked to take back their last move."));

    // bob offers a draw, then accepts the takeback: the offer lapses with it.
    h.ok("bob", "draw").await;
    h.clock.advance_secs(5 * 60);
    let now = START_MS + 45 * MINUTE;
    let accepted = h.ok("bob", "takeback").await;
    assert!(
        accepted
            .text
            .plain()
            .contains("bob accepts: alice's move (house 3) is taken back."),
        "{}",
        accepted.text
    );
    assert!(
        accepted.follows.post.is_some(),
        "the board is stored in the outbox"
    );
    assert!(accepted.board.picture.is_some(), "the board is drawn");
    let board = accepted.board.state.as_ref().expect("the board is shown");
    assert_eq!(
        board.position,
        *before.game.position(),
        "the board before the move"
    );
    assert_eq!(board.round, 1);
    assert_eq!(to_move(&accepted).as_deref(), Some("alice"));
    assert_eq!(
        accepted.notify(),
        vec![namnam_model::UserId::of_name("alice")]
    );
    // alice gets back the hour and a half she had left, counted from the acceptance.
    assert_eq!(accepted.board.deadline_ms, Some(now + 90 * MINUTE));
    let row = stored(&h, MatchId(id.0)).await;
    assert_eq!(row.game, before.game, "the match before the move");
    assert_eq!((row.moves_played, row.turns), (0, 2));
    assert_eq!(row.deadline(), Some(now + 90 * MINUTE));
    assert_eq!(
        row.remind_at,
        Some(now + 60 * MINUTE),
        "a quarter of the clock before"
    );
    assert_eq!((row.takeback_request, row.draw_offer), (None, None));
    assert_eq!(row.last_move, None);
    assert_eq!(
        moves_stored(&h, MatchId(id.0)).await,
        0,
        "the move is deleted"
    );
    assert!(!has_takeback_button(&accepted), "no move left to take back");
    assert!(matches!(
        first_house_button(&accepted),
        ActionId::Move { turn: 3, .. }
    ));

    // She plays another house, which is stored as move 1.
    let house = legal_houses(&accepted)
        .into_iter()
        .find(|&l| l != 3)
        .expect("another house");
    h.ok("alice", &format!("move house:{house}")).await;
    let moves = store::match_moves(h.core.store().reader(), MatchId(id.0))
        .await
        .unwrap();
    assert_eq!(moves.len(), 1);
    assert_eq!((moves[0].ply, moves[0].house), (1, house));
    assert_eq!(stored(&h, MatchId(id.0)).await.turns, 3);
}

/// bob moves, then alice: the first legal house each.
async fn next_moves(h: &Harness, mut reply: Reply) -> Reply {
    for player in ["bob", "alice"] {
        let house = legal_houses(&reply)[0];
        reply = h.ok(player, &format!("move house:{house}")).await;
    }
    reply
}

async fn a_declined_takeback_keeps_the_move(backend: Backend) {
    let h = Harness::new(backend).await;
    let start = h
        .start_match("general", "alice", "bob", "first:challenger")
        .await;
    let id = match_of(&start);
    let moved = h.ok("alice", "move house:3").await;
    let asked = h.ok("alice", "takeback").await;

    // bob declines with the button: said in public, and alice is told.
    let declined = h.press("bob", decline_button(&asked)).await.unwrap();
    assert!(!declined.is_private());
    assert!(
        declined
            .text
            .plain()
            .contains("bob declines: alice's move stands."),
        "{}",
        declined.text
    );
    assert_eq!(
        declined.notify(),
        vec![namnam_model::UserId::of_name("alice")]
    );
    let row = stored(&h, MatchId(id.0)).await;
    assert_eq!((row.moves_played, row.turns), (1, 1));
    assert_eq!(row.takeback_request, None);
    assert_eq!(
        row.game.position(),
        &moved.board.state.as_ref().unwrap().position
    );
    // Nothing is left to accept: the button now asks for bob, whose move the last is not.
    assert_eq!(
        refusal(h.press("bob", takeback_button(&asked)).await),
        UserError::Play(PlayRefusal::TakebackNotYours("alice".into()))
    );
    assert_eq!(
        refusal(h.press("bob", decline_button(&asked)).await),
        UserError::Play(PlayRefusal::NoTakebackRequest)
    );

    // One request per move: asking again would ping bob again.
    assert_eq!(
        h.refused("alice", "takeback").await,
        UserError::Play(PlayRefusal::TakebackOncePerMove("bob".into()))
    );

    // After the next moves, asked again, bob declines with the command; after the next, asked once more,
    // alice withdraws it.
    let moved = next_moves(&h, moved).await;
    h.ok("alice", "takeback").await;
    let declined = h.ok("bob", "takeback decline:yes").await;
    assert!(
        declined.text.has_message("takeback-declined"),
        "{}",
        declined.text
    );
    next_moves(&h, moved).await;
    h.ok("alice", "takeback").await;
    let withdrawn = h.ok("alice", "takeback decline:yes").await;
    assert!(
        withdrawn
            .text
            .plain()
            .contains("alice withdraws the request to take back their move."),
        "{}",
        withdrawn.text
    );
    assert_eq!(
        h.refused("bob", "takeback decline:yes").await,
        UserError::Play(PlayRefusal::NoTakebackRequest)
    );
    let row = stored(&h, MatchId(id.0)).await;
    assert_eq!(
        (row.moves_played, row.turns, row.takeback_request),
        (5, 5, None)
    );
    assert_eq!(moves_stored(&h, MatchId(id.0)).await, 5);
    assert_eq!(
        to_move(&h.ok("carol", "board").await).as_deref(),
        Some("bob")
    );
}

async fn buttons_from_before_and_after_the_taken_back_move_are_stale(backend: Backend) {
    let h = Harness::new(backend).await;
    let start = h
        .start_match("general", "alice", "bob", "first:challenger")
        .await;
    let id = match_of(&start);
    // The board before the move: alice's houses, on turn 1.
    let before = first_house_button(&start);
    assert!(matches!(before, ActionId::Move { turn: 1, .. }));
    let moved = h.press("alice", before).await.expect("alice moves");
    // The board after it: bob's houses and alice's Take back, on turn 2.
    let after = first_house_button(&moved);
    let take_back = takeback_button(&moved);
    assert!(matches!(after, ActionId::Move { turn: 2, .. }));
    assert!(matches!(take_back, ActionId::Takeback { turn: 2, .. }));
    let asked = h.press("alice", take_back).await.expect("alice asks");
    let accepted = h
        .press("bob", takeback_button(&asked))
        .await
        .expect("bob accepts");
    assert_eq!(to_move(&accepted).as_deref(), Some("alice"));
    let row = stored(&h, MatchId(id.0)).await;

    // The position is the one before the move again, with alice to move: her old button would play it,
    // but its turn has gone by. bob's buttons, alice's Take back and the request's are stale too.
    for (who, stale) in [
        ("alice", before),
        ("bob", after),
        ("alice", take_back),
        ("bob", takeback_button(&asked)),
        ("bob", decline_button(&asked)),
    ] {
        assert_eq!(
            refusal(h.press(who, stale).await),
            UserError::Match(MatchRefusal::Stale),
            "{who} pressing {stale}"
        );
    }
    assert_eq!(stored(&h, MatchId(id.0)).await, row, "nothing changed");
    assert_eq!(moves_stored(&h, MatchId(id.0)).await, 0);

    // The new board's buttons play.
    let played = h
        .press("alice", first_house_button(&accepted))
        .await
        .expect("the new board's button plays");
    assert_eq!(to_move(&played).as_deref(), Some("bob"));
    assert_eq!(stored(&h, MatchId(id.0)).await.turns, 3);
}

async fn a_move_that_ended_a_round_cannot_be_taken_back(backend: Backend) {
    let h = Harness::new(backend).await;
    let mut reply = h
        .start_match(
            "general",
            "alice",
            "bob",
            "first:challenger target:none rounds:2",
        )
        .await;
    let id = match_of(&reply);
    let mut rng = namnam_game::rng::SeededRng::new(11);
    let mover = loop {
        let player = to_move(&reply).expect("round 1 ends before the match does");
        let legal = legal_houses(&reply);
        reply = h
            .ok(
                &player,
                &format!("move house:{}", legal[rng.below(legal.len())]),
            )
            .await;
        if reply.text.plain().contains("Round 1 is over") {
            break player;
        }
    };
    assert!(
        !has_takeback_button(&reply),
        "no Take back after a round's end"
    );
    let row = stored(&h, MatchId(id.0)).await;
    assert_eq!(
        h.refused(&mover, "takeback").await,
        UserError::Play(PlayRefusal::TakebackAcrossRounds(1))
    );
    assert_eq!(stored(&h, MatchId(id.0)).await, row, "nothing changed");

    // The first move of round 2 may be taken back again.
    let player = to_move(&reply).unwrap();
    let moved = h
        .ok(&player, &format!("move house:{}", legal_houses(&reply)[0]))
        .await;
    assert!(has_takeback_button(&moved));
    h.ok(&player, "takeback").await;
    let other = if player == "alice" { "bob" } else { "alice" };
    let accepted = h.ok(other, "takeback").await;
    assert_eq!(
        accepted.board.state.as_ref().unwrap().position,
        *row.game.position()
    );
    assert_eq!(stored(&h, MatchId(id.0)).await.game, row.game);
}

async fn not_against_the_computer(backend: Backend) {
    let h = Harness::new(backend).await;
    let start = h
        .ok(
            "alice",
            "challenge opponent:namnam level:1 first:challenger",
        )
        .await;
    let id = match_of(&start);
    let moved = h.ok("alice", "move house:3").await;
    assert!(
        !has_takeback_button(&moved),
        "no Take back against the computer"
    );
    assert_eq!(
        h.refused("alice", "takeback").await,
        UserError::Play(PlayRefusal::ComputerNoTakeback("namnam".into()))
    );
    let answered = h
        .core
        .computer_turn(
            moved.follows.computer_turn.expect("the computer's turn"),
            Via::Answer,
        )
        .await
        .unwrap()
        .unwrap();
    assert!(!has_takeback_button(&answered));
    let row = stored(&h, MatchId(id.0)).await;
    assert_eq!(
        h.refused("alice", "takeback").await,
        UserError::Play(PlayRefusal::ComputerNoTakeback("namnam".into()))
    );
    // Said in the player's words, with a way on.
    let words = UserError::Play(PlayRefusal::ComputerNoTakeback("namnam".into()))
        .text()
        .plain();
    assert!(words.contains("resign"), "{words}");
    assert_eq!(stored(&h, MatchId(id.0)).await, row);
}

async fn the_request_lapses_with_the_opponents_move(backend: Backend) {
    let h = Harness::new(backend).await;
    let start = h
        .start_match("general", "alice", "bob", "first:challenger")
        .await;
    let id = match_of(&start);
    h.ok("alice", "move house:3").await;
    let asked = h.ok("alice", "takeback").await;
    let board = h.ok("carol", "board").await;
    let moved = h
        .ok("bob", &format!("move house:{}", legal_houses(&board)[0]))
        .await;
    assert!(
        !moved.text.plain().contains("asked to take back"),
        "{}",
        moved.text
    );
    let row = stored(&h, MatchId(id.0)).await;
    assert_eq!(row.takeback_request, None);
    assert_eq!((row.moves_played, row.turns), (2, 2));
    // The request's buttons are out of date, and alice's move is no longer the last.
    assert_eq!(
        refusal(h.press("bob", takeback_button(&asked)).await),
        UserError::Match(MatchRefusal::Stale)
    );
    assert_eq!(
        h.refused("bob", "takeback decline:yes").await,
        UserError::Play(PlayRefusal::NoTakebackRequest)
    );
    assert_eq!(
        h.refused("alice", "takeback").await,
        UserError::Play(PlayRefusal::TakebackNotYours("bob".into()))
    );
    assert_eq!(stored(&h, MatchId(id.0)).await, row);
}

async fn only_the_players_may_act(backend: Backend) {
    let h = Harness::new(backend).await;
    let start = h
        .start_match("general", "alice", "bob", "first:challenger")
        .await;
    let id = match_of(&start);
    let moved = h.ok("alice", "move house:3").await;
    let not_a_player = UserError::Match(MatchRefusal::NotAPlayer("alice".into(), "bob".into()));
    assert_eq!(h.refused("carol", "takeback").await, not_a_player);
    assert_eq!(
        refusal(h.press("carol", takeback_button(&moved)).await),
        not_a_player
    );
    let asked = h.ok("alice", "takeback").await;
    let row = stored(&h, MatchId(id.0)).await;
    assert_eq!(h.refused("carol", "takeback").await, not_a_player);
    assert_eq!(
        h.refused("carol", "takeback decline:yes").await,
        not_a_player
    );
    for stranger in [takeback_button(&asked), decline_button(&asked)] {
        assert_eq!(refusal(h.press("carol", stranger).await), not_a_player);
    }
    assert_eq!(stored(&h, MatchId(id.0)).await, row, "nothing changed");
    // Elsewhere there is no match to take anything back in.
    assert_eq!(
        h.refused_in("lobby", "alice", "takeback").await,
        UserError::Match(MatchRefusal::NoMatch)
    );
}

async fn asking_twice_or_out_of_turn_is_refused(backend: Backend) {
    let h = Harness::new(backend).await;
    let start = h
        .start_match("general", "alice", "bob", "first:challenger")
        .await;
    let id = match_of(&start);
    assert_eq!(
        h.refused("alice", "takeback").await,
        UserError::Play(PlayRefusal::NothingToTakeBack)
    );
    let moved = h.ok("alice", "move house:3").await;
    // bob has no move of his to take back: the last is alice's.
    assert_eq!(
        h.refused("bob", "takeback").await,
        UserError::Play(PlayRefusal::TakebackNotYours("alice".into()))
    );
    assert_eq!(
        refusal(h.press("bob", takeback_button(&moved)).await),
        UserError::Play(PlayRefusal::TakebackNotYours("alice".into()))
    );
    h.ok("alice", "takeback").await;
    let row = stored(&h, MatchId(id.0)).await;
    let twice = UserError::Play(PlayRefusal::TakebackAlreadyAsked("bob".into()));
    assert_eq!(h.refused("alice", "takeback").await, twice);
    assert_eq!(
        refusal(h.press("alice", takeback_button(&moved)).await),
        twice
    );
    let words = twice.text().plain();
    assert!(
        words.contains("`takeback`") && words.contains("`takeback decline:yes`"),
        "{words}"
    );
    assert_eq!(stored(&h, MatchId(id.0)).await, row, "nothing changed");
}

async fn not_once_the_match_is_over(backend: Backend) {
    let h = Harness::new(backend).await;
    h.start_match("general", "alice", "bob", "first:challenger")
        .await;
    let moved = h.ok("alice", "move house:3").await;
    let asked = h.ok("alice", "takeback").await;
    h.ok("bob", "resign confirm:yes").await;
    assert_eq!(
        h.refused("alice", "takeback").await,
        UserError::Match(MatchRefusal::NoMatch)
    );
    assert_eq!(
        h.refused("bob", "takeback").await,
        UserError::Match(MatchRefusal::NoMatch)
    );
    for late in [takeback_button(&moved), takeback_button(&asked)] {
        assert_eq!(
            refusal(h.press("bob", late).await),
            UserError::Match(MatchRefusal::Stale)
        );
    }
    let row = store::last_match_in_channel(
        h.core.store().reader(),
        namnam_model::Place::ServerChannel {
            server: SERVER,
            channel: channel_id("general"),
        },
    )
    .await
    .unwrap()
    .unwrap();
    assert_eq!((row.moves_played, row.takeback_request), (1, None));
}

on_both_backends!(
    asking_and_accepting_restores_the_position_the_turn_and_the_deadline,
    a_declined_takeback_keeps_the_move,
    buttons_from_before_and_after_the_taken_back_move_are_stale,
    a_move_that_ended_a_round_cannot_be_taken_back,
    not_against_the_computer,
    the_request_lapses_with_the_opponents_move,
    only_the_players_may_act,
    asking_twice_or_out_of_turn_is_refused,
    not_once_the_match_is_over,
);
