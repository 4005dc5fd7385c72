//! Pattern evaluation: learnt values of what stands on each 4x4 block of the board.
//!
//! The board's 4x4 blocks whose corners are on even files and ranks (a1-d4, c1-f4, e1-h4,
//! a3-d6, ... e5-h8: nine, overlapping) each hold 8 dark squares; a block's pattern is the
//! state of each of them (empty, White's piece, Black's piece; kings count as their side's
//! pieces), one of 3^8 = 6561. [`Patterns`] holds a value for each block and pattern, for a
//! full board and for the endgame, tapered by the number of pieces as [`super::Weights`] are.
//!
//! Invariant (colour symmetry): a pattern is valued from its owner's side. White's view of
//! block `r` and Black's view of the board turned by 180 degrees (square `s` to `31 - s`,
//! colours swapped) use the same table, so the sum is White's value minus Black's and a
//! position and its colour-reversed mirror score opposite.
//!
//! Turning the board maps block `r` onto block `8 - r` with its squares in reverse order, so
//! Black's view of block `r` is a pattern of block `8 - r` as White sees it ([`mirror`]). The
//! evaluation reads a folded table, one value per block and pattern seen from White's side
//! (White's value minus Black's), which gives the same sum with half the lookups.

use std::sync::{Arc, OnceLock};

use crate::draughts::Position;

/// The number of blocks.
pub const REGIONS: usize = 9;
/// Patterns per block (3^8).
pub const STATES: usize = 6561;

/// The file header of [`Patterns::to_text`].
const HEADER: &str = "tabla-draughts-patterns 1";

/// For the 8 bits of a block's squares (one side's pieces), the pattern index they add
/// (each square a base-3 digit: 1 for White, 2 for Black is this times 2).
const BASE3: [u16; 256] = {
    let mut t = [0u16; 256];
    let mut m = 0;
    while m < 256 {
        let (mut v, mut p, mut i) = (0u16, 1u16, 0);
        while i < 8 {
            if m & (1 << i) != 0 {
                v += p;
            }
            p *= 3;
            i += 1;
        }
        t[m] = v;
        m += 1;
    }
    t
};

/// The shift that brings block `r`'s lowest square to bit 0: 4 squares a rank, the block's
/// rows from rank `2 * (r / 3)`, its two squares a rank from index `r % 3` of the rank's four.
const fn shift(r: usize) -> u32 {
    (8 * (r / 3) + r % 3) as u32
}

/// Both sides' pieces in one word: White's in the low half, Black's in the high one.
#[inline(always)]
fn both(w: u32, b: u32) -> u64 {
    w as u64 | (b as u64) << 32
}

/// The 8 bits of block `r` of each half of `bb` (in square order, two per rank, four ranks),
/// in bits 0-7 and 32-39.
#[inline(always)]
fn gather(bb: u64, r: usize) -> u64 {
    let x = (bb >> shift(r)) & 0x0000_3333_0000_3333;
    let x = (x | (x >> 2)) & 0x0000_0F0F_0000_0F0F;
    (x | (x >> 4)) & 0x0000_00FF_0000_00FF
}

/// Block `r`'s pattern of [`both`]'s pieces.
#[inline(always)]
fn index_of(both: u64, r: usize) -> usize {
    let x = gather(both, r);
    BASE3[(x & 0xFF) as usize] as usize + 2 * BASE3[(x >> 32) as usize] as usize
}

/// Block `r`'s pattern with White's pieces `w` and Black's `b`.
#[inline(always)]
pub fn index(w: u32, b: u32, r: usize) -> usize {
    index_of(both(w, b), r)
}

/// The pattern seen from the other side: the block turned (its square `k` of 8 becomes
/// square `7 - k`) and the colours swapped. Block `r`'s pattern `i` of a position is block
/// `8 - r`'s pattern `mirror(i)` of the position turned with colours swapped.
pub const fn mirror(i: usize) -> usize {
    let (mut i, mut m, mut k) = (i, 0, 0);
    while k < 8 {
        let d = [0, 2, 1][i % 3];
        m = 3 * m + d;
        i /= 3;
        k += 1;
    }
    m
}

/// The largest magnitude of a pattern value: a folded pair (one value minus another) must
/// fit in an `i16`.
pub const MAX_VALUE: i16 = i16::MAX / 2;

/// For each block, the pattern of White's view and of Black's (the board turned, colours
/// swapped), for the tuner.
pub fn indices(pos: &Position) -> [(usize, usize); REGIONS] {
    let (w, b) = (pos.white(), pos.black());
    let (rw, rb) = (b.reverse_bits(), w.reverse_bits());
    std::array::from_fn(|r| (index(w, b, r), index(rw, rb, r)))
}

/// The built-in patterns in their compact form ([`Patterns::to_bytes`]): fitted with the
/// built-in weights ([`super::Weights::DEFAULT`]) by `tune-draughts --patterns-out` to 40,000
/// self-play games of the engine with the first round's patterns, labelled by 25,000-node
/// searches (docs/draughts-ai.md, "Learnt patterns built in", "A second round").
static BUILTIN_BYTES: &[u8] = include_bytes!("weights/patterns.bin");
const _: () = assert!(BUILTIN_BYTES.len() == 2 * REGIONS * STATES, "weights/patterns.bin: one byte per value");

/// The built-in patterns ([`super::Engine::new`] plays with them), read once per process.
pub fn builtin() -> Arc<Patterns> {
    static BUILTIN: OnceLock<Arc<Patterns>> = OnceLock::new();
    BUILTIN.get_or_init(|| Arc::new(Patterns::from_pairs(BUILTIN_BYTES))).clone()
}

/// Learnt pattern values, hundredths of a man: [`table`](Self::table)`[r * STATES + i]` is
/// (a full board's, the endgame's) value of pattern `i` on block `r` to the side it is viewed
/// from.
///
/// Invariant: every value is within `±MAX_VALUE`, and `folded[r * STATES + i]` is
/// `table[r * STATES + i] - table[(8 - r) * STATES + mirror(i)]` (White's value of the
/// pattern minus Black's).
#[derive(Clone, Debug)]
pub struct Patterns {
    table: Vec<[i16; 2]>,
    folded: Vec<[i16; 2]>,
}

impl PartialEq for Patterns {
    fn eq(&self, other: &Patterns) -> bool {
        self.table == other.table
    }
}

impl Eq for Patterns {}

impl Patterns {
    /// All values 0.
    pub fn zero() -> Patterns {
        Patterns::fold(vec![[0, 0]; REGIONS * STATES])
    }

    /// The patterns of `table` (`REGIONS * STATES` pairs, block by block); an error if its
    /// length is wrong or a value is beyond `±MAX_VALUE`.
    pub fn new(table: Vec<[i16; 2]>) -> Result<Patterns, String> {
        if table.len() != REGIONS * STATES {
            return Err(format!("{} patterns, {} expected", table.len(), REGIONS * STATES));
        }
        if let Some(j) = table.iter().position(|v| v.iter().any(|x| x.abs() > MAX_VALUE)) {
            return Err(format!("pattern {j}: {:?} is beyond ±{MAX_VALUE}", table[j]));
        }
        Ok(Patterns::fold(table))
    }

    /// The patterns of `table`, which the caller has checked (its length, its values within
    /// `±MAX_VALUE`).
    fn fold(table: Vec<[i16; 2]>) -> Patterns {
        let folded = (0..REGIONS * STATES)
            .map(|j| {
                let (r, i) = (j / STATES, j % STATES);
                let (a, c) = (table[j], table[(REGIONS - 1 - r) * STATES + mirror(i)]);
                [a[0] - c[0], a[1] - c[1]]
            })
            .collect();
        Patterns { table, folded }
    }

    /// The values, (full board, endgame) per pattern, block by block.
    pub fn table(&self) -> &[[i16; 2]] {
        &self.table
    }

    /// White's view of the position's patterns, (full board, endgame), not yet tapered.
    #[inline]
    pub fn sums(&self, w: u32, b: u32) -> (i32, i32) {
        let both = both(w, b);
        let (mut o, mut e) = (0i32, 0i32);
        for r in 0..REGIONS {
            let v = self.folded[r * STATES + index_of(both, r)];
            o += v[0] as i32;
            e += v[1] as i32;
        }
        (o, e)
    }

    /// White's value of the position's patterns with `n` pieces on the board (more than 24
    /// count as 24), tapered as weights are ([`super::eval::taper`]).
    #[inline]
    pub fn value(&self, w: u32, b: u32, n: u32) -> i32 {
        let (o, e) = self.sums(w, b);
        super::eval::taper(o, e, n)
    }

    /// The compact form: one signed byte per value, (full board, endgame) per pattern, block
    /// by block; `None` if a value does not fit in a byte.
    pub fn to_bytes(&self) -> Option<Vec<u8>> {
        let mut out = Vec::with_capacity(2 * self.table.len());
        for v in self.table.iter().flatten() {
            out.push(i8::try_from(*v).ok()? as u8);
        }
        Some(out)
    }

    /// Reads [`to_bytes`](Self::to_bytes)' form.
    pub fn from_bytes(bytes: &[u8]) -> Result<Patterns, String> {
        if bytes.len() != 2 * REGIONS * STATES {
            return Err(format!("{} bytes, {} expected", bytes.len(), 2 * REGIONS * STATES));
        }
        Ok(Patterns::from_pairs(bytes))
    }

    /// The values of the compact form, two signed bytes (full board, endgame) per pattern;
    /// the caller has checked the length.
    fn from_pairs(bytes: &[u8]) -> Patterns {
        Patterns::fold(bytes.chunks_exact(2).map(|c| [c[0] as i8 as i16, c[1] as i8 as i16]).collect())
    }

    /// Reads either form: the text one (it starts with its header) or the compact one.
    pub fn read(bytes: &[u8]) -> Result<Patterns, String> {
        match std::str::from_utf8(bytes) {
            Ok(text) if text.starts_with(HEADER) => Patterns::from_text(text),
            _ => Patterns::from_bytes(bytes),
        }
    }

    /// The text form: a header line, then one line `full endgame` per pattern, block by block.
    pub fn to_text(&self) -> String {
        let mut s = format!("{HEADER}\n");
        for [o, e] in &self.table {
            s.push_str(&format!("{o} {e}\n"));
        }
        s
    }

    /// Reads [`to_text`](Self::to_text)'s form.
    pub fn from_text(text: &str) -> Result<Patterns, String> {
        let mut lines = text.lines();
        if lines.next() != Some(HEADER) {
            return Err(format!("not a pattern file (the first line is not '{HEADER}')"));
        }
        let mut table = Vec::with_capacity(REGIONS * STATES);
        for (i, line) in lines.enumerate() {
            let v: Vec<i16> = line
                .split_whitespace()
                .map(|t| t.parse::<i16>())
                .collect::<Result<_, _>>()
                .map_err(|e| format!("line {}: {e}", i + 2))?;
            let [o, e] = v[..] else { return Err(format!("line {}: two values expected", i + 2)) };
            table.push([o, e]);
        }
        Patterns::new(table)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draughts::Square;

    /// Every block holds 8 distinct dark squares, 4x4 on the board, and each square is in
    /// one to four blocks.
    #[test]
    fn blocks_are_the_nine_4x4_squares() {
        let mut cover = [0; 32];
        for r in 0..REGIONS {
            let squares: Vec<usize> = (0..32).filter(|&s| gather(1 << s, r) != 0).collect();
            assert_eq!(squares.len(), 8, "block {r}");
            let names: Vec<String> = squares.iter().map(|&s| Square::new(s as u8).unwrap().to_string()).collect();
            let files: Vec<u8> = names.iter().map(|n| n.as_bytes()[0]).collect();
            let ranks: Vec<u8> = names.iter().map(|n| n.as_bytes()[1]).collect();
            let (f0, r0) = (b'a' + 2 * (r % 3) as u8, b'1' + 2 * (r / 3) as u8);
            assert!(files.iter().all(|f| (f0..f0 + 4).contains(f)), "block {r}: {names:?}");
            assert!(ranks.iter().all(|k| (r0..r0 + 4).contains(k)), "block {r}: {names:?}");
            for s in squares {
                cover[s] += 1;
            }
        }
        assert!(cover.iter().all(|&c| (1..=4).contains(&c)), "{cover:?}");
    }

    /// Patterns are one-to-one: every state of a block's 8 squares has its own index below
    /// 6561.
    #[test]
    fn each_state_of_a_block_has_its_own_index() {
        let squares: Vec<u32> = (0..32).filter(|&s| gather(1 << s, 4) != 0).collect();
        let mut seen = vec![false; STATES];
        for code in 0..STATES {
            let (mut w, mut b, mut c) = (0u32, 0u32, code);
            for &s in &squares {
                match c % 3 {
                    1 => w |= 1 << s,
                    2 => b |= 1 << s,
                    _ => {}
                }
                c /= 3;
            }
            let i = index(w, b, 4);
            assert!(!seen[i]);
            seen[i] = true;
        }
    }

    /// The built-in patterns are the file they were read from, and learnt (not all 0).
    #[test]
    fn builtin_patterns_read_from_their_file() {
        let p = builtin();
        assert_eq!(p.table().len(), REGIONS * STATES);
        assert_eq!(p.to_bytes().as_deref(), Some(BUILTIN_BYTES));
        assert!(p.table().iter().filter(|v| **v != [0, 0]).count() > 1000);
    }

    fn random_patterns(seed: u64, spread: u64) -> Patterns {
        let mut rng = crate::ai::draughts::Rng(seed);
        let mut value = || rng.below(2 * spread + 1) as i16 - spread as i16;
        Patterns::new((0..REGIONS * STATES).map(|_| [value(), value()]).collect()).unwrap()
    }

    /// White's view of the patterns by their definition: each block's pattern for White
    /// minus the pattern Black sees on the board turned with colours swapped.
    fn sums_by_definition(p: &Patterns, w: u32, b: u32) -> (i32, i32) {
        let (rw, rb) = (b.reverse_bits(), w.reverse_bits());
        let (mut o, mut e) = (0, 0);
        for r in 0..REGIONS {
            let a = p.table()[r * STATES + index(w, b, r)];
            let c = p.table()[r * STATES + index(rw, rb, r)];
            o += a[0] as i32 - c[0] as i32;
            e += a[1] as i32 - c[1] as i32;
        }
        (o, e)
    }

    /// The folded table gives the sum of the definition, on random boards (any two disjoint
    /// sets of squares) and random values up to the largest allowed.
    #[test]
    fn folded_sums_are_the_sums_of_the_definition() {
        let mut rng = crate::ai::draughts::Rng(11);
        for (seed, spread) in [(1, 20), (2, MAX_VALUE as u64)] {
            let p = random_patterns(seed, spread);
            for _ in 0..2000 {
                let (mut w, mut b) = (0u32, 0u32);
                for s in 0..32 {
                    match rng.below(3) {
                        1 => w |= 1 << s,
                        2 => b |= 1 << s,
                        _ => {}
                    }
                }
                assert_eq!(p.sums(w, b), sums_by_definition(&p, w, b), "{w:#x} {b:#x}");
            }
        }
    }

    /// Mirroring a pattern twice gives it back, and a block's pattern of a position is the
    /// opposite block's mirrored pattern of the position turned with colours swapped.
    #[test]
    fn a_mirrored_pattern_is_the_opposite_blocks_pattern_turned() {
        assert!((0..STATES).all(|i| mirror(mirror(i)) == i && mirror(i) < STATES));
        let pos = Position::start();
        let (w, b) = (pos.white() & !(1 << 9), pos.black() & !(1 << 25));
        for r in 0..REGIONS {
            assert_eq!(index(b.reverse_bits(), w.reverse_bits(), REGIONS - 1 - r), mirror(index(w, b, r)));
        }
    }

    /// Values beyond `±MAX_VALUE` and tables of the wrong length are refused.
    #[test]
    fn patterns_out_of_range_are_refused() {
        let mut table = vec![[0, 0]; REGIONS * STATES];
        table[7] = [0, MAX_VALUE + 1];
        assert!(Patterns::new(table.clone()).unwrap_err().contains("beyond"));
        table[7] = [0, -MAX_VALUE];
        assert!(Patterns::new(table).is_ok());
        assert!(Patterns::new(vec![[0, 0]; 5]).is_err());
        let text = format!("{HEADER}\n{}", "1 -20000\n".repeat(REGIONS * STATES));
        assert!(Patterns::from_text(&text).is_err());
    }

    /// Colour symmetry: the position turned and colours swapped scores the opposite.
    #[test]
    fn a_mirrored_position_scores_the_opposite() {
        let p = random_patterns(7, 20);
        let pos = Position::start();
        let (w, b) = (pos.white(), pos.black());
        let mirrored = (b.reverse_bits(), w.reverse_bits());
        assert_eq!(p.value(w, b, 24), -p.value(mirrored.0, mirrored.1, 24));
        assert_eq!(p.value(w, b, 24), 0, "the start is symmetric");
        let (w2, b2) = (w & !(1 << 9), b);
        assert_eq!(p.value(w2, b2, 23), -p.value(b2.reverse_bits(), w2.reverse_bits(), 23));
        assert_eq!(Patterns::from_text(&p.to_text()).unwrap(), p);
        assert_eq!(Patterns::read(p.to_text().as_bytes()).unwrap(), p);
        assert_eq!(Patterns::read(&p.to_bytes().unwrap()).unwrap(), p);
        let mut table = p.table().to_vec();
        table[5] = [200, 0];
        assert_eq!(Patterns::new(table).unwrap().to_bytes(), None, "a value beyond a byte");
    }
}
