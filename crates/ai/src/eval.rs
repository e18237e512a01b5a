//! What a position is worth to a player, in sixteenths of a seed.
//!
//! Two kinds of value:
//! - a **finished round** is worth what it buys: next round's houses (rules.md §6), because a round is won by
//!   houses, not by a single capture; a round that ends the match (no houses left, the target reached, the
//!   last round of a limit) is worth a whole match;
//! - a round **in progress** is estimated from the seeds won so far, the houses they already buy, the seeds
//!   lying on each side (they go to the owner if the round stalls or a player is stuck, and they are what a
//!   player can sow), the houses one seed short of four, and mobility.

use namnam_game::{ByPlayer, Flags, Match, Player, Position, Territory, STALL_MOVES, TOTAL_SEEDS};

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
    /// The houses that win the match at once (rules.md §7), if the match has a target.
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
    stores_value(p.stores(), me, stakes)
}

/// The value to `me` of a round that ends with these stores (48 seeds between them).
pub fn stores_value(stores: ByPlayer<u8>, me: Player, stakes: &Stakes) -> i32 {
    let next = Territory::from_stores(stores).expect("a finished round holds 48 seeds");
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
    in_progress_on(p, me, p.territory().byte_mask(me))
}

/// [`in_progress`] with `me`'s houses given (`p.territory().byte_mask(me)`), for a caller that values many
/// positions on one territory.
#[inline(always)]
pub fn in_progress_on(p: &Position, me: Player, mine: [u64; 2]) -> i32 {
    debug_assert_eq!(mine, p.territory().byte_mask(me));
    let stores = p.stores();
    let (won, lost) = (stores.get(me) as i32, stores.get(me.other()) as i32);
    let board = p.packed();
    let in_play = TOTAL_SEEDS as i32 - won - lost;
    let lying = 2 * board.sum(mine) as i32 - in_play;
    // Mine counted twice less all: mine minus theirs.
    let lead = |houses: Flags| 2 * houses.within(mine).count() as i32 - houses.count() as i32;
    let short = lead(board.equal(3));
    let mobile = lead(board.nonzero());
    // Seeds on the board go to their owners when the round stalls: near the stall they are as good as won.
    let stall = p.since_capture() as i32;
    let lying_weight = LYING_SEED + (SEED - LYING_SEED) * stall / STALL_MOVES as i32;
    (won - lost) * SEED
        + (won / 4 - lost / 4) * HOUSE_BOUGHT
        + lying * lying_weight
        + short * SHORT_OF_FOUR
        + mobile * MOBILITY
}

#[cfg(test)]
mod tests {
    use super::*;
    use namnam_game::Rules;

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

    #[test]
    fn stakes_come_from_the_match_options() {
        use namnam_game::{MatchOptions, Rules};
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
