//! The relay-sowing kernel (rules.md §2, §4, §5): one move's laps, captures and a last-seeds ending.
//!
//! It is the hot loop of everything (selfplay, search, perft), so it works on the board as words (a byte a
//! house, [`Board`]), allocates nothing, and reports its steps to an [`Observer`] that the fast paths compile
//! away.
//!
//! A lap is not sown seed by seed. Dropping one seed into each of the next `k ≤ 12` houses is one addition
//! of a word with a one in each of their bytes; only a house holding three stops that (the seed makes a
//! four, which is taken at once), and the first such house in the run is found with a few word operations.
//! So a lap costs a step per capture rather than a step per seed, and the board never leaves its two
//! words. The seed-by-seed story is still told to an observer that asks for it (animations).

use super::board::Board;
use super::events::{CaptureKind, EndReason, Observer};
use super::player::{ByPlayer, Player};
use super::position::{Endgame, Position, TOTAL_SEEDS};

/// Laps a move may run before the cycle check starts: ordinary moves never pay for it, and an endless move is
/// still caught exactly, because the check (Brent's) finds any repeat once it runs.
const CYCLE_CHECK_FROM: u32 = 12;

/// What the kernel tells the move layer.
pub(crate) struct Sown {
    pub captured: bool,
    /// `Some(LastSeeds)` when a capture ended the round.
    pub end: Option<EndReason>,
}

/// The move repeats a lap state: it would never end (rules.md §2.5).
pub(crate) struct Endless;

/// A one in the byte of house `h`.
const fn one_at(h: usize) -> [u64; 2] {
    let mut words = [0u64; 2];
    words[h / 8] = 1 << (8 * (h % 8));
    words
}

/// `RUNS[cur][k]`: a one in the bytes of the `k ≤ 12` houses that `k` seeds sown after house `cur` fall
/// into, wrapping past house 11. A table, since each run is a few shifts and a wrap to compute.
const RUNS: [[Board; 13]; 12] = {
    let mut t = [[Board([0, 0]); 13]; 12];
    let mut cur = 0;
    while cur < 12 {
        let mut k = 1;
        while k <= 12 {
            let one = one_at((cur + k) % 12);
            let before = t[cur][k - 1].0;
            t[cur][k] = Board([before[0] | one[0], before[1] | one[1]]);
            k += 1;
        }
        cur += 1;
    }
    t
};

/// `AFTER[cur]`: the top bit of the bytes of the houses after `cur` up to house 11.
const AFTER: [[u64; 2]; 12] = {
    let mut t = [[0u64; 2]; 12];
    let mut cur = 0;
    while cur < 12 {
        let mut h = cur + 1;
        while h < 12 {
            let one = one_at(h);
            t[cur][0] |= one[0] << 7;
            t[cur][1] |= one[1] << 7;
            h += 1;
        }
        cur += 1;
    }
    t
};

/// `h mod 12` for `h < 24`.
#[inline(always)]
fn wrap(h: usize) -> usize {
    if h >= 12 {
        h - 12
    } else {
        h
    }
}

/// The house of the lowest flag (a byte's top bit) of `flags`, which is not empty.
#[inline(always)]
fn lowest(flags: [u64; 2]) -> usize {
    if flags[0] != 0 {
        flags[0].trailing_zeros() as usize / 8
    } else {
        8 + flags[1].trailing_zeros() as usize / 8
    }
}

/// The first house, sowing on from `cur`, among the houses flagged in `flags` (top bits, not empty).
#[inline(always)]
fn first_after(flags: [u64; 2], cur: usize) -> usize {
    let after = AFTER[cur];
    let later = [flags[0] & after[0], flags[1] & after[1]];
    if later[0] | later[1] != 0 {
        lowest(later)
    } else {
        lowest(flags)
    }
}

/// Houses from the one after `cur` to `to`, in sowing order, counted (1 to 12).
#[inline(always)]
fn distance(cur: usize, to: usize) -> usize {
    wrap(to + 11 - cur) + 1
}

#[inline(always)]
fn prev(h: usize) -> usize {
    if h == 0 {
        11
    } else {
        h - 1
    }
}

/// Sows from `from` (owned by the player to move and not empty) and writes the board and stores back into
/// `p`. Nothing else of `p` changes. On `Endless`, `p` is left as it was.
#[inline(always)]
pub(crate) fn sow<O: Observer>(
    p: &mut Position,
    from: usize,
    obs: &mut O,
) -> Result<Sown, Endless> {
    let mover = p.to_move;
    let south_mask = p.territory.mask(Player::South);
    let owner = |h: usize| {
        if south_mask >> h & 1 == 1 {
            Player::South
        } else {
            Player::North
        }
    };
    let mut board = p.board;
    let mut stores = [p.stores.south, p.stores.north];
    let mut hand = board.take(from) as usize;
    let mut cur = from;
    let mut laps = 1u32;
    let mut captured = false;
    obs.lap(from, hand as u8);

    // Brent's cycle detection over lap states (board before the lift, house lifted).
    let mut saved = (Board::EMPTY, usize::MAX);
    let mut power = 1u32;
    let mut steps = 0u32;

    loop {
        while hand > 0 {
            // The next run of at most twelve seeds, each into a different house, up to the first house that
            // holds three (its seed makes a four).
            let k = hand.min(12);
            let run = RUNS[cur][k].0;
            let threes = board.equal(3).0;
            let threes = [threes[0] & run[0] << 7, threes[1] & run[1] << 7];
            let four = threes[0] | threes[1] != 0;
            let (sown, run) = if four {
                let sown = distance(cur, first_after(threes, cur));
                (sown, RUNS[cur][sown])
            } else {
                (k, Board(run))
            };
            board.add(run);
            if O::SEES_SEEDS {
                for i in 1..=sown {
                    let h = wrap(cur + i);
                    obs.sow(h, board.get(h));
                }
            }
            hand -= sown;
            cur = wrap(cur + sown);
            if !four {
                continue;
            }
            captured = true;
            board.take(cur);
            let capturer = if hand > 0 {
                // Mid-lap: the house's owner takes the four; the lap goes on into the empty house.
                let o = owner(cur);
                stores[o.index()] += 4;
                obs.capture(o, CaptureKind::MidLap, &[cur as u8], 4);
                o
            } else {
                // The last seed: the mover takes the four (and, with the chain option, the run behind it).
                let mut houses = [cur as u8, 0, 0, 0, 0];
                let mut taken = 1;
                let mut seeds = 4u8;
                if p.rules.chain && owner(cur) != mover {
                    let mut run = 0;
                    let mut j = prev(cur);
                    while owner(j) != mover && (board.get(j) == 2 || board.get(j) == 3) {
                        run += 1;
                        j = prev(j);
                    }
                    if run <= 4 {
                        let mut j = prev(cur);
                        for _ in 0..run {
                            houses[taken] = j as u8;
                            taken += 1;
                            seeds += board.take(j);
                            j = prev(j);
                        }
                    }
                }
                stores[mover.index()] += seeds;
                let kind = if taken > 1 {
                    CaptureKind::Chain
                } else {
                    CaptureKind::LastSeed
                };
                obs.capture(mover, kind, &houses[..taken], seeds);
                mover
            };
            let in_play = TOTAL_SEEDS - stores[0] - stores[1];
            if in_play <= 4 {
                // Last seeds: the round ends at once, hand and board going to one player.
                let to = match p.rules.endgame {
                    Endgame::Capturer => capturer,
                    Endgame::Starter => p.starter,
                };
                stores[to.index()] += in_play;
                let mut swept = ByPlayer::new(0, 0);
                *swept.get_mut(to) = in_play;
                obs.round_end(EndReason::LastSeeds, swept);
                p.board = Board::EMPTY;
                p.stores = ByPlayer::new(stores[0], stores[1]);
                return Ok(Sown {
                    captured,
                    end: Some(EndReason::LastSeeds),
                });
            }
        }
        if board.get(cur) <= 1 {
            // Ended in an empty house (or the last seed's four was taken).
            break;
        }
        if laps >= CYCLE_CHECK_FROM {
            if saved.1 == cur && saved.0 == board {
                return Err(Endless);
            }
            steps += 1;
            if steps == power {
                saved = (board, cur);
                power <<= 1;
                steps = 0;
            }
        }
        hand = board.take(cur) as usize;
        laps += 1;
        obs.lap(cur, hand as u8);
    }
    p.board = board;
    p.stores = ByPlayer::new(stores[0], stores[1]);
    Ok(Sown {
        captured,
        end: None,
    })
}
