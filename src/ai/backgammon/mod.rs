//! The backgammon-family computer opponent (backgammon, table, acey-deucey).
//!
//! - [`mod@net`]: a small neural net (207 inputs, or 217, 229 or 237 with the contact features:
//!   backgammon's and table's net reads 229, acey-deucey's 207; one sigmoid hidden layer, 5
//!   sigmoid outputs: win, win gammon, win backgammon, lose gammon, lose backgammon),
//!   hand-written f32 inference that gives identical results natively and in wasm; [`inputs`]:
//!   its input encoding.
//! - [`eval`]: 0-ply evaluation (net, [`bearoff`] database, rules for finished games) and
//!   equities under each scoring; [`search`]: 1-ply and 2-ply search with move filtering and
//!   the acey-deucey turn segments; [`levels`]: playing levels; [`cube`]: cube decisions.
//! - With the `cli` feature only (not in the shipped wasm): `train`: TD(λ) self-play; `distill`:
//!   supervised refinement; `game`: whole games, mirrored duels, pubeval and a heuristic player
//!   as yardsticks; `pubeval`: Tesauro's public evaluator.
//!
//! The weights trained by `tabla train` are compiled in (`weights/*.net`): one net for
//! backgammon and table (same moves; table's scoring only changes equities), one for
//! acey-deucey.
//!
//! **The API for the bindings** (everything the JS `bestPlay`, `evaluate`, `hint` need; all
//! positions are seen from the side on roll, as in [`crate::backgammon::Position`]):
//! on a rules-engine [`crate::backgammon::Game`]: [`best_play_for_game`], [`hint_for_game`],
//! [`evaluate_game`], [`choose_doubles_for_game`], [`cube_action_for_game`] ([`api`]),
//! [`resignation_for_game`], [`resignation_answer`] ([`resign`]); on a bare
//! position: [`best_play`], [`hint`], [`evaluate`], [`choose_doubles`], [`cube_action`]; a whole
//! game's analysis, one turn at a time: [`analysis`].

pub mod analysis;
pub mod api;
pub mod bearoff;
pub mod bearoff_cube;
pub mod class;
pub mod cube;
#[cfg(feature = "cli")]
pub mod cube_check;
#[cfg(feature = "cli")]
pub mod distill;
pub mod eval;
#[cfg(feature = "cli")]
pub mod game;
pub mod inputs;
pub mod levels;
pub mod net;
#[cfg(feature = "cli")]
pub mod pubeval;
pub mod resign;
pub mod rollout;
pub mod search;
#[cfg(feature = "cli")]
pub mod train;

use std::sync::OnceLock;

use serde::Serialize;

pub use api::{
    best_play_for_game, choose_doubles_for_game, cube_action_for_game, cube_state, evaluate_game, hint_for_game,
};
pub use cube::{CubeAdvice, CubeOwner, CubeState, MatchScore};
pub use eval::{Probabilities, Scoring, Value};
pub use levels::Level;
pub use net::Net;
pub use resign::{ResignAdvice, ResignAnswer, resignation_answer, resignation_for_game};
pub use search::{Candidate, GameRules, Next, Segment, Variant};

use crate::backgammon::{Play, Position};

static BACKGAMMON_WEIGHTS: &[u8] = include_bytes!("weights/backgammon.net");
static ACEY_DEUCEY_WEIGHTS: &[u8] = include_bytes!("weights/acey-deucey.net");

/// The committed weights file of a variant's net, as compiled in (backgammon and table share
/// one): what identifies the net a long job (the CLI's rollout labelling) plays with.
pub fn committed_weights(variant: Variant) -> &'static [u8] {
    match variant {
        Variant::Backgammon | Variant::Table => BACKGAMMON_WEIGHTS,
        Variant::AceyDeucey => ACEY_DEUCEY_WEIGHTS,
    }
}

/// The committed net for a variant (backgammon and table share one).
pub fn net(variant: Variant) -> &'static Net {
    static BG: OnceLock<Net> = OnceLock::new();
    static AD: OnceLock<Net> = OnceLock::new();
    match variant {
        Variant::Backgammon | Variant::Table => {
            BG.get_or_init(|| Net::from_bytes(committed_weights(variant)).expect("committed backgammon weights"))
        }
        Variant::AceyDeucey => {
            AD.get_or_init(|| Net::from_bytes(committed_weights(variant)).expect("committed acey-deucey weights"))
        }
    }
}

/// The deepest search of [`evaluate`] and [`hint`] (a deeper `ply` is clamped to it): 2-ply
/// values take about 9,000 leaf evaluations, and each ply more multiplies that by about 400.
pub const MAX_PLY: u8 = 2;

/// An evaluation for the side on roll.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Evaluation {
    pub probabilities: Probabilities,
    /// Cubeless equity under the game's scoring.
    pub equity: f32,
    /// The depth of the evaluation (0, 1 or 2 plies).
    pub ply: u8,
}

/// The outcome probabilities and cubeless equity of `pos` for its side on roll (before he
/// rolls), searched `ply` plies deep (0 is instant; 1 takes a few milliseconds).
pub fn evaluate(pos: &Position, rules: &GameRules, ply: u8) -> Evaluation {
    evaluate_with(net(rules.variant()), pos, rules, ply)
}

/// [`evaluate`] with `net` in place of the built-in net (measuring a candidate net).
pub fn evaluate_with(net: &Net, pos: &Position, rules: &GameRules, ply: u8) -> Evaluation {
    let mut s = search::Searcher::new(net, *rules);
    let v = s.on_roll(pos, ply.min(MAX_PLY));
    Evaluation { probabilities: v.probabilities, equity: v.equity, ply: ply.min(MAX_PLY) }
}

/// One ranked play of a hint.
#[derive(Clone, Copy, Debug)]
pub struct Hint {
    /// The play (steps, and the position after it from the mover's view).
    pub play: Play,
    /// What follows the play (the opponent's turn; in acey-deucey a choice of doubles or
    /// another roll).
    pub next: Next,
    /// Probabilities and cubeless equity for the mover after the play.
    pub probabilities: Probabilities,
    pub equity: f32,
    /// Depth of the evaluation.
    pub ply: u8,
}

/// All legal plays of `d1`-`d2` in `pos`, best first, valued at up to `ply` plies (the best few
/// by 0-ply are searched deeper; the rest keep their 0-ply values).
pub fn hint(pos: &Position, d1: u8, d2: u8, segment: Segment, rules: &GameRules, ply: u8) -> Vec<Hint> {
    let mut s = search::Searcher::new(net(rules.variant()), *rules);
    s.rank(pos, d1, d2, segment, ply.min(MAX_PLY))
        .into_iter()
        .map(|r| Hint {
            play: r.candidate.play,
            next: r.candidate.next,
            probabilities: r.value.probabilities,
            equity: r.value.equity,
            ply: r.ply,
        })
        .collect()
}

/// The play the computer chooses at `level` for `d1`-`d2` in `pos`. Weaker levels make
/// deliberate mistakes drawn from `seed` (the same seed, position and dice give the same play).
pub fn best_play(
    pos: &Position,
    d1: u8,
    d2: u8,
    segment: Segment,
    rules: &GameRules,
    level: Level,
    seed: u64,
) -> Candidate {
    let mut s = search::Searcher::new(net(rules.variant()), *rules);
    levels::choose_with(&mut s, pos, d1, d2, segment, level, seed)
}

/// Acey-deucey: the doubles (1..=6) to choose after playing a 1-2, in `pos` (the position after
/// the 1-2, the same player still on turn). Expert levels look one ply further.
pub fn choose_doubles(pos: &Position, rules: &GameRules, level: Level) -> u8 {
    let mut s = search::Searcher::new(net(rules.variant()), *rules);
    s.best_doubles(pos, level.ply().min(1)).0
}

/// Cube advice for the side on roll in `pos` (before rolling): should he double, should the
/// opponent take. `ply` is the depth of the evaluation behind it (1 recommended).
pub fn cube_action(pos: &Position, rules: &GameRules, cube: &CubeState, ply: u8) -> CubeAdvice {
    cube_advice(pos, &evaluate(pos, rules, ply), rules, cube)
}

/// The cube advice [`cube_action`] gives for `pos` evaluated as `e` ([`cube::advice_at`]).
pub fn cube_advice(pos: &Position, e: &Evaluation, rules: &GameRules, cube: &CubeState) -> CubeAdvice {
    cube::advice_at(pos, &e.probabilities, rules.scoring(), cube)
}
