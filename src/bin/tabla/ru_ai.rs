//! Subcommands of the Russian draughts computer opponent: analysis, benchmarks, duels between
//! levels, and the evaluation tuner.

use std::fs;
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use clap::Subcommand;
use tabla::ai::draughts::duel::{self, Contestant, EnginePlayer};
use tabla::ai::draughts::endgame::Tablebase;
use tabla::ai::draughts::eval::f;
use tabla::ai::draughts::patterns::Patterns;
use tabla::ai::draughts::{
    BaselineEngine, Engine, Level, Limits, MAX_DEPTH, SearchParams, SearchRoot, StdClock, Weights, tune,
};
use tabla::draughts::Position;

use crate::args;

#[derive(Subcommand)]
#[allow(clippy::enum_variant_names)]
pub enum Command {
    /// Searches one position and prints the best line, score, depth and nodes.
    AnalyzeDraughts {
        /// PDN FEN of the position (default: the start position).
        #[arg(long)]
        fen: Option<String>,
        /// Depth limit, 1 to 64.
        #[arg(long, value_parser = args::count::<u32>(1, MAX_DEPTH as u64))]
        depth: Option<u32>,
        /// Node budget.
        #[arg(long, value_parser = args::count::<u64>(1, args::MAX_NODES))]
        nodes: Option<u64>,
        /// Time limit (default: 1000 ms with neither --depth nor --nodes, else 600000 ms, the
        /// most allowed).
        #[arg(long, value_parser = args::time_ms)]
        time_ms: Option<f64>,
        /// Transposition table size in MB (1 to 4096).
        #[arg(long, default_value_t = 16, value_parser = args::count::<usize>(1, args::MAX_TT_MB))]
        tt_mb: usize,
        /// Build and probe the endgame databases up to this many pieces (0: none).
        #[arg(long, default_value_t = 0, value_parser = args::count::<u32>(0, tabla::ai::draughts::endgame::MAX_PIECES as u64))]
        tablebase: u32,
        /// Without --tablebase, do not build and probe the databases the position can reach (a
        /// timed search does by default: `Engine::shared_endgames`).
        #[arg(long)]
        no_shared_endgames: bool,
    },
    /// Nodes per second and depth reached in a fixed time over a committed set of positions,
    /// then each level's time per move.
    BenchDraughts {
        /// One FEN per line ('#' comments).
        #[arg(long, default_value = "tests/data/draughts_ai/bench.txt")]
        positions: PathBuf,
        /// Time per position for the speed test.
        #[arg(long, default_value_t = 1000.0, value_parser = args::time_ms)]
        time_ms: f64,
        /// Skip the per-level timing.
        #[arg(long)]
        no_levels: bool,
        /// Learnt patterns added to the evaluation (as duel-draughts --patterns; default: the
        /// built-in ones, `none` for none).
        #[arg(long)]
        patterns: Option<PathBuf>,
    },
    /// Plays player A against player B from varied openings, each opening with both colours,
    /// and prints A's wins/draws/losses and the Elo difference with its 95% interval. A player
    /// is a level (beginner ... master) or `baseline`, the frozen engine of issue 20 playing
    /// as master (same time or node budget).
    DuelDraughts {
        #[arg(long, value_parser = |s: &str| s.parse::<Player>())]
        a: Player,
        #[arg(long, value_parser = |s: &str| s.parse::<Player>())]
        b: Player,
        /// Number of games (rounded up to an even number: each opening is played twice).
        #[arg(long, default_value_t = 200, value_parser = args::count::<usize>(1, args::MAX_GAMES))]
        games: usize,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Opening plies played from the start position (all openings of that length, shuffled
        /// with the seed; 0 to 10).
        #[arg(long, default_value_t = 3, value_parser = args::count::<u32>(0, args::MAX_OPENING_PLIES))]
        opening_plies: u32,
        /// Time per move for time-limited levels (master); default: the level's own.
        #[arg(long, value_parser = args::time_ms)]
        time_ms: Option<f64>,
        /// Node budget per move for master instead of its time limit (deterministic duels).
        #[arg(long, value_parser = args::count::<u64>(1, args::MAX_NODES))]
        master_nodes: Option<u64>,
        #[arg(long, default_value_t = 1, value_parser = args::count::<usize>(1, args::MAX_THREADS))]
        threads: usize,
        /// Append each finished game here as one JSON line; games already in it are not
        /// replayed (resume after an interruption).
        #[arg(long)]
        out: Option<PathBuf>,
        /// Another run's --out file of the same players, seed and openings (e.g. the live engine
        /// with another setting): after the duel, A's score per game against that run's A on the
        /// opening pairs both have played, with its standard error (`duel::Tally::paired`).
        #[arg(long)]
        paired_with: Option<PathBuf>,
        /// Print every game.
        #[arg(long)]
        verbose: bool,
        /// The live engine's players probe endgame databases up to this many pieces, built
        /// before the first game (0: none built ahead; the baseline never probes any).
        #[arg(long, default_value_t = 0, value_parser = args::count::<u32>(0, tabla::ai::draughts::endgame::MAX_PIECES as u64))]
        tablebase: u32,
        /// Without --tablebase, the live engine's timed searches (master) do not build and
        /// probe the databases play can reach (they do by default: `Engine::shared_endgames`).
        #[arg(long)]
        no_shared_endgames: bool,
        /// The live engine's evaluation weights instead of the built-in ones: every weight of
        /// `eval::FEATURE_NAMES`, in order, separated by commas (as `tune-draughts` prints them),
        /// once (the same at every number of pieces) or twice (a full board's, then the
        /// endgame's: `eval::Weights`).
        #[arg(long, value_parser = parse_weights)]
        weights: Option<Weights>,
        /// Learnt patterns for the live engine's evaluation (a file `tune-draughts
        /// --patterns-out` wrote; default: the built-in ones, `none` for none: the weights
        /// alone, e.g. with --weights of an earlier fit that had no patterns).
        #[arg(long)]
        patterns: Option<PathBuf>,
        /// The live engine's aspiration window (hundredths of a man; 0: none) instead of the
        /// built-in one.
        #[arg(long, value_parser = args::count::<i32>(0, 1000))]
        aspiration: Option<i32>,
        /// The live engine's history malus on (1) or off (0) instead of the built-in setting.
        #[arg(long, value_parser = args::count::<u32>(0, 1))]
        history_malus: Option<u32>,
        /// The live engine's first reduced move place instead of the built-in one
        /// (`SearchParams::lmr_moves`).
        #[arg(long, value_parser = args::count::<u32>(1, 128))]
        lmr_moves: Option<u32>,
        /// The live engine's first twice-reduced move place (`SearchParams::lmr_deep`).
        #[arg(long, value_parser = args::count::<u32>(1, 128))]
        lmr_deep: Option<u32>,
        /// The live engine's logarithmic reductions' divisor (`SearchParams::lmr_log`; 0: off).
        #[arg(long, value_parser = args::count::<u32>(0, 10_000))]
        lmr_log: Option<u32>,
        /// The live engine's share of the time (percent) after which no iteration starts
        /// (`SearchParams::iter_stop`).
        #[arg(long, value_parser = args::count::<u32>(1, 100))]
        iter_stop: Option<u32>,
        /// The live engine's reverse futility margin per ply (`SearchParams::rfp_margin`; 0: off).
        #[arg(long, value_parser = args::count::<i32>(0, 1000))]
        rfp_margin: Option<i32>,
        /// The live engine's futility margin at depth 1 (`SearchParams::futility_margin`; 0: off).
        #[arg(long, value_parser = args::count::<i32>(0, 1000))]
        futility_margin: Option<i32>,
        /// The live engine's ProbCut margin (`SearchParams::probcut_margin`; 0: off).
        #[arg(long, value_parser = args::count::<i32>(0, 1000))]
        probcut_margin: Option<i32>,
        /// The live engine's threat extension at the horizon on (1) or off (0)
        /// (`SearchParams::threat_extension`).
        #[arg(long, value_parser = args::count::<u32>(0, 1))]
        threat_extension: Option<u32>,
        /// The live engine's contempt (`SearchParams::contempt`, hundredths of a man; 0: off).
        #[arg(long, value_parser = args::count::<i32>(0, 1000))]
        contempt: Option<i32>,
        /// The live engine's look through forced moves on (1) or off (0)
        /// (`SearchParams::forced_lookahead`).
        #[arg(long, value_parser = args::count::<u32>(0, 1))]
        forced_lookahead: Option<u32>,
    },
    /// The tactics suite: solves each position of a file of shots (FEN and winning first move),
    /// or with --find N searches self-play games for N new shots and appends them to the file.
    TacticsDraughts {
        #[arg(long, default_value = "tests/data/draughts_ai/tactics.txt")]
        suite: PathBuf,
        /// Time per position when solving.
        #[arg(long, default_value_t = 1000.0, value_parser = args::time_ms)]
        time_ms: f64,
        /// Node budget per position when solving (instead of time: deterministic).
        #[arg(long, value_parser = args::count::<u64>(1, args::MAX_NODES))]
        nodes: Option<u64>,
        /// Find this many new shots and append them to the suite (at most 10000).
        #[arg(long, value_parser = args::count::<usize>(1, 10_000))]
        find: Option<usize>,
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Builds the endgame databases (every position with up to N pieces) by retrograde
    /// analysis, prints their size, generation time and results, and optionally a position's
    /// value with the database's best line.
    EndgameDraughts {
        /// The most pieces on the board, 1 to 4 (4: every database, about 6 s natively).
        #[arg(long, value_parser = args::count::<u32>(1, tabla::ai::draughts::endgame::MAX_PIECES as u64))]
        pieces: u32,
        /// PDN FEN of a position to look up.
        #[arg(long)]
        fen: Option<String>,
        /// Also print wins/draws/losses and the longest distance for each material.
        #[arg(long)]
        detail: bool,
    },
    /// Tunes the evaluation weights: self-play games (reproducible from the seed, resumable),
    /// then a logistic fit of the weights to the games' results.
    TuneDraughts {
        /// Where the generated positions and results go (appended; resumable).
        #[arg(long, default_value = "target/tune-draughts/games.txt")]
        data: PathBuf,
        /// Self-play games to have in the data file before fitting.
        #[arg(long, default_value_t = 2000, value_parser = args::count::<usize>(1, args::MAX_GAMES))]
        games: usize,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Node budget per move in the self-play games (at most 10,000,000).
        #[arg(long, default_value_t = 3000, value_parser = args::count::<u64>(1, 10_000_000))]
        nodes: u64,
        /// Gradient steps of the fit.
        #[arg(long, default_value_t = 3000, value_parser = args::count::<usize>(1, args::MAX_ITERATIONS))]
        iterations: usize,
        #[arg(long, default_value_t = 1, value_parser = args::count::<usize>(1, args::MAX_THREADS))]
        threads: usize,
        /// L2 pull of the fitted weights towards the current ones (per unit of weight squared,
        /// in the units of the mean squared error; 0 to 1).
        #[arg(long, default_value_t = 1e-7, value_parser = args::real(0.0, 1.0))]
        l2: f64,
        /// Features kept at their start value, by name (comma-separated; man and king always).
        #[arg(long, default_value = "")]
        freeze: String,
        /// Leave out positions with fewer pieces than this.
        #[arg(long, default_value_t = 0, value_parser = args::count::<u32>(0, 24))]
        min_pieces: u32,
        /// Start from these weights (as --weights of duel-draughts) instead of the built-in ones.
        #[arg(long, value_parser = parse_weights)]
        start: Option<Weights>,
        /// The patterns played with the start weights (a file as duel-draughts --patterns
        /// reads; default: the built-in ones, `none` for none).
        #[arg(long)]
        start_patterns: Option<PathBuf>,
        /// Openings of the check match of the fitted weights against the start ones (each with
        /// both colours; 0: none).
        #[arg(long, default_value_t = 100, value_parser = args::count::<usize>(0, 100_000))]
        check_pairs: usize,
        /// Fit a full board's weights and the endgame's apart (printed as twice as many).
        #[arg(long)]
        tapered: bool,
        /// Label each position also by a search of the start weights to this many nodes (0:
        /// by the game's result alone); the scores are cached beside the data file.
        #[arg(long, default_value_t = 0, value_parser = args::count::<u64>(0, 10_000_000))]
        label_nodes: u64,
        /// With --label-nodes: the game result's share of each position's target (the rest is
        /// the search score's winning chance).
        #[arg(long, default_value_t = 0.5, value_parser = args::real(0.0, 1.0))]
        lambda: f64,
        /// Also fit learnt patterns of the 4x4 blocks (from 0) and write them to this file
        /// (as duel-draughts --patterns reads).
        #[arg(long)]
        patterns_out: Option<PathBuf>,
        /// L2 pull of the pattern values towards 0 (0 to 1).
        #[arg(long, default_value_t = 1e-6, value_parser = args::real(0.0, 1.0))]
        pattern_l2: f64,
        /// Leave every N-th game out of the fit and report its loss apart (0: none).
        #[arg(long, default_value_t = 0, value_parser = args::count::<usize>(0, 1000))]
        holdout: usize,
        /// Vary the self-play's node budget from move to move by up to this percentage, so
        /// games from one opening differ (0: every move at --nodes).
        #[arg(long, default_value_t = 0, value_parser = args::count::<u32>(0, 100))]
        vary_nodes: u32,
    },
}

pub fn run(cmd: Command) -> Result<(), String> {
    match cmd {
        Command::AnalyzeDraughts { fen, depth, nodes, time_ms, tt_mb, tablebase, no_shared_endgames } => {
            let pos = match fen {
                Some(f) => Position::from_fen(&f).map_err(|e| e.to_string())?,
                None => Position::start(),
            };
            let mut engine = Engine::new(tt_mb);
            engine.tablebase = build_tablebase(tablebase)?;
            engine.shared_endgames = !no_shared_endgames;
            if let Some(v) = engine.tablebase.as_ref().and_then(|tb| tb.probe(&pos)) {
                println!("database: {v}");
            }
            let limits = Limits {
                depth,
                nodes,
                time_ms: time_ms.or(Some(if depth.is_none() && nodes.is_none() { 1000.0 } else { args::MAX_TIME_MS })),
            };
            let clock = StdClock::new();
            let r =
                engine.analyze(&SearchRoot::new(pos), &limits, &clock).ok_or("the side to move has no legal move")?;
            println!("{}", pos.diagram());
            println!(
                "best {}  score {}  depth {}/{}  nodes {}  {:.0} ms  {:.0} knps",
                pos.move_text(&r.best),
                r.score(),
                r.depth,
                r.seldepth,
                r.nodes,
                r.time_ms,
                r.nodes as f64 / r.time_ms.max(0.001)
            );
            println!("pv {}", r.pv_text(&pos).join(" "));
            Ok(())
        }
        Command::BenchDraughts { positions, time_ms, no_levels, patterns } => {
            bench(&positions, time_ms, no_levels, read_patterns(patterns)?)
        }
        Command::DuelDraughts {
            a,
            b,
            games,
            seed,
            opening_plies,
            time_ms,
            master_nodes,
            threads,
            out,
            paired_with,
            verbose,
            tablebase,
            no_shared_endgames,
            weights,
            patterns,
            aspiration,
            history_malus,
            lmr_moves,
            lmr_deep,
            lmr_log,
            probcut_margin,
            iter_stop,
            rfp_margin,
            futility_margin,
            threat_extension,
            contempt,
            forced_lookahead,
        } => {
            let tb = build_tablebase(tablebase)?;
            let patterns = read_patterns(patterns)?;
            let mut live = Live {
                tablebase: tb,
                shared_endgames: !no_shared_endgames,
                weights: weights.unwrap_or_default(),
                params: SearchParams::DEFAULT,
                patterns,
            };
            if let Some(a) = aspiration {
                live.params.aspiration = a;
            }
            if let Some(h) = history_malus {
                live.params.history_malus = h == 1;
            }
            if let Some(m) = lmr_moves {
                live.params.lmr_moves = m;
            }
            if let Some(m) = lmr_deep {
                live.params.lmr_deep = m;
            }
            if let Some(m) = lmr_log {
                live.params.lmr_log = m;
            }
            if let Some(m) = probcut_margin {
                live.params.probcut_margin = m;
            }
            if let Some(m) = iter_stop {
                live.params.iter_stop = m;
            }
            if let Some(m) = rfp_margin {
                live.params.rfp_margin = m;
            }
            if let Some(m) = futility_margin {
                live.params.futility_margin = m;
            }
            if let Some(t) = threat_extension {
                live.params.threat_extension = t == 1;
            }
            if let Some(c) = contempt {
                live.params.contempt = c;
            }
            if let Some(f) = forced_lookahead {
                live.params.forced_lookahead = f == 1;
            }
            duel(a, b, games, seed, opening_plies, time_ms, master_nodes, threads, out, paired_with, verbose, &live)
        }
        Command::TacticsDraughts { suite, time_ms, nodes, find, seed } => match find {
            Some(n) => find_shots(&suite, n, seed),
            None => solve_suite(&suite, time_ms, nodes),
        },
        Command::EndgameDraughts { pieces, fen, detail } => endgame(pieces, fen, detail),
        Command::TuneDraughts {
            data,
            games,
            seed,
            nodes,
            iterations,
            threads,
            l2,
            freeze,
            min_pieces,
            start,
            start_patterns,
            check_pairs,
            tapered,
            label_nodes,
            lambda,
            patterns_out,
            pattern_l2,
            holdout,
            vary_nodes,
        } => {
            let freeze = freeze
                .split(',')
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .map(|s| {
                    tabla::ai::draughts::eval::FEATURE_NAMES
                        .iter()
                        .position(|n| *n == s)
                        .ok_or(format!("no feature {s}"))
                })
                .collect::<Result<Vec<_>, _>>()?;
            let opts = tune::FitOptions {
                iterations,
                l2,
                freeze,
                min_pieces,
                start_patterns: read_patterns(start_patterns)?,
                start: start.unwrap_or_default(),
                check_pairs,
                tapered,
                label_nodes,
                lambda,
                patterns_out,
                pattern_l2,
                holdout,
                vary_nodes,
            };
            tune::run(&data, games, seed, nodes, threads, &opts, &mut |s| println!("{s}"))
        }
    }
}

fn read_fens(path: &PathBuf) -> Result<Vec<Position>, String> {
    let text = fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| Position::from_fen(l.split_whitespace().next().unwrap()).map_err(|e| format!("{l}: {e}")))
        .collect()
}

/// The patterns a `--patterns`-like flag names: without the flag the built-in ones (what the
/// engine plays with), `none` for none (the weights alone), else a file `tune-draughts
/// --patterns-out` wrote.
fn read_patterns(path: Option<PathBuf>) -> Result<Option<Arc<Patterns>>, String> {
    let Some(path) = path else { return Ok(Some(tabla::ai::draughts::patterns::builtin())) };
    if path.as_os_str() == "none" {
        return Ok(None);
    }
    let bytes = fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(Some(Arc::new(Patterns::read(&bytes).map_err(|e| format!("{}: {e}", path.display()))?)))
}

fn bench(path: &PathBuf, time_ms: f64, no_levels: bool, patterns: Option<Arc<Patterns>>) -> Result<(), String> {
    let positions = read_fens(path)?;
    let mut engine = Engine::new(16);
    engine.patterns = patterns;
    let (mut nodes, mut ms, mut depths) = (0u64, 0f64, Vec::new());
    println!("search for {time_ms} ms per position ({} positions, 16 MB table):", positions.len());
    for p in &positions {
        engine.clear();
        let clock = StdClock::new();
        let r = engine.search(&SearchRoot::new(*p), &Limits { time_ms: Some(time_ms), ..Limits::default() }, &clock);
        if let Some(r) = r {
            println!(
                "  depth {:>2} (sel {:>2})  {:>9} nodes  {:>6.0} ms  {:>6.0} knps  {}  {}",
                r.depth,
                r.seldepth,
                r.nodes,
                r.time_ms,
                r.nodes as f64 / r.time_ms.max(0.001),
                r.score(),
                p.to_fen()
            );
            nodes += r.nodes;
            ms += r.time_ms;
            depths.push(r.depth);
        }
    }
    depths.sort();
    let mean = depths.iter().sum::<u32>() as f64 / depths.len().max(1) as f64;
    println!(
        "total: {} nodes in {:.0} ms = {:.0} nodes/s; depth in {time_ms} ms: mean {:.1}, min {}, median {}, max {}",
        nodes,
        ms,
        nodes as f64 / (ms / 1000.0),
        mean,
        depths.first().copied().unwrap_or(0),
        depths.get(depths.len() / 2).copied().unwrap_or(0),
        depths.last().copied().unwrap_or(0)
    );
    if no_levels {
        return Ok(());
    }
    println!("time per move by level (mean / max over the positions, fresh 8 MB table per move):");
    for level in Level::ALL {
        let mut engine = Engine::new(8);
        let (mut sum, mut max) = (0f64, 0f64);
        for p in &positions {
            engine.clear();
            let clock = StdClock::new();
            let t0 = std::time::Instant::now();
            engine.best_move(&SearchRoot::new(*p), level, None, 1, &clock);
            let t = t0.elapsed().as_secs_f64() * 1000.0;
            sum += t;
            max = f64::max(max, t);
        }
        println!("  {:<9} {:>8.1} ms  {:>8.1} ms", level.name(), sum / positions.len() as f64, max);
    }
    Ok(())
}

/// Every position `plies` moves from the start (one per distinct position), in generation order.
/// A duel player: a level of the live engine, or the frozen baseline playing as master.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    Level(Level),
    Baseline,
}

impl Player {
    fn name(self) -> &'static str {
        match self {
            Player::Level(l) => l.name(),
            Player::Baseline => "baseline",
        }
    }
}

impl std::fmt::Display for Player {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Player {
    type Err = String;
    fn from_str(s: &str) -> Result<Player, String> {
        if s.trim().eq_ignore_ascii_case("baseline") {
            return Ok(Player::Baseline);
        }
        args::ru_level(s).map(Player::Level).map_err(|e| format!("{e}, or baseline"))
    }
}

/// How the live engine's players are set up in a duel.
struct Live {
    tablebase: Option<Arc<Tablebase>>,
    shared_endgames: bool,
    weights: Weights,
    params: SearchParams,
    patterns: Option<Arc<Patterns>>,
}

fn parse_weights(s: &str) -> Result<Weights, String> {
    let v: Vec<i32> =
        s.split(',').map(|x| x.trim().parse::<i32>().map_err(|e| format!("{x}: {e}"))).collect::<Result<_, _>>()?;
    match v.len() {
        n if n == f::N => Ok(Weights::flat(v.try_into().expect("N weights"))),
        n if n == 2 * f::N => {
            Ok(Weights { w: v[..f::N].try_into().expect("N weights"), e: v[f::N..].try_into().expect("N weights") })
        }
        n => Err(format!("{n} weights, {} (the same at every number of pieces) or {} expected", f::N, 2 * f::N)),
    }
}

/// A player with its engine (one per thread): master and the baseline search to
/// `master_nodes` if given, else to `time_ms` (default 1 s); the other levels play their own
/// way (`time_ms` overrides a level's time).
fn bot(p: Player, live: &Live, time_ms: Option<f64>, master_nodes: Option<u64>) -> EnginePlayer<StdClock> {
    let contestant = match p {
        Player::Level(level) => {
            let mut e = Engine::new(8);
            e.tablebase = live.tablebase.clone();
            e.shared_endgames = live.shared_endgames;
            e.weights = live.weights;
            e.params = live.params;
            e.patterns = live.patterns.clone();
            Contestant::Live { level, engine: Box::new(e) }
        }
        Player::Baseline => Contestant::Baseline(Box::new(BaselineEngine::new(8))),
    };
    let master = match master_nodes {
        Some(n) => Limits { nodes: Some(n), time_ms: Some(args::MAX_TIME_MS), ..Limits::default() },
        None => Limits { time_ms: Some(time_ms.unwrap_or(1000.0)), ..Limits::default() },
    };
    EnginePlayer::new(contestant, master, time_ms, StdClock::new())
}

#[allow(clippy::too_many_arguments)]
fn duel(
    a: Player,
    b: Player,
    games: usize,
    seed: u64,
    opening_plies: u32,
    time_ms: Option<f64>,
    master_nodes: Option<u64>,
    threads: usize,
    out: Option<PathBuf>,
    paired_with: Option<PathBuf>,
    verbose: bool,
    live: &Live,
) -> Result<(), String> {
    let pairs = games.div_ceil(2);
    let book = duel::shuffled_openings(opening_plies, seed);
    if book.is_empty() {
        return Err(format!("no opening of {opening_plies} plies"));
    }
    // The other run first: a file that cannot be read is refused before any game is played.
    let other = match &paired_with {
        Some(path) => {
            let text = fs::read_to_string(path).map_err(|e| format!("--paired-with {}: {e}", path.display()))?;
            Some(tally_of(&text, a, b, seed))
        }
        None => None,
    };
    // Results already on file.
    let mut done = duel::Tally::default();
    if let Some(path) = &out {
        if let Ok(text) = fs::read_to_string(path) {
            done = tally_of(&text, a, b, seed);
        }
        if let Some(dir) = path.parent() {
            fs::create_dir_all(dir).ok();
        }
    }
    let results = Arc::new(Mutex::new(done));
    let todo: Vec<(usize, usize)> =
        (0..pairs).flat_map(|p| [(p, 0), (p, 1)]).filter(|&(p, c)| !results.lock().unwrap().has(p, c)).collect();
    println!(
        "{} vs {}: {} games ({} openings of {} plies, both colours), {} to play, seed {}",
        a,
        b,
        pairs * 2,
        pairs,
        opening_plies,
        todo.len(),
        seed
    );
    let next = AtomicUsize::new(0);
    let stats = Mutex::new([duel::SearchStats::default(); 2]);
    let file = match &out {
        Some(p) => Some(Mutex::new(
            fs::OpenOptions::new().create(true).append(true).open(p).map_err(|e| format!("{}: {e}", p.display()))?,
        )),
        None => None,
    };
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                let mut ea = bot(a, live, time_ms, master_nodes);
                let mut eb = bot(b, live, time_ms, master_nodes);
                loop {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&(pair, a_color)) = todo.get(k) else { break };
                    let start = book[pair % book.len()];
                    let game_seed = duel::game_seed(seed, pair, a_color);
                    // a_color 0: A moves first from the opening position.
                    let game = if a_color == 0 {
                        duel::play_game(start, [&mut ea, &mut eb], game_seed)
                    } else {
                        duel::play_game(start, [&mut eb, &mut ea], game_seed)
                    };
                    let (plies, moves) = (game.plies, game.moves);
                    let a_result = if a_color == 0 { game.result } else { -game.result };
                    if verbose {
                        println!(
                            "pair {pair} A {} {:+} in {plies} plies from {}: {}",
                            if a_color == 0 { "first" } else { "second" },
                            a_result,
                            start.to_fen(),
                            moves.join(" ")
                        );
                    }
                    if let Some(f) = &file {
                        let line = serde_json::json!({"a": a.name(), "b": b.name(), "seed": seed, "pair": pair,
                            "a_color": a_color, "a_result": a_result, "plies": plies, "opening": start.to_fen(),
                            "moves": moves.join(" ")});
                        let mut f = f.lock().unwrap();
                        writeln!(f, "{line}").ok();
                    }
                    results.lock().unwrap().add(pair, a_color, a_result);
                }
                let mut s = stats.lock().unwrap();
                s[0].merge(&ea.stats);
                s[1].merge(&eb.stats);
            });
        }
    });
    let results = results.lock().unwrap();
    match results.summary() {
        Some(summary) => println!("{a} vs {b}: {} games: {summary}", results.games()),
        None => println!("{a} vs {b}: no games"),
    }
    let stats = stats.lock().unwrap();
    // Equal time is only as equal as the time each side spends: print what they did with it.
    println!("A ({a}) searched {}", stats[0]);
    println!("B ({b}) searched {}", stats[1]);
    if let (Some(other), Some(path)) = (&other, &paired_with) {
        match results.paired(other) {
            Some(p) => println!("paired with {}: {p}", path.display()),
            None => println!("paired with {}: no opening pair complete in both runs", path.display()),
        }
    }
    Ok(())
}

/// The games of a duel's --out file (one JSON object a line) played by `a` against `b` from
/// `seed`'s openings; other lines are skipped.
fn tally_of(text: &str, a: Player, b: Player, seed: u64) -> duel::Tally {
    let mut t = duel::Tally::default();
    for line in text.lines() {
        if let Ok(v) = serde_json::from_str::<serde_json::Value>(line) {
            let key = (v["pair"].as_u64().unwrap_or(0) as usize, v["a_color"].as_u64().unwrap_or(0) as usize);
            if v["a"] == a.name() && v["b"] == b.name() && v["seed"] == seed {
                t.add(key.0, key.1, v["a_result"].as_i64().unwrap_or(0) as i32);
            }
        }
    }
    t
}

/// Material from the side to move's view: a man 100, a king 250.
fn material(p: &Position) -> i32 {
    let us = p.count(p.turn());
    let them = p.count(!p.turn());
    100 * (us.men as i32 - them.men as i32) + 250 * (us.kings as i32 - them.kings as i32)
}

/// One line of the suite: FEN, the winning move in notation, then an optional `#` comment.
fn read_suite(path: &PathBuf) -> Result<Vec<(Position, String, String)>, String> {
    let text = fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut out = Vec::new();
    for line in text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')) {
        let (main, comment) = line.split_once('#').unwrap_or((line, ""));
        let mut it = main.split_whitespace();
        let (Some(fen), Some(mv)) = (it.next(), it.next()) else {
            return Err(format!("bad line: {line}"));
        };
        let p = Position::from_fen(fen).map_err(|e| format!("{line}: {e}"))?;
        p.parse_move(mv).map_err(|e| format!("{line}: {e}"))?;
        out.push((p, mv.to_string(), comment.trim().to_string()));
    }
    Ok(out)
}

fn solve_suite(path: &PathBuf, time_ms: f64, nodes: Option<u64>) -> Result<(), String> {
    let suite = read_suite(path)?;
    let mut engine = Engine::new(16);
    let (mut solved, mut total_ms, mut worst) = (0, 0.0, 0.0f64);
    for (i, (p, want, _)) in suite.iter().enumerate() {
        engine.clear();
        let clock = StdClock::new();
        let limits = match nodes {
            Some(n) => Limits { nodes: Some(n), time_ms: Some(args::MAX_TIME_MS), ..Limits::default() },
            None => Limits { time_ms: Some(time_ms), ..Limits::default() },
        };
        let r = engine.search(&SearchRoot::new(*p), &limits, &clock).ok_or("no legal move")?;
        let want_mv = p.parse_move(want).map_err(|e| e.to_string())?;
        // When the answer is found: the first iteration from which the move stays best.
        let ok = r.best.same_move(&want_mv);
        solved += ok as usize;
        total_ms += r.time_ms;
        worst = worst.max(r.time_ms);
        println!(
            "{:>3} {} {:<8} want {:<8} depth {:>2} {:>9} nodes {:>5.0} ms  {}  {}",
            i + 1,
            if ok { "ok  " } else { "MISS" },
            p.move_text(&r.best),
            want,
            r.depth,
            r.nodes,
            r.time_ms,
            r.score(),
            p.to_fen()
        );
    }
    println!("solved {solved}/{} (total {:.0} ms, slowest {:.0} ms)", suite.len(), total_ms, worst);
    Ok(())
}

/// Searches self-play games (random openings, a fraction of random moves to create chances)
/// for shots: quiet positions whose best move gives material away first (the opponent must
/// capture) and wins at least a man and a half net by force, with no other move coming close.
fn find_shots(path: &PathBuf, n: usize, seed: u64) -> Result<(), String> {
    let mut known: std::collections::HashSet<u64> =
        read_suite(path).unwrap_or_default().iter().map(|(p, _, _)| p.hash()).collect();
    let mut file = fs::OpenOptions::new().create(true).append(true).open(path).map_err(|e| e.to_string())?;
    let mut rng = tabla::ai::draughts::Rng(seed);
    let mut engine = Engine::new(16);
    let mut player = Engine::new(4);
    let (mut found, mut games) = (0, 0);
    while found < n && games < 5000 {
        games += 1;
        let mut root = SearchRoot::new(Position::start());
        for ply in 0..120 {
            if root.is_over() {
                break;
            }
            let p = root.position;
            let legal = p.legal_moves();
            if ply >= 6 && !p.has_capture() && p.occupied().count_ones() >= 7 && !known.contains(&p.hash()) {
                engine.clear();
                let quick = engine
                    .search(
                        &SearchRoot::new(p),
                        &Limits { depth: Some(8), nodes: Some(200_000), ..Limits::default() },
                        &tabla::ai::draughts::NoClock,
                    )
                    .unwrap();
                let m0 = material(&p);
                let sac = p.after(&quick.best).has_capture();
                if sac && quick.score - m0 >= 150 && legal.len() >= 2 {
                    if let Some(line) = verify_shot(&mut engine, &p, m0) {
                        known.insert(p.hash());
                        found += 1;
                        println!("{found:>3} (game {games}, ply {ply}): {line}");
                        writeln!(file, "{line}").map_err(|e| e.to_string())?;
                        file.flush().ok();
                    }
                }
            }
            // Self-play with mistakes: a random move now and then.
            let mv = if rng.below(100) < 15 {
                legal[rng.below(legal.len() as u64) as usize]
            } else {
                player.clear();
                player
                    .search(&root, &Limits { nodes: Some(5_000), ..Limits::default() }, &tabla::ai::draughts::NoClock)
                    .unwrap()
                    .best
            };
            root = root.after(&mv);
        }
    }
    println!("found {found} shots in {games} games");
    Ok(())
}

/// Deep check of a candidate: the same first move at a deep search, a net gain of at least 150,
/// and every other move at least 120 worse and not winning material itself.
fn verify_shot(engine: &mut Engine, p: &Position, m0: i32) -> Option<String> {
    let nc = tabla::ai::draughts::NoClock;
    engine.clear();
    let deep = engine.search(
        &SearchRoot::new(*p),
        &Limits { nodes: Some(3_000_000), depth: Some(24), ..Limits::default() },
        &nc,
    )?;
    if deep.score - m0 < 150 || !p.after(&deep.best).has_capture() {
        return None;
    }
    let mut alt_best = -tabla::ai::draughts::WIN;
    for mv in p.legal_moves() {
        if mv.same_move(&deep.best) {
            continue;
        }
        engine.clear();
        let child = SearchRoot::new(*p).after(&mv);
        let s = match engine.search(&child, &Limits { nodes: Some(600_000), depth: Some(22), ..Limits::default() }, &nc)
        {
            Some(r) => -r.score,
            None => tabla::ai::draughts::WIN,
        };
        alt_best = alt_best.max(s);
        if s > deep.score - 120 || s - m0 >= 80 {
            return None;
        }
    }
    // Would a shallow search see it? (Recorded only.)
    engine.clear();
    let shallow = engine.search(&SearchRoot::new(*p), &Limits { depth: Some(2), ..Limits::default() }, &nc)?;
    Some(format!(
        "{} {} # gain {:+}, deep {} (depth {}), best other {}, depth-2 search plays {} | {}",
        p.to_fen(),
        p.move_text(&deep.best),
        deep.score.min(10_000) - m0,
        deep.score(),
        deep.depth,
        tabla::ai::draughts::Score::from_raw(alt_best),
        p.move_text(&shallow.best),
        deep.pv_text(p).join(" ")
    ))
}

/// The endgame databases up to `pieces` pieces (none for 0), with their build time printed.
fn build_tablebase(pieces: u32) -> Result<Option<Arc<Tablebase>>, String> {
    if pieces == 0 {
        return Ok(None);
    }
    let t0 = std::time::Instant::now();
    let tb = Tablebase::generate(pieces).map_err(|e| e.to_string())?;
    println!("endgame databases up to {pieces} pieces built in {:.0} ms", t0.elapsed().as_secs_f64() * 1000.0);
    Ok(Some(Arc::new(tb)))
}

fn endgame(pieces: u32, fen: Option<String>, detail: bool) -> Result<(), String> {
    let pos = fen.map(|f| Position::from_fen(&f).map_err(|e| e.to_string())).transpose()?;
    let t0 = std::time::Instant::now();
    let tb = Tablebase::generate(pieces).map_err(|e| e.to_string())?;
    let ms = t0.elapsed().as_secs_f64() * 1000.0;
    let st = tb.stats();
    println!(
        "up to {pieces} pieces: {} materials, {} positions (White to move; Black to move by symmetry), \
         {} bytes, generated in {ms:.0} ms",
        st.materials, st.positions, st.bytes
    );
    println!("  wins {}  draws {}  losses {}  longest {} plies", st.wins, st.draws, st.losses, st.longest);
    if detail {
        use tabla::ai::draughts::Wdl;
        println!("  material (to move: men+kings v men+kings): wins draws losses longest");
        for m in tb.materials() {
            let (mut w, mut d, mut l, mut longest) = (0, 0, 0, 0);
            for (_, v) in tb.positions(m) {
                match v {
                    Wdl::Win(n) => (w, longest) = (w + 1, longest.max(n)),
                    Wdl::Loss(n) => (l, longest) = (l + 1, longest.max(n)),
                    Wdl::Draw => d += 1,
                }
            }
            println!("  {}m{}k v {}m{}k: {w} {d} {l} {longest}", m.men, m.kings, m.opp_men, m.opp_kings);
        }
    }
    if let Some(mut p) = pos {
        println!("{}", p.diagram());
        let v = tb.probe(&p).ok_or("the position has more pieces than the database")?;
        println!("value: {v}");
        let mut line = Vec::new();
        while let Some((mv, _)) = tb.best_move(&p) {
            line.push(p.move_text(&mv));
            p = p.after(&mv);
            if line.len() >= 60 {
                break;
            }
        }
        println!("line: {}", line.join(" "));
    }
    Ok(())
}
