//! The core suite: the platform-neutral bot (`src/bot/`) on a real SQLite file with the real engine and a
//! hand-moved clock, one module per concern — what the Discord adapter needs of it, the move clock, the
//! clock through outages, the console front end, whole matches, refusals, rematches, and playing the computer.
//!
//! One test binary for all of them: each binary links the whole crate, so fewer binaries build faster.

mod common;

mod adapter;
mod clock;
mod console;
mod outage;
mod play;
mod refusals;
mod rematch;
mod vs_computer;
