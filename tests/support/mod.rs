//! Helpers shared by the integration tests that need them.

#![allow(dead_code)] // each test file uses a different part

pub mod fake_discord;
pub mod planted;
pub mod poll;
pub mod postgres;
pub mod running;
