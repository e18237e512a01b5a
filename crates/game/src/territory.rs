//! Territory: which houses each player owns (rules.md §1), and how stores buy next round's houses (§6).

use super::player::{ByPlayer, House, Player};
use serde::{Deserialize, Serialize};

/// The houses South owns, `k` (0–12); North owns the other `12 − k`.
///
/// Each territory is one unbroken arc. With `k ≥ 6` South owns houses `0 … k−1` (its row plus the start of
/// North's row in sowing order); with `k < 6` South keeps `6−k … 5`, the end of its own row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct Territory(u8);

/// A territory outside 0–12.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("territory must be 0–12 houses, not {0}")]
pub struct BadTerritory(pub u8);

/// Bit `h` set when South owns house `h`, for every `k`.
const SOUTH_MASKS: [u16; 13] = {
    let mut masks = [0u16; 13];
    let mut k = 0;
    while k <= 12 {
        masks[k] = if k >= 6 {
            (1u16 << k) - 1
        } else {
            // houses 6−k … 5
            ((1u16 << 6) - 1) & !((1u16 << (6 - k)) - 1)
        };
        k += 1;
    }
    masks
};

const ALL_HOUSES: u16 = (1 << 12) - 1;

/// `SOUTH_BYTE_MASKS[k]`: South's houses as byte masks over the board's two words (see
/// [`Territory::byte_mask`]).
const SOUTH_BYTE_MASKS: [[u64; 2]; 13] = {
    let mut masks = [[0u64; 2]; 13];
    let mut k = 0;
    while k <= 12 {
        let mut h = 0;
        while h < 12 {
            if SOUTH_MASKS[k] >> h & 1 == 1 {
                masks[k][h / 8] |= 0xFF << (8 * (h % 8));
            }
            h += 1;
        }
        k += 1;
    }
    masks
};

/// Every house's byte.
const ALL_BYTES: [u64; 2] = [u64::MAX, 0xFFFF_FFFF];

impl Territory {
    /// Round 1: six houses each.
    pub const EVEN: Territory = Territory(6);

    pub fn new(south_houses: u8) -> Result<Territory, BadTerritory> {
        if south_houses <= 12 {
            Ok(Territory(south_houses))
        } else {
            Err(BadTerritory(south_houses))
        }
    }

    /// How many houses South owns.
    pub fn south_houses(self) -> u8 {
        self.0
    }

    /// How many houses `player` owns.
    pub fn houses_of(self, player: Player) -> u8 {
        match player {
            Player::South => self.0,
            Player::North => 12 - self.0,
        }
    }

    /// A bit mask of the houses `player` owns (bit `h` for house `h`).
    #[inline]
    pub fn mask(self, player: Player) -> u16 {
        let south = SOUTH_MASKS[self.0 as usize];
        match player {
            Player::South => south,
            Player::North => ALL_HOUSES & !south,
        }
    }

    /// The houses `player` owns as a byte mask over the board read as two little-endian words (houses 0–7,
    /// then 8–11): byte `h` is 0xFF when `player` owns house `h`. It lets a side be summed or counted with
    /// a few word operations.
    #[inline]
    pub fn byte_mask(self, player: Player) -> [u64; 2] {
        let south = SOUTH_BYTE_MASKS[self.0 as usize];
        match player {
            Player::South => south,
            Player::North => [ALL_BYTES[0] ^ south[0], ALL_BYTES[1] ^ south[1]],
        }
    }

    /// Who owns `house`.
    #[inline]
    pub fn owner(self, house: House) -> Player {
        if SOUTH_MASKS[self.0 as usize] >> house.index() & 1 == 1 {
            Player::South
        } else {
            Player::North
        }
    }

    /// Does either player own every house (the match is over)?
    pub fn is_whole_board(self) -> bool {
        self.0 == 0 || self.0 == 12
    }

    /// Next round's territory from this round's stores (rules.md §6.1): four seeds buy a house; when the two
    /// counts add up to 11, the twelfth house goes to the larger remainder, and with remainders 2 and 2 to the
    /// player with more seeds. `None` when the stores do not hold 48 seeds.
    pub fn from_stores(stores: ByPlayer<u8>) -> Option<Territory> {
        let (s, n) = (stores.south as u32, stores.north as u32);
        if s + n != 48 {
            return None;
        }
        let mut k = s / 4;
        if k + n / 4 == 11 {
            let (rs, rn) = (s % 4, n % 4);
            if rs > rn || (rs == rn && s > n) {
                k += 1;
            }
        }
        Some(Territory(k as u8))
    }
}

impl TryFrom<u8> for Territory {
    type Error = BadTerritory;
    fn try_from(k: u8) -> Result<Self, Self::Error> {
        Territory::new(k)
    }
}

impl From<Territory> for u8 {
    fn from(t: Territory) -> u8 {
        t.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn owned(k: u8, p: Player) -> Vec<usize> {
        let t = Territory::new(k).unwrap();
        House::all()
            .filter(|&h| t.owner(h) == p)
            .map(House::index)
            .collect()
    }

    #[test]
    fn even_territory_is_the_home_rows() {
        assert_eq!(owned(6, Player::South), vec![0, 1, 2, 3, 4, 5]);
        assert_eq!(owned(6, Player::North), vec![6, 7, 8, 9, 10, 11]);
    }

    #[test]
    fn a_winner_takes_the_far_row_in_sowing_order() {
        assert_eq!(owned(9, Player::South), vec![0, 1, 2, 3, 4, 5, 6, 7, 8]);
        assert_eq!(owned(9, Player::North), vec![9, 10, 11]);
        // North with 10 houses: its row plus South's houses 0–3; South keeps 4 and 5.
        assert_eq!(owned(2, Player::South), vec![4, 5]);
    }

    #[test]
    fn masks_partition_the_board() {
        for k in 0..=12 {
            let t = Territory::new(k).unwrap();
            assert_eq!(t.mask(Player::South) & t.mask(Player::North), 0);
            assert_eq!(t.mask(Player::South) | t.mask(Player::North), ALL_HOUSES);
            assert_eq!(t.mask(Player::South).count_ones(), k as u32);
        }
    }

    #[test]
    fn byte_masks_cover_the_owned_houses() {
        for k in 0..=12 {
            let t = Territory::new(k).unwrap();
            for p in Player::BOTH {
                let [lo, hi] = t.byte_mask(p);
                for h in House::all() {
                    let byte = if h.index() < 8 {
                        lo >> (8 * h.index())
                    } else {
                        hi >> (8 * (h.index() - 8))
                    } & 0xFF;
                    assert_eq!(byte == 0xFF, t.owner(h) == p, "k={k} {p} house {h}");
                    assert!(byte == 0 || byte == 0xFF);
                }
                assert_eq!(hi >> 32, 0);
            }
        }
    }

    #[test]
    fn stores_buy_houses_at_four_seeds_each() {
        let k = |s, n| {
            Territory::from_stores(ByPlayer::new(s, n))
                .unwrap()
                .south_houses()
        };
        assert_eq!(k(24, 24), 6);
        assert_eq!(k(36, 12), 9);
        assert_eq!(k(48, 0), 12);
        // 27 / 21: 6 + 5 houses, remainders 3 and 1: South gets the twelfth.
        assert_eq!(k(27, 21), 7);
        assert_eq!(k(21, 27), 5);
        // remainders 2 and 2: more seeds wins the house.
        assert_eq!(k(26, 22), 7);
        assert_eq!(k(22, 26), 5);
        assert_eq!(k(2, 46), 0);
        assert!(Territory::from_stores(ByPlayer::new(20, 20)).is_none());
    }
}
