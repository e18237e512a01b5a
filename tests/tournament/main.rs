//! The tournament suite: the pairing (round robin by Berger tables, Swiss by a maximum-weight matching), the
//! standings picture, and whole tournaments through the fake Discord with the discord_e2e suite's fixture
//! (`tests/discord_e2e/fixture.rs`), plus several matches in one channel there.
//!
//! One test binary for all of them: each binary links the whole crate, so fewer binaries build faster.

#[path = "../support/mod.rs"]
mod support;

// The discord_e2e suite's own fixture and helpers: this suite uses only part of them.
#[allow(dead_code)]
#[path = "../discord_e2e/checks.rs"]
mod checks;
#[allow(dead_code)]
#[path = "../discord_e2e/fixture.rs"]
mod fixture;
#[allow(dead_code)]
#[path = "../discord_e2e/payload.rs"]
mod payload;

mod pairing;
mod several_matches;
mod standings_picture;
mod through_discord;
