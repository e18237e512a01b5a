//! Positions: the raw form carried by JSON and the database, and the validated form the engine plays on.

use super::board::Board;
use super::player::{ByPlayer, House, Player};
use super::territory::Territory;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Seeds in a whole round.
pub const TOTAL_SEEDS: u8 = 48;
/// Moves in a row without a capture that end a round (rules.md §4.2, stall).
pub const STALL_MOVES: u8 = 100;

/// Who receives the last seeds when a capture leaves four or fewer in play (rules.md §4.1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Endgame {
    /// The player who made that capture (the default).
    #[default]
    Capturer,
    /// The player who made the round's first move.
    Starter,
}

/// The rule options that change how a move plays.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Rules {
    pub endgame: Endgame,
    /// The chain capture of rules.md §5.
    pub chain: bool,
}

/// A position as the engine protocol and the database write it (rules.md §8.1): public fields, no promises.
/// Turn it into a [`Position`] with `try_from`, which checks everything.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RawPosition {
    pub territory: i64,
    pub board: Vec<i64>,
    pub stores: Vec<i64>,
    pub to_move: Player,
    pub starter: Player,
    pub since_capture: i64,
    pub rules: Rules,
}

/// Why a raw position is not a position; every reason found is listed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid position: {}", .0.join("; "))]
pub struct InvalidPosition(pub Vec<String>);

/// A valid position in a round: 12 houses, both players owning at least one house, 48 seeds between the
/// board and the stores. A round is over exactly when the board is empty.
///
/// Fields are private so that an invalid position cannot be built.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) board: Board,
    pub(crate) stores: ByPlayer<u8>,
    pub(crate) territory: Territory,
    pub(crate) to_move: Player,
    pub(crate) starter: Player,
    pub(crate) since_capture: u8,
    pub(crate) rules: Rules,
}

impl Position {
    /// The first position of a round: four seeds in every house, `starter` to move.
    ///
    /// Panics if `territory` gives a player no house: such a match is over and has no rounds.
    pub fn new_round(territory: Territory, starter: Player, rules: Rules) -> Position {
        assert!(
            !territory.is_whole_board(),
            "a round needs both players to own a house"
        );
        Position {
            board: Board::from_houses([4; 12]),
            stores: ByPlayer::new(0, 0),
            territory,
            to_move: starter,
            starter,
            since_capture: 0,
            rules,
        }
    }

    /// The opening of a match: six houses each.
    pub fn opening(starter: Player, rules: Rules) -> Position {
        Position::new_round(Territory::EVEN, starter, rules)
    }

    pub fn board(&self) -> [u8; 12] {
        self.board.houses()
    }
    pub fn seeds(&self, house: House) -> u8 {
        self.board.get(house.index())
    }
    pub fn stores(&self) -> ByPlayer<u8> {
        self.stores
    }
    pub fn territory(&self) -> Territory {
        self.territory
    }
    pub fn to_move(&self) -> Player {
        self.to_move
    }
    pub fn starter(&self) -> Player {
        self.starter
    }
    pub fn since_capture(&self) -> u8 {
        self.since_capture
    }
    pub fn rules(&self) -> Rules {
        self.rules
    }
    pub fn owner(&self, house: House) -> Player {
        self.territory.owner(house)
    }

    /// The round is over: every seed is in a store.
    #[inline]
    pub fn is_round_over(&self) -> bool {
        self.board.is_empty()
    }

    /// Seeds lying in the houses `player` owns.
    #[inline]
    pub fn seeds_owned(&self, player: Player) -> u32 {
        self.board.sum(self.territory.byte_mask(player))
    }

    /// The houses as packed words, for word arithmetic over the whole board (the evaluation).
    #[inline]
    pub fn packed(&self) -> Board {
        self.board
    }

    /// A bit mask of the houses holding seeds (bit `h` for house `h`).
    #[inline]
    pub fn occupied(&self) -> u16 {
        self.board.occupied()
    }

    /// Does `player` own any seeds?
    #[inline]
    pub fn owns_seeds(&self, player: Player) -> bool {
        self.board.any(self.territory.byte_mask(player))
    }

    /// Seeds on the board.
    pub fn seeds_in_play(&self) -> u8 {
        TOTAL_SEEDS - self.stores.south - self.stores.north
    }

    /// The raw (JSON) form.
    pub fn to_raw(&self) -> RawPosition {
        RawPosition {
            territory: self.territory.south_houses() as i64,
            board: self.board().iter().map(|&s| s as i64).collect(),
            stores: vec![self.stores.south as i64, self.stores.north as i64],
            to_move: self.to_move,
            starter: self.starter,
            since_capture: self.since_capture as i64,
            rules: self.rules,
        }
    }

    /// Builds a position from its parts, checking them as [`RawPosition`] does.
    pub fn from_parts(
        territory: u8,
        board: [u8; 12],
        stores: [u8; 2],
        to_move: Player,
        starter: Player,
        rules: Rules,
    ) -> Result<Position, InvalidPosition> {
        Position::try_from(RawPosition {
            territory: territory as i64,
            board: board.iter().map(|&s| s as i64).collect(),
            stores: stores.iter().map(|&s| s as i64).collect(),
            to_move,
            starter,
            since_capture: 0,
            rules,
        })
    }

    /// The same position with the players' roles swapped: North's houses, seeds and store become South's
    /// and the other way round, and so do the player to move and the round's starter. The board turns by
    /// six houses (each house `h` becomes [`House::with_sides_swapped`]), which keeps the sowing order and
    /// maps each territory's arc onto the other's (both arcs are unbroken, South's starting at house 1 or
    /// ending at house 6). Every rule is about owners and sowing order, so play is the same: a move of house
    /// `h` here is the move of its swapped house there, with the swapped result (tested).
    pub fn with_sides_swapped(&self) -> Position {
        let board = self.board();
        let mut swapped = [0u8; 12];
        for house in House::all() {
            swapped[house.with_sides_swapped().index()] = board[house.index()];
        }
        Position {
            board: Board::from_houses(swapped),
            stores: ByPlayer::new(self.stores.north, self.stores.south),
            territory: Territory::new(12 - self.territory.south_houses())
                .expect("12 - k is a territory"),
            to_move: self.to_move.other(),
            starter: self.starter.other(),
            since_capture: self.since_capture,
            rules: self.rules,
        }
    }

    /// The same position with `since_capture` set (for tests and tools).
    pub fn with_since_capture(mut self, moves: u8) -> Result<Position, InvalidPosition> {
        if moves >= STALL_MOVES {
            return Err(InvalidPosition(vec![format!(
                "since_capture must be below {STALL_MOVES}"
            )]));
        }
        self.since_capture = moves;
        Ok(self)
    }
}

impl TryFrom<RawPosition> for Position {
    type Error = InvalidPosition;

    fn try_from(raw: RawPosition) -> Result<Position, InvalidPosition> {
        let mut why = Vec::new();
        if !(1..=11).contains(&raw.territory) {
            why.push(format!(
                "territory must be 1–11 (both players own a house), not {}",
                raw.territory
            ));
        }
        if raw.board.len() != 12 {
            why.push(format!(
                "board must have 12 houses, not {}",
                raw.board.len()
            ));
        }
        if raw.stores.len() != 2 {
            why.push(format!(
                "stores must have 2 entries, not {}",
                raw.stores.len()
            ));
        }
        if raw.board.iter().chain(&raw.stores).any(|&s| s < 0) {
            why.push("seed counts cannot be negative".into());
        }
        let total: i64 = raw.board.iter().chain(&raw.stores).sum();
        if total != TOTAL_SEEDS as i64 {
            why.push(format!("board and stores must hold 48 seeds, not {total}"));
        }
        if !(0..STALL_MOVES as i64).contains(&raw.since_capture) {
            why.push(format!(
                "since_capture must be 0–{}, not {}",
                STALL_MOVES - 1,
                raw.since_capture
            ));
        }
        if !why.is_empty() {
            return Err(InvalidPosition(why));
        }
        let mut board = [0u8; 12];
        for (b, &s) in board.iter_mut().zip(&raw.board) {
            *b = s as u8;
        }
        Ok(Position {
            board: Board::from_houses(board),
            stores: ByPlayer::new(raw.stores[0] as u8, raw.stores[1] as u8),
            territory: Territory::new(raw.territory as u8).expect("checked above"),
            to_move: raw.to_move,
            starter: raw.starter,
            since_capture: raw.since_capture as u8,
            rules: raw.rules,
        })
    }
}

impl Serialize for Position {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.to_raw().serialize(s)
    }
}

impl<'de> Deserialize<'de> for Position {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let raw = RawPosition::deserialize(d)?;
        Position::try_from(raw).map_err(serde::de::Error::custom)
    }
}

impl fmt::Debug for Position {
    /// `[2,7,1,6,1,6 | 6,6,0,1,6,6] stores 0/0 k=6 south to move`, the notation of rules.md §9.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let b = self.board();
        write!(
            f,
            "[{},{},{},{},{},{} | {},{},{},{},{},{}] stores {}/{} k={} {} to move (starter {}, {} since capture)",
            b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11],
            self.stores.south, self.stores.north, self.territory.south_houses(), self.to_move,
            self.starter, self.since_capture
        )
    }
}
