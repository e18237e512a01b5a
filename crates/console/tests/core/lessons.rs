//! The whole lessons' path in the console, as a new player types it: every stage tried once wrongly (its
//! hint) and once rightly, then the first match against level 1, won by a player who plays level 5's moves.
//! The test waits for each answer to be printed, never for a time; it prints the transcript.

use crate::common::*;
use crate::live::{send, wait_until, Shared};
use namnam_ai::{choose_match_move, Level};
use namnam_console::{run, ConsoleOptions};
use namnam_core::lessons::StageId;
use namnam_core::Text;
use namnam_game::Player;
use namnam_store as store;
use tokio::io::AsyncWriteExt;

async fn a_new_player_walks_the_lessons_to_a_first_win_in_the_console(backend: Backend) {
    let h = Harness::new(backend).await;
    let out = Shared::default();
    let (mut input, console_side) = tokio::io::duplex(1 << 16);
    let options = ConsoleOptions {
        echo: true,
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
        let mut at = 0;
        at = ask(
            &mut input,
            &out,
            at,
            "alice learn",
            "Lesson 1 of 13: Sowing",
        )
        .await;
        for stage in StageId::all().filter(|s| s.stage().position.is_some()) {
            let (met, missed) = stage.stage().tries();
            let n = stage.number();
            let wrong = missed[0].label();
            let hint = Text::message(&format!("lesson-{}-hint", stage.key()), []).plain();
            at = ask(
                &mut input,
                &out,
                at,
                &format!("alice learn stage:{n} house:{wrong}"),
                &hint,
            )
            .await;
            let right = met[0].label();
            at = ask(
                &mut input,
                &out,
                at,
                &format!("alice learn house:{right}"),
                "Passed!",
            )
            .await;
        }
        at = ask(
            &mut input,
            &out,
            at,
            "alice learn",
            "Lesson 13 of 13: Your first match",
        )
        .await;
        at = ask(
            &mut input,
            &out,
            at,
            "alice learn match",
            "against the computer, level 1",
        )
        .await;
        // alice plays level 5's moves, each once it is her turn (she moves first).
        let text = out.text();
        let number = text[text.rfind("Match #").expect("the match") + 7..]
            .split(' ')
            .next()
            .unwrap()
            .parse()
            .expect("its number");
        let match_id = namnam_model::MatchId(number);
        let strong = Level::new(5).unwrap();
        for ply in 0..2000u64 {
            let row = store::load_match(h.core.store().reader(), match_id)
                .await
                .unwrap()
                .expect("the match");
            if row.game.is_over() {
                break;
            }
            let house = choose_match_move(&row.game, strong, ply).unwrap().house;
            let line = format!("alice move house:{}", house.label());
            send(&mut input, &line).await;
            at = out.wait_for(&format!("> {line}\n"), at).await;
            // The computer answers by itself: her turn again, or the end.
            wait_until(|| async {
                let now = store::load_match(h.core.store().reader(), match_id)
                    .await
                    .unwrap()
                    .unwrap();
                now.version > row.version
                    && (now.game.is_over() || now.game.to_move() == Some(Player::South))
            })
            .await;
        }
        let won = out
            .wait_for("You won your first match against the computer", at)
            .await;
        input.shutdown().await.unwrap();
        won
    };
    let (ran, _) = tokio::join!(console, script);
    ran.expect("the console runs");
    let text = out.text();
    assert!(text.contains("Not yet."), "a wrong try: {text}");
    assert_eq!(text.matches("Passed!").count(), 12, "{text}");
    println!("{text}");
}

/// Types `line` and waits (after `from` in the output) for its answer to hold `answer`; returns where that
/// ends.
async fn ask(
    input: &mut tokio::io::DuplexStream,
    out: &Shared,
    from: usize,
    line: &str,
    answer: &str,
) -> usize {
    send(input, line).await;
    let echo = out.wait_for(&format!("> {line}\n"), from).await;
    out.wait_for(answer, echo).await
}

on_both_backends!(a_new_player_walks_the_lessons_to_a_first_win_in_the_console);
