//! Command-line parsing and one module per subcommand. Each module only parses and prints: the work is
//! done by the library.

mod book;
mod console;
mod engine;
mod export;
mod match_engines;
mod migrate_db;
mod puzzles;
mod render;
mod replay;
mod run;
mod selfplay;
mod speed;
mod web;

use clap::{Parser, Subcommand};

/// Nam-nam, the Ghanaian roaming variant of Oware, for Discord and the console.
#[derive(Parser, Debug)]
#[command(name = "namnam", version, about)]
pub struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Speak the engine's JSON-lines protocol on standard input and output (docs/rules.md §8).
    Engine,
    /// Run the Discord bot (the default): settings from the environment or `.env`.
    Run(run::Args),
    /// Play whole matches between computer players and print a summary.
    Selfplay(selfplay::Args),
    /// Play on the terminal: `[#channel] user command [name:value …]` per line (see docs/console.md).
    Console(console::Args),
    /// Draw a position as a PNG, and optionally a move as an animated GIF.
    Render(render::Args),
    /// Copy a whole installation into a new, empty database (SQLite to PostgreSQL, or back).
    MigrateDb(migrate_db::Args),
    /// Write a stored match as a Nam-nam record (.nnr, docs/record-format.md) on standard output.
    Export(export::Args),
    /// Play a Nam-nam record move by move: each board as text, and as pictures with --images.
    Replay(replay::Args),
    /// Serve the servers' web pages (leaderboards, players, matches, tournaments), read-only (docs/web.md).
    Web(web::Args),
    /// Measure the search: nodes a second from the opening, in turn with the in-repo yardstick's.
    Speed(speed::Args),
    /// Play two engine processes against each other through the protocol's `best` op (one-round matches,
    /// both colours from the opening and from seeded random starts) and report the score with its 95%
    /// interval.
    MatchEngines(match_engines::Args),
    /// Level 5's opening book: `namnam book build` searches every round start and writes the book.
    Book(book::Args),
    /// Puzzles: `namnam puzzles mine` finds them (self-play or --db), `namnam puzzles check` proves a
    /// puzzle file's answers again (docs/puzzles.md).
    Puzzles(puzzles::Args),
}

pub fn run(cli: Cli) -> anyhow::Result<()> {
    // The tools that print to standard output end quietly when their reader goes away (`namnam selfplay |
    // head`), as `cat` does, instead of panicking in `println!`. The bot, the web server, the console and
    // the database copy keep Rust's default (the signal ignored, the write an error): their sockets and
    // transactions must not be cut off by it.
    if matches!(
        cli.command,
        Some(
            Command::Engine
                | Command::Selfplay(_)
                | Command::Render(_)
                | Command::Speed(_)
                | Command::MatchEngines(_)
                | Command::Book(_)
                | Command::Puzzles(_)
                | Command::Export(_)
                | Command::Replay(_)
        )
    ) {
        end_quietly_on_a_closed_pipe();
    }
    match cli.command {
        Some(Command::Engine) => engine::run(),
        Some(Command::Selfplay(args)) => selfplay::run(args),
        Some(Command::Console(args)) => console::run(args),
        Some(Command::Render(args)) => render::run(args),
        Some(Command::Speed(args)) => speed::run(args),
        Some(Command::MatchEngines(args)) => match_engines::run(args),
        Some(Command::Book(args)) => book::run(args),
        Some(Command::Puzzles(args)) => puzzles::run(args),
        Some(Command::Export(args)) => export::run(args),
        Some(Command::Replay(args)) => replay::run(args),
        Some(Command::MigrateDb(args)) => migrate_db::run(args),
        Some(Command::Web(args)) => web::run(args),
        Some(Command::Run(args)) => run::run(args),
        None => run::run(run::Args::default()),
    }
}

/// Restores the default action of SIGPIPE (end the process), which Rust's runtime sets to "ignore".
fn end_quietly_on_a_closed_pipe() {
    #[cfg(unix)]
    // SAFETY: called at start-up, before any thread is spawned; `signal` with `SIG_DFL` only resets the
    // disposition of one signal.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}
