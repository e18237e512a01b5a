//! The speed yardstick: a deliberately bare relay-sowing kernel and a plain alpha-beta over it, for the
//! engine's speed to be measured against on the same machine in the same sitting (`namnam speed`,
//! `cargo bench --bench engine`). Absolute figures on a shared machine move from one minute to the next;
//! the ratio to this yardstick moves much less.
//!
//! It is **not** the rules of Nam-nam (docs/rules.md) and nothing else uses it. It plays the simplest
//! relay sowing there is: twelve houses of four seeds, South owning houses 0–5 and North 6–11 for good, a
//! move lifts one of the mover's non-empty houses and sows one seed a house anticlockwise (the emptied
//! house included when the hand comes round to it); a house made exactly four is taken at once, by the
//! sower if that was the last seed, by the house's owner otherwise; a last seed landing where more than
//! one seed then lies lifts them all for another lap, at most [`MAX_LAPS`] laps. The game is over when a
//! store holds more than [`HALF`] seeds or the mover has no seeds. No feeding, no passing, no endless-move
//! detection, no territory, no rounds, no stall rule. The search is negamax alpha-beta over the stores'
//! difference, the moves in house order, no table, no move ordering, no iterative deepening.
//!
//! It plays exactly the game the earlier outside yardstick (a separate `bench-kernel` crate) played, so
//! that figures stay comparable with the measurements made against that one: from the opening it visits
//! the same number of nodes at each depth (157 406 at depth 12, 5 682 987 at depth 18) and finds the same
//! value (−4).

use namnam_game::rng::SeededRng;

/// Houses on the board.
pub const HOUSES: usize = 12;
/// A store holding more than this has won (half of the 48 seeds).
pub const HALF: u8 = 24;
/// A move stops after this many laps, whatever the board.
pub const MAX_LAPS: u32 = 64;
/// A random playout stops after this many moves if the game is not over.
pub const MAX_PLIES: u32 = 400;

/// A board of the bare game: the houses, the stores, and who moves (0 South, houses 0–5; 1 North, 6–11).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Board {
    pub houses: [u8; HOUSES],
    pub stores: [u8; 2],
    pub mover: u8,
}

impl Board {
    /// Four seeds in every house, South to move.
    pub const OPENING: Board = Board {
        houses: [4; HOUSES],
        stores: [0, 0],
        mover: 0,
    };

    /// The houses the mover may sow, as bits (bit `h` for house `h`): the mover's non-empty houses.
    #[inline]
    pub fn moves(&self) -> u16 {
        let first = 6 * self.mover as usize;
        let mut set = 0;
        for h in first..first + 6 {
            if self.houses[h] != 0 {
                set |= 1 << h;
            }
        }
        set
    }

    /// Is the game over: a store past half the seeds, or nothing for the mover to sow?
    #[inline]
    pub fn is_over(&self) -> bool {
        self.is_won() || self.moves() == 0
    }

    /// Does a store hold more than half the seeds?
    #[inline]
    pub fn is_won(&self) -> bool {
        self.stores[0] > HALF || self.stores[1] > HALF
    }

    /// The mover's store less the other's: the whole evaluation.
    #[inline]
    pub fn score(&self) -> i32 {
        let me = self.mover as usize;
        i32::from(self.stores[me]) - i32::from(self.stores[1 - me])
    }

    /// Sows `house` (which should be one of [`moves`](Self::moves)); the board after it, the other player
    /// to move, and the laps the move ran.
    #[inline]
    pub fn sow(&self, house: usize) -> (Board, u32) {
        let mut b = *self;
        let sower = self.mover as usize;
        let mut at = house;
        let mut laps = 0;
        loop {
            let mut hand = b.houses[at];
            b.houses[at] = 0;
            laps += 1;
            while hand > 0 {
                at = (at + 1) % HOUSES;
                hand -= 1;
                b.houses[at] += 1;
                if b.houses[at] == 4 {
                    b.houses[at] = 0;
                    let taker = if hand == 0 { sower } else { at / 6 };
                    b.stores[taker] += 4;
                }
            }
            if b.houses[at] <= 1 || laps == MAX_LAPS {
                break;
            }
        }
        b.mover ^= 1;
        (b, laps)
    }
}

/// What a search found, and how many boards it visited (the root and every board it made, leaves included).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Search {
    pub value: i32,
    pub nodes: u64,
}

/// Searches `board` to `depth` moves with a plain alpha-beta; the value is from the mover's side.
pub fn search(board: &Board, depth: u32) -> Search {
    let mut nodes = 0;
    let value = alpha_beta(board, depth, -BOUND, BOUND, &mut nodes);
    Search { value, nodes }
}

/// More than any score (at most 48).
const BOUND: i32 = 1000;

fn alpha_beta(board: &Board, depth: u32, mut alpha: i32, beta: i32, nodes: &mut u64) -> i32 {
    *nodes += 1;
    if depth == 0 || board.is_won() {
        return board.score();
    }
    // The mover's houses one by one, so that a cut-off skips looking at the rest.
    let mut best = None;
    let first = 6 * board.mover as usize;
    for house in first..first + 6 {
        if board.houses[house] == 0 {
            continue;
        }
        let value = -alpha_beta(&board.sow(house).0, depth - 1, -beta, -alpha, nodes);
        best = Some(best.map_or(value, |b: i32| b.max(value)));
        alpha = alpha.max(value);
        if alpha >= beta {
            break;
        }
    }
    // No seeds to sow: the game is over.
    best.unwrap_or_else(|| board.score())
}

/// What a random playout came to.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Playout {
    /// Moves played.
    pub plies: u32,
    /// Laps sown, over all the moves.
    pub laps: u32,
}

/// Plays one game from the opening, every move drawn at random, until it is over or [`MAX_PLIES`] moves
/// have been played.
pub fn playout(rng: &mut SeededRng) -> Playout {
    let mut board = Board::OPENING;
    let mut played = Playout::default();
    while played.plies < MAX_PLIES && !board.is_over() {
        let mut moves = board.moves();
        for _ in 0..rng.below(moves.count_ones() as usize) {
            moves &= moves - 1;
        }
        let (next, laps) = board.sow(moves.trailing_zeros() as usize);
        board = next;
        played.plies += 1;
        played.laps += laps;
    }
    played
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(houses: [u8; HOUSES], stores: [u8; 2], mover: u8) -> Board {
        Board {
            houses,
            stores,
            mover,
        }
    }

    /// Worked by hand: 0 → 1–4; 4 (five) → 5–9; 9 (five) → 10, 11, 0, 1, 2; 2 (six) → 3–8;
    /// 8 (six) → 9, 10, 11, 0, 1, 2, where the last seed finds house 2 empty.
    #[test]
    fn the_first_house_of_the_opening_runs_five_laps() {
        let (after, laps) = Board::OPENING.sow(0);
        assert_eq!(laps, 5);
        assert_eq!(
            after,
            board([2, 7, 1, 6, 1, 6, 6, 6, 0, 1, 6, 6], [0, 0], 1)
        );
    }

    #[test]
    fn a_four_goes_to_its_owner_but_the_last_seed_s_four_to_the_sower() {
        // South sows house 5's two seeds: house 6 (North's) makes four with a seed still in hand, house 7
        // makes four with the last one. House 7 is then empty: one lap.
        let mut houses = [0; HOUSES];
        houses[5] = 2;
        houses[6] = 3;
        houses[7] = 3;
        houses[0] = 1;
        let (after, laps) = board(houses, [10, 20], 0).sow(5);
        assert_eq!(laps, 1);
        let mut left = [0; HOUSES];
        left[0] = 1;
        assert_eq!(after, board(left, [14, 24], 1));
    }

    #[test]
    fn a_hand_of_twelve_passes_the_emptied_house() {
        // Twelve seeds come round to the emptied house, which ends holding one: one lap.
        let mut houses = [0; HOUSES];
        houses[3] = 12;
        houses[8] = 5;
        let (after, laps) = board(houses, [0, 0], 0).sow(3);
        assert_eq!(laps, 1);
        let mut expected = [1; HOUSES];
        expected[8] = 6;
        assert_eq!(after.houses, expected);
    }

    #[test]
    fn a_move_that_never_ends_stops_at_the_cap() {
        // This board and house come back after 72 laps of sowing house 0: the move would never end.
        let start = board([2, 0, 1, 0, 1, 0, 2, 1, 0, 1, 0, 1], [0, 0], 0);
        let (after, laps) = start.sow(0);
        assert_eq!(laps, MAX_LAPS);
        assert_eq!(after.houses.iter().sum::<u8>(), 9);
        assert_eq!(after.stores, [0, 0]);
        assert_eq!(after.mover, 1);
    }

    #[test]
    fn the_moves_are_the_mover_s_non_empty_houses_and_the_game_ends() {
        let mut houses = [0; HOUSES];
        houses[1] = 3;
        houses[5] = 1;
        houses[6] = 2;
        assert_eq!(board(houses, [20, 20], 0).moves(), 0b10_0010);
        assert_eq!(board(houses, [20, 20], 1).moves(), 1 << 6);
        assert!(!board(houses, [20, 20], 0).is_over());
        assert!(board([0; HOUSES], [24, 24], 0).is_over());
        assert!(board(houses, [28, 14], 1).is_over());
        assert_eq!(board(houses, [28, 14], 1).score(), -14);
    }

    /// Minimax without pruning: the value alpha-beta must find, and the size of the whole tree.
    fn minimax(board: &Board, depth: u32, nodes: &mut u64) -> i32 {
        *nodes += 1;
        if depth == 0 || board.is_over() {
            return board.score();
        }
        (0..HOUSES)
            .filter(|&h| board.moves() & (1 << h) != 0)
            .map(|h| -minimax(&board.sow(h).0, depth - 1, nodes))
            .max()
            .expect("a game not over has moves")
    }

    #[test]
    fn alpha_beta_finds_the_minimax_value_in_fewer_nodes() {
        let mut rng = SeededRng::new(7);
        let mut boards = vec![Board::OPENING];
        // Boards from a random game, some of them with captures made.
        let mut b = Board::OPENING;
        for _ in 0..30 {
            if b.is_over() {
                break;
            }
            let moves = b.moves();
            let pick = (0..HOUSES)
                .filter(|&h| moves & (1 << h) != 0)
                .nth(rng.below(moves.count_ones() as usize))
                .unwrap();
            b = b.sow(pick).0;
            boards.push(b);
        }
        for b in &boards {
            for depth in 0..=5 {
                let mut all = 0;
                let value = minimax(b, depth, &mut all);
                let found = search(b, depth);
                assert_eq!(found.value, value, "{b:?} depth {depth}");
                assert!(found.nodes <= all, "{b:?} depth {depth}");
                // The first move at the root is searched whole, the tree one shallower below it.
                if depth == 1 {
                    assert_eq!(found.nodes, all);
                }
            }
        }
    }

    #[test]
    fn from_the_opening_it_searches_what_the_earlier_yardstick_did() {
        // The root and its six children.
        assert_eq!(search(&Board::OPENING, 1).nodes, 7);
        // The node counts and value the `bench-kernel` crate printed for relay sowing.
        assert_eq!(
            search(&Board::OPENING, 12),
            Search {
                value: -4,
                nodes: 157_406
            }
        );
        assert_eq!(search(&Board::OPENING, 14).nodes, 542_657);
    }

    #[test]
    fn playouts_are_the_same_for_the_same_seed_and_end() {
        let a: Vec<_> = (0..20).map(|i| playout(&mut SeededRng::new(i))).collect();
        let b: Vec<_> = (0..20).map(|i| playout(&mut SeededRng::new(i))).collect();
        assert_eq!(a, b);
        assert!(a.iter().all(|p| p.plies > 0 && p.plies <= MAX_PLIES));
        assert!(a.iter().all(|p| p.laps >= p.plies));
    }
}
