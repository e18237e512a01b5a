//! Taking back a move through the console (the core's takeback tests are in the core suite).

use crate::common::*;

/// The console prints the buttons as the lines to type: `takeback` after a move, and under the request
/// both answers; `bob takeback` accepts.
async fn through_the_console(backend: Backend) {
    let h = Harness::new(backend).await;
    let mut out = Vec::new();
    let script = "alice challenge opponent:bob first:challenger\n\
                  bob accept\n\
                  alice move house:3\n\
                  alice takeback\n\
                  bob takeback\n";
    let options = namnam_console::ConsoleOptions {
        echo: true,
        ..Default::default()
    };
    namnam_console::run(h.core.clone(), script.as_bytes(), &mut out, options)
        .await
        .expect("the console runs");
    let out = String::from_utf8(out).expect("UTF-8 output");
    assert!(
        out.contains("| takeback | draw | resign\n"),
        "the board after the move offers it: {out}"
    );
    assert!(
        out.contains("alice asks to take back their move (house 3).")
            && out.contains("next: takeback | takeback decline:yes\n"),
        "{out}"
    );
    let accepted = out.split("> bob takeback\n").nth(1).expect("bob's answer");
    assert!(
        accepted.contains("bob accepts: alice's move (house 3) is taken back.")
            && accepted.contains("alice to move")
            && accepted.contains("[ 4][ 4][ 4][ 4][ 4][ 4]\n  [ 4][ 4][ 4][ 4][ 4][ 4]"),
        "the opening board again: {accepted}"
    );
    assert!(
        !accepted.contains("takeback"),
        "nothing left to take back: {accepted}"
    );
}

on_both_backends!(through_the_console);
