//! Fair clocks through outages, on the hand-moved clock: a bot that was down for two hours, a gateway that
//! Discord cannot serve for three, and a server that Discord marks unavailable. Nobody loses on time for
//! them: the match is alive afterwards, its deadline moved by the outage's length, and its board says so
//! once.

use std::time::Duration;

use namnam::store::{MatchState, Store};

use crate::checks::{assert_pings_only, board_match, button_ids, house_ids, posted, stored_match};
use crate::fixture::{alice, bob, Fixture, DUEL};
use crate::payload::Options;
use crate::support::fake_discord::{FakeDiscord, Message};

const HOUR: i64 = 3600;

/// A five-minute clock, the challenger first.
fn five_minutes() -> Options {
    Options::new().int("clock", 0).int("first", 0)
}

/// alice challenges bob in #duel with a five-minute clock and bob accepts: alice's clock runs. Returns
/// the match and its first board.
async fn alice_to_move(fx: &Fixture) -> (i64, Message) {
    let (id, message) = fx.challenge(&alice(), &bob(), DUEL, five_minutes()).await;
    let (_, board) = fx.press_public(&bob(), id, &button_ids(&message)[0]).await;
    (board_match(&board), board)
}

/// Waits for the announcement of a paused clock in #duel.
async fn announcement(fake: &FakeDiscord, words: &str) -> (u64, Message) {
    fake.wait_for("the paused clock's announcement", |s| {
        let m = posted(s, DUEL, words)?;
        let id = m.json["id"].as_str()?.parse().ok()?;
        Some((id, m))
    })
    .await
}

/// The match is still alive once the grace is over and the old deadline long gone: the sweeps of the
/// hand-moved clock time nothing out.
async fn still_alive(fx: &Fixture, store: &Store, match_id: i64) {
    // Past the grace, within the moved deadline.
    fx.clock().advance_secs(4 * 60);
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(
        stored_match(store, match_id).await.state,
        MatchState::Active
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn downtime_outage_after_restart_moves_the_deadline_and_says_so() {
    let (fx, bot, store) = Fixture::table("downtime.db").await;
    let (fake, clock) = (&fx.fake, fx.clock());
    let (match_id, _) = alice_to_move(&fx).await;
    let deadline = stored_match(&store, match_id).await.deadline.unwrap();

    // The bot is down for two hours; alice's five minutes passed long ago when it comes back.
    bot.stop().await;
    clock.advance_secs(2 * HOUR);
    let bot = fx.start_bot("downtime.db");
    let (board_id, board) = announcement(
        fake,
        "The clock was paused for 2 h while the bot was offline.",
    )
    .await;
    assert_pings_only(&board, alice().id);
    assert!(!board.files.is_empty(), "the board is shown again");
    let row = stored_match(&store, match_id).await;
    assert_eq!(row.state, MatchState::Active);
    assert_eq!(row.deadline, Some(deadline + 2 * HOUR * 1000));
    assert!(
        board
            .content()
            .contains(&format!("<t:{}:", row.deadline.unwrap() / 1000)),
        "the moved deadline is shown: {}",
        board.content()
    );
    still_alive(&fx, &store, match_id).await;

    // Its buttons play.
    let (_, after) = fx
        .press_public(&alice(), board_id, &house_ids(&board)[0])
        .await;
    assert_pings_only(&after, bob().id);
    fx.close(bot, store).await;
}
