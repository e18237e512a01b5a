//! The daily puzzle on Discord: an admin names the channel, the bot posts one puzzle a day there by
//! itself (pinging nobody), anyone opens it privately with its button, and the next day's post tells how
//! the day before's went.

use crate::abuse::notified;
use crate::checks::{button_ids, ephemeral_text, posted};
use crate::fixture::{alice, carol_the_admin, Fixture, DUEL, GENERAL};
use crate::payload::Options;
use crate::support::fake_discord::FakeDiscord;
use namnam_core::ActionId;
use namnam_model::ServerId;

const DAY_SECS: i64 = 86_400;

fn daily_button(message: &crate::support::fake_discord::Message) -> String {
    button_ids(message)
        .into_iter()
        .find(|id| matches!(id.parse(), Ok(ActionId::DailyPuzzle { .. })))
        .expect("the post's button")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_daily_puzzle_is_posted_in_the_channel_an_admin_names() {
    let (fx, bot, store) = Fixture::table("daily-puzzle.db").await;
    let fake = &fx.fake;
    let said = fx
        .private_answer(
            &carol_the_admin(),
            GENERAL,
            "admin",
            Options::new().sub("settings", Options::new().channel("daily-puzzle", DUEL)),
        )
        .await;
    assert!(said.contains("daily puzzle: in <#"), "{said}");

    // The sweep posts it in #duel, by itself, pinging nobody.
    let post = fake
        .wait_for("the daily puzzle in #duel", |s| {
            posted(s, DUEL, "Daily puzzle** of ")
        })
        .await;
    assert!(notified(&post).is_empty(), "{:?}", post.allowed_mentions);
    let id = fake
        .state()
        .messages
        .iter()
        .find(|(_, m)| m.channel_id == DUEL && m.content().contains("Daily puzzle"))
        .map(|(id, _)| *id)
        .expect("the post's id");

    // alice opens it: only she sees it, with a button per legal house; she finds the move.
    let key = namnam_store::daily_puzzles_of(store.reader(), ServerId(FakeDiscord::GUILD_ID))
        .await
        .unwrap()[0]
        .puzzle
        .clone();
    let puzzle = namnam_ai::puzzles::built_in()
        .into_iter()
        .find(|p| p.source.to_string() == key)
        .expect("a built-in puzzle")
        // The daily puzzle shows a puzzle of the shipped set with the sides swapped.
        .with_sides_swapped();
    let opened = fake.press(&alice(), id, &daily_button(&post));
    let words = ephemeral_text(&fake.callback(&opened).await);
    assert!(words.contains("The daily puzzle of "), "{words}");
    let shown = fake.response(&opened).await;
    let mine = fake.interaction_state(&opened).original.unwrap();
    let best = button_ids(&shown)
        .into_iter()
        .find(|b| matches!(b.parse(), Ok(ActionId::PuzzleAnswer { house, .. }) if house == puzzle.best))
        .expect("the best house's button");
    fx.clock().advance_secs(120);
    let sent = fake.press(&alice(), mine, &best);
    assert_eq!(
        fake.callback(&sent).await["type"],
        7,
        "the verdict in place"
    );
    let verdict = fake.state().messages[&mine].clone();
    assert!(
        verdict.content().starts_with("**Right**"),
        "{}",
        verdict.content()
    );

    // The next day: one more post, with the day before's tally.
    fx.clock().advance_secs(DAY_SECS);
    let next = fake
        .wait_for("the next day's puzzle", |s| {
            posted(s, DUEL, "Yesterday's puzzle")
        })
        .await;
    assert!(
        next.content().contains("Daily puzzle** of "),
        "{}",
        next.content()
    );
    let posts = fake
        .state()
        .messages
        .values()
        .filter(|m| m.channel_id == DUEL && !m.ephemeral && m.content().contains("Daily puzzle"))
        .count();
    assert_eq!(posts, 2, "one a day");
    fx.close(bot, store).await;
}
