//! Zobrist keys: a 64-bit fingerprint of a position for the transposition table.
//!
//! Only what changes during one search is hashed — the board, South's store, the player to move and the
//! moves since the last capture (the stall count decides a round's end, so two positions that differ in it
//! are different positions). Territory, starter and rule options are fixed within one search, and the table
//! lives for one search only.

use namnam_game::{Player, Position, STALL_MOVES};

/// SplitMix64 as a `const fn`, so the keys are built at compile time and are the same on every machine.
const fn mix(state: u64) -> u64 {
    let mut z = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Seeds a house or a store can hold: 0–48.
const COUNTS: usize = 49;

struct Keys {
    board: [[u64; COUNTS]; 12],
    south_store: [u64; COUNTS],
    since_capture: [u64; STALL_MOVES as usize],
    north_to_move: u64,
}

const KEYS: Keys = {
    let mut state = 0x4E61_6D6E_616D_0001u64; // "Namnam" 1
    let mut keys = Keys {
        board: [[0; COUNTS]; 12],
        south_store: [0; COUNTS],
        since_capture: [0; STALL_MOVES as usize],
        north_to_move: 0,
    };
    let mut h = 0;
    while h < 12 {
        let mut s = 0;
        while s < COUNTS {
            state = mix(state);
            keys.board[h][s] = state;
            s += 1;
        }
        h += 1;
    }
    let mut s = 0;
    while s < COUNTS {
        state = mix(state);
        keys.south_store[s] = state;
        s += 1;
    }
    let mut m = 0;
    while m < STALL_MOVES as usize {
        state = mix(state);
        keys.since_capture[m] = state;
        m += 1;
    }
    keys.north_to_move = mix(state);
    keys
};

/// The key of `p` within one search.
#[inline]
pub fn key(p: &Position) -> u64 {
    let board = p.board();
    let mut k = KEYS.south_store[p.stores().south as usize]
        ^ KEYS.since_capture[p.since_capture() as usize];
    for (h, &s) in board.iter().enumerate() {
        k ^= KEYS.board[h][s as usize];
    }
    if p.to_move() == Player::North {
        k ^= KEYS.north_to_move;
    }
    k
}

#[cfg(test)]
mod tests {
    use super::*;
    use namnam_game::{House, Rules};

    #[test]
    fn keys_differ_for_different_positions_and_agree_for_equal_ones() {
        let a = Position::opening(Player::South, Rules::default());
        let b = Position::opening(Player::North, Rules::default());
        assert_ne!(key(&a), key(&b));
        let c = a.apply(House::new(2).unwrap()).unwrap();
        let d = a.apply(House::new(2).unwrap()).unwrap();
        assert_eq!(key(&c), key(&d));
        assert_ne!(key(&c), key(&a));
    }
}
