//! Scoring a finished game (docs/rules.md 1.7).
//!
//! - BG-SCORE-STANDARD: 1 point; gammon 2 if the loser bore off none; backgammon 3 if, besides,
//!   the loser still has a checker on the bar or in the winner's home board. (Acey-deucey
//!   checkers never entered count as on the bar.)
//! - BG-SCORE-TABLE: 1; mars x2 if the loser bore off none; x4 if the loser still has a checker
//!   outside his own home board; x8 if he still has a checker on the bar (or never entered). The
//!   highest that applies counts. This reading of the Romanian text is ours: x4 and x8 apply
//!   whether or not the loser bore off checkers (he can have been hit after bearing off).
//! - Per checker (acey-deucey option): 1 point per checker the loser has not borne off.
//!
//! The points won are the multiplier times the cube value; with the Jacoby rule (money play,
//! cube in play but never turned) gammons and backgammons count 1.

use serde::{Deserialize, Serialize};

use super::position::{OPP_BAR, Position};
use super::variant::{Player, Scoring};

/// How a game was won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum OutcomeKind {
    Single,
    Gammon,
    Backgammon,
    /// Table scoring x2.
    Mars,
    /// Table scoring x4.
    MarsX4,
    /// Table scoring x8.
    MarsX8,
    /// Acey-deucey per-checker scoring.
    PerChecker,
    /// The loser passed (declined) a double.
    Pass,
    /// BG-RESIGN: the loser resigned and the winner accepted; [`Outcome::resigned`] says what
    /// was conceded.
    Resignation,
}

impl OutcomeKind {
    /// The multiplier of a kind that has a fixed one (docs/rules.md 1.7): single 1, gammon 2,
    /// backgammon 3; table 1, mars x2, x4, x8. `None` for [`OutcomeKind::PerChecker`] (it counts
    /// the loser's checkers) and [`OutcomeKind::Pass`] (the stake of the refused cube). The one
    /// place these numbers are written: [`score`] and the computer opponent's equities use it.
    pub const fn multiplier(self) -> Option<u32> {
        match self {
            OutcomeKind::Single => Some(1),
            OutcomeKind::Gammon | OutcomeKind::Mars => Some(2),
            OutcomeKind::Backgammon => Some(3),
            OutcomeKind::MarsX4 => Some(4),
            OutcomeKind::MarsX8 => Some(8),
            OutcomeKind::PerChecker | OutcomeKind::Pass | OutcomeKind::Resignation => None,
        }
    }

    /// Every kind, in declaration order.
    pub const ALL: [OutcomeKind; 9] = [
        OutcomeKind::Single,
        OutcomeKind::Gammon,
        OutcomeKind::Backgammon,
        OutcomeKind::Mars,
        OutcomeKind::MarsX4,
        OutcomeKind::MarsX8,
        OutcomeKind::PerChecker,
        OutcomeKind::Pass,
        OutcomeKind::Resignation,
    ];

    /// The kind named `name` ([`OutcomeKind::name`]), if any.
    pub fn from_name(name: &str) -> Option<OutcomeKind> {
        OutcomeKind::ALL.into_iter().find(|k| k.name() == name)
    }

    /// The kebab-case name (as serialized): `single`, `gammon`, ..., `mars-x4`, `resignation`.
    pub const fn name(self) -> &'static str {
        match self {
            OutcomeKind::Single => "single",
            OutcomeKind::Gammon => "gammon",
            OutcomeKind::Backgammon => "backgammon",
            OutcomeKind::Mars => "mars",
            OutcomeKind::MarsX4 => "mars-x4",
            OutcomeKind::MarsX8 => "mars-x8",
            OutcomeKind::PerChecker => "per-checker",
            OutcomeKind::Pass => "pass",
            OutcomeKind::Resignation => "resignation",
        }
    }
}

/// A kind with a fixed multiplier, and that multiplier.
const fn fixed(kind: OutcomeKind) -> (OutcomeKind, u32) {
    match kind.multiplier() {
        Some(m) => (kind, m),
        None => (kind, 1), // not reached: `score` names only kinds with a fixed multiplier here
    }
}

/// The result of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Outcome {
    pub winner: Player,
    pub kind: OutcomeKind,
    /// Scoring multiplier: 1, 2, 3 (standard), 1, 2, 4, 8 (table), checkers left (per checker).
    pub multiplier: u32,
    /// The cube value (1 when the cube is not in play).
    pub cube: u32,
    /// `multiplier * cube`.
    pub points: u32,
    /// BG-RESIGN: for [`OutcomeKind::Resignation`], the kind conceded (single, gammon, ...).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resigned: Option<OutcomeKind>,
}

/// BG-JACOBY: the multiplier a game won with the cubeless multiplier `mult` counts with the cube
/// at `cube_value`: 1 when the Jacoby rule is in force (`jacoby`: money play with the rule on and
/// the cube in play) and the cube was never turned (its value is still 1), except under
/// per-checker scoring; else `mult`. [`crate::backgammon::Game`] scores games with it, and the
/// computer's cubeful rollouts play their trials out with it.
pub const fn counted_multiplier(mult: u32, scoring: Scoring, jacoby: bool, cube_value: u32) -> u32 {
    if jacoby && cube_value == 1 && !matches!(scoring, Scoring::PerChecker) { 1 } else { mult }
}

/// What a finished game is worth, cubeless: the kind and multiplier of a win by bearing off
/// (the rules of the module documentation). `final_pos` is the position right after the
/// winner's last play, seen from the winner (the mover), who has borne off all 15 checkers. The
/// referee ([`super::Game`]) adds the cube and the Jacoby rule; the computer opponent values
/// finished games with this.
pub fn score(final_pos: &Position, scoring: Scoring) -> (OutcomeKind, u32) {
    let b = final_pos.board();
    let loser_off = final_pos.off(true);
    let loser_bar = b[OPP_BAR] < 0 || final_pos.unentered(true) > 0;
    match scoring {
        Scoring::Standard => {
            if loser_off > 0 {
                fixed(OutcomeKind::Single)
            } else if loser_bar || (1..=6).any(|i| b[i] < 0) {
                fixed(OutcomeKind::Backgammon)
            } else {
                fixed(OutcomeKind::Gammon)
            }
        }
        Scoring::Table => {
            // The loser's home board is the winner's points 19..24.
            if loser_bar {
                fixed(OutcomeKind::MarsX8)
            } else if (1..=18).any(|i| b[i] < 0) {
                fixed(OutcomeKind::MarsX4)
            } else if loser_off == 0 {
                fixed(OutcomeKind::Mars)
            } else {
                fixed(OutcomeKind::Single)
            }
        }
        Scoring::PerChecker => (OutcomeKind::PerChecker, 15 - loser_off as u32),
    }
}
