//! The six levels: a node budget each, and for the three lowest, deliberate mistakes.
//!
//! Level 1 is a beginner's: it looks one move ahead and plays a random move often, so that a new player
//! who takes what is offered beats it (docs/ai.md measures it against a greedy and a random player).
//! Level 6 is set to answer in about a second on one core of a small server. Between them, each level
//! searches fewer nodes than the one above by a factor measured to make the level above win at least two
//! matches in three (docs/ai.md). Deeper searches gain less from the same factor — at 64 000 against
//! 500 000 nodes the larger search won only 60% — so levels 2 to 5 stay shallow (×8 with mistakes from 2 to
//! 3, ×4 with mistakes from 3 to 4, ×8 from 4 to 5), and level 6 takes the whole second.
//! A mistake is a uniformly random legal move, drawn from the caller's seed, so a game against level 1
//! feels like a beginner's and is still the same game for the same seed.

use std::fmt;
use std::str::FromStr;

/// A level from 1 (a beginner) to 6 (the strongest that answers in about a second).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Level(u8);

/// A level outside 1–6.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the level must be 1 to 6, not {0}")]
pub struct BadLevel(pub i64);

impl Level {
    pub const WEAKEST: Level = Level(1);
    pub const STRONGEST: Level = Level(6);
    /// The level of a first match against the computer: a beginner's.
    pub const DEFAULT: Level = Level(1);
    /// How many levels there are.
    pub const COUNT: u8 = 6;

    pub fn new(level: i64) -> Result<Level, BadLevel> {
        if (1..=i64::from(Self::COUNT)).contains(&level) {
            Ok(Level(level as u8))
        } else {
            Err(BadLevel(level))
        }
    }

    /// All levels, weakest first.
    pub fn all() -> impl Iterator<Item = Level> {
        (1..=Self::COUNT).map(Level)
    }

    pub fn number(self) -> u8 {
        self.0
    }

    /// The level above, if there is one.
    pub fn next(self) -> Option<Level> {
        (self.0 < Self::COUNT).then_some(Level(self.0 + 1))
    }

    /// The positions a search at this level may make. Level 1's budget is one move ahead: the position's
    /// own moves and nothing after them.
    pub fn nodes(self) -> u64 {
        match self.0 {
            1 => crate::search::MIN_NODES,
            2 => 250,
            3 => 2_000,
            4 => 8_000,
            5 => 62_500,
            _ => 17_000_000,
        }
    }

    /// How often, in thousandths of the moves, the level plays a random legal move instead of its search's.
    pub fn mistakes_per_mille(self) -> u32 {
        match self.0 {
            1 => BEGINNER_MISTAKES,
            2 => 300,
            3 => 100,
            _ => 0,
        }
    }
}

/// Level 1's random moves, in thousandths: measured so that a greedy player beats it and it beats a random
/// one (docs/ai.md).
const BEGINNER_MISTAKES: u32 = 650;

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
            .map_err(|_| format!("`{s}` is not a level: use 1 to 6"))?;
        Level::new(n).map_err(|e| e.to_string())
    }
}
