//! Exact round endings: with few seeds left on the board, the round's end under perfect play is worked out
//! exactly instead of estimated.
//!
//! Only the seeds on the board are still at stake, and who gets them depends on the board, the player to
//! move and the moves since the last capture (the stall), never on the stores: the last-seeds ending counts
//! the seeds in play, the stall and stuck endings give each house's seeds to its owner. So the solver works
//! out **South's share of the board**, the seeds South adds to its store by the round's end when South takes
//! as many as it can and North as few, and remembers it by (board, player to move, moves since a capture)
//! for the territory, starter and rules of the position it was asked about.
//!
//! The positions reachable from one form no cycle: a move either captures (fewer seeds on the board) or
//! adds one to the moves since a capture, so a plain memoised minimax is exact. Every value the search
//! uses is a non-decreasing function of the seeds a player ends with (next round's houses, a won match), and
//! such a function commutes with the maximum and the minimum: the best play for the seeds is the best play
//! for the value, whatever the stakes.

use namnam_game::{House, Player, Position};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// The most seeds on the board for which positions are solved.
pub const MAX_SEEDS: u8 = 12;

/// The positions a live solve may value before it gives up (a quarter of a second and 20 MB at most; see
/// docs/ai.md, "Exact round endings"): most positions of twelve seeds take a few thousand, a few take
/// millions.
pub const LIVE_POSITIONS: u64 = 500_000;

/// A position worked out exactly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Exact {
    /// The stores at the round's end with perfect play from here: South's and North's.
    pub south: u8,
    pub north: u8,
    /// Positions the solver valued to find it (each once).
    pub positions: u64,
}

impl Exact {
    /// The final store of `player`.
    pub fn store(&self, player: Player) -> u8 {
        match player {
            Player::South => self.south,
            Player::North => self.north,
        }
    }
}

/// Works out `p` exactly when it has at most [`MAX_SEEDS`] seeds on the board, valuing at most `budget`
/// positions: `None` when it has more seeds or the budget runs out. A finished round is its own answer; a
/// player to move with no legal move is stuck (the round ends with the stuck sweep).
pub fn solve(p: &Position, budget: u64) -> Option<Exact> {
    if p.seeds_in_play() > MAX_SEEDS {
        return None;
    }
    let mut solver = Solver::new(budget);
    let share = solver.share(p)?;
    Some(solver.exact(p, share))
}

/// The exact result of each legal move of `p` (at most [`MAX_SEEDS`] seeds on the board, round not over),
/// in house order, sharing one memo and one `budget` of positions: `None` when `p` has too many seeds or
/// no legal move, or the budget runs out.
pub fn solve_moves(p: &Position, budget: u64) -> Option<Vec<(House, Exact)>> {
    if p.seeds_in_play() > MAX_SEEDS || p.is_round_over() {
        return None;
    }
    let mut solver = Solver::new(budget);
    let mut out = Vec::new();
    for house in p.legal_moves().iter() {
        let child = p.apply(house).expect("a legal move");
        // `apply` leaves a stuck player to move; the solver ends such a round itself.
        let share = solver.share(&child)?;
        out.push((house, solver.exact(&child, share)));
    }
    (!out.is_empty()).then_some(out)
}

/// The moves of `p` that are best for its player to move against perfect play, with the final stores they
/// lead to: `None` as for [`solve_moves`].
pub fn best_moves(p: &Position, budget: u64) -> Option<(Vec<House>, Exact)> {
    let me = p.to_move();
    let moves = solve_moves(p, budget)?;
    let best = moves.iter().map(|(_, e)| e.store(me)).max()?;
    let exact = moves.iter().find(|(_, e)| e.store(me) == best)?.1;
    let houses = moves
        .iter()
        .filter(|(_, e)| e.store(me) == best)
        .map(|&(h, _)| h)
        .collect();
    Some((houses, exact))
}

/// A memo of what is proven about South's shares, for one territory, starter and rule set (those of the
/// positions asked about): for each position, a lower and an upper bound.
struct Solver {
    memo: HashMap<u128, (u8, u8), BuildHasherDefault<MixHasher>>,
    budget: u64,
}

/// The budget ran out.
struct OutOfBudget;

impl Solver {
    fn new(budget: u64) -> Solver {
        Solver {
            memo: HashMap::default(),
            budget,
        }
    }

    fn exact(&self, p: &Position, share: u8) -> Exact {
        let stores = p.stores();
        Exact {
            south: stores.south + share,
            north: stores.north + p.seeds_in_play() - share,
            positions: self.memo.len() as u64,
        }
    }

    /// South's share of the seeds on `p`'s board with perfect play: the largest `t` for which South can
    /// make sure of `t`, found by halving the range with yes-or-no searches, which prune far more than a
    /// search for the value itself and share what they prove through the memo.
    fn share(&mut self, p: &Position) -> Option<u8> {
        let (mut low, mut high) = (0, p.seeds_in_play());
        // First guess: the stall's split, each house's seeds to its owner.
        let mut guess = if p.is_round_over() {
            0
        } else {
            p.end_stuck().stores().south - p.stores().south
        };
        while low < high {
            let t = if guess > low && guess <= high {
                std::mem::take(&mut guess)
            } else {
                (low + high).div_ceil(2)
            };
            match self.at_least(p, t) {
                Ok(true) => low = t,
                Ok(false) => high = t - 1,
                Err(OutOfBudget) => return None,
            }
        }
        Some(low)
    }

    /// Can South make sure of at least `t` of the seeds on `p`'s board?
    fn at_least(&mut self, p: &Position, t: u8) -> Result<bool, OutOfBudget> {
        if t == 0 {
            return Ok(true);
        }
        if p.is_round_over() {
            return Ok(false);
        }
        let key = key(p);
        let (low, high) = self
            .memo
            .get(&key)
            .copied()
            .unwrap_or((0, p.seeds_in_play()));
        if low >= t {
            return Ok(true);
        }
        if high < t {
            return Ok(false);
        }
        if self.memo.len() as u64 >= self.budget {
            return Err(OutOfBudget);
        }
        let south_now = p.stores().south;
        let south_moves = p.to_move() == Player::South;
        let moves = p.children();
        let mut children = [(0i32, *p); 12];
        let mut n = 0;
        for h in moves.candidates() {
            if let Ok(child) = moves.apply(h) {
                // The mover's captures first: the likeliest to settle the question at once.
                let stores = child.stores();
                let gain = stores.get(p.to_move()) as i32 - p.stores().get(p.to_move()) as i32;
                children[n] = (gain, child);
                n += 1;
            }
        }
        let any_move = n > 0;
        let children = &mut children[..n];
        children.sort_by_key(|&(gain, _)| std::cmp::Reverse(gain));
        // South needs one move that makes sure of `t`; North needs one that keeps South below it. A
        // child the memo (or the move itself) already settles that way answers at once, before any is
        // searched.
        let mut found = children.iter().any(|(_, child)| {
            let taken = child.stores().south - south_now;
            let settled = if taken >= t {
                Some(true)
            } else if child.is_round_over() {
                Some(false)
            } else {
                self.memo.get(&self::key(child)).and_then(|&(low, high)| {
                    if low >= t - taken {
                        Some(true)
                    } else if high < t - taken {
                        Some(false)
                    } else {
                        None
                    }
                })
            };
            settled == Some(south_moves)
        });
        for (_, child) in children.iter().filter(|_| !found) {
            let taken = child.stores().south - south_now;
            let enough = taken >= t || self.at_least(child, t - taken)?;
            if enough == south_moves {
                found = true;
                break;
            }
        }
        let yes = if any_move {
            found == south_moves
        } else {
            // Stuck: every house's seeds go to its owner.
            p.end_stuck().stores().south - south_now >= t
        };
        let bounds = if yes {
            (t.max(low), high)
        } else {
            (low, (t - 1).min(high))
        };
        self.memo.insert(key, bounds);
        Ok(yes)
    }
}

/// Everything of a position the share depends on within one solve: the board, who moves, the stall count.
fn key(p: &Position) -> u128 {
    let mut bytes = [0u8; 16];
    bytes[..12].copy_from_slice(&p.board());
    bytes[12] = p.since_capture();
    bytes[13] = p.to_move().index() as u8;
    u128::from_le_bytes(bytes)
}

/// A multiply-and-fold hasher for the memo's 128-bit keys (the standard SipHash is several times slower,
/// and nothing here faces untrusted input).
#[derive(Default)]
struct MixHasher(u64);

impl Hasher for MixHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }

    fn write_u128(&mut self, k: u128) {
        let folded = (k as u64) ^ ((k >> 64) as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let m = (folded as u128).wrapping_mul(0xD1B5_4A32_D192_ED03);
        self.0 = (m as u64) ^ ((m >> 64) as u64);
    }

    fn write_u64(&mut self, k: u64) {
        self.write_u128(k as u128 ^ (self.0 as u128) << 64);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use namnam_game::rng::SeededRng;
    use namnam_game::{Endgame, Rules, Territory};

    /// South's final store by a plain minimax over every line to the round's end: no memo, no pruning,
    /// nothing shared with the solver but the rules' fast path.
    fn plain(p: &Position) -> u8 {
        if p.is_round_over() {
            return p.stores().south;
        }
        let finals = p
            .legal_moves()
            .iter()
            .map(|h| plain(&p.apply(h).unwrap()))
            .collect::<Vec<_>>();
        match p.to_move() {
            _ if finals.is_empty() => p.end_stuck().stores().south,
            Player::South => *finals.iter().max().unwrap(),
            Player::North => *finals.iter().min().unwrap(),
        }
    }

    /// The same minimax with a memo of exact values by the whole position: exhaustive, but fast enough
    /// for some positions whose captures restart the stall count. `None` past `cap` positions.
    fn memoised(p: &Position, memo: &mut HashMap<Position, u8>, cap: usize) -> Option<u8> {
        if p.is_round_over() {
            return Some(p.stores().south);
        }
        if let Some(&v) = memo.get(p) {
            return Some(v);
        }
        if memo.len() >= cap {
            return None;
        }
        let mut finals = Vec::new();
        for h in p.legal_moves().iter() {
            finals.push(memoised(&p.apply(h).unwrap(), memo, cap)?);
        }
        let v = match p.to_move() {
            _ if finals.is_empty() => p.end_stuck().stores().south,
            Player::South => *finals.iter().max().unwrap(),
            Player::North => *finals.iter().min().unwrap(),
        };
        memo.insert(*p, v);
        Some(v)
    }

    /// A position of random play with at most `seeds` seeds on the board, `since` moves since a capture
    /// (`None` when the round ended first).
    fn small_position(rng: &mut SeededRng, seeds: u8, since: u8) -> Option<Position> {
        let k = 1 + rng.below(11) as u8;
        let rules = Rules {
            endgame: if rng.below(2) == 0 {
                Endgame::Capturer
            } else {
                Endgame::Starter
            },
            chain: rng.below(2) == 0,
        };
        let starter = if rng.below(2) == 0 {
            Player::South
        } else {
            Player::North
        };
        let mut p = Position::new_round(Territory::new(k).unwrap(), starter, rules);
        while p.seeds_in_play() > seeds {
            let moves = p.legal_moves();
            if moves.is_empty() {
                return None;
            }
            p = p.play(moves.get(rng.below(moves.len()))).unwrap().after;
            if p.is_round_over() {
                return None;
            }
        }
        Some(p.with_since_capture(since).unwrap())
    }

    #[test]
    fn exact_values_agree_with_a_plain_minimax() {
        // Eight seeds or fewer: any capture ends the round (four or fewer left), so ninety-odd moves
        // since a capture leave a tree that a plain minimax can walk.
        let mut rng = SeededRng::new(4);
        let mut checked = 0;
        while checked < 150 {
            let since = 91 + rng.below(5) as u8;
            let Some(p) = small_position(&mut rng, 8, since) else {
                continue;
            };
            let exact = solve(&p, u64::MAX).unwrap();
            assert_eq!(exact.south, plain(&p), "{p:?}");
            assert_eq!(exact.south + exact.north, 48);
            checked += 1;
        }
    }

    #[test]
    fn exact_values_agree_with_a_memoised_minimax_when_captures_restart_the_stall() {
        // Nine to twelve seeds: a capture leaves a round that goes on, its stall count back at zero.
        let mut rng = SeededRng::new(12);
        let mut checked = 0;
        while checked < 20 {
            let since = 60 + rng.below(40) as u8;
            let Some(p) = small_position(&mut rng, 12, since) else {
                continue;
            };
            if p.seeds_in_play() <= 8 {
                continue;
            }
            let Some(expected) = memoised(&p, &mut HashMap::new(), 100_000) else {
                continue;
            };
            assert_eq!(solve(&p, u64::MAX).unwrap().south, expected, "{p:?}");
            checked += 1;
        }
    }

    #[test]
    fn the_best_moves_are_those_of_the_best_value_and_a_budget_can_run_out() {
        let mut rng = SeededRng::new(99);
        let mut checked = 0;
        while checked < 60 {
            let since = 88 + rng.below(8) as u8;
            let Some(p) = small_position(&mut rng, 8, since) else {
                continue;
            };
            let legal = p.legal_moves();
            if legal.is_empty() {
                continue;
            }
            let me = p.to_move();
            let (best, exact) = best_moves(&p, u64::MAX).unwrap();
            let mine = |h: House| {
                let s = plain(&p.apply(h).unwrap());
                if me == Player::South {
                    s
                } else {
                    48 - s
                }
            };
            let top = legal.iter().map(mine).max().unwrap();
            assert_eq!(exact.store(me), top);
            for h in legal.iter() {
                assert_eq!(best.contains(&h), mine(h) == top, "{p:?} house {h}");
            }
            checked += 1;
        }
        // Too many seeds, or too small a budget for a position that needs more.
        let opening = Position::opening(Player::South, Rules::default());
        assert_eq!(solve(&opening, u64::MAX), None);
        let hard = (0..)
            .find_map(|_| {
                small_position(&mut rng, 12, 0)
                    .filter(|p| solve(p, 1_000_000).is_some_and(|e| e.positions > 1_000))
            })
            .unwrap();
        assert_eq!(solve(&hard, 500), None);
    }
}
