//! `puzzle`, `puzzle answer house:N` and `puzzle stats` in the console, as a person would type them: the
//! puzzle drawn as text (and written as a picture), the answer with both moves' animations, the stats.

use std::sync::Arc;

use crate::common::*;
use crate::puzzle_set::test_set;
use namnam_console::{run, ConsoleOptions};
use namnam_core::CoreConfig;

async fn a_puzzle_is_shown_answered_and_counted_in_the_console(backend: Backend) {
    let h = Harness::with_config(
        backend,
        CoreConfig {
            puzzles: Arc::new(test_set()),
            ..Default::default()
        },
    )
    .await;
    let pictures = h.db.dir.path().join("pictures");
    let mut out = Vec::new();
    let options = ConsoleOptions {
        echo: true,
        images: Some(pictures.clone()),
        ..ConsoleOptions::default()
    };
    let script = "alice puzzle stats\n\
                  alice puzzle\n\
                  alice puzzle answer house:8\n\
                  alice puzzle answer house:7\n\
                  alice puzzle answer house:12\n\
                  alice puzzle\n\
                  alice puzzle answer house:6\n\
                  alice puzzle stats\n";
    run(h.core.clone(), script.as_bytes(), &mut out, options)
        .await
        .expect("the console runs");
    let out = String::from_utf8(out).unwrap();
    let after = |line: &str| {
        let at = out
            .find(&format!("> {line}\n"))
            .unwrap_or_else(|| panic!("{line}: {out}"));
        let rest = &out[at + line.len() + 3..];
        rest[..rest.find("\n> ").unwrap_or(rest.len())].to_owned()
    };

    let stats = after("alice puzzle stats");
    assert!(
        stats.contains("(only alice sees this)\nYou have not answered a puzzle yet"),
        "{stats}"
    );

    // The puzzle: private, its board as text (North's row on top), its picture, its houses as next steps.
    let shown = after("alice puzzle");
    assert!(
        shown.contains(
            "(only alice sees this)\nPuzzle (difficulty 1 of 3). North to move: find the move that wins the most."
        ),
        "{shown}"
    );
    assert!(
        shown.contains("[ 1][ 0][ 0][ 1][ 0][ 1]"),
        "North's row: {shown}"
    );
    assert!(
        shown.contains("[ 3][ 0][ 0][ 2][ 0][ 0]"),
        "South's row: {shown}"
    );
    // The sides are named once: "North, store 22", never "North (north)".
    assert!(shown.contains("North, store "), "{shown}");
    assert!(!shown.contains("(north)"), "{shown}");
    assert!(shown.contains("puzzle answer house:7"), "{shown}");
    assert!(shown.contains("puzzle answer house:12"), "{shown}");
    let picture = shown
        .lines()
        .find_map(|l| l.strip_prefix("picture: "))
        .unwrap_or_else(|| panic!("a picture: {shown}"));
    assert!(std::fs::metadata(picture).unwrap().len() > 1000);

    let illegal = after("alice puzzle answer house:8");
    assert!(
        illegal.contains("House 8 is not a move in this puzzle: play 7, 9, 12."),
        "{illegal}"
    );

    // Wrong: both moves told, both animated, the rating down.
    let wrong = after("alice puzzle answer house:7");
    assert!(
        wrong.contains(
            "Not the best move: house 12 captures 4 seeds in 1 lap, and ends the round; yours, house 7 captures nothing in 1 lap."
        ),
        "{wrong}"
    );
    assert!(
        wrong.contains("What it teaches: a capture with the last seed."),
        "{wrong}"
    );
    assert!(wrong.contains("Puzzle rating 1"), "{wrong}");
    assert!(wrong.contains("(−"), "{wrong}");
    let animations: Vec<&str> = wrong
        .lines()
        .filter_map(|l| l.strip_prefix("animation: "))
        .collect();
    assert_eq!(animations.len(), 2, "{wrong}");
    for gif in animations {
        assert!(std::fs::read(gif).unwrap().starts_with(b"GIF89a"), "{gif}");
    }

    let twice = after("alice puzzle answer house:12");
    assert!(
        twice.contains("You have no puzzle to answer"),
        "the answered one is not current any more: {twice}"
    );

    let right = after("alice puzzle answer house:6");
    assert!(
        right.contains("Right: house 6 captures 4 seeds in 1 lap, and ends the round."),
        "{right}"
    );
    assert!(right.contains("1 solved in a row (best 1)."), "{right}");

    let last = out.rsplit("> alice puzzle stats\n").next().unwrap();
    assert!(
        last.contains("alice's puzzles: rating ")
            && last.contains("(provisional); 1 solved of 2; streak 1, best 1."),
        "{last}"
    );
}

on_both_backends!(a_puzzle_is_shown_answered_and_counted_in_the_console);
