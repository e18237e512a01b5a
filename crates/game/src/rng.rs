//! A small seeded random generator (SplitMix64): the same seed gives the same games on every machine,
//! which a general-purpose crate does not promise across versions.

/// SplitMix64: fast, tiny state, good enough for choosing moves.
#[derive(Clone, Debug)]
pub struct SeededRng(u64);

impl SeededRng {
    pub fn new(seed: u64) -> SeededRng {
        SeededRng(seed)
    }

    /// A generator for one item of a series (game `i` of a run seeded `seed`), independent of the others.
    pub fn for_item(seed: u64, item: u64) -> SeededRng {
        let mut mix = SeededRng(seed ^ item.wrapping_mul(0xD1B5_4A32_D192_ED03));
        SeededRng(mix.next_u64())
    }

    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`).
    #[inline]
    pub fn below(&mut self, n: usize) -> usize {
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }
}
