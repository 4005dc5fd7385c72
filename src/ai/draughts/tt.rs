//! The transposition table: a fixed-size array of 16-byte entries indexed by the Zobrist hash,
//! two-way buckets (depth-preferred slot and always-replace slot). The best move is stored as its
//! index in the generator's move list, which is deterministic for a position.

/// The bound an entry's score is.
pub const EXACT: u8 = 0;
pub const LOWER: u8 = 1;
pub const UPPER: u8 = 2;

/// No move stored.
pub const NO_MOVE: u8 = 0xFF;

#[derive(Clone, Copy, Default)]
#[repr(C)]
struct Entry {
    key: u64,
    score: i16,
    _pad: i16,
    depth: i8,
    bound: u8,
    mv: u8,
    age: u8,
}

/// What a probe found.
#[derive(Clone, Copy, Debug)]
pub struct Hit {
    pub score: i32,
    pub depth: i32,
    pub bound: u8,
    pub mv: u8,
}

pub struct Table {
    entries: Vec<Entry>,
    mask: usize,
    age: u8,
}

impl Table {
    /// A table of about `mb` megabytes (rounded down to a power of two of entries; at least 1024).
    pub fn new(mb: usize) -> Table {
        let want = (mb.max(1) << 20) / std::mem::size_of::<Entry>();
        let mut n = 1024;
        while n * 2 <= want {
            n *= 2;
        }
        Table { entries: vec![Entry::default(); n], mask: n - 2, age: 0 }
    }

    pub fn clear(&mut self) {
        self.entries.iter_mut().for_each(|e| *e = Entry::default());
        self.age = 0;
    }

    /// Marks a new search: entries of older searches are replaced first.
    pub fn new_search(&mut self) {
        self.age = self.age.wrapping_add(1);
    }

    /// Asks the memory system to bring `key`'s bucket into the cache (a hint: it changes no
    /// entry and no result). The search calls it for a child as soon as the child's hash is
    /// known, so the probe at the child's node does not wait for memory (on x86-64; elsewhere
    /// a no-op).
    #[inline(always)]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            let i = (key as usize) & self.mask;
            let ptr = self.entries[i..].as_ptr() as *const i8;
            // SAFETY: SSE is part of the x86-64 baseline, and a prefetch reads nothing (it is
            // a hint that cannot fault); `ptr` points into the table anyway.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(ptr) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    #[inline]
    pub fn probe(&self, key: u64) -> Option<Hit> {
        let i = (key as usize) & self.mask;
        for e in &self.entries[i..i + 2] {
            if e.key == key {
                return Some(Hit { score: e.score as i32, depth: e.depth as i32, bound: e.bound, mv: e.mv });
            }
        }
        None
    }

    #[inline]
    pub fn store(&mut self, key: u64, depth: i32, score: i32, bound: u8, mv: u8) {
        let i = (key as usize) & self.mask;
        let depth = depth.clamp(-100, 100) as i8;
        let new = Entry { key, score: score.clamp(-32000, 32000) as i16, _pad: 0, depth, bound, mv, age: self.age };
        let age = self.age;
        let [a, b] = &mut self.entries[i..i + 2] else { unreachable!() };
        // Slot 0 keeps the deepest recent entry; slot 1 takes everything else.
        if a.key == key || a.age != age || depth >= a.depth {
            let mut new = new;
            if a.key == key && mv == NO_MOVE {
                new.mv = a.mv;
            }
            if a.key != key && a.key != 0 {
                *b = *a;
            }
            *a = new;
        } else {
            let mut new = new;
            if b.key == key && mv == NO_MOVE {
                new.mv = b.mv;
            }
            *b = new;
        }
    }
}
