//! Bad input gets an answer, not an exit: a line of standard input that is not UTF-8 text is answered
//! (`bad-request` by the engine, docs/rules.md §8; a word by the console) and the next line is read; a
//! number typed past 2^53 is shown exactly.

use std::io::Write;
use std::process::{Command, Stdio};

/// Runs `namnam` with `args` in `folder`, `input` on its standard input; its status and output.
fn run(folder: &std::path::Path, args: &[&str], input: &[u8]) -> (bool, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_namnam"))
        .args(args)
        .current_dir(folder)
        .env_remove("DATABASE_URL")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(input).expect("the input is written");
    drop(stdin);
    let out = child.wait_with_output().expect("namnam ends");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn the_engine_answers_a_line_that_is_not_utf8_and_reads_on() {
    let folder = tempfile::tempdir().unwrap();
    let mut input = b"{\"op\":\"dance\"}\n".to_vec();
    input.extend_from_slice(b"{\"op\":\"le\xffgal\"}\r\n");
    input.extend_from_slice(b"{\"op\":\"dance\"}\n");
    let (ok, out, err) = run(folder.path(), &["engine"], &input);
    assert!(ok, "the engine ends well: {err}");
    let answers: Vec<serde_json::Value> = out
        .lines()
        .map(|line| serde_json::from_str(line).expect("one JSON answer a line"))
        .collect();
    assert_eq!(answers.len(), 3, "{out}");
    for answer in &answers {
        assert_eq!(answer["error"], "bad-request", "{answer}");
    }
    assert_eq!(
        answers[1]["message"],
        "the line is not UTF-8 text (an invalid byte at byte 10)"
    );
}

#[test]
fn the_console_answers_a_line_that_is_not_utf8_and_reads_on() {
    let folder = tempfile::tempdir().unwrap();
    let db = format!("sqlite://{}", folder.path().join("console.db").display());
    let input = b"alice challenge opponent:bob\n\xc3\x28 bob accept\nbob accept\n\
        alice board match:9223372036854775807\n";
    let (ok, out, err) = run(folder.path(), &["console", "--db", &db], input);
    assert!(ok, "the console ends well: {err}\n{out}");
    assert!(
        out.contains("That line is not UTF-8 text (an invalid byte at byte 1): it was skipped."),
        "{out}"
    );
    // The line after it is read and played: the match begins.
    assert!(out.contains("Match #1"), "{out}");
    // A number past 2^53 is shown as typed, not rounded through a float (9223372036854776000).
    assert!(out.contains("no match #9223372036854775807"), "{out}");
}
