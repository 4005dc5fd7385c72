//! A position set up by hand (the position editor): pieces on squares and the side to move.
//! [`DraughtsSetup::to_game`] checks it and starts a game there, or says why it cannot
//! ([`DraughtsSetupError`], each with a stable code).
//!
//! The rules of a set-up (checked in this order):
//! - RU-SETUP-SQUARE: pieces stand on the 32 dark squares, one piece a square.
//! - RU-SETUP-PIECES: a side has at most 12 pieces.
//! - RU-SETUP-MEN: no man stands on its promotion row (White's 8th rank, Black's 1st): it would
//!   already be a king.
//! - RU-SETUP-GAME-OVER: both sides have pieces, and the side to move has a legal move
//!   (otherwise the game is already over).
//!
//! ```
//! use tabla::draughts::{Color, DraughtsSetup, GameOptions};
//! use tabla::errors::ErrorCode;
//! let mut s = DraughtsSetup { pieces: vec![], turn: Color::White };
//! s.add("c3", Color::White, false);
//! s.add("h8", Color::Black, true);
//! assert_eq!(s.to_game(GameOptions::default()).unwrap().fen(), "W:Wc3:BKh8");
//! s.add("b8", Color::White, false); // a white man on the 8th rank
//! assert_eq!(s.to_game(GameOptions::default()).unwrap_err().code(), "setup-promotion-row");
//! ```

use std::fmt;

use crate::errors::{ErrorCode, Field};

use super::game::{Game, GameOptions};
use super::position::{Piece, Position, PositionError};
use super::square::{Color, Square};

/// The most pieces a side has (its 12 at the start).
pub const MAX_PIECES: u32 = 12;

/// A piece of a set-up, its square as written (algebraic `c3` or a PDN number `22`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupPiece {
    pub square: String,
    pub color: Color,
    pub king: bool,
}

/// A hand-made draughts position; not yet checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DraughtsSetup {
    pub pieces: Vec<SetupPiece>,
    /// The side to move.
    pub turn: Color,
}

/// Why a [`DraughtsSetup`] cannot be played (the rule of the module docs it breaks).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DraughtsSetupError {
    /// RU-SETUP-SQUARE: not one of the 32 dark squares.
    Square(String),
    /// RU-SETUP-SQUARE: two pieces on one square.
    SharedSquare(Square),
    /// RU-SETUP-PIECES.
    TooManyPieces { color: Color, count: u32 },
    /// RU-SETUP-MEN.
    ManOnPromotionRow { color: Color, square: Square },
    /// RU-SETUP-GAME-OVER: `color` has no piece.
    NoPieces { color: Color },
    /// RU-SETUP-GAME-OVER: the side to move, `color`, cannot move.
    NoMoves { color: Color },
}

impl fmt::Display for DraughtsSetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DraughtsSetupError::Square(s) => write!(f, "`{s}` is not a dark square of the board"),
            DraughtsSetupError::SharedSquare(s) => write!(f, "square {s} is given two pieces"),
            DraughtsSetupError::TooManyPieces { color, count } => {
                write!(f, "{color} has {count} pieces; a side has at most {MAX_PIECES}")
            }
            DraughtsSetupError::ManOnPromotionRow { color, square } => {
                write!(f, "a {color} man on {square} stands on its promotion row: it would be a king")
            }
            DraughtsSetupError::NoPieces { color } => write!(f, "{color} has no pieces: the game is over"),
            DraughtsSetupError::NoMoves { color } => {
                write!(f, "{color} is to move but has no legal move: the game is over")
            }
        }
    }
}

impl std::error::Error for DraughtsSetupError {}

impl ErrorCode for DraughtsSetupError {
    fn code(&self) -> &'static str {
        match self {
            DraughtsSetupError::Square(_) => "setup-square",
            DraughtsSetupError::SharedSquare(_) => "setup-shared-square",
            DraughtsSetupError::TooManyPieces { .. } => "setup-too-many",
            DraughtsSetupError::ManOnPromotionRow { .. } => "setup-promotion-row",
            DraughtsSetupError::NoPieces { .. } => "setup-game-over",
            DraughtsSetupError::NoMoves { .. } => "setup-no-moves",
        }
    }
    fn fields(&self) -> Vec<(&'static str, Field)> {
        match self {
            DraughtsSetupError::Square(s) => vec![("square", s.as_str().into())],
            DraughtsSetupError::SharedSquare(s) => vec![("square", s.to_string().into())],
            DraughtsSetupError::TooManyPieces { color, count } => {
                vec![("player", color.name().into()), ("count", (*count).into()), ("max", MAX_PIECES.into())]
            }
            DraughtsSetupError::ManOnPromotionRow { color, square } => {
                vec![("player", color.name().into()), ("square", square.to_string().into())]
            }
            DraughtsSetupError::NoPieces { color } | DraughtsSetupError::NoMoves { color } => {
                vec![("player", color.name().into())]
            }
        }
    }
}

impl DraughtsSetup {
    /// Adds a piece (unchecked until [`DraughtsSetup::check`]).
    pub fn add(&mut self, square: &str, color: Color, king: bool) {
        self.pieces.push(SetupPiece { square: square.to_string(), color, king });
    }

    /// The pieces and side to move of a position.
    pub fn from_position(position: &Position) -> DraughtsSetup {
        let pieces = (0..32)
            .filter_map(Square::new)
            .filter_map(|sq| {
                position.piece_at(sq).map(|p| SetupPiece { square: sq.to_string(), color: p.color, king: p.king })
            })
            .collect();
        DraughtsSetup { pieces, turn: position.turn() }
    }

    /// Checks the set-up against the rules of the module docs; the position.
    pub fn check(&self, options: GameOptions) -> Result<Position, DraughtsSetupError> {
        self.to_game(options).map(|g| *g.position())
    }

    /// A game from this set-up with `options`, its side to move to move.
    pub fn to_game(&self, options: GameOptions) -> Result<Game, DraughtsSetupError> {
        let mut pieces = Vec::with_capacity(self.pieces.len());
        for p in &self.pieces {
            let sq = Square::parse(p.square.trim()).ok_or_else(|| DraughtsSetupError::Square(p.square.clone()))?;
            pieces.push((sq, Piece { color: p.color, king: p.king }));
        }
        let position = Position::from_pieces(pieces, self.turn).map_err(|e| match e {
            // (a king is always given with its piece here)
            PositionError::Overlap(s) | PositionError::KingWithoutPiece(s) => DraughtsSetupError::SharedSquare(s),
            PositionError::TooManyPieces { color, count } => DraughtsSetupError::TooManyPieces { color, count },
            PositionError::ManOnPromotionRank { color, square } => {
                DraughtsSetupError::ManOnPromotionRow { color, square }
            }
        })?;
        for color in [Color::White, Color::Black] {
            if !self.pieces.iter().any(|p| p.color == color) {
                return Err(DraughtsSetupError::NoPieces { color });
            }
        }
        let game = Game::from_position(position, options);
        if game.legal_moves().is_empty() {
            return Err(DraughtsSetupError::NoMoves { color: self.turn });
        }
        Ok(game)
    }
}
