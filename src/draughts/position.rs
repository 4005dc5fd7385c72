//! The position: where the pieces stand and who is to move.

use std::fmt;

use super::bitboard::{Bitboard, RANK1, RANK8, Squares};
use super::moves::Move;
use super::square::{Color, Square};
use super::zobrist;

/// A piece: a man or a king of one side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    pub color: Color,
    pub king: bool,
}

/// How many men and kings a side has.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct PieceCounts {
    pub men: u32,
    pub kings: u32,
}

impl PieceCounts {
    /// Men plus kings.
    pub fn total(self) -> u32 {
        self.men + self.kings
    }
}

/// Why a set of pieces is not a position of Russian draughts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// A square holds both a white and a black piece.
    Overlap(Square),
    /// A side has more than the 12 pieces it starts with.
    TooManyPieces { color: Color, count: u32 },
    /// A man stands on the rank where it would already have been promoted.
    ManOnPromotionRank { color: Color, square: Square },
    /// A square is marked as a king but holds no piece.
    KingWithoutPiece(Square),
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::Overlap(s) => {
                write!(f, "square {s} holds both a white and a black piece")
            }
            PositionError::TooManyPieces { color, count } => {
                write!(f, "{color} has {count} pieces; a side has at most 12")
            }
            PositionError::ManOnPromotionRank { color, square } => {
                write!(f, "a {color} man on {square} stands on its promotion rank (it would be a king)")
            }
            PositionError::KingWithoutPiece(s) => {
                write!(f, "square {s} is marked as a king but is empty")
            }
        }
    }
}

impl std::error::Error for PositionError {}

/// A legal position of Russian draughts seen with a side to move, with its Zobrist hash.
///
/// Invariants: white and black pieces never overlap; `kings` is a subset of the pieces; no man
/// stands on its promotion rank; each side has at most 12 pieces; `hash` equals
/// [`zobrist::hash_of`] of the pieces and side to move. `Position` is `Copy` (24 bytes): copying
/// it is the cheapest way to keep a position, and [`Undo`] is just the copy.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) white: Bitboard,
    pub(crate) black: Bitboard,
    pub(crate) kings: Bitboard,
    pub(crate) turn: Color,
    pub(crate) hash: u64,
}

/// What [`Position::make`] returns and [`Position::unmake`] needs: the position before the move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Undo(pub(crate) Position);

impl Default for Position {
    fn default() -> Position {
        Position::start()
    }
}

impl Position {
    /// The starting position (docs/rules.md 2.1), White to move.
    pub const fn start() -> Position {
        let white = 0x0000_0FFF;
        let black = 0xFFF0_0000;
        // Computed at compile time to keep `start` const; checked against `hash_of` in tests.
        Position { white, black, kings: 0, turn: Color::White, hash: START_HASH }
    }

    /// A position from piece sets, validated (see [`PositionError`]).
    pub fn from_bitboards(
        white: Bitboard,
        black: Bitboard,
        kings: Bitboard,
        turn: Color,
    ) -> Result<Position, PositionError> {
        if let Some(s) = Squares(white & black).next() {
            return Err(PositionError::Overlap(s));
        }
        if let Some(s) = Squares(kings & !(white | black)).next() {
            return Err(PositionError::KingWithoutPiece(s));
        }
        for (color, b) in [(Color::White, white), (Color::Black, black)] {
            if b.count_ones() > 12 {
                return Err(PositionError::TooManyPieces { color, count: b.count_ones() });
            }
        }
        if let Some(square) = Squares(white & !kings & RANK8).next() {
            return Err(PositionError::ManOnPromotionRank { color: Color::White, square });
        }
        if let Some(square) = Squares(black & !kings & RANK1).next() {
            return Err(PositionError::ManOnPromotionRank { color: Color::Black, square });
        }
        Ok(Position { white, black, kings, turn, hash: zobrist::hash_of(white, black, kings, turn) })
    }

    /// A position from a list of pieces, validated. A square listed twice is an
    /// [`PositionError::Overlap`] even if both entries agree.
    pub fn from_pieces(
        pieces: impl IntoIterator<Item = (Square, Piece)>,
        turn: Color,
    ) -> Result<Position, PositionError> {
        let (mut white, mut black, mut kings) = (0, 0, 0);
        for (sq, piece) in pieces {
            if (white | black) & sq.bit() != 0 {
                return Err(PositionError::Overlap(sq));
            }
            match piece.color {
                Color::White => white |= sq.bit(),
                Color::Black => black |= sq.bit(),
            }
            if piece.king {
                kings |= sq.bit();
            }
        }
        Position::from_bitboards(white, black, kings, turn)
    }

    /// The side to move.
    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// The same pieces with the other side to move.
    pub fn with_turn(&self, turn: Color) -> Position {
        let mut p = *self;
        if p.turn != turn {
            p.turn = turn;
            p.hash ^= zobrist::SIDE;
        }
        p
    }

    /// The Zobrist hash (see [`zobrist`]); updated incrementally by every move.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// White's pieces.
    #[inline]
    pub fn white(&self) -> Bitboard {
        self.white
    }

    /// Black's pieces.
    #[inline]
    pub fn black(&self) -> Bitboard {
        self.black
    }

    /// All kings of both sides.
    #[inline]
    pub fn kings(&self) -> Bitboard {
        self.kings
    }

    /// All men of both sides.
    #[inline]
    pub fn men(&self) -> Bitboard {
        (self.white | self.black) & !self.kings
    }

    /// All pieces.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.white | self.black
    }

    /// One side's pieces.
    #[inline]
    pub fn pieces(&self, color: Color) -> Bitboard {
        match color {
            Color::White => self.white,
            Color::Black => self.black,
        }
    }

    /// The piece on a square.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let b = sq.bit();
        let color = if self.white & b != 0 {
            Color::White
        } else if self.black & b != 0 {
            Color::Black
        } else {
            return None;
        };
        Some(Piece { color, king: self.kings & b != 0 })
    }

    /// Every piece with its square, in square index order.
    pub fn piece_list(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        Squares(self.occupied()).map(move |s| (s, self.piece_at(s).expect("occupied")))
    }

    /// How many men and kings a side has.
    pub fn count(&self, color: Color) -> PieceCounts {
        let b = self.pieces(color);
        PieceCounts { men: (b & !self.kings).count_ones(), kings: (b & self.kings).count_ones() }
    }

    /// Plays a move known to be legal here, in place, and returns what [`unmake`](Self::unmake)
    /// needs to take it back. The hash is updated incrementally. Playing a move that is not
    /// legal here leaves the position in an unspecified (but memory-safe) state; use
    /// [`play`](Self::play) to check.
    #[inline]
    pub fn make(&mut self, mv: &Move) -> Undo {
        let undo = Undo(*self);
        self.apply(mv);
        undo
    }

    /// Takes back the move that returned `undo`; restores the position exactly (hash included).
    #[inline]
    pub fn unmake(&mut self, undo: Undo) {
        *self = undo.0;
    }

    /// The position after a move known to be legal here (copy-make).
    #[inline]
    pub fn after(&self, mv: &Move) -> Position {
        let mut p = *self;
        p.apply(mv);
        p
    }

    /// Plays `mv` if it is one of the legal moves here (compared by start, end and captured set),
    /// and returns the legal move that was played; otherwise leaves the position untouched.
    pub fn play(&mut self, mv: &Move) -> Result<Move, super::MoveError> {
        let legal = self.legal_moves();
        match legal.iter().find(|m| m.same_move(mv)) {
            Some(m) => {
                self.apply(m);
                Ok(*m)
            }
            None => Err(super::MoveError::Illegal {
                text: mv.long_text(),
                legal: legal.iter().map(|m| self.move_text(m)).collect(),
                hint: None,
            }),
        }
    }

    #[inline(always)]
    pub(crate) fn apply(&mut self, mv: &Move) {
        self.apply_with::<true>(mv)
    }

    /// The position after a legal move with its hash left stale (perft only).
    #[inline(always)]
    pub(crate) fn after_unhashed(&self, mv: &Move) -> Position {
        let mut p = *self;
        p.apply_with::<false>(mv);
        p
    }

    #[inline(always)]
    fn apply_with<const HASH: bool>(&mut self, mv: &Move) {
        let from = mv.path[0] as usize;
        let to = mv.path[mv.len as usize - 1] as usize;
        let (fb, tb) = (1u32 << from, 1u32 << to);
        let us = self.turn;
        let them = us.opposite();
        let moving_king = self.kings & fb != 0;
        let mut h = self.hash;
        if HASH {
            h ^= zobrist::SIDE
                ^ zobrist::PIECE[zobrist::kind(us, moving_king)][from]
                ^ zobrist::PIECE[zobrist::kind(us, moving_king || mv.promotes)][to];
        }
        match us {
            Color::White => self.white ^= fb ^ tb,
            Color::Black => self.black ^= fb ^ tb,
        }
        if moving_king {
            self.kings ^= fb ^ tb;
        } else if mv.promotes {
            self.kings |= tb;
        }
        let captured = mv.captured;
        if captured != 0 {
            let mut c = if HASH { captured } else { 0 };
            while c != 0 {
                let s = c.trailing_zeros() as usize;
                h ^= zobrist::PIECE[zobrist::kind(them, self.kings & (1 << s) != 0)][s];
                c &= c - 1;
            }
            match them {
                Color::White => self.white &= !captured,
                Color::Black => self.black &= !captured,
            }
            self.kings &= !captured;
        }
        self.turn = them;
        self.hash = h;
    }

    /// Whether the position's internal invariants hold (for tests and debugging).
    pub fn is_consistent(&self) -> bool {
        Position::from_bitboards(self.white, self.black, self.kings, self.turn).is_ok_and(|p| p.hash == self.hash)
    }

    /// A board diagram (White at the bottom): `w`/`b` men, `W`/`B` kings, `.` empty dark squares.
    pub fn diagram(&self) -> String {
        let mut s = String::new();
        for rank in (0..8u8).rev() {
            s.push((b'1' + rank) as char);
            s.push(' ');
            for file in 0..8u8 {
                let c = match Square::from_file_rank(file, rank) {
                    None => ' ',
                    Some(sq) => match self.piece_at(sq) {
                        None => '.',
                        Some(Piece { color: Color::White, king: false }) => 'w',
                        Some(Piece { color: Color::Black, king: false }) => 'b',
                        Some(Piece { color: Color::White, king: true }) => 'W',
                        Some(Piece { color: Color::Black, king: true }) => 'B',
                    },
                };
                s.push(c);
                s.push(' ');
            }
            s.push('\n');
        }
        s.push_str("  a b c d e f g h\n");
        s
    }
}

const START_HASH: u64 = {
    let mut h = 0u64;
    let mut s = 0;
    while s < 12 {
        h ^= zobrist::PIECE[0][s];
        h ^= zobrist::PIECE[1][31 - s];
        s += 1;
    }
    h
};

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.to_fen())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_hash_matches() {
        let p = Position::start();
        assert!(p.is_consistent());
        assert_eq!(p.count(Color::White), PieceCounts { men: 12, kings: 0 });
        assert_eq!(p.piece_at(Square::parse("c3").unwrap()).unwrap().color, Color::White);
        assert_eq!(p.piece_at(Square::parse("b6").unwrap()).unwrap().color, Color::Black);
        assert!(p.piece_at(Square::parse("d4").unwrap()).is_none());
    }
}
