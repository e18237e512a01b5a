//! Answers that came late enough to be deferred: a command's "thinking…" placeholder stays until something
//! has replaced it, so that whoever asked sees the answer or a word, even when Discord turns the follow-up
//! that was to carry the answer away.

use std::time::Duration;

use namnam_model::MatchId;

use crate::checks::{board_match, button_ids, stored_match};
use crate::fixture::{alice, bob, Fixture, GENERAL};
use crate::payload::Options;
use crate::support::fake_discord::{Fault, Message, Sent};

/// How old the gateway delivers the late command: past the 2 s after which the bot defers, within the 3 s
/// Discord gives the first response.
const LATE: Duration = Duration::from_millis(2_600);

/// A match of alice and bob in #general; its id.
async fn a_match(fx: &Fixture) -> MatchId {
    let terms = Options::new().int("clock", 0).int("first", 0);
    let (id, challenge) = fx.challenge(&alice(), &bob(), GENERAL, terms).await;
    let (_, board) = fx
        .press_public(&bob(), id, &button_ids(&challenge)[0])
        .await;
    MatchId(board_match(&board).0)
}

/// `who` runs `/name` in #general, delivered [`LATE`].
fn late(fx: &Fixture, who: &crate::support::fake_discord::Person, name: &str) -> Sent {
    let options = Options::new();
    fx.fake
        .invoke_with_lag(who, GENERAL, name, options.json(), options.resolved(), LATE)
}

/// Waits until the deferred answer's placeholder is settled: replaced by an edit (returned), or removed
/// (`None`) once a follow-up was tried.
async fn placeholder_settled(fx: &Fixture, sent: &Sent) -> Option<Message> {
    let fake = &fx.fake;
    let callback = fake.callback(sent).await;
    assert_eq!(callback["type"], 5, "deferred: {callback}");
    fake.wait_for("the placeholder replaced or removed", |s| {
        let interaction = &s.interactions[&sent.token];
        let original = interaction.original?;
        match s.messages.get(&original) {
            Some(m) if m.edits > 0 => Some(Some(m.clone())),
            Some(_) => None,
            None => Some(None),
        }
    })
    .await
}

/// The follow-up requests of `sent`, and what they were answered.
fn follow_ups(fx: &Fixture, sent: &Sent) -> Vec<u16> {
    fx.fake
        .requests()
        .iter()
        .filter(|r| r.template == "POST /webhooks/{id}/{token}" && r.path.contains(&sent.token))
        .map(|r| r.status)
        .collect()
}

/// A `/board` that arrives 2.6 s old behind a REST proxy (a 429 comes back to the bot): the bot defers,
/// and the follow-up with the board is turned away with a 429. The placeholder is not removed: the board
/// takes its place, so alice sees it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_late_board_turned_away_takes_the_placeholders_place() {
    let (fx, bot, store) = Fixture::proxied_table("deferred-board.db").await;
    let match_id = a_match(&fx).await;
    let row = stored_match(&store, match_id).await;

    fx.fake
        .fail_next("POST /webhooks/{id}/{token}", Fault::RateLimited);
    let asked = late(&fx, &alice(), "board");
    let shown = placeholder_settled(&fx, &asked)
        .await
        .expect("the placeholder is replaced, not removed");
    assert_eq!(
        follow_ups(&fx, &asked),
        [429],
        "the follow-up was turned away"
    );
    assert!(!shown.ephemeral);
    let file = |f: &crate::support::fake_discord::File| {
        namnam_discord::reply::is_board_file(&f.filename, match_id, row.version)
    };
    assert!(shown.files.iter().any(file), "the board in the placeholder");
    assert!(!button_ids(&shown).is_empty(), "with its buttons");
    fx.close(bot, store).await;
}

/// A `/matches` (a private answer) that arrives late, whose follow-up gets a 500: what was private cannot
/// go in the public placeholder, and Discord may have shown it, so a word takes the placeholder's place.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_late_private_answer_that_failed_leaves_a_word() {
    let (fx, bot, store) = Fixture::table("deferred-private.db").await;
    a_match(&fx).await;

    fx.fake
        .fail_next("POST /webhooks/{id}/{token}", Fault::ServerError(500));
    let asked = late(&fx, &alice(), "matches");
    let word = placeholder_settled(&fx, &asked)
        .await
        .expect("the placeholder is replaced, not removed");
    assert_eq!(follow_ups(&fx, &asked), [500]);
    assert_eq!(
        word.content(),
        "Discord may not have taken my answer: if you do not see it, please ask again."
    );
    assert!(word.files.is_empty() && button_ids(&word).is_empty());
    fx.close(bot, store).await;
}

/// A late `/move` whose follow-up gets a 500: the move is stored, its board may have been shown, and the
/// poster will look for it; the placeholder says that the move was recorded.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_late_move_that_failed_says_it_was_recorded() {
    let (fx, bot, store) = Fixture::table("deferred-move.db").await;
    let match_id = a_match(&fx).await;
    let before = stored_match(&store, match_id).await;

    fx.fake
        .fail_next("POST /webhooks/{id}/{token}", Fault::ServerError(500));
    let options = Options::new().int("house", 1);
    let asked = fx.fake.invoke_with_lag(
        &alice(),
        GENERAL,
        "move",
        options.json(),
        options.resolved(),
        LATE,
    );
    let word = placeholder_settled(&fx, &asked)
        .await
        .expect("the placeholder is replaced, not removed");
    assert!(stored_match(&store, match_id).await.version > before.version);
    assert!(
        word.content()
            .starts_with("Your move was recorded, but Discord did not take my answer"),
        "{}",
        word.content()
    );
    fx.close(bot, store).await;
}
