//! The backgammon family: backgammon, table and acey-deucey, as variants of one engine.
//!
//! - [`Position`]: the board seen from the side on roll, flipped after each turn; gnubg
//!   Position ID read and write.
//! - [`movegen`]: legal plays (whole turns, distinct by resulting position), the fast path for
//!   the computer opponent ([`Position::plays_into`]) and plays with their steps.
//!
//! Rules are those of RULES.md section 1; each rule ID is named in the doc comment of the code
//! that applies it and in the name of a test.

pub mod game;
pub mod match_id;
pub mod movegen;
pub mod notation;
pub mod position;
pub mod position_id;
pub mod save;
pub mod scoring;
pub mod state;
pub mod variant;

pub use game::{Action, Cube, Game, GameError, LastPlay, Phase, PlayInfo};
pub use movegen::{MoveRules, Play, PlaySink, Step};
pub use notation::{NotationError, format_play};
pub use position::{Position, Setup, SetupError};
pub use match_id::{MatchIdError, MatchInfo};
pub use position_id::PositionIdError;
pub use save::{Save, SaveError};
pub use state::GameState;
pub use scoring::{Outcome, OutcomeKind};
pub use variant::{Options, Player, Scoring, StartRule, Variant};
