//! What is wrong with a backgammon record file (a `.mat` file or GNU Backgammon's SGF), or why a
//! game cannot be written as one: one error type for both formats, which differ only in the
//! format they name. Lines count from 1.

use std::fmt;

use super::game::GameError;

/// A record file format of backgammon matches and sessions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecordFormat {
    /// Jellyfish's `.mat` text (module [`super::mat`]).
    Mat,
    /// GNU Backgammon's SGF (module [`super::sgf`]).
    Sgf,
}

impl RecordFormat {
    /// The format as a message names it.
    pub fn name(self) -> &'static str {
        match self {
            RecordFormat::Mat => "a .mat file",
            RecordFormat::Sgf => "SGF",
        }
    }

    /// What a file of the format lacks when it holds no game.
    fn no_game(self) -> &'static str {
        match self {
            RecordFormat::Mat => "no game (no ' Game 1' line)",
            RecordFormat::Sgf => "no game tree",
        }
    }
}

/// What is wrong, whatever the format.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordProblem {
    /// The line is not of the format, or a value does not read.
    Syntax { line: usize, reason: String },
    /// The engine refused the line's move or cube action.
    Illegal { line: usize, text: String, error: GameError },
    /// The line disagrees with the replay so far (a score, a result, a cube value, a turn).
    Mismatch { line: usize, reason: String },
    /// The line holds something tabla's engine cannot replay (a beaver, another game, ...).
    Unsupported { line: usize, reason: String },
    /// The file has no game.
    NoGame,
    /// This game cannot be written in the format.
    CannotExport { reason: String },
}

impl RecordProblem {
    /// The problem as an error of `format`.
    pub fn of(self, format: RecordFormat) -> RecordError {
        RecordError { format, problem: self }
    }

    /// The line the problem is on (none for a file without a game or a refused export).
    pub fn line(&self) -> Option<usize> {
        match self {
            RecordProblem::Syntax { line, .. }
            | RecordProblem::Illegal { line, .. }
            | RecordProblem::Mismatch { line, .. }
            | RecordProblem::Unsupported { line, .. } => Some(*line),
            RecordProblem::NoGame | RecordProblem::CannotExport { .. } => None,
        }
    }
}

/// What is wrong with a record file of a format, or why a game cannot be written in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    pub format: RecordFormat,
    pub problem: RecordProblem,
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.problem {
            RecordProblem::Syntax { line, reason } | RecordProblem::Mismatch { line, reason } => {
                write!(f, "line {line}: {reason}")
            }
            RecordProblem::Illegal { line, text, error } => write!(f, "line {line}: '{text}': {error}"),
            RecordProblem::Unsupported { line, reason } => write!(f, "line {line}: not supported: {reason}"),
            RecordProblem::NoGame => write!(f, "the file holds {}", self.format.no_game()),
            RecordProblem::CannotExport { reason } => {
                write!(f, "cannot write this game as {}: {reason}", self.format.name())
            }
        }
    }
}

impl std::error::Error for RecordError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_messages_name_the_format_where_it_matters() {
        assert_eq!(
            RecordProblem::NoGame.of(RecordFormat::Mat).to_string(),
            "the file holds no game (no ' Game 1' line)"
        );
        assert_eq!(RecordProblem::NoGame.of(RecordFormat::Sgf).to_string(), "the file holds no game tree");
        let e = RecordProblem::CannotExport { reason: "acey-deucey".into() };
        assert_eq!(e.clone().of(RecordFormat::Sgf).to_string(), "cannot write this game as SGF: acey-deucey");
        assert_eq!(e.of(RecordFormat::Mat).to_string(), "cannot write this game as a .mat file: acey-deucey");
        let s = RecordProblem::Syntax { line: 3, reason: "x".into() };
        assert_eq!(s.line(), Some(3));
        assert_eq!(s.of(RecordFormat::Mat).to_string(), "line 3: x");
    }
}
