//! Moves.
//!
//! A [`Move`] is one legal move of a position: a quiet step or slide, or a whole capture
//! sequence. Moves that share start, end and set of captured pieces lead to the same position and
//! are **one** move (docs/rules.md 2.4); such a move keeps the first path the generator found. Its
//! identity is its [`MoveKey`].

use std::fmt;

use super::bitboard::{Bitboard, Squares};
use super::square::Square;

/// The most pieces one capture can take (all of the opponent's).
pub const MAX_CAPTURES: usize = 12;

/// A legal move with everything a UI needs to show it: the squares visited in order, the
/// captured pieces in the order they were jumped, and whether a man became a king.
///
/// Invariants (for moves produced by the generator): `path().len() >= 2`; a quiet move has
/// exactly two path squares and no captures; a capture has `captures().len() + 1` path squares,
/// and the `i`-th captured piece lies between path squares `i` and `i + 1`.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    pub(crate) captured: Bitboard,
    pub(crate) path: [u8; MAX_CAPTURES + 1],
    pub(crate) order: [u8; MAX_CAPTURES],
    pub(crate) len: u8,
    pub(crate) promotes: bool,
}

impl Move {
    #[inline(always)]
    pub(crate) fn quiet(from: usize, to: usize, promotes: bool) -> Move {
        let mut path = [0u8; MAX_CAPTURES + 1];
        path[0] = from as u8;
        path[1] = to as u8;
        Move { captured: 0, path, order: [0; MAX_CAPTURES], len: 2, promotes }
    }

    /// Where the moving piece starts.
    #[inline]
    pub fn from(&self) -> Square {
        Square::new_unchecked(self.path[0])
    }

    /// Where the moving piece ends (may equal [`from`](Self::from) for a king that captures
    /// round a loop).
    #[inline]
    pub fn to(&self) -> Square {
        Square::new_unchecked(self.path[self.len as usize - 1])
    }

    /// Every square the piece stands on, from the start square to the end square: for a capture,
    /// the start and then each landing square.
    pub fn path(&self) -> impl ExactSizeIterator<Item = Square> + '_ {
        self.path[..self.len as usize].iter().map(|&s| Square::new_unchecked(s))
    }

    /// Number of path squares (at least 2).
    #[inline]
    pub fn path_len(&self) -> usize {
        self.len as usize
    }

    /// The `i`-th square of the path (`0` = start).
    pub fn path_square(&self, i: usize) -> Option<Square> {
        (i < self.len as usize).then(|| Square::new_unchecked(self.path[i]))
    }

    /// The captured pieces' squares in the order they were jumped.
    pub fn captures(&self) -> impl ExactSizeIterator<Item = Square> + '_ {
        self.order[..self.capture_count()].iter().map(|&s| Square::new_unchecked(s))
    }

    /// The captured pieces' squares as a set.
    #[inline]
    pub fn captured(&self) -> Bitboard {
        self.captured
    }

    /// The captured squares as an iterator in index order.
    pub fn captured_squares(&self) -> Squares {
        Squares(self.captured)
    }

    /// How many pieces this move captures.
    #[inline]
    pub fn capture_count(&self) -> usize {
        self.captured.count_ones() as usize
    }

    /// Whether this move captures.
    #[inline]
    pub fn is_capture(&self) -> bool {
        self.captured != 0
    }

    /// Whether a man becomes a king during this move (RU-PROMOTE, RU-PROMOTE-MID-CAPTURE).
    #[inline]
    pub fn promotes(&self) -> bool {
        self.promotes
    }

    /// The move's identity: start, end and captured set.
    #[inline]
    pub fn key(&self) -> MoveKey {
        MoveKey::new(self.from(), self.to(), self.captured)
    }

    /// Whether the two are the same move (same start, end and captured set), whatever paths
    /// they carry.
    #[inline]
    pub fn same_move(&self, other: &Move) -> bool {
        self.path[0] == other.path[0]
            && self.path[self.len as usize - 1] == other.path[other.len as usize - 1]
            && self.captured == other.captured
    }

    /// The full path in notation, e.g. `c3-d4` or `c3:e5:g7` (every landing square). The
    /// position-aware short form is [`Position::move_text`](super::Position::move_text).
    pub fn long_text(&self) -> String {
        let mut s = String::with_capacity(3 * self.path_len());
        self.push_long_text(&mut s);
        s
    }

    /// Appends [`long_text`](Self::long_text) to `out`.
    pub fn push_long_text(&self, out: &mut String) {
        let sep = if self.is_capture() { ':' } else { '-' };
        for (i, sq) in self.path().enumerate() {
            if i > 0 {
                out.push(sep);
            }
            sq.push_name(out);
        }
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.long_text())?;
        if self.is_capture() {
            write!(f, " x[")?;
            for (i, c) in self.captures().enumerate() {
                if i > 0 {
                    write!(f, ",")?;
                }
                write!(f, "{c}")?;
            }
            write!(f, "]")?;
        }
        if self.promotes {
            write!(f, " =K")?;
        }
        Ok(())
    }
}

impl fmt::Display for Move {
    /// The full path (see [`Move::long_text`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.long_text())
    }
}

/// A compact move identity: start, end and captured set packed in a `u64` (42 bits used).
/// Suitable for transposition tables and killer/history tables; resolve it against a position
/// with [`Position::find_move`](super::Position::find_move).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct MoveKey(pub u64);

impl MoveKey {
    /// Packs start, end and captured set.
    #[inline]
    pub fn new(from: Square, to: Square, captured: Bitboard) -> MoveKey {
        MoveKey(from.index() as u64 | (to.index() as u64) << 5 | (captured as u64) << 10)
    }

    /// The start square.
    pub fn from(self) -> Square {
        Square::new_unchecked((self.0 & 31) as u8)
    }

    /// The end square.
    pub fn to(self) -> Square {
        Square::new_unchecked(((self.0 >> 5) & 31) as u8)
    }

    /// The captured set.
    pub fn captured(self) -> Bitboard {
        (self.0 >> 10) as u32
    }
}
