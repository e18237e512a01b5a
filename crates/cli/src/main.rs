//! The `namnam` command: the bot, the local console, and the tools around the engine.

mod cli;
mod protocol;

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let args = cli::Cli::parse();
    match cli::run(args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            // As `main` returning the error would print it, but with the password of any URL in it (a
            // database's, a proxy's: given as an option, taken from the environment, or quoted by a
            // library's error) shown as `***`.
            let text = format!("Error: {error:?}");
            eprintln!("{}", namnam_store::scrub_credentials(&text).unwrap_or(text));
            ExitCode::FAILURE
        }
    }
}
