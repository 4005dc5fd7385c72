//! **FROZEN** baseline: the draughts engine exactly as it stood on main at commit `0336530`
//! (search, transposition table and evaluation with its weights), kept as a fixed opponent so
//! that every later change to [`Engine`](super::Engine) is measured against the same player
//! (`tabla duel-draughts --a master --b baseline`, issue 20).
//!
//! This is the one place in the project where a copy of code is intended: do **not** edit,
//! tune, refactor or "fix" anything under `baseline/`, and do not make it call the live
//! `search`/`eval` modules, or the yardstick moves with the thing it measures. The rules
//! (move generation, [`DrawCounters`](crate::draughts::DrawCounters), [`SearchRoot`]) are not
//! copied: they are the rules engine's, and both players must play the same game. The only
//! changes against the original: `Limits` and `Clock` come from the live module (interfaces,
//! no logic), and unused items were dropped.
//!
//! ```
//! use tabla::ai::draughts::{BaselineEngine, Limits, NoClock, SearchRoot};
//! use tabla::draughts::Position;
//! let mut b = BaselineEngine::new(4);
//! let root = SearchRoot::new(Position::start());
//! let r = b.search(&root, &Limits { depth: Some(4), ..Limits::default() }, &NoClock).unwrap();
//! assert!(Position::start().legal_moves().contains(&r.best));
//! ```

mod eval;
mod search;
mod tt;

use super::{Clock, Limits, SearchResult, SearchRoot};
use search::{MAX_PLY, Searcher, WIN, WIN_BOUND};

/// The frozen engine: its own transposition table and its own (frozen) weights.
pub struct BaselineEngine {
    tt: tt::Table,
    weights: eval::Weights,
}

impl BaselineEngine {
    /// An engine whose transposition table takes about `tt_mb` megabytes.
    pub fn new(tt_mb: usize) -> BaselineEngine {
        BaselineEngine { tt: tt::Table::new(tt_mb), weights: eval::Weights::DEFAULT }
    }

    /// Forgets everything learnt in earlier searches.
    pub fn clear(&mut self) {
        self.tt.clear();
    }

    /// The frozen `Engine::search`: iterative deepening from `root` within `limits`; `None` if
    /// the side to move has no legal move. Master's play is this with `time_ms: Some(1000.0)`.
    pub fn search(&mut self, root: &SearchRoot, limits: &Limits, clock: &dyn Clock) -> Option<SearchResult> {
        let pos = root.position;
        let legal = pos.legal_moves();
        let first = *legal.first()?;
        let start = clock.now_ms();
        self.tt.new_search();
        let weights = self.weights;
        let mut s = Searcher::new(&mut self.tt, &weights, clock);
        if let Some(t) = limits.time_ms {
            s.deadline = start + (t - (t * 0.03).min(15.0)).max(0.0);
        }
        if let Some(n) = limits.nodes {
            s.node_limit = n.max(1);
        }
        let max_depth = limits.depth.unwrap_or(64).clamp(1, (MAX_PLY / 2) as u32) as i32;
        s.draw_rules = root.draw_rules;
        s.hashes.extend_from_slice(&root.history);
        s.hashes.push(pos.hash());
        let mut result =
            SearchResult { best: first, score: 0, depth: 0, seldepth: 0, pv: vec![first], nodes: 0, time_ms: 0.0 };
        for d in 1..=max_depth {
            s.root_depth = d;
            let score = s.search(&pos, root.counters, d, -WIN - 1, WIN + 1, 0, 0);
            if s.stopped {
                if let Some(&mv) = s.pv[0].first() {
                    if mv != result.best && legal.contains(&mv) {
                        result.best = mv;
                        result.pv = s.pv[0].clone();
                    }
                }
                break;
            }
            result.score = score;
            result.depth = d as u32;
            result.seldepth = s.seldepth as u32;
            if let Some(&mv) = s.pv[0].first() {
                result.best = mv;
                result.pv = s.pv[0].clone();
            }
            if score.abs() > WIN_BOUND && (WIN - score.abs()) < d {
                break;
            }
            if legal.len() == 1 && d >= 2 {
                break;
            }
            if let Some(t) = limits.time_ms {
                if clock.now_ms() - start > t * 0.6 {
                    break;
                }
            }
        }
        result.nodes = s.nodes;
        result.time_ms = clock.now_ms() - start;
        Some(result)
    }
}
