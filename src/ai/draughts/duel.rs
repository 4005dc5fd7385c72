//! Duels between engines (issue 20's measurements): the openings a duel starts from, one game
//! under the referee's draw rules, and the score with its Elo interval. The native CLI
//! (`tabla duel-draughts`) and the wasm duel (`bench/duel-wasm`, `scripts/bench-duel-wasm.mjs`)
//! both play through here, so a duel in the browser's engine is the same match as a native one.
//!
//! Invariants: a duel of `n` games plays `n / 2` openings, each twice with the colours swapped
//! (the pair is the unit of independent sampling); the openings of a seed are the same on every
//! machine and build; a game ends when the side to move has no move (a loss), when the rules
//! ([`SearchRoot::is_over`]: the move-count rules and threefold repetition) draw it, or at
//! [`MAX_PLIES`] (a draw).

use std::collections::HashSet;

use super::{BaselineEngine, Clock, Engine, Level, Limits, Rng, SearchResult, SearchRoot};
use crate::draughts::{Move, Position};

/// A game still going after this many plies is scored a draw.
pub const MAX_PLIES: usize = 300;

/// Every distinct position after `plies` plies from the start, in the generator's order.
pub fn openings(plies: u32) -> Vec<Position> {
    let mut layer = vec![Position::start()];
    for _ in 0..plies {
        let mut next = Vec::new();
        let mut seen = HashSet::new();
        for p in &layer {
            for m in p.legal_moves() {
                let q = p.after(&m);
                if seen.insert(q.hash()) {
                    next.push(q);
                }
            }
        }
        layer = next;
    }
    layer
}

/// [`openings`] shuffled with `seed` (Fisher-Yates over the engine's SplitMix64): opening pair
/// `i` of a duel is entry `i` modulo the length.
pub fn shuffled_openings(plies: u32, seed: u64) -> Vec<Position> {
    let mut book = openings(plies);
    let mut rng = Rng(seed);
    for i in (1..book.len()).rev() {
        let j = rng.below(i as u64 + 1) as usize;
        book.swap(i, j);
    }
    book
}

/// The seed a game of a duel gives its players (for levels with noise): from the duel's seed,
/// the opening pair and the colour of player A.
pub fn game_seed(seed: u64, pair: usize, a_color: usize) -> u64 {
    seed ^ ((pair as u64) << 20) ^ ((a_color as u64) << 40)
}

/// A player of a duel.
pub trait Mover {
    /// Forgets what earlier games taught it (transposition table), before each game.
    fn clear(&mut self);
    /// Its move in `root` (which has a legal move and is not over); `seed` varies noisy levels.
    fn choose(&mut self, root: &SearchRoot, seed: u64) -> Move;
}

/// The engine behind a duel player: a level of the live engine, or the frozen baseline, which
/// plays as master does.
pub enum Contestant {
    Live { level: Level, engine: Box<Engine> },
    Baseline(Box<BaselineEngine>),
}

/// A duel player that searches: master and the baseline with the duel's `master` limits (a
/// node budget, so the duel is the same on any machine, or a time per move); the levels below
/// master their own way (`level_time_ms` overrides a level's time, not its node budget).
pub struct EnginePlayer<C: Clock> {
    pub contestant: Contestant,
    pub master: Limits,
    pub level_time_ms: Option<f64>,
    pub clock: C,
    /// What its searches amounted to so far.
    pub stats: SearchStats,
}

impl<C: Clock> EnginePlayer<C> {
    pub fn new(contestant: Contestant, master: Limits, level_time_ms: Option<f64>, clock: C) -> Self {
        EnginePlayer { contestant, master, level_time_ms, clock, stats: SearchStats::default() }
    }
}

/// A duel player's searches added up: how much of its time it used and what it got for it
/// (a duel at equal time is only as equal as the time each side actually spends).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SearchStats {
    /// Moves chosen by a search (forced moves included: they end after an iteration or two).
    pub moves: u64,
    pub nodes: u64,
    /// The sum of the depths completed.
    pub depth: u64,
    pub time_ms: f64,
}

impl SearchStats {
    pub fn add(&mut self, r: &SearchResult) {
        self.moves += 1;
        self.nodes += r.nodes;
        self.depth += r.depth as u64;
        self.time_ms += r.time_ms;
    }

    pub fn merge(&mut self, other: &SearchStats) {
        self.moves += other.moves;
        self.nodes += other.nodes;
        self.depth += other.depth;
        self.time_ms += other.time_ms;
    }
}

impl std::fmt::Display for SearchStats {
    /// `M moves: N nodes, depth D, T ms a move; K k nodes/s`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let m = self.moves.max(1) as f64;
        write!(
            f,
            "{} moves: {:.0} nodes, depth {:.1}, {:.1} ms a move; {:.0} k nodes/s",
            self.moves,
            self.nodes as f64 / m,
            self.depth as f64 / m,
            self.time_ms / m,
            if self.time_ms > 0.0 { self.nodes as f64 / self.time_ms } else { 0.0 }
        )
    }
}

impl<C: Clock> Mover for EnginePlayer<C> {
    fn clear(&mut self) {
        match &mut self.contestant {
            Contestant::Live { engine, .. } => engine.clear(),
            Contestant::Baseline(e) => e.clear(),
        }
    }

    fn choose(&mut self, root: &SearchRoot, seed: u64) -> Move {
        let found = match &mut self.contestant {
            Contestant::Live { level: Level::Master, engine } => engine.search(root, &self.master, &self.clock),
            Contestant::Live { level, engine } => engine.best_move(root, *level, self.level_time_ms, seed, &self.clock),
            Contestant::Baseline(e) => e.search(root, &self.master, &self.clock),
        };
        if let Some(r) = &found {
            self.stats.add(r);
        }
        // Every search answers when a move exists; the first legal move keeps the game legal
        // if one ever did not.
        found.map(|r| r.best).unwrap_or_else(|| root.position.legal_moves()[0])
    }
}

/// A finished game of a duel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// For the side that moves first in the opening position: 1 win, 0 draw, -1 loss.
    pub result: i32,
    /// Plies played from the opening position.
    pub plies: usize,
    /// The moves in the notation of the rules engine.
    pub moves: Vec<String>,
}

/// Plays one game from `start`: `players[0]` moves first. Each player is cleared first.
pub fn play_game(start: Position, players: [&mut dyn Mover; 2], seed: u64) -> GameRecord {
    let mut players = players;
    for p in players.iter_mut() {
        p.clear();
    }
    let mut root = SearchRoot::new(start);
    let mut moves = Vec::new();
    let mut ply = 0;
    loop {
        if root.position.is_lost() {
            // The side to move lost: the first mover if the ply is even.
            return GameRecord { result: if ply % 2 == 0 { -1 } else { 1 }, plies: ply, moves };
        }
        if root.is_over() || ply >= MAX_PLIES {
            return GameRecord { result: 0, plies: ply, moves };
        }
        let mv = players[ply % 2].choose(&root, seed.wrapping_add(ply as u64));
        moves.push(root.position.move_text(&mv));
        root = root.after(&mv);
        ply += 1;
    }
}

/// The Elo difference of a score (clamped away from 0 and 1).
pub fn elo(score: f64) -> f64 {
    let s = score.clamp(1e-4, 1.0 - 1e-4);
    -400.0 * (1.0 / s - 1.0).log10()
}

/// A duel's results so far, as player A sees them.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    /// `(pair, a_color)` -> A's result (1, 0, -1).
    results: std::collections::BTreeMap<(usize, usize), i32>,
}

/// What a [`Tally`] amounts to.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Summary {
    pub wins: usize,
    pub draws: usize,
    pub losses: usize,
    /// A's mean score (a win 1, a draw 1/2).
    pub score: f64,
    pub elo: f64,
    /// The 95% interval of the Elo difference, from the standard error of the mean score of
    /// the complete pairs.
    pub elo_low: f64,
    pub elo_high: f64,
}

impl Tally {
    /// Records A's result of the game of opening pair `pair` with A as colour `a_color` (a game
    /// recorded twice keeps its last result).
    pub fn add(&mut self, pair: usize, a_color: usize, a_result: i32) {
        self.results.insert((pair, a_color), a_result.signum());
    }

    /// Whether that game is recorded.
    pub fn has(&self, pair: usize, a_color: usize) -> bool {
        self.results.contains_key(&(pair, a_color))
    }

    /// Games recorded.
    pub fn games(&self) -> usize {
        self.results.len()
    }

    /// The score and the Elo difference with its interval (`None` before the first game).
    pub fn summary(&self) -> Option<Summary> {
        if self.results.is_empty() {
            return None;
        }
        let count = |r: i32| self.results.values().filter(|&&x| x == r).count();
        let (wins, draws, losses) = (count(1), count(0), count(-1));
        let score = (wins as f64 + 0.5 * draws as f64) / self.results.len() as f64;
        let pairs: Vec<f64> = self
            .results
            .iter()
            .filter(|((_, c), _)| *c == 0)
            .filter_map(|(&(p, _), &x)| self.results.get(&(p, 1)).map(|&y| ((x + 1) as f64 + (y + 1) as f64) / 4.0))
            .collect();
        let m = pairs.len() as f64;
        let se = if pairs.len() >= 2 {
            let mean = pairs.iter().sum::<f64>() / m;
            (pairs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (m - 1.0) / m).sqrt()
        } else {
            0.5
        };
        Some(Summary {
            wins,
            draws,
            losses,
            score,
            elo: elo(score),
            elo_low: elo(score - 1.96 * se),
            elo_high: elo(score + 1.96 * se),
        })
    }
}

/// One duel against another on the same openings and colours ([`Tally::paired`]): the two
/// runs' games of one opening pair share their openings and colours, so the difference of their
/// pair scores cancels what the opening decides and measures a change far more closely than the
/// two runs' own intervals.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Paired {
    /// Opening pairs complete in both runs.
    pub pairs: usize,
    /// The mean over those pairs of (this run's pair score − the other's), per game (a win 1, a
    /// draw 1/2), and its standard error.
    pub mean: f64,
    pub se: f64,
    /// Games of those pairs with the same result in both runs.
    pub same: usize,
}

impl Tally {
    /// A's score per game against `other`'s A on the opening pairs both have complete (`None`
    /// when they share none).
    pub fn paired(&self, other: &Tally) -> Option<Paired> {
        let complete = |t: &Tally, p: usize| match (t.results.get(&(p, 0)), t.results.get(&(p, 1))) {
            (Some(&x), Some(&y)) => Some((x, y)),
            _ => None,
        };
        let score = |(x, y): (i32, i32)| ((x + 1) as f64 + (y + 1) as f64) / 4.0;
        let mut diffs = Vec::new();
        let mut same = 0;
        for &(p, c) in self.results.keys() {
            if c != 0 {
                continue;
            }
            if let (Some(a), Some(b)) = (complete(self, p), complete(other, p)) {
                diffs.push(score(a) - score(b));
                same += usize::from(a.0 == b.0) + usize::from(a.1 == b.1);
            }
        }
        if diffs.is_empty() {
            return None;
        }
        let n = diffs.len() as f64;
        let mean = diffs.iter().sum::<f64>() / n;
        let se = if diffs.len() >= 2 {
            (diffs.iter().map(|d| (d - mean).powi(2)).sum::<f64>() / (n - 1.0) / n).sqrt()
        } else {
            0.5
        };
        Some(Paired { pairs: diffs.len(), mean, se, same })
    }
}

impl std::fmt::Display for Paired {
    /// `P opening pairs in both: A's score +M ± S a game against the other run's; the same
    /// result in K of 2P games`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} opening pairs in both: A's score {:+.4} ± {:.4} a game against the other run's; the same result in {} of {} games",
            self.pairs,
            self.mean,
            self.se,
            self.same,
            2 * self.pairs
        )
    }
}

impl std::fmt::Display for Summary {
    /// `+W =D -L, score S%, Elo E ± H (95%: L .. H)`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "+{} ={} -{} (A's view), score {:.1}%, Elo {:+.0} ± {:.0} (95%: {:+.0} .. {:+.0})",
            self.wins,
            self.draws,
            self.losses,
            100.0 * self.score,
            self.elo,
            (self.elo_high - self.elo_low) / 2.0,
            self.elo_low,
            self.elo_high
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Russian draughts' first move: 7 ways; after two plies 49 lines, fewer positions.
    #[test]
    fn openings_are_the_distinct_positions_of_each_length() {
        assert_eq!(openings(0), vec![Position::start()]);
        assert_eq!(openings(1).len(), 7);
        let two = openings(2);
        let distinct: HashSet<u64> = two.iter().map(|p| p.hash()).collect();
        assert_eq!(distinct.len(), two.len());
        let mut a = shuffled_openings(3, 5);
        let mut b = openings(3);
        assert_eq!(a, shuffled_openings(3, 5));
        assert_ne!(a, shuffled_openings(3, 6));
        a.sort_by_key(|p| p.hash());
        b.sort_by_key(|p| p.hash());
        assert_eq!(a, b);
    }

    /// Paired runs: only the pairs complete in both count, each the difference of its two pair
    /// scores; a run against itself differs by nothing.
    #[test]
    fn paired_runs_compare_the_pairs_both_completed() {
        let mut a = Tally::default();
        let mut b = Tally::default();
        assert!(a.paired(&b).is_none());
        // Pair 0: A won both here, won one and drew one there (1 against 3/4).
        a.add(0, 0, 1);
        a.add(0, 1, 1);
        b.add(0, 0, 1);
        b.add(0, 1, 0);
        // Pair 1: a loss and a draw here (1/4), two draws there (1/2).
        a.add(1, 0, -1);
        a.add(1, 1, 0);
        b.add(1, 0, 0);
        b.add(1, 1, 0);
        // Pair 2 is complete here only, pair 3 there only: neither counts.
        a.add(2, 0, 1);
        a.add(2, 1, 1);
        b.add(3, 0, -1);
        b.add(3, 1, -1);
        b.add(2, 0, -1);
        let p = a.paired(&b).unwrap();
        assert_eq!((p.pairs, p.same), (2, 2));
        assert!((p.mean - 0.0).abs() < 1e-12, "{p:?}");
        assert!((p.se - 0.25).abs() < 1e-12, "{p:?}");
        let own = a.paired(&a).unwrap();
        assert_eq!((own.pairs, own.mean, own.se, own.same), (3, 0.0, 0.0, 6));
        assert!(p.to_string().starts_with("2 opening pairs in both: A's score +0.0000 ± 0.2500"), "{p}");
    }

    /// Two wins, a draw and a loss over two complete pairs: 2.5 / 4.
    #[test]
    fn tally_scores_pairs() {
        let mut t = Tally::default();
        assert!(t.summary().is_none());
        t.add(0, 0, 1);
        t.add(0, 1, 1);
        t.add(1, 0, 0);
        t.add(1, 1, -1);
        let s = t.summary().unwrap();
        assert_eq!((s.wins, s.draws, s.losses), (2, 1, 1));
        assert!((s.score - 0.625).abs() < 1e-12);
        assert!(s.elo_low < s.elo && s.elo < s.elo_high);
        assert!(t.has(1, 1) && !t.has(2, 0));
    }
}
