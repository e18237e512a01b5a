//! No player's sentence left in code: every string literal of two or more English words in the core's, the
//! Discord layer's, the renderer's and the console's sources (outside tests, doc comments, logs and
//! panics) is a message of the language resources instead, or one of the few allowed below, each with its
//! reason.

use std::path::PathBuf;

use namnam_architecture::sentences::{sentences_under, Sentence};

/// Literals that look like sentences but are no player's words, with why: (file's name, the literal).
const ALLOWED: &[(&str, &str, &str)] = &[
    (
        "actions.rs",
        "takeback decline:yes",
        "a command line, the same in every language",
    ),
    (
        "actions.rs",
        "resign confirm:yes",
        "a command line, the same in every language",
    ),
    (
        "actions.rs",
        "tournament join tournament:{tournament}",
        "a command line, the same in every language",
    ),
    (
        "actions.rs",
        "tournament leave tournament:{tournament}",
        "a command line, the same in every language",
    ),
    (
        "actions.rs",
        "puzzle answer house:{house}",
        "a command line, the same in every language",
    ),
    (
        "actions.rs",
        "learn match",
        "a command line, the same in every language",
    ),
    (
        "words.rs",
        "{id}: English {english:?}, the code says {name:?}",
        "what the resources lack: the tests' and the log's",
    ),
    (
        "words.rs",
        "{id}: a choice-… message for {:?}",
        "what the resources lack: the tests' and the log's",
    ),
    (
        "errors.rs",
        "no answer: {what}",
        "a Discord failure, for the log",
    ),
    (
        "registration.rs",
        "command registration",
        "the name of a lease in the database",
    ),
    (
        "settings.rs",
        "all shards",
        "a process's name, for the operator",
    ),
    (
        "settings.rs",
        "shards {first}-{last} of {count}",
        "a process's name, for the operator",
    ),
    (
        "exporter.rs",
        "the database does not answer: {}",
        "a readiness probe's reason, for an orchestrator and the operator",
    ),
    (
        "exporter.rs",
        "the database did not answer within {DATABASE_PATIENCE:?}",
        "a readiness probe's reason, for an orchestrator and the operator",
    ),
    (
        "exporter.rs",
        "shards not connected: {}",
        "a readiness probe's reason, for an orchestrator and the operator",
    ),
    (
        "fonts.rs",
        "DejaVu Sans Bold (embedded)",
        "a font's name, for the tests of which font draws a name",
    ),
    (
        "fonts.rs",
        "Noto Color Emoji (embedded)",
        "a font's name, for the tests of which font draws a name",
    ),
    (
        "guard.rs",
        "default-src 'none'; img-src 'self'; style-src 'self'; script-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
        "an HTTP header's value: the web pages' Content-Security-Policy",
    ),
    (
        "guard.rs",
        "GET, HEAD",
        "an HTTP header's value: the methods the web server allows",
    ),
];

fn crate_src(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join(name)
        .join("src")
}

#[test]
fn no_players_sentence_is_left_in_code() {
    let mut left: Vec<Sentence> = Vec::new();
    for krate in ["core", "discord", "render", "console", "web"] {
        let found = sentences_under(&crate_src(krate)).expect("the sources read as Rust");
        left.extend(found.into_iter().filter(|s| {
            let file = s
                .file
                .file_name()
                .and_then(|f| f.to_str())
                .unwrap_or_default();
            !ALLOWED
                .iter()
                .any(|(allowed_file, text, _)| *allowed_file == file && *text == s.text)
        }));
    }
    let shown: Vec<String> = left
        .iter()
        .map(|s| format!("{}: {:?}", s.file.display(), s.text))
        .collect();
    assert!(
        shown.is_empty(),
        "sentences left in code (put them in crates/words/locales, or allow them here with a reason):\n{}",
        shown.join("\n")
    );
}

#[test]
fn every_allowed_sentence_is_still_there() {
    // An entry whose literal went away is dead weight that could hide a new sentence of the same words.
    let mut all: Vec<Sentence> = Vec::new();
    for krate in ["core", "discord", "render", "console", "web"] {
        all.extend(sentences_under(&crate_src(krate)).expect("the sources read as Rust"));
    }
    for (file, text, why) in ALLOWED {
        assert!(
            all.iter()
                .any(|s| s.text == *text
                    && s.file.file_name().and_then(|f| f.to_str()) == Some(file)),
            "{file}: {text:?} ({why}) is no longer in the code: drop it from ALLOWED"
        );
    }
}
