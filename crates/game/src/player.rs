//! The small vocabulary of the game: the two players, a house, and a pair of values, one per player.

use serde::{Deserialize, Serialize};
use std::fmt;

/// One of the two players. South sits at the bottom of the picture (the challenger), North at the top.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Player {
    South,
    North,
}

impl Player {
    /// Both players, South first (the order of `stores` in the engine protocol).
    pub const BOTH: [Player; 2] = [Player::South, Player::North];

    /// The opponent.
    #[inline]
    pub fn other(self) -> Player {
        match self {
            Player::South => Player::North,
            Player::North => Player::South,
        }
    }

    /// 0 for South, 1 for North.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The lower-case name used in JSON and messages.
    pub fn name(self) -> &'static str {
        match self {
            Player::South => "south",
            Player::North => "north",
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A value for each player, South first. Serialised as a two-element array `[south, north]`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(from = "[T; 2]", into = "[T; 2]")]
pub struct ByPlayer<T: Copy> {
    pub south: T,
    pub north: T,
}

impl<T: Copy> ByPlayer<T> {
    pub const fn new(south: T, north: T) -> Self {
        ByPlayer { south, north }
    }

    #[inline]
    pub fn get(&self, player: Player) -> T {
        match player {
            Player::South => self.south,
            Player::North => self.north,
        }
    }

    #[inline]
    pub fn get_mut(&mut self, player: Player) -> &mut T {
        match player {
            Player::South => &mut self.south,
            Player::North => &mut self.north,
        }
    }

    pub fn map<U: Copy>(self, f: impl Fn(T) -> U) -> ByPlayer<U> {
        ByPlayer::new(f(self.south), f(self.north))
    }
}

impl<T: Copy> From<[T; 2]> for ByPlayer<T> {
    fn from([south, north]: [T; 2]) -> Self {
        ByPlayer { south, north }
    }
}

impl<T: Copy> From<ByPlayer<T>> for [T; 2] {
    fn from(p: ByPlayer<T>) -> Self {
        [p.south, p.north]
    }
}

/// A house of the ring, always 0–11 (people see `index + 1`, 1–12).
///
/// ```text
///          North
///   11 10  9  8  7  6
///    0  1  2  3  4  5      sowing runs 0 → 1 → … → 11 → 0 (anticlockwise)
///          South
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct House(u8);

/// A house index or label outside the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("there is no house {0}: houses are numbered 1 to 12")]
pub struct NoSuchHouse(pub i64);

impl House {
    pub const COUNT: usize = 12;

    /// All twelve houses in sowing order.
    pub fn all() -> impl Iterator<Item = House> {
        (0..12).map(House)
    }

    /// The house with this index (0–11).
    pub fn new(index: usize) -> Option<House> {
        (index < 12).then_some(House(index as u8))
    }

    /// The house people call `label` (1–12).
    pub fn from_label(label: i64) -> Result<House, NoSuchHouse> {
        if (1..=12).contains(&label) {
            Ok(House(label as u8 - 1))
        } else {
            Err(NoSuchHouse(label))
        }
    }

    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The same house with the players' sides swapped ([`Position::with_sides_swapped`](crate::Position)):
    /// six houses on, so that house 1 becomes house 7 and house 7 house 1.
    pub fn with_sides_swapped(self) -> House {
        House((self.0 + 6) % 12)
    }

    /// The number people see: index + 1.
    pub fn label(self) -> u8 {
        self.0 + 1
    }

    /// The next house in sowing order.
    #[inline]
    pub fn next(self) -> House {
        House(if self.0 == 11 { 0 } else { self.0 + 1 })
    }
}

impl TryFrom<u8> for House {
    type Error = NoSuchHouse;
    fn try_from(index: u8) -> Result<Self, Self::Error> {
        House::new(index as usize).ok_or(NoSuchHouse(index as i64 + 1))
    }
}

impl From<House> for u8 {
    fn from(h: House) -> u8 {
        h.0
    }
}

impl fmt::Display for House {
    /// Shows the label (1–12), as players see it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.label())
    }
}
