//! A challenge open to anyone: `/challenge` without an opponent pings nobody and offers Accept and Cancel;
//! its challenger's own Accept is refused; bob and carol press Accept at once and one of them plays, the
//! other told privately it is taken. (Two processes accepting at once are tested on the core,
//! `crates/core/tests/core/open_challenges.rs`: Discord sends a channel's interactions to one shard.)

use crate::checks::{assert_public, board_match, button_ids, ephemeral_text, stored_match};
use crate::fixture::{alice, bob, carol_the_admin, Fixture, GENERAL};
use crate::payload::Options;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn open_challenge_is_taken_by_one_of_two_pressing_accept_at_once() {
    let (fx, bot, store) = Fixture::table("open-challenge.db").await;
    let fake = &fx.fake;
    let sent = fx.run(&alice(), GENERAL, "challenge", Options::new());
    assert_public(&fake.callback(&sent).await);
    let challenge = fake.response(&sent).await;
    let id = fake.interaction_state(&sent).original.unwrap();
    assert!(!challenge.content().starts_with("<@"), "it pings nobody");
    let buttons = button_ids(&challenge);
    assert_eq!(buttons.len(), 2, "accept and cancel: {buttons:?}");

    // Her own: refused privately, pointing her to /cancel.
    let own = fx.press_refused(&alice(), id, &buttons[0]).await;
    assert!(own.contains("</cancel:"), "{own}");

    // bob and carol at once: both presses are sent before either is answered.
    let by_bob = fake.press(&bob(), id, &buttons[0]);
    let by_carol = fake.press(&carol_the_admin(), id, &buttons[0]);
    let (bob_answer, carol_answer) = (fake.callback(&by_bob).await, fake.callback(&by_carol).await);
    let refused = |callback: &serde_json::Value| {
        callback["type"] == 4 && callback["data"]["flags"].as_u64().unwrap_or(0) & 64 == 64
    };
    let (winner, loser) = match (refused(&bob_answer), refused(&carol_answer)) {
        (false, true) => (&by_bob, carol_answer),
        (true, false) => (&by_carol, bob_answer),
        _ => panic!("one plays, one is refused: {bob_answer} / {carol_answer}"),
    };
    let _ = ephemeral_text(&loser);
    let (_, board) = fx.public_answer(winner).await;
    let row = stored_match(&store, board_match(&board)).await;
    let players: [namnam_model::UserId; 2] = row.players.into();
    assert!(
        players.contains(&namnam_model::UserId(alice().id)),
        "{players:?}"
    );
    let matches: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM matches")
        .fetch_one(store.reader())
        .await
        .unwrap();
    assert_eq!(matches, 1, "one match");
    fx.close(bot, store).await;
}
