//! The Russian draughts computer opponent (issue 7).
//!
//! Pure Rust, native and wasm alike. The entry point is [`Engine`]: it owns the transposition
//! table (fixed size, chosen at construction: 16-byte entries, e.g. 8 MB) and the evaluation
//! [`Weights`]. Keep one `Engine` per game (or per worker) and reuse it.
//!
//! # What the bindings call (no logic of their own)
//! - `bestMove({ level, timeMs })` →
//!   [`Engine::best_move`]`(&SearchRoot::from_game(&game), level, time_ms, seed, &clock)`;
//!   `level` parses with `str::parse::<Level>()` (`beginner` … `master`); without a level use
//!   [`Level::Medium`]. `seed` varies the mistakes of the lower levels (pass a number from the
//!   JS side, or a constant for reproducible play). Returns `None` only when the game is over.
//! - `analyze({ depth, timeMs })` → [`Engine::analyze`]`(&root, &Limits { depth, time_ms,
//!   nodes: None }, &clock)`; report [`SearchResult::score`] (`Score::Centi` hundredths of a
//!   man, or `WinIn`/`LossIn` plies), `depth`, `nodes`, and [`SearchResult::pv_text`].
//!
//! # Time
//! The search reads time only through the [`Clock`] it is given: natively [`StdClock`]; in wasm
//! any `Fn() -> f64` in milliseconds, since `std::time::Instant` panics on
//! `wasm32-unknown-unknown`. With wasm-bindgen alone (no js-sys):
//! ```ignore
//! #[wasm_bindgen] extern "C" { #[wasm_bindgen(js_namespace = Date)] fn now() -> f64; }
//! let r = engine.best_move(&root, level, time_ms, seed, &|| now());
//! ```
//! The clock is read every 1024 nodes; the deadline is `time_ms` minus min(3%, 15 ms). Depth-
//! and node-limited searches need no clock ([`NoClock`]) and are deterministic.
//!
//! ```
//! use tabla::ai::draughts::{Engine, Level, SearchRoot, NoClock};
//! use tabla::draughts::Position;
//! let mut engine = Engine::new(4);
//! let root = SearchRoot::new(Position::start());
//! let r = engine.best_move(&root, Level::Easy, None, 1, &NoClock).unwrap();
//! assert!(Position::start().legal_moves().contains(&r.best));
//! ```
//!
//! # Inside
//! - `search`: iterative deepening PVS, transposition table (`tt`, best move stored as its index
//!   in the generator's deterministic move list), TT move / captures / promotions / killers /
//!   history ordering, late-move reductions, a single-reply extension, futility pruning at the
//!   last ply (never of a sacrifice), ProbCut (a node whose search four plies shallower beats
//!   beta by a margin is cut), optional aspiration windows, history malus, reverse futility
//!   pruning, a threat extension and logarithmic reductions ([`SearchParams`]: the duels found
//!   no gain for those five, so they are off), and a capture quiescence (a side that must capture is never evaluated statically). Draws
//!   inside the search: any repetition since the last irreversible move, and the move-count
//!   rules through the rules engine's own [`DrawCounters`]; wins are `WIN - plies`.
//! - [`eval`]: a linear evaluation over hand-made features (material, advancement by rank,
//!   centre, home guards, runaway men, kings on the main and double roads, mobility, trading
//!   down when ahead, tempo, wing balance, supported / hanging / blocked men, a capture threat
//!   against the side to move, and a table of every square for the men), weights fitted to
//!   self-play results (`tune`), with drawn-ending scaling (1-2 kings against a king, 3 kings against a
//!   king on the main road, king and man against a king); learnt [`patterns`] of the board's
//!   nine 4x4 blocks, fitted with the weights ([`Engine::patterns`]).
//! - `levels`: beginner/easy score every root move with a shallow search and add noise, so their
//!   mistakes are plausible; medium/hard are node-limited; master is time-limited (1 s).
//! - [`duel`]: the duels that measure all this (openings, one refereed game, the Elo tally),
//!   shared by `tabla duel-draughts` and the wasm duel (`scripts/bench-duel-wasm.mjs`).
//! - [`endgame`]: databases of every position with up to 4 pieces by our own retrograde
//!   analysis ([`Tablebase::generate`], or [`Tablebase::generate_for`] one ending and what it
//!   needs); set [`Engine::tablebase`], or leave it to a timed search to build the shared ones
//!   its position can reach ([`Engine::shared_endgames`], [`build_endgames`]), and the search
//!   scores covered positions exactly, within what the move-count draw rules leave
//!   (docs/draughts-ai.md).
//! - [`baseline`]: a FROZEN copy of the engine of issue 7, the fixed yardstick of the duels
//!   (`duel-draughts --b baseline`); never edited.
//! - `tune` (the `cli` feature only): self-play data and a logistic fit of the weights (`tabla
//!   tune-draughts`).

pub mod analysis;
pub mod baseline;
mod clock;
pub mod draw_offer;
pub mod duel;
pub mod endgame;
pub mod eval;
mod levels;
pub mod patterns;
mod search;
mod tt;
#[cfg(feature = "cli")]
pub mod tune;

pub use baseline::BaselineEngine;
#[cfg(not(target_arch = "wasm32"))]
pub use clock::StdClock;
pub use clock::{Clock, NoClock};
pub use eval::Weights;
pub use levels::{Level, LevelParams, ParseLevelError, Rng};
pub use search::{KNOWN_WIN, Limits, WIN, WIN_BOUND};

use std::sync::Arc;

use crate::draughts::{DrawCounters, Game, Move, Position};
pub use endgame::{Tablebase, Wdl};
use search::Searcher;

/// The deepest nominal depth a search iterates to (half the longest line it can hold); a larger
/// [`Limits::depth`] is clamped to it.
pub const MAX_DEPTH: u32 = (search::MAX_PLY / 2) as u32;

/// The position to search from, with what the draw rules need to know of the game before it.
/// The move-count rules are the rules engine's own ([`DrawCounters`], `draughts::draw`), so the
/// search and the referee agree.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchRoot {
    /// The position, with the side to move.
    pub position: Position,
    /// Zobrist hashes of the earlier positions since the last irreversible move (a capture or a
    /// man's move), oldest first, not including `position` (RU-DRAW-REPETITION).
    pub history: Vec<u64>,
    /// The draw-rule counters at `position`.
    pub counters: DrawCounters,
    /// Whether the automatic draw rules apply (the game option `drawRules`); if not, only a
    /// repetition inside the search is scored as a draw (to keep it from cycling).
    pub draw_rules: bool,
}

impl SearchRoot {
    /// A position with no game before it.
    pub fn new(position: Position) -> SearchRoot {
        SearchRoot { position, history: Vec::new(), counters: DrawCounters::default(), draw_rules: true }
    }

    /// The current position of a game, with its repetition history, counters and options.
    pub fn from_game(game: &Game) -> SearchRoot {
        let mut history = Vec::new();
        for ply in game.history() {
            if ply.mv.is_capture() || ply.before.kings() & ply.mv.from().bit() == 0 {
                history.clear();
            } else {
                history.push(ply.before.hash());
            }
        }
        SearchRoot {
            position: *game.position(),
            history,
            counters: game.counters(),
            draw_rules: game.options().draw_rules,
        }
    }

    /// The last position of a game given as every position from its start (the first element)
    /// to now (the last). `None` if the slice is empty or two consecutive positions are not
    /// one legal move apart.
    pub fn from_positions(positions: &[Position]) -> Option<SearchRoot> {
        let mut root = SearchRoot::new(*positions.first()?);
        for next in &positions[1..] {
            let mv = root.position.legal_moves().into_iter().find(|m| root.position.after(m) == *next)?;
            root = root.after(&mv);
        }
        Some(root)
    }

    /// The root after `mv` (a legal move here) is played.
    pub fn after(&self, mv: &Move) -> SearchRoot {
        let position = self.position.after(mv);
        let counters = self.counters.after(&self.position, mv, &position);
        let irreversible = mv.is_capture() || self.position.kings() & mv.from().bit() == 0;
        let mut history = if irreversible { Vec::new() } else { self.history.clone() };
        if !irreversible {
            history.push(self.position.hash());
        }
        SearchRoot { position, history, counters, draw_rules: self.draw_rules }
    }

    /// Whether the game is over here: the side to move cannot move (a loss), or, with the draw
    /// rules on, a third repetition or a move-count rule.
    pub fn is_over(&self) -> bool {
        if self.position.is_lost() {
            return true;
        }
        if !self.draw_rules {
            return false;
        }
        let h = self.position.hash();
        let reps = self.history.iter().filter(|&&x| x == h).count();
        reps >= 2 || self.counters.draw_reason(&self.position).is_some()
    }
}

/// A score as a player reads it: from the side to move's view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Hundredths of a man (a man = 100).
    Centi(i32),
    /// The side to move wins in this many plies at most.
    WinIn(u32),
    /// The side to move loses in this many plies at most.
    LossIn(u32),
}

impl Score {
    pub fn from_raw(raw: i32) -> Score {
        if raw > WIN_BOUND {
            Score::WinIn((WIN - raw) as u32)
        } else if raw < -WIN_BOUND {
            Score::LossIn((WIN + raw) as u32)
        } else {
            Score::Centi(raw)
        }
    }
}

impl std::fmt::Display for Score {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            // Whole numbers only: float formatting would add ~5 KB to the .wasm (issue 4).
            Score::Centi(c) => {
                let sign = if *c < 0 { '-' } else { '+' };
                write!(f, "{sign}{}.{:02}", c.unsigned_abs() / 100, c.unsigned_abs() % 100)
            }
            Score::WinIn(p) => write!(f, "win in {p} plies"),
            Score::LossIn(p) => write!(f, "loss in {p} plies"),
        }
    }
}

/// The most forced moves [`Engine::search`] looks through for the next choice.
const MAX_FORCED_LOOKAHEAD: usize = 8;

/// A score one ply up: the parent's view of its child's score, a proven result one ply
/// further away.
pub(crate) fn one_ply_up(score: i32) -> i32 {
    if score.abs() > WIN_BOUND { -(score - score.signum()) } else { -score }
}

/// What a search found.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult {
    /// The move to play (always legal in the root position).
    pub best: Move,
    /// The raw score from the side to move's view (see [`Score::from_raw`], [`WIN`]).
    pub score: i32,
    /// The last fully searched depth (nominal plies).
    pub depth: u32,
    /// The longest line examined (plies, extensions and captures included).
    pub seldepth: u32,
    /// The principal variation, starting with `best`.
    pub pv: Vec<Move>,
    /// Nodes searched.
    pub nodes: u64,
    /// Milliseconds the search took (0 with [`NoClock`]).
    pub time_ms: f64,
}

impl SearchResult {
    /// The score as a player reads it.
    pub fn score(&self) -> Score {
        Score::from_raw(self.score)
    }

    /// The principal variation in notation (`c3-d4`, `c3:e5`...), played out from `root`.
    pub fn pv_text(&self, root: &Position) -> Vec<String> {
        let mut pos = *root;
        let mut out = Vec::with_capacity(self.pv.len());
        for mv in &self.pv {
            out.push(pos.move_text(mv));
            pos = pos.after(mv);
        }
        out
    }
}

/// A proven win or loss whose principal variation ends in a database position: the rest of
/// the line is the database's (fastest win, longest defence), up to the end of the game.
fn extend_pv_from_tablebase(tb: &Tablebase, root: &Position, result: &mut SearchResult) {
    if result.score.abs() <= WIN_BOUND {
        return;
    }
    let total = (WIN - result.score.abs()) as usize;
    let mut p = *root;
    for mv in &result.pv {
        p = p.after(mv);
    }
    while result.pv.len() < total {
        match tb.best_move(&p) {
            Some((mv, Wdl::Win(_) | Wdl::Loss(_))) => {
                result.pv.push(mv);
                p = p.after(&mv);
            }
            _ => break,
        }
    }
}

/// Settings of the search that duels decide (docs/draughts-ai.md has the measurements).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchParams {
    /// Half-width of the aspiration window around the last iteration's score from depth 4 on,
    /// in hundredths of a man (0: always the full window). A result outside it is searched
    /// again with the window widened fourfold on that side, then fully.
    pub aspiration: i32,
    /// On a cut by a quiet move, the quiet moves tried before it lose in the history table
    /// what the cutting move gains.
    pub history_malus: bool,
    /// Late-move reductions: a quiet move from this place in the ordering on (0-based, after
    /// the TT move, captures, promotions and killers) is searched one ply shallower at depth 3+.
    pub lmr_moves: u32,
    /// From this place on (and at depth 5+) the reduction is two plies.
    pub lmr_deep: u32,
    /// Logarithmic late-move reductions instead of the one- and two-ply ones (0: off): a quiet
    /// move at place `k` (from `lmr_moves` on) of a node of depth `d` (3+) is reduced
    /// `ln(d) * ln(k + 1) * 100 / lmr_log` plies (one less at a PV node), never below one ply
    /// of depth left, so late moves of deep nodes are searched much shallower.
    pub lmr_log: u32,
    /// A timed search starts another iteration only if less than this share of the time
    /// (percent) is spent.
    pub iter_stop: u32,
    /// Reverse futility pruning: at a non-PV node of depth 1-3 where the side to move has no
    /// capture and the opponent threatens none, a static evaluation at least this margin per
    /// ply of depth above beta is returned without a search (0: off).
    pub rfp_margin: i32,
    /// Futility pruning: at depth 1 (non-PV, no capture, no threat), when the static
    /// evaluation plus this margin cannot reach alpha, quiet moves after the first that do
    /// not promote and leave the opponent no capture are skipped (0: off). A sacrifice (a move
    /// the opponent must answer by capturing) is never skipped, so shots are still seen.
    pub futility_margin: i32,
    /// ProbCut (0: off): at a non-PV node of depth 5+ without a capture to make, a search four
    /// plies shallower that still beats beta by this margin cuts the node.
    pub probcut_margin: i32,
    /// Threat extension at the horizon: where the search would stand pat with the opponent
    /// threatening a capture, the side to move's quiet moves are searched one ply more
    /// (within the single-reply extension's ply limit).
    pub threat_extension: bool,
    /// Contempt (hundredths of a man; 0: off): a draw reached in the search (by rule,
    /// repetition or the databases) counts as this much below 0 for the side to move at the
    /// root, so it prefers playing on in a position it judges at least that good.
    pub contempt: i32,
    /// A forced move under a time limit spends the time on the next position with a choice
    /// (see [`Engine::search`]) instead of being answered at once.
    pub forced_lookahead: bool,
}

impl SearchParams {
    /// The measured defaults (docs/draughts-ai.md: futility at 100 paid in every duel, and so
    /// did ProbCut at 100; reverse futility, the threat extension and the logarithmic
    /// reductions did not, so they are off).
    pub const DEFAULT: SearchParams = SearchParams {
        aspiration: 0,
        history_malus: false,
        lmr_moves: 3,
        lmr_deep: 8,
        lmr_log: 0,
        iter_stop: 60,
        rfp_margin: 0,
        futility_margin: 100,
        probcut_margin: 100,
        threat_extension: false,
        contempt: 0,
        forced_lookahead: false,
    };
}

impl Default for SearchParams {
    fn default() -> SearchParams {
        SearchParams::DEFAULT
    }
}

/// A search limited by time probes the shared endgame databases ([`Engine::shared_endgames`])
/// once the board has at most this many pieces (from there its lines reach the databases'
/// [`endgame::MAX_PIECES`] by captures), and [`build_endgames`] builds them ahead.
pub const ENDGAME_TRIGGER_PIECES: u32 = 8;

/// A search limited by time builds the databases its position can reach itself (in
/// [`ENDGAME_SHARE`] of its time) only once the board has at most this many pieces, two
/// captures from them: further away they are less likely to pay for the time, which a caller
/// with time to spare gives them instead ([`build_endgames`]).
pub const ENDGAME_BUILD_PIECES: u32 = 6;

/// The share of a timed search's time that may go to building the databases it can reach but
/// that are not built yet (a few milliseconds at a time: a group half done is kept for the next
/// search). What is built stays for the whole process, so this is paid once per ending.
pub const ENDGAME_SHARE: f64 = 0.25;

/// Builds until `deadline` (on `clock`) the shared endgame databases that a timed search from
/// `pos` would use, as such a search does in its share of the time ([`ENDGAME_SHARE`]), so
/// that a caller with time to spare (a worker while the player thinks) spares the searches
/// that work. `true` when none is left to build for `pos`; with more than
/// [`ENDGAME_TRIGGER_PIECES`] pieces on the board none is needed yet, so `true`.
pub fn build_endgames(pos: &Position, clock: &dyn Clock, deadline: f64) -> bool {
    !endgames_in_reach(pos) || endgame::shared_for(pos, clock, deadline).1
}

/// Whether the shared databases are in reach of a search from `pos`
/// ([`ENDGAME_TRIGGER_PIECES`]).
fn endgames_in_reach(pos: &Position) -> bool {
    pos.occupied().count_ones() <= ENDGAME_TRIGGER_PIECES
}

/// The computer opponent: a transposition table, evaluation weights and, optionally, endgame
/// databases.
pub struct Engine {
    tt: tt::Table,
    /// Search settings (default: [`SearchParams::DEFAULT`]).
    pub params: SearchParams,
    /// The evaluation weights (default: [`Weights::DEFAULT`]).
    pub weights: Weights,
    /// Endgame databases the search probes, built by the caller ([`Tablebase::generate`],
    /// once, shared between engines). Without them, see `shared_endgames`.
    pub tablebase: Option<Arc<Tablebase>>,
    /// Without `tablebase`, whether a search limited by time (master, analysis) uses the
    /// process's shared databases and grows them as play approaches them
    /// ([`ENDGAME_TRIGGER_PIECES`], [`ENDGAME_BUILD_PIECES`], [`ENDGAME_SHARE`]; default
    /// on). Searches limited only by depth or nodes never use them, so they stay reproducible.
    pub shared_endgames: bool,
    /// Learnt patterns added to the evaluation (default: [`patterns::builtin`], fitted
    /// together with [`Weights::DEFAULT`]; `None` evaluates with the weights alone).
    pub patterns: Option<Arc<patterns::Patterns>>,
}

impl Default for Engine {
    /// An engine with an 8 MB table.
    fn default() -> Engine {
        Engine::new(8)
    }
}

impl Engine {
    /// An engine whose transposition table takes about `tt_mb` megabytes (16-byte entries,
    /// rounded down to a power of two).
    pub fn new(tt_mb: usize) -> Engine {
        Engine {
            tt: tt::Table::new(tt_mb),
            params: SearchParams::DEFAULT,
            weights: Weights::DEFAULT,
            tablebase: None,
            shared_endgames: true,
            patterns: Some(patterns::builtin()),
        }
    }

    /// Forgets everything learnt in earlier searches (for reproducible results).
    pub fn clear(&mut self) {
        self.tt.clear();
    }

    /// Iterative deepening from `root` within `limits`. `None` if the side to move has no legal
    /// move (the game is over). Always returns a legal move, even if the limits stop the search
    /// before the first iteration completes.
    ///
    /// A forced move (the only legal one) under a time limit, with
    /// [`SearchParams::forced_lookahead`], is not answered at once: the time goes to the first
    /// position after it (and after any forced replies) where there is a choice, so the table
    /// holds that search when the next move is searched; the result is that search's, one
    /// line longer.
    pub fn search(&mut self, root: &SearchRoot, limits: &Limits, clock: &dyn Clock) -> Option<SearchResult> {
        let legal = root.position.legal_moves();
        let first = *legal.first()?;
        if legal.len() > 1 || !self.params.forced_lookahead || limits.time_ms.is_none() {
            return self.search_choice(root, limits, clock);
        }
        let start = clock.now_ms();
        let mut line = vec![first];
        let mut next = root.after(&first);
        while line.len() < MAX_FORCED_LOOKAHEAD && !next.is_over() {
            match next.position.legal_moves()[..] {
                [only] => {
                    line.push(only);
                    next = next.after(&only);
                }
                _ => break,
            }
        }
        if next.is_over() {
            return self.search_choice(root, limits, clock);
        }
        let rest = Limits { time_ms: limits.time_ms.map(|t| (t - (clock.now_ms() - start)).max(0.0)), ..*limits };
        let ahead = self.search_choice(&next, &rest, clock)?;
        let forced = line.len() as u32;
        let score = line.iter().fold(ahead.score, |s, _| one_ply_up(s));
        line.extend_from_slice(&ahead.pv);
        Some(SearchResult {
            best: first,
            score,
            depth: ahead.depth + forced,
            seldepth: ahead.seldepth + forced,
            pv: line,
            nodes: ahead.nodes,
            time_ms: clock.now_ms() - start,
        })
    }

    /// Iterative deepening from `root` (see [`search`](Self::search)), a forced move answered
    /// after two iterations.
    fn search_choice(&mut self, root: &SearchRoot, limits: &Limits, clock: &dyn Clock) -> Option<SearchResult> {
        let pos = root.position;
        let legal = pos.legal_moves();
        let first = *legal.first()?;
        let start = clock.now_ms();
        self.tt.new_search();
        let weights = self.weights;
        let tablebase = match limits.time_ms {
            _ if self.tablebase.is_some() => self.tablebase.clone(),
            Some(t) if self.shared_endgames && endgames_in_reach(&pos) => {
                let build = pos.occupied().count_ones() <= ENDGAME_BUILD_PIECES;
                let deadline = if build { start + t * ENDGAME_SHARE } else { start };
                Some(endgame::shared_for(&pos, clock, deadline).0)
            }
            _ => None,
        };
        // The search's own time: what the databases left of the limit (they stop at their
        // deadline within a chunk of work), and never less than the rest of its share.
        let time_ms = limits.time_ms.map(|t| {
            let built = clock.now_ms() - start;
            (t - built).max(t * (1.0 - ENDGAME_SHARE))
        });
        let search_start = clock.now_ms();
        let mut s = Searcher::new(&mut self.tt, &weights, self.patterns.clone(), clock);
        s.tablebase = tablebase.as_deref();
        if let Some(t) = time_ms {
            // A small margin for the unwinding and the caller's work.
            s.deadline = search_start + (t - (t * 0.03).min(15.0)).max(0.0);
        }
        if let Some(n) = limits.nodes {
            s.node_limit = n.max(1);
        }
        let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH) as i32;
        s.draw_rules = root.draw_rules;
        s.history_malus = self.params.history_malus;
        s.lmr_moves = self.params.lmr_moves as usize;
        s.lmr_deep = self.params.lmr_deep as usize;
        s.set_lmr_log(self.params.lmr_log);
        s.rfp_margin = self.params.rfp_margin;
        s.futility_margin = self.params.futility_margin;
        s.probcut_margin = self.params.probcut_margin;
        s.threat_extension = self.params.threat_extension;
        s.contempt = self.params.contempt;
        s.hashes.extend_from_slice(&root.history);
        s.hashes.push(pos.hash());
        let irrev = 0;
        let mut result =
            SearchResult { best: first, score: 0, depth: 0, seldepth: 0, pv: vec![first], nodes: 0, time_ms: 0.0 };
        for d in 1..=max_depth {
            s.root_depth = d;
            let asp = self.params.aspiration;
            let (mut lo, mut hi) = (-WIN - 1, WIN + 1);
            if asp > 0 && d >= 4 && result.score.abs() < KNOWN_WIN - 200 {
                (lo, hi) = (result.score - asp, result.score + asp);
            }
            let mut widen = asp;
            let score = loop {
                let score = s.search(&pos, root.counters, d, lo, hi, 0, irrev);
                if s.stopped {
                    break score;
                }
                widen *= 4;
                if score <= lo && lo > -WIN - 1 {
                    lo = if widen > 4 * asp * 4 { -WIN - 1 } else { (score - widen).max(-WIN - 1) };
                } else if score >= hi && hi < WIN + 1 {
                    hi = if widen > 4 * asp * 4 { WIN + 1 } else { (score + widen).min(WIN + 1) };
                } else {
                    break score;
                }
            };
            if s.stopped {
                // A partly searched iteration still improves on the last one if its best move
                // was searched completely (the PV is only written for completed moves).
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
            // A proven result needs no deeper search.
            if score.abs() > WIN_BOUND && (WIN - score.abs()) < d {
                break;
            }
            if legal.len() == 1 && d >= 2 {
                break;
            }
            if let Some(t) = time_ms {
                // The next iteration takes about twice as long as all before it; start it only
                // if it has a fair chance to get through its first (best) move, whose result is
                // used even if the deadline then stops the iteration.
                if clock.now_ms() - search_start > t * self.params.iter_stop as f64 / 100.0 {
                    break;
                }
            }
        }
        result.nodes = s.nodes;
        if let Some(tb) = tablebase.as_deref() {
            extend_pv_from_tablebase(tb, &pos, &mut result);
        }
        result.time_ms = clock.now_ms() - start;
        debug_assert!(legal.contains(&result.best));
        Some(result)
    }

    /// Analysis: the same as [`search`](Self::search) (kept as the name the bindings use).
    pub fn analyze(&mut self, root: &SearchRoot, limits: &Limits, clock: &dyn Clock) -> Option<SearchResult> {
        self.search(root, limits, clock)
    }

    /// The computer's move at `level`. `time_ms` overrides the level's time budget (the node
    /// budget of the lower levels stays). `seed` varies the weaker levels' mistakes; the same
    /// seed, level and root give the same move (when no time limit applies).
    pub fn best_move(
        &mut self,
        root: &SearchRoot,
        level: Level,
        time_ms: Option<f64>,
        seed: u64,
        clock: &dyn Clock,
    ) -> Option<SearchResult> {
        let p = level.params();
        let limits = level.limits(time_ms);
        if p.noise == 0 {
            return self.search(root, &limits, clock);
        }
        levels::noisy_choice(self, root, &limits, p.noise, seed, clock)
    }

    /// [`best_move`](Self::best_move) for an engine shared by many games (the bindings keep one
    /// per module instance): a level whose search has no time limit starts from an empty table,
    /// so its move depends only on the root, the level and the seed, never on the searches
    /// before it; a timed one starts from what they learnt.
    pub fn best_move_shared(
        &mut self,
        root: &SearchRoot,
        level: Level,
        time_ms: Option<f64>,
        seed: u64,
        clock: &dyn Clock,
    ) -> Option<SearchResult> {
        if level.limits(time_ms).time_ms.is_none() {
            self.clear();
        }
        self.best_move(root, level, time_ms, seed, clock)
    }
}
