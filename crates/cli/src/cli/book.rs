//! `namnam book build`: level 6's opening book (`namnam_ai::book`), searched afresh and written out.

use namnam_ai::book;
use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(subcommand)]
    command: BookCommand,
}

#[derive(clap::Subcommand, Debug)]
enum BookCommand {
    /// Search every round start of the book and write the book (the same file, byte for byte, every
    /// time: the search is deterministic).
    Build {
        /// Where to write it.
        #[arg(long, default_value = "crates/ai/data/book.txt")]
        out: PathBuf,
        /// Nodes for each start.
        #[arg(long, default_value_t = book::BOOK_NODES)]
        nodes: u64,
    },
}

pub fn run(args: Args) -> anyhow::Result<()> {
    let BookCommand::Build { out, nodes } = args.command;
    let started = Instant::now();
    let starts = book::starts();
    let mut text = book::header(nodes);
    for (i, start) in starts.iter().enumerate() {
        let e = book::build_entry(start, nodes);
        let line = book::line(&e);
        eprint!(
            "{}/{} ({:.0} s) {line}",
            i + 1,
            starts.len(),
            started.elapsed().as_secs_f64()
        );
        text.push_str(&line);
    }
    let mut file = std::fs::File::create(&out)?;
    file.write_all(text.as_bytes())?;
    println!(
        "{} starts searched with {nodes} nodes each in {:.0} s, written to {} ({} bytes)",
        starts.len(),
        started.elapsed().as_secs_f64(),
        out.display(),
        text.len()
    );
    Ok(())
}
