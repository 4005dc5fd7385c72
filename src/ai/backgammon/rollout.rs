//! Rollouts: the value of a position estimated by playing it out many times with the net
//! for both sides, cubeless.
//!
//! - A **trial** starts from the position with its side on roll (with the given dice for the
//!   first roll, or rolled ones) and plays with the net at 0 or 1 ply until the game ends
//!   (worth the engine's points, [`finished_value`]) or, when truncated, until `truncate`
//!   rolls have been played; there it takes the net's evaluation at the rollout's ply. What
//!   follows each play is the engine's answer ([`Next`] of the candidates, from
//!   [`crate::backgammon::turn::next_after`]): in acey-deucey a 1-2 is followed by chosen doubles
//!   and another roll, exactly as in a game.
//! - **Dice** come from [`SeededDice`] (the one dice source), one stream per trial group
//!   ([`group_seed`] of the seed and the group number), so a rollout is reproducible from its
//!   seed and any group can be replayed alone (threads split groups without changing a trial).
//! - **Variance reduction**: *mirrored dice* (antithetic pairs): the second trial of a group
//!   sees every die `d` of the first as `7 - d`, equally likely, so the pair's mean is unbiased;
//!   *luck adjustment* (as GNU Backgammon does): each random roll's luck, the 0-ply value of the
//!   best play with that roll minus the mean of it over the 21 rolls, is subtracted from the
//!   trial's result. Each luck term has mean zero given the position it was rolled in, so the
//!   adjusted result has the same expectation (unbiased, whatever the players do) and usually
//!   a much smaller spread. Standard errors come from the spread of the group means.
//! - **Caps**: at most [`MAX_TRIALS`] trials; the total rolls played (trials x plies) stop at
//!   `max_work`; a trial longer than [`MAX_TRIAL_PLIES`] rolls is truncated there; the caller's
//!   `stop` callback (a clock, in the CLI) is asked between groups. A capped rollout reports
//!   the trials it did.
//!
//! - **Cubeful** (money play, [`RolloutConfig::cube`]): the cube is played inside each trial as
//!   the computer plays it. At the start of every turn after the root's (the root's own turn is
//!   the position valued, with no double), the side on roll doubles when the cube model
//!   ([`super::cube::advice`] on the 0-ply probabilities) says so and may (centred cube or his
//!   own), and the opponent takes or passes by the same model: a pass ends the trial at the
//!   cube's value, a take doubles it and gives it to the taker. A finished game counts the
//!   engine's points times the cube, with the Jacoby rule as the referee applies it
//!   ([`crate::backgammon::scoring::counted_multiplier`]); a truncated trial takes the model's
//!   cubeful equity ([`super::cube::money_equity`]) times the cube. Results are per unit of the
//!   root's cube. The luck adjustment subtracts each roll's (cubeless) luck times the cube value
//!   it was rolled at, which is known before the roll, so the estimate stays unbiased.
//! - **Cubeful, match play** (the cube's [`CubeState::score`]): the same cube play by the
//!   model's match-play decisions (no double in the Crawford game nor with a dead cube), each
//!   trial worth the root side's match winning chances once its game ends
//!   ([`super::cube::MatchScore::chances_after`] the points at the cube then, or the cube's value
//!   on a pass); a truncated trial takes the model's chances of the game played out at the cube
//!   then ([`super::cube::match_chances`]). The luck of a roll is that of those chances after
//!   the best play with it, against their mean over the 21 rolls (mean zero again). The result
//!   gives the chances and the same as an equity (gnubg's EMG: per unit of the root's cube,
//!   +1 for the chances of winning that many points, -1 for losing them).
//! - **The cube decision by a rollout** ([`RolloutResult::cube_advice`], whenever the rollout
//!   has a cube at the root): the cube model's advice ([`super::cube::advice_at`], the app's own
//!   decision rule) on the rollout's cubeless probabilities instead of a search's. Played to the
//!   end, the values are closer to GNU Backgammon's than our 2-ply search's, and so are the
//!   decisions (`tabla cube-check --rollout`, docs/bg-ai.md).

use serde::Serialize;

use super::cube::{CubeAdvice, CubeOwner, CubeState, advice, advice_at, match_chances, money_equity};
use super::eval::{Probabilities, Scoring, Value, finished_value};
use super::net::Net;
use super::search::{Candidate, GameRules, Next, Searcher, Segment, candidates};
use crate::backgammon::Position;
use crate::backgammon::scoring::counted_multiplier;
use crate::dice::{ALL_21, DiceError, DiceSource, Die, Roll, SeededDice, SplitMix64, roll_probability};

/// The most trials one rollout may ask for.
pub const MAX_TRIALS: u32 = 1_000_000;
/// The longest truncation (in rolls) one may ask for; longer is the same as none.
pub const MAX_TRUNCATE: u32 = 1_000;
/// A trial that has played this many rolls is truncated there, whatever the settings (games
/// end long before; this only makes an endless trial impossible).
pub const MAX_TRIAL_PLIES: u32 = 2_000;
/// The default work cap: total rolls played over all trials.
pub const DEFAULT_MAX_WORK: u64 = 50_000_000;

/// How a rollout is run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RolloutConfig {
    /// Trials asked for (1..=[`MAX_TRIALS`]); with mirrored dice rounded up to an even number.
    pub trials: u32,
    /// The depth the net plays and truncates at: 0 or 1.
    pub ply: u8,
    /// Stop each trial after this many rolls and take the net's evaluation (`None`: play to the
    /// end).
    pub truncate: Option<u32>,
    pub seed: u64,
    /// Mirrored (antithetic) dice in pairs of trials.
    pub mirror: bool,
    /// Luck adjustment by the 0-ply net.
    pub luck: bool,
    /// Stop starting trials once this many rolls have been played in all.
    pub max_work: u64,
    /// Cubeful (money play): the cube at the root, as the side on roll there sees it; `None`:
    /// cubeless only.
    pub cube: Option<CubeState>,
}

impl Default for RolloutConfig {
    fn default() -> RolloutConfig {
        RolloutConfig {
            trials: 1296,
            ply: 0,
            truncate: None,
            seed: 1,
            mirror: true,
            luck: true,
            max_work: DEFAULT_MAX_WORK,
            cube: None,
        }
    }
}

/// What can be wrong with a rollout request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RolloutError {
    Trials(u32),
    Ply(u8),
    Truncate(u32),
    Dice(DiceError),
    /// A match score already at the match length, or a cube
    /// value that is not a power of two.
    Cube(&'static str),
}

impl std::fmt::Display for RolloutError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RolloutError::Trials(n) => write!(f, "trials must be 1 to {MAX_TRIALS}, not {n}"),
            RolloutError::Ply(p) => write!(f, "a rollout plays at ply 0 or 1, not {p}"),
            RolloutError::Truncate(t) => write!(f, "truncation must be 1 to {MAX_TRUNCATE} rolls, not {t}"),
            RolloutError::Dice(e) => write!(f, "{e}"),
            RolloutError::Cube(why) => write!(f, "{why}"),
        }
    }
}

impl std::error::Error for RolloutError {}

impl RolloutConfig {
    /// Checks every field's range.
    pub fn validate(&self) -> Result<(), RolloutError> {
        if !(1..=MAX_TRIALS).contains(&self.trials) {
            return Err(RolloutError::Trials(self.trials));
        }
        if self.ply > 1 {
            return Err(RolloutError::Ply(self.ply));
        }
        if let Some(t) = self.truncate
            && !(1..=MAX_TRUNCATE).contains(&t)
        {
            return Err(RolloutError::Truncate(t));
        }
        if let Some(c) = self.cube {
            if let Some(m) = c.score
                && (m.mover >= m.length || m.opponent >= m.length)
            {
                return Err(RolloutError::Cube("a match score must be below the match length"));
            }
            if !c.value.is_power_of_two() {
                return Err(RolloutError::Cube("the cube's value must be a power of two"));
            }
        }
        Ok(())
    }

    /// Trials per group: 2 with mirrored dice, else 1.
    pub fn group_size(&self) -> u32 {
        if self.mirror { 2 } else { 1 }
    }

    /// Groups needed for the trials asked for.
    pub fn groups(&self) -> u32 {
        self.trials.div_ceil(self.group_size())
    }
}

/// The six numbers a rollout averages: the five probabilities and the equity, from the side on
/// roll at the root.
type Six = [f64; 6];

fn six(v: &Value) -> Six {
    let p = v.probabilities;
    [
        p.win as f64,
        p.win_gammon as f64,
        p.win_backgammon as f64,
        p.lose_gammon as f64,
        p.lose_backgammon as f64,
        v.equity as f64,
    ]
}

/// The result of one group of trials (one trial, or a mirrored pair): its mean, with and
/// without the luck adjustment.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Group {
    /// Mean of the luck-adjusted results (equal to `raw` when luck adjustment is off).
    pub adjusted: Six,
    /// Mean of the plain results.
    pub raw: Six,
    /// Rolls played in the group.
    pub plies: u64,
    pub trials: u32,
    /// Cubeful rollouts: the mean cubeful equity (per unit of the root's cube; match play: the
    /// root side's match winning chances), luck-adjusted and plain.
    pub cubeful: f64,
    pub cubeful_raw: f64,
}

/// Means and standard errors.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Estimate {
    pub probabilities: Probabilities,
    pub equity: f32,
    /// Standard errors of the five probabilities (net output order) and of the equity.
    pub se: [f32; 6],
}

/// A rollout's result.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RolloutResult {
    /// The estimate used: luck-adjusted if asked for.
    pub estimate: Estimate,
    /// The same trials without the luck adjustment (mirrored dice still paired).
    pub raw: Estimate,
    pub trials: u32,
    /// Rolls played in all.
    pub plies: u64,
    /// The rollout stopped before all trials asked for (work cap or `stop`).
    pub capped: bool,
    /// A cubeful rollout's equity for the side on roll, per unit of the root's cube; `None` for
    /// a cubeless one.
    pub cubeful: Option<CubefulEstimate>,
    /// With a cube at the root: the cube decision for the side on roll (double or not, and the
    /// opponent's take or pass) by the cube model on [`Self::estimate`]'s cubeless
    /// probabilities ([`Rollout::finish`]); `None` for a cubeless rollout.
    pub cube_advice: Option<CubeAdvice>,
}

/// A cubeful rollout's equity: the estimate used (luck-adjusted if asked for) and the same
/// trials without the adjustment, each with its standard error.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CubefulEstimate {
    pub equity: f32,
    pub se: f32,
    pub raw_equity: f32,
    pub raw_se: f32,
    /// Match play: the root side's match winning chances and their standard error (the
    /// estimate used); `equity` is the same as an equity, gnubg's EMG. `None` in money play.
    pub mwc: Option<f32>,
    pub mwc_se: Option<f32>,
}

/// The mean and standard error of the group means `xs`.
fn mean_se(xs: impl Iterator<Item = f64>) -> (f32, f32) {
    let (mut n, mut sum, mut sq) = (0f64, 0f64, 0f64);
    for x in xs {
        n += 1.0;
        sum += x;
        sq += x * x;
    }
    if n == 0.0 {
        return (0.0, 0.0);
    }
    let mean = sum / n;
    let var = if n > 1.0 { ((sq - n * mean * mean) / (n - 1.0)).max(0.0) } else { 0.0 };
    (mean as f32, (var / n).sqrt() as f32)
}

/// Merges groups (in order) into means and standard errors (from the spread of the group
/// means; 0 for a single group).
pub fn summarize(groups: &[Group], luck: bool) -> (Estimate, Estimate) {
    let est = |pick: &dyn Fn(&Group) -> Six| {
        let n = groups.len() as f64;
        let mut sum = [0f64; 6];
        let mut sq = [0f64; 6];
        for g in groups {
            let x = pick(g);
            for k in 0..6 {
                sum[k] += x[k];
                sq[k] += x[k] * x[k];
            }
        }
        let mut e = Estimate::default();
        let mut mean = [0f64; 6];
        for k in 0..6 {
            mean[k] = if n > 0.0 { sum[k] / n } else { 0.0 };
            let var = if n > 1.0 { ((sq[k] - n * mean[k] * mean[k]) / (n - 1.0)).max(0.0) } else { 0.0 };
            e.se[k] = if n > 0.0 { (var / n).sqrt() as f32 } else { 0.0 };
        }
        e.probabilities = Probabilities {
            win: mean[0] as f32,
            win_gammon: mean[1] as f32,
            win_backgammon: mean[2] as f32,
            lose_gammon: mean[3] as f32,
            lose_backgammon: mean[4] as f32,
        };
        e.equity = mean[5] as f32;
        e
    };
    let raw = est(&|g| g.raw);
    let adjusted = if luck { est(&|g| g.adjusted) } else { raw };
    (adjusted, raw)
}

/// Dice that show `7 - d` for every die `d` of the source: as fair as the source, and the
/// antithetic partner of it.
pub struct MirroredDice<D: DiceSource>(pub D);

impl<D: DiceSource> DiceSource for MirroredDice<D> {
    fn die(&mut self) -> Result<Die, DiceError> {
        Die::new(7 - self.0.die()?.value())
    }
}

/// The seed of a rollout's group `i`.
pub fn group_seed(seed: u64, i: u64) -> u64 {
    SplitMix64::mix(seed ^ i.wrapping_mul(SplitMix64::GAMMA))
}

/// A rollout of one position: the net, the rules, the position (side on roll), the first
/// roll's dice if set.
pub struct Rollout<'a> {
    s: Searcher<'a>,
    pos: Position,
    dice: Option<(u8, u8)>,
    cfg: RolloutConfig,
}

/// One trial's outcome from the root's side.
struct Trial {
    value: Value,
    luck: Six,
    plies: u64,
    /// Cubeful: the trial's points per unit of the root's cube (match play: the root side's
    /// match winning chances), and its luck in the same unit.
    cubeful: f64,
    cube_luck: f64,
}

/// The cube inside a cubeful trial: its value and who owns it, `Some(true)` the root's side.
#[derive(Clone, Copy)]
struct TrialCube {
    state: CubeState,
    root_value: f64,
    owner: Option<bool>,
}

impl TrialCube {
    /// The cube as the side on roll sees it (`root`: the root's side is on roll).
    fn seen_by(&self, root: bool) -> CubeState {
        let owner = match self.owner {
            None => CubeOwner::Centered,
            Some(o) if o == root => CubeOwner::Mover,
            Some(_) => CubeOwner::Opponent,
        };
        let score = self.state.score.map(|s| if root { s } else { s.swapped() });
        CubeState { owner, score, ..self.state }
    }

    /// The trial's cubeful result when its game ends with the side on roll winning (`points` >
    /// 0) or losing `|points|` times the cube: per unit of the root's cube, or (match play) the
    /// root side's match winning chances.
    fn settle(&self, points: f64, root: bool) -> f64 {
        match self.seen_by(root).score {
            None => self.for_root(points, root),
            Some(s) => {
                let m = s.chances_after((points * self.state.value as f64).round() as i32) as f64;
                if root { m } else { 1.0 - m }
            }
        }
    }

    /// The cubeful value, in the unit of [`TrialCube::settle`], of the side on roll's cubeless
    /// probabilities `p` (the cube model's).
    fn value_of(&self, p: &Probabilities, scoring: Scoring, root: bool) -> f64 {
        let seen = self.seen_by(root);
        match seen.score {
            None => self.for_root(money_equity(p, scoring, &seen) as f64, root),
            Some(s) => {
                let m = match_chances(p, scoring, &s, self.state.value) as f64;
                if root { m } else { 1.0 - m }
            }
        }
    }

    /// `points` won by the side on roll (negative: lost), at the cube's value now, per unit of
    /// the root's cube and from the root's side.
    fn for_root(&self, points: f64, root: bool) -> f64 {
        let v = points * self.state.value as f64 / self.root_value;
        if root { v } else { -v }
    }
}

impl<'a> Rollout<'a> {
    /// A rollout, after checking the settings and the dice.
    pub fn new(
        net: &'a Net,
        rules: GameRules,
        pos: Position,
        dice: Option<(u8, u8)>,
        cfg: RolloutConfig,
    ) -> Result<Rollout<'a>, RolloutError> {
        cfg.validate()?;
        if let Some((a, b)) = dice {
            Roll::new(a, b).map_err(RolloutError::Dice)?;
        }
        Ok(Rollout { s: Searcher::new(net, rules), pos, dice, cfg })
    }

    /// The play the net makes with `d1`-`d2` at the rollout's ply, and (at ply 0, where they
    /// are at hand) nothing else.
    fn choose(&mut self, pos: &Position, d1: u8, d2: u8, segment: Segment) -> Candidate {
        if self.cfg.ply == 0 {
            let cands = candidates(pos, d1, d2, segment, &self.s.rules);
            let values = self.s.values_0ply(&cands);
            cands[argmax(&values)]
        } else {
            self.s.rank(pos, d1, d2, segment, 1)[0].candidate
        }
    }

    /// The luck of rolling `roll` in `pos` (side on roll's view), by the 0-ply net: the value
    /// of the best 0-ply play with it minus the mean of that over the 21 rolls.
    /// `extra`: a value of the best play's probabilities (the mover's, after the play) whose
    /// luck is wanted too, returned beside the six.
    fn luck(&mut self, pos: &Position, roll: (u8, u8), extra: Option<&dyn Fn(&Probabilities) -> f64>) -> (Six, f64) {
        let mut mean = [0f64; 7];
        let mut this = [0f64; 7];
        let key = (roll.0.max(roll.1), roll.0.min(roll.1));
        for &(r, w) in &ALL_21 {
            let (a, b) = r.values();
            let cands = candidates(pos, a, b, Segment::Roll, &self.s.rules);
            let values = self.s.values_0ply(&cands);
            let best = &values[argmax(&values)];
            let v6 = six(best);
            let v: [f64; 7] = std::array::from_fn(|k| match k {
                6 => extra.map_or(0.0, |f| f(&best.probabilities)),
                _ => v6[k],
            });
            let w = roll_probability(w) as f64;
            for k in 0..7 {
                mean[k] += w * v[k];
            }
            if (a, b) == key {
                this = v;
            }
        }
        (std::array::from_fn(|k| this[k] - mean[k]), this[6] - mean[6])
    }

    fn trial(&mut self, dice: &mut dyn DiceSource) -> Trial {
        let scoring = self.s.rules.scoring();
        let mut pos = self.pos;
        let mut root = true;
        let mut luck = [0f64; 6];
        let limit = self.cfg.truncate.unwrap_or(MAX_TRIAL_PLIES).min(MAX_TRIAL_PLIES);
        let mut plies = 0u32;
        let from_root = |v: Value, root: bool| if root { v } else { v.invert() };
        let mut cube = self.cfg.cube.map(|c| TrialCube {
            state: c,
            root_value: c.value as f64,
            owner: match c.owner {
                CubeOwner::Centered => None,
                CubeOwner::Mover => Some(true),
                CubeOwner::Opponent => Some(false),
            },
        });
        let jacoby = self.cfg.cube.is_some_and(|c| c.jacoby);
        // A finished game's points at the cube now, with the Jacoby rule (`eq`: the cubeless
        // points of the side on roll, negative when he lost).
        let finished = |cube: &Option<TrialCube>, eq: f32, root: bool| {
            cube.map_or(0.0, |c| {
                let mult = counted_multiplier(eq.abs().round() as u32, scoring, jacoby, c.state.value);
                c.settle(eq.signum() as f64 * mult as f64, root)
            })
        };
        // A trial stopped here: the cube model's cubeful value for the side on roll.
        let truncated = |cube: &Option<TrialCube>, v: &Value, root: bool| {
            cube.map_or(0.0, |c| c.value_of(&v.probabilities, scoring, root))
        };
        let mut cube_luck = 0f64;
        let mut passed: Option<f64> = None;
        let mut new_turn = false;
        loop {
            if pos.game_over() {
                let v = self.s.ev.value(&pos);
                let cubeful = passed.unwrap_or_else(|| finished(&cube, v.equity, root));
                return Trial { value: from_root(v, root), luck, plies: plies as u64, cubeful, cube_luck };
            }
            if plies >= limit {
                let v = self.s.on_roll(&pos, self.cfg.ply);
                let cubeful = passed.unwrap_or_else(|| truncated(&cube, &v, root));
                return Trial { value: from_root(v, root), luck, plies: plies as u64, cubeful, cube_luck };
            }
            // The cube, at the start of each turn after the root's.
            // A pass settles the cubeful result; the trial plays on for the cubeless one, which so
            // stays that of the cubeless rollout with the same seed.
            if new_turn && let Some(c) = cube {
                let a = advice(&self.s.ev.value(&pos).probabilities, scoring, &c.seen_by(root));
                if a.double && !a.take {
                    passed = Some(c.settle(1.0, root));
                    cube = None;
                } else if a.double {
                    cube = Some(TrialCube {
                        state: CubeState { value: c.state.value * 2, ..c.state },
                        owner: Some(!root),
                        ..c
                    });
                }
            }
            new_turn = false;
            let (d1, d2) = match (plies, self.dice) {
                (0, Some(d)) => d,
                _ => {
                    // Seeded dice never run out; a source that does ends the trial as a
                    // truncation would.
                    let Ok(r) = dice.roll() else {
                        let v = self.s.on_roll(&pos, self.cfg.ply);
                        let cubeful = passed.unwrap_or_else(|| truncated(&cube, &v, root));
                        return Trial { value: from_root(v, root), luck, plies: plies as u64, cubeful, cube_luck };
                    };
                    let d = r.values();
                    if self.cfg.luck {
                        let sign = if root { 1.0 } else { -1.0 };
                        // match play: the luck in the mover's match chances at the cube now
                        let mwc = cube.and_then(|c| {
                            let s = c.seen_by(root).score?;
                            let v = c.state.value;
                            Some(move |p: &Probabilities| match_chances(p, scoring, &s, v) as f64)
                        });
                        let (l, l_mwc) = self.luck(&pos, d, mwc.as_ref().map(|f| f as &dyn Fn(&Probabilities) -> f64));
                        for k in 0..6 {
                            luck[k] += sign * l[k];
                        }
                        if let Some(c) = &cube {
                            cube_luck += match c.state.score {
                                None => sign * l[5] * c.state.value as f64 / c.root_value,
                                Some(_) => sign * l_mwc,
                            };
                        }
                    }
                    d
                }
            };
            plies += 1;
            let mut c = self.choose(&pos, d1, d2, Segment::Roll);
            loop {
                let r = c.play.result;
                match c.next {
                    Next::GameOver => {
                        let v = finished_value(&r, scoring);
                        let cubeful = passed.unwrap_or_else(|| finished(&cube, v.equity, root));
                        return Trial { value: from_root(v, root), luck, plies: plies as u64, cubeful, cube_luck };
                    }
                    Next::Opponent => {
                        pos = r.flip();
                        root = !root;
                        new_turn = true;
                        break;
                    }
                    Next::SameSide => {
                        pos = r;
                        break;
                    }
                    Next::ChooseDoubles => {
                        let n = self.s.best_doubles(&r, self.cfg.ply).0;
                        c = self.choose(&r, n, n, Segment::ChosenDoubles);
                    }
                }
            }
        }
    }

    /// Group `i` of the rollout: its trials, always the same for the same seed and `i`.
    pub fn group(&mut self, i: u64) -> Group {
        let seed = group_seed(self.cfg.seed, i);
        let n = self.cfg.group_size();
        let mut g = Group { trials: n, ..Group::default() };
        for t in 0..n {
            let tr = if t == 0 {
                self.trial(&mut SeededDice::new(seed))
            } else {
                self.trial(&mut MirroredDice(SeededDice::new(seed)))
            };
            let v = six(&tr.value);
            for (k, x) in v.iter().enumerate() {
                g.raw[k] += x / n as f64;
                g.adjusted[k] += (x - tr.luck[k]) / n as f64;
            }
            g.cubeful_raw += tr.cubeful / n as f64;
            g.cubeful += (tr.cubeful - tr.cube_luck) / n as f64;
            g.plies += tr.plies;
        }
        g
    }

    /// Runs groups `first, first + step, ...` (all of them: `first` 0, `step` 1) until all are
    /// done, `max_work` rolls have been played, or `stop()` says so (asked between groups).
    pub fn run_groups(&mut self, first: u64, step: u64, max_work: u64, stop: &mut dyn FnMut() -> bool) -> Vec<Group> {
        let mut out = Vec::new();
        let mut work = 0u64;
        let mut i = first;
        while i < self.cfg.groups() as u64 && work < max_work && !stop() {
            let g = self.group(i);
            work += g.plies;
            out.push(g);
            i += step.max(1);
        }
        out
    }

    /// The whole rollout on this thread.
    pub fn run(&mut self, stop: &mut dyn FnMut() -> bool) -> RolloutResult {
        let groups = self.run_groups(0, 1, self.cfg.max_work, stop);
        self.finish(&groups)
    }

    /// The result of this rollout from its groups (in group order, from any threads): the
    /// estimates ([`result`]) and, with a cube at the root, the cube decision on them.
    pub fn finish(&self, groups: &[Group]) -> RolloutResult {
        let mut r = result(groups, &self.cfg);
        r.cube_advice =
            self.cfg.cube.map(|c| advice_at(&self.pos, &r.estimate.probabilities, self.s.rules.scoring(), &c));
        r
    }
}

/// The result of a rollout from its groups (in group order).
pub fn result(groups: &[Group], cfg: &RolloutConfig) -> RolloutResult {
    let (estimate, raw) = summarize(groups, cfg.luck);
    let trials = groups.iter().map(|g| g.trials).sum::<u32>();
    RolloutResult {
        estimate,
        raw,
        trials,
        plies: groups.iter().map(|g| g.plies).sum(),
        capped: (groups.len() as u32) < cfg.groups(),
        cube_advice: None,
        cubeful: cfg.cube.map(|c| {
            let (raw, raw_se) = mean_se(groups.iter().map(|g| g.cubeful_raw));
            let (used, se) = if cfg.luck { mean_se(groups.iter().map(|g| g.cubeful)) } else { (raw, raw_se) };
            match c.score {
                None => CubefulEstimate { equity: used, se, raw_equity: raw, raw_se, mwc: None, mwc_se: None },
                Some(s) => {
                    // EMG: the chances mapped linearly, -1 at losing the root's cube, +1 at winning it
                    let win = s.chances_after(c.value as i32);
                    let lose = s.chances_after(-(c.value as i32));
                    let emg = |m: f32| (2.0 * m - (win + lose)) / (win - lose);
                    let scale = 2.0 / (win - lose);
                    CubefulEstimate {
                        equity: emg(used),
                        se: se * scale,
                        raw_equity: emg(raw),
                        raw_se: raw_se * scale,
                        mwc: Some(used),
                        mwc_se: Some(se),
                    }
                }
            }
        }),
    }
}

fn argmax(values: &[Value]) -> usize {
    let mut best = 0;
    for (i, v) in values.iter().enumerate() {
        if v.equity > values[best].equity {
            best = i;
        }
    }
    best
}

/// A rollout with the committed net of the rules' variant, on this thread.
pub fn rollout(
    pos: &Position,
    dice: Option<(u8, u8)>,
    rules: &GameRules,
    cfg: &RolloutConfig,
    stop: &mut dyn FnMut() -> bool,
) -> Result<RolloutResult, RolloutError> {
    Ok(Rollout::new(super::net(rules.variant()), *rules, *pos, dice, *cfg)?.run(stop))
}
