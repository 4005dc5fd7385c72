//! Saving and restoring a game: serde JSON with the variant, options, the dice source (seed),
//! the full record (dice, plays, cube actions, games of a match) and the steps of the play in
//! progress. Loading replays the record, so a save can only describe a game that was legal; the
//! stored summary (position, phase, score, cube) must agree with the replay, and with a seed the
//! recorded dice must be the seed's dice. Anything else is a typed [`SaveError`].
//!
//! ```
//! use tabla::backgammon::{Game, Options, Variant};
//! let mut g = Game::with_seed(Options::new(Variant::Backgammon), 7);
//! g.roll().unwrap();
//! let json = g.to_json();
//! let h = Game::from_json(&json).unwrap();
//! assert_eq!(h.state(), g.state());
//! ```

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::dice::{Dice, DiceSource, SeededDice};
use crate::errors::{ErrorCode, Field};

use super::game::{Action, Cube, Game, GameDice, GameError, MatchStart, Phase};
use super::movegen::Step;
use super::position::Position;
use super::position_id::PositionIdError;
use super::scoring::OutcomeKind;
use super::variant::{Options, Player};

/// The save format's name.
pub const FORMAT: &str = "tabla-backgammon";
/// The newest save version this build writes; it reads every version from 1 up to this one.
///
/// - 1: the first format. Since issue 14 its `options` may lack keys (a save written before an
///   option existed): they take the variant's defaults ([`Options`] reads through
///   [`super::OptionsInput`]).
/// - 2: `start.match`, the match state a game from a gnubg Match ID started in. Only such saves
///   are written as version 2, so every other save still loads in builds that read version 1.
/// - 3: resignations in the record (BG-RESIGN: `resign`, `accept-resignation`,
///   `decline-resignation` actions). Only such saves are written as version 3.
pub const VERSION: u32 = 3;

/// Where the dice come from. Read through [`SavedDiceFields`], like [`Action`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "source", try_from = "SavedDiceFields")]
pub enum SavedDice {
    /// Reproducible dice: the recorded rolls must be this seed's.
    Seeded { seed: u64 },
    /// Cryptographic dice: the record is the only trace; new rolls are fresh.
    Crypto,
    /// Dice set by hand (analysis); restored without rolls left.
    Fixed,
}

/// [`SavedDice`] as the save writes it: `source` and, for seeded dice, `seed`.
#[derive(Deserialize)]
pub struct SavedDiceFields {
    source: DiceKind,
    seed: Option<u64>,
}

#[derive(Clone, Copy, Deserialize)]
#[serde(rename_all = "kebab-case")]
enum DiceKind {
    Seeded,
    Crypto,
    Fixed,
}

impl TryFrom<SavedDiceFields> for SavedDice {
    type Error = String;

    fn try_from(d: SavedDiceFields) -> Result<SavedDice, String> {
        Ok(match d.source {
            DiceKind::Seeded => SavedDice::Seeded { seed: need(d.seed, "seed")? },
            DiceKind::Crypto => SavedDice::Crypto,
            DiceKind::Fixed => SavedDice::Fixed,
        })
    }
}

/// A field the flat form's tag requires, refused by name as serde would.
fn need<T>(v: Option<T>, field: &str) -> Result<T, String> {
    v.ok_or_else(|| format!("missing field `{field}`"))
}

/// An [`Action`] as the save writes it: `type` and the fields of that type. Reading this flat
/// form and converting it accepts exactly the JSON serde's internally tagged enum would, with a
/// fraction of the code.
#[derive(Deserialize)]
pub struct ActionFields {
    #[serde(rename = "type")]
    kind: ActionKind,
    white: Option<u8>,
    black: Option<u8>,
    #[serde(default)]
    set: bool,
    player: Option<Player>,
    dice: Option<[u8; 2]>,
    notation: Option<String>,
    steps: Option<Vec<Step>>,
    die: Option<u8>,
    /// A resignation's kind (JSON `kind`).
    #[serde(rename = "kind")]
    resign_kind: Option<OutcomeKind>,
}

#[derive(Clone, Copy, Deserialize)]
#[serde(rename_all = "kebab-case")]
enum ActionKind {
    OpeningRoll,
    Roll,
    Play,
    ChooseDoubles,
    Double,
    Take,
    Pass,
    Resign,
    AcceptResignation,
    DeclineResignation,
    NextGame,
}

impl TryFrom<ActionFields> for Action {
    type Error = String;

    fn try_from(a: ActionFields) -> Result<Action, String> {
        let who = a.player;
        let player = || need(who, "player");
        Ok(match a.kind {
            ActionKind::OpeningRoll => {
                Action::OpeningRoll { white: need(a.white, "white")?, black: need(a.black, "black")?, set: a.set }
            }
            ActionKind::Roll => Action::Roll { player: player()?, dice: need(a.dice, "dice")?, set: a.set },
            ActionKind::Play => Action::Play {
                player: player()?,
                notation: need(a.notation, "notation")?,
                steps: need(a.steps, "steps")?,
            },
            ActionKind::ChooseDoubles => Action::ChooseDoubles { player: player()?, die: need(a.die, "die")? },
            ActionKind::Double => Action::Double { player: player()? },
            ActionKind::Take => Action::Take { player: player()? },
            ActionKind::Pass => Action::Pass { player: player()? },
            ActionKind::Resign => Action::Resign { player: player()?, kind: need(a.resign_kind, "kind")? },
            ActionKind::AcceptResignation => Action::AcceptResignation { player: player()? },
            ActionKind::DeclineResignation => Action::DeclineResignation { player: player()? },
            ActionKind::NextGame => Action::NextGame,
        })
    }
}

/// A custom starting position (a game started from a Position ID).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SavedStart {
    pub position_id: String,
    /// Acey-deucey checkers not yet entered `[on roll, opponent]` (the Position ID counts them on
    /// the bar).
    #[serde(default)]
    pub unentered: [u8; 2],
    pub turn: Player,
    /// The match state the game started in (a game from a gnubg Match ID); version 2.
    #[serde(default, rename = "match", skip_serializing_if = "Option::is_none")]
    pub match_start: Option<MatchStart>,
}

/// The save.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Save {
    pub format: String,
    pub version: u32,
    pub options: Options,
    pub dice: SavedDice,
    #[serde(default)]
    pub start: Option<SavedStart>,
    pub record: Vec<Action>,
    /// Steps of the play in progress, not yet confirmed.
    #[serde(default)]
    pub steps: Vec<Step>,
    /// Summary, checked against the replay.
    pub position_id: String,
    pub phase: Phase,
    pub turn: Player,
    pub score: [u32; 2],
    pub cube: Cube,
}

/// Why a save could not be restored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SaveError {
    /// Not JSON, or not the shape of a save.
    Json(String),
    /// Another format, or version 0.
    Format { format: String, version: u32 },
    /// A version newer than [`VERSION`]: written by a newer tabla.
    TooNew { version: u32 },
    /// The custom start position is invalid.
    Start(PositionIdError),
    /// A recorded action is impossible at its place in the record.
    Replay { index: usize, error: GameError },
    /// A recorded roll is not what the seed gives.
    DiceMismatch { index: usize },
    /// The summary does not agree with the replayed record.
    Inconsistent { field: &'static str },
}

impl fmt::Display for SaveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SaveError::Json(e) => write!(f, "the save is not a valid tabla backgammon save: {e}"),
            SaveError::Format { format, version } => {
                write!(
                    f,
                    "the save is '{format}' version {version}; this build reads '{FORMAT}' versions 1 to {VERSION}"
                )
            }
            SaveError::TooNew { version } => write!(
                f,
                "the save is version {version}, written by a newer tabla; this build reads '{FORMAT}' up to version {VERSION}"
            ),
            SaveError::Start(e) => write!(f, "the save's starting position is invalid: {e}"),
            SaveError::Replay { index, error } => {
                write!(f, "the save is corrupted: its action {} cannot be replayed: {error}", index + 1)
            }
            SaveError::DiceMismatch { index } => {
                write!(f, "the save is corrupted: the dice of action {} do not match its seed", index + 1)
            }
            SaveError::Inconsistent { field } => {
                write!(f, "the save is corrupted: its {field} does not match its record")
            }
        }
    }
}

impl std::error::Error for SaveError {}

impl ErrorCode for SaveError {
    fn code(&self) -> &'static str {
        match self {
            SaveError::TooNew { .. } => "save-too-new",
            _ => "bad-save",
        }
    }
    fn fields(&self) -> Vec<(&'static str, Field)> {
        match self {
            SaveError::TooNew { version } => vec![("version", (*version).into())],
            SaveError::Replay { index, .. } | SaveError::DiceMismatch { index } => vec![("index", (*index).into())],
            _ => Vec::new(),
        }
    }
}

impl Game {
    /// The save of this game.
    pub fn to_save(&self) -> Save {
        let dice = match (&self.dice.source, self.dice.seed) {
            (Dice::Seeded(_), Some(seed)) => SavedDice::Seeded { seed },
            (Dice::Fixed(_), _) => SavedDice::Fixed,
            _ => SavedDice::Crypto,
        };
        let start = self.custom_start.map(|(p, turn)| SavedStart {
            position_id: p.position_id(),
            unentered: [p.unentered(false), p.unentered(true)],
            turn,
            match_start: self.match_start,
        });
        let resigned = self.record.iter().any(|a| {
            matches!(a, Action::Resign { .. } | Action::AcceptResignation { .. } | Action::DeclineResignation { .. })
        });
        let version = if resigned {
            3
        } else if self.match_start.is_some() {
            2
        } else {
            1
        };
        Save {
            format: FORMAT.to_string(),
            version,
            options: *self.options(),
            dice,
            start,
            record: self.record.clone(),
            steps: self.steps().to_vec(),
            position_id: self.position_id(),
            phase: self.phase(),
            turn: self.turn(),
            score: self.score(),
            cube: self.cube(),
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

    /// Restores a game from a save, replaying its record.
    pub fn from_save(save: &Save) -> Result<Game, SaveError> {
        if save.format == FORMAT && save.version > VERSION {
            return Err(SaveError::TooNew { version: save.version });
        }
        if save.format != FORMAT || save.version == 0 {
            return Err(SaveError::Format { format: save.format.clone(), version: save.version });
        }
        let mut game = Game::start_of_save(save)?;
        let mut seeded = match save.dice {
            SavedDice::Seeded { seed } => Some(SeededDice::new(seed)),
            _ => None,
        };
        // BG-RESIGN: the steps of an unfinished play are kept while a resignation offered in
        // the middle of it waits for an answer, and they were made before the offer: a record
        // ending in that offer replays them before it.
        let offer_last = save.phase == Phase::Resignation
            && !save.steps.is_empty()
            && matches!(save.record.last(), Some(Action::Resign { .. }));
        let steps_at = if offer_last { save.record.len() - 1 } else { save.record.len() };
        for (index, action) in save.record.iter().enumerate() {
            if index == steps_at {
                for st in &save.steps {
                    game.step_die(st.from, st.die).map_err(|error| SaveError::Replay { index, error })?;
                }
            }
            if let Some(src) = seeded.as_mut() {
                let drawn = match action {
                    Action::OpeningRoll { white, black, set: false } => Some(([*white, *black], 2)),
                    Action::Roll { dice, set: false, .. } => Some((*dice, 2)),
                    _ => None,
                };
                if let Some((want, _)) = drawn {
                    let a = src.die().map_err(|_| SaveError::DiceMismatch { index })?.value();
                    let b = src.die().map_err(|_| SaveError::DiceMismatch { index })?.value();
                    if [a, b] != want {
                        return Err(SaveError::DiceMismatch { index });
                    }
                }
            }
            game.apply_action(action).map_err(|error| SaveError::Replay { index, error })?;
        }
        if steps_at == save.record.len() {
            let index = save.record.len();
            for st in &save.steps {
                game.step_die(st.from, st.die).map_err(|error| SaveError::Replay { index, error })?;
            }
        }
        let source = match (save.dice.clone(), seeded) {
            (SavedDice::Seeded { seed }, Some(src)) => GameDice { source: Dice::Seeded(src), seed: Some(seed) },
            (SavedDice::Fixed, _) => GameDice { source: Dice::fixed([]), seed: None },
            _ => GameDice { source: Dice::crypto(), seed: None },
        };
        game.set_dice_source(source);
        if game.position_id() != save.position_id {
            return Err(SaveError::Inconsistent { field: "position" });
        }
        if game.phase() != save.phase {
            return Err(SaveError::Inconsistent { field: "phase" });
        }
        if game.turn() != save.turn {
            return Err(SaveError::Inconsistent { field: "player on turn" });
        }
        if game.score() != save.score {
            return Err(SaveError::Inconsistent { field: "score" });
        }
        if game.cube() != save.cube {
            return Err(SaveError::Inconsistent { field: "cube" });
        }
        Ok(game)
    }

    /// The game a save's record starts from (its options, its custom start and match state),
    /// before any action; dice come only from the record.
    pub(crate) fn start_of_save(save: &Save) -> Result<Game, SaveError> {
        let options = save.options;
        let game = match &save.start {
            None => Game::with_dice(options, Dice::fixed([])),
            Some(s) => {
                let mut p = Position::from_position_id(&s.position_id).map_err(SaveError::Start)?;
                // The ID counts not-yet-entered checkers on the bar.
                for side in 0..2 {
                    let bar = p.bar(side == 1);
                    let u = s.unentered[side];
                    if u > bar {
                        return Err(SaveError::Inconsistent { field: "start position" });
                    }
                    if side == 0 {
                        p.board[25] -= u as i8;
                    } else {
                        p.board[0] += u as i8;
                    }
                    p.unentered[side] = u;
                }
                let mut g = Game::from_position(p, s.turn, options, Dice::fixed([]));
                if let Some(m) = s.match_start {
                    g.restore_match(m);
                }
                g
            }
        };
        Ok(game)
    }

    /// Replays this game's record from the start, showing `visit` the game just before each
    /// action and the action (the analysis walks a game this way: every decision is seen in the
    /// state the engine had when it was made, with the engine's own phases and legal plays).
    pub fn replay_each(&self, mut visit: impl FnMut(&Game, &Action)) -> Result<(), SaveError> {
        let save = self.to_save();
        let mut game = Game::start_of_save(&save)?;
        for (index, action) in save.record.iter().enumerate() {
            visit(&game, action);
            game.apply_action(action).map_err(|error| SaveError::Replay { index, error })?;
        }
        Ok(())
    }

    /// Replays this game's record from the start into a new game (same options, same dice as
    /// recorded). The result has the same state.
    pub fn replay(&self) -> Result<Game, SaveError> {
        Game::from_save(&self.to_save())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The flat readers accept what serde's internally tagged form writes, for every kind.
    #[test]
    fn every_action_and_dice_source_round_trips_through_json() {
        let step = Step { from: 24, to: 18, die: 6, hit: false };
        let actions = [
            Action::OpeningRoll { white: 3, black: 1, set: false },
            Action::OpeningRoll { white: 6, black: 2, set: true },
            Action::Roll { player: Player::Black, dice: [5, 5], set: true },
            Action::Play { player: Player::White, notation: "24/18".into(), steps: vec![step] },
            Action::ChooseDoubles { player: Player::White, die: 4 },
            Action::Double { player: Player::Black },
            Action::Take { player: Player::White },
            Action::Pass { player: Player::Black },
            Action::NextGame,
        ];
        for a in actions {
            let json = serde_json::to_string(&a).unwrap();
            assert_eq!(serde_json::from_str::<Action>(&json).unwrap(), a, "{json}");
        }
        for d in [SavedDice::Seeded { seed: 1 << 40 }, SavedDice::Crypto, SavedDice::Fixed] {
            let json = serde_json::to_string(&d).unwrap();
            assert_eq!(serde_json::from_str::<SavedDice>(&json).unwrap(), d, "{json}");
        }
    }

    /// A save of a newer version is refused with its own error (code `save-too-new`).
    #[test]
    fn a_save_of_a_future_version_is_refused_as_too_new() {
        let mut save = Game::with_seed(Options::default(), 1).to_save();
        save.version = VERSION + 1;
        let e = Game::from_save(&save).unwrap_err();
        assert_eq!(e, SaveError::TooNew { version: VERSION + 1 });
        assert_eq!(e.code(), "save-too-new");
        assert!(e.to_string().contains("newer tabla"), "{e}");
        save.version = VERSION;
        save.format = "chess".into();
        assert_eq!(Game::from_save(&save).unwrap_err().code(), "bad-save");
    }

    #[test]
    fn an_action_without_its_fields_is_refused_by_name() {
        let e = serde_json::from_str::<Action>(r#"{"type":"roll","dice":[1,2]}"#).unwrap_err();
        assert!(e.to_string().contains("missing field `player`"), "{e}");
        let e = serde_json::from_str::<SavedDice>(r#"{"source":"seeded"}"#).unwrap_err();
        assert!(e.to_string().contains("missing field `seed`"), "{e}");
        assert!(serde_json::from_str::<Action>(r#"{"type":"jump","player":"white"}"#).is_err());
    }
}
