//! GNU Backgammon's Match ID: 12 base64 characters for 9 bytes (66 bits used), as the gnubg
//! manual describes it. Fields, bit 1 being the lowest bit of the first byte, each field stored
//! lowest bit first:
//!
//! | bits | field |
//! |---|---|
//! | 1-4 | log2 of the cube value |
//! | 5-6 | cube owner: 0 player 0, 1 player 1, 3 centred |
//! | 7 | player on roll (dice owner) |
//! | 8 | Crawford game |
//! | 9-11 | game state: 0 no game, 1 playing, 2 over, 3 resigned, 4 ended by a dropped cube |
//! | 12 | player to decide (the opponent while a double is offered) |
//! | 13 | double offered |
//! | 14-15 | resignation offered (BG-RESIGN): 1 single, 2 gammon, 3 backgammon, 0 none (and table's x4, x8) |
//! | 16-18, 19-21 | the dice (0: not rolled) |
//! | 22-36 | match length (0: money play) |
//! | 37-51, 52-66 | score of player 0, of player 1 |
//!
//! tabla's White is gnubg's player 0 and Black player 1.

use std::fmt;

use super::game::{Game, GameError, MatchStart};
use super::position::Position;
use super::position_id::PositionIdError;
use super::variant::{MAX_MATCH_LENGTH, Options, Player};
use crate::dice::Dice;
use crate::errors::{ErrorCode, Field};

const B64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// The fields of a Match ID.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MatchInfo {
    pub cube_value: u32,
    /// `None`: centred.
    pub cube_owner: Option<Player>,
    pub on_roll: Option<Player>,
    pub crawford: bool,
    /// 0 no game, 1 playing, 2 over, 3 resigned, 4 ended by a dropped cube.
    pub game_state: u8,
    pub to_decide: Option<Player>,
    pub double_offered: bool,
    pub resignation: u8,
    pub dice: [u8; 2],
    pub match_length: u32,
    pub score: [u32; 2],
}

/// Why a text is not a valid Match ID.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MatchIdError {
    Length(usize),
    Character(char),
    /// A field out of range (name, value).
    Field(&'static str, u32),
}

impl fmt::Display for MatchIdError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MatchIdError::Length(n) => write!(f, "a Match ID has 12 characters (such as cAkAAAAAAAAA), not {n}"),
            MatchIdError::Character(c) => {
                write!(f, "'{c}' is not allowed in a Match ID (only A-Z, a-z, 0-9, + and /)")
            }
            MatchIdError::Field(name, v) => write!(f, "the Match ID's {name} is out of range ({v})"),
        }
    }
}

impl std::error::Error for MatchIdError {}

impl crate::errors::ErrorCode for MatchIdError {
    fn code(&self) -> &'static str {
        "bad-match-id"
    }
}

fn player_bit(p: Option<Player>) -> u64 {
    matches!(p, Some(Player::Black)) as u64
}

fn bit_player(b: u64) -> Player {
    if b & 1 == 1 { Player::Black } else { Player::White }
}

impl MatchInfo {
    /// The 12-character Match ID.
    pub fn encode(&self) -> String {
        let mut bits: u128 = 0;
        let mut at = 0u32;
        let mut put = |v: u64, n: u32| {
            bits |= ((v & ((1u64 << n) - 1)) as u128) << at;
            at += n;
        };
        let log = if self.cube_value <= 1 { 0 } else { 31 - self.cube_value.leading_zeros() };
        put(log as u64, 4);
        put(
            match self.cube_owner {
                None => 3,
                Some(Player::White) => 0,
                Some(Player::Black) => 1,
            },
            2,
        );
        put(player_bit(self.on_roll), 1);
        put(self.crawford as u64, 1);
        put(self.game_state as u64, 3);
        put(player_bit(self.to_decide), 1);
        put(self.double_offered as u64, 1);
        put(self.resignation as u64, 2);
        put(self.dice[0] as u64, 3);
        put(self.dice[1] as u64, 3);
        put(self.match_length as u64, 15);
        put(self.score[0] as u64, 15);
        put(self.score[1] as u64, 15);
        let bytes: Vec<u8> = (0..9).map(|i| (bits >> (8 * i)) as u8).collect();
        let mut out = String::with_capacity(12);
        for chunk in bytes.chunks(3) {
            let v = (chunk[0] as u32) << 16 | (chunk[1] as u32) << 8 | chunk[2] as u32;
            for k in (0..4).rev() {
                out.push(B64[((v >> (6 * k)) & 63) as usize] as char);
            }
        }
        out
    }

    /// Reads a Match ID.
    pub fn decode(id: &str) -> Result<MatchInfo, MatchIdError> {
        let id = id.trim();
        let n = id.chars().count();
        if n != 12 {
            return Err(MatchIdError::Length(n));
        }
        let mut bytes = Vec::with_capacity(9);
        let chars: Vec<char> = id.chars().collect();
        for chunk in chars.chunks(4) {
            let mut v = 0u32;
            for &c in chunk {
                let d = B64.iter().position(|&b| b as char == c).ok_or(MatchIdError::Character(c))? as u32;
                v = v << 6 | d;
            }
            bytes.extend_from_slice(&[(v >> 16) as u8, (v >> 8) as u8, v as u8]);
        }
        let mut bits: u128 = 0;
        for (i, b) in bytes.iter().enumerate() {
            bits |= (*b as u128) << (8 * i);
        }
        let mut at = 0u32;
        let mut get = |n: u32| -> u64 {
            let v = (bits >> at) as u64 & ((1u64 << n) - 1);
            at += n;
            v
        };
        let log = get(4) as u32;
        let owner = get(2);
        let on_roll = bit_player(get(1));
        let crawford = get(1) == 1;
        let game_state = get(3) as u8;
        let to_decide = bit_player(get(1));
        let double_offered = get(1) == 1;
        let resignation = get(2) as u8;
        let d1 = get(3) as u8;
        let d2 = get(3) as u8;
        let match_length = get(15) as u32;
        let s0 = get(15) as u32;
        let s1 = get(15) as u32;
        if owner == 2 {
            return Err(MatchIdError::Field("cube owner", 2));
        }
        if game_state > 4 {
            return Err(MatchIdError::Field("game state", game_state as u32));
        }
        if d1 > 6 || d2 > 6 || (d1 == 0) != (d2 == 0) {
            return Err(MatchIdError::Field("dice", d1 as u32 * 10 + d2 as u32));
        }
        Ok(MatchInfo {
            cube_value: 1 << log,
            cube_owner: match owner {
                0 => Some(Player::White),
                1 => Some(Player::Black),
                _ => None,
            },
            on_roll: Some(on_roll),
            crawford,
            game_state,
            to_decide: Some(to_decide),
            double_offered,
            resignation,
            dice: [d1, d2],
            match_length,
            score: [s0, s1],
        })
    }
}

/// Why a gnubg `PositionID:MatchID` could not be restored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GnubgError {
    Position(PositionIdError),
    Match(MatchIdError),
    /// The Match ID describes something tabla cannot resume (a finished game, a score past the
    /// match length, a longer match than tabla plays, ...).
    Unsupported(String),
    /// The position and the Match ID do not go together (e.g. a double that cannot be offered).
    Game(GameError),
}

impl fmt::Display for GnubgError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GnubgError::Position(e) => write!(f, "{e}"),
            GnubgError::Match(e) => write!(f, "{e}"),
            GnubgError::Unsupported(why) => write!(f, "the Match ID cannot be resumed: {why}"),
            GnubgError::Game(e) => write!(f, "the Position ID and Match ID do not go together: {e}"),
        }
    }
}

impl std::error::Error for GnubgError {}

impl ErrorCode for GnubgError {
    fn code(&self) -> &'static str {
        match self {
            GnubgError::Position(e) => e.code(),
            GnubgError::Match(e) => e.code(),
            GnubgError::Unsupported(_) | GnubgError::Game(_) => "bad-match-id",
        }
    }
    fn fields(&self) -> Vec<(&'static str, Field)> {
        Vec::new()
    }
}

impl Game {
    /// gnubg's combined form, `PositionID:MatchID` (as gnubg's "Copy ID" gives it).
    pub fn gnubg_id(&self) -> String {
        format!("{}:{}", self.position_id(), self.match_id())
    }

    /// A game from gnubg's `PositionID:MatchID` (or a Position ID alone: White on roll, money
    /// play as `options` say). The Match ID restores the player on roll, the score, the match
    /// length (it replaces `options.match_length`), the cube value and owner (turning the cube
    /// option on if the cube has been turned), the Crawford game, a double offered and the dice
    /// rolled. White is gnubg's player 0.
    pub fn from_gnubg(text: &str, mut options: Options, dice: Dice) -> Result<Game, GnubgError> {
        let text = text.trim();
        let (pid, mid) = match text.split_once(':') {
            Some((p, m)) => (p.trim(), Some(m.trim())),
            None => (text, None),
        };
        let position = Position::from_position_id(pid).map_err(GnubgError::Position)?;
        let Some(mid) = mid else {
            return Ok(Game::from_position(position, Player::White, options, dice));
        };
        let m = MatchInfo::decode(mid).map_err(GnubgError::Match)?;
        let unsupported = |why: String| Err(GnubgError::Unsupported(why));
        if m.game_state > 1 {
            return unsupported(format!("its game is over (game state {})", m.game_state));
        }
        if m.resignation != 0 {
            return unsupported("a resignation is offered".to_string());
        }
        if m.match_length > MAX_MATCH_LENGTH {
            return unsupported(format!("a match to {} points (tabla plays up to {MAX_MATCH_LENGTH})", m.match_length));
        }
        if m.match_length > 0 && m.score.iter().any(|&s| s >= m.match_length) {
            return unsupported(format!("the score {}-{} ends a match to {}", m.score[0], m.score[1], m.match_length));
        }
        options.match_length = m.match_length;
        if m.match_length > 0 {
            options.jacoby = false;
        }
        if m.cube_value > 1 || m.cube_owner.is_some() || m.double_offered {
            options.cube = true;
        }
        let turn = m.on_roll.unwrap_or(Player::White);
        let mut game = Game::from_position(position, turn, options, dice);
        let n = m.match_length;
        let crawford_done = n > 0 && !m.crawford && m.score.iter().any(|&s| s + 1 == n);
        game.restore_match(MatchStart {
            score: m.score,
            cube_value: m.cube_value,
            cube_owner: m.cube_owner,
            crawford: m.crawford,
            crawford_done,
        });
        if m.double_offered {
            game.double().map_err(GnubgError::Game)?;
        } else if m.dice != [0, 0] {
            game.set_dice(m.dice[0], m.dice[1]).map_err(GnubgError::Game)?;
        }
        Ok(game)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        let m = MatchInfo {
            cube_value: 4,
            cube_owner: Some(Player::Black),
            on_roll: Some(Player::Black),
            crawford: false,
            game_state: 1,
            to_decide: Some(Player::Black),
            double_offered: false,
            resignation: 0,
            dice: [5, 2],
            match_length: 7,
            score: [3, 5],
        };
        let id = m.encode();
        assert_eq!(id.len(), 12);
        assert_eq!(MatchInfo::decode(&id).unwrap(), m);
    }

    /// A 5-point match at 3-1 with the cube on 2 owned by Black, Black on roll with 5-2: the
    /// combined ID restores all of it, and the game gives the same ID back.
    #[test]
    fn from_gnubg_restores_score_cube_turn_and_dice() {
        let m = MatchInfo {
            cube_value: 2,
            cube_owner: Some(Player::Black),
            on_roll: Some(Player::Black),
            crawford: false,
            game_state: 1,
            to_decide: Some(Player::Black),
            double_offered: false,
            resignation: 0,
            dice: [5, 2],
            match_length: 5,
            score: [3, 1],
        };
        let text = format!("4HPwATDgc/ABMA:{}", m.encode());
        let g = Game::from_gnubg(&text, Options::default(), Dice::fixed([])).unwrap();
        assert_eq!(g.score(), [3, 1]);
        assert_eq!(g.options().match_length, 5);
        assert_eq!((g.cube().value, g.cube().owner), (2, Some(Player::Black)));
        assert_eq!(g.turn(), Player::Black);
        assert_eq!(g.roll_dice(), Some([5, 2]));
        assert_eq!(g.gnubg_id(), text);
        let h = Game::from_json(&g.to_json()).unwrap();
        assert_eq!(h.gnubg_id(), text);
        let e = Game::from_gnubg("4HPwATDgc/ABMA:xxxx", Options::default(), Dice::fixed([])).unwrap_err();
        assert_eq!(e.code(), "bad-match-id");
        let e = Game::from_gnubg("4HPwATDgc:cAkAAAAAAAAA", Options::default(), Dice::fixed([])).unwrap_err();
        assert_eq!(e.code(), "bad-position-id");
    }

    /// The Crawford game and a double offered come back too.
    #[test]
    fn from_gnubg_restores_crawford_and_a_double_offered() {
        let base = MatchInfo {
            cube_value: 1,
            cube_owner: None,
            on_roll: Some(Player::White),
            crawford: true,
            game_state: 1,
            to_decide: Some(Player::White),
            double_offered: false,
            resignation: 0,
            dice: [0, 0],
            match_length: 7,
            score: [6, 2],
        };
        let g = Game::from_gnubg(&format!("4HPwATDgc/ABMA:{}", base.encode()), Options::default(), Dice::fixed([]))
            .unwrap();
        assert!(g.is_crawford());
        assert!(!g.can_double());
        let offered =
            MatchInfo { crawford: false, score: [2, 2], double_offered: true, to_decide: Some(Player::Black), ..base };
        let text = format!("4HPwATDgc/ABMA:{}", offered.encode());
        let g = Game::from_gnubg(&text, Options::default(), Dice::fixed([])).unwrap();
        assert_eq!(g.phase(), super::super::Phase::CubeDecision);
        assert_eq!(g.gnubg_id(), text);
    }
}
