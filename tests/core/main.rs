//! The core suite: the platform-neutral bot (`src/bot/`) with the real engine and a hand-moved clock, every
//! test twice: on a real SQLite file and on a real PostgreSQL server (`support/postgres.rs` starts one for
//! this binary if PostgreSQL is installed), one module per concern — what the Discord adapter needs of it, the move clock, the
//! clock through outages, the console front end, whole matches, takebacks, records of matches (`namnam export` and `replay`), refusals, rematches, playing the computer, and several processes on one
//! database.
//!
//! One test binary for all of them: each binary links the whole crate, so fewer binaries build faster.

#[path = "../support/postgres.rs"]
mod postgres;

#[path = "../support/planted.rs"]
mod planted;

#[macro_use]
mod common;

mod adapter;
mod analysis;
mod clock;
mod console;
mod migrate;
mod notify;
mod outage;
mod play;
mod processes;
mod records;
mod refusals;
mod rematch;
mod replay;
mod seasons;
mod several;
mod takeback;
mod tournaments;
mod vs_computer;
