//! Move events: the complete story of one move, seed by seed, for animations, messages and storage.
//! Replaying them from the position before the move gives the position after it.

use super::board::Board;
use super::player::{ByPlayer, House, Player};
use super::position::{Position, STALL_MOVES};
use serde::{Deserialize, Serialize};

/// How a round ended (rules.md §4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EndReason {
    /// A capture left four or fewer seeds in play.
    LastSeeds,
    /// 100 moves in a row captured nothing.
    Stall,
    /// The player to move owned seeds but had no legal move.
    Stuck,
}

impl EndReason {
    pub const ALL: [EndReason; 3] = [EndReason::LastSeeds, EndReason::Stall, EndReason::Stuck];

    /// The protocol's name: `last-seeds`, `stall`, `stuck`.
    pub fn name(self) -> &'static str {
        match self {
            EndReason::LastSeeds => "last-seeds",
            EndReason::Stall => "stall",
            EndReason::Stuck => "stuck",
        }
    }
}

/// Which rule made a capture.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CaptureKind {
    /// A four made while seeds were still in hand: the house's owner takes it.
    MidLap,
    /// The mover's last seed made a four.
    LastSeed,
    /// The mover's last seed made a four in the opponent's house and took the 2s and 3s behind it
    /// (rules.md §5).
    Chain,
}

/// One capture: who took which houses, and how many seeds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Capture {
    pub player: Player,
    /// The four's house first; for a chain, then the run behind it, clockwise.
    pub houses: Vec<House>,
    pub seeds: u8,
    pub kind: CaptureKind,
}

/// One step of a move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "kebab-case")]
pub enum MoveEvent {
    /// A lap begins: every seed of `house` is lifted.
    Lap {
        house: House,
        seeds: u8,
    },
    /// One seed dropped into `house`, which now holds `count`.
    Sow {
        house: House,
        count: u8,
    },
    Capture(Capture),
    /// `player` owns no seeds and passes; the mover moves again.
    Pass {
        player: Player,
    },
    /// The round ended; `swept` are the seeds that went to each store from the board (and the hand).
    RoundEnd {
        reason: EndReason,
        swept: ByPlayer<u8>,
    },
}

/// Receives the steps of a move as the sowing kernel makes them. The fast paths use [`Silent`], which
/// compiles away; [`EventLog`] records them.
pub(crate) trait Observer {
    /// Does it want every seed ([`sow`](Self::sow))? The kernel sows a run of houses in one step and
    /// reports its seeds one by one only to an observer that asks: an observer that overrides `sow` must
    /// say `true` here, or it never hears of a seed.
    const SEES_SEEDS: bool;
    #[inline(always)]
    fn lap(&mut self, _house: usize, _seeds: u8) {}
    #[inline(always)]
    fn sow(&mut self, _house: usize, _count: u8) {}
    #[inline(always)]
    fn capture(&mut self, _player: Player, _kind: CaptureKind, _houses: &[u8], _seeds: u8) {}
    #[inline(always)]
    fn pass(&mut self, _player: Player) {}
    #[inline(always)]
    fn round_end(&mut self, _reason: EndReason, _swept: ByPlayer<u8>) {}
}

/// Records nothing.
pub(crate) struct Silent;
impl Observer for Silent {
    const SEES_SEEDS: bool = false;
}

/// Remembers only how the round ended, if it did.
#[derive(Default)]
pub(crate) struct EndOnly(pub Option<EndReason>);
impl Observer for EndOnly {
    const SEES_SEEDS: bool = false;
    #[inline(always)]
    fn round_end(&mut self, reason: EndReason, _swept: ByPlayer<u8>) {
        self.0 = Some(reason);
    }
}

/// Records every step.
#[derive(Default)]
pub(crate) struct EventLog(pub Vec<MoveEvent>);

fn house(index: usize) -> House {
    House::new(index).expect("the kernel only names houses 0–11")
}

impl Observer for EventLog {
    const SEES_SEEDS: bool = true;
    fn lap(&mut self, h: usize, seeds: u8) {
        self.0.push(MoveEvent::Lap {
            house: house(h),
            seeds,
        });
    }
    fn sow(&mut self, h: usize, count: u8) {
        self.0.push(MoveEvent::Sow {
            house: house(h),
            count,
        });
    }
    fn capture(&mut self, player: Player, kind: CaptureKind, houses: &[u8], seeds: u8) {
        self.0.push(MoveEvent::Capture(Capture {
            player,
            houses: houses.iter().map(|&h| house(h as usize)).collect(),
            seeds,
            kind,
        }));
    }
    fn pass(&mut self, player: Player) {
        self.0.push(MoveEvent::Pass { player });
    }
    fn round_end(&mut self, reason: EndReason, swept: ByPlayer<u8>) {
        self.0.push(MoveEvent::RoundEnd { reason, swept });
    }
}

/// Events that do not fit the position they are replayed on.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("events do not replay: {0}")]
pub struct ReplayError(pub String);

/// Plays `events` on `before`, as an animation would, and returns the position they lead to. Every count the
/// events carry is checked against the board.
pub fn replay(before: &Position, events: &[MoveEvent]) -> Result<Position, ReplayError> {
    let fail = |what: String| Err(ReplayError(what));
    let mover = before.to_move;
    let mut board = before.board();
    let mut stores = before.stores;
    let mut hand = 0u8;
    let (mut captured, mut passed, mut ended) = (false, false, false);
    for event in events {
        match event {
            MoveEvent::Lap { house, seeds } => {
                if hand != 0 || board[house.index()] != *seeds {
                    return fail(format!("lap from house {house} with {seeds} seeds"));
                }
                hand = *seeds;
                board[house.index()] = 0;
            }
            MoveEvent::Sow { house, count } => {
                if hand == 0 || board[house.index()] + 1 != *count {
                    return fail(format!("seed into house {house} making {count}"));
                }
                hand -= 1;
                board[house.index()] += 1;
            }
            MoveEvent::Capture(c) => {
                let taken: u32 = c.houses.iter().map(|h| board[h.index()] as u32).sum();
                if taken != c.seeds as u32 {
                    return fail(format!("capture of {} seeds", c.seeds));
                }
                for h in &c.houses {
                    board[h.index()] = 0;
                }
                *stores.get_mut(c.player) += c.seeds;
                captured = true;
            }
            MoveEvent::Pass { .. } => passed = true,
            MoveEvent::RoundEnd { swept, .. } => {
                let on_board: u32 = board.iter().map(|&s| s as u32).sum::<u32>() + hand as u32;
                if on_board != swept.south as u32 + swept.north as u32 {
                    return fail("round end sweeps the wrong number of seeds".into());
                }
                board = [0; 12];
                hand = 0;
                stores.south += swept.south;
                stores.north += swept.north;
                ended = true;
            }
        }
    }
    if hand != 0 {
        return fail(format!("{hand} seeds left in hand"));
    }
    let mut after = *before;
    after.board = Board::from_houses(board);
    after.stores = stores;
    if ended {
        after.since_capture = 0;
        after.to_move = before.starter.other();
    } else {
        after.since_capture = if captured {
            0
        } else {
            before.since_capture + 1
        };
        debug_assert!(after.since_capture < STALL_MOVES);
        after.to_move = if passed { mover } else { mover.other() };
    }
    Ok(after)
}
