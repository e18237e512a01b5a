//! The transposition table: what an earlier visit learned about a position (its value, how deep, and the
//! best move), so that a position reached again — by another move order or in the next iteration — costs
//! one probe instead of a search.
//!
//! Every search starts from a logically empty table, so the same question always gets the same answer. The
//! memory itself is kept per thread and reused: a fresh table of several MiB costs more in page faults
//! than a short search costs in all (measured: over half the time of a 350 000-node search). A search
//! number (the generation) stamped in every slot makes the previous searches' entries invisible, and the
//! table is wiped when the stamp wraps round, so no stale entry can ever be read.

use std::cell::RefCell;

/// What a stored value says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The value is exact.
    Exact,
    /// The true value is at least this (the search failed high).
    Lower,
    /// The true value is at most this (the search failed low).
    Upper,
}

#[derive(Clone, Copy, Debug)]
pub struct Entry {
    pub value: i32,
    pub depth: u8,
    pub bound: Bound,
    /// The best house found, or `NO_MOVE`.
    pub best: u8,
}

pub const NO_MOVE: u8 = u8::MAX;

/// A fixed-size, always-replace table indexed by the low bits of the key and checked with the whole key.
///
/// A slot is two words: the key, and the packed entry stamped with the generation that wrote it.
pub struct Table {
    slots: Vec<[u64; 2]>,
    mask: usize,
    generation: u8,
}

impl Entry {
    fn pack(self) -> u64 {
        let bound = match self.bound {
            Bound::Exact => 1u64,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        self.value as u32 as u64
            | (self.depth as u64) << 32
            | bound << 40
            | (self.best as u64) << 48
    }

    fn generation(word: u64) -> u8 {
        (word >> 56) as u8
    }

    fn unpack(word: u64) -> Entry {
        Entry {
            value: word as u32 as i32,
            depth: (word >> 32) as u8,
            bound: match (word >> 40) as u8 {
                1 => Bound::Exact,
                2 => Bound::Lower,
                _ => Bound::Upper,
            },
            best: (word >> 48) as u8,
        }
    }
}

impl Table {
    /// A table of `entries` slots (a power of two, at least 1024), empty.
    fn new(entries: usize) -> Table {
        let size = entries.next_power_of_two().max(1024);
        Table {
            slots: vec![[0; 2]; size],
            mask: size - 1,
            generation: 1,
        }
    }

    /// Forgets every entry (in constant time, except once in 255 searches).
    fn clear(&mut self) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.slots.fill([0; 2]);
            self.generation = 1;
        }
    }

    /// Runs `f` with an empty table of about `entries` slots, reusing this thread's memory for that size.
    pub fn with<R>(entries: usize, f: impl FnOnce(&mut Table) -> R) -> R {
        thread_local! {
            static TABLES: RefCell<Vec<Option<Table>>> = const { RefCell::new(Vec::new()) };
        }
        let size = entries.next_power_of_two().max(1024);
        let class = size.trailing_zeros() as usize;
        // Taken out while in use, so that a nested search (none today) would get its own.
        let kept = TABLES.with_borrow_mut(|tables| tables.get_mut(class).and_then(Option::take));
        let mut table = match kept {
            Some(mut t) => {
                t.clear();
                t
            }
            None => Table::new(size),
        };
        let result = f(&mut table);
        TABLES.with_borrow_mut(|tables| {
            if tables.len() <= class {
                tables.resize_with(class + 1, || None);
            }
            tables[class] = Some(table);
        });
        result
    }

    /// Asks the processor to bring `key`'s slot into the cache (a hint: it changes no result).
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let slot: *const [u64; 2] = &self.slots[key as usize & self.mask];
            // SAFETY: a prefetch reads nothing and cannot fault; the address is a valid slot anyway. (The
            // intrinsic is a safe function in newer Rust, hence the allow.)
            #[allow(unused_unsafe)]
            unsafe {
                std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(
                    slot as *const i8,
                );
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let [k, data] = self.slots[key as usize & self.mask];
        (k == key && Entry::generation(data) == self.generation).then(|| Entry::unpack(data))
    }

    /// Stores a result; a deeper result for the same position is kept over a shallower one.
    #[inline]
    pub fn store(&mut self, key: u64, value: i32, depth: u8, bound: Bound, best: u8) {
        let slot = &mut self.slots[key as usize & self.mask];
        if slot[0] == key
            && Entry::generation(slot[1]) == self.generation
            && Entry::unpack(slot[1]).depth > depth
        {
            return;
        }
        let entry = Entry {
            value,
            depth,
            bound,
            best,
        };
        *slot = [key, entry.pack() | (self.generation as u64) << 56];
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_round_trip_and_deeper_results_stay() {
        let mut t = Table::new(1024);
        assert!(t.probe(77).is_none());
        t.store(77, -1234, 5, Bound::Lower, 3);
        let e = t.probe(77).unwrap();
        assert_eq!(
            (e.value, e.depth, e.bound, e.best),
            (-1234, 5, Bound::Lower, 3)
        );
        t.store(77, 99, 2, Bound::Exact, 4);
        assert_eq!(t.probe(77).unwrap().value, -1234);
        t.store(77, 99, 9, Bound::Exact, NO_MOVE);
        let e = t.probe(77).unwrap();
        assert_eq!((e.value, e.bound, e.best), (99, Bound::Exact, NO_MOVE));
        assert!(t.probe(77 + 1024).is_none());
        t.clear();
        assert!(
            t.probe(77).is_none(),
            "a new search sees nothing of the last"
        );
    }

    #[test]
    fn a_reused_table_is_empty_even_after_the_stamp_wraps() {
        for search in 0..600u64 {
            Table::with(2048, |t| {
                assert!(t.probe(5).is_none(), "search {search} saw a stale entry");
                t.store(5, 1, 1, Bound::Exact, 0);
            });
        }
    }
}
