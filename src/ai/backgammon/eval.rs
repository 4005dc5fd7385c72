//! 0-ply evaluation: the net (or the bear-off database, or the rules when the game is over) turns
//! a position with a side on roll into outcome probabilities, and a scoring turns those into an
//! equity.

use serde::Serialize;

use super::bearoff;
use super::inputs::{NUM_INPUTS, encode};
use super::net::{Net, Scratch};
use crate::backgammon::Position;

/// Outcome probabilities for the side on roll (cubeless). Gammons include backgammons.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Probabilities {
    pub win: f32,
    pub win_gammon: f32,
    pub win_backgammon: f32,
    pub lose_gammon: f32,
    pub lose_backgammon: f32,
}

impl Probabilities {
    /// From the net's five outputs, made consistent: backgammon ≤ gammon ≤ win (or loss).
    /// `max` then `min` rather than `clamp`: the same for numbers, a NaN becomes 0, and no panic
    /// path (with its float formatting, ~1 KB of the .wasm) is linked.
    pub fn from_outputs(o: &[f32; 5]) -> Probabilities {
        let within = |x: f32, hi: f32| x.max(0.0).min(hi);
        let win = within(o[0], 1.0);
        let win_gammon = within(o[1], win);
        let win_backgammon = within(o[2], win_gammon);
        let lose_gammon = within(o[3], 1.0 - win);
        let lose_backgammon = within(o[4], lose_gammon);
        Probabilities { win, win_gammon, win_backgammon, lose_gammon, lose_backgammon }
    }

    /// The five numbers in the net's output order.
    pub fn to_array(&self) -> [f32; 5] {
        [self.win, self.win_gammon, self.win_backgammon, self.lose_gammon, self.lose_backgammon]
    }

    /// The same game seen from the other side.
    #[inline]
    pub fn invert(&self) -> Probabilities {
        Probabilities {
            win: 1.0 - self.win,
            win_gammon: self.lose_gammon,
            win_backgammon: self.lose_backgammon,
            lose_gammon: self.win_gammon,
            lose_backgammon: self.win_backgammon,
        }
    }

    /// The probability of losing.
    pub fn lose(&self) -> f32 {
        1.0 - self.win
    }

    /// Cubeless equity (points per game for the side on roll) under `scoring`.
    #[inline]
    pub fn equity(&self, scoring: Scoring) -> f32 {
        let (g, bg) = scoring.weights();
        (self.win - self.lose())
            + g * (self.win_gammon - self.lose_gammon)
            + bg * (self.win_backgammon - self.lose_backgammon)
    }

    /// `a * self + b * other`.
    pub(crate) fn mix(&self, a: f32, other: &Probabilities, b: f32) -> Probabilities {
        Probabilities {
            win: a * self.win + b * other.win,
            win_gammon: a * self.win_gammon + b * other.win_gammon,
            win_backgammon: a * self.win_backgammon + b * other.win_backgammon,
            lose_gammon: a * self.lose_gammon + b * other.lose_gammon,
            lose_backgammon: a * self.lose_backgammon + b * other.lose_backgammon,
        }
    }
}

/// How a finished game is scored (RULES.md 1.7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Scoring {
    /// BG-SCORE-STANDARD: 1, gammon 2, backgammon 3.
    #[default]
    Standard,
    /// BG-SCORE-TABLE: 1, mars x2 (no checker off), x4 (a checker outside the loser's home
    /// board), x8 (a checker on the bar). In equities from probabilities the net's "backgammon"
    /// stands in for x4 and x8 is not modelled (finished games are scored exactly).
    Table,
    /// Acey-deucey option: the loser pays 1 point per checker not borne off. Equities from
    /// probabilities use the standard weights (finished games are scored exactly).
    PerChecker,
}

impl Scoring {
    /// Extra weight of a gammon and of a backgammon over a single game in equities.
    #[inline]
    pub fn weights(self) -> (f32, f32) {
        match self {
            Scoring::Standard | Scoring::PerChecker => (1.0, 1.0),
            Scoring::Table => (1.0, 2.0),
        }
    }

    /// Points won by the mover of `after` (a position, seen from the player who moved, in which
    /// he has just borne off his last checker), and the probabilities that describe it.
    pub fn game_won(self, after: &Position) -> (f32, Probabilities) {
        let b = after.board();
        let opp_off = after.off(true);
        let opp_bar = after.bar(true) + after.unentered(true);
        let gammon = opp_off == 0;
        let in_winner_home = (1..=6).any(|i| b[i] < 0);
        let backgammon = gammon && (opp_bar > 0 || in_winner_home);
        let p = Probabilities {
            win: 1.0,
            win_gammon: gammon as u8 as f32,
            win_backgammon: backgammon as u8 as f32,
            lose_gammon: 0.0,
            lose_backgammon: 0.0,
        };
        let points = match self {
            Scoring::Standard => 1.0 + gammon as u8 as f32 + backgammon as u8 as f32,
            Scoring::Table => {
                if !gammon {
                    1.0
                } else if opp_bar > 0 {
                    8.0
                } else if (1..=18).any(|i| b[i] < 0) {
                    4.0
                } else {
                    2.0
                }
            }
            Scoring::PerChecker => (15 - opp_off) as f32,
        };
        (points, p)
    }
}

/// A value: probabilities and the equity under the game's scoring (kept separately because a
/// finished game's exact points are not always a linear function of the probabilities).
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct Value {
    pub probabilities: Probabilities,
    pub equity: f32,
}

impl Value {
    pub fn invert(&self) -> Value {
        Value { probabilities: self.probabilities.invert(), equity: -self.equity }
    }
}

/// A 0-ply evaluator over one net, with its scratch buffers.
pub struct Evaluator<'a> {
    pub net: &'a Net,
    pub scoring: Scoring,
    /// Use the one-sided bear-off database when both sides are home.
    pub use_bearoff: bool,
    x: Box<[f32; NUM_INPUTS]>,
    scratch: Scratch,
    /// Net evaluations done (for benchmarks).
    pub evals: u64,
}

impl<'a> Evaluator<'a> {
    pub fn new(net: &'a Net, scoring: Scoring) -> Evaluator<'a> {
        Evaluator {
            net,
            scoring,
            use_bearoff: true,
            x: Box::new([0.0; NUM_INPUTS]),
            scratch: Scratch::default(),
            evals: 0,
        }
    }

    /// The net's probabilities for `p` (side on roll), ignoring the database and the rules.
    #[inline]
    pub fn net_probabilities(&mut self, p: &Position) -> Probabilities {
        encode(p, &mut self.x);
        self.evals += 1;
        Probabilities::from_outputs(&self.net.forward(&self.x[..], &mut self.scratch))
    }

    /// The input vector of `p` (for training).
    pub fn inputs(&mut self, p: &Position) -> &[f32; NUM_INPUTS] {
        encode(p, &mut self.x);
        &self.x
    }

    /// Probabilities for the side on roll in `p`: the rules if the game is over, the bear-off
    /// database for its winning chance when both sides are home, the net otherwise.
    pub fn probabilities(&mut self, p: &Position) -> Probabilities {
        if p.off(true) == 15 {
            return self.scoring.game_won(&p.flip()).1.invert();
        }
        if p.off(false) == 15 {
            return self.scoring.game_won(p).1;
        }
        if self.use_bearoff && bearoff::applies(p) {
            let w = bearoff::Database::with(|db| db.win_probability(p));
            if p.off(false) > 0 && p.off(true) > 0 {
                return Probabilities { win: w, ..Probabilities::default() };
            }
            let mut q = self.net_probabilities(p);
            q.win = w;
            return Probabilities::from_outputs(&q.to_array());
        }
        self.net_probabilities(p)
    }

    /// The value of `p` for its side on roll.
    #[inline]
    pub fn value(&mut self, p: &Position) -> Value {
        if p.off(true) == 15 {
            let (pts, pr) = self.scoring.game_won(&p.flip());
            return Value { probabilities: pr.invert(), equity: -pts };
        }
        let probabilities = self.probabilities(p);
        Value { probabilities, equity: probabilities.equity(self.scoring) }
    }
}
