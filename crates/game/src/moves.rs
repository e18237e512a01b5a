//! Playing a move on a position: legality (rules.md §2–3), passes, the stall and stuck endings (§3–4).

use super::board::Board;
use super::events::{EndOnly, EndReason, EventLog, MoveEvent, Observer, Silent};
use super::player::{ByPlayer, House, Player};
use super::position::{Position, STALL_MOVES};
use super::sowing::{sow, Endless};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Why a move is not legal, in the order the engine protocol checks them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum IllegalMove {
    #[error("the round is over")]
    RoundOver,
    #[error("that house belongs to the other player")]
    NotOwner,
    #[error("that house is empty")]
    EmptyHouse,
    #[error("that move would go round for ever")]
    Endless,
    #[error("the opponent has no seeds: this move must give them some")]
    MustFeed,
}

impl IllegalMove {
    /// The protocol's error code.
    pub fn code(self) -> &'static str {
        match self {
            IllegalMove::RoundOver => "round-over",
            IllegalMove::NotOwner => "not-owner",
            IllegalMove::EmptyHouse => "empty-house",
            IllegalMove::Endless => "endless",
            IllegalMove::MustFeed => "must-feed",
        }
    }
}

/// The legal moves of a position, ascending, without allocating.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct MoveList {
    houses: [u8; 12],
    len: u8,
}

impl MoveList {
    const EMPTY: MoveList = MoveList {
        houses: [0; 12],
        len: 0,
    };

    fn push(&mut self, h: usize) {
        self.houses[self.len as usize] = h as u8;
        self.len += 1;
    }
    pub fn len(&self) -> usize {
        self.len as usize
    }
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    pub fn get(&self, i: usize) -> House {
        House::new(self.houses[..self.len()][i] as usize).expect("only houses are pushed")
    }
    pub fn contains(&self, house: House) -> bool {
        self.iter().any(|h| h == house)
    }
    pub fn iter(&self) -> impl Iterator<Item = House> + '_ {
        self.houses[..self.len()]
            .iter()
            .map(|&h| House::new(h as usize).expect("only houses are pushed"))
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list()
            .entries(self.iter().map(House::index))
            .finish()
    }
}

/// A set of houses, iterated in ascending order: bit by bit, so that an empty house costs nothing (a
/// loop over all twelve would guess wrong at every house it skips).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Houses(u16);

impl Houses {
    /// Is house `house` (0–11) in the set?
    pub fn contains(self, house: usize) -> bool {
        debug_assert!(house < 12, "house {house}");
        self.0 >> house & 1 == 1
    }

    /// The same set without house `house` (0–11).
    pub fn without(self, house: usize) -> Houses {
        debug_assert!(house < 12, "house {house}");
        Houses(self.0 & !(1 << house))
    }
}

impl Iterator for Houses {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let h = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(h)
    }
}

/// The moves from one position on the fast path, with what they share worked out once
/// ([`Position::children`]): a search makes every child of a position, and each used to ask again
/// whether the opponent owns seeds.
#[derive(Clone, Copy)]
pub struct Children<'a> {
    parent: &'a Position,
    starving: bool,
}

impl Children<'_> {
    /// The candidates: owned, non-empty houses of the player to move.
    #[inline]
    pub fn candidates(&self) -> Houses {
        self.parent.candidates()
    }

    /// [`Position::apply`] of `house`, which must be one of the [`candidates`](Self::candidates).
    #[inline(always)]
    pub fn apply(&self, house: usize) -> Result<Position, IllegalMove> {
        debug_assert!(self.parent.candidates().contains(house), "house {house}");
        self.parent.sow_candidate(house, self.starving, &mut Silent)
    }
}

/// A move played with its whole story.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveRecord {
    pub house: House,
    pub mover: Player,
    pub before: Position,
    pub after: Position,
    pub events: Vec<MoveEvent>,
}

impl MoveRecord {
    /// Laps sown (the first counts).
    pub fn laps(&self) -> usize {
        self.events
            .iter()
            .filter(|e| matches!(e, MoveEvent::Lap { .. }))
            .count()
    }

    pub fn captures(&self) -> impl Iterator<Item = &super::events::Capture> {
        self.events.iter().filter_map(|e| match e {
            MoveEvent::Capture(c) => Some(c),
            _ => None,
        })
    }

    pub fn passes(&self) -> impl Iterator<Item = Player> + '_ {
        self.events.iter().filter_map(|e| match e {
            MoveEvent::Pass { player } => Some(*player),
            _ => None,
        })
    }

    /// How the round ended, if this move ended it.
    pub fn round_end(&self) -> Option<EndReason> {
        self.events.iter().find_map(|e| match e {
            MoveEvent::RoundEnd { reason, .. } => Some(*reason),
            _ => None,
        })
    }
}

impl Position {
    /// Plays `house` without recording events and without looking ahead for a stuck player: the fast path for
    /// search and selfplay. The result may leave a player to move who has no legal move; whoever then finds
    /// [`legal_moves`](Self::legal_moves) empty calls [`end_stuck`](Self::end_stuck). [`play`](Self::play)
    /// does both at once.
    #[inline]
    pub fn apply(&self, house: House) -> Result<Position, IllegalMove> {
        self.play_with(house.index(), &mut Silent)
    }

    /// [`apply`](Self::apply), also telling whether (and how) the move ended the round.
    #[inline]
    pub fn apply_with_end(
        &self,
        house: House,
    ) -> Result<(Position, Option<EndReason>), IllegalMove> {
        let mut end = EndOnly::default();
        let next = self.play_with(house.index(), &mut end)?;
        Ok((next, end.0))
    }

    /// Plays `house` with every rule, including the stuck ending for the player who would move next, and
    /// returns the move's events.
    pub fn play(&self, house: House) -> Result<MoveRecord, IllegalMove> {
        let mut log = EventLog::default();
        let mut after = self.play_with(house.index(), &mut log)?;
        if !after.is_round_over() && !after.has_legal_move() {
            after.sweep(EndReason::Stuck, &mut log);
        }
        Ok(MoveRecord {
            house,
            mover: self.to_move,
            before: *self,
            after,
            events: log.0,
        })
    }

    /// The legal moves of the player to move, ascending.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::EMPTY;
        for h in self.candidates() {
            if self.play_with(h, &mut Silent).is_ok() {
                list.push(h);
            }
        }
        list
    }

    /// Does the player to move have a legal move? (Stops at the first.)
    pub fn has_legal_move(&self) -> bool {
        self.candidates()
            .any(|h| self.play_with(h, &mut Silent).is_ok())
    }

    /// Is `house` a legal move?
    pub fn is_legal(&self, house: House) -> bool {
        self.play_with(house.index(), &mut Silent).is_ok()
    }

    /// What every move from this position shares, worked out once for a search that makes all its
    /// children ([`Children::apply`]). The round must not be over.
    #[inline]
    pub fn children(&self) -> Children<'_> {
        debug_assert!(!self.is_round_over());
        Children {
            parent: self,
            starving: !self.owns_seeds(self.to_move.other()),
        }
    }

    /// Owned, non-empty houses of the player to move: the moves before the endless and feeding checks.
    #[inline]
    pub fn candidates(&self) -> Houses {
        Houses(self.territory.mask(self.to_move) & self.occupied())
    }

    /// Ends the round because the player to move is stuck (owns seeds, has no legal move): every house's seeds
    /// go to its owner. Call it only when [`legal_moves`](Self::legal_moves) is empty.
    pub fn end_stuck(&self) -> Position {
        let mut p = *self;
        if !p.is_round_over() {
            p.sweep(EndReason::Stuck, &mut Silent);
        }
        p
    }

    /// The seeds on the board go to the owner of each house; the round is over.
    fn sweep<O: Observer>(&mut self, reason: EndReason, obs: &mut O) {
        let swept = ByPlayer::new(
            self.seeds_owned(Player::South) as u8,
            self.seeds_owned(Player::North) as u8,
        );
        self.stores.south += swept.south;
        self.stores.north += swept.north;
        self.board = Board::EMPTY;
        self.since_capture = 0;
        self.to_move = self.starter.other();
        obs.round_end(reason, swept);
    }

    #[inline(always)]
    pub(crate) fn play_with<O: Observer>(
        &self,
        house: usize,
        obs: &mut O,
    ) -> Result<Position, IllegalMove> {
        if self.is_round_over() {
            return Err(IllegalMove::RoundOver);
        }
        if self.territory.mask(self.to_move) >> house & 1 == 0 {
            return Err(IllegalMove::NotOwner);
        }
        if self.board.get(house) == 0 {
            return Err(IllegalMove::EmptyHouse);
        }
        let starving = !self.owns_seeds(self.to_move.other());
        self.sow_candidate(house, starving, obs)
    }

    /// Plays `house`, a candidate (owned by the player to move, not empty), `starving` saying whether the
    /// opponent owns no seeds.
    #[inline(always)]
    fn sow_candidate<O: Observer>(
        &self,
        house: usize,
        starving: bool,
        obs: &mut O,
    ) -> Result<Position, IllegalMove> {
        let mover = self.to_move;
        let opponent = mover.other();
        let mut next = *self;
        let sown = sow(&mut next, house, obs).map_err(|Endless| IllegalMove::Endless)?;
        if let Some(reason) = sown.end {
            debug_assert_eq!(reason, EndReason::LastSeeds);
            next.since_capture = 0;
            // A finished round names who starts the next one.
            next.to_move = self.starter.other();
            return Ok(next);
        }
        if starving && !next.owns_seeds(opponent) {
            return Err(IllegalMove::MustFeed);
        }
        next.since_capture = if sown.captured {
            0
        } else {
            self.since_capture + 1
        };
        if next.since_capture >= STALL_MOVES {
            next.sweep(EndReason::Stall, obs);
            return Ok(next);
        }
        if !next.owns_seeds(opponent) {
            obs.pass(opponent);
            next.to_move = mover;
        } else {
            next.to_move = opponent;
        }
        Ok(next)
    }
}
