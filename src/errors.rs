//! Stable error codes: every error of the engines has a kebab-case `code` that a program can
//! test (the JS bindings attach it to the thrown `Error` as `e.code`, the UI translates it), and
//! the fields that matter (`from`, `to` of a refused step, `phase` of a wrong-phase action, ...).
//! The message (`Display`) is English prose for people; the code is the contract.
//!
//! The engines decide the codes ([`ErrorCode::code`] on each error type); [`ERROR_CODES`] lists
//! every code with its meaning, and a test checks that every error variant's code is listed.

use crate::backgammon::{RecordError, RecordFormat, RecordProblem, XgidError};
use crate::dice::DiceError;
use crate::draughts::{FenError, MoveError, PdnError};

/// A field of an error, for a program: a number or a text.
#[derive(Clone, Debug, PartialEq)]
pub enum Field {
    Number(f64),
    Text(String),
}

impl From<u8> for Field {
    fn from(v: u8) -> Field {
        Field::Number(v as f64)
    }
}

impl From<u32> for Field {
    fn from(v: u32) -> Field {
        Field::Number(v as f64)
    }
}

impl From<usize> for Field {
    fn from(v: usize) -> Field {
        Field::Number(v as f64)
    }
}

impl From<&str> for Field {
    fn from(v: &str) -> Field {
        Field::Text(v.to_string())
    }
}

impl From<String> for Field {
    fn from(v: String) -> Field {
        Field::Text(v)
    }
}

/// An error with a stable code.
pub trait ErrorCode: std::fmt::Display {
    /// The stable kebab-case code (one of [`ERROR_CODES`]).
    fn code(&self) -> &'static str;

    /// The fields a program needs besides the code (e.g. `from` and `to` of a refused step).
    fn fields(&self) -> Vec<(&'static str, Field)> {
        Vec::new()
    }
}

/// Every error code, with what it means. The JS function `errorCodes()` returns the codes.
pub const ERROR_CODES: &[(&str, &str)] = &[
    // Arguments and options
    ("bad-argument", "an argument of the wrong type or out of range"),
    ("bad-option", "an unknown option, or an option value not allowed (field `key`)"),
    ("internal", "a result could not be converted (a bug: please report it)"),
    // Saves and interchange formats
    ("bad-save", "not a tabla save, or a damaged one"),
    ("save-too-new", "a save written by a newer tabla (field `version`)"),
    ("bad-position-id", "not a valid gnubg Position ID"),
    ("bad-match-id", "not a valid gnubg Match ID"),
    ("bad-fen", "not a valid draughts FEN"),
    ("bad-pdn", "not valid Russian-draughts PDN (fields `line` or `ply`)"),
    ("bad-mat", "not a Jellyfish .mat match file tabla can replay (field `line` when known)"),
    ("bad-sgf", "not a GNU Backgammon SGF file tabla can replay (field `line` when known)"),
    ("bad-xgid", "not a valid eXtreme Gammon XGID, or one tabla cannot start a game from"),
    ("cannot-export", "the game cannot be written in that format (the message says why)"),
    // Set-ups of the position editor (backgammon::setup, draughts::setup; field `player` when
    // one side is at fault)
    ("setup-too-many", "BG-SETUP-CHECKERS / RU-SETUP-PIECES: a side has too many (fields `count`, `max`)"),
    ("setup-shared-point", "BG-SETUP-SHARED: both sides on one point (field `point`, White's numbering)"),
    ("setup-unentered", "BG-SETUP-UNENTERED: checkers to enter outside acey-deucey or beside borne-off ones"),
    ("setup-game-over", "BG-SETUP-GAME-OVER / RU-SETUP-GAME-OVER: a side has nothing left: the game is over"),
    ("setup-dice", "BG-SETUP-DICE: a die outside 1 to 6 (field `die`)"),
    ("setup-cube-value", "BG-SETUP-CUBE: a cube value not a power of two up to the largest (fields `value`, `max`)"),
    ("setup-cube-owner", "BG-SETUP-CUBE: a cube at 1 owned by a player"),
    ("setup-cube-off", "BG-SETUP-CUBE: a turned cube in a game without the cube (option off, Crawford game)"),
    ("setup-score", "BG-SETUP-SCORE: a score at or past the match length (fields `score`, `length`)"),
    ("setup-crawford", "BG-SETUP-CRAWFORD: a Crawford game with nobody one point from winning the match"),
    ("setup-square", "RU-SETUP-SQUARE: a piece off the dark squares (field `square`)"),
    ("setup-shared-square", "RU-SETUP-SQUARE: a square given twice (field `square`)"),
    ("setup-promotion-row", "RU-SETUP-MEN: a man on its promotion row (field `square`)"),
    ("setup-no-moves", "RU-SETUP-GAME-OVER: the side to move has no legal move: the game is over"),
    // Games by link (docs/link-protocol.md)
    ("bad-link", "not a tabla game link, or one of another format version"),
    ("link-other-game", "a link of another game than this one"),
    ("link-altered", "a link that changes a message already played, a player's own reveal, or the rules"),
    ("link-stale", "an old link of this game, replayed (fields `messages`, `local`)"),
    ("link-out-of-turn", "a message or action by the player whose turn it was not"),
    ("link-withheld-reveal", "the new message does not reveal the seed its sender committed to"),
    ("link-bad-reveal", "a revealed seed that does not match its commitment"),
    ("link-bad-dice", "dice in a link that are not the dice the players' seeds give (field `message`)"),
    ("link-illegal", "an action in a link that the rules refuse (field `message`)"),
    ("link-incomplete", "a message that ends before its sender's turn is over (field `message`)"),
    ("link-exhausted", "a player has used every seed of his chain"),
    // Game flow
    ("wrong-phase", "the action is not possible in this phase (fields `action`, `phase`)"),
    ("game-over", "the game is over"),
    ("match-over", "the match is over: there is no next game"),
    ("nothing-to-undo", "there is nothing to take back"),
    // Dice
    ("bad-dice", "a die outside 1 to 6, or text that is not a roll"),
    ("dice-exhausted", "a fixed dice source has no rolls left"),
    ("no-entropy", "the system random generator failed"),
    // Backgammon: a refused step (fields `from`, `to`, and `die` when known)
    ("bad-point", "points are 1-24, 25 is the bar and 0 is off"),
    ("wrong-direction", "checkers move from higher to lower points"),
    ("play-complete", "the play is complete: confirm it or undo a step"),
    ("no-die", "no die left makes this step"),
    ("no-checker", "the mover has no checker on that point"),
    ("bar-first", "BG-BAR-FIRST: checkers on the bar enter first"),
    ("point-closed", "the destination holds two or more opposing checkers"),
    (
        "enter-all-first",
        "AD option enterAllBeforePassing: no checker passes the opponent's 12-point before all 15 entered",
    ),
    ("bear-off-not-home", "BG-BEAROFF-HOME: bearing off needs every checker in the home board"),
    ("bear-off-exact", "option exactBearOff: bearing off takes the exact number"),
    ("bear-off-higher", "BG-BEAROFF-HIGHER: a larger die bears off only from the highest point"),
    ("must-use-both", "BG-MUST-USE-BOTH: the step would leave a playable die unplayed"),
    ("larger-die", "BG-LARGER-DIE: when only one die can be played, the larger must be"),
    ("max-doubles", "BG-MAX-DOUBLES: doubles are played as many times as possible"),
    ("no-path", "no chain of legal steps takes that checker there"),
    // Backgammon: whole plays and the cube
    ("incomplete-play", "confirm before the steps form a complete legal play"),
    ("parse-error", "text that is not play or move notation (field `text`)"),
    ("illegal-play", "a play that is not legal with these dice"),
    ("ambiguous-play", "play text that fits several legal plays"),
    ("cube-off", "the cube is not in play in this game"),
    ("crawford-game", "no doubling in the Crawford game"),
    ("cube-owned", "the cube belongs to the other player"),
    ("cube-max", "the cube is at its largest value"),
    ("extra-roll", "no doubling before an extra roll of the same turn"),
    ("bad-resignation", "BG-RESIGN: a kind of resignation the game's scoring does not have (field `kind`)"),
    // Draughts
    ("illegal-move", "a draughts move that is not legal here"),
    ("ambiguous-move", "draughts move text that fits several legal moves"),
    ("touch-move", "RU-TOUCH-MOVE: the touched piece must be moved and cannot be taken back (field `square`)"),
    ("cannot-touch", "only a piece of the side to move can be picked up (field `square`)"),
];

/// The codes of [`ERROR_CODES`] alone, in its order, taken out when compiling: a program (the
/// .wasm's `errorCodes()`) that asks only for the codes does not carry the meanings (about 2 KB
/// of the gzipped rules module, issue 15).
const CODES: [&str; ERROR_CODES.len()] = {
    let mut codes = [""; ERROR_CODES.len()];
    let mut i = 0;
    while i < codes.len() {
        codes[i] = ERROR_CODES[i].0;
        i += 1;
    }
    codes
};

/// The codes alone, in the order of [`ERROR_CODES`].
pub fn error_codes() -> impl Iterator<Item = &'static str> {
    CODES.iter().copied()
}

/// Whether `code` is one of [`ERROR_CODES`].
pub fn is_error_code(code: &str) -> bool {
    error_codes().any(|c| c == code)
}

impl ErrorCode for DiceError {
    fn code(&self) -> &'static str {
        match self {
            DiceError::OutOfRange(_) | DiceError::Syntax(_) => "bad-dice",
            DiceError::Exhausted => "dice-exhausted",
            DiceError::Entropy(_) => "no-entropy",
        }
    }
}

impl ErrorCode for MoveError {
    fn code(&self) -> &'static str {
        match self {
            MoveError::Syntax { .. } => "parse-error",
            MoveError::Illegal { .. } => "illegal-move",
            MoveError::Ambiguous { .. } => "ambiguous-move",
        }
    }
    fn fields(&self) -> Vec<(&'static str, Field)> {
        let (MoveError::Syntax { text, .. } | MoveError::Illegal { text, .. } | MoveError::Ambiguous { text, .. }) =
            self;
        vec![("text", text.as_str().into())]
    }
}

impl ErrorCode for FenError {
    fn code(&self) -> &'static str {
        "bad-fen"
    }
}

impl ErrorCode for PdnError {
    fn code(&self) -> &'static str {
        "bad-pdn"
    }
    fn fields(&self) -> Vec<(&'static str, Field)> {
        match self {
            PdnError::Syntax { line, .. } => vec![("line", (*line).into())],
            PdnError::Move { ply, .. } => vec![("ply", (*ply).into())],
            _ => Vec::new(),
        }
    }
}

/// A record file that does not read is `bad-mat` or `bad-sgf` (by its format), with the line
/// where there is one; a game the format cannot hold is `cannot-export`.
impl ErrorCode for RecordError {
    fn code(&self) -> &'static str {
        match (&self.problem, self.format) {
            (RecordProblem::CannotExport { .. }, _) => "cannot-export",
            (_, RecordFormat::Mat) => "bad-mat",
            (_, RecordFormat::Sgf) => "bad-sgf",
        }
    }
    fn fields(&self) -> Vec<(&'static str, Field)> {
        self.problem.line().map(|line| vec![("line", line.into())]).unwrap_or_default()
    }
}

/// An XGID that does not read, or describes a start the engine cannot take, is `bad-xgid`. (A
/// game that has no XGID, such as acey-deucey with checkers not yet entered, is refused by the
/// binding of `Xgid::from_game` as `cannot-export`.)
impl ErrorCode for XgidError {
    fn code(&self) -> &'static str {
        match self {
            XgidError::Setup(e) => e.code(),
            _ => "bad-xgid",
        }
    }
    fn fields(&self) -> Vec<(&'static str, Field)> {
        match self {
            XgidError::Setup(e) => e.fields(),
            _ => Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_unique_kebab_case_and_explained() {
        let mut seen = std::collections::HashSet::new();
        for (code, meaning) in ERROR_CODES {
            assert!(seen.insert(*code), "{code} listed twice");
            assert!(!code.is_empty() && !meaning.is_empty());
            assert!(
                code.split('-').all(|w| !w.is_empty() && w.chars().all(|c| c.is_ascii_lowercase())),
                "{code} is not kebab-case"
            );
        }
    }

    #[test]
    fn error_codes_are_the_table_codes_in_order() {
        let table: Vec<&str> = ERROR_CODES.iter().map(|(c, _)| *c).collect();
        assert_eq!(error_codes().collect::<Vec<_>>(), table);
    }

    #[test]
    fn every_format_error_has_a_listed_code() {
        let problems = [
            RecordProblem::Syntax { line: 1, reason: String::new() },
            RecordProblem::Mismatch { line: 1, reason: String::new() },
            RecordProblem::Unsupported { line: 1, reason: String::new() },
            RecordProblem::NoGame,
            RecordProblem::CannotExport { reason: String::new() },
        ];
        for format in [RecordFormat::Mat, RecordFormat::Sgf] {
            for p in &problems {
                let e = p.clone().of(format);
                assert!(is_error_code(e.code()), "{e}: {}", e.code());
            }
        }
        let mat = |p: &RecordProblem| p.clone().of(RecordFormat::Mat);
        assert_eq!(mat(&problems[0]).code(), "bad-mat");
        assert_eq!(problems[0].clone().of(RecordFormat::Sgf).code(), "bad-sgf");
        assert_eq!(mat(&problems[0]).fields(), vec![("line", Field::Number(1.0))]);
        assert_eq!(mat(&problems[3]).fields(), vec![]);
        assert_eq!(mat(&problems[4]).code(), "cannot-export");
        assert!(is_error_code(XgidError::Fields(3).code()));
    }

    #[test]
    fn every_dice_error_has_a_listed_code() {
        for e in [
            DiceError::OutOfRange(7),
            DiceError::Syntax("x".into()),
            DiceError::Exhausted,
            DiceError::Entropy("e".into()),
        ] {
            assert!(is_error_code(e.code()), "{e}: {}", e.code());
        }
    }
}
