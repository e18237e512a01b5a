//! What a position is worth to a player, in sixteenths of a seed.
//!
//! Two kinds of value:
//! - a **finished round** is worth what it buys: next round's houses (RULES §6), because a round is won by
//!   houses, not by a single capture; a round that ends the match (no houses left, the target reached, the
//!   last round of a limit) is worth a whole match;
//! - a round **in progress** is estimated from the seeds won so far, the houses they already buy, the seeds
//!   lying on each side (they go to the owner if the round stalls or a player is stuck, and they are what a
//!   player can sow), the houses one seed short of four, and mobility.

use crate::game::{Match, Player, Position, Territory, STALL_MOVES, TOTAL_SEEDS};

/// One seed, in evaluation units.
pub const SEED: i32 = 16;
/// Winning the match; larger than any other value.
pub const MATCH_WIN: i32 = 30_000;
/// Above this a value is a won (or, negated, lost) match.
pub const MATCH_DECIDED: i32 = MATCH_WIN - 1_000;
/// A house next round is worth the four seeds that buy it, plus this share of winning the round.
const ROUND_WIN: i32 = 4 * SEED;

/// A house holding three seeds: the next seed that passes in mid-lap gives its owner four.
const SHORT_OF_FOUR: i32 = SEED;
/// A seed lying on a player's side, while the round is young; it rises to a whole seed as a stall nears.
const LYING_SEED: i32 = SEED / 4;
/// A non-empty house the player can start a move from.
const MOBILITY: i32 = SEED / 4;
/// A house already bought by the seeds won (`store div 4`): whole houses are what the round is for.
const HOUSE_BOUGHT: i32 = SEED;

/// What ends the match after a round, so that the search can play for the match and not only the round.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stakes {
    /// The houses that win the match at once (RULES §7), if the match has a target.
    pub target: Option<u8>,
    /// This round is the last of a round limit: only who owns more houses afterwards counts.
    pub final_round: bool,
}

impl Stakes {
    /// The stakes of the round `m` is playing.
    pub fn of(m: &Match) -> Stakes {
        Stakes {
            target: m.options().target(),
            final_round: m
                .options()
                .round_limit()
                .is_some_and(|r| m.round() >= r as u32),
        }
    }
}

/// The value of a finished round (empty board, 48 seeds in the stores) to `me`.
pub fn finished_round(p: &Position, me: Player, stakes: &Stakes) -> i32 {
    let next = Territory::from_stores(p.stores()).expect("a finished round holds 48 seeds");
    let mine = next.houses_of(me) as i32;
    let theirs = 12 - mine;
    let lead = (mine - theirs).signum();
    if mine == 0 || theirs == 0 {
        return lead * MATCH_WIN;
    }
    if let Some(target) = stakes.target {
        if mine.max(theirs) >= target as i32 {
            return lead * MATCH_WIN;
        }
    }
    if stakes.final_round {
        return lead * MATCH_WIN;
    }
    (mine - theirs) * 4 * SEED + lead * ROUND_WIN
}

/// The estimated value of a round in progress to `me`.
///
/// The hottest function of the search (every leaf): each side count is taken once for `me` and once for
/// the whole board, the opponent's being the difference — every house belongs to one of the two.
#[inline]
pub fn in_progress(p: &Position, me: Player) -> i32 {
    let stores = p.stores();
    let (won, lost) = (stores.get(me) as i32, stores.get(me.other()) as i32);
    let board = Bytes(p.board_words());
    let mine = &Side(p.territory().byte_mask(me));
    let in_play = TOTAL_SEEDS as i32 - won - lost;
    let lying = 2 * board.sum(mine) - in_play;
    let (threes, nonzero) = (board.equal_3(), board.nonzero());
    let short = 2 * threes.count(mine) - threes.count_all();
    let mobile = 2 * nonzero.count(mine) - nonzero.count_all();
    // Seeds on the board go to their owners when the round stalls: near the stall they are as good as won.
    let stall = p.since_capture() as i32;
    let lying_weight = LYING_SEED + (SEED - LYING_SEED) * stall / STALL_MOVES as i32;
    (won - lost) * SEED
        + (won / 4 - lost / 4) * HOUSE_BOUGHT
        + lying * lying_weight
        + short * SHORT_OF_FOUR
        + mobile * MOBILITY
}

/// The twelve houses as bytes in two words ([`Position::board_words`]), so that the evaluation counts a
/// side with a few word operations instead of a loop. No house holds more than 48 seeds, so no byte ever
/// carries into the next.
struct Bytes([u64; 2]);

const ONES: u64 = 0x0101_0101_0101_0101;
const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
const HIGH: u64 = 0x8080_8080_8080_8080;

impl Bytes {
    /// Seeds in the houses of `side`.
    #[inline(always)]
    fn sum(&self, side: &Side) -> i32 {
        // Multiplying by 0x0101… adds every byte into the top one; 48 seeds fit in a byte.
        let total = |w: u64| (w.wrapping_mul(ONES) >> 56) as i32;
        total(self.0[0] & side.0[0]) + total(self.0[1] & side.0[1])
    }

    /// The houses that hold seeds, as the top bit of their byte: `(b & 0x7F) + 0x7F` sets it for b from 1
    /// to 127, and `| b` for the rest.
    #[inline(always)]
    fn nonzero(&self) -> Flags {
        let nonzero = |w: u64| ((w & LOW7).wrapping_add(LOW7) | w) & HIGH;
        Flags([nonzero(self.0[0]), nonzero(self.0[1])])
    }

    /// The houses one seed short of four (those whose byte xor 3 is zero).
    #[inline(always)]
    fn equal_3(&self) -> Flags {
        let zero = |w: u64| !(((w & LOW7).wrapping_add(LOW7) | w) & HIGH) & HIGH;
        let threes = 3 * ONES;
        // Bytes 12–15 are not houses: they are 0, so never 3.
        Flags([
            zero(self.0[0] ^ threes),
            zero(self.0[1] ^ threes) & 0xFFFF_FFFF,
        ])
    }
}

/// A set of houses as the top bit of their byte over [`Bytes`].
struct Flags([u64; 2]);

impl Flags {
    #[inline(always)]
    fn count(&self, side: &Side) -> i32 {
        ((self.0[0] & side.0[0]).count_ones() + (self.0[1] & side.0[1]).count_ones()) as i32
    }

    #[inline(always)]
    fn count_all(&self) -> i32 {
        (self.0[0].count_ones() + self.0[1].count_ones()) as i32
    }
}

/// The houses of one side as a byte mask over [`Bytes`] ([`crate::game::Territory::byte_mask`]).
struct Side([u64; 2]);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Rules;

    fn finished(stores: [u8; 2]) -> Position {
        Position::from_parts(
            6,
            [0; 12],
            stores,
            Player::South,
            Player::South,
            Rules::default(),
        )
        .unwrap()
    }

    #[test]
    fn a_finished_round_is_worth_its_houses() {
        let p = finished([28, 20]);
        // 7 houses against 5.
        assert_eq!(
            finished_round(&p, Player::South, &Stakes::default()),
            2 * 4 * SEED + ROUND_WIN
        );
        assert_eq!(
            finished_round(&p, Player::North, &Stakes::default()),
            -(2 * 4 * SEED + ROUND_WIN)
        );
        // 25 / 23 is still six houses each: a drawn round, whatever the seeds.
        assert_eq!(
            finished_round(&finished([25, 23]), Player::South, &Stakes::default()),
            0
        );
    }

    #[test]
    fn a_round_that_ends_the_match_is_worth_the_match() {
        let p = finished([28, 20]);
        let target = Stakes {
            target: Some(7),
            final_round: false,
        };
        assert_eq!(finished_round(&p, Player::South, &target), MATCH_WIN);
        let last = Stakes {
            target: None,
            final_round: true,
        };
        assert_eq!(finished_round(&p, Player::North, &last), -MATCH_WIN);
        assert_eq!(
            finished_round(&finished([48, 0]), Player::North, &Stakes::default()),
            -MATCH_WIN
        );
    }

    /// The word arithmetic against a plain loop, on many boards.
    #[test]
    fn the_side_counts_agree_with_a_loop() {
        let mut rng = crate::rng::SeededRng::new(5);
        for _ in 0..2000 {
            let mut board = [0u8; 12];
            for s in board.iter_mut() {
                *s = [0, 1, 2, 3, 3, 4, 5, 13, 48][rng.below(9)];
            }
            let k = rng.below(13) as u8;
            let north = rng.below(2) == 1;
            let territory = Territory::new(k).unwrap();
            let player = if north { Player::North } else { Player::South };
            let mask = territory.mask(player);
            let mut words = [[0u8; 8]; 2];
            for (h, &s) in board.iter().enumerate() {
                words[h / 8][h % 8] = s;
            }
            let bytes = Bytes(words.map(u64::from_le_bytes));
            let side = Side(territory.byte_mask(player));
            let owned = |h: usize| mask >> h & 1 == 1;
            let loop_sum: u32 = (0..12).filter(|&h| owned(h)).map(|h| board[h] as u32).sum();
            // Sums above one byte cannot happen on a real board (48 seeds in all).
            if loop_sum < 256 {
                assert_eq!(bytes.sum(&side), loop_sum as i32, "{board:?} {mask:b}");
            }
            let count = |f: &dyn Fn(u8) -> bool| {
                (0..12).filter(|&h| owned(h) && f(board[h])).count() as i32
            };
            let all = |f: &dyn Fn(u8) -> bool| board.iter().filter(|&&s| f(s)).count() as i32;
            assert_eq!(
                bytes.nonzero().count(&side),
                count(&|s| s > 0),
                "{board:?} {mask:b}"
            );
            assert_eq!(bytes.nonzero().count_all(), all(&|s| s > 0), "{board:?}");
            assert_eq!(
                bytes.equal_3().count(&side),
                count(&|s| s == 3),
                "{board:?} {mask:b}"
            );
            assert_eq!(bytes.equal_3().count_all(), all(&|s| s == 3), "{board:?}");
        }
    }

    #[test]
    fn stakes_come_from_the_match_options() {
        use crate::game::{MatchOptions, Rules};
        let limited = Match::new(
            MatchOptions::new(Rules::default(), Player::South, Some(9), Some(1)).unwrap(),
        );
        assert_eq!(
            Stakes::of(&limited),
            Stakes {
                target: Some(9),
                final_round: true
            }
        );
        let open = Match::new(MatchOptions::default());
        assert_eq!(Stakes::of(&open), Stakes::default());
    }

    #[test]
    fn the_opening_is_even() {
        let p = Position::opening(Player::South, Rules::default());
        assert_eq!(in_progress(&p, Player::South), 0);
        assert_eq!(in_progress(&p, Player::North), 0);
    }
}
