//! The game state as the JS API shows it (`BackgammonState` in docs/js-api.md), ready for
//! serde: the bindings can hand [`GameState`] to serde-wasm-bindgen as it is.

use serde::Serialize;

use super::game::{Cube, Game, Phase};
use super::match_id::MatchInfo;
use super::position::EntrySource;
use super::variant::{Options, Player, Variant};

/// A pair of numbers for White and Black.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct PerPlayer<T> {
    pub white: T,
    pub black: T,
}

impl<T: Copy> PerPlayer<T> {
    fn of(v: [T; 2]) -> PerPlayer<T> {
        PerPlayer { white: v[0], black: v[1] }
    }
}

/// Match information of the state.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MatchState {
    pub length: u32,
    pub score: PerPlayer<u32>,
    pub crawford: bool,
    /// A player has reached the match length ([`super::Game::match_over`]); always false in
    /// money play.
    pub over: bool,
}

/// The cube of [`GameState`]: the game's [`super::Cube`] and, while a double waits for take or
/// pass, the value it offers ([`super::Cube::offered_value`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CubeState {
    pub value: u32,
    pub owner: Option<Player>,
    pub offered_by: Option<Player>,
    pub enabled: bool,
    pub offered_value: Option<u32>,
}

impl From<Cube> for CubeState {
    fn from(c: Cube) -> CubeState {
        CubeState {
            value: c.value,
            owner: c.owner,
            offered_by: c.offered_by,
            enabled: c.enabled,
            offered_value: c.offered_value(),
        }
    }
}

/// The last confirmed play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LastPlayState {
    pub player: Player,
    pub dice: Vec<u8>,
    pub notation: String,
}

/// `BackgammonState` of the JS API.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct GameState {
    pub variant: Variant,
    pub options: Options,
    /// 24 entries seen from White: index i = White's point i+1; > 0 White's checkers, < 0 Black's.
    pub points: Vec<i8>,
    pub bar: PerPlayer<u8>,
    pub off: PerPlayer<u8>,
    pub unentered: PerPlayer<u8>,
    /// BG-BAR-FIRST: where each player's next checker entering "from 25" comes from
    /// ([`super::Position::entry_source`]): `bar`, `unentered` (acey-deucey), or `null`.
    pub enters_from: PerPlayer<Option<EntrySource>>,
    pub turn: Player,
    /// The player on roll, whose position before his roll `evaluate` and `rollout` value
    /// ([`super::Game::player_on_roll`]); `null` in the opening and once the game is over.
    pub on_roll: Option<Player>,
    pub phase: Phase,
    /// The current roll (`[]` before rolling); doubles listed twice. For acey-deucey's chosen
    /// doubles, the chosen number twice.
    pub dice: Vec<u8>,
    pub dice_left: Vec<u8>,
    /// BG-MOVE: the dice of the play being made as they are played, a double four times
    /// ([`super::turn::dice_to_play`]; acey-deucey's 1-2 roll, all used, while the doubles are
    /// chosen); `diceLeft` says which are still to play. `[]` when `dice` is.
    pub play_dice: Vec<u8>,
    pub opening_roll: Option<PerPlayer<u8>>,
    pub cube: CubeState,
    pub pips: PerPlayer<u32>,
    pub can_undo: bool,
    pub can_confirm: bool,
    pub can_double: bool,
    #[serde(rename = "match")]
    pub match_state: MatchState,
    pub last_play: Option<LastPlayState>,
    pub position_id: String,
    pub match_id: String,
    /// BG-RESIGN: the resignation waiting for an answer (phase `resignation`), else `null`.
    pub resignation: Option<super::game::ResignOffer>,
}

impl Game {
    /// The whole state for a UI.
    pub fn state(&self) -> GameState {
        let (points, bar, off, unentered) = self.white_view();
        let dice = match self.phase() {
            Phase::Move => {
                let d = self.dice();
                if d.len() == 4 { vec![d[0], d[0]] } else { d }
            }
            Phase::ChooseDoubles => self.roll_dice().map(|d| d.to_vec()).unwrap_or_default(),
            _ => Vec::new(),
        };
        GameState {
            variant: self.variant(),
            options: *self.options(),
            points: points.to_vec(),
            bar: PerPlayer::of(bar),
            off: PerPlayer::of(off),
            unentered: PerPlayer::of(unentered),
            enters_from: PerPlayer::of([Player::White, Player::Black].map(|p| self.position_for(p).entry_source())),
            turn: self.turn(),
            on_roll: self.player_on_roll(),
            phase: self.phase(),
            play_dice: match self.phase() {
                Phase::Move => self.dice(),
                _ => dice.clone(),
            },
            dice,
            dice_left: if self.phase() == Phase::Move { self.dice_left() } else { Vec::new() },
            opening_roll: self.opening_roll().map(PerPlayer::of),
            cube: self.cube().into(),
            pips: PerPlayer::of(self.pips()),
            can_undo: self.can_undo(),
            can_confirm: self.can_confirm(),
            can_double: self.can_double(),
            match_state: MatchState {
                length: self.options().match_length,
                score: PerPlayer::of(self.score()),
                crawford: self.is_crawford(),
                over: self.match_over(),
            },
            last_play: self.last_play().map(|l| LastPlayState {
                player: l.player,
                dice: l.dice.clone(),
                notation: l.notation.clone(),
            }),
            position_id: self.position_id(),
            match_id: self.match_id(),
            resignation: self.resignation_offer(),
        }
    }

    /// The Match ID fields of the current state (White is gnubg's player 0).
    pub fn match_info(&self) -> MatchInfo {
        let phase = self.phase();
        let game_state = match (phase, self.outcome().map(|o| o.kind)) {
            (Phase::GameOver, Some(super::scoring::OutcomeKind::Pass)) => 4,
            (Phase::GameOver, Some(super::scoring::OutcomeKind::Resignation)) => 3,
            (Phase::GameOver, _) => 2,
            (Phase::Opening, _) => 1,
            _ => 1,
        };
        let cube = self.cube();
        let dice = match (phase, self.roll_dice()) {
            (Phase::Move, Some(d)) => d,
            _ => [0, 0],
        };
        MatchInfo {
            cube_value: cube.value,
            cube_owner: cube.owner,
            on_roll: Some(self.turn()),
            crawford: self.is_crawford(),
            game_state,
            to_decide: Some(match (phase, self.resignation_offer()) {
                (Phase::Resignation, Some(r)) => r.player.other(),
                (Phase::CubeDecision, _) => self.turn().other(),
                _ => self.turn(),
            }),
            double_offered: phase == Phase::CubeDecision,
            // gnubg's field: 1 single, 2 gammon, 3 backgammon (table's x4 and x8 have no value).
            resignation: self
                .resignation_offer()
                .and_then(|r| r.kind.multiplier())
                .filter(|&m| self.options().scoring == super::variant::Scoring::Standard && m <= 3)
                .unwrap_or(0) as u8,
            dice,
            match_length: self.options().match_length.min(32767),
            score: self.score().map(|s| s.min(32767)),
        }
    }

    /// gnubg Match ID of the current state.
    pub fn match_id(&self) -> String {
        self.match_info().encode()
    }
}
