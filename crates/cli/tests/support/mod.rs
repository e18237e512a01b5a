//! Helpers shared by the integration tests that need them.

#![allow(dead_code, unused_imports)] // each test file uses a different part

pub mod answers_only;
pub use fake_discord;
pub use namnam_testkit::{poll, postgres};
#[path = "../../../core/tests/support/planted.rs"]
pub mod planted;
#[path = "../../../core/tests/support/puzzles.rs"]
pub mod puzzle_set;
pub mod running;
