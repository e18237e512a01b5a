//! A day of daily puzzles in the console: an admin asks for one, the console's clock sweep posts it, two
//! players answer it, and when the test moves the clock to the next day the sweep posts the next puzzle
//! with the day before's tally. The test waits for each line to be printed, never for a time.

use crate::common::*;
use crate::live::{send, Shared};
use namnam_console::{run, ConsoleOptions};
use namnam_store as store;
use std::time::Duration;
use tokio::io::AsyncWriteExt;

async fn a_day_of_daily_puzzles(backend: Backend) {
    let h = Harness::new(backend).await;
    let out = Shared::default();
    let (mut input, console_side) = tokio::io::duplex(1 << 16);
    let options = ConsoleOptions {
        echo: true,
        sweep_every: Duration::from_millis(10),
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
            "#puzzles carol admin settings daily-puzzle:#puzzles",
        )
        .await;
        let at = out.wait_for("daily puzzle: in ", 0).await;
        // The sweep posts the day's puzzle in #puzzles by itself.
        let at = out
            .wait_for("[#puzzles]\n🧩 Daily puzzle of 2026-01-01", at)
            .await;
        let daily = store::daily_puzzles_of(h.core.store().reader(), namnam_console::SERVER)
            .await
            .unwrap();
        assert_eq!(daily.len(), 1);
        let puzzle = namnam_ai::puzzles::built_in()
            .into_iter()
            .find(|p| p.source.to_string() == daily[0].puzzle)
            .expect("a built-in puzzle")
            // The daily puzzle shows a puzzle of the shipped set with the sides swapped.
            .with_sides_swapped();
        let wrong = puzzle
            .position
            .legal_moves()
            .iter()
            .find(|&house| house != puzzle.best)
            .unwrap();

        // Half an hour later alice opens it and finds the move; bob misses it.
        h.clock.advance_secs(1800);
        send(&mut input, "#puzzles alice daily").await;
        let at = out.wait_for("The daily puzzle of 2026-01-01", at).await;
        let at = out.wait_for("puzzle answer house:", at).await;
        send(
            &mut input,
            &format!("#puzzles alice puzzle answer house:{}", puzzle.best),
        )
        .await;
        let at = out.wait_for("Right", at).await;
        send(&mut input, "#puzzles bob daily").await;
        send(
            &mut input,
            &format!("#puzzles bob puzzle answer house:{wrong}"),
        )
        .await;
        let at = out.wait_for("Not the best move", at).await;

        // The next day: the sweep posts the next puzzle, with yesterday's tally.
        h.clock.advance_secs(86_400);
        let at = out
            .wait_for(
                "Yesterday's puzzle: 1 of 2 solved it. Fastest: alice, 30 min after the post.",
                at,
            )
            .await;
        out.wait_for("Daily puzzle of 2026-01-02", at).await;
        input.shutdown().await.unwrap();
        drop(input);
    };
    let (ran, ()) = tokio::join!(console, script);
    ran.expect("the console runs");
    let text = out.text();
    assert_eq!(
        text.matches("Daily puzzle of 2026-01-01").count(),
        1,
        "posted once: {text}"
    );
}

on_both_backends!(a_day_of_daily_puzzles);
