//! Iterative-deepening principal variation search with a transposition table, killer and
//! history move ordering, a single-reply extension, late-move reductions, and a capture
//! quiescence: below the horizon a side that must capture keeps capturing, so the static
//! evaluation only ever sees positions where the side to move has no capture.

use std::sync::Arc;

use super::clock::Clock;
use super::endgame::{Tablebase, Wdl, rule_slack};
use super::eval::{Evaluator, Weights};
use super::patterns::Patterns;
use super::tt::{EXACT, LOWER, NO_MOVE, Table, UPPER};
use crate::draughts::{DrawCounters, Move, MoveKey, Position};

/// The score of a won position (minus the plies to the win).
pub const WIN: i32 = 30000;
/// Scores beyond this (in absolute value) are forced wins or losses.
pub const WIN_BOUND: i32 = WIN - 1000;
const INF: i32 = 31000;
/// A database win that the draw rules might cut short (see [`endgame::rule_slack`](super::endgame::rule_slack)):
/// scored above any evaluation but below the proven-win range, fewer plies first.
pub const KNOWN_WIN: i32 = WIN_BOUND - 100;
pub(crate) const MAX_PLY: usize = 128;
const NO_KEY: MoveKey = MoveKey(u64::MAX);
/// A node searches at most this many of its moves (in the generator's order; move indices are
/// stored as a `u8` in the transposition table).
const MAX_MOVES: usize = 128;
/// Depths the logarithmic reduction table covers (deeper nodes use its last row).
const LMR_DEPTHS: usize = 64;

/// How far and how long to search. Every limit given is respected; none given means depth 64.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Limits {
    /// Maximum nominal depth in plies.
    pub depth: Option<u32>,
    /// Maximum nodes (deterministic: the same limits and seed give the same move).
    pub nodes: Option<u64>,
    /// Maximum wall time in milliseconds, measured with the injected clock.
    pub time_ms: Option<f64>,
}

pub(crate) struct Searcher<'a> {
    pub tt: &'a mut Table,
    /// The evaluation weights folded into tables (the same values as `eval::evaluate`).
    eval: Evaluator,
    pub clock: &'a dyn Clock,
    pub deadline: f64,
    pub node_limit: u64,
    pub nodes: u64,
    pub stopped: bool,
    pub seldepth: usize,
    pub root_depth: i32,
    /// Whether the move-count draw rules apply.
    pub draw_rules: bool,
    /// Endgame databases probed at every node they cover (below the root).
    pub tablebase: Option<&'a Tablebase>,
    /// See [`SearchParams::history_malus`](super::SearchParams::history_malus).
    pub history_malus: bool,
    /// See [`SearchParams::lmr_moves`](super::SearchParams::lmr_moves).
    pub lmr_moves: usize,
    /// See [`SearchParams::lmr_deep`](super::SearchParams::lmr_deep).
    pub lmr_deep: usize,
    /// The reductions of [`SearchParams::lmr_log`](super::SearchParams::lmr_log) by depth and
    /// move place (`None`: the one- and two-ply ones).
    lmr_table: Option<Box<[[u8; MAX_MOVES]; LMR_DEPTHS]>>,
    /// See [`SearchParams::rfp_margin`](super::SearchParams::rfp_margin).
    pub rfp_margin: i32,
    /// See [`SearchParams::futility_margin`](super::SearchParams::futility_margin).
    pub futility_margin: i32,
    /// See [`SearchParams::probcut_margin`](super::SearchParams::probcut_margin).
    pub probcut_margin: i32,
    /// See [`SearchParams::threat_extension`](super::SearchParams::threat_extension).
    pub threat_extension: bool,
    /// What a draw is worth to the side to move at the root, in hundredths of a man below 0
    /// (see `SearchParams::contempt`).
    pub contempt: i32,
    /// Hashes of the game so far and of the current search path.
    pub hashes: Vec<u64>,
    moves: Vec<Vec<Move>>,
    /// Per ply, the ordering scores of the moves and the order they are tried in (buffers
    /// reused across nodes, so no node zeroes an array of its own).
    order: Box<[[i32; MAX_MOVES]; MAX_PLY]>,
    idx: Box<[[u8; MAX_MOVES]; MAX_PLY]>,
    killers: Vec<[MoveKey; 2]>,
    history: Box<[[[i32; 32]; 32]; 2]>,
    pub pv: Vec<Vec<Move>>,
}

#[inline]
fn to_tt(score: i32, ply: usize) -> i32 {
    if score > WIN_BOUND {
        score + ply as i32
    } else if score < -WIN_BOUND {
        score - ply as i32
    } else {
        score
    }
}

#[inline]
fn from_tt(score: i32, ply: usize) -> i32 {
    if score > WIN_BOUND {
        score - ply as i32
    } else if score < -WIN_BOUND {
        score + ply as i32
    } else {
        score
    }
}

impl<'a> Searcher<'a> {
    pub fn new(
        tt: &'a mut Table,
        weights: &'a Weights,
        patterns: Option<Arc<Patterns>>,
        clock: &'a dyn Clock,
    ) -> Searcher<'a> {
        Searcher {
            tt,
            eval: Evaluator::with_patterns(weights, patterns),
            clock,
            deadline: f64::INFINITY,
            node_limit: u64::MAX,
            nodes: 0,
            stopped: false,
            seldepth: 0,
            root_depth: 0,
            draw_rules: true,
            tablebase: None,
            history_malus: false,
            lmr_moves: 3,
            lmr_deep: 8,
            lmr_table: None,
            rfp_margin: 0,
            futility_margin: 0,
            probcut_margin: 0,
            threat_extension: false,
            contempt: 0,
            hashes: Vec::with_capacity(512),
            moves: (0..MAX_PLY).map(|_| Vec::with_capacity(48)).collect(),
            order: Box::new([[0; MAX_MOVES]; MAX_PLY]),
            idx: Box::new([[0; MAX_MOVES]; MAX_PLY]),
            killers: vec![[NO_KEY; 2]; MAX_PLY],
            history: Box::new([[[0; 32]; 32]; 2]),
            pv: (0..MAX_PLY).map(|_| Vec::with_capacity(MAX_PLY)).collect(),
        }
    }

    /// Sets [`SearchParams::lmr_log`](super::SearchParams::lmr_log) (0: off).
    pub fn set_lmr_log(&mut self, divisor: u32) {
        self.lmr_table = (divisor > 0).then(|| {
            let mut t = Box::new([[0u8; MAX_MOVES]; LMR_DEPTHS]);
            for (d, row) in t.iter_mut().enumerate().skip(1) {
                for (k, r) in row.iter_mut().enumerate() {
                    let x = (d as f64).ln() * ((k + 1) as f64).ln() * 100.0 / divisor as f64;
                    *r = x.clamp(0.0, 60.0) as u8;
                }
            }
            t
        });
    }

    /// Stops the search once the node budget is spent or, checked every 1024 nodes, the
    /// deadline has passed on the injected clock.
    #[inline]
    fn check_limits(&mut self) {
        if self.nodes >= self.node_limit
            || (self.nodes & 1023 == 0 && self.deadline.is_finite() && self.clock.now_ms() >= self.deadline)
        {
            self.stopped = true;
        }
    }

    /// Whether the position at the top of `hashes` occurred before since `irrev` (the index of
    /// the first position after the last irreversible move).
    #[inline]
    fn repeated(&self, irrev: usize) -> bool {
        let n = self.hashes.len();
        let h = self.hashes[n - 1];
        let mut i = n - 1;
        while i >= irrev + 2 {
            i -= 2;
            if self.hashes[i] == h {
                return true;
            }
        }
        false
    }

    /// A draw at `ply` from the side to move's view: `-contempt` for the root's side to move
    /// (even plies), `+contempt` for its opponent.
    #[inline]
    fn draw_score(&self, ply: usize) -> i32 {
        if ply & 1 == 0 { -self.contempt } else { self.contempt }
    }

    /// The database's exact score for `pos` if it covers it: a draw is 0 (the move-count
    /// rules only ever add draws); a win or loss in `d` plies is a proven `WIN - ply - d` if
    /// the draw rules are off or leave at least `d` plies, else a [`KNOWN_WIN`] score.
    #[inline]
    fn probe(&self, pos: &Position, counters: &DrawCounters, ply: usize) -> Option<i32> {
        let tb = self.tablebase?;
        let v = tb.probe(pos)?;
        let exact = |d: u32| !self.draw_rules || d <= rule_slack(pos, counters, d);
        Some(match v {
            Wdl::Draw => self.draw_score(ply),
            Wdl::Win(d) if exact(d) => WIN - ply as i32 - d as i32,
            Wdl::Win(d) => KNOWN_WIN - d as i32,
            Wdl::Loss(d) if exact(d) => -WIN + ply as i32 + d as i32,
            Wdl::Loss(d) => -KNOWN_WIN + d as i32,
        })
    }

    fn order_score(&self, pos: &Position, mv: &Move, i: usize, tt_mv: u8, ply: usize) -> i32 {
        if i as u8 == tt_mv {
            return 1 << 30;
        }
        if mv.is_capture() {
            let kings = (mv.captured() & pos.kings()).count_ones() as i32;
            return (1 << 24) + 1000 * mv.capture_count() as i32 + 600 * kings + 300 * mv.promotes() as i32;
        }
        if mv.promotes() {
            return 1 << 23;
        }
        let k = mv.key();
        if k == self.killers[ply][0] {
            return (1 << 22) + 2;
        }
        if k == self.killers[ply][1] {
            return (1 << 22) + 1;
        }
        self.history[pos.turn().index()][mv.from().index()][mv.to().index()]
    }

    #[allow(clippy::too_many_arguments)]
    /// Negamax alpha-beta (PVS). `hashes` ends with this position's hash; `irrev` indexes the
    /// first position of `hashes` after the last irreversible move.
    pub fn search(
        &mut self,
        pos: &Position,
        counters: DrawCounters,
        mut depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        irrev: usize,
    ) -> i32 {
        self.pv[ply].clear();
        self.check_limits();
        if self.stopped {
            return 0;
        }
        self.nodes += 1;
        if ply > self.seldepth {
            self.seldepth = ply;
        }
        let pv_node = beta - alpha > 1;
        if ply > 0 {
            // A draw by rule, unless the side to move has already lost (a win takes
            // precedence). Any repetition inside the search counts as a draw.
            let rule_draw = self.draw_rules && counters.draw_reason(pos).is_some();
            if rule_draw || self.repeated(irrev) {
                return if pos.has_legal_move() { self.draw_score(ply) } else { -WIN + ply as i32 };
            }
            // Mate distance pruning.
            alpha = alpha.max(-WIN + ply as i32);
            beta = beta.min(WIN - ply as i32 - 1);
            if alpha >= beta {
                return alpha;
            }
            if let Some(score) = self.probe(pos, &counters, ply) {
                return score;
            }
        }
        let mut moves = std::mem::take(&mut self.moves[ply]);
        pos.legal_moves_into(&mut moves);
        let result = self.search_moves(pos, counters, &mut moves, &mut depth, alpha, beta, ply, irrev, pv_node);
        self.moves[ply] = moves;
        result
    }

    /// A search of the node at `ply` again (ProbCut's shallow one): its own move list, the entry
    /// checks already passed.
    #[allow(clippy::too_many_arguments)]
    fn search_at(
        &mut self,
        pos: &Position,
        counters: DrawCounters,
        mut depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        irrev: usize,
    ) -> i32 {
        let mut moves = Vec::with_capacity(48);
        pos.legal_moves_into(&mut moves);
        self.search_moves(pos, counters, &mut moves, &mut depth, alpha, beta, ply, irrev, false)
    }

    #[allow(clippy::too_many_arguments)]
    fn search_moves(
        &mut self,
        pos: &Position,
        counters: DrawCounters,
        moves: &mut [Move],
        depth: &mut i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        irrev: usize,
        pv_node: bool,
    ) -> i32 {
        let n = moves.len();
        if n == 0 {
            return -WIN + ply as i32;
        }
        if ply >= MAX_PLY - 2 {
            return self.eval.evaluate(pos);
        }
        let capture = moves[0].is_capture();
        if *depth <= 0 && !capture {
            let threat_ext = self.threat_extension
                && ply > 0
                && (ply as i32) < 2 * self.root_depth + 8
                && pos.with_turn(pos.turn().opposite()).has_capture();
            if !threat_ext {
                return self.eval.evaluate(pos);
            }
            *depth = 1;
        }
        // Single-reply extension (forced moves, most often forced captures).
        if n == 1 && *depth > 0 && (ply as i32) < 2 * self.root_depth + 8 {
            *depth += 1;
        }
        let depth = (*depth).max(0);
        let key = pos.hash();
        let mut tt_mv = NO_MOVE;
        if let Some(hit) = self.tt.probe(key) {
            tt_mv = hit.mv;
            if ply > 0 && !pv_node && hit.depth >= depth {
                let s = from_tt(hit.score, ply);
                let cut = match hit.bound {
                    EXACT => true,
                    LOWER => s >= beta,
                    _ => s <= alpha,
                };
                if cut {
                    return s;
                }
            }
        }
        // Static pruning at shallow quiet non-PV nodes (off unless SearchParams say so).
        let mut futile = false;
        if ply > 0
            && !pv_node
            && !capture
            && depth <= 3
            && (self.rfp_margin > 0 || self.futility_margin > 0)
            && beta.abs() < KNOWN_WIN - 200
            && alpha.abs() < KNOWN_WIN - 200
            && !pos.with_turn(pos.turn().opposite()).has_capture()
        {
            let e = self.eval.evaluate(pos);
            if self.rfp_margin > 0 && e - self.rfp_margin * depth >= beta {
                return e;
            }
            futile = self.futility_margin > 0 && depth == 1 && e + self.futility_margin <= alpha;
        }
        if self.probcut_margin > 0
            && ply > 0
            && !pv_node
            && !capture
            && depth >= 5
            && beta.abs() < KNOWN_WIN - 200 - self.probcut_margin
        {
            // The shallow search reuses this ply's buffers: nothing of this node is in them yet.
            let rbeta = beta + self.probcut_margin;
            let hashes = self.hashes.len();
            let s = self.search_at(pos, counters, depth - 4, rbeta - 1, rbeta, ply, irrev);
            debug_assert_eq!(hashes, self.hashes.len());
            self.pv[ply].clear();
            if self.stopped {
                return 0;
            }
            if s >= rbeta {
                return s;
            }
        }
        let n = n.min(MAX_MOVES);
        // This ply's rows of the ordering buffers: entries 0..n are written here before they
        // are read (what a deeper node leaves in its own rows never matters).
        for (i, mv) in moves.iter().enumerate().take(n) {
            self.order[ply][i] = self.order_score(pos, mv, i, tt_mv, ply);
            self.idx[ply][i] = i as u8;
        }
        let alpha0 = alpha;
        let mut best = -INF;
        let mut best_i = NO_MOVE;
        let child_depth = if depth > 0 { depth - 1 } else { 0 };
        for k in 0..n {
            // Selection sort: the best remaining move first.
            let (order, idx) = (&self.order[ply], &mut self.idx[ply]);
            let mut b = k;
            for j in k + 1..n {
                if order[idx[j] as usize] > order[idx[b] as usize] {
                    b = j;
                }
            }
            idx.swap(k, b);
            let i = idx[k] as usize;
            let order_i = order[i];
            let mv = moves[i];
            let child = pos.after(&mv);
            if futile && k > 0 && !mv.promotes() && !child.has_capture() {
                continue;
            }
            let c2 = if self.draw_rules { counters.after(pos, &mv, &child) } else { counters };
            let irreversible = mv.is_capture() || pos.kings() & mv.from().bit() == 0;
            self.tt.prefetch(child.hash());
            self.hashes.push(child.hash());
            let irrev2 = if irreversible { self.hashes.len() - 1 } else { irrev };
            let quiet = !capture && !mv.promotes();
            let mut score;
            if k == 0 {
                score = -self.search(&child, c2, child_depth, -beta, -alpha, ply + 1, irrev2);
            } else {
                let mut r = 0;
                if quiet && depth >= 3 && k >= self.lmr_moves && order_i < (1 << 22) && !child.has_capture() {
                    r = match &self.lmr_table {
                        None => {
                            if k >= self.lmr_deep && depth >= 5 {
                                2
                            } else {
                                1
                            }
                        }
                        Some(t) => {
                            let r = t[(depth as usize).min(LMR_DEPTHS - 1)][k] as i32 - pv_node as i32;
                            r.clamp(1, (child_depth - 1).max(1))
                        }
                    };
                }
                score = -self.search(&child, c2, child_depth - r, -alpha - 1, -alpha, ply + 1, irrev2);
                if score > alpha && r > 0 {
                    score = -self.search(&child, c2, child_depth, -alpha - 1, -alpha, ply + 1, irrev2);
                }
                if score > alpha && score < beta {
                    score = -self.search(&child, c2, child_depth, -beta, -alpha, ply + 1, irrev2);
                }
            }
            self.hashes.pop();
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                best_i = i as u8;
                if score > alpha {
                    alpha = score;
                    let (head, tail) = self.pv.split_at_mut(ply + 1);
                    let line = &mut head[ply];
                    line.clear();
                    line.push(mv);
                    line.extend_from_slice(&tail[0]);
                    if alpha >= beta {
                        if quiet {
                            let key = mv.key();
                            if self.killers[ply][0] != key {
                                self.killers[ply][1] = self.killers[ply][0];
                                self.killers[ply][0] = key;
                            }
                            let side = pos.turn().index();
                            if self.history_malus {
                                for &j in &self.idx[ply][..k] {
                                    let m = &moves[j as usize];
                                    let h = &mut self.history[side][m.from().index()][m.to().index()];
                                    *h = (*h - depth * depth).max(-(1 << 20));
                                }
                            }
                            let h = &mut self.history[side][mv.from().index()][mv.to().index()];
                            *h += depth * depth;
                            if *h > 1 << 20 {
                                for side in self.history.iter_mut() {
                                    for row in side.iter_mut() {
                                        for x in row.iter_mut() {
                                            *x /= 2;
                                        }
                                    }
                                }
                            }
                        }
                        break;
                    }
                }
            }
        }
        let bound = if best >= beta {
            LOWER
        } else if best > alpha0 {
            EXACT
        } else {
            UPPER
        };
        self.tt.store(key, depth, to_tt(best, ply), bound, best_i);
        best
    }
}
