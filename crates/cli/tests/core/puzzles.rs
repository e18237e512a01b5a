//! `namnam puzzles mine --db` and `namnam puzzles check`, run as a user runs them on a SQLite file.

use crate::common::*;
use crate::records::{namnam, play_moves, text};
use namnam_ai::puzzles::{self, Source};
use namnam_model::MatchId;
use namnam_record::Record;
use namnam_store as store;

/// A match of alice and bob in `#general`, `moves` moves in, then alice resigns.
async fn resigned_after(moves: usize) -> Harness {
    let h = Harness::new(Backend::Sqlite).await;
    let reply = h
        .start_match("general", "alice", "bob", "first:challenger clock:1h")
        .await;
    play_moves(&h, reply, moves, 7).await;
    h.clock.advance_secs(60);
    h.ok("alice", "resign confirm:yes").await;
    h
}

#[tokio::test]
async fn a_databases_matches_are_mined_and_the_puzzles_check() {
    let h = resigned_after(40).await;
    let out = namnam(&["puzzles", "mine", "--db", &h.db.url, "--threads", "2"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let mined = text(&out.stdout);
    assert!(
        mined.starts_with("# Nam-nam puzzles, mined by `namnam puzzles mine --db` from 1 finished"),
        "{mined}"
    );
    let found = puzzles::parse(&mined).unwrap();
    assert!(
        text(&out.stderr).contains("1 finished matches mined in "),
        "{}",
        text(&out.stderr)
    );
    assert!(
        text(&out.stderr).contains(&format!(": {} puzzles (", found.len())),
        "{}",
        text(&out.stderr)
    );

    // Each puzzle is the position before the move its source names, in match 1.
    let record: Record = store::load_record(h.core.store().reader(), MatchId(1))
        .await
        .unwrap()
        .unwrap();
    let steps = record.replay().unwrap();
    for p in &found {
        let Source::Match { id: 1, ply } = p.source else {
            panic!("a puzzle of match 1, not {}", p.source);
        };
        assert_eq!(*steps[ply as usize - 1].before.position(), p.position);
    }

    // The file checks; an answer changed by hand is named.
    let file = h.db.dir.path().join("mined.txt");
    std::fs::write(&file, &mined).unwrap();
    let check = namnam(&["puzzles", "check", file.to_str().unwrap()]);
    assert!(check.status.success(), "{}", text(&check.stdout));
    assert!(
        text(&check.stdout).contains(&format!("all {} puzzles of ", found.len())),
        "{}",
        text(&check.stdout)
    );
    // Randomly played, the match holds chances that a clear best move punishes.
    let first = found.first().expect("the match holds a puzzle");
    let other = first
        .position
        .legal_moves()
        .iter()
        .find(|h| *h != first.best)
        .unwrap();
    let changed = puzzles::Puzzle {
        best: other,
        ..*first
    };
    let line = first.to_string();
    std::fs::write(&file, mined.replacen(&line, &changed.to_string(), 1)).unwrap();
    let check = namnam(&["puzzles", "check", file.to_str().unwrap()]);
    assert_eq!(check.status.code(), Some(1));
    assert!(
        text(&check.stdout).contains(&format!(
            "FAILED {}: the proof says house {}",
            first.source, first.best
        )),
        "{}",
        text(&check.stdout)
    );
}

#[test]
fn a_missing_database_is_named_and_not_created() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("nothing.db");
    let url = format!("sqlite://{}", missing.display());
    let out = namnam(&["puzzles", "mine", "--db", &url]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("there is no database at"),
        "{}",
        text(&out.stderr)
    );
    assert!(!missing.exists());
}

#[tokio::test]
async fn a_corrupt_match_is_told_and_skipped_and_the_others_are_mined() {
    let h = resigned_after(12).await;
    // A second finished match.
    let reply = h
        .start_match("general", "carol", "dave", "first:challenger clock:1h")
        .await;
    play_moves(&h, reply, 12, 3).await;
    h.ok("carol", "resign confirm:yes").await;
    // Match 1's stored game is damaged (a disk error, a hand edit).
    let mut tx = h.core.store().begin().await.unwrap();
    sqlx::query("UPDATE matches SET game = 'not a game' WHERE id = 1")
        .execute(&mut *tx)
        .await
        .unwrap();
    tx.commit().await.unwrap();
    h.core.store().close().await;

    let out = namnam(&["puzzles", "mine", "--db", &h.db.url, "--threads", "1"]);
    let err = text(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(
        err.contains("skipped match #1: stored data is invalid: match 1"),
        "{err}"
    );
    assert!(err.contains("1 finished matches mined in "), "{err}");
    assert!(
        text(&out.stdout).contains("from 1 finished"),
        "{}",
        text(&out.stdout)
    );
}
