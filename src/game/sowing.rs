//! The relay-sowing kernel (RULES §2, §4, §5): one move's laps, captures and a last-seeds ending.
//!
//! It is the hot loop of everything (selfplay, search, perft), so it works on a copy of the board in plain
//! arrays, allocates nothing, and reports its steps to an [`Observer`] that the fast paths compile away.

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

/// The move repeats a lap state: it would never end (RULES §2.5).
pub(crate) struct Endless;

#[inline(always)]
fn next(h: usize) -> usize {
    if h == 11 {
        0
    } else {
        h + 1
    }
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
    let mut hand = board[from];
    board[from] = 0;
    let mut cur = from;
    let mut laps = 1u32;
    let mut captured = false;
    obs.lap(from, hand);

    // Brent's cycle detection over lap states (board before the lift, house lifted).
    let mut saved = ([0u8; 12], usize::MAX);
    let mut power = 1u32;
    let mut steps = 0u32;

    loop {
        while hand > 0 {
            cur = next(cur);
            board[cur] += 1;
            hand -= 1;
            obs.sow(cur, board[cur]);
            if board[cur] != 4 {
                continue;
            }
            captured = true;
            let capturer = if hand > 0 {
                // Mid-lap: the house's owner takes the four; the lap goes on into the empty house.
                let o = owner(cur);
                board[cur] = 0;
                stores[o.index()] += 4;
                obs.capture(o, CaptureKind::MidLap, &[cur as u8], 4);
                o
            } else {
                // The last seed: the mover takes the four (and, with the chain option, the run behind it).
                let mut houses = [cur as u8, 0, 0, 0, 0];
                let mut taken = 1;
                let mut seeds = 4u8;
                board[cur] = 0;
                if p.rules.chain && owner(cur) != mover {
                    let mut run = 0;
                    let mut j = prev(cur);
                    while owner(j) != mover && (board[j] == 2 || board[j] == 3) {
                        run += 1;
                        j = prev(j);
                    }
                    if run <= 4 {
                        let mut j = prev(cur);
                        for _ in 0..run {
                            houses[taken] = j as u8;
                            taken += 1;
                            seeds += board[j];
                            board[j] = 0;
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
                p.board = [0; 12];
                p.stores = ByPlayer::new(stores[0], stores[1]);
                return Ok(Sown {
                    captured,
                    end: Some(EndReason::LastSeeds),
                });
            }
            if hand == 0 {
                break;
            }
        }
        if board[cur] <= 1 {
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
        hand = board[cur];
        board[cur] = 0;
        laps += 1;
        obs.lap(cur, hand);
    }
    p.board = board;
    p.stores = ByPlayer::new(stores[0], stores[1]);
    Ok(Sown {
        captured,
        end: None,
    })
}
