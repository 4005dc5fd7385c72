//! 0-ply evaluation: the net (or the bear-off database, or the rules when the game is over) turns
//! a position with a side on roll into outcome probabilities, and a scoring turns those into an
//! equity.

use serde::Serialize;

use super::bearoff;
use super::inputs::{NUM_INPUTS, encode_for};
use super::net::{Net, Scratch};
use crate::backgammon::scoring::score;
use crate::backgammon::{OutcomeKind, Position};

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

    /// How [`Probabilities::equity`] under `scoring` changes with each of the five numbers, in
    /// the net's output order (the equity is linear in them: `win - lose` is `2 win - 1`).
    pub fn equity_slopes(scoring: Scoring) -> [f32; 5] {
        let (g, bg) = weights(scoring);
        [2.0, g, bg, -g, -bg]
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
        let (g, bg) = weights(scoring);
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

/// How a finished game is scored: the rules engine's own type (docs/rules.md 1.7).
pub use crate::backgammon::Scoring;

/// The outcome kinds the net's three classes of a win stand for under `scoring`: a single win,
/// a "gammon" (the loser bore off none) and a "backgammon" (besides, a checker on the bar or in
/// the winner's home board). The net is trained under standard scoring; table scoring reads its
/// gammon as mars x2 and its backgammon as mars x4 (x8 is not modelled in probabilities); per
/// checker scoring uses the standard kinds (a finished game is always scored exactly, with
/// [`score`]).
pub const fn class_kinds(scoring: Scoring) -> [OutcomeKind; 3] {
    match scoring {
        Scoring::Standard | Scoring::PerChecker => [OutcomeKind::Single, OutcomeKind::Gammon, OutcomeKind::Backgammon],
        Scoring::Table => [OutcomeKind::Single, OutcomeKind::Mars, OutcomeKind::MarsX4],
    }
}

/// The engine's multiplier of a kind with a fixed one ([`OutcomeKind::multiplier`]).
const fn points_of(kind: OutcomeKind) -> f32 {
    match kind.multiplier() {
        Some(m) => m as f32,
        None => 0.0, // not reached: `class_kinds` names only kinds with a fixed multiplier
    }
}

/// The extra weight of a gammon over a single win and of a backgammon over a gammon, from the
/// engine's multipliers of [`class_kinds`]: standard (2 - 1, 3 - 2) = (1, 1), table
/// (2 - 1, 4 - 2) = (1, 2).
const fn class_weights(scoring: Scoring) -> (f32, f32) {
    let [single, gammon, backgammon] = class_kinds(scoring);
    let (s, g, b) = (points_of(single), points_of(gammon), points_of(backgammon));
    (g - s, b - g)
}

const STANDARD_WEIGHTS: (f32, f32) = class_weights(Scoring::Standard);
const TABLE_WEIGHTS: (f32, f32) = class_weights(Scoring::Table);

/// Extra weight of a gammon and of a backgammon in equities from probabilities under `scoring`
/// (cumulative probabilities: the equity is `(win - lose) + g (gammons) + bg (backgammons)`),
/// derived from the engine's multipliers: see [`class_kinds`].
#[inline]
pub fn weights(scoring: Scoring) -> (f32, f32) {
    match scoring {
        Scoring::Standard | Scoring::PerChecker => STANDARD_WEIGHTS,
        Scoring::Table => TABLE_WEIGHTS,
    }
}

/// The value of a finished game for its winner: the engine's points ([`score`], cubeless, no
/// Jacoby rule) as the equity, and the net's classes it falls in ([`class_kinds`]) as the
/// probabilities. `after` is the position right after the winner bore off his last checker,
/// seen from him.
pub fn finished_value(after: &Position, scoring: Scoring) -> Value {
    let (kind, points) = score(after, scoring);
    let class = match scoring {
        Scoring::PerChecker => score(after, Scoring::Standard).0,
        _ => kind,
    };
    let [_, gammon, backgammon] = class_kinds(scoring);
    let win_backgammon = class == backgammon || class == OutcomeKind::MarsX8;
    let win_gammon = win_backgammon || class == gammon;
    let probabilities = Probabilities {
        win: 1.0,
        win_gammon: win_gammon as u8 as f32,
        win_backgammon: win_backgammon as u8 as f32,
        lose_gammon: 0.0,
        lose_backgammon: 0.0,
    };
    Value { probabilities, equity: points as f32 }
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
        encode_for(p, &mut self.x, self.net.inputs());
        self.evals += 1;
        Probabilities::from_outputs(&self.net.forward(&self.x[..], &mut self.scratch))
    }

    /// The input vector of `p` (for training).
    pub fn inputs(&mut self, p: &Position) -> &[f32; NUM_INPUTS] {
        encode_for(p, &mut self.x, self.net.inputs());
        &self.x
    }

    /// Probabilities for the side on roll in `p`: the rules if the game is over, the bear-off
    /// database for its winning chance when both sides are home, the net otherwise.
    pub fn probabilities(&mut self, p: &Position) -> Probabilities {
        if p.off(true) == 15 {
            return finished_value(&p.flip(), self.scoring).probabilities.invert();
        }
        if p.off(false) == 15 {
            return finished_value(p, self.scoring).probabilities;
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
            return finished_value(&p.flip(), self.scoring).invert();
        }
        let probabilities = self.probabilities(p);
        Value { probabilities, equity: probabilities.equity(self.scoring) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The equity of a certain win of each of the net's classes is the engine's multiplier of
    /// the kind it stands for: 1/2/3 (standard, per checker), 1/2/4 (table: mars x2 and x4).
    #[test]
    fn equity_weights_are_the_engine_multipliers() {
        let win = |g: f32, b: f32| Probabilities { win: 1.0, win_gammon: g, win_backgammon: b, ..Default::default() };
        for (s, want) in [
            (Scoring::Standard, [1.0, 2.0, 3.0]),
            (Scoring::Table, [1.0, 2.0, 4.0]),
            (Scoring::PerChecker, [1.0, 2.0, 3.0]),
        ] {
            let kinds = class_kinds(s);
            for (k, p) in [win(0.0, 0.0), win(1.0, 0.0), win(1.0, 1.0)].iter().enumerate() {
                assert_eq!(p.equity(s), want[k], "{s:?} class {k}");
                assert_eq!(Some(want[k] as u32), kinds[k].multiplier(), "{s:?} class {k}");
                assert_eq!(p.invert().equity(s), -want[k]);
            }
        }
    }

    /// The slopes that fits use agree with the equity itself: one more hundredth of each number
    /// moves the equity by a hundredth of its slope, under every scoring.
    #[test]
    fn equity_slopes_are_the_equity_s_own() {
        let base = [0.6, 0.2, 0.05, 0.1, 0.02];
        for s in [Scoring::Standard, Scoring::Table, Scoring::PerChecker] {
            let slopes = Probabilities::equity_slopes(s);
            let at = |o: [f32; 5]| Probabilities::from_outputs(&o).equity(s);
            for k in 0..5 {
                let mut up = base;
                up[k] += 0.01;
                let d = (at(up) - at(base)) / 0.01;
                assert!((d - slopes[k]).abs() < 1e-3, "{s:?} output {k}: {d} against {}", slopes[k]);
            }
        }
    }
}
