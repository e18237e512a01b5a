//! The core suite: the platform-neutral bot (the `namnam-core` crate) with the real engine and a hand-moved clock, every
//! test twice: on a real SQLite file and on a real PostgreSQL server (`namnam_testkit::postgres` starts one for
//! this binary if PostgreSQL is installed), one module per concern — what the Discord adapter needs of it, the move clock, the
//! clock through outages, whole matches, takebacks, replays, refusals, rematches, playing the computer, and several processes on one
//! database.
//!
//! The console front end has its tests in its crate, `namnam export` and `replay` in the `namnam` package,
//! both with this suite's `common.rs`.

use namnam_testkit::postgres;

#[path = "../support/planted.rs"]
mod planted;

#[path = "../support/puzzles.rs"]
mod puzzle_set;

#[macro_use]
mod common;

mod abuse;
mod adapter;
mod analysis;
mod clock;
mod daily;
mod everywhere;
mod languages;
mod lessons;
mod menu_drafts;
mod migrate;
mod names;
mod notify;
mod open_challenges;
mod outage;
mod picture_languages;
mod play;
mod privacy;
mod processes;
mod puzzles;
mod refusals;
mod rematch;
mod replay;
mod seasons;
mod several;
mod takeback;
mod tournaments;
mod vs_computer;
mod web;
