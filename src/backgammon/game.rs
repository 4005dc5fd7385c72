//! The turn state machine: opening, rolling, the cube, moving step by step (with undo) or by a
//! whole play, acey-deucey's 1-2, the end of a game, scoring and matches.
//!
//! Phases ([`Phase`]):
//! - `Opening` (BG-START-ROLL): [`Game::roll`] rolls one die for each player; ties stay in the
//!   opening and re-roll. In backgammon the higher die moves first **with the two dice just
//!   rolled**; in acey-deucey the higher die starts and **rolls both dice afresh** (phase `Roll`).
//!   With BG-START-WHITE (table's default) the game starts in `Roll` with White on turn.
//! - `Roll`: the player on turn rolls ([`Game::roll`], or [`Game::set_dice`]) or, before rolling
//!   and when the cube is in play and his to use, doubles ([`Game::double`]).
//! - `CubeDecision`: the opponent of the player on turn takes ([`Game::take`]: the cube doubles
//!   and is his) or passes ([`Game::pass`]: he loses the current stake).
//! - `Move`: the player plays one step at a time ([`Game::step`], [`Game::undo`],
//!   [`Game::confirm`]) or a whole play ([`Game::play`], [`Game::play_steps`]); only steps that
//!   lead to some legal whole play are accepted; [`Game::confirm`] needs a complete legal play
//!   (and is how a player with no legal move ends his turn, BG-NO-MOVE).
//! - `ChooseDoubles` (AD-ACEY-DEUCEY): after playing the 1 and the 2 of a 1-2, the player picks
//!   any doubles ([`Game::choose_doubles`]), plays it four times (as many as possible), then rolls
//!   again (phase `Roll`, same player). AD-LOST-REST: if the 1 and 2 could not both be played,
//!   or the doubles not fully, the turn ends there.
//! - `Resignation` (BG-RESIGN): the player to act (on turn, or answering a double) offered to
//!   resign ([`Game::resign`]) a single game, a gammon or a backgammon (table: x1, x2, x4, x8;
//!   per-checker scoring: his checkers not borne off); [`Game::resignation_offer`] holds the
//!   offer. The opponent accepts ([`Game::accept_resignation`]: the game ends, the winner scores
//!   the kind's multiplier times the cube) or declines ([`Game::decline_resignation`]: play goes
//!   on in the phase the offer interrupted, steps already made kept).
//! - `GameOver`: [`Game::outcome`] tells who won what; in a match [`Game::next_game`] starts the
//!   next game (the Crawford rule applies to matches).
//!
//! Every mutating call leaves the game untouched when it returns an error.

use std::collections::{HashMap, HashSet};
use std::fmt;

use serde::{Deserialize, Serialize};

use crate::dice::{Dice, DiceError, DiceSource, Die, Roll};
use crate::errors::{ErrorCode, Field};

use super::movegen::{Play, Step, generate_n};
use super::notation::{NotationError, format_play, resolve};
use super::position::{BAR, Position};
use super::scoring::{Outcome, OutcomeKind, counted_multiplier, score};
use super::turn::{Next, TurnPart, dice_to_play, moves_of, next_after, start_position};
use super::variant::{Options, Player, Scoring, StartRule, Variant};

/// The largest cube value (2^12) the game lets a player double to.
pub const MAX_CUBE: u32 = 4096;

/// Where the game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Phase {
    Opening,
    Roll,
    CubeDecision,
    Move,
    ChooseDoubles,
    /// A resignation waits for the opponent's answer ([`Game::resignation_offer`]).
    Resignation,
    GameOver,
}

impl Phase {
    pub fn name(self) -> &'static str {
        match self {
            Phase::Opening => "opening",
            Phase::Roll => "roll",
            Phase::CubeDecision => "cube-decision",
            Phase::Move => "move",
            Phase::ChooseDoubles => "choose-doubles",
            Phase::Resignation => "resignation",
            Phase::GameOver => "game-over",
        }
    }
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One entry of the game record. A whole match is one record; `NextGame` separates games.
/// Read through [`super::save::ActionFields`] (the same JSON, without serde's buffering of
/// internally tagged enums, which is large in wasm).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case", try_from = "super::save::ActionFields")]
pub enum Action {
    /// The opening roll, one die each (ties are recorded too).
    OpeningRoll {
        white: u8,
        black: u8,
        #[serde(default, skip_serializing_if = "is_false")]
        set: bool,
    },
    /// A roll of the player on turn. `set`: given by `set_dice`, not drawn from the dice source.
    Roll {
        player: Player,
        dice: [u8; 2],
        #[serde(default, skip_serializing_if = "is_false")]
        set: bool,
    },
    /// A confirmed play (a turn, or a segment of an acey-deucey turn); `steps` are authoritative.
    Play {
        player: Player,
        notation: String,
        steps: Vec<Step>,
    },
    /// Acey-deucey: the doubles chosen after a 1-2.
    ChooseDoubles {
        player: Player,
        die: u8,
    },
    Double {
        player: Player,
    },
    Take {
        player: Player,
    },
    Pass {
        player: Player,
    },
    /// BG-RESIGN: `player` offers to resign `kind` (single, gammon, backgammon; table kinds).
    Resign {
        player: Player,
        kind: OutcomeKind,
    },
    /// The opponent (`player`) accepts the resignation: the game ends.
    AcceptResignation {
        player: Player,
    },
    /// The opponent (`player`) declines the resignation: play goes on.
    DeclineResignation {
        player: Player,
    },
    NextGame,
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// The cube.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Cube {
    pub value: u32,
    /// `None`: centred (either player may double).
    pub owner: Option<Player>,
    /// Set while a double waits for take or pass.
    pub offered_by: Option<Player>,
    /// The cube is in play in this game (option on, and not the Crawford game).
    pub enabled: bool,
}

impl Cube {
    /// BG-CUBE: a double offers the cube at twice its value; the taker owns it at that value.
    pub const fn doubled(self) -> u32 {
        self.value * 2
    }

    /// The value a double waiting for take or pass offers (`None` when none waits).
    pub const fn offered_value(self) -> Option<u32> {
        match self.offered_by {
            Some(_) => Some(self.doubled()),
            None => None,
        }
    }
}

/// What went wrong with a game action. The game is unchanged after an error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameError {
    /// The action is not possible in this phase.
    WrongPhase { action: &'static str, phase: Phase },
    /// The game is over.
    GameOver,
    /// The match is over; no next game.
    MatchOver,
    /// Bad dice.
    Dice(DiceError),
    /// A step that is not allowed now; `code` names the rule that refuses it (`bar-first`,
    /// `point-closed`, `must-use-both`, ... see [`crate::errors::ERROR_CODES`]).
    IllegalStep { from: u8, to: u8, code: &'static str, reason: String },
    /// Nothing to take back in this turn.
    NothingToUndo,
    /// `confirm` before the steps form a complete legal play.
    IncompletePlay { reason: String },
    /// Play text that does not parse or is not legal.
    Notation(NotationError),
    /// A cube action that is not allowed; `code`: `cube-off`, `crawford-game`, `cube-owned`,
    /// `cube-max` or `extra-roll`.
    Cube { code: &'static str, reason: String },
    /// A whole play given as steps that is not legal.
    IllegalPlay { reason: String },
    /// BG-RESIGN: a kind of resignation the game's scoring does not have (`bad-resignation`).
    BadResignation { kind: OutcomeKind, reason: String },
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::WrongPhase { action, phase } => {
                write!(f, "cannot {action} now: the game is in the '{phase}' phase")
            }
            GameError::GameOver => write!(f, "the game is over"),
            GameError::MatchOver => write!(f, "the match is over"),
            GameError::Dice(e) => write!(f, "{e}"),
            GameError::IllegalStep { from, to, reason, .. } => {
                let fs = if *from == 25 { "bar".to_string() } else { from.to_string() };
                let ts = if *to == 0 { "off".to_string() } else { to.to_string() };
                write!(f, "cannot move {fs}/{ts}: {reason}")
            }
            GameError::NothingToUndo => write!(f, "there is no step to take back in this turn"),
            GameError::IncompletePlay { reason } => write!(f, "the play is not complete: {reason}"),
            GameError::Notation(e) => write!(f, "{e}"),
            GameError::Cube { reason, .. } => write!(f, "cannot use the cube: {reason}"),
            GameError::IllegalPlay { reason } => write!(f, "not a legal play: {reason}"),
            GameError::BadResignation { reason, .. } => write!(f, "cannot resign so: {reason}"),
        }
    }
}

impl std::error::Error for GameError {}

impl ErrorCode for GameError {
    fn code(&self) -> &'static str {
        match self {
            GameError::WrongPhase { .. } => "wrong-phase",
            GameError::GameOver => "game-over",
            GameError::MatchOver => "match-over",
            GameError::Dice(e) => e.code(),
            GameError::IllegalStep { code, .. } | GameError::Cube { code, .. } => code,
            GameError::NothingToUndo => "nothing-to-undo",
            GameError::IncompletePlay { .. } => "incomplete-play",
            GameError::Notation(e) => e.code(),
            GameError::IllegalPlay { .. } => "illegal-play",
            GameError::BadResignation { .. } => "bad-resignation",
        }
    }

    fn fields(&self) -> Vec<(&'static str, Field)> {
        match self {
            GameError::WrongPhase { action, phase } => {
                vec![("action", (*action).into()), ("phase", phase.name().into())]
            }
            GameError::IllegalStep { from, to, .. } => vec![("from", (*from).into()), ("to", (*to).into())],
            GameError::Notation(e) => e.fields(),
            GameError::BadResignation { kind, .. } => vec![("kind", kind.name().into())],
            _ => Vec::new(),
        }
    }
}

impl From<DiceError> for GameError {
    fn from(e: DiceError) -> GameError {
        GameError::Dice(e)
    }
}

impl From<NotationError> for GameError {
    fn from(e: NotationError) -> GameError {
        GameError::Notation(e)
    }
}

/// The plays of the dice being played now (a turn, or a part of an acey-deucey turn).
#[derive(Clone, Debug)]
struct Segment {
    part: TurnPart,
    dice: Vec<u8>,
    start: Position,
    plays: Vec<Play>,
    targets: HashSet<Position>,
    len: usize,
    steps: Vec<Step>,
    history: Vec<Position>,
}

/// A legal play, ready for a UI: its notation, the gnubg Position ID after it (opponent on roll)
/// and its steps.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PlayInfo {
    pub notation: String,
    pub position_id: String,
    pub steps: Vec<Step>,
}

/// A point one checker can reach now, with the steps that take it there ([`Game::destinations`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Destination {
    /// The mover's point (0 = off).
    pub to: u8,
    pub steps: Vec<Step>,
}

/// The last confirmed play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LastPlay {
    pub player: Player,
    pub dice: Vec<u8>,
    pub notation: String,
}

/// BG-RESIGN: a resignation offered and not yet answered.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ResignOffer {
    /// The player who resigns (the loser if it is accepted).
    pub player: Player,
    /// What he concedes.
    pub kind: OutcomeKind,
    /// The points the opponent wins by accepting: `multiplier` times the cube.
    pub points: u32,
    /// What the kind is worth in units of the cube: its multiplier (after the Jacoby rule), or
    /// for acey-deucey's per-checker scoring the resigner's checkers not borne off.
    pub multiplier: u32,
    /// The phase the offer interrupted, where a declined offer returns.
    pub resume: Phase,
}

/// The dice source of a game and what the save needs to restore it.
#[derive(Clone, Debug)]
pub(crate) struct GameDice {
    pub(crate) source: Dice,
    pub(crate) seed: Option<u64>,
}

/// A game (or a match) of the backgammon family.
#[derive(Clone, Debug)]
pub struct Game {
    pub(crate) options: Options,
    pub(crate) dice: GameDice,
    /// The position the first game started from, seen from `first_turn`, if not the variant's own.
    pub(crate) custom_start: Option<(Position, Player)>,
    pos: Position,
    turn: Player,
    phase: Phase,
    roll: Option<[u8; 2]>,
    opening: Option<[u8; 2]>,
    seg: Option<Segment>,
    extra_roll: bool,
    cube: Cube,
    score: [u32; 2],
    crawford_game: bool,
    crawford_done: bool,
    outcome: Option<Outcome>,
    pub(crate) record: Vec<Action>,
    last_play: Option<LastPlay>,
    /// Set in phase `Resignation` only.
    resign_offer: Option<ResignOffer>,
    /// The match state the first game started in, when not 0-0 with a centred cube (a game
    /// from a gnubg Match ID); kept for saves.
    pub(crate) match_start: Option<MatchStart>,
}

/// The match state a game starts in (from a gnubg Match ID): score, cube, Crawford.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MatchStart {
    /// `[white, black]`.
    pub score: [u32; 2],
    pub cube_value: u32,
    pub cube_owner: Option<Player>,
    /// This game is the Crawford game.
    pub crawford: bool,
    /// The Crawford game has been played (a player is at match length - 1, not in it).
    pub crawford_done: bool,
}

impl Game {
    /// A new game with cryptographically random dice.
    pub fn new(options: Options) -> Game {
        Game::with_dice(options, Dice::crypto())
    }

    /// A new game with reproducible dice.
    pub fn with_seed(options: Options, seed: u64) -> Game {
        let mut g = Game::with_dice(options, Dice::seeded(seed));
        g.dice.seed = Some(seed);
        g
    }

    /// A new game drawing from any dice source.
    pub fn with_dice(options: Options, dice: Dice) -> Game {
        let seed = if let Dice::Seeded(s) = &dice { Some(s.seed()) } else { None };
        let mut g = Game {
            options,
            dice: GameDice { source: dice, seed },
            custom_start: None,
            pos: Position::start(),
            turn: Player::White,
            phase: Phase::Opening,
            roll: None,
            opening: None,
            seg: None,
            extra_roll: false,
            cube: Cube { value: 1, owner: None, offered_by: None, enabled: options.cube },
            score: [0, 0],
            crawford_game: false,
            crawford_done: false,
            outcome: None,
            record: Vec::new(),
            last_play: None,
            resign_offer: None,
            match_start: None,
        };
        g.reset_board();
        g
    }

    /// A game from a gnubg Position ID, its player on roll being White (phase `Roll`).
    pub fn from_position_id(id: &str, options: Options, dice: Dice) -> Result<Game, super::PositionIdError> {
        Ok(Game::from_position(Position::from_position_id(id)?, Player::White, options, dice))
    }

    /// A game from a given position, `turn` on roll (phase `Roll`; no opening roll).
    pub fn from_position(position: Position, turn: Player, options: Options, dice: Dice) -> Game {
        let mut g = Game::with_dice(options, dice);
        g.custom_start = Some((position, turn));
        g.reset_board();
        g
    }

    fn reset_board(&mut self) {
        self.roll = None;
        self.opening = None;
        self.seg = None;
        self.extra_roll = false;
        self.outcome = None;
        self.resign_offer = None;
        self.cube = Cube { value: 1, owner: None, offered_by: None, enabled: self.options.cube && !self.crawford_game };
        if let Some((p, t)) = self.custom_start {
            self.pos = p;
            self.turn = t;
            self.phase = Phase::Roll;
            if self.pos.game_over() {
                self.phase = Phase::GameOver;
            }
            return;
        }
        self.pos = start_position(self.options.variant);
        self.turn = Player::White;
        self.phase = match self.options.start {
            StartRule::Roll => Phase::Opening,
            StartRule::White => Phase::Roll,
        };
    }

    // ----- queries -----

    pub fn options(&self) -> &Options {
        &self.options
    }
    pub fn variant(&self) -> Variant {
        self.options.variant
    }
    pub fn phase(&self) -> Phase {
        self.phase
    }
    /// The player on turn (during `CubeDecision`: the player who doubled).
    pub fn turn(&self) -> Player {
        self.turn
    }
    /// The player on roll: the one whose position before his roll the evaluation and the
    /// rollouts value (the player on turn, whether he has rolled or not). `None` in the opening,
    /// where no one is on roll yet, and once the game is over.
    pub fn player_on_roll(&self) -> Option<Player> {
        (!matches!(self.phase, Phase::Opening | Phase::GameOver)).then_some(self.turn)
    }
    /// The current position seen from the player on turn, including the steps played so far.
    pub fn position(&self) -> Position {
        self.pos
    }
    /// The current position seen from `player`.
    pub fn position_for(&self, player: Player) -> Position {
        if player == self.turn { self.pos } else { self.pos.flip() }
    }
    /// The position at the start of the dice being played (before this turn's steps).
    pub fn turn_start_position(&self) -> Position {
        self.seg.as_ref().map(|s| s.start).unwrap_or(self.pos)
    }
    /// Which part of the turn the dice being played are (phase `Move` only).
    pub fn turn_part(&self) -> Option<TurnPart> {
        match (&self.seg, self.phase) {
            (Some(s), Phase::Move) => Some(s.part),
            _ => None,
        }
    }
    /// The current roll, if rolled this turn.
    pub fn roll_dice(&self) -> Option<[u8; 2]> {
        self.roll
    }
    /// The dice of the play being made (doubles four times; acey-deucey's chosen doubles).
    pub fn dice(&self) -> Vec<u8> {
        self.seg.as_ref().map(|s| s.dice.clone()).unwrap_or_default()
    }
    /// Dice values not yet used in this play.
    pub fn dice_left(&self) -> Vec<u8> {
        match &self.seg {
            None => Vec::new(),
            Some(s) => {
                let mut left = s.dice.clone();
                for st in &s.steps {
                    if let Some(i) = left.iter().position(|&d| d == st.die) {
                        left.remove(i);
                    }
                }
                left
            }
        }
    }
    /// The steps played so far in this play.
    pub fn steps(&self) -> &[Step] {
        self.seg.as_ref().map(|s| s.steps.as_slice()).unwrap_or(&[])
    }
    pub fn opening_roll(&self) -> Option<[u8; 2]> {
        self.opening
    }
    pub fn cube(&self) -> Cube {
        self.cube
    }
    /// Match (or money session) score, `[white, black]`.
    pub fn score(&self) -> [u32; 2] {
        self.score
    }
    /// This game is the Crawford game (no doubling).
    pub fn is_crawford(&self) -> bool {
        self.crawford_game
    }
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }
    pub fn record(&self) -> &[Action] {
        &self.record
    }
    pub fn last_play(&self) -> Option<&LastPlay> {
        self.last_play.as_ref()
    }
    /// A match is over when a player has reached the match length.
    pub fn match_over(&self) -> bool {
        self.options.match_length > 0 && self.score.iter().any(|&s| s >= self.options.match_length)
    }
    pub fn can_undo(&self) -> bool {
        self.phase == Phase::Move && self.seg.as_ref().is_some_and(|s| !s.steps.is_empty())
    }
    /// The steps so far form a complete legal play.
    pub fn can_confirm(&self) -> bool {
        self.phase == Phase::Move
            && self.seg.as_ref().is_some_and(|s| s.steps.len() == s.len && s.targets.contains(&self.pos))
    }
    /// gnubg Position ID of the current position, the player on turn being on roll.
    pub fn position_id(&self) -> String {
        self.pos.position_id()
    }

    /// The legal plays of the dice being played (empty outside phase `Move`). Distinct by
    /// resulting position; a single empty play when no move is possible.
    pub fn legal_plays(&self) -> Vec<PlayInfo> {
        match (&self.seg, self.phase) {
            (Some(s), Phase::Move) => s
                .plays
                .iter()
                .map(|p| PlayInfo {
                    notation: format_play(&s.start, p.steps()),
                    position_id: p.result.flip().position_id(),
                    steps: p.steps().to_vec(),
                })
                .collect(),
            _ => Vec::new(),
        }
    }

    /// The plays of the current dice as engine values (position after each, mover's view).
    pub fn plays(&self) -> &[Play] {
        match (&self.seg, self.phase) {
            (Some(s), Phase::Move) => &s.plays,
            _ => &[],
        }
    }

    /// The next single steps that still lead to a legal whole play (for one-checker-at-a-time
    /// input). Empty when the play is complete or outside phase `Move`.
    pub fn legal_steps(&self) -> Vec<Step> {
        let Some(s) = &self.seg else { return Vec::new() };
        if self.phase != Phase::Move {
            return Vec::new();
        }
        let remaining = s.len.saturating_sub(s.steps.len());
        if remaining == 0 {
            return Vec::new();
        }
        let rules = self.options.move_rules();
        let left = self.dice_left();
        let mut memo = HashMap::new();
        let mut out = Vec::new();
        let mut tried = Vec::new();
        for &d in &left {
            if tried.contains(&d) {
                continue;
            }
            tried.push(d);
            let rest = without(&left, d);
            for from in (1..=BAR).rev() {
                if let Some((q, st)) = self.pos.try_step(from, d, rules) {
                    if reach(&q, &rest, remaining - 1, &s.targets, rules, &mut memo) {
                        out.push(st);
                    }
                }
            }
        }
        out
    }

    // ----- rolling -----

    fn draw(&mut self) -> Result<Die, GameError> {
        Ok(self.dice.source.die()?)
    }

    /// Rolls the dice: in phase `Opening` one die each (returned `[white, black]`), in phase
    /// `Roll` the turn's two dice. Returns the dice rolled.
    pub fn roll(&mut self) -> Result<[u8; 2], GameError> {
        match self.phase {
            Phase::Opening => {
                let saved = self.dice.source.clone();
                let w = self.draw();
                let b = self.draw();
                match (w, b) {
                    (Ok(w), Ok(b)) => {
                        self.opening_with(w.value(), b.value(), false);
                        Ok([w.value(), b.value()])
                    }
                    (Err(e), _) | (_, Err(e)) => {
                        self.dice.source = saved;
                        Err(e)
                    }
                }
            }
            Phase::Roll => {
                let saved = self.dice.source.clone();
                let r = match self.dice.source.roll() {
                    Ok(r) => r,
                    Err(e) => {
                        self.dice.source = saved;
                        return Err(e.into());
                    }
                };
                let dice = [r.0.value(), r.1.value()];
                self.roll_with(dice, false);
                Ok(dice)
            }
            p => Err(self.phase_error("roll", p)),
        }
    }

    /// Sets the dice instead of rolling (analysis, tests, replays): in phase `Opening` `d1` is
    /// White's die and `d2` Black's.
    pub fn set_dice(&mut self, d1: u8, d2: u8) -> Result<(), GameError> {
        Roll::new(d1, d2)?;
        match self.phase {
            Phase::Opening => {
                self.opening_with(d1, d2, true);
                Ok(())
            }
            Phase::Roll => {
                self.roll_with([d1, d2], true);
                Ok(())
            }
            p => Err(self.phase_error("set the dice", p)),
        }
    }

    fn phase_error(&self, action: &'static str, phase: Phase) -> GameError {
        if phase == Phase::GameOver { GameError::GameOver } else { GameError::WrongPhase { action, phase } }
    }

    /// BG-START-ROLL.
    fn opening_with(&mut self, white: u8, black: u8, set: bool) {
        self.record.push(Action::OpeningRoll { white, black, set });
        self.opening = Some([white, black]);
        if white == black {
            return; // tie: roll again
        }
        let first = if white > black { Player::White } else { Player::Black };
        if first != self.turn {
            self.pos = self.pos.flip();
            self.turn = first;
        }
        if self.options.variant == Variant::AceyDeucey {
            // The winner of the opening rolls both dice afresh.
            self.phase = Phase::Roll;
        } else {
            let dice = if first == Player::White { [white, black] } else { [black, white] };
            self.roll = Some(dice);
            self.begin(TurnPart::Roll, dice[0], dice[1]);
        }
    }

    fn roll_with(&mut self, dice: [u8; 2], set: bool) {
        self.record.push(Action::Roll { player: self.turn, dice, set });
        self.roll = Some(dice);
        self.begin(TurnPart::of_roll(&self.options, dice[0], dice[1]), dice[0], dice[1]);
    }

    fn begin(&mut self, part: TurnPart, d1: u8, d2: u8) {
        let moves = moves_of(d1, d2);
        let mut plays = Vec::with_capacity(32);
        generate_n(&self.pos, d1, d2, moves, self.options.move_rules(), &mut plays);
        let len = plays.first().map(|p: &Play| p.steps().len()).unwrap_or(0);
        let targets = plays.iter().map(|p| p.result).collect();
        let dice = dice_to_play(d1, d2);
        self.seg =
            Some(Segment { part, dice, start: self.pos, plays, targets, len, steps: Vec::new(), history: Vec::new() });
        self.phase = Phase::Move;
    }

    // ----- moving -----

    /// Moves one checker from `from` to `to` (mover's numbers: 25 = bar, 0 = off), using the
    /// die that makes it legal (bearing off, the smallest die that works). Only steps that lead
    /// to some legal whole play are accepted. Returns the step made.
    pub fn step(&mut self, from: u8, to: u8) -> Result<Step, GameError> {
        if self.phase != Phase::Move {
            return Err(self.phase_error("move", self.phase));
        }
        let legal = self.legal_steps();
        let fits = legal.into_iter().filter(|s| s.from == from && s.to == to);
        match fits.min_by_key(|s| s.die) {
            Some(st) => {
                self.apply_step(st);
                Ok(st)
            }
            None => {
                let (code, reason) = self.explain_step(from, to);
                Err(GameError::IllegalStep { from, to, code, reason })
            }
        }
    }

    /// Moves one checker from `from` to `to` using one or more dice (a drag across several
    /// points), by the path [`Game::path_to`] chooses. Returns the steps made; on error nothing
    /// moves.
    pub fn step_to(&mut self, from: u8, to: u8) -> Result<Vec<Step>, GameError> {
        if self.phase != Phase::Move {
            return Err(self.phase_error("move", self.phase));
        }
        match self.path_to(from, to) {
            Some(steps) => {
                for st in &steps {
                    self.apply_step(*st);
                }
                Ok(steps)
            }
            None => {
                let (code, reason) = self.explain_step(from, to);
                // One die would not do it; several legal steps of that checker do not reach it either.
                let code = if code == "no-die" { "no-path" } else { code };
                Err(GameError::IllegalStep { from, to, code, reason })
            }
        }
    }

    /// Every point one checker on `from` can reach now with the dice left, each with the exact
    /// steps [`Game::step_to`] would make (ordered from the nearest point; 0 = off last). Empty
    /// outside phase `Move`.
    pub fn destinations(&self, from: u8) -> Vec<Destination> {
        let mut out: Vec<Destination> =
            self.paths_from(from).into_iter().map(|(to, steps)| Destination { to, steps }).collect();
        let rank = |d: &Destination| if d.to == 0 { u8::MAX } else { u8::MAX - d.to };
        crate::small_sort::sort_by(&mut out, |a, b| rank(a).cmp(&rank(b)));
        out
    }

    /// The steps that take one checker from `from` to `to` now, as [`Game::step_to`] makes them.
    ///
    /// The rule (BG-DRAG-PATH), whatever the order in which the dice were rolled: a single step
    /// when one die does it (bearing off: the smallest die that does); else the shortest chain of
    /// legal steps of that checker (each leading to some legal whole play), preferring the chain
    /// that hits nothing on the way, then the one that uses the larger die first. This is what
    /// gnubg notation means by `24/16`: a hit on the way would be written `24/18*/16`.
    pub fn path_to(&self, from: u8, to: u8) -> Option<Vec<Step>> {
        self.paths_from(from).into_iter().find(|(t, _)| *t == to).map(|(_, steps)| steps)
    }

    /// The chosen path to each reachable point (see [`Game::path_to`]).
    fn paths_from(&self, from: u8) -> Vec<(u8, Vec<Step>)> {
        if self.phase != Phase::Move {
            return Vec::new();
        }
        // key: (steps, hits on the way, the dice: a single step the smallest die, a chain the
        // larger die first)
        type Key = (usize, usize, Vec<i16>);
        let key = |p: &[Step]| -> Key {
            let hits = p[..p.len() - 1].iter().filter(|s| s.hit).count();
            let sign = if p.len() == 1 { 1 } else { -1 };
            (p.len(), hits, p.iter().map(|s| sign * s.die as i16).collect())
        };
        let mut best: Vec<(u8, Vec<Step>, Key)> = Vec::new();
        let mut stack = vec![(self.without_record(), from, Vec::<Step>::new())];
        while let Some((g, at, path)) = stack.pop() {
            for st in g.legal_steps() {
                if st.from != at {
                    continue;
                }
                let mut p2 = path.clone();
                p2.push(st);
                let k = key(&p2);
                match best.iter_mut().find(|(t, _, _)| *t == st.to) {
                    Some(b) if k < b.2 => *b = (st.to, p2.clone(), k),
                    Some(_) => {}
                    None => best.push((st.to, p2.clone(), k)),
                }
                if st.to != 0 {
                    let mut g2 = g.clone();
                    g2.apply_step(st);
                    stack.push((g2, st.to, p2));
                }
            }
        }
        best.into_iter().map(|(t, p, _)| (t, p)).collect()
    }

    /// Moves one checker from `from` with the die `die`.
    pub fn step_die(&mut self, from: u8, die: u8) -> Result<Step, GameError> {
        if self.phase != Phase::Move {
            return Err(self.phase_error("move", self.phase));
        }
        let legal = self.legal_steps();
        match legal.into_iter().find(|s| s.from == from && s.die == die) {
            Some(st) => {
                self.apply_step(st);
                Ok(st)
            }
            None => {
                let to = if from as i32 - die as i32 > 0 { from - die } else { 0 };
                let (code, reason) = self.explain_step_die(from, die);
                Err(GameError::IllegalStep { from, to, code, reason })
            }
        }
    }

    fn apply_step(&mut self, st: Step) {
        let rules = self.options.move_rules();
        if let Some((q, _)) = self.pos.try_step(st.from as usize, st.die, rules) {
            let seg = self.seg.as_mut().expect("phase Move has a segment");
            seg.history.push(self.pos);
            seg.steps.push(st);
            self.pos = q;
        }
    }

    fn explain_step(&self, from: u8, to: u8) -> (&'static str, String) {
        if from > 25 || to > 24 {
            return ("bad-point", "points are 1-24, the bar is 25 and off is 0".to_string());
        }
        if to >= from {
            return ("wrong-direction", "checkers move from higher to lower points".to_string());
        }
        let left = self.dice_left();
        if left.is_empty() || self.steps().len() >= self.seg.as_ref().map(|s| s.len).unwrap_or(0) {
            return ("play-complete", "the play is complete: confirm it or undo a step".to_string());
        }
        if to == 0 {
            let usable: Vec<u8> = left.iter().copied().filter(|&d| d >= from).collect();
            if usable.is_empty() {
                return ("no-die", format!("no die left ({}) bears off from the {from}-point", join(&left)));
            }
            return self.explain_step_die(from, usable[0]);
        }
        let die = from - to;
        if !left.contains(&die) {
            return ("no-die", format!("that takes a {die} and the dice left are {}", join(&left)));
        }
        self.explain_step_die(from, die)
    }

    fn explain_step_die(&self, from: u8, die: u8) -> (&'static str, String) {
        let p = &self.pos;
        let left = self.dice_left();
        if !left.contains(&die) {
            return ("no-die", format!("there is no {die} among the dice left ({})", join(&left)));
        }
        if from == 0 || from > 25 {
            return ("bad-point", "points are 1-24 and the bar is 25".to_string());
        }
        let f = from as usize;
        if f == BAR {
            if p.bar(false) == 0 && p.unentered(false) == 0 {
                return ("no-checker", "you have no checker on the bar or waiting to enter".to_string());
            }
        } else if p.point(f) <= 0 {
            return ("no-checker", format!("you have no checker on the {from}-point"));
        }
        if p.bar(false) > 0 && f != BAR {
            return ("bar-first", "checkers on the bar must enter first (BG-BAR-FIRST)".to_string());
        }
        if f > die as usize {
            let to = f - die as usize;
            if p.point(to) < -1 {
                return ("point-closed", format!("the {to}-point is closed (two or more opposing checkers)"));
            }
            if self.options.move_rules().enter_all_before_passing && to <= 12 && p.unentered(false) > 0 {
                return (
                    "enter-all-first",
                    "no checker may pass the opponent's 12-point until all 15 have entered".to_string(),
                );
            }
        } else {
            if p.highest() > 6 {
                return (
                    "bear-off-not-home",
                    "bearing off needs all your checkers in your home board (BG-BEAROFF-HOME)".to_string(),
                );
            }
            if f != die as usize {
                if self.options.exact_bear_off {
                    return ("bear-off-exact", "bearing off takes the exact number here".to_string());
                }
                if p.highest() != f {
                    return (
                        "bear-off-higher",
                        format!(
                            "a {die} bears off from the {from}-point only when no checker stands higher (BG-BEAROFF-HIGHER)"
                        ),
                    );
                }
            }
        }
        // The checker can move, but no legal whole play continues with this step.
        let seg = self.seg.as_ref();
        let doubles = seg.is_some_and(|s| s.dice.len() > 2);
        let len = seg.map(|s| s.len).unwrap_or(0);
        let code = if doubles {
            "max-doubles"
        } else if len >= 2 {
            "must-use-both"
        } else {
            "larger-die"
        };
        (code, "it would leave a die unplayed that can be played: use both dice if you can (BG-MUST-USE-BOTH), the larger if only one (BG-LARGER-DIE), as many doubles as possible (BG-MAX-DOUBLES)".to_string())
    }

    /// Takes back the last step of this play.
    pub fn undo(&mut self) -> Result<Step, GameError> {
        if self.phase != Phase::Move {
            return Err(self.phase_error("undo", self.phase));
        }
        let seg = self.seg.as_mut().expect("phase Move has a segment");
        match (seg.steps.pop(), seg.history.pop()) {
            (Some(st), Some(p)) => {
                self.pos = p;
                Ok(st)
            }
            _ => Err(GameError::NothingToUndo),
        }
    }

    /// Takes back every step of this play.
    pub fn undo_all(&mut self) {
        if let Some(seg) = self.seg.as_mut() {
            if self.phase == Phase::Move {
                self.pos = seg.start;
                seg.steps.clear();
                seg.history.clear();
            }
        }
    }

    /// Ends the play: the steps must form a complete legal play (with no legal move, the empty
    /// play). Then the turn passes, or acey-deucey continues (choose doubles, roll again), or the
    /// game ends.
    pub fn confirm(&mut self) -> Result<(), GameError> {
        if self.phase != Phase::Move {
            return Err(self.phase_error("confirm", self.phase));
        }
        if !self.can_confirm() {
            let s = self.seg.as_ref().expect("phase Move has a segment");
            let reason = if s.steps.len() < s.len {
                format!(
                    "{} more step{} to play (dice left: {})",
                    s.len - s.steps.len(),
                    if s.len - s.steps.len() == 1 { "" } else { "s" },
                    join(&self.dice_left())
                )
            } else {
                "these steps do not make a legal play".to_string()
            };
            return Err(GameError::IncompletePlay { reason });
        }
        let seg = self.seg.take().expect("phase Move has a segment");
        let notation = format_play(&seg.start, &seg.steps);
        self.record.push(Action::Play { player: self.turn, notation: notation.clone(), steps: seg.steps.clone() });
        self.last_play = Some(LastPlay { player: self.turn, dice: seg.dice.clone(), notation });

        match next_after(&self.options, seg.part, [seg.dice[0], seg.dice[1]], seg.steps.len(), &self.pos) {
            Next::GameOver => {
                let (kind, mult) = score(&self.pos, self.options.scoring);
                let (mult, cube) = self.stake(mult);
                self.finish(Outcome {
                    winner: self.turn,
                    kind,
                    multiplier: mult,
                    cube,
                    points: mult * cube,
                    resigned: None,
                });
            }
            Next::ChooseDoubles => self.phase = Phase::ChooseDoubles,
            Next::SameSide => {
                self.extra_roll = true;
                self.phase = Phase::Roll;
            }
            Next::Opponent => self.end_turn(),
        }
        Ok(())
    }

    fn end_turn(&mut self) {
        self.pos = self.pos.flip();
        self.turn = self.turn.other();
        self.phase = Phase::Roll;
        self.extra_roll = false;
        self.roll = None;
    }

    /// The multiplier and cube value a game won with the cubeless multiplier `mult` counts:
    /// the cube (1 when not in play), and the Jacoby rule (money play, cube in play and never
    /// turned: gammons and backgammons count 1; not for per-checker scoring).
    fn stake(&self, mult: u32) -> (u32, u32) {
        let cube = if self.cube.enabled || self.cube.value > 1 { self.cube.value } else { 1 };
        (counted_multiplier(mult, self.options.scoring, self.options.jacoby_in_force(), self.cube.value), cube)
    }

    fn finish(&mut self, outcome: Outcome) {
        self.outcome = Some(outcome);
        self.phase = Phase::GameOver;
        self.seg = None;
        self.score[outcome.winner.index()] += outcome.points;
    }

    /// Plays a whole play given as text (`24/18 13/11`, loose forms accepted) and confirms it.
    /// Steps already made in this play are replaced.
    pub fn play(&mut self, text: &str) -> Result<(), GameError> {
        if self.phase != Phase::Move {
            return Err(self.phase_error("play", self.phase));
        }
        let s = self.seg.as_ref().expect("phase Move has a segment");
        let i = resolve(text, &s.start, &s.plays)?;
        let steps = s.plays[i].steps().to_vec();
        self.play_steps(&steps)
    }

    /// Plays a whole play given as steps (from, die; `to` and `hit` are checked against them) and
    /// confirms it. Steps already made in this play are replaced.
    pub fn play_steps(&mut self, steps: &[Step]) -> Result<(), GameError> {
        if self.phase != Phase::Move {
            return Err(self.phase_error("play", self.phase));
        }
        // A play as the list of legal plays holds it (what a UI or a game loop passes back): its
        // steps are legal one after the other and make a whole play by construction, so they are
        // made without the search `step_die` does for each (which accepts each and makes the
        // same steps), and confirming cannot fail (nothing to restore).
        let listed = self.seg.as_ref().and_then(|s| {
            s.plays.iter().find(|p| {
                p.steps().len() == steps.len()
                    && p.steps().iter().zip(steps).all(|(a, b)| a.from == b.from && a.to == b.to && a.die == b.die)
            })
        });
        if let Some(play) = listed {
            let listed = play.steps().to_vec();
            self.undo_all();
            for st in listed {
                self.apply_step(st);
            }
            debug_assert!(self.can_confirm(), "a listed play makes a whole play");
            if self.can_confirm() {
                return self.confirm();
            }
        }
        // The backup leaves out the record (only `confirm` appends to it, once, at the end):
        // copying a whole match's record per play made replaying a save quadratic.
        let backup = self.without_record();
        let recorded = self.record.len();
        let restore = |g: &mut Game, backup: Game| {
            let mut record = std::mem::take(&mut g.record);
            record.truncate(recorded);
            *g = backup;
            g.record = record;
        };
        self.undo_all();
        for st in steps {
            match self.step_die(st.from, st.die) {
                Ok(done) if done.to == st.to => {}
                Ok(_) => {
                    restore(self, backup);
                    return Err(GameError::IllegalPlay {
                        reason: format!("the step {st} does not match its die {}", st.die),
                    });
                }
                Err(e) => {
                    restore(self, backup);
                    return Err(e);
                }
            }
        }
        if let Err(e) = self.confirm() {
            restore(self, backup);
            return Err(e);
        }
        Ok(())
    }

    /// A copy of the game with an empty record, for trying steps: the record grows with the
    /// match, and a scratch game needs none of it (every other field is per turn or small).
    pub(crate) fn without_record(&self) -> Game {
        Game {
            options: self.options,
            dice: self.dice.clone(),
            custom_start: self.custom_start,
            pos: self.pos,
            turn: self.turn,
            phase: self.phase,
            roll: self.roll,
            opening: self.opening,
            seg: self.seg.clone(),
            extra_roll: self.extra_roll,
            cube: self.cube,
            score: self.score,
            crawford_game: self.crawford_game,
            crawford_done: self.crawford_done,
            outcome: self.outcome,
            record: Vec::new(),
            last_play: self.last_play.clone(),
            match_start: self.match_start,
            resign_offer: self.resign_offer,
        }
    }

    /// Plays the legal play that leads to `result` (the position after the play, seen from the
    /// mover, as [`Position::plays_into`] and [`Game::plays`] give it) and confirms it: how a
    /// computer player's choice becomes a move.
    pub fn play_position(&mut self, result: &Position) -> Result<(), GameError> {
        if self.phase != Phase::Move {
            return Err(self.phase_error("play", self.phase));
        }
        let s = self.seg.as_ref().expect("phase Move has a segment");
        match s.plays.iter().find(|p| p.result == *result) {
            Some(p) => {
                let steps = p.steps().to_vec();
                self.play_steps(&steps)
            }
            None => Err(GameError::IllegalPlay {
                reason: format!("no legal play with these dice leads to {}", result.position_id()),
            }),
        }
    }

    /// AD-ACEY-DEUCEY: after the 1 and the 2 of a 1-2, choose the doubles (1..=6) to play.
    pub fn choose_doubles(&mut self, die: u8) -> Result<(), GameError> {
        if self.phase != Phase::ChooseDoubles {
            return Err(self.phase_error("choose doubles", self.phase));
        }
        Die::new(die)?;
        self.record.push(Action::ChooseDoubles { player: self.turn, die });
        self.begin(TurnPart::ChosenDoubles, die, die);
        Ok(())
    }

    // ----- cube -----

    /// Why the player on turn may not double now, or `None` if he may.
    pub fn why_no_double(&self) -> Option<String> {
        self.double_refusal().map(|e| match e {
            GameError::Cube { reason, .. } => reason,
            e => e.to_string(),
        })
    }

    /// The error [`Game::double`] would give now, or `None` if the player on turn may double.
    pub fn double_refusal(&self) -> Option<GameError> {
        let cube = |code, reason: String| Some(GameError::Cube { code, reason });
        if self.phase == Phase::GameOver {
            return Some(GameError::GameOver);
        }
        if self.phase != Phase::Roll {
            return Some(GameError::WrongPhase { action: "double", phase: self.phase });
        }
        if !self.options.cube {
            return cube("cube-off", "the cube is not in play in this game (option cube off)".to_string());
        }
        if self.crawford_game {
            return cube("crawford-game", "no doubling in the Crawford game".to_string());
        }
        if self.extra_roll {
            return cube("extra-roll", "no doubling before an extra roll of the same turn".to_string());
        }
        if let Some(o) = self.cube.owner {
            if o != self.turn {
                return cube("cube-owned", format!("the cube belongs to {o}"));
            }
        }
        if self.cube.value >= MAX_CUBE {
            return cube("cube-max", format!("the cube is already at its largest value, {MAX_CUBE}"));
        }
        None
    }

    pub fn can_double(&self) -> bool {
        self.why_no_double().is_none()
    }

    /// The player on turn doubles (before rolling); the opponent must take or pass.
    pub fn double(&mut self) -> Result<(), GameError> {
        if let Some(e) = self.double_refusal() {
            return Err(e);
        }
        self.cube.offered_by = Some(self.turn);
        self.phase = Phase::CubeDecision;
        self.record.push(Action::Double { player: self.turn });
        Ok(())
    }

    /// The opponent takes the double: the cube doubles and becomes his; the doubler then rolls.
    pub fn take(&mut self) -> Result<(), GameError> {
        if self.phase != Phase::CubeDecision {
            return Err(self.phase_error("take", self.phase));
        }
        self.cube.value = self.cube.doubled();
        self.cube.owner = Some(self.turn.other());
        self.cube.offered_by = None;
        self.phase = Phase::Roll;
        self.record.push(Action::Take { player: self.turn.other() });
        Ok(())
    }

    /// The opponent passes the double: he loses the current stake (the cube value before
    /// doubling).
    pub fn pass(&mut self) -> Result<(), GameError> {
        if self.phase != Phase::CubeDecision {
            return Err(self.phase_error("pass", self.phase));
        }
        self.record.push(Action::Pass { player: self.turn.other() });
        self.cube.offered_by = None;
        let v = self.cube.value;
        self.finish(Outcome {
            winner: self.turn,
            kind: OutcomeKind::Pass,
            multiplier: 1,
            cube: v,
            points: v,
            resigned: None,
        });
        Ok(())
    }

    // ----- resignation (BG-RESIGN) -----

    /// The kinds of resignation the game's scoring has, smallest first: single, gammon,
    /// backgammon (standard); single, mars, x4, x8 (table); per checker (acey-deucey's option:
    /// the resigner concedes one point per checker he has not borne off).
    pub fn resign_kinds(&self) -> &'static [OutcomeKind] {
        match self.options.scoring {
            Scoring::Standard => &[OutcomeKind::Single, OutcomeKind::Gammon, OutcomeKind::Backgammon],
            Scoring::Table => &[OutcomeKind::Single, OutcomeKind::Mars, OutcomeKind::MarsX4, OutcomeKind::MarsX8],
            Scoring::PerChecker => &[OutcomeKind::PerChecker],
        }
    }

    /// The player who may resign now: the player on turn, or during `CubeDecision` the player
    /// who answers the double. `None` in the opening, during an offer and after the game.
    pub fn resigner(&self) -> Option<Player> {
        match self.phase {
            Phase::Roll | Phase::Move | Phase::ChooseDoubles => Some(self.turn),
            Phase::CubeDecision => Some(self.turn.other()),
            Phase::Opening | Phase::Resignation | Phase::GameOver => None,
        }
    }

    /// The outcome an accepted resignation of `kind` by [`Game::resigner`] would give: the
    /// opponent wins the kind's multiplier times the cube (the Jacoby rule applies as to a game
    /// played out).
    pub fn resignation_outcome(&self, kind: OutcomeKind) -> Result<Outcome, GameError> {
        let Some(loser) = self.resigner() else {
            return Err(self.phase_error("resign", self.phase));
        };
        self.resignation_by(loser, kind)
    }

    fn resignation_by(&self, loser: Player, kind: OutcomeKind) -> Result<Outcome, GameError> {
        if !self.resign_kinds().contains(&kind) {
            let names: Vec<&str> = self.resign_kinds().iter().map(|k| k.name()).collect();
            return Err(GameError::BadResignation {
                kind,
                reason: format!("'{}' is not a resignation of this scoring ({})", kind.name(), names.join(", ")),
            });
        }
        let mult = match kind.multiplier() {
            Some(m) => m,
            // Per checker: the resigner's checkers not borne off.
            None => 15 - self.position_for(loser).off(false) as u32,
        };
        let (multiplier, cube) = self.stake(mult);
        Ok(Outcome {
            winner: loser.other(),
            kind: OutcomeKind::Resignation,
            multiplier,
            cube,
            points: multiplier * cube,
            resigned: Some(kind),
        })
    }

    /// The resignation waiting for an answer (phase `Resignation`).
    pub fn resignation_offer(&self) -> Option<ResignOffer> {
        self.resign_offer
    }

    /// BG-RESIGN: the player to act ([`Game::resigner`]) offers to resign `kind`; the opponent
    /// answers with [`Game::accept_resignation`] or [`Game::decline_resignation`]. Steps already
    /// made this turn are kept for a declined offer.
    pub fn resign(&mut self, kind: OutcomeKind) -> Result<(), GameError> {
        let o = self.resignation_outcome(kind)?;
        let player = o.winner.other();
        self.resign_offer =
            Some(ResignOffer { player, kind, points: o.points, multiplier: o.multiplier, resume: self.phase });
        self.phase = Phase::Resignation;
        self.record.push(Action::Resign { player, kind });
        Ok(())
    }

    /// BG-RESIGN: the opponent accepts the resignation: the game ends, he wins the offer's points
    /// ([`OutcomeKind::Resignation`], the conceded kind in [`Outcome::resigned`]).
    pub fn accept_resignation(&mut self) -> Result<(), GameError> {
        let offer = self.pending_offer("accept a resignation")?;
        let outcome = self.resignation_by(offer.player, offer.kind)?;
        self.record.push(Action::AcceptResignation { player: offer.player.other() });
        self.resign_offer = None;
        self.finish(outcome);
        Ok(())
    }

    /// BG-RESIGN: the opponent declines the resignation: play goes on where it stopped.
    pub fn decline_resignation(&mut self) -> Result<(), GameError> {
        let offer = self.pending_offer("decline a resignation")?;
        self.record.push(Action::DeclineResignation { player: offer.player.other() });
        self.resign_offer = None;
        self.phase = offer.resume;
        Ok(())
    }

    fn pending_offer(&self, action: &'static str) -> Result<ResignOffer, GameError> {
        match (self.phase, self.resign_offer) {
            (Phase::Resignation, Some(o)) => Ok(o),
            (Phase::GameOver, _) => Err(GameError::GameOver),
            (p, _) => Err(GameError::WrongPhase { action, phase: p }),
        }
    }

    /// Starts the next game of a match (or money session): same options, score kept. The Crawford
    /// rule: the game after a player first reaches match length - 1 is played without the cube.
    pub fn next_game(&mut self) -> Result<(), GameError> {
        if self.phase != Phase::GameOver {
            return Err(GameError::WrongPhase { action: "start the next game", phase: self.phase });
        }
        if self.match_over() {
            return Err(GameError::MatchOver);
        }
        let n = self.options.match_length;
        if self.crawford_game {
            self.crawford_game = false;
            self.crawford_done = true;
        } else if n > 0 && !self.crawford_done && self.score.iter().any(|&s| s + 1 == n) {
            self.crawford_game = true;
        }
        self.record.push(Action::NextGame);
        self.custom_start = None;
        self.reset_board();
        Ok(())
    }

    /// Replays one recorded action (used by saves). Dice actions are taken as given.
    pub(crate) fn apply_action(&mut self, a: &Action) -> Result<(), GameError> {
        match a {
            Action::OpeningRoll { white, black, set } => {
                if self.phase != Phase::Opening {
                    return Err(self.phase_error("make the opening roll", self.phase));
                }
                Roll::new(*white, *black)?;
                self.opening_with(*white, *black, *set);
                Ok(())
            }
            Action::Roll { player, dice, set } => {
                if self.phase != Phase::Roll {
                    return Err(self.phase_error("roll", self.phase));
                }
                if *player != self.turn {
                    return Err(GameError::WrongPhase { action: "roll for the other player", phase: self.phase });
                }
                Roll::new(dice[0], dice[1])?;
                self.roll_with(*dice, *set);
                Ok(())
            }
            Action::Play { player, steps, .. } => {
                if *player != self.turn {
                    return Err(GameError::WrongPhase { action: "play for the other player", phase: self.phase });
                }
                self.play_steps(steps)
            }
            Action::ChooseDoubles { die, .. } => self.choose_doubles(*die),
            Action::Double { .. } => self.double(),
            Action::Take { .. } => self.take(),
            Action::Pass { .. } => self.pass(),
            Action::Resign { player, kind } => {
                if self.resigner().is_some_and(|r| r != *player) {
                    return Err(GameError::WrongPhase { action: "resign for the other player", phase: self.phase });
                }
                self.resign(*kind)
            }
            Action::AcceptResignation { .. } => self.accept_resignation(),
            Action::DeclineResignation { .. } => self.decline_resignation(),
            Action::NextGame => self.next_game(),
        }
    }

    /// True while the current roll is an extra roll of the same turn (acey-deucey).
    pub fn is_extra_roll(&self) -> bool {
        self.extra_roll
    }

    pub(crate) fn set_dice_source(&mut self, d: GameDice) {
        self.dice = d;
    }

    /// Board as White sees it: 24 entries, index i = White's point i+1, positive White's
    /// checkers, negative Black's; plus bar, off and unentered as `[white, black]`.
    pub fn white_view(&self) -> ([i8; 24], [u8; 2], [u8; 2], [u8; 2]) {
        let p = self.position_for(Player::White);
        let mut points = [0i8; 24];
        points.copy_from_slice(&p.board()[1..25]);
        (points, [p.bar(false), p.bar(true)], [p.off(false), p.off(true)], [p.unentered(false), p.unentered(true)])
    }

    /// Pip counts `[white, black]`.
    pub fn pips(&self) -> [u32; 2] {
        self.position_for(Player::White).pips()
    }
}

fn join(d: &[u8]) -> String {
    if d.is_empty() {
        return "none".to_string();
    }
    d.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(", ")
}

fn without(dice: &[u8], d: u8) -> Vec<u8> {
    let mut v = dice.to_vec();
    if let Some(i) = v.iter().position(|&x| x == d) {
        v.remove(i);
    }
    v
}

/// Can `remaining` more steps with the dice `left` reach one of `targets`?
fn reach(
    p: &Position,
    left: &[u8],
    remaining: usize,
    targets: &HashSet<Position>,
    rules: super::movegen::MoveRules,
    memo: &mut HashMap<(Position, Vec<u8>), bool>,
) -> bool {
    if remaining == 0 {
        return targets.contains(p);
    }
    let key = (*p, left.to_vec());
    if let Some(&r) = memo.get(&key) {
        return r;
    }
    let mut ok = false;
    let mut tried = Vec::new();
    'outer: for &d in left {
        if tried.contains(&d) {
            continue;
        }
        tried.push(d);
        let rest = without(left, d);
        for from in (1..=BAR).rev() {
            if let Some((q, _)) = p.try_step(from, d, rules) {
                if reach(&q, &rest, remaining - 1, targets, rules, memo) {
                    ok = true;
                    break 'outer;
                }
            }
        }
    }
    memo.insert(key, ok);
    ok
}

impl Game {
    /// Puts the game in a match state (score, cube, Crawford) before any action: how a game
    /// from a gnubg Match ID starts. Saves keep it ([`Game::to_save`]).
    pub(crate) fn restore_match(&mut self, m: MatchStart) {
        self.score = m.score;
        self.crawford_game = m.crawford;
        self.crawford_done = m.crawford_done;
        let enabled = self.options.cube && !m.crawford;
        self.cube = Cube { value: m.cube_value, owner: m.cube_owner, offered_by: None, enabled };
        self.match_start = Some(m);
    }
}
