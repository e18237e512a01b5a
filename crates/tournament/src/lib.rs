//! The pure logic of tournaments: who meets whom and on which side, and the standings. No storage, no chat,
//! no clock: the core keeps the games and asks these functions for the next round and the table
//! ([tournaments.md](../../docs/tournaments.md), "Pairing").
//!
//! Entrants are numbered `0..n` in seeding order (0 is the top seed). South moves first, like White in
//! chess, so "sides" here are what colours are to a chess pairing.
//!
//! - [`berger`]: a whole round robin at once, from Berger tables;
//! - [`swiss`]: the next Swiss round, from the games so far, by a maximum-weight matching;
//! - [`standings`]: points, tie-breaks and ranks.

pub mod berger;
mod matching;
mod record;
pub mod standings;
pub mod swiss;

pub use record::{Outcome, Played, Record, RecordError};

/// One game of a round: `south` moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pairing {
    pub south: usize,
    pub north: usize,
}

/// The games of one round, and who sits it out (an odd field has one bye a round, which scores a win).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Round {
    pub games: Vec<Pairing>,
    pub bye: Option<usize>,
}

/// How a tournament pairs its rounds; the standings' tie-breaks follow from it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    RoundRobin,
    Swiss,
}
