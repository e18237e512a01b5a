//! Perft: counting move sequences, the backbone test of the rules (and a benchmark).

use super::player::House;
use super::position::Position;

/// Counts over the leaves at a depth: how many, the sum of each store over them, and how many are finished
/// rounds (the columns of `perft.md`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PerftCounts {
    pub leaves: u64,
    pub south_stores: u64,
    pub north_stores: u64,
    pub finished: u64,
}

/// The position a move leads to, settled: when the next player is stuck the round is ended, as
/// [`Position::play`] does.
fn child(p: &Position, house: House) -> Option<Position> {
    let next = p.apply(house).ok()?;
    if !next.is_round_over() && !next.has_legal_move() {
        Some(next.end_stuck())
    } else {
        Some(next)
    }
}

/// Counts the sequences of exactly `depth` moves from `p` (a move includes the pass that may follow it; a
/// finished round has no moves).
pub fn perft(p: &Position, depth: u32) -> PerftCounts {
    if depth == 0 {
        return PerftCounts {
            leaves: 1,
            south_stores: p.stores().south as u64,
            north_stores: p.stores().north as u64,
            finished: p.is_round_over() as u64,
        };
    }
    let mut total = PerftCounts::default();
    for h in p.candidates().filter_map(House::new) {
        if let Some(next) = child(p, h) {
            let c = perft(&next, depth - 1);
            total.leaves += c.leaves;
            total.south_stores += c.south_stores;
            total.north_stores += c.north_stores;
            total.finished += c.finished;
        }
    }
    total
}
