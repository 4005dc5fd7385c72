//! A position set up by hand (the position editor): every checker placed, the player on roll,
//! the dice, the cube and the score. [`BoardSetup::to_game`] checks it against the rules and
//! starts a game there, or says why it cannot ([`BoardSetupError`], each with a stable code).
//!
//! The rules of a set-up (checked in this order):
//! - BG-SETUP-CHECKERS: a side has at most 15 checkers on the points, on the bar and (acey-deucey)
//!   not yet entered; the rest are borne off.
//! - BG-SETUP-SHARED: no point holds checkers of both sides.
//! - BG-SETUP-UNENTERED: checkers not yet entered exist only in acey-deucey, and never beside
//!   checkers already borne off (bearing off needs all 15 on the board).
//! - BG-SETUP-GAME-OVER: a side with no checker left has borne them all off: the game is over.
//! - BG-SETUP-DICE: the dice rolled, if any, are two numbers from 1 to 6.
//! - BG-SETUP-CUBE: the cube is a power of two from 1 to [`MAX_CUBE`]; a cube at 1 is centred;
//!   without the cube (option off, or the Crawford game) it stays at 1, centred.
//! - BG-SETUP-SCORE: in a match each score is below the match length.
//! - BG-SETUP-CRAWFORD: the Crawford game is a match game with a player one point from winning.
//!
//! ```
//! use tabla::backgammon::{BoardSetup, Options, Player, Position};
//! use tabla::dice::Dice;
//! use tabla::errors::ErrorCode;
//! let mut s = BoardSetup::from_position(&Position::start(), Player::White);
//! s.dice = Some([3, 1]);
//! let g = s.to_game(Options::default(), Dice::fixed([])).unwrap();
//! assert_eq!(g.roll_dice(), Some([3, 1]));
//! s.white[5] = 6; // a sixteenth checker on White's 6-point
//! assert_eq!(s.to_game(Options::default(), Dice::fixed([])).unwrap_err().code(), "setup-too-many");
//! ```

use std::fmt;

use crate::dice::Dice;
use crate::errors::{ErrorCode, Field};

use super::game::{Game, MAX_CUBE, MatchStart, Phase};
use super::position::{CHECKERS, Position, Setup, SetupError};
use super::variant::{Options, Player, Variant};

/// A hand-made position with its turn, dice, cube and score; not yet checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardSetup {
    /// White's checkers on his own points (index 0: his 1-point, 23: his 24-point, 24: the bar).
    pub white: [u8; 25],
    /// Black's checkers on his own points (index 0: his 1-point = White's 24-point; 24: the bar).
    pub black: [u8; 25],
    /// Acey-deucey checkers not yet entered, `[white, black]`.
    pub unentered: [u8; 2],
    /// The player on roll.
    pub turn: Player,
    /// The dice already rolled by the player on roll; `None`: he is to roll (or double).
    pub dice: Option<[u8; 2]>,
    pub cube_value: u32,
    /// `None`: centred.
    pub cube_owner: Option<Player>,
    /// `[white, black]`.
    pub score: [u32; 2],
    /// This game is the Crawford game of the match.
    pub crawford: bool,
}

/// Why a [`BoardSetup`] cannot be played (the rule of the module docs it breaks).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardSetupError {
    /// BG-SETUP-CHECKERS.
    TooManyCheckers { player: Player, count: u32 },
    /// BG-SETUP-SHARED: `point` in White's numbering.
    SharedPoint { point: u8 },
    /// BG-SETUP-UNENTERED.
    Unentered { player: Player },
    /// BG-SETUP-GAME-OVER: `player` has borne off every checker.
    GameOver { player: Player },
    /// BG-SETUP-DICE.
    Dice { die: u8 },
    /// BG-SETUP-CUBE: not a power of two from 1 to [`MAX_CUBE`].
    CubeValue { value: u32 },
    /// BG-SETUP-CUBE: a cube at 1 has no owner.
    CubeOwner,
    /// BG-SETUP-CUBE: the cube is out of play (option off or Crawford game) but turned.
    CubeOff,
    /// BG-SETUP-SCORE.
    Score { player: Player, score: u32, length: u32 },
    /// BG-SETUP-CRAWFORD.
    Crawford,
}

impl fmt::Display for BoardSetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardSetupError::TooManyCheckers { player, count } => {
                write!(f, "{} has {count} checkers; a side has at most {CHECKERS}", player.name())
            }
            BoardSetupError::SharedPoint { point } => {
                write!(f, "both sides have checkers on the {point}-point (White's numbering)")
            }
            BoardSetupError::Unentered { player } => write!(
                f,
                "{} has checkers waiting to enter: only acey-deucey has them, and never beside checkers borne off",
                player.name()
            ),
            BoardSetupError::GameOver { player } => {
                write!(f, "{} has borne off every checker: the game is over", player.name())
            }
            BoardSetupError::Dice { die } => write!(f, "a die shows 1 to 6, not {die}"),
            BoardSetupError::CubeValue { value } => {
                write!(f, "the cube shows a power of two from 1 to {MAX_CUBE}, not {value}")
            }
            BoardSetupError::CubeOwner => write!(f, "a cube at 1 stays in the middle: nobody owns it"),
            BoardSetupError::CubeOff => {
                write!(f, "the cube is not in play in this game (cube off, or the Crawford game): it stays at 1")
            }
            BoardSetupError::Score { player, score, length } => {
                write!(f, "{}'s score {score} would have ended a match to {length} points", player.name())
            }
            BoardSetupError::Crawford => {
                write!(f, "the Crawford game is a match game in which a player is one point from winning")
            }
        }
    }
}

impl std::error::Error for BoardSetupError {}

impl ErrorCode for BoardSetupError {
    fn code(&self) -> &'static str {
        match self {
            BoardSetupError::TooManyCheckers { .. } => "setup-too-many",
            BoardSetupError::SharedPoint { .. } => "setup-shared-point",
            BoardSetupError::Unentered { .. } => "setup-unentered",
            BoardSetupError::GameOver { .. } => "setup-game-over",
            BoardSetupError::Dice { .. } => "setup-dice",
            BoardSetupError::CubeValue { .. } => "setup-cube-value",
            BoardSetupError::CubeOwner => "setup-cube-owner",
            BoardSetupError::CubeOff => "setup-cube-off",
            BoardSetupError::Score { .. } => "setup-score",
            BoardSetupError::Crawford => "setup-crawford",
        }
    }
    fn fields(&self) -> Vec<(&'static str, Field)> {
        match self {
            BoardSetupError::TooManyCheckers { player, count } => vec![
                ("player", player.name().into()),
                ("count", (*count).into()),
                ("max", Field::Number(CHECKERS as f64)),
            ],
            BoardSetupError::SharedPoint { point } => vec![("point", (*point).into())],
            BoardSetupError::Unentered { player } | BoardSetupError::GameOver { player } => {
                vec![("player", player.name().into())]
            }
            BoardSetupError::Dice { die } => vec![("die", (*die).into())],
            BoardSetupError::CubeValue { value } => vec![("value", (*value).into()), ("max", MAX_CUBE.into())],
            BoardSetupError::Score { player, score, length } => {
                vec![("player", player.name().into()), ("score", (*score).into()), ("length", (*length).into())]
            }
            BoardSetupError::CubeOwner | BoardSetupError::CubeOff | BoardSetupError::Crawford => Vec::new(),
        }
    }
}

impl BoardSetup {
    /// An empty board (every checker borne off), White on roll, cube 1, 0-0.
    pub fn empty() -> BoardSetup {
        BoardSetup {
            white: [0; 25],
            black: [0; 25],
            unentered: [0, 0],
            turn: Player::White,
            dice: None,
            cube_value: 1,
            cube_owner: None,
            score: [0, 0],
            crawford: false,
        }
    }

    /// The checkers of a position seen from `turn`'s view, `turn` on roll, cube 1, 0-0.
    pub fn from_position(on_roll_view: &Position, turn: Player) -> BoardSetup {
        let s = on_roll_view.to_setup();
        let (white, black, unentered) = match turn {
            Player::White => (s.mover, s.opponent, s.unentered),
            Player::Black => (s.opponent, s.mover, [s.unentered[1], s.unentered[0]]),
        };
        BoardSetup { white, black, unentered, turn, ..BoardSetup::empty() }
    }

    /// The same checkers with `turn` on roll.
    pub fn with_turn(self, turn: Player) -> BoardSetup {
        BoardSetup { turn, ..self }
    }

    /// The set-up of a game now: the position at the start of the turn (steps not confirmed are
    /// not part of it), the player on roll, the dice if rolled, the cube, the score.
    pub fn from_game(game: &Game) -> BoardSetup {
        let cube = game.cube();
        BoardSetup {
            dice: if game.phase() == Phase::Move { game.roll_dice() } else { None },
            cube_value: cube.value,
            cube_owner: cube.owner,
            score: game.score(),
            crawford: game.is_crawford(),
            ..BoardSetup::from_position(&game.turn_start_position(), game.turn())
        }
    }

    /// Checks the set-up against the rules of the module docs for a game with `options`; the
    /// position seen from the player on roll.
    pub fn check(&self, options: &Options) -> Result<Position, BoardSetupError> {
        let (mover, opponent, unentered) = match self.turn {
            Player::White => (self.white, self.black, self.unentered),
            Player::Black => (self.black, self.white, [self.unentered[1], self.unentered[0]]),
        };
        // BG-SETUP-CHECKERS and BG-SETUP-SHARED are the position's own invariants
        let position = Position::from_setup(&Setup { mover, opponent, unentered }).map_err(|e| match e {
            SetupError::TooManyCheckers { opponent, count } => {
                BoardSetupError::TooManyCheckers { player: if opponent { self.turn.other() } else { self.turn }, count }
            }
            SetupError::SharedPoint { point } => {
                BoardSetupError::SharedPoint { point: if self.turn == Player::White { point } else { 25 - point } }
            }
        })?;
        let count = |side: &[u8; 25], unentered: u8| side.iter().map(|&c| c as u32).sum::<u32>() + unentered as u32;
        let counts = [count(&self.white, self.unentered[0]), count(&self.black, self.unentered[1])];
        for player in [Player::White, Player::Black] {
            let i = player.index();
            if self.unentered[i] > 0 && (options.variant != Variant::AceyDeucey || counts[i] < CHECKERS as u32) {
                return Err(BoardSetupError::Unentered { player });
            }
        }
        for player in [Player::White, Player::Black] {
            if counts[player.index()] == 0 {
                return Err(BoardSetupError::GameOver { player });
            }
        }
        if let Some(d) = self.dice {
            if let Some(&die) = d.iter().find(|&&x| !(1..=6).contains(&x)) {
                return Err(BoardSetupError::Dice { die });
            }
        }
        let n = options.match_length;
        for player in [Player::White, Player::Black] {
            let score = self.score[player.index()];
            if n > 0 && score >= n {
                return Err(BoardSetupError::Score { player, score, length: n });
            }
        }
        if self.crawford && (n == 0 || !self.score.iter().any(|&s| s + 1 == n)) {
            return Err(BoardSetupError::Crawford);
        }
        let v = self.cube_value;
        if !v.is_power_of_two() || v > MAX_CUBE {
            return Err(BoardSetupError::CubeValue { value: v });
        }
        if v == 1 && self.cube_owner.is_some() {
            return Err(BoardSetupError::CubeOwner);
        }
        if (!options.cube || self.crawford) && v > 1 {
            return Err(BoardSetupError::CubeOff);
        }
        Ok(position)
    }

    /// A game at this set-up with `options` (the match length among them), its player on roll
    /// to roll (phase `Roll`) or, with dice, to move (phase `Move`).
    pub fn to_game(&self, options: Options, dice: Dice) -> Result<Game, BoardSetupError> {
        let position = self.check(&options)?;
        let mut game = Game::from_position(position, self.turn, options, dice);
        let n = options.match_length;
        if self.score != [0, 0] || self.cube_value > 1 || self.crawford {
            game.restore_match(MatchStart {
                score: self.score,
                cube_value: self.cube_value,
                cube_owner: self.cube_owner,
                crawford: self.crawford,
                crawford_done: n > 0 && !self.crawford && self.score.iter().any(|&s| s + 1 == n),
            });
        }
        if let Some([a, b]) = self.dice {
            game.set_dice(a, b).map_err(|_| BoardSetupError::Dice { die: 0 })?;
        }
        Ok(game)
    }
}
