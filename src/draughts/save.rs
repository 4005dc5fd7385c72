//! Saving and restoring a draughts game: JSON with the options, the start position (FEN), the
//! moves in notation, a draw agreed, a recorded result, the PDN tags and the piece picked up.
//! Loading replays the moves under the saved options, so a save can only describe a legal game;
//! the stored FEN must agree with the replay. Anything else is a typed [`SaveError`].
//!
//! Unlike PDN, the save keeps the options: a game played with the draw rules off comes back with
//! them off.
//!
//! ```
//! use tabla::draughts::{Game, GameOptions};
//! let mut g = Game::new(GameOptions { draw_rules: false, touch_move: false });
//! g.play("c3-d4").unwrap();
//! let h = Game::from_json(&g.to_json()).unwrap();
//! assert_eq!(h.fen(), g.fen());
//! assert!(!h.options().draw_rules);
//! ```

use std::fmt;

use serde::{Deserialize, Serialize};

use super::game::{Game, GameError, GameOptions};
use super::position::Position;
use super::square::{Color, Square};
use crate::errors::{ErrorCode, Field};

/// The save format's name.
pub const FORMAT: &str = "tabla-draughts";
/// The newest save version this build writes and reads.
pub const VERSION: u32 = 1;

/// A draughts save.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Save {
    pub format: String,
    pub version: u32,
    /// Missing keys take their defaults.
    #[serde(default)]
    pub options: GameOptions,
    /// The position the game started from.
    pub start: String,
    /// The moves played, in notation.
    #[serde(default)]
    pub moves: Vec<String>,
    #[serde(default)]
    pub agreed_draw: bool,
    /// RU-RESIGN: the side that resigned (`white` or `black`), if one did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resigned: Option<String>,
    /// A result recorded in PDN that the rules do not produce (`1-0`, `0-1`).
    #[serde(default)]
    pub recorded_result: Option<String>,
    #[serde(default)]
    pub tags: Vec<(String, String)>,
    /// The piece picked up (touch-move), if any.
    #[serde(default)]
    pub touched: Option<String>,
    /// Summary, checked against the replay.
    pub fen: String,
}

/// Why a draughts save could not be restored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SaveError {
    /// Not JSON, or not the shape of a save.
    Json(String),
    /// Another format.
    Format(String),
    /// A version newer than this build reads.
    TooNew(u32),
    /// The start position is not a valid FEN.
    Start(super::FenError),
    /// A saved move cannot be played (index from 0).
    Replay { index: usize, error: GameError },
    /// The summary FEN does not match the replay, or the touched square is not a piece to move.
    Inconsistent { field: &'static str },
}

impl fmt::Display for SaveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SaveError::Json(e) => write!(f, "not a tabla draughts save: {e}"),
            SaveError::Format(s) => write!(f, "the save is '{s}', not a '{FORMAT}' save"),
            SaveError::TooNew(v) => write!(
                f,
                "the save is version {v}, written by a newer tabla; this build reads '{FORMAT}' up to version {VERSION}"
            ),
            SaveError::Start(e) => write!(f, "the save's start position: {e}"),
            SaveError::Replay { index, error } => {
                write!(f, "the save is corrupted: its move {} cannot be played: {error}", index + 1)
            }
            SaveError::Inconsistent { field } => {
                write!(f, "the save is corrupted: its {field} does not match its moves")
            }
        }
    }
}

impl std::error::Error for SaveError {}

impl ErrorCode for SaveError {
    fn code(&self) -> &'static str {
        match self {
            SaveError::TooNew(_) => "save-too-new",
            _ => "bad-save",
        }
    }
    fn fields(&self) -> Vec<(&'static str, Field)> {
        match self {
            SaveError::TooNew(v) => vec![("version", (*v).into())],
            SaveError::Replay { index, .. } => vec![("index", (*index).into())],
            _ => Vec::new(),
        }
    }
}

impl Game {
    /// The save of this game.
    pub fn to_save(&self) -> Save {
        Save {
            format: FORMAT.to_string(),
            version: VERSION,
            options: self.options(),
            start: self.start_position().to_fen(),
            moves: self.history().iter().map(|p| p.notation.clone()).collect(),
            agreed_draw: self.agreed_draw(),
            resigned: self.resigned().map(|c| c.name().to_string()),
            recorded_result: self.recorded_result.clone(),
            tags: self.tags.clone(),
            touched: self.touched().map(|s| s.to_string()),
            fen: self.fen(),
        }
    }

    /// The save as JSON text.
    pub fn to_json(&self) -> String {
        serde_json::to_string(&self.to_save()).unwrap_or_default()
    }

    /// Restores a game from JSON text.
    pub fn from_json(json: &str) -> Result<Game, SaveError> {
        let save: Save = serde_json::from_str(json).map_err(|e| SaveError::Json(e.to_string()))?;
        Game::from_save(&save)
    }

    /// Restores a game from a save, replaying its moves under its options.
    pub fn from_save(save: &Save) -> Result<Game, SaveError> {
        if save.format != FORMAT {
            return Err(SaveError::Format(save.format.clone()));
        }
        if save.version > VERSION {
            return Err(SaveError::TooNew(save.version));
        }
        let start = Position::from_fen(&save.start).map_err(SaveError::Start)?;
        // Replayed without touch-move: a saved move was legal when it was made; the option is
        // set once the moves are in.
        let replay_options = GameOptions { touch_move: false, ..save.options };
        let mut game = Game::from_position(start, replay_options);
        for (index, mv) in save.moves.iter().enumerate() {
            game.play(mv).map_err(|error| SaveError::Replay { index, error })?;
        }
        game.set_options(save.options);
        // A piece touched (RU-TOUCH-MOVE) stays touched when the game then ends by agreement
        // or resignation: it was touched while the game was on, so it is touched before.
        if let Some(t) = &save.touched {
            let sq = Square::parse(t).ok_or(SaveError::Inconsistent { field: "touched piece" })?;
            game.touch(sq).map_err(|_| SaveError::Inconsistent { field: "touched piece" })?;
        }
        if save.agreed_draw {
            game.agree_draw().map_err(|_| SaveError::Inconsistent { field: "draw agreement" })?;
        }
        if let Some(r) = &save.resigned {
            let loser = match r.as_str() {
                "white" => Color::White,
                "black" => Color::Black,
                _ => return Err(SaveError::Inconsistent { field: "resigned" }),
            };
            game.resign(loser).map_err(|_| SaveError::Inconsistent { field: "resigned" })?;
        }
        if let Some(r) = &save.recorded_result {
            game.record_result(r);
        }
        game.tags = save.tags.clone();
        if game.fen() != save.fen {
            return Err(SaveError::Inconsistent { field: "position" });
        }
        Ok(game)
    }
}
