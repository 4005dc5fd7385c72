//! Russian draughts (shashki): the rules engine (docs/rules.md section 2).
//!
//! # Map
//!
//! For a **search** (the AI), the fast layer is [`Position`] (24 bytes, `Copy`):
//! - [`Position::legal_moves_into`] fills a reusable `Vec<Move>` with the legal moves (one per
//!   start, end and captured set; only captures when a capture exists);
//! - [`Position::make`] / [`Position::unmake`] (or copy-make with [`Position::after`]);
//! - [`Position::turn`], [`Position::count`], [`Position::pieces`], [`Position::kings`],
//!   [`Position::has_capture`], [`Position::is_lost`];
//! - [`Position::hash`]: Zobrist, updated incrementally by every move (for a transposition table
//!   and repetition detection); [`Move::key`] / [`MoveKey`] / [`Position::find_move`] to store
//!   moves compactly;
//! - [`DrawCounters::after`] and [`DrawCounters::draw_reason`]: the move-count draw rules exactly
//!   as the referee applies them;
//! - [`perft()`], [`perft_paths`], [`perft_divide`].
//!
//! For a **user interface** (the wasm bindings), [`Game`] is the referee: history with notation
//! ([`Game::history`]), [`Game::play`] (move text) or [`Game::play_move`], [`Game::undo`],
//! [`Game::outcome`] with every draw rule, [`Game::agree_draw`], touch-move
//! ([`Game::touch`], [`GameOptions::touch_move`]), FEN ([`Game::from_fen`], [`Game::fen`]) and
//! PDN ([`Game::from_pdn`], [`Game::to_pdn`]). A [`Move`] carries its full path, the captured
//! squares in order and the promotion flag; [`Game::legal_moves_with_notation`] gives each legal
//! move with its shortest unambiguous text.
//!
//! Every fallible call returns a typed error ([`FenError`], [`MoveError`], [`GameError`],
//! [`PdnError`]) whose `Display` says what was wrong, and leaves the object untouched. Nothing
//! panics on any input.
//!
//! ```
//! use tabla::draughts::{Game, GameOptions, Position};
//! // search side
//! let mut pos = Position::start();
//! let mut buf = Vec::new();
//! pos.legal_moves_into(&mut buf);
//! assert_eq!(buf.len(), 7);
//! let undo = pos.make(&buf[0]);
//! pos.unmake(undo);
//! assert_eq!(pos, Position::start());
//! // referee side
//! let mut game = Game::new(GameOptions::default());
//! let mv = game.play("c3-d4").unwrap();
//! assert_eq!(mv.path().map(|s| s.to_string()).collect::<Vec<_>>(), ["c3", "d4"]);
//! assert_eq!(game.history()[0].notation, "c3-d4");
//! assert_eq!(game.outcome(), None);
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
pub mod save;
pub mod setup;
pub mod square;
pub mod zobrist;

pub use bitboard::{Bitboard, Direction, Squares};
pub use draw::{DrawCounters, DrawReason};
pub use fen::FenError;
pub use game::{Game, GameError, GameOptions, OPTION_SPECS, OptionError, OptionSpec, Outcome, Ply, WinReason};
pub use moves::{MAX_CAPTURES, Move, MoveKey};
pub use notation::{MoveError, MoveText};
pub use pdn::{MAX_PDN_BYTES, PdnComment, PdnError};
pub use perft::{perft, perft_divide, perft_paths};
pub use position::{Piece, PieceCounts, Position, PositionError, Undo};
pub use save::{Save, SaveError};
pub use setup::{DraughtsSetup, DraughtsSetupError, SetupPiece};
pub use square::{Color, ParseSquareError, Square};
