//! The twelve houses' seeds, packed a byte a house into two machine words.
//!
//! Every position the search makes is sown, checked (does a player own seeds? is the round over?),
//! evaluated and hashed. On a board of bytes each of those is a loop over twelve houses; on two words
//! it is a few word operations. The words are also what moves through memory: a board written as
//! bytes and read back as words makes the processor wait for the bytes to land, at every position.

/// Houses 0–7 in the first word, 8–11 in the low half of the second (its top four bytes are always zero);
/// house `h` is byte `h % 8`, little end first. No house holds more than 48 seeds, so adding one to some
/// bytes of a word never carries into the next byte, and every byte's top bit is clear.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Board(pub(crate) [u64; 2]);

/// A one in each byte.
const ONES: u64 = 0x0101_0101_0101_0101;
const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
const HIGH: u64 = 0x8080_8080_8080_8080;
/// The second word's bytes that are houses (8–11).
const HOUSES_8_TO_11: u64 = 0xFFFF_FFFF;

impl Board {
    pub const EMPTY: Board = Board([0, 0]);

    pub fn from_houses(houses: [u8; 12]) -> Board {
        let mut lo = [0u8; 8];
        let mut hi = [0u8; 8];
        lo.copy_from_slice(&houses[..8]);
        hi[..4].copy_from_slice(&houses[8..]);
        Board([u64::from_le_bytes(lo), u64::from_le_bytes(hi)])
    }

    pub fn houses(self) -> [u8; 12] {
        let mut houses = [0u8; 12];
        houses[..8].copy_from_slice(&self.0[0].to_le_bytes());
        houses[8..].copy_from_slice(&self.0[1].to_le_bytes()[..4]);
        houses
    }

    /// The seeds in house `h` (0–11).
    #[inline(always)]
    pub fn get(self, h: usize) -> u8 {
        let word = if h < 8 { self.0[0] } else { self.0[1] };
        (word >> (8 * (h & 7))) as u8
    }

    /// Empties house `h` and returns its seeds.
    #[inline(always)]
    pub fn take(&mut self, h: usize) -> u8 {
        let seeds = self.get(h);
        let clear = !(0xFF << (8 * (h & 7)));
        if h < 8 {
            self.0[0] &= clear;
        } else {
            self.0[1] &= clear;
        }
        seeds
    }

    #[inline(always)]
    pub fn is_empty(self) -> bool {
        // A sum, not `|`: the compiler reads an or of the two words as one 16-byte load, which has to wait
        // for the two 8-byte stores that wrote the board (a store cannot be forwarded to a wider load).
        // The words are below 2^63, so the sum is zero only when both are.
        self.0[0] + self.0[1] == 0
    }

    /// Adds `seeds` (a byte a house, as a board) to the houses.
    #[inline(always)]
    pub fn add(&mut self, seeds: Board) {
        self.0[0] += seeds.0[0];
        self.0[1] += seeds.0[1];
    }

    /// The houses holding seeds.
    #[inline(always)]
    pub fn nonzero(self) -> Flags {
        // `(b & 0x7F) + 0x7F` sets a byte's top bit for b from 1 to 127 and `| b` for the rest (no byte is
        // above 48); nothing carries between bytes.
        Flags(self.0.map(|w| (((w & LOW7) + LOW7) | w) & HIGH))
    }

    /// The houses holding exactly `n` seeds.
    #[inline(always)]
    pub fn equal(self, n: u8) -> Flags {
        let zero = |w: u64| !(((w & LOW7) + LOW7) | w) & HIGH;
        let n = n as u64 * ONES;
        // The second word's top bytes are no houses (they are zero, which `n` need not differ from).
        Flags([zero(self.0[0] ^ n), zero(self.0[1] ^ n) & HOUSES_8_TO_11])
    }

    /// A bit mask of the houses holding seeds (bit `h` for house `h`).
    #[inline(always)]
    pub fn occupied(self) -> u16 {
        let Flags([lo, hi]) = self.nonzero();
        gather(lo) | gather(hi) << 8
    }

    /// Are there seeds in any house whose byte is 0xFF in `mask` (a [`Territory::byte_mask`])?
    ///
    /// [`Territory::byte_mask`]: super::Territory::byte_mask
    #[inline(always)]
    pub fn any(self, mask: [u64; 2]) -> bool {
        (self.0[0] & mask[0]) | (self.0[1] & mask[1]) != 0
    }

    /// Seeds in the houses whose bytes are 0xFF in `mask` (a [`Territory::byte_mask`]).
    ///
    /// [`Territory::byte_mask`]: super::Territory::byte_mask
    #[inline(always)]
    pub fn sum(self, mask: [u64; 2]) -> u32 {
        // Multiplying by 0x0101… adds every byte into the top one; 48 seeds in all fit in a byte.
        let total = |w: u64| (w.wrapping_mul(ONES) >> 56) as u32;
        total(self.0[0] & mask[0]) + total(self.0[1] & mask[1])
    }
}

/// A set of houses as the top bit of their byte in the board's two words.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Flags(pub(crate) [u64; 2]);

impl Flags {
    /// How many houses.
    #[inline(always)]
    pub fn count(self) -> u32 {
        self.0[0].count_ones() + self.0[1].count_ones()
    }

    /// The houses whose bytes are 0xFF in `mask` (a [`Territory::byte_mask`]).
    ///
    /// [`Territory::byte_mask`]: super::Territory::byte_mask
    #[inline(always)]
    pub fn within(self, mask: [u64; 2]) -> Flags {
        Flags([self.0[0] & mask[0], self.0[1] & mask[1]])
    }
}

/// The top bits of a word's eight bytes as the eight low bits of a byte: after the shift byte `i` holds 0
/// or 1, and the multiplication moves it to bit 56 + i (every other product lands below bit 56 at a
/// distinct place, or above 63, so nothing carries into the top byte).
#[inline(always)]
fn gather(flags: u64) -> u16 {
    ((flags >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u16
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::SeededRng;

    fn random_board(rng: &mut SeededRng) -> [u8; 12] {
        let mut houses = [0u8; 12];
        for s in houses.iter_mut() {
            *s = [0, 1, 2, 3, 3, 4, 5, 13, 48][rng.below(9)];
        }
        houses
    }

    /// The word arithmetic against plain loops over the houses.
    #[test]
    fn word_operations_agree_with_loops() {
        let mut rng = SeededRng::new(11);
        for _ in 0..5000 {
            let houses = random_board(&mut rng);
            let mut board = Board::from_houses(houses);
            assert_eq!(board.houses(), houses);
            for (h, &s) in houses.iter().enumerate() {
                assert_eq!(board.get(h), s);
            }
            let expect_occupied = (0..12).fold(0u16, |m, h| m | ((houses[h] != 0) as u16) << h);
            assert_eq!(board.occupied(), expect_occupied, "{houses:?}");
            assert_eq!(board.is_empty(), houses == [0; 12]);
            let mask_bits = rng.below(1 << 12) as u16;
            let mut mask = [0u64; 2];
            for h in (0..12).filter(|h| mask_bits >> h & 1 == 1) {
                mask[h / 8] |= 0xFF << (8 * (h % 8));
            }
            let in_mask = |h: usize| mask_bits >> h & 1 == 1;
            let sets: [(Flags, &dyn Fn(u8) -> bool); 4] = [
                (board.nonzero(), &|s| s > 0),
                (board.equal(0), &|s| s == 0),
                (board.equal(3), &|s| s == 3),
                (board.equal(4), &|s| s == 4),
            ];
            for (i, (flags, test)) in sets.into_iter().enumerate() {
                for h in 0..12 {
                    let flagged = flags.0[h / 8] >> (8 * (h % 8) + 7) & 1 == 1;
                    assert_eq!(flagged, test(houses[h]), "set {i}, house {h} of {houses:?}");
                }
                let count = |keep: &dyn Fn(usize) -> bool| {
                    (0..12).filter(|&h| keep(h) && test(houses[h])).count() as u32
                };
                assert_eq!(flags.count(), count(&|_| true), "set {i} of {houses:?}");
                assert_eq!(flags.within(mask).count(), count(&in_mask), "set {i}");
            }
            assert_eq!(
                board.any(mask),
                (0..12).any(|h| in_mask(h) && houses[h] > 0)
            );
            let expect_sum: u32 = (0..12)
                .filter(|h| mask_bits >> h & 1 == 1)
                .map(|h| houses[h] as u32)
                .sum();
            // A real board holds 48 seeds at most; random ones may hold more.
            if expect_sum < 256 {
                assert_eq!(board.sum(mask), expect_sum);
            }
            let h = rng.below(12);
            assert_eq!(board.take(h), houses[h]);
            let mut emptied = houses;
            emptied[h] = 0;
            assert_eq!(board.houses(), emptied);
        }
    }
}
