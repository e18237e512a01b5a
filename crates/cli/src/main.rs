//! The `namnam` command: the bot, the local console, and the tools around the engine.

mod cli;
mod protocol;

use clap::Parser;

fn main() -> anyhow::Result<()> {
    let args = cli::Cli::parse();
    cli::run(args)
}
