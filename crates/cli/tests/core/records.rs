//! `namnam export` and `namnam replay`, the real binary: a match played through the core is exported as a
//! record, which replays to the positions the core stored; an unknown match, a changed move and a
//! malformed line are each one line on standard error and exit status 1.

use crate::common::*;
use namnam_core::text::board_text;
use namnam_core::Language;
use namnam_game::Player;
use namnam_model::MatchId;
use namnam_record::{Outcome, Record};
use namnam_store as store;
use std::path::Path;
use std::process::{Command, Output};
use std::time::Duration;

/// Plays `moves` moves in `#general` from `reply`, each player choosing by a seeded rule, `secs` seconds
/// apart on the test clock.
pub(crate) async fn play_moves(
    h: &Harness,
    mut reply: namnam_core::Reply,
    moves: usize,
    secs: i64,
) {
    let mut rng = namnam_game::rng::SeededRng::new(16);
    for _ in 0..moves {
        let player = to_move(&reply).expect("the match goes on");
        let legal = legal_houses(&reply);
        h.clock.advance_secs(secs);
        reply = h
            .ok(
                &player,
                &format!("move house:{}", legal[rng.below(legal.len())]),
            )
            .await;
    }
}

pub(crate) fn namnam(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_namnam"))
        .args(args)
        .env_remove("DATABASE_URL")
        .output()
        .expect("the binary runs")
}

pub(crate) fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("UTF-8 output")
}

/// A match of alice (South) and bob in `#general`, 30 moves in, then alice resigns. Returns the harness.
async fn resigned_match(backend: Backend) -> Harness {
    let h = Harness::new(backend).await;
    let reply = h
        .start_match("general", "alice", "bob", "first:challenger clock:1h")
        .await;
    play_moves(&h, reply, 30, 7).await;
    h.clock.advance_secs(60);
    h.ok("alice", "resign confirm:yes").await;
    h
}

async fn a_stored_match_becomes_its_record(backend: Backend) {
    let h = resigned_match(backend).await;
    let store = h.core.store();
    let record = store::load_record(store.reader(), MatchId(1))
        .await
        .unwrap()
        .expect("match 1 is stored");
    assert_eq!(
        (record.south.as_str(), record.north.as_str()),
        ("alice", "bob")
    );
    assert_eq!(record.server.as_deref(), Some("test server"));
    assert_eq!(record.channel.as_deref(), Some("general"));
    assert_eq!(record.match_number, Some(1));
    assert_eq!(record.date.unwrap().to_string(), "2026-01-01T00:00:00Z");
    assert_eq!(record.clock, Some(Duration::from_secs(3600)));
    assert_eq!(record.file_name(), "namnam-match-1.nnr");
    assert!(matches!(
        record.outcome,
        Outcome::Finished(r) if r.winner == Some(Player::North)
    ));
    let moves: Vec<_> = record.rounds.iter().flat_map(|r| &r.moves).collect();
    assert_eq!(moves.len(), 30);
    assert!(moves
        .iter()
        .all(|m| m.clock == Some(Duration::from_secs(7))));
    // Read back, it replays to the match the core stored.
    let read = Record::parse(&record.to_text()).unwrap();
    assert_eq!(read, record);
    let stored = store::load_match(store.reader(), MatchId(1))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(read.play_through().unwrap().game, stored.game);
    assert!(store::load_record(store.reader(), MatchId(2))
        .await
        .unwrap()
        .is_none());
}

on_both_backends!(a_stored_match_becomes_its_record);

#[tokio::test]
async fn an_exported_match_replays_to_the_positions_the_core_stored() {
    let h = resigned_match(Backend::Sqlite).await;
    let export = namnam(&["export", "--db", &h.db.url, "--match", "1"]);
    assert!(export.status.success(), "{}", text(&export.stderr));
    assert_eq!(text(&export.stderr), "");
    let exported = text(&export.stdout);
    assert!(
        exported.starts_with("namnam-record 1\nsouth \"alice\"\nnorth \"bob\"\n"),
        "{exported}"
    );
    assert!(
        exported.contains("\nresult north resignation\n"),
        "{exported}"
    );

    // The record's moves are the moves the core stored, event for event, and end where the core's match is.
    let record = Record::parse(&exported).unwrap();
    let replay = record.play_through().unwrap();
    let store = h.core.store();
    let stored_moves = store::match_moves(store.reader(), MatchId(1))
        .await
        .unwrap();
    let stored = store::load_match(store.reader(), MatchId(1))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(replay.steps.len(), stored_moves.len());
    for (step, row) in replay.steps.iter().zip(&stored_moves) {
        assert_eq!(
            (step.ply, step.round, step.mover),
            (row.ply, row.round, row.player)
        );
        assert_eq!(step.played.record.events, row.events);
    }
    assert_eq!(replay.game, stored.game);

    let file = h.db.dir.path().join(record.file_name());
    std::fs::write(&file, &exported).unwrap();
    let pictures = h.db.dir.path().join("pictures");
    let out = namnam(&[
        "replay",
        file.to_str().unwrap(),
        "--images",
        pictures.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let shown = text(&out.stdout);
    // Each move's line, its board as the console shows it, and its picture.
    let mut rest = shown.as_str();
    for step in &replay.steps {
        let line = format!(
            "round {}, move {}: {} sowed house {}\n",
            step.round,
            step.move_in_round,
            step.name,
            step.played.record.house.label()
        );
        let board = board_text(&step.played.record.after, &stored.names, Language::English);
        let at = rest
            .find(&line)
            .unwrap_or_else(|| panic!("{line:?} in {shown}"));
        rest = &rest[at + line.len()..];
        assert!(rest.starts_with(&format!("{board}\npicture: ")), "{rest}");
        let picture = pictures.join(format!("move-{:03}.png", step.ply));
        assert!(std::fs::metadata(&picture).unwrap().len() > 1000);
    }
    // The last board is the core's current one (the match was resigned mid-round).
    assert!(shown.contains(&board_text(
        stored.game.position(),
        &stored.names,
        Language::English
    )));
    assert_eq!(
        shown.lines().last(),
        Some("Result: bob wins the match (resignation).")
    );
    // In French, to the last line.
    let french = namnam(&["replay", file.to_str().unwrap(), "--lang", "fr"]);
    assert_eq!(
        text(&french.stdout).lines().last(),
        Some("Résultat : bob gagne la partie (abandon).")
    );
}

#[tokio::test]
async fn an_unknown_match_or_database_is_one_line_on_standard_error() {
    let h = resigned_match(Backend::Sqlite).await;
    let out = namnam(&["export", "--db", &h.db.url, "--match", "7"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stdout), "");
    let err = text(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("there is no match #7"), "{err}");

    let missing = h.db.dir.path().join("nothing-here.db");
    let out = namnam(&["export", "--db", missing.to_str().unwrap(), "--match", "1"]);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("there is no database at"), "{err}");
    assert!(!missing.exists(), "no new database was made");
}

/// The exported record of a resigned match, written to a file after `change`; returns the file.
async fn changed_export(h: &Harness, change: impl Fn(&str) -> String) -> std::path::PathBuf {
    let export = namnam(&["export", "--db", &h.db.url, "--match", "1"]);
    assert!(export.status.success());
    let file = h.db.dir.path().join("changed.nnr");
    std::fs::write(&file, change(&text(&export.stdout))).unwrap();
    file
}

fn replay_fails(file: &Path) -> String {
    let out = namnam(&["replay", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    err.trim_end().to_owned()
}

#[tokio::test]
async fn a_changed_move_or_a_malformed_line_is_refused_with_where_it_is() {
    let h = resigned_match(Backend::Sqlite).await;
    // Round 1's second move is North's (South moves first): make it sow South's house 1.
    let file = changed_export(&h, |t| {
        let at = t.find("\n2 north ").expect("round 1's second move") + 1;
        let line_end = at + t[at..].find('\n').unwrap();
        let words: Vec<&str> = t[at..line_end].split(' ').collect();
        let changed = [&["2", "north", "1"], &words[3..]].concat().join(" ");
        format!("{}{changed}{}", &t[..at], &t[line_end..])
    })
    .await;
    assert_eq!(
        replay_fails(&file),
        format!(
            "{}: round 1, move 2: North cannot sow house 1: that house belongs to the other player",
            file.display()
        )
    );

    let file = changed_export(&h, |t| t.replacen("chain no", "chain maybe", 1)).await;
    let err = replay_fails(&file);
    let number = 1 + std::fs::read_to_string(&file)
        .unwrap()
        .lines()
        .position(|l| l.starts_with("chain "))
        .unwrap();
    assert_eq!(
        err,
        format!(
            "{}: line {number}: chain is yes or no, not \"maybe\"",
            file.display()
        )
    );
}
