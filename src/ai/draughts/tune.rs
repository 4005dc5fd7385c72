//! The evaluation tuner behind `tabla tune-draughts`.
//!
//! 1. Self-play: games between two copies of the engine with the start weights
//!    ([`FitOptions::start`]) at a fixed node budget (deterministic),
//!    each from a random opening of 4-9 random plies, the node budget optionally varied from
//!    move to move ([`FitOptions::vary_nodes`]: without it, games from one opening repeat each
//!    other); the opening's random moves, the budgets and every search come from the seed, so
//!    the data file is reproducible. Every quiet position (no
//!    capture for the side to move) after the opening is written with the game's result. Games
//!    are appended one at a time, so an interrupted run resumes where it stopped.
//! 2. Fit: the weights of the linear evaluation are fitted to the results by minimising the
//!    mean squared error between the result (1, 1/2, 0 for White) and `sigmoid(k * eval)`
//!    ("Texel" tuning) with Adam, plus an L2 pull towards the current weights; the material
//!    weights (man, king) stay fixed (they set the scale; a free fit trades them against the
//!    advancement terms, which correlate with them), `k` is fitted first; the features of
//!    [`FitOptions::freeze`] stay too, and positions with fewer than
//!    [`FitOptions::min_pieces`] pieces are left out.
//! 3. Check: a short match (both colours of each opening) of the fitted weights against the
//!    current ones at the same node budget.

#![allow(clippy::needless_range_loop)]

use std::fs;
use std::io::Write;
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use super::eval::{FEATURE_NAMES, Weights, f, features};
use super::levels::Rng;
use super::patterns::{self, Patterns, REGIONS, STATES};
use super::{Engine, Limits, NoClock, SearchRoot};
use crate::draughts::{Color, Position};

/// A random opening of 4-9 random plies (one with no legal move left is retried).
fn random_opening(rng: &mut Rng) -> Position {
    loop {
        let mut p = Position::start();
        let plies = 4 + rng.below(6);
        let mut ok = true;
        for _ in 0..plies {
            let moves = p.legal_moves();
            if moves.is_empty() {
                ok = false;
                break;
            }
            p = p.after(&moves[rng.below(moves.len() as u64) as usize]);
        }
        if ok && !p.is_lost() {
            return p;
        }
    }
}

/// Plays a game between `white` and `black` weights (each with its patterns, if any) from
/// `start`; returns White's result (1, 0.5, 0) and the positions seen. With `vary`, each move's
/// node budget is drawn from `nodes * (1 +- pct / 100)` by the generator (so games from one
/// opening differ, and stay reproducible from the generator's seed).
pub fn self_play(
    start: Position,
    weights: [Weights; 2],
    patterns: [Option<Arc<Patterns>>; 2],
    nodes: u64,
    mut vary: Option<(&mut Rng, u32)>,
    engines: &mut [Engine; 2],
) -> (f64, Vec<Position>) {
    let mut root = SearchRoot::new(start);
    let mut seen = Vec::new();
    for ((e, w), p) in engines.iter_mut().zip(weights).zip(patterns) {
        e.clear();
        e.weights = w;
        e.patterns = p;
    }
    for _ in 0..300 {
        if root.position.is_lost() {
            let white_lost = root.position.turn() == Color::White;
            return (if white_lost { 0.0 } else { 1.0 }, seen);
        }
        if root.is_over() {
            return (0.5, seen);
        }
        seen.push(root.position);
        let e = &mut engines[root.position.turn().index()];
        let budget = match vary.as_mut() {
            Some((rng, pct)) if *pct > 0 => {
                let spread = nodes * u64::from((*pct).min(100)) / 100;
                (nodes - spread + rng.below(2 * spread + 1)).max(1)
            }
            _ => nodes,
        };
        let r = e.search(&root, &Limits { nodes: Some(budget), ..Limits::default() }, &NoClock).expect("has a move");
        root = root.after(&r.best);
    }
    (0.5, seen)
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// How the weights are fitted and checked.
#[derive(Clone, Debug)]
pub struct FitOptions {
    /// Gradient steps.
    pub iterations: usize,
    /// L2 pull towards the start weights.
    pub l2: f64,
    /// Features kept at their start value (the material ones, 0 and 1, always are).
    pub freeze: Vec<usize>,
    /// Positions with fewer pieces are left out (the databases and the drawn-ending scaling
    /// decide those, not the linear sum).
    pub min_pieces: u32,
    /// Where the fit starts, and what the self-play, the search labels and the check play
    /// with.
    pub start: Weights,
    /// The patterns played with `start` (in the self-play, the search labels and the check;
    /// a pattern fit starts from 0 all the same).
    pub start_patterns: Option<Arc<Patterns>>,
    /// Openings of the check match (each played with both colours; 0: no check).
    pub check_pairs: usize,
    /// Fit a full board's weights and the endgame's apart ([`Weights`]); else one set, the
    /// same at every number of pieces.
    pub tapered: bool,
    /// Label each position also by a search of the start weights to this many nodes (0: by
    /// the game's result alone); the target is then `lambda * result + (1 - lambda) *
    /// sigmoid(k * score / 100)`, with the search's score from White's view and `k` the one
    /// fitted to the results. The scores are kept in `<data>.scores-<nodes>` (one per
    /// position, in the data file's order), so a rerun does not search again.
    pub label_nodes: u64,
    /// The result's share of the target when positions are labelled by search (0 to 1).
    pub lambda: f64,
    /// Also fit [`Patterns`] (tapered, from 0) and write them to this file.
    pub patterns_out: Option<std::path::PathBuf>,
    /// L2 pull of the pattern values towards 0 (per unit squared, as [`FitOptions::l2`]).
    pub pattern_l2: f64,
    /// About one game in `holdout` is left out of the fit and its loss reported apart: those
    /// whose first position's hash is a multiple of it, so that repeats of a game (the same
    /// opening) fall on one side (0: none).
    pub holdout: usize,
    /// The self-play's node budget varies by up to this percentage from move to move (0: the
    /// same budget for every move, so games from one opening repeat each other).
    pub vary_nodes: u32,
}

/// The search score (White's view, hundredths of a man; a forced result at +-[`SCORE_CAP`]) of
/// each position at [`FitOptions::label_nodes`] nodes with the start weights. They are kept in
/// `<data>.scores-<nodes>`, one line `score hash` per position in `ps`'s order (the hash of the
/// position it labels, so a file written for other positions is never taken for these), and
/// written in chunks as they are searched: a rerun keeps the lines that still match and
/// searches only the rest (on `threads`).
fn search_scores(
    data: &Path,
    ps: &[Position],
    opts: &FitOptions,
    threads: usize,
    log: &mut dyn FnMut(String),
) -> Result<Vec<i32>, String> {
    let mut name = data.as_os_str().to_owned();
    name.push(format!(".scores-{}", opts.label_nodes));
    let cache = std::path::PathBuf::from(name);
    let mut v: Vec<i32> = Vec::new();
    for (line, p) in fs::read_to_string(&cache).unwrap_or_default().lines().zip(ps) {
        let mut it = line.split_whitespace();
        let score = it.next().and_then(|s| s.parse().ok());
        let hash = it.next().and_then(|h| u64::from_str_radix(h, 16).ok());
        match (score, hash) {
            (Some(s), Some(h)) if h == p.hash() => v.push(s),
            _ => break,
        }
    }
    if v.len() == ps.len() {
        log(format!("search labels: {} read from {}", v.len(), cache.display()));
        return Ok(v);
    }
    log(format!("search labels: {} positions at {} nodes ({} on file)", ps.len(), opts.label_nodes, v.len()));
    // the matching lines only, then the rest appended chunk by chunk
    let kept: String = v.iter().zip(ps).map(|(s, p)| format!("{s} {:x}\n", p.hash())).collect();
    fs::write(&cache, kept).map_err(|e| format!("{}: {e}", cache.display()))?;
    let mut file = fs::OpenOptions::new().append(true).open(&cache).map_err(|e| format!("{}: {e}", cache.display()))?;
    const CHUNK: usize = 8192;
    while v.len() < ps.len() {
        let chunk = &ps[v.len()..(v.len() + CHUNK).min(ps.len())];
        let out = Mutex::new(vec![0i32; chunk.len()]);
        let next = AtomicUsize::new(0);
        std::thread::scope(|scope| {
            for _ in 0..threads.max(1) {
                scope.spawn(|| {
                    // 1 MB (65,536 entries) holds a label search's nodes; a bigger table
                    // costs more to empty than the search gains from it
                    let mut e = Engine::new(1);
                    e.weights = opts.start;
                    e.patterns = opts.start_patterns.clone();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(p) = chunk.get(i) else { break };
                        // each search from an empty table, so the labels do not depend on the order
                        e.clear();
                        let limits = Limits { nodes: Some(opts.label_nodes), ..Limits::default() };
                        let r =
                            e.search(&SearchRoot::new(*p), &limits, &NoClock).expect("a position with a legal move");
                        let s = r.score.clamp(-SCORE_CAP, SCORE_CAP);
                        out.lock().unwrap()[i] = if p.turn() == Color::White { s } else { -s };
                    }
                });
            }
        });
        let scores = out.into_inner().unwrap();
        let text: String = scores.iter().zip(chunk).map(|(s, p)| format!("{s} {:x}\n", p.hash())).collect();
        file.write_all(text.as_bytes()).map_err(|e| format!("{}: {e}", cache.display()))?;
        v.extend(scores);
        if v.len() % (16 * CHUNK) < CHUNK {
            log(format!("  labelled {} of {}", v.len(), ps.len()));
        }
    }
    Ok(v)
}

/// Search scores beyond this (forced results) are labelled as this: a certain win or loss.
pub const SCORE_CAP: i32 = 2000;

/// The fit's loss: the mean of `(sigmoid(k * x.w / 100) - y)^2` over the sparse rows `xs`.
fn mean_squared_error(xs: &[Vec<(usize, f64)>], ys: &[f64], w: &[f64], k: f64) -> f64 {
    let mut s = 0.0;
    for (x, y) in xs.iter().zip(ys) {
        let e: f64 = x.iter().map(|&(i, v)| w[i] * v).sum();
        let d = sigmoid(k * e / 100.0) - y;
        s += d * d;
    }
    s / xs.len() as f64
}

/// Runs the whole tuner; progress goes to `log`.
pub fn run(
    data: &Path,
    games: usize,
    seed: u64,
    nodes: u64,
    threads: usize,
    opts: &FitOptions,
    log: &mut dyn FnMut(String),
) -> Result<(), String> {
    let (iterations, l2, start) = (opts.iterations, opts.l2, opts.start);
    if let Some(dir) = data.parent() {
        fs::create_dir_all(dir).map_err(|e| e.to_string())?;
    }
    // Which games are already on file ("g <index> <result>" header lines).
    let existing = fs::read_to_string(data).unwrap_or_default();
    let done: std::collections::HashSet<usize> =
        existing.lines().filter_map(|l| l.strip_prefix("g ")?.split_whitespace().next()?.parse().ok()).collect();
    let todo: Vec<usize> = (0..games).filter(|g| !done.contains(g)).collect();
    log(format!(
        "self-play: {} games on file, {} to play ({} nodes per move, seed {seed})",
        done.len(),
        todo.len(),
        nodes
    ));
    let file = Mutex::new(fs::OpenOptions::new().create(true).append(true).open(data).map_err(|e| e.to_string())?);
    let next = AtomicUsize::new(0);
    let finished = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| {
                let mut engines = [Engine::new(4), Engine::new(4)];
                loop {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&g) = todo.get(k) else { break };
                    let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9).wrapping_add(g as u64));
                    let start = random_opening(&mut rng);
                    let both = [opts.start_patterns.clone(), opts.start_patterns.clone()];
                    let vary = Some((&mut rng, opts.vary_nodes));
                    let (result, seen) = self_play(start, [opts.start; 2], both, nodes, vary, &mut engines);
                    let mut text = format!("g {g} {result}\n");
                    for p in seen.iter().skip(2) {
                        if !p.has_capture() {
                            text.push_str(&p.to_fen());
                            text.push('\n');
                        }
                    }
                    file.lock().unwrap().write_all(text.as_bytes()).ok();
                    finished.fetch_add(1, Ordering::Relaxed);
                }
            });
        }
    });
    // Load the positions, each with its game's result for White.
    let text = fs::read_to_string(data).map_err(|e| e.to_string())?;
    // Sparse rows (most features, the square table's above all, are 0 in a position).
    let mut xs: Vec<Vec<(usize, f64)>> = Vec::new();
    let mut ys: Vec<f64> = Vec::new();
    let mut ps: Vec<Position> = Vec::new();
    // the held-out games' positions (FitOptions::holdout)
    let (mut hx, mut hy): (Vec<Vec<(usize, f64)>>, Vec<f64>) = (Vec::new(), Vec::new());
    // Games from the same opening repeat each other (the self-play is deterministic), so a
    // game is held out by its first position, not its number.
    let (mut held, mut first) = (false, false);
    let with_patterns = opts.patterns_out.is_some();
    // the parameters: a full board's weights, the endgame's, then (full, endgame) per pattern
    let n_params = 2 * f::N + if with_patterns { 2 * REGIONS * STATES } else { 0 };
    let mut result = 0.5;
    let mut seen_games = std::collections::HashSet::new();
    let mut skip = false;
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("g ") {
            let mut it = rest.split_whitespace();
            let g: usize = it.next().and_then(|s| s.parse().ok()).unwrap_or(usize::MAX);
            result = it.next().and_then(|s| s.parse().ok()).unwrap_or(0.5);
            // A game written twice (interrupted mid-write and replayed) counts once.
            skip = g >= games || !seen_games.insert(g);
            first = true;
            continue;
        }
        if skip {
            continue;
        }
        if let Ok(p) = Position::from_fen(line) {
            if std::mem::take(&mut first) {
                held = opts.holdout > 0 && p.hash() % opts.holdout as u64 == 0;
            }
            if p.occupied().count_ones() < opts.min_pieces {
                continue;
            }
            let x = features(&p);
            // A weight at n pieces is (w n + e (24 - n)) / 24 (`Weights::at`): feature i
            // counts n / 24 towards w[i] and (24 - n) / 24 towards e[i] (index N + i).
            let n = p.occupied().count_ones().min(24) as f64;
            let mut row = Vec::new();
            for i in (0..f::N).filter(|&i| x[i] != 0) {
                if !opts.tapered {
                    row.push((i, x[i] as f64));
                    continue;
                }
                row.push((i, x[i] as f64 * n / 24.0));
                if n < 24.0 {
                    row.push((f::N + i, x[i] as f64 * (24.0 - n) / 24.0));
                }
            }
            if with_patterns {
                for (r, (iw, ib)) in patterns::indices(&p).into_iter().enumerate() {
                    if iw == ib {
                        continue;
                    }
                    let (a, b) = (2 * f::N + 2 * (r * STATES + iw), 2 * f::N + 2 * (r * STATES + ib));
                    row.extend([(a, n / 24.0), (b, -n / 24.0)]);
                    if n < 24.0 {
                        row.extend([(a + 1, (24.0 - n) / 24.0), (b + 1, -(24.0 - n) / 24.0)]);
                    }
                }
            }
            if held {
                hx.push(row);
                hy.push(result);
                continue;
            }
            xs.push(row);
            ys.push(result);
            ps.push(p);
        }
    }
    log(format!("fit: {} positions from {} games ({} held out)", xs.len(), seen_games.len(), hx.len()));
    if xs.is_empty() {
        return Err("no positions to fit".into());
    }
    let loss = |w: &[f64], k: f64| mean_squared_error(&xs, &ys, w, k);
    // w[i] a full board's weight, w[N + i] the endgame's (used only by a tapered fit).
    let mut w = vec![0f64; n_params];
    let mut w0 = vec![0f64; n_params];
    for i in 0..f::N {
        w0[i] = start.w[i] as f64;
        w0[f::N + i] = start.e[i] as f64;
    }
    if !opts.tapered {
        // an untapered fit of weights that were tapered starts from a full board's
        w0[f::N..].copy_from_slice(&start.w.map(f64::from));
    }
    w.copy_from_slice(&w0);
    // Fit k for the current weights (golden-section search on [0.05, 5]).
    let (mut lo, mut hi) = (0.05f64, 5.0f64);
    for _ in 0..40 {
        let m1 = lo + (hi - lo) * 0.382;
        let m2 = lo + (hi - lo) * 0.618;
        if loss(&w, m1) < loss(&w, m2) {
            hi = m2;
        } else {
            lo = m1;
        }
    }
    let k = (lo + hi) / 2.0;
    log(format!("k = {k:.3} (fitted to the results)"));
    if opts.label_nodes > 0 {
        let scores = search_scores(data, &ps, opts, threads, log)?;
        for (y, s) in ys.iter_mut().zip(&scores) {
            *y = opts.lambda * *y + (1.0 - opts.lambda) * sigmoid(k * *s as f64 / 100.0);
        }
    }
    let loss = |w: &[f64], k: f64| mean_squared_error(&xs, &ys, w, k);
    let held_loss = |w: &[f64]| if hx.is_empty() { f64::NAN } else { mean_squared_error(&hx, &hy, w, k) };
    let before = loss(&w, k);
    log(format!("k = {k:.3}, loss with the current weights {before:.6} (held out {:.6})", held_loss(&w)));
    // Adam on all weights but the material ones.
    let (mut m, mut v) = (vec![0f64; n_params], vec![0f64; n_params]);
    let (b1, b2, lr) = (0.9, 0.999, 0.5);
    let mut grad = vec![0f64; n_params];
    for it in 1..=iterations {
        grad.fill(0.0);
        for (x, y) in xs.iter().zip(&ys) {
            let e: f64 = x.iter().map(|&(i, v)| w[i] * v).sum();
            let s = sigmoid(k * e / 100.0);
            let g = 2.0 * (s - y) * s * (1.0 - s) * k / 100.0;
            for &(i, v) in x {
                grad[i] += g * v;
            }
        }
        let dense = (2..f::N).chain(if opts.tapered { f::N + 2..2 * f::N } else { 0..0 });
        for i in dense.filter(|i| !opts.freeze.contains(&(i % f::N))).chain(2 * f::N..n_params) {
            let pull = if i < 2 * f::N { l2 } else { opts.pattern_l2 };
            let g = grad[i] / xs.len() as f64 + 2.0 * pull * (w[i] - w0[i]);
            m[i] = b1 * m[i] + (1.0 - b1) * g;
            v[i] = b2 * v[i] + (1.0 - b2) * g * g;
            let mh = m[i] / (1.0 - b1.powi(it as i32));
            let vh = v[i] / (1.0 - b2.powi(it as i32));
            w[i] -= lr * mh / (vh.sqrt() + 1e-9);
        }
        if it % 500 == 0 || it == iterations {
            log(format!("  step {it}: loss {:.6} (held out {:.6})", loss(&w, k), held_loss(&w)));
        }
    }
    if !opts.tapered {
        let full: Vec<f64> = w[..f::N].to_vec();
        w[f::N..2 * f::N].copy_from_slice(&full);
    }
    let mut fitted = start;
    for i in 0..f::N {
        fitted.w[i] = w[i].round() as i32;
        fitted.e[i] = w[f::N + i].round() as i32;
    }
    log(format!("loss {before:.6} -> {:.6} (held out {:.6})", loss(&w, k), held_loss(&w)));
    // the fitted patterns, which the check plays with (without a pattern fit: the start's)
    let mut fitted_patterns = opts.start_patterns.clone();
    if let Some(out) = &opts.patterns_out {
        let max = patterns::MAX_VALUE as f64;
        let clamp = |x: f64| x.round().clamp(-max, max) as i16;
        let table =
            (0..REGIONS * STATES).map(|j| [clamp(w[2 * f::N + 2 * j]), clamp(w[2 * f::N + 2 * j + 1])]).collect();
        let patterns = Patterns::new(table)?;
        fitted_patterns = Some(Arc::new(patterns.clone()));
        // a .bin file gets the compact form the engine builds in (weights/patterns.bin)
        let bytes = if out.extension().is_some_and(|e| e == "bin") {
            patterns.to_bytes().ok_or("a pattern value does not fit in a byte: use a text file")?
        } else {
            patterns.to_text().into_bytes()
        };
        fs::write(out, bytes).map_err(|e| format!("{}: {e}", out.display()))?;
        log(format!("patterns written to {}", out.display()));
    }
    for i in 0..f::N {
        log(format!(
            "  {:<14} {:>5} {:>5} -> {:>5} {:>5}",
            FEATURE_NAMES[i], start.w[i], start.e[i], fitted.w[i], fitted.e[i]
        ));
    }
    let list = |v: &[i32]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(",");
    if fitted.w == fitted.e {
        log(format!("fitted weights: {}", list(&fitted.w)));
    } else {
        log(format!("fitted weights: {},{}", list(&fitted.w), list(&fitted.e)));
    }
    // Check: fitted vs current, each opening with both colours.
    let pairs = opts.check_pairs;
    if pairs == 0 {
        return Ok(());
    }
    let score = Mutex::new((0.0f64, 0usize));
    let next = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| {
                let mut engines = [Engine::new(4), Engine::new(4)];
                loop {
                    let p = next.fetch_add(1, Ordering::Relaxed);
                    if p >= pairs {
                        break;
                    }
                    let mut rng = Rng(seed ^ 0xC0FF_EE00 ^ p as u64);
                    let opening = random_opening(&mut rng);
                    let (a, b) = (fitted_patterns.clone(), opts.start_patterns.clone());
                    let (r1, _) =
                        self_play(opening, [fitted, start], [a.clone(), b.clone()], nodes, None, &mut engines);
                    let (r2, _) = self_play(opening, [start, fitted], [b, a], nodes, None, &mut engines);
                    let mut s = score.lock().unwrap();
                    s.0 += r1 + (1.0 - r2);
                    s.1 += 2;
                }
            });
        }
    });
    let (s, n) = *score.lock().unwrap();
    log(format!("check: fitted weights score {:.1}% against the current ones over {n} games", 100.0 * s / n as f64));
    Ok(())
}
