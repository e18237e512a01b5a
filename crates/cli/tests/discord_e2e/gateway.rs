//! The gateway as hostile as Discord's: the bot resumes after op 7 Reconnect, after op 9 Invalid Session
//! (resumable), and after its socket is dropped, with the events it missed replayed; it identifies again
//! after op 9 (not resumable) and after an outage; it keeps working when its server goes unavailable and
//! comes back. After each, it still answers.
//!
//! A re-identify costs time: serenity's shard manager waits 5 s for the shard runner that asked for it to
//! shut down (it cannot: it is the one waiting), and its queuer leaves 5 s between two starts. So each
//! test identifies again at most once.

use std::panic::{catch_unwind, AssertUnwindSafe};

use crate::checks::ephemeral_text;
use crate::fixture::{alice, bob, Fixture, GENERAL};
use crate::payload::Options;
use crate::support::fake_discord::{FakeDiscord, Sent};

/// The bot answers /help, privately.
async fn answers_help(fx: &Fixture) {
    let sent = fx.run(&bob(), GENERAL, "help", Options::new());
    assert_help(fx, &sent).await;
}

async fn assert_help(fx: &Fixture, sent: &Sent) {
    let text = ephemeral_text(&fx.fake.callback(sent).await);
    assert!(text.contains("/move house:3"), "{text}");
}

/// The gateway's counters: (connections, identifies, resumes).
fn counters(fake: &FakeDiscord) -> (usize, usize, usize) {
    let state = fake.state();
    (state.connections, state.identifies, state.resumes)
}

/// Whether running /help now panics in the fake: Discord could not dispatch it.
fn help_is_impossible(fx: &Fixture) -> bool {
    catch_unwind(AssertUnwindSafe(|| {
        fx.run(&alice(), GENERAL, "help", Options::new())
    }))
    .is_err()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn after_op_7_reconnect_the_bot_resumes() {
    let (fx, bot, store) = Fixture::table("reconnect.db").await;
    let fake = &fx.fake;
    assert_eq!(counters(fake), (1, 1, 0));
    fake.request_reconnect();
    fake.wait_resumed(1).await;
    assert_eq!(counters(fake), (2, 1, 1), "a new connection, resumed");
    answers_help(&fx).await;
    fx.close(bot, store).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn after_a_resumable_invalid_session_the_bot_resumes() {
    let (fx, bot, store) = Fixture::table("resumable.db").await;
    let fake = &fx.fake;
    fake.invalidate_session(true);
    fake.wait_resumed(1).await;
    assert_eq!(counters(fake), (2, 1, 1));
    answers_help(&fx).await;
    fx.close(bot, store).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn after_an_invalid_session_the_bot_identifies_again() {
    let (fx, bot, store) = Fixture::table("invalid.db").await;
    let fake = &fx.fake;
    fake.invalidate_session(false);
    fake.wait_identified(2).await;
    let (_, identifies, resumes) = counters(fake);
    assert_eq!((identifies, resumes), (2, 0), "a new session, not a resume");
    answers_help(&fx).await;
    assert_eq!(
        fake.state().registrations,
        1,
        "no registration on a new session"
    );
    fx.close(bot, store).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn after_a_dropped_socket_the_bot_resumes_and_answers_what_came_meanwhile() {
    let (fx, bot, store) = Fixture::table("dropped.db").await;
    let fake = &fx.fake;
    // Dispatched while no connection carries the session: it waits there, and the resume replays it.
    // (The connection stalls first: a bot that resumed at once could otherwise receive it directly.)
    // The clock is the test's: the replayed interaction is not late.
    fake.stall_gateway();
    let meanwhile = fx.run(&alice(), GENERAL, "help", Options::new());
    fake.drop_gateway();
    fake.wait_resumed(1).await;
    assert_help(&fx, &meanwhile).await;
    let replay = {
        let state = fake.state();
        (state.identifies, state.resumes, state.replayed)
    };
    assert_eq!(replay, (1, 1, 1), "the /help of the meanwhile replayed");
    answers_help(&fx).await;
    fx.close(bot, store).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn after_an_outage_the_bot_comes_back() {
    let (fx, bot, store) = Fixture::table("outage.db").await;
    let fake = &fx.fake;
    fake.begin_outage();
    fake.wait_offline().await;
    assert!(
        help_is_impossible(&fx),
        "nothing is dispatched in an outage"
    );
    // Serenity keeps trying: its attempts are refused.
    fake.wait_for("a refused connection", |s| {
        (s.refused_connections >= 1).then_some(())
    })
    .await;
    assert!(!fake.state().online());
    fake.end_outage();
    // The session expired with the outage: a new one.
    fake.wait_identified(2).await;
    answers_help(&fx).await;
    fx.close(bot, store).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unavailable_server_that_comes_back_is_served_again() {
    let (fx, bot, store) = Fixture::table("unavailable.db").await;
    let fake = &fx.fake;
    fake.guild_unavailable();
    assert!(
        help_is_impossible(&fx),
        "nothing comes from an unavailable server"
    );
    fake.guild_available();
    answers_help(&fx).await;
    // The server is back in serenity's cache: a challenge records it by its name.
    fx.challenge(&alice(), &bob(), GENERAL, Options::new())
        .await;
    let name: String = sqlx::query_scalar("SELECT name FROM servers WHERE id = $1")
        .bind(FakeDiscord::GUILD_ID as i64)
        .fetch_one(store.reader())
        .await
        .unwrap();
    assert_eq!(name, "Fake Oware Club");
    assert_eq!(counters(fake), (1, 1, 0), "the connection stayed up");
    fx.close(bot, store).await;
}
