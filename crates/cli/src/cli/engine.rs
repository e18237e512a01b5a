//! `namnam engine`: the JSON-lines protocol on standard input and output.

use std::io::{BufRead, Write};

pub fn run() -> anyhow::Result<()> {
    let stdin = std::io::stdin().lock();
    let mut out = std::io::stdout().lock();
    for line in stdin.lines() {
        let line = line?;
        if line.trim().is_empty() {
            continue;
        }
        let answer = crate::protocol::answer_line(&line);
        writeln!(out, "{answer}")?;
        out.flush()?;
    }
    Ok(())
}
