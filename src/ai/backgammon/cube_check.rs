//! Agreement of [`super::cube_action`] with a fixture of reference cube decisions
//! (`tests/data/backgammon/gnubg-cube.tsv`, written by `scripts/gnubg/cube_fixture.py`): money
//! positions with a cube state and the reference's doubler action (double, no double, too good)
//! and taker action (take, pass). Measurement only: nothing here feeds the engine's decisions.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use super::cube::{CubeAdvice, CubeOwner, CubeState};
use super::net::Net;
use super::rollout::{Rollout, RolloutConfig};
use super::search::{GameRules, Variant};
use crate::backgammon::Position;

/// One position of the fixture.
#[derive(Clone, Debug)]
pub struct CubeCase {
    pub position: String,
    /// `centred`, `jacoby` or `owned` (the cube at 2 owned by the side on roll).
    pub cube: String,
    /// The reference's position class (contact, crashed, race, bearoff).
    pub class: String,
    /// The reference's cubeless winning chance of the side on roll.
    pub win: f32,
    pub doubler: String,
    pub taker: String,
}

impl CubeCase {
    /// The cube state of this case (money play).
    pub fn cube_state(&self) -> Result<CubeState, String> {
        let (value, owner, jacoby) = match self.cube.as_str() {
            "centred" => (1, CubeOwner::Centered, false),
            "jacoby" => (1, CubeOwner::Centered, true),
            "owned" => (2, CubeOwner::Mover, false),
            c => return Err(format!("unknown cube state {c}")),
        };
        Ok(CubeState { value, owner, jacoby, score: None })
    }
}

/// Reads the fixture's lines (`#` starts a comment).
pub fn parse(text: &str) -> Result<Vec<CubeCase>, String> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let f: Vec<&str> = line.split('\t').collect();
        if f.len() < 7 {
            return Err(format!("line {}: {} fields, not 10", i + 1, f.len()));
        }
        let win = f[3].parse::<f32>().map_err(|e| format!("line {}: win {}: {e}", i + 1, f[3]))?;
        out.push(CubeCase {
            position: f[0].to_string(),
            cube: f[1].to_string(),
            class: f[2].to_string(),
            win,
            doubler: f[5].to_string(),
            taker: f[6].to_string(),
        });
    }
    Ok(out)
}

/// The doubler's action in the fixture's words.
pub fn doubler_action(a: &CubeAdvice) -> &'static str {
    if a.too_good {
        "too-good"
    } else if a.double {
        "double"
    } else {
        "no-double"
    }
}

/// Agreement counts of one group of cases.
#[derive(Clone, Copy, Debug, Default)]
pub struct Tally {
    pub cases: u32,
    /// Same doubler action.
    pub doubler: u32,
    /// Same taker action.
    pub taker: u32,
    /// Both the same.
    pub both: u32,
}

/// The result: tallies by group name (`all`, `cube <state>`, `class <class>`,
/// `reference <doubler>/<taker>`, `win within|beyond 0.05 of the reference's`), and the
/// disagreeing cases with our winning chance.
pub struct Agreement {
    pub groups: BTreeMap<String, Tally>,
    pub misses: Vec<(CubeCase, CubeAdvice, f32)>,
}

impl Agreement {
    pub fn all(&self) -> Tally {
        self.groups.get("all").copied().unwrap_or_default()
    }

    /// A table, one line per group: cases, doubler, taker and both agreements in percent.
    pub fn table(&self) -> String {
        let mut s = String::from("group                                  cases  doubler   taker    both\n");
        let pct = |n: u32, d: u32| 100.0 * n as f64 / d.max(1) as f64;
        for (name, t) in &self.groups {
            let _ = writeln!(
                s,
                "{name:<38} {:>5}  {:>6.1}%  {:>5.1}%  {:>5.1}%",
                t.cases,
                pct(t.doubler, t.cases),
                pct(t.taker, t.cases),
                pct(t.both, t.cases)
            );
        }
        s
    }
}

/// Cases whose winning chance (ours against the reference's) differ by more than this are
/// counted apart: there the decisions differ by the evaluations, not by the cube model.
pub const NEAR: f32 = 0.05;

/// Compares `cube_action` at `ply` (backgammon, money play) with every case, with `net` in
/// place of the built-in net (with that net, the app's own call: tested).
pub fn compare(cases: &[CubeCase], net: &Net, ply: u8) -> Result<Agreement, String> {
    let rules = GameRules::new(Variant::Backgammon);
    compare_by(cases, 1, &|pos, cube| {
        let e = super::evaluate_with(net, pos, &rules, ply);
        Ok((e.probabilities.win, super::cube_advice(pos, &e, &rules, cube)))
    })
}

/// Compares the cube decisions of rollouts by `net` ([`super::rollout::RolloutResult::cube_advice`]: the cube
/// model on a rollout's cubeless probabilities; `cfg` for every case, with the case's cube at
/// the root) with every case, on `threads` threads: how far better values alone (a rollout
/// rather than a search) take the agreement.
pub fn compare_rollout(
    cases: &[CubeCase],
    net: &Net,
    cfg: &RolloutConfig,
    threads: usize,
) -> Result<Agreement, String> {
    let rules = GameRules::new(Variant::Backgammon);
    compare_by(cases, threads, &|pos, cube| by_rollout(net, &rules, pos, cube, cfg))
}

/// The decision of a rollout of `pos` by `net` (`cfg` with `cube` at the root): the rollout's own.
fn by_rollout(net: &Net, rules: &GameRules, pos: &Position, cube: &CubeState, cfg: &RolloutConfig) -> Decision {
    let cfg = RolloutConfig { cube: Some(*cube), ..*cfg };
    let r = Rollout::new(net, *rules, *pos, None, cfg).map_err(|e| e.to_string())?.run(&mut || false);
    let advice = r.cube_advice.ok_or("a rollout with a cube gave no cube decision")?;
    Ok((r.estimate.probabilities.win, advice))
}

/// The search's decision at `ply`, except where it is close: where the doubler's choice or the
/// taker's is within `margin` (in units of the cube) of going the other way, the decision of a
/// rollout as in [`compare_rollout`]. Also returns how many cases were rolled out.
pub fn compare_close_by_rollout(
    cases: &[CubeCase],
    net: &Net,
    ply: u8,
    cfg: &RolloutConfig,
    margin: f32,
    threads: usize,
) -> Result<(Agreement, u32), String> {
    let rules = GameRules::new(Variant::Backgammon);
    let rolled = std::sync::atomic::AtomicU32::new(0);
    let a = compare_by(cases, threads, &|pos, cube| {
        let e = super::evaluate_with(net, pos, &rules, ply);
        let a = super::cube_advice(pos, &e, &rules, cube);
        let doubled = a.double_take.min(a.double_pass);
        let close = (doubled - a.no_double).abs() < margin * cube.value as f32
            || (a.double_take - a.double_pass).abs() < margin * cube.value as f32;
        if !close {
            return Ok((e.probabilities.win, a));
        }
        rolled.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        by_rollout(net, &rules, pos, cube, cfg)
    })?;
    Ok((a, rolled.into_inner()))
}

/// Our winning chance and cube decision of one case's position and cube.
type Decision = Result<(f32, CubeAdvice), String>;

/// Compares the decisions `decide` makes (computed on `threads` threads, case `i` on thread
/// `i mod threads`: each case's the same whatever the threads) with every case.
fn compare_by(
    cases: &[CubeCase],
    threads: usize,
    decide: &(dyn Fn(&Position, &CubeState) -> Decision + Sync),
) -> Result<Agreement, String> {
    let inputs = cases
        .iter()
        .map(|c| {
            let pos = Position::from_position_id(&c.position).map_err(|e| format!("{}: {e}", c.position))?;
            Ok((pos, c.cube_state()?))
        })
        .collect::<Result<Vec<(Position, CubeState)>, String>>()?;
    let threads = threads.clamp(1, inputs.len().max(1));
    let parts: Vec<Vec<Decision>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let inputs = &inputs;
                scope.spawn(move || inputs.iter().skip(t).step_by(threads).map(|(p, c)| decide(p, c)).collect())
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap_or_default()).collect()
    });
    let mut decisions: Vec<Option<Decision>> = vec![None; cases.len()];
    for (t, part) in parts.into_iter().enumerate() {
        for (k, d) in part.into_iter().enumerate() {
            decisions[t + k * threads] = Some(d);
        }
    }
    let mut groups: BTreeMap<String, Tally> = BTreeMap::new();
    let mut misses = Vec::new();
    for (c, d) in cases.iter().zip(decisions) {
        let (win, a) = d.ok_or("a thread stopped before its cases were decided")??;
        let near = if (win - c.win).abs() <= NEAR { "within" } else { "beyond" };
        let d = doubler_action(&a) == c.doubler;
        let t = (if a.take { "take" } else { "pass" }) == c.taker;
        for key in [
            "all".to_string(),
            format!("cube {}", c.cube),
            format!("class {}", c.class),
            format!("reference {}/{}", c.doubler, c.taker),
            format!("win {near} {NEAR} of the reference's"),
        ] {
            let g = groups.entry(key).or_default();
            g.cases += 1;
            g.doubler += d as u32;
            g.taker += t as u32;
            g.both += (d && t) as u32;
        }
        if !(d && t) {
            misses.push((c.clone(), a, win));
        }
    }
    Ok(Agreement { groups, misses })
}
