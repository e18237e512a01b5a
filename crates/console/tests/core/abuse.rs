//! A name can hold a terminal's escapes (`ESC [2J` clears the screen, `ESC ]0;…` sets the window's title):
//! the console shows every control character escaped, wherever a name appears.

use crate::common::*;
use namnam_console::{run, ConsoleOptions};

async fn names_with_terminal_escapes_are_shown_escaped(backend: Backend) {
    let h = Harness::new(backend).await;
    // The console takes only plain names; a tournament's name, a record's and a command's are free.
    let mallory = "\u{1b}[2J\u{1b}]0;pwned\u{7}mallory";
    let script = format!(
        "{mallory} challenge opponent:bob\n\
         alice tournament create {mallory} cup\n\
         bob tournament join\n\
         bob nonsense\u{1b}[31m\n\
         bob board {mallory}:1\n"
    );
    let mut out = Vec::new();
    let options = ConsoleOptions {
        echo: true,
        ..ConsoleOptions::default()
    };
    run(h.core.clone(), script.as_bytes(), &mut out, options)
        .await
        .expect("the console runs");
    let out = String::from_utf8(out).expect("UTF-8 output");
    assert!(
        !out.contains('\u{1b}') && !out.contains('\u{7}'),
        "a control character reached the terminal:\n{out:?}"
    );
    let shown = "\\u{1b}[2J\\u{1b}]0;pwned\\u{7}mallory";
    assert!(out.contains(&format!("> {shown} challenge")), "{out}");
    assert!(
        out.contains(&format!("alice organises {shown} cup")),
        "{out}"
    );
    assert!(out.contains(&format!("You are in {shown} cup")), "{out}");
    assert!(out.contains("the command nonsense\\u{1b}[31m."), "{out}");
}

on_both_backends!(names_with_terminal_escapes_are_shown_escaped);
