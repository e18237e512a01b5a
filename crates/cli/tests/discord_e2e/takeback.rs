//! A move taken back through Discord: alice moves with a button, asks with `/takeback` (in public, bob
//! pinged, with buttons to answer), bob presses Accept: the request's buttons go and the board from before
//! the move is posted again, and a move button of an older board is refused privately. Then a request made
//! with the board's Take back button, declined with its button.

use crate::checks::{
    assert_board_shows, assert_pings_only, assert_public, board_match, button_ids, house_ids,
    stored_match,
};
use crate::fixture::{alice, bob, Fixture, GENERAL};
use crate::payload::Options;
use namnam_model::MatchId;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_taken_back_with_the_command_and_the_buttons() {
    let (fx, bot, store) = Fixture::table("takeback.db").await;
    let fake = &fx.fake;

    let terms = Options::new()
        .int("first", 0) // challenger
        .int("clock", 2); // 1h
    let (challenge_id, challenge) = fx.challenge(&alice(), &bob(), GENERAL, terms).await;
    let (first_id, first_board) = fx
        .press_public(&bob(), challenge_id, &button_ids(&challenge)[0])
        .await;
    let match_id = board_match(&first_board);
    let before = stored_match(&store, MatchId(match_id.0)).await;

    // alice moves with a button of the first board; the board after it offers her a Take back.
    let old_button = house_ids(&first_board)[0].clone();
    let (moved_id, moved) = fx.press_public(&alice(), first_id, &old_button).await;
    assert!(
        button_ids(&moved).contains(&format!("nn:{match_id}:takeback:2")),
        "{:?}",
        button_ids(&moved)
    );

    // She asks with /takeback: said in public, bob pinged, with buttons to accept and to decline.
    let sent = fx.run(&alice(), GENERAL, "takeback", Options::new());
    assert_public(&fake.callback(&sent).await);
    let request = fake.response(&sent).await;
    let request_id = fake.interaction_state(&sent).original.unwrap();
    assert!(
        request
            .content()
            .contains("alice asks to take back their move"),
        "{}",
        request.content()
    );
    assert_pings_only(&request, bob().id);
    assert_eq!(
        button_ids(&request),
        [
            format!("nn:{match_id}:takeback:2"),
            format!("nn:{match_id}:takeback-no:2")
        ]
    );

    // bob presses Accept: the request's buttons go, and the board from before the move follows, alice to
    // move and pinged.
    let (taken_back_id, taken_back) = fx
        .press_public(&bob(), request_id, &button_ids(&request)[0])
        .await;
    let house = old_button.rsplit(':').next().unwrap();
    assert!(
        taken_back.content().contains(&format!(
            "bob accepts: alice's move (house {house}) is taken back."
        )),
        "{}",
        taken_back.content()
    );
    let row = stored_match(&store, MatchId(match_id.0)).await;
    assert_eq!(row.game, before.game, "the match before the move");
    assert_eq!((row.moves_played, row.turns), (0, 2));
    assert_board_shows(&taken_back, &row);
    assert_pings_only(&taken_back, alice().id);
    fake.wait_for("the request's buttons to go", |s| {
        s.messages[&request_id]
            .button_rows()
            .is_empty()
            .then_some(())
    })
    .await;

    // The first board's button would play the same house on the same position, but its turn has gone
    // by: refused privately, like bob's buttons of the board after the move. Nothing changes.
    let text = fx
        .press_removed_refused(&alice(), first_id, &old_button)
        .await;
    assert!(text.contains("out of date"), "{text}");
    let text = fx
        .press_refused(&bob(), moved_id, &house_ids(&moved)[0])
        .await;
    assert!(text.contains("out of date"), "{text}");
    assert_eq!(stored_match(&store, MatchId(match_id.0)).await, row);

    // alice plays again from the new board, asks with its Take back button (a new message: the board
    // keeps its buttons), and bob declines with the request's button: its buttons go, the move stands.
    let (again_id, again) = fx
        .press_public(&alice(), taken_back_id, &house_ids(&taken_back)[0])
        .await;
    let take_back = format!("nn:{match_id}:takeback:4");
    assert!(
        button_ids(&again).contains(&take_back),
        "{:?}",
        button_ids(&again)
    );
    let (asked_id, asked) = fx.press_public(&alice(), again_id, &take_back).await;
    assert!(
        asked.content().contains("asks to take back"),
        "{}",
        asked.content()
    );
    assert!(
        !fake.state().messages[&again_id].button_rows().is_empty(),
        "asking leaves the board's buttons"
    );
    let (_, declined) = fx
        .press_public(&bob(), asked_id, &button_ids(&asked)[1])
        .await;
    assert!(
        declined.content().contains("bob declines"),
        "{}",
        declined.content()
    );
    assert_pings_only(&declined, alice().id);
    let row = stored_match(&store, MatchId(match_id.0)).await;
    assert_eq!(
        (row.moves_played, row.turns, row.takeback_request),
        (1, 3, None)
    );
    // bob plays on with the board's buttons.
    let (_, next) = fx
        .press_public(&bob(), again_id, &house_ids(&again)[0])
        .await;
    assert_board_shows(&next, &stored_match(&store, MatchId(match_id.0)).await);

    fx.close(bot, store).await;
}
