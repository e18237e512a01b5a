//! The tournament suite: whole tournaments through the fake Discord with the discord_e2e suite's fixture
//! (`crates/cli/tests/discord_e2e/fixture.rs`), plus several matches in one channel there.
//!
//! (The pairing is tested in the tournament crate, the standings picture in the render crate.)

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

mod several_matches;
mod through_discord;
