//! The `namnam` command's records of matches (`namnam export` and `replay`), its puzzles (`namnam puzzles`)
//! and its tools whose reader goes away, run as a user runs them, on a SQLite file and on PostgreSQL, with
//! the core suite's helpers.

use namnam_testkit::postgres;

#[allow(unused_macros, dead_code)] // the core suite's helpers: this suite uses part of them
#[macro_use]
#[path = "../../../core/tests/core/common.rs"]
mod common;

mod abuse;
mod bad_input;
mod pipes;
mod puzzles;
mod read_only;
mod records;
mod secrets;
