//! The console front end, on a SQLite file and on PostgreSQL, with the core suite's helpers.

use namnam_testkit::postgres;

#[allow(unused_macros, dead_code)] // the core suite's helpers: this suite uses part of them
#[macro_use]
#[path = "../../../core/tests/core/common.rs"]
mod common;

#[path = "../../../core/tests/support/puzzles.rs"]
mod puzzle_set;

mod abuse;
mod console;
mod daily;
mod lessons;
mod live;
mod places;
mod puzzles;
mod takeback;
