//! `namnam replay` reads files that anyone may share: a record whose names hold a terminal's escapes
//! (`ESC [2J` clears the screen, `ESC ]0;…` sets the window's title) is shown with them escaped, on
//! standard output and in its errors alike.

use crate::records::{namnam, text};
use namnam_game::{House, Match, MatchOptions};
use namnam_record::Record;

const MALLORY: &str = "\u{1b}[2J\u{1b}]0;pwned\u{7}mallory";
const SHOWN: &str = "\\u{1b}[2J\\u{1b}]0;pwned\\u{7}mallory";

fn record_text() -> String {
    let mut game = Match::new(MatchOptions::default());
    let mut record = Record::new(MALLORY, "bob", *game.options());
    for label in [3, 7] {
        let played = game.play(House::from_label(label).unwrap()).unwrap();
        record.push_move(&played, None);
    }
    record.set_outcome_from(&game, false);
    record.to_text()
}

#[test]
fn a_records_terminal_escapes_are_shown_escaped() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("shared.nnr");
    let record = record_text();
    // The file writes the escapes as text (`\u{1b}`); reading it gives the name back as written.
    assert!(
        !record.contains('\u{1b}') && record.contains(SHOWN),
        "{record}"
    );
    assert_eq!(Record::parse(&record).unwrap().south, MALLORY);
    std::fs::write(&file, &record).unwrap();
    let out = namnam(&["replay", file.to_str().unwrap()]);
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        !stdout.contains('\u{1b}') && !stdout.contains('\u{7}'),
        "{stdout:?}"
    );
    assert!(
        stdout.contains(&format!("move 1: {SHOWN} sowed house 3")),
        "{stdout}"
    );
    assert!(
        stdout.contains(&format!("{SHOWN} (south), store")),
        "{stdout}"
    );

    // A line that does not read is quoted in the error: escaped too.
    let broken = record.replacen("\n1 south 3", &format!("\n1 south 3{MALLORY}"), 1);
    assert_ne!(broken, record);
    std::fs::write(&file, broken).unwrap();
    let out = namnam(&["replay", file.to_str().unwrap()]);
    let stderr = text(&out.stderr);
    assert!(!out.status.success());
    assert!(
        !stderr.contains('\u{1b}') && !stderr.contains('\u{7}'),
        "{stderr:?}"
    );
    assert!(stderr.contains("\\u{1b}"), "{stderr}");
}
