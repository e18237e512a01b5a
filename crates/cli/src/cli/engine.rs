//! `namnam engine`: the JSON-lines protocol on standard input and output.

use std::io::{BufRead, Write};

pub fn run() -> anyhow::Result<()> {
    let mut stdin = std::io::stdin().lock();
    let mut out = std::io::stdout().lock();
    let mut line = Vec::new();
    // Lines are read as bytes: one that is not UTF-8 gets its `bad-request` and the engine reads on
    // (docs/rules.md §8), where reading it as text would end the engine.
    loop {
        line.clear();
        if stdin.read_until(b'\n', &mut line)? == 0 {
            return Ok(());
        }
        let answer = match std::str::from_utf8(trim_end_of_line(&line)) {
            Ok(text) if text.trim().is_empty() => continue,
            Ok(text) => crate::protocol::answer_line(text),
            Err(error) => crate::protocol::unreadable_line(error),
        };
        writeln!(out, "{answer}")?;
        out.flush()?;
    }
}

/// A line without its `\n` or `\r\n`.
fn trim_end_of_line(line: &[u8]) -> &[u8] {
    let line = line.strip_suffix(b"\n").unwrap_or(line);
    line.strip_suffix(b"\r").unwrap_or(line)
}
