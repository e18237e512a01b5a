//! The five levels: a node budget each, and for the two lowest, deliberate mistakes.
//!
//! Level 5 is set to answer in about a second on one core of a small server. Below it, each level
//! searches fewer nodes by a factor measured to make the level above win at least two matches in three
//! (docs/ai.md). Deeper searches gain less from the same factor — at 64 000 against 500 000 nodes the
//! larger search won only 60% — so levels 1 to 4 stay shallow (×8 with mistakes from 1 to 2, ×4 with
//! mistakes from 2 to 3, ×8 from 3 to 4), and level 5 takes the whole second.
//! A mistake is a uniformly random legal move, drawn from the caller's seed, so a game against level 1
//! feels like a beginner's and is still the same game for the same seed.

use std::fmt;
use std::str::FromStr;

/// A level from 1 (a gentle beginner) to 5 (the strongest that answers in about a second).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Level(u8);

/// A level outside 1–5.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the level must be 1 to 5, not {0}")]
pub struct BadLevel(pub i64);

impl Level {
    pub const WEAKEST: Level = Level(1);
    pub const STRONGEST: Level = Level(5);
    /// The level of a challenge that names none: gentle enough for a first match.
    pub const DEFAULT: Level = Level(2);

    pub fn new(level: i64) -> Result<Level, BadLevel> {
        if (1..=5).contains(&level) {
            Ok(Level(level as u8))
        } else {
            Err(BadLevel(level))
        }
    }

    /// All levels, weakest first.
    pub fn all() -> impl Iterator<Item = Level> {
        (1..=5).map(Level)
    }

    pub fn number(self) -> u8 {
        self.0
    }

    /// The positions a search at this level may make.
    pub fn nodes(self) -> u64 {
        match self.0 {
            1 => 250,
            2 => 2_000,
            3 => 8_000,
            4 => 62_500,
            _ => 17_000_000,
        }
    }

    /// How often, in thousandths of the moves, the level plays a random legal move instead of its search's.
    pub fn mistakes_per_mille(self) -> u32 {
        match self.0 {
            1 => 300,
            2 => 100,
            _ => 0,
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl FromStr for Level {
    type Err = String;
    fn from_str(s: &str) -> Result<Level, String> {
        let n: i64 = s
            .parse()
            .map_err(|_| format!("`{s}` is not a level: use 1 to 5"))?;
        Level::new(n).map_err(|e| e.to_string())
    }
}
