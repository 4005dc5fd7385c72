//! eXtreme Gammon's position ID, the XGID: a whole position with its cube, turn, dice and match
//! state on one line, beside GNU Backgammon's Position ID and Match ID.
//!
//! `XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10` is the opening position, money play.
//! Ten fields separated by `:`:
//!
//! | # | field | values |
//! |---|---|---|
//! | 1 | position | 26 characters: the top player's bar, the points 1-24 counted from the bottom player, the bottom player's bar; `-` empty, `A`-`O` 1-15 checkers of the bottom player, `a`-`o` of the top player |
//! | 2 | cube | log2 of the cube value (`0`: 1) |
//! | 3 | cube owner | `1` bottom, `-1` top, `0` centred |
//! | 4 | turn | `1` bottom, `-1` top |
//! | 5 | dice | `00` not rolled, `D` a double offered (the turn is the doubler's, his opponent decides), else the two dice |
//! | 6, 7 | score | bottom, top |
//! | 8 | flags | a match: `1` the Crawford game; money: `1` Jacoby, `+2` beavers |
//! | 9 | match length | `0` money play |
//! | 10 | cube limit | log2 of the largest cube (`10`: 1024) |
//!
//! tabla's White is the bottom player (uppercase), Black the top player; White is also gnubg's
//! player 0 in the Match ID ([`super::match_id`]), so [`Xgid::to_gnubg_ids`] and
//! [`Xgid::from_gnubg_ids`] convert without swapping sides. Kept both ways: the board, cube,
//! turn, dice, double offered, score, match length, Crawford. The Match ID has no room for the
//! Jacoby and beaver flags or the cube limit: from IDs they are off and 10 (1024).
//! Acey-deucey checkers not yet entered have no place in an XGID: [`Xgid::from_game`] refuses them.
//!
//! ```
//! use tabla::backgammon::xgid::Xgid;
//! use tabla::backgammon::Position;
//! let x = Xgid::parse("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10").unwrap();
//! assert_eq!(x.position_on_roll(), Position::start());
//! let (pos_id, match_id) = x.to_gnubg_ids();
//! assert_eq!(pos_id, "4HPwATDgc/ABMA");
//! assert_eq!(Xgid::from_gnubg_ids(&pos_id, &match_id).unwrap(), x);
//! ```

use std::fmt;

use crate::dice::Dice;

use super::game::{Game, MAX_CUBE, Phase};
use super::match_id::{MatchIdError, MatchInfo};
use super::position::{Position, Setup};
use super::position_id::PositionIdError;
use super::setup::{BoardSetup, BoardSetupError};
use super::variant::{Options, Player};

/// An XGID, read or to be written. The board is kept as White (the bottom player) sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Xgid {
    /// The board seen from White, as if White were on roll (see [`Xgid::position_on_roll`]).
    pub white_view: Position,
    /// The player on roll (the doubler while a double is offered).
    pub turn: Player,
    pub cube_value: u32,
    /// `None`: centred.
    pub cube_owner: Option<Player>,
    /// The player on turn has doubled; his opponent is to take or pass.
    pub double_offered: bool,
    /// The dice rolled, if rolled.
    pub dice: Option<[u8; 2]>,
    /// `[white, black]`.
    pub score: [u32; 2],
    /// `0`: money play.
    pub match_length: u32,
    pub crawford: bool,
    pub jacoby: bool,
    pub beaver: bool,
    /// log2 of the largest cube value allowed.
    pub cube_limit_log2: u8,
}

/// Why a text is not a valid XGID, or a game has none.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum XgidError {
    /// Not ten `:`-separated fields.
    Fields(usize),
    /// The position field is not 26 characters of `-`, `A`-`O`, `a`-`o`.
    Position(String),
    /// The board is impossible (more than 15 checkers of a side, ...).
    Board(String),
    /// A field is out of range (its name and text).
    Field(&'static str, String),
    /// The gnubg IDs given to [`Xgid::from_gnubg_ids`] do not read.
    PositionId(PositionIdError),
    MatchId(MatchIdError),
    /// The game or the IDs hold something an XGID cannot say.
    Unsupported(String),
    /// The XGID reads but is no set-up a game can start from ([`BoardSetup::check`]).
    Setup(BoardSetupError),
}

impl fmt::Display for XgidError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            XgidError::Fields(n) => write!(
                f,
                "an XGID has 10 fields separated by ':' (such as XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10), not {n}"
            ),
            XgidError::Position(why) => write!(f, "the XGID's position field {why}"),
            XgidError::Board(why) => write!(f, "the XGID describes an impossible board: {why}"),
            XgidError::Field(name, text) => write!(f, "the XGID's {name} '{text}' is out of range"),
            XgidError::PositionId(e) => write!(f, "{e}"),
            XgidError::MatchId(e) => write!(f, "{e}"),
            XgidError::Unsupported(why) => write!(f, "no XGID for this: {why}"),
            XgidError::Setup(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for XgidError {}

fn count_char(n: u8, upper: bool) -> char {
    if n == 0 {
        '-'
    } else {
        let base = if upper { b'A' } else { b'a' };
        (base + n - 1) as char
    }
}

fn field<T: std::str::FromStr>(text: &str, name: &'static str) -> Result<T, XgidError> {
    text.trim().parse().map_err(|_| XgidError::Field(name, text.to_string()))
}

fn side(v: i32, name: &'static str, text: &str) -> Result<Option<Player>, XgidError> {
    match v {
        1 => Ok(Some(Player::White)),
        -1 => Ok(Some(Player::Black)),
        0 => Ok(None),
        _ => Err(XgidError::Field(name, text.to_string())),
    }
}

impl Xgid {
    /// Reads an XGID (the `XGID=` prefix is optional; surrounding white space is ignored).
    pub fn parse(text: &str) -> Result<Xgid, XgidError> {
        let t = text.trim();
        let t = t.strip_prefix("XGID=").or_else(|| t.strip_prefix("xgid=")).unwrap_or(t);
        let f: Vec<&str> = t.split(':').collect();
        if f.len() != 10 {
            return Err(XgidError::Fields(f.len()));
        }
        let chars: Vec<char> = f[0].chars().collect();
        if chars.len() != 26 {
            return Err(XgidError::Position(format!("has 26 characters, not {}", chars.len())));
        }
        let mut setup = Setup::default();
        for (i, &c) in chars.iter().enumerate() {
            let (n, white) = match c {
                '-' => continue,
                'A'..='O' => (c as u8 - b'A' + 1, true),
                'a'..='o' => (c as u8 - b'a' + 1, false),
                _ => return Err(XgidError::Position(format!("holds '{c}' (only '-', A-O and a-o)"))),
            };
            match (i, white) {
                (0, true) | (25, false) => {
                    return Err(XgidError::Position(format!(
                        "puts {} checkers on the other side's bar (character {})",
                        if white { "bottom" } else { "top" },
                        i + 1
                    )));
                }
                (0, false) => setup.opponent[24] = n,
                (25, true) => setup.mover[24] = n,
                (p, true) => setup.mover[p - 1] = n,
                (p, false) => setup.opponent[24 - p] = n,
            }
        }
        let white_view = Position::from_setup(&setup).map_err(|e| XgidError::Board(e.to_string()))?;
        let cube_log: u32 = field(f[1], "cube")?;
        if cube_log > 12 {
            return Err(XgidError::Field("cube", f[1].to_string()));
        }
        let cube_owner = side(field(f[2], "cube owner")?, "cube owner", f[2])?;
        let turn = side(field(f[3], "turn")?, "turn", f[3])?.ok_or(XgidError::Field("turn", f[3].to_string()))?;
        let d = f[4].trim();
        let (dice, double_offered) = match d {
            "00" => (None, false),
            "D" | "B" | "R" => {
                if d != "D" {
                    return Err(XgidError::Unsupported(format!("'{d}' in the dice field (a beaver or raccoon)")));
                }
                (None, true)
            }
            _ => {
                let b = d.as_bytes();
                if b.len() != 2 || !(b'1'..=b'6').contains(&b[0]) || !(b'1'..=b'6').contains(&b[1]) {
                    return Err(XgidError::Field("dice", d.to_string()));
                }
                (Some([b[0] - b'0', b[1] - b'0']), false)
            }
        };
        let score = [field(f[5], "bottom score")?, field(f[6], "top score")?];
        let flags: u32 = field(f[7], "Crawford/Jacoby flags")?;
        let match_length: u32 = field(f[8], "match length")?;
        let cube_limit_log2: u8 = field(f[9], "cube limit")?;
        if flags > 3 || (match_length > 0 && flags > 1) {
            return Err(XgidError::Field("Crawford/Jacoby flags", f[7].to_string()));
        }
        if cube_limit_log2 > 15 {
            return Err(XgidError::Field("cube limit", f[9].to_string()));
        }
        if match_length > 0 && score.iter().any(|&s| s >= match_length) {
            return Err(XgidError::Field("score", format!("{}:{}", f[5], f[6])));
        }
        Ok(Xgid {
            white_view,
            turn,
            cube_value: 1 << cube_log,
            cube_owner,
            double_offered,
            dice,
            score,
            match_length,
            crawford: match_length > 0 && flags == 1,
            jacoby: match_length == 0 && flags & 1 == 1,
            beaver: match_length == 0 && flags & 2 == 2,
            cube_limit_log2,
        })
    }

    /// The board seen from the player on roll (the mover of [`Position`]).
    pub fn position_on_roll(&self) -> Position {
        if self.turn == Player::White { self.white_view } else { self.white_view.flip() }
    }

    /// The XGID of a game's current state (the position at the start of the turn being played:
    /// steps made but not confirmed are not part of it).
    pub fn from_game(game: &Game) -> Result<Xgid, XgidError> {
        let turn = game.turn();
        let start = game.turn_start_position();
        if start.unentered(false) > 0 || start.unentered(true) > 0 {
            return Err(XgidError::Unsupported("acey-deucey checkers not yet entered have no place in an XGID".into()));
        }
        let white_view = if turn == Player::White { start } else { start.flip() };
        let cube = game.cube();
        let o = game.options();
        Ok(Xgid {
            white_view,
            turn,
            cube_value: cube.value,
            cube_owner: cube.owner,
            double_offered: game.phase() == Phase::CubeDecision,
            dice: if game.phase() == Phase::Move { game.roll_dice() } else { None },
            score: game.score(),
            match_length: o.match_length,
            crawford: game.is_crawford(),
            jacoby: o.jacoby,
            beaver: false,
            cube_limit_log2: MAX_CUBE.trailing_zeros() as u8,
        })
    }

    /// A new game at this XGID's position, its player on roll to play (phase `Roll`, or `Move`
    /// with the XGID's dice), at its cube and score: the XGID as a [`BoardSetup`], checked by
    /// [`BoardSetup::to_game`] ([`XgidError::Setup`]). A double offered is refused
    /// ([`XgidError::Unsupported`]). `options` gives the variant and rules; its match length must
    /// be the XGID's.
    pub fn to_game(&self, options: Options, dice: Dice) -> Result<Game, XgidError> {
        if self.double_offered {
            return Err(XgidError::Unsupported("a game does not start with a double offered".to_string()));
        }
        if options.match_length != self.match_length {
            return Err(XgidError::Unsupported(format!(
                "the XGID is for a {}, the options for a {}",
                length_name(self.match_length),
                length_name(options.match_length)
            )));
        }
        self.to_setup().to_game(options, dice).map_err(XgidError::Setup)
    }

    /// This XGID's board, turn, dice, cube, score and Crawford flag as a set-up (the Jacoby and
    /// beaver flags and the cube limit are rules: they belong to the game's options).
    pub fn to_setup(&self) -> BoardSetup {
        BoardSetup {
            dice: self.dice,
            cube_value: self.cube_value,
            cube_owner: self.cube_owner,
            score: self.score,
            crawford: self.crawford,
            ..BoardSetup::from_position(&self.white_view, Player::White)
        }
        .with_turn(self.turn)
    }

    /// The same state as a gnubg Position ID (the player on roll's view) and Match ID.
    pub fn to_gnubg_ids(&self) -> (String, String) {
        let m = MatchInfo {
            cube_value: self.cube_value,
            cube_owner: self.cube_owner,
            on_roll: Some(self.turn),
            crawford: self.crawford,
            game_state: 1,
            to_decide: Some(if self.double_offered { self.turn.other() } else { self.turn }),
            double_offered: self.double_offered,
            resignation: 0,
            dice: self.dice.unwrap_or([0, 0]),
            match_length: self.match_length,
            score: self.score,
        };
        (self.position_on_roll().position_id(), m.encode())
    }

    /// The XGID of a gnubg Position ID and Match ID. The Match ID holds no Jacoby or beaver flag
    /// and no cube limit: off, off and 10 (1024).
    pub fn from_gnubg_ids(position_id: &str, match_id: &str) -> Result<Xgid, XgidError> {
        let pos = Position::from_position_id(position_id).map_err(XgidError::PositionId)?;
        let m = MatchInfo::decode(match_id).map_err(XgidError::MatchId)?;
        let turn = m.on_roll.unwrap_or(Player::White);
        if m.cube_value > MAX_CUBE {
            return Err(XgidError::Unsupported(format!("a cube of {} (at most {MAX_CUBE})", m.cube_value)));
        }
        if m.resignation != 0 {
            return Err(XgidError::Unsupported("a resignation offered".to_string()));
        }
        Ok(Xgid {
            white_view: if turn == Player::White { pos } else { pos.flip() },
            turn,
            cube_value: m.cube_value,
            cube_owner: m.cube_owner,
            double_offered: m.double_offered,
            dice: if m.dice == [0, 0] { None } else { Some(m.dice) },
            score: m.score,
            match_length: m.match_length,
            crawford: m.crawford,
            jacoby: false,
            beaver: false,
            cube_limit_log2: 10,
        })
    }
}

fn length_name(n: u32) -> String {
    if n == 0 { "money game".to_string() } else { format!("{n}-point match") }
}

impl fmt::Display for Xgid {
    /// Writes `XGID=...` with all ten fields.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = self.white_view.to_setup();
        let mut pos = String::with_capacity(26);
        pos.push(count_char(s.opponent[24], false));
        for p in 1..=24 {
            let w = s.mover[p - 1];
            let b = s.opponent[24 - p];
            pos.push(if w > 0 { count_char(w, true) } else { count_char(b, false) });
        }
        pos.push(count_char(s.mover[24], true));
        let log = 31 - self.cube_value.max(1).leading_zeros();
        let owner = match self.cube_owner {
            None => 0,
            Some(Player::White) => 1,
            Some(Player::Black) => -1,
        };
        let turn = if self.turn == Player::White { 1 } else { -1 };
        let dice = match (self.double_offered, self.dice) {
            (true, _) => "D".to_string(),
            (false, Some([a, b])) => format!("{a}{b}"),
            (false, None) => "00".to_string(),
        };
        let flags =
            if self.match_length > 0 { self.crawford as u32 } else { self.jacoby as u32 + 2 * self.beaver as u32 };
        write!(
            f,
            "XGID={pos}:{log}:{owner}:{turn}:{dice}:{}:{}:{flags}:{}:{}",
            self.score[0], self.score[1], self.match_length, self.cube_limit_log2
        )
    }
}

impl std::str::FromStr for Xgid {
    type Err = XgidError;
    fn from_str(s: &str) -> Result<Xgid, XgidError> {
        Xgid::parse(s)
    }
}
