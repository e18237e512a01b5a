//! A match in each kind of place, through the console with the core's outbox, as the Discord bot keeps
//! one: where the bot is a member (a server's channel, its own DM with the player) the clock's notice is
//! posted by the poster by itself; where the bot may only answer (a channel of a server without it, a DM
//! between players) the outbox never offers it to the poster: it waits, and follows the next answer
//! there. The test waits for each line to be printed, never for a time.

use crate::common::*;
use crate::live::{send, wait_until, Shared};
use namnam_console::{run, ConsoleOptions};
use namnam_store as store;
use std::time::Duration;
use tokio::io::AsyncWriteExt;

/// Longer than any match's move clock.
const PAST_ANY_CLOCK_SECS: i64 = 8 * 24 * 3600;

/// The states of the outbox's posts, oldest first.
async fn post_states(h: &Harness) -> Vec<String> {
    store::post_states(h.core.store().reader())
        .await
        .unwrap()
        .into_iter()
        .map(|(_, state, _)| state)
        .collect()
}

/// Plays alice against the computer at `place` (printed as `label`) until her move clock runs out: the
/// time-out is shown once, by the poster where it `posts`, else after the next answer there.
async fn out_of_time_at(backend: Backend, place: &str, label: &str, posts: bool) {
    let h = Harness::with_outbox(backend).await;
    let out = Shared::default();
    let (mut input, console_side) = tokio::io::duplex(1 << 16);
    let options = ConsoleOptions {
        echo: true,
        sweep_every: Duration::from_millis(10),
        outbox: true,
        ..ConsoleOptions::default()
    };
    let mut printed = out.clone();
    let console = run(
        h.core.clone(),
        tokio::io::BufReader::new(console_side),
        &mut printed,
        options,
    );
    let script = async {
        send(
            &mut input,
            &format!("{place} alice challenge opponent:namnam first:challenger"),
        )
        .await;
        // The answer shows the match where it was asked for.
        let at = out.wait_for(&format!("[{label}]\n"), 0).await;
        let at = out.wait_for("move house:", at).await;
        // Shown by the answer, and recorded so once shown.
        wait_until(|| async { post_states(&h).await == ["sent"] }).await;

        h.clock.advance_secs(PAST_ANY_CLOCK_SECS);
        let timed_out = "alice's move clock ran out.";
        let at = match posts {
            // The poster shows it where the match is, by itself.
            true => out.wait_for(&format!("[{label}]\n{timed_out}"), at).await,
            false => {
                // Stored, never offered to the poster: it waits for an answer there.
                wait_until(|| async { post_states(&h).await.contains(&"awaiting".to_owned()) })
                    .await;
                assert!(!out.text()[at..].contains(timed_out), "{}", out.text());
                let asked = format!("{place} alice board");
                send(&mut input, &asked).await;
                // The board is the answer; what waited follows it.
                let echo = out.wait_for(&format!("> {asked}\n"), at).await;
                let answer = out.wait_for(&format!("[{label}]\n"), echo).await;
                out.wait_for(&format!("[{label}]\n{timed_out}"), answer)
                    .await
            }
        };
        wait_until(|| async { post_states(&h).await.iter().all(|s| s == "sent") }).await;
        input.shutdown().await.unwrap();
        drop(input);
        at
    };
    let (ran, _) = tokio::join!(console, script);
    ran.expect("the console runs");
    let text = out.text();
    assert_eq!(
        text.matches("alice's move clock ran out.").count(),
        1,
        "shown once: {text}"
    );
}

async fn in_a_server_channel_the_poster_posts(backend: Backend) {
    out_of_time_at(backend, "#games", "#games", true).await;
}

async fn in_the_bots_dm_the_poster_posts(backend: Backend) {
    out_of_time_at(backend, "dm", "dm alice", true).await;
}

async fn in_a_server_without_the_bot_it_waits_for_an_answer(backend: Backend) {
    out_of_time_at(backend, "guest#games", "guest#games", false).await;
}

async fn in_a_dm_between_players_it_waits_for_an_answer(backend: Backend) {
    out_of_time_at(backend, "private#lounge", "private#lounge", false).await;
}

on_both_backends!(
    in_a_server_channel_the_poster_posts,
    in_the_bots_dm_the_poster_posts,
    in_a_server_without_the_bot_it_waits_for_an_answer,
    in_a_dm_between_players_it_waits_for_an_answer
);
