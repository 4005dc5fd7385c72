//! The backgammon family: backgammon, table and acey-deucey, as variants of one engine.
//!
//! Rules are those of docs/rules.md section 1; each rule ID (BG-…, AD-…) is named in the doc comment
//! of the code that applies it and in the name of a test (`tests/backgammon_rules.rs`).
//!
//! # For the computer opponent: [`Position`] and the fast path
//!
//! A [`Position`] is a small `Copy` value seen from the side on roll (the *mover*): points
//! 1..=24 of the mover (positive: his checkers, negative: the opponent's), his bar at index 25,
//! the opponent's bar at index 0 (negative), borne-off and not-yet-entered counts. After a play,
//! [`Position::flip`] hands the turn over.
//!
//! - [`Position::plays_into`]`(d1, d2, rules, &mut Vec<Position>)`: every distinct position after
//!   a legal play (still the mover's view), no allocation when the vector is reused; never empty
//!   (no legal move: the unchanged position). [`Position::plays`] for a [`crate::dice::Roll`].
//! - [`Position::pips`], [`Position::is_race`], [`Position::game_over`], [`Position::board`],
//!   [`Position::off`], [`Position::bar`]; [`scoring::score`] scores a finished position.
//! - [`Position::position_id`] / [`Position::from_position_id`]: gnubg Position IDs.
//! - [`MoveRules`]: [`MoveRules::STANDARD`] for backgammon and table; acey-deucey options.
//!
//! ```
//! use tabla::backgammon::{MoveRules, Position};
//! let start = Position::start();
//! let mut after = Vec::new();
//! start.plays_into(3, 1, MoveRules::STANDARD, &mut after);
//! assert_eq!(after.len(), 16);
//! // Evaluate each from the opponent's side:
//! let next: Vec<Position> = after.iter().map(Position::flip).collect();
//! assert!(next.iter().all(|p| p.pips()[1] == 167 - 4));
//! ```
//!
//! # For the bindings and the UI: [`Game`]
//!
//! [`Game`] owns a whole game or match: [`Options`] (variant defaults via [`Options::new`]),
//! dice ([`Game::with_seed`], [`Game::new`] for cryptographic dice, [`Game::set_dice`]), the
//! phases ([`Phase`]), one-step input ([`Game::legal_steps`], [`Game::step`],
//! [`Game::step_to`], [`Game::undo`], [`Game::confirm`]), whole plays ([`Game::legal_plays`],
//! [`Game::play`] by text, [`Game::play_steps`]), acey-deucey's [`Game::choose_doubles`], the
//! cube ([`Game::double`], [`Game::take`], [`Game::pass`]), [`Game::outcome`],
//! [`Game::next_game`], [`Game::state`] (the JS `BackgammonState`, serde-ready),
//! [`Game::position_id`], [`Game::match_id`], and saves ([`Game::to_json`],
//! [`Game::from_json`]). Every error is typed and leaves the game unchanged.
//!
//! | JS (docs/js-api.md) | Rust |
//! |---|---|
//! | `new Backgammon(options)` | [`OptionsInput::from_json`] or [`OptionsInput::resolve`], then [`Game::with_seed`] (seed given) or [`Game::new`] |
//! | `Backgammon.fromPositionId(id, options)` | [`Game::from_position_id`] (the ID's player on roll is White) |
//! | `Backgammon.fromJSON(save)` | [`Game::from_json`] (text) or [`Game::from_save`] (a [`Save`] value) |
//! | `positionId()`, `matchId()`, `toJSON()` | [`Game::position_id`], [`Game::match_id`], [`Game::to_save`] / [`Game::to_json`] |
//! | `state()` | [`Game::state`] (a serde-ready [`GameState`]) |
//! | `roll()`, `setDice(d1, d2)` | [`Game::roll`], [`Game::set_dice`] (in the opening: White's die, Black's die) |
//! | `legalPlays()`, `legalSteps()` | [`Game::legal_plays`] ([`PlayInfo`]), [`Game::legal_steps`] ([`Step`]) |
//! | `step(from, to)`, `undo()`, `confirm()` | [`Game::step`] (or [`Game::step_to`] for a drag over several dice), [`Game::undo`], [`Game::confirm`] |
//! | `play(text \| steps)` | [`Game::play`], [`Game::play_steps`] |
//! | `chooseDoubles(n)` | [`Game::choose_doubles`] |
//! | `double()`, `take()`, `pass()` | [`Game::double`], [`Game::take`], [`Game::pass`] |
//! | `outcome()`, `nextGame()` | [`Game::outcome`] ([`Outcome`]), [`Game::next_game`] |
//! | `resign(kind)`, `acceptResignation()`, `declineResignation()` | [`Game::resign`] ([`OutcomeKind::from_name`]), [`Game::accept_resignation`], [`Game::decline_resignation`] |
//! | `resignKinds()`, `resigner()`, `resignationOutcome(kind)` | [`Game::resign_kinds`], [`Game::resigner`], [`Game::resignation_outcome`] |
//! | errors | [`GameError`], [`SaveError`], [`PositionIdError`], [`NotationError`]: `Display` says what was wrong |
//!
//! ```
//! use tabla::backgammon::{Game, Options, Phase, Variant};
//! let mut g = Game::with_seed(Options::new(Variant::Table), 1);
//! assert_eq!(g.phase(), Phase::Roll); // BG-START-WHITE
//! g.set_dice(3, 1).unwrap();
//! g.play("8/5 6/5").unwrap();
//! assert_eq!(g.state().last_play.unwrap().notation, "8/5 6/5");
//! ```

pub mod game;
pub mod mat;
pub mod match_id;
pub mod move_list;
pub mod movegen;
pub mod notation;
pub mod position;
pub mod position_id;
pub mod record;
pub mod save;
pub mod scoring;
pub mod setup;
pub mod sgf;
pub mod state;
pub mod turn;
pub mod variant;
pub mod xgid;

pub use game::{Action, Cube, Destination, Game, GameError, LastPlay, MatchStart, Phase, PlayInfo, ResignOffer};
pub use mat::{MatHeader, MatImport};
pub use match_id::{GnubgError, MatchIdError, MatchInfo};
pub use move_list::{EntryKind, MoveListEntry};
pub use movegen::{MoveRules, Play, PlaySink, Step};
pub use notation::{NotationError, format_play};
pub use position::{CHECKERS, EntrySource, Position, Setup, SetupError};
pub use position_id::PositionIdError;
pub use record::{RecordError, RecordFormat, RecordProblem};
pub use save::{Save, SaveError};
pub use scoring::{Outcome, OutcomeKind};
pub use setup::{BoardSetup, BoardSetupError};
pub use sgf::SgfImport;
pub use state::{CubeState, GameState};
pub use turn::{Next, TurnPart, next_after};
pub use variant::{
    Applies, MAX_MATCH_LENGTH, OPTION_SPECS, OptionEnum, OptionError, OptionKind, OptionSpec, OptionValue, Options,
    OptionsInput, Player, Scoring, StartRule, Variant,
};
pub use xgid::{Xgid, XgidError};
