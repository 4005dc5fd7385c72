//! Playing levels. The lower levels search shallowly and add noise to the scores of the root
//! moves, so their mistakes are plausible ones (a slightly worse move, a shot not seen) and
//! never an illegal move; the upper levels search to a node budget (deterministic) or, for
//! `master`, to a time budget.

use std::fmt;
use std::str::FromStr;

use super::clock::Clock;
use super::search::{Limits, WIN};
use super::{Engine, SearchResult, SearchRoot};

/// A playing level, weakest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    Beginner,
    Easy,
    Medium,
    Hard,
    Master,
}

/// How a level plays.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LevelParams {
    pub limits: Limits,
    /// The amplitude of the noise added to each root move's score (hundredths of a man); 0
    /// means a plain search.
    pub noise: i32,
}

impl Level {
    pub const ALL: [Level; 5] = [Level::Beginner, Level::Easy, Level::Medium, Level::Hard, Level::Master];

    pub fn name(self) -> &'static str {
        match self {
            Level::Beginner => "beginner",
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Master => "master",
        }
    }

    /// The level's limits, with `time_ms` (when given) in place of its time budget; the node
    /// budget of the lower levels stays.
    pub fn limits(self, time_ms: Option<f64>) -> Limits {
        let mut limits = self.params().limits;
        if time_ms.is_some() {
            limits.time_ms = time_ms;
        }
        limits
    }

    pub fn params(self) -> LevelParams {
        let l = |depth: Option<u32>, nodes: Option<u64>, time_ms: Option<f64>| Limits { depth, nodes, time_ms };
        match self {
            Level::Beginner => LevelParams { limits: l(Some(2), Some(20_000), None), noise: 90 },
            Level::Easy => LevelParams { limits: l(Some(4), Some(50_000), None), noise: 35 },
            Level::Medium => LevelParams { limits: l(None, Some(25_000), None), noise: 0 },
            Level::Hard => LevelParams { limits: l(None, Some(100_000), None), noise: 0 },
            Level::Master => LevelParams { limits: l(None, None, Some(1000.0)), noise: 0 },
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The text is not a level name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseLevelError(pub String);

impl fmt::Display for ParseLevelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown level `{}` (expected beginner, easy, medium, hard or master)", self.0)
    }
}

impl std::error::Error for ParseLevelError {}

impl FromStr for Level {
    type Err = ParseLevelError;
    fn from_str(s: &str) -> Result<Level, ParseLevelError> {
        Level::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| ParseLevelError(s.to_string()))
    }
}

/// The levels' seeded generator: tabla's one SplitMix64 ([`crate::dice::SplitMix64`]).
pub use crate::dice::SplitMix64 as Rng;

/// Scores every root move with a search one ply shallower than the level's depth, adds
/// triangular noise of amplitude `noise` to each, and plays the highest.
pub(crate) fn noisy_choice(
    engine: &mut Engine,
    root: &SearchRoot,
    limits: &Limits,
    noise: i32,
    seed: u64,
    clock: &dyn Clock,
) -> Option<SearchResult> {
    let legal = root.position.legal_moves();
    if legal.is_empty() {
        return None;
    }
    let mut rng = Rng(seed ^ root.position.hash());
    let depth = limits.depth.unwrap_or(4).max(2) - 1;
    let per_move = limits.nodes.map(|n| (n / legal.len() as u64).max(200));
    let start = clock.now_ms();
    let mut best: Option<(i32, SearchResult)> = None;
    let mut nodes = 0;
    for (i, mv) in legal.iter().enumerate() {
        let child = root.after(mv);
        let time_ms = limits.time_ms.map(|t| ((t - (clock.now_ms() - start)) / (legal.len() - i) as f64).max(1.0));
        let sub = Limits { depth: Some(depth), nodes: per_move, time_ms };
        let (score, mut pv, d) = if child.is_over() {
            let s = if child.position.is_lost() { WIN - 1 } else { 0 };
            (s, vec![*mv], depth)
        } else {
            match engine.search(&child, &sub, clock) {
                Some(r) => {
                    nodes += r.nodes;
                    let mut pv = vec![*mv];
                    pv.extend(r.pv);
                    let s = super::one_ply_up(r.score);
                    (s, pv, r.depth + 1)
                }
                None => (WIN - 1, vec![*mv], depth),
            }
        };
        let jitter = (rng.below(noise as u64 + 1) + rng.below(noise as u64 + 1)) as i32 - noise;
        let noisy = score + jitter;
        if best.as_ref().is_none_or(|(b, _)| noisy > *b) {
            pv.truncate(super::search::MAX_PLY);
            best = Some((noisy, SearchResult { best: *mv, score, depth: d, seldepth: d, pv, nodes: 0, time_ms: 0.0 }));
        }
    }
    let (_, mut r) = best?;
    r.nodes = nodes;
    r.time_ms = clock.now_ms() - start;
    Some(r)
}
