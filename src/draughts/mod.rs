//! Russian draughts (shashki): the rules engine (RULES.md section 2).
//!
//! - [`Position`]: the pieces and the side to move on 32-square bitboards, with an incrementally
//!   updated Zobrist hash; legal move generation ([`Position::legal_moves_into`]), copy-make and
//!   make/unmake ([`Position::after`], [`Position::make`], [`Position::unmake`]), [`perft`].
//! - [`Move`]: one legal move with its full path, captured pieces in order and promotion flag;
//!   [`MoveKey`] is its compact identity.
//! - Notation ([`Position::parse_move`], [`Position::move_text`]), PDN FEN
//!   ([`Position::from_fen`], [`Position::to_fen`]).
//!
//! ```
//! use tabla::draughts::Position;
//! let mut pos = Position::start();
//! let moves = pos.legal_moves();
//! assert_eq!(moves.len(), 7);
//! let m = pos.parse_move("c3-d4").unwrap();
//! let undo = pos.make(&m);
//! pos.unmake(undo);
//! assert_eq!(pos, Position::start());
//! ```

pub mod bitboard;
pub mod draw;
pub mod fen;
pub mod game;
mod movegen;
pub mod moves;
pub mod notation;
pub mod pdn;
pub mod perft;
pub mod position;
pub mod square;
pub mod zobrist;

pub use bitboard::{Bitboard, Direction, Squares};
pub use draw::{DrawCounters, DrawReason};
pub use fen::FenError;
pub use game::{Game, GameError, GameOptions, Outcome, Ply, WinReason};
pub use moves::{MAX_CAPTURES, Move, MoveKey};
pub use notation::{MoveError, MoveText};
pub use pdn::PdnError;
pub use perft::{perft, perft_divide, perft_paths};
pub use position::{Piece, PieceCounts, Position, PositionError, Undo};
pub use square::{Color, ParseSquareError, Square};
