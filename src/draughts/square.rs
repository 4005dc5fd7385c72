//! Squares and colours of the 8x8 board (docs/rules.md 2.1).
//!
//! Only the 32 dark squares are used. Square indices run `0..32` rank by rank from White's side:
//! index `4 * rank + file / 2`, so `a1 = 0`, `c1 = 1`, `e1 = 2`, `g1 = 3`, `b2 = 4`, ... `h8 = 31`.
//! Bit `i` of a [`Bitboard`](super::bitboard::Bitboard) is square index `i`.
//!
//! PDN numbers squares the other way round: `1 = b8`, `4 = h8`, `5 = a7`, ..., `29 = a1`,
//! `32 = g1` (see [`Square::from_pdn_number`]).

use std::fmt;
use std::str::FromStr;

/// A side. White moves first and its men move towards rank 8.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    White,
    Black,
}

impl Color {
    /// The other side.
    #[inline]
    pub const fn opposite(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// `0` for White, `1` for Black (for indexing per-side arrays).
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The PDN letter: `W` or `B`.
    pub const fn letter(self) -> char {
        match self {
            Color::White => 'W',
            Color::Black => 'B',
        }
    }

    /// Lower-case English name: `white` or `black` (the JS API's spelling).
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }

    /// The rank (0-based) on which this side's men are promoted: 7 for White, 0 for Black.
    pub const fn promotion_rank(self) -> u8 {
        match self {
            Color::White => 7,
            Color::Black => 0,
        }
    }
}

impl std::ops::Not for Color {
    type Output = Color;
    fn not(self) -> Color {
        self.opposite()
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One of the 32 dark squares. Invariant: the index is `< 32`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// All 32 squares in index order (a1, c1, e1, g1, b2, ... h8).
    pub const ALL: [Square; 32] = {
        let mut all = [Square(0); 32];
        let mut i = 0;
        while i < 32 {
            all[i] = Square(i as u8);
            i += 1;
        }
        all
    };

    /// The square with this index, if `index < 32`.
    #[inline]
    pub const fn new(index: u8) -> Option<Square> {
        if index < 32 { Some(Square(index)) } else { None }
    }

    /// # Safety (logical)
    /// `index` must be `< 32`; this is checked in debug builds only.
    #[inline]
    pub(crate) const fn new_unchecked(index: u8) -> Square {
        debug_assert!(index < 32);
        Square(index)
    }

    /// The dark square on `file` (0 = a) and `rank` (0 = rank 1), or `None` if it is off the
    /// board or a light square.
    pub const fn from_file_rank(file: u8, rank: u8) -> Option<Square> {
        if file >= 8 || rank >= 8 || (file + rank) % 2 != 0 { None } else { Some(Square(rank * 4 + file / 2)) }
    }

    /// The square with PDN number `n` (`1 = b8` ... `32 = g1`).
    pub const fn from_pdn_number(n: u8) -> Option<Square> {
        if n == 0 || n > 32 {
            return None;
        }
        let rank = 7 - (n - 1) / 4;
        let k = (n - 1) % 4;
        Some(Square(rank * 4 + k))
    }

    /// The PDN number of this square (`b8 = 1` ... `g1 = 32`).
    pub const fn pdn_number(self) -> u8 {
        let rank = self.rank();
        (7 - rank) * 4 + self.0 % 4 + 1
    }

    /// Index `0..32`.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The single-bit bitboard of this square.
    #[inline]
    pub const fn bit(self) -> u32 {
        1u32 << self.0
    }

    /// File 0..8 (0 = a).
    #[inline]
    pub const fn file(self) -> u8 {
        (self.0 % 4) * 2 + (self.0 / 4) % 2
    }

    /// Rank 0..8 (0 = rank 1).
    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 / 4
    }

    /// Whether this square lies on the main road, the long diagonal a1-h8.
    pub const fn on_main_diagonal(self) -> bool {
        self.file() == self.rank()
    }

    /// Parses an algebraic square (`c3`, case-insensitive) or a PDN number (`1`..`32`).
    pub fn parse(text: &str) -> Option<Square> {
        let b = text.as_bytes();
        match b {
            [f, r] if f.is_ascii_alphabetic() && r.is_ascii_digit() => {
                let file = f.to_ascii_lowercase().wrapping_sub(b'a');
                let rank = r.wrapping_sub(b'1');
                Square::from_file_rank(file, rank)
            }
            _ if !b.is_empty() && b.len() <= 2 && b.iter().all(u8::is_ascii_digit) => {
                let n: u8 = text.parse().ok()?;
                Square::from_pdn_number(n)
            }
            _ => None,
        }
    }
}

impl Square {
    /// Appends the square's name (`c3`, as it displays) to `out`, without the formatting
    /// machinery: notation is written for every legal move of every position a game lists.
    pub fn push_name(self, out: &mut String) {
        out.push((b'a' + self.file()) as char);
        out.push((b'1' + self.rank()) as char);
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, (b'1' + self.rank()) as char)
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// The text is not a dark square in algebraic (`c3`) or PDN numeric (`1`..`32`) form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseSquareError(pub String);

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}` is not a dark square (expected a1, c1 ... h8, or a PDN number 1..32)", self.0)
    }
}

impl std::error::Error for ParseSquareError {}

impl FromStr for Square {
    type Err = ParseSquareError;
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        Square::parse(s).ok_or_else(|| ParseSquareError(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `push_name` writes each square's name as it displays (and parses back).
    #[test]
    fn push_name_is_the_display_name() {
        for sq in Square::ALL {
            let mut s = String::from("x");
            sq.push_name(&mut s);
            assert_eq!(s, format!("x{sq}"));
            assert_eq!(Square::parse(&s[1..]), Some(sq));
        }
    }

    #[test]
    fn numbering() {
        assert_eq!(Square::parse("a1").unwrap().index(), 0);
        assert_eq!(Square::parse("h8").unwrap().index(), 31);
        assert_eq!(Square::parse("1").unwrap().to_string(), "b8");
        assert_eq!(Square::parse("4").unwrap().to_string(), "h8");
        assert_eq!(Square::parse("5").unwrap().to_string(), "a7");
        assert_eq!(Square::parse("29").unwrap().to_string(), "a1");
        assert_eq!(Square::parse("32").unwrap().to_string(), "g1");
        assert!(Square::parse("a2").is_none());
        assert!(Square::parse("33").is_none());
        assert!(Square::parse("0").is_none());
        for s in Square::ALL {
            assert_eq!(Square::from_pdn_number(s.pdn_number()), Some(s));
            assert_eq!(Square::parse(&s.to_string()), Some(s));
            assert_eq!(Square::from_file_rank(s.file(), s.rank()), Some(s));
        }
    }
}
