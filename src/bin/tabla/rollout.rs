//! Rollout subcommands: `rollout` (one position, with standard errors) and `rollout-label`
//! (the resumable labelling job for training: positions from varied self-play, each labelled by
//! a truncated, variance-reduced rollout, written in chunks).

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use clap::{Subcommand, value_parser};
use tabla::ai::backgammon::class::{PositionClass, classify};
use tabla::ai::backgammon::cube::{CubeOwner, CubeState, MatchScore};
use tabla::ai::backgammon::distill::Sample;
use tabla::ai::backgammon::rollout::{
    self, DEFAULT_MAX_WORK, Group, MAX_TRIALS, MAX_TRUNCATE, Rollout, RolloutConfig, RolloutResult, group_seed,
};
use tabla::ai::backgammon::search::{Searcher, candidates};
use tabla::ai::backgammon::{self as ai, GameRules, Next, Probabilities, Segment, Variant, bearoff};
use tabla::backgammon::Position;
use tabla::dice::{DiceSource, SeededDice, SplitMix64};

#[derive(Subcommand)]
pub enum Command {
    /// Rolls out a position (the committed net for both sides) and prints the five
    /// probabilities and the cubeless equity of the side on roll with standard errors, and with
    /// --cubeful the cubeful equity (the cube played in the trials by the cube model; with
    /// --match-length, the match winning chances too).
    Rollout {
        /// GNU Backgammon Position ID, side on roll first.
        position: String,
        /// The first roll (else rolled in each trial).
        #[arg(long, num_args = 2, value_names = ["D1", "D2"], value_parser = value_parser!(u8).range(1..=6))]
        dice: Option<Vec<u8>>,
        #[arg(long, default_value = "backgammon", value_parser = crate::args::variant)]
        variant: Variant,
        /// Acey-deucey: how many of the bar checkers (mover, opponent) are not yet entered.
        #[arg(long, num_args = 2, value_names = ["MOVER", "OPPONENT"], value_parser = value_parser!(u8).range(0..=15))]
        unentered: Option<Vec<u8>>,
        #[arg(long, default_value_t = 1296, value_parser = value_parser!(u32).range(1..=MAX_TRIALS as i64))]
        trials: u32,
        /// The depth the net plays at (0 or 1).
        #[arg(long, default_value_t = 0, value_parser = value_parser!(u8).range(0..=1))]
        ply: u8,
        /// Truncate each trial after this many rolls (evaluate there); default: play to the end.
        #[arg(long, value_parser = value_parser!(u32).range(1..=MAX_TRUNCATE as i64))]
        truncate: Option<u32>,
        #[arg(long, default_value_t = 1, value_parser = value_parser!(u64).range(0..))]
        seed: u64,
        #[arg(long, default_value_t = 1, value_parser = value_parser!(u32).range(1..=64))]
        threads: u32,
        /// Turn off the luck adjustment.
        #[arg(long)]
        no_luck: bool,
        /// Turn off mirrored dice.
        #[arg(long)]
        no_mirror: bool,
        /// Work cap: total rolls played over all trials.
        #[arg(long, default_value_t = DEFAULT_MAX_WORK, value_parser = value_parser!(u64).range(1..=10_000_000_000))]
        max_work: u64,
        /// Time cap in seconds (the trials done by then are reported).
        #[arg(long, default_value_t = 600, value_parser = value_parser!(u64).range(1..=86_400))]
        max_seconds: u64,
        /// Also a cubeful rollout, with the cube at the root as --cube-value and --cube-owner
        /// say: money play, or with --match-length a match.
        #[arg(long)]
        cubeful: bool,
        /// The cube's value at the root (a power of two).
        #[arg(long, default_value_t = 1, value_parser = value_parser!(u32).range(1..=1 << 30), requires = "cubeful")]
        cube_value: u32,
        /// Who owns the cube at the root: centred, mover (the side on roll) or opponent.
        #[arg(long, default_value = "centred", value_parser = ["centred", "mover", "opponent"], requires = "cubeful")]
        cube_owner: String,
        /// The Jacoby rule (gammons count only once the cube is turned).
        #[arg(long, requires = "cubeful", conflicts_with = "match_length")]
        jacoby: bool,
        /// Match play: the match length (the cubeful result is then the match winning chances).
        #[arg(long, requires = "cubeful", value_parser = value_parser!(u32).range(1..=64))]
        match_length: Option<u32>,
        /// Match play: the points of the side on roll and of his opponent, each below the
        /// match length.
        #[arg(long, num_args = 2, value_names = ["MOVER", "OPPONENT"], requires = "match_length", value_parser = value_parser!(u32).range(0..64))]
        score: Option<Vec<u32>>,
        /// Match play: this is the Crawford game (no doubling).
        #[arg(long, requires = "match_length")]
        crawford: bool,
    },
    /// Labelling job for training: positions from varied self-play (plain, noisy, random
    /// openings, lopsided), each labelled by a truncated rollout (or one to the end) with
    /// mirrored dice and luck adjustment, written as DIR/chunk-NNNNNN.tsv (atomic rename).
    /// Rerunning the same command resumes: finished chunks are kept, and every position and
    /// label depends only on the seed and its index.
    RolloutLabel {
        #[arg(long)]
        out: PathBuf,
        #[arg(long, value_parser = value_parser!(u64).range(1..=100_000_000))]
        positions: u64,
        #[arg(long, default_value_t = 72, value_parser = value_parser!(u32).range(1..=100_000))]
        trials: u32,
        /// Rolls before the rollouts stop and take the net's value (0: played to the end).
        #[arg(long, default_value_t = 12, value_parser = value_parser!(u32).range(0..=MAX_TRUNCATE as i64))]
        truncate: u32,
        #[arg(long, default_value_t = 0, value_parser = value_parser!(u8).range(0..=1))]
        ply: u8,
        #[arg(long, default_value_t = 1, value_parser = value_parser!(u64).range(0..))]
        seed: u64,
        #[arg(long, default_value = "backgammon", value_parser = crate::args::variant)]
        variant: Variant,
        /// Only positions of this class (contact, crashed, race; `class::classify`), each drawn
        /// from the class's positions of a whole self-play game.
        #[arg(long, value_parser = position_class)]
        class: Option<PositionClass>,
        /// Positions per chunk file.
        #[arg(long, default_value_t = 50, value_parser = value_parser!(u64).range(1..=100_000))]
        chunk: u64,
        #[arg(long, default_value_t = 1, value_parser = value_parser!(u32).range(1..=64))]
        threads: u32,
    },
}

pub fn run(cmd: Command) -> Result<(), String> {
    match cmd {
        Command::Rollout {
            position,
            dice,
            variant,
            unentered,
            trials,
            ply,
            truncate,
            seed,
            threads,
            no_luck,
            no_mirror,
            max_work,
            max_seconds,
            cubeful,
            cube_value,
            cube_owner,
            jacoby,
            match_length,
            score,
            crawford,
        } => {
            let mut pos = Position::from_position_id(&position).map_err(|e| e.to_string())?;
            if let Some(u) = unentered {
                pos = pos.with_unentered(u[0])?.flip().with_unentered(u[1])?.flip();
            }
            let rules = GameRules::new(variant);
            let owner = match cube_owner.as_str() {
                "mover" => CubeOwner::Mover,
                "opponent" => CubeOwner::Opponent,
                _ => CubeOwner::Centered,
            };
            let score = match_length.map(|length| {
                let s = score.unwrap_or_default();
                MatchScore {
                    length,
                    mover: s.first().copied().unwrap_or(0),
                    opponent: s.get(1).copied().unwrap_or(0),
                    crawford,
                }
            });
            let cube = cubeful.then_some(CubeState { value: cube_value, owner, jacoby, score });
            let cfg = RolloutConfig { trials, ply, truncate, seed, mirror: !no_mirror, luck: !no_luck, max_work, cube };
            let dice = dice.map(|d| (d[0], d[1]));
            let start = Instant::now();
            let deadline = start + Duration::from_secs(max_seconds);
            let r = run_threads(&pos, dice, &rules, &cfg, threads, deadline)?;
            print_result(&r, &cfg, start.elapsed());
            Ok(())
        }
        Command::RolloutLabel { out, positions, trials, truncate, ply, seed, variant, class, chunk, threads } => {
            let job = LabelJob { out, positions, trials, truncate, ply, seed, variant, class, chunk, threads };
            job.run()
        }
    }
}

/// A rollout split over threads by groups (group `i` to thread `i mod threads`), merged in
/// group order: the same result for any number of threads when no cap is hit.
fn run_threads(
    pos: &Position,
    dice: Option<(u8, u8)>,
    rules: &GameRules,
    cfg: &RolloutConfig,
    threads: u32,
    deadline: Instant,
) -> Result<RolloutResult, String> {
    let net = ai::net(rules.variant());
    let whole = Rollout::new(net, *rules, *pos, dice, *cfg).map_err(|e| e.to_string())?;
    let threads = threads as u64;
    let parts: Vec<Vec<Group>> = std::thread::scope(|sc| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                sc.spawn(move || match Rollout::new(net, *rules, *pos, dice, *cfg) {
                    Ok(mut r) => r.run_groups(t, threads, cfg.max_work / threads, &mut || Instant::now() >= deadline),
                    Err(_) => Vec::new(),
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap_or_default()).collect()
    });
    let mut groups = Vec::new();
    let longest = parts.iter().map(Vec::len).max().unwrap_or(0);
    for k in 0..longest {
        for p in &parts {
            if let Some(g) = p.get(k) {
                groups.push(*g);
            }
        }
    }
    Ok(whole.finish(&groups))
}

fn print_result(r: &RolloutResult, cfg: &RolloutConfig, elapsed: Duration) {
    let names = ["win", "win gammon", "win backgammon", "lose gammon", "lose backgammon", "equity"];
    let line = |e: &rollout::Estimate, k: usize| {
        let p = e.probabilities.to_array();
        let v = if k < 5 { p[k] } else { e.equity };
        format!("{v:+.4} ± {:.4}", e.se[k])
    };
    println!(
        "rollout: {} trials, ply {}, {}, {} rolls, {:.1} s{}",
        r.trials,
        cfg.ply,
        cfg.truncate.map_or("to the end".to_string(), |t| format!("truncated after {t} rolls")),
        r.plies,
        elapsed.as_secs_f64(),
        if r.capped { " (capped before all trials)" } else { "" }
    );
    let what = match (cfg.mirror, cfg.luck) {
        (true, true) => "mirrored dice, luck-adjusted",
        (true, false) => "mirrored dice",
        (false, true) => "luck-adjusted",
        (false, false) => "plain",
    };
    println!("{:<16} {:>18}   {:>18}", "", what, "without luck adj.");
    for (k, n) in names.iter().enumerate() {
        println!("{n:<16} {:>18}   {:>18}", line(&r.estimate, k), line(&r.raw, k));
    }
    if cfg.luck && r.estimate.se[5] > 1e-6 {
        println!("s.e. ratio (equity, plain / adjusted): {:.2}", r.raw.se[5] / r.estimate.se[5]);
    }
    if let Some(c) = r.cubeful {
        let unit = if c.mwc.is_some() { "(EMG, per unit of the root's cube)" } else { "(per unit of the root's cube)" };
        println!(
            "{:<16} {:>18}   {:>18}   {unit}",
            "cubeful equity",
            format!("{:+.4} ± {:.4}", c.equity, c.se),
            format!("{:+.4} ± {:.4}", c.raw_equity, c.raw_se)
        );
        if let (Some(m), Some(se)) = (c.mwc, c.mwc_se) {
            println!("{:<16} {:>18}", "match chances", format!("{:.2}% ± {:.2}", 100.0 * m, 100.0 * se));
        }
    }
    if let Some(a) = r.cube_advice {
        let doubler = if a.too_good {
            "too good to double"
        } else if a.double {
            "double"
        } else {
            "no double"
        };
        println!(
            "cube (the model on these probabilities): {doubler}, {}; no double {:+.4}, double/take {:+.4}, double/pass {:+.4}",
            if a.take { "take" } else { "pass" },
            a.no_double,
            a.double_take,
            a.double_pass
        );
    }
}

/// The labelling job's settings (all of them in the manifest: a rerun must match it).
struct LabelJob {
    out: PathBuf,
    positions: u64,
    trials: u32,
    truncate: u32,
    ply: u8,
    seed: u64,
    variant: Variant,
    class: Option<PositionClass>,
    chunk: u64,
    threads: u32,
}

/// A `--class` argument: a class a labelling job can aim at (a bear-off is valued exactly by
/// the database, so it is never labelled).
fn position_class(s: &str) -> Result<PositionClass, String> {
    match crate::args::position_class(s)? {
        PositionClass::Bearoff => Err("bear-offs are valued by the database, not labelled".into()),
        c => Ok(c),
    }
}

/// The kinds of self-play positions are drawn from, by position index.
const STYLES: [&str; 4] = ["plain", "noisy", "random-opening", "lopsided"];

/// A salt so that position generation and the rollouts' dice use different streams.
const POSITION_SALT: u64 = 0x706f_7369_7469_6f6e;

/// Position `i` of a labelling job: a self-play game by the 0-ply net in one of [`STYLES`]
/// (noise: a uniformly random legal play instead of the net's, which makes crashed boards,
/// backgames, primes and contact bear-offs the plain net rarely reaches), stopped at a random
/// turn (a game over before it: a random one of its positions); the side on roll there. Drawn
/// again (up to [`MAX_ATTEMPTS`] times) while the bear-off database applies or the net sees the
/// game as decided. Deterministic from `seed` and `i`.
///
/// With a `class`, each draw is a whole game and the position one of that game's positions of
/// the class that the net gives both sides at least [`CLASS_MIN_WIN`] to win, drawn at random;
/// games are played until one holds such a position, up to [`MAX_CLASS_GAMES`] (an error
/// beyond: the class is too rare for this variant).
pub fn label_position(
    rules: &GameRules,
    seed: u64,
    i: u64,
    class: Option<PositionClass>,
) -> Result<(Position, &'static str), String> {
    let mut rng = SplitMix64(group_seed(seed ^ POSITION_SALT, i));
    let style = (i % STYLES.len() as u64) as usize;
    let mut s = Searcher::new(ai::net(rules.variant()), *rules);
    let win = |s: &mut Searcher, p: &Position| s.ev.value(p).probabilities.win;
    let Some(class) = class else {
        let mut pos = rules.start();
        for _ in 0..MAX_ATTEMPTS {
            pos = self_play_position(rules, &mut s, &mut rng, style, false).0;
            if !bearoff::applies(&pos) && (0.001..=0.999).contains(&win(&mut s, &pos)) {
                break;
            }
        }
        return Ok((pos, STYLES[style]));
    };
    for _ in 0..MAX_CLASS_GAMES {
        let (_, seen) = self_play_position(rules, &mut s, &mut rng, style, true);
        let open = CLASS_MIN_WIN..=1.0 - CLASS_MIN_WIN;
        let of_class: Vec<Position> =
            seen.into_iter().filter(|p| classify(p) == class && open.contains(&win(&mut s, p))).collect();
        if !of_class.is_empty() {
            return Ok((of_class[rng.below(of_class.len() as u64) as usize], STYLES[style]));
        }
    }
    Err(format!("position {i}: no {} position in {MAX_CLASS_GAMES} self-play games", class.name()))
}

/// A job of one class labels positions still open: a position most of whose class is nearly
/// decided (crashed boards mostly are) would otherwise fill the job with near-certain labels.
const CLASS_MIN_WIN: f32 = 0.02;

/// Whole games played for a position of a wanted class before the job gives up.
const MAX_CLASS_GAMES: u32 = 1000;

/// Draws of a labelling position before the last one is taken as it is: positions the
/// bear-off database values exactly or that the net sees as decided are drawn again.
const MAX_ATTEMPTS: u32 = 16;

/// A position of a self-play game in `style`, and the positions met before it (each from the
/// side on roll). With `whole`, the game is played to its end and every position it met is
/// returned with its last.
fn self_play_position(
    rules: &GameRules,
    s: &mut Searcher,
    rng: &mut SplitMix64,
    style: usize,
    whole: bool,
) -> (Position, Vec<Position>) {
    // The chance of a random play for side 0 and side 1, and the random-opening turns.
    let (noise, opening) = match style {
        0 => ([0.0, 0.0], 0),
        1 => ([0.2, 0.2], 0),
        2 => ([0.0, 0.0], 2 + rng.below(8) as u32),
        _ => ([0.5, 0.0], 0),
    };
    let target = if whole {
        // drawn all the same: the committed jobs of one class were made with this stream
        rng.below(90);
        MAX_GAME_TURNS
    } else {
        1 + rng.below(90) as u32
    };
    let mut dice = SeededDice::new(rng.next_u64());
    let mut pos = rules.start();
    let mut side = (rng.next_u64() & 1) as usize;
    // The positions met, for a game that ends before the target turn.
    let mut seen = Vec::new();
    for turn in 0..target {
        seen.push(pos);
        let Ok(roll) = dice.roll() else { break };
        let (d1, d2) = roll.values();
        let mut seg = (d1, d2, Segment::Roll);
        let r = loop {
            let cands = candidates(&pos, seg.0, seg.1, seg.2, rules);
            let random = turn < opening || rng.unit_f32() < noise[side];
            let c = if random {
                cands[rng.below(cands.len() as u64) as usize]
            } else {
                let values = s.values_0ply(&cands);
                let mut best = 0;
                for (k, v) in values.iter().enumerate() {
                    if v.equity > values[best].equity {
                        best = k;
                    }
                }
                cands[best]
            };
            if c.next == Next::ChooseDoubles {
                let n = if random { 1 + rng.below(6) as u8 } else { s.best_doubles(&c.play.result, 0).0 };
                pos = c.play.result;
                seg = (n, n, Segment::ChosenDoubles);
                continue;
            }
            break c;
        };
        match r.next {
            Next::GameOver => {
                pos = seen[rng.below(seen.len() as u64) as usize];
                break;
            }
            Next::Opponent => {
                pos = r.play.result.flip();
                side ^= 1;
            }
            Next::SameSide | Next::ChooseDoubles => pos = r.play.result,
        }
    }
    (pos, seen)
}

/// Turns after which a whole self-play game is cut short (games end long before).
const MAX_GAME_TURNS: u32 = 2000;

impl LabelJob {
    /// The job's identity: its settings and the committed net that plays the rollouts (the
    /// FNV-1a of its weights file), so that a build with other weights cannot add chunks to a
    /// job begun with another net (its labels would mix two players).
    fn manifest(&self) -> String {
        format!(
            "tabla rollout-label v1\nvariant {}\npositions {}\ntrials {}\ntruncate {}\nply {}\nseed {}\nchunk {}\n{}net fnv1a {:016x}\n",
            self.variant.name(),
            self.positions,
            self.trials,
            self.truncate,
            self.ply,
            self.seed,
            self.chunk,
            // A job of every class wrote no such line: its manifest reads as before.
            self.class.map_or(String::new(), |c| format!("class {}\n", c.name())),
            crate::bg_ai::fnv(ai::committed_weights(self.variant))
        )
    }

    fn chunk_path(&self, k: u64) -> PathBuf {
        self.out.join(format!("chunk-{k:06}.tsv"))
    }

    fn run(&self) -> Result<(), String> {
        fs::create_dir_all(&self.out).map_err(|e| format!("{}: {e}", self.out.display()))?;
        let manifest_path = self.out.join("manifest.txt");
        let manifest = self.manifest();
        match fs::read_to_string(&manifest_path) {
            Ok(old) if old != manifest => {
                return Err(format!(
                    "{} holds another job's manifest; use a new --out, or the same settings and a build with the same net:\n{old}this run's:\n{manifest}",
                    manifest_path.display()
                ));
            }
            Ok(_) => {}
            Err(_) => write_atomic(&manifest_path, manifest.as_bytes())?,
        }
        let chunks = self.positions.div_ceil(self.chunk);
        let start = Instant::now();
        let mut done_now = 0u64;
        for k in 0..chunks {
            let path = self.chunk_path(k);
            if path.exists() {
                continue;
            }
            let lo = k * self.chunk;
            let hi = ((k + 1) * self.chunk).min(self.positions);
            let lines = self.label_range(lo, hi)?;
            write_atomic(&path, lines.concat().as_bytes())?;
            done_now += hi - lo;
            let rate = done_now as f64 / start.elapsed().as_secs_f64().max(1e-9) * 3600.0;
            eprintln!("chunk {k} of {chunks} written ({} positions this run, {rate:.0} positions/hour)", done_now);
        }
        eprintln!("all {chunks} chunks done in {}", self.out.display());
        Ok(())
    }

    /// The label lines of positions `lo..hi`, split over the threads (position `i` to thread
    /// `i mod threads`), in index order.
    fn label_range(&self, lo: u64, hi: u64) -> Result<Vec<String>, String> {
        let rules = GameRules::new(self.variant);
        let threads = self.threads as u64;
        let parts: Vec<Result<Vec<(u64, String)>, String>> = std::thread::scope(|sc| {
            let handles: Vec<_> = (0..threads)
                .map(|t| {
                    let rules = &rules;
                    sc.spawn(move || {
                        let mut out = Vec::new();
                        let mut i = lo + t;
                        while i < hi {
                            out.push((i, self.label(rules, i)?));
                            i += threads;
                        }
                        Ok(out)
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap_or_else(|_| Err("a labelling thread failed".into()))).collect()
        });
        let mut all = Vec::new();
        for p in parts {
            all.extend(p?);
        }
        all.sort_by_key(|(i, _)| *i);
        Ok(all.into_iter().map(|(_, l)| l).collect())
    }

    /// One label line: index, style, Position ID, unentered (mover, opponent), the five
    /// probabilities and the equity, the equity's s.e., trials.
    fn label(&self, rules: &GameRules, i: u64) -> Result<String, String> {
        let (pos, style) = label_position(rules, self.seed, i, self.class)?;
        let cfg = RolloutConfig {
            trials: self.trials,
            ply: self.ply,
            truncate: (self.truncate > 0).then_some(self.truncate),
            seed: group_seed(self.seed, i),
            mirror: true,
            luck: true,
            max_work: DEFAULT_MAX_WORK,
            cube: None,
        };
        let r = rollout::rollout(&pos, None, rules, &cfg, &mut || false).map_err(|e| e.to_string())?;
        // Luck adjustment can take an estimate a hair outside [0, 1] or out of order; the label
        // is made consistent as the net's outputs are.
        let p = Probabilities::from_outputs(&r.estimate.probabilities.to_array()).to_array();
        let mut line =
            format!("{i}\t{style}\t{}\t{}\t{}", pos.position_id(), pos.unentered(false), pos.unentered(true));
        for x in p {
            line.push_str(&format!("\t{x:.5}"));
        }
        line.push_str(&format!("\t{:.5}\t{:.5}\t{}\n", r.estimate.equity, r.estimate.se[5], r.trials));
        Ok(line)
    }
}

/// The labels of a `rollout-label` directory (every finished `chunk-*.tsv`, in file order) as
/// training samples: the position (side on roll, before his roll) and its rolled-out
/// probabilities. The inverse of [`LabelJob::label`]'s line; a malformed line is an error naming
/// its file and line, never skipped.
pub fn read_labels(dir: &Path) -> Result<Vec<Sample>, String> {
    let mut files: Vec<PathBuf> = fs::read_dir(dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.extension().is_some_and(|x| x == "tsv")
                && p.file_name().and_then(|n| n.to_str()).is_some_and(|n| n.starts_with("chunk-"))
        })
        .collect();
    files.sort();
    let mut out = Vec::new();
    for f in &files {
        let text = fs::read_to_string(f).map_err(|e| format!("{}: {e}", f.display()))?;
        for (n, line) in text.lines().enumerate() {
            out.push(parse_label(line).map_err(|e| format!("{} line {}: {e}", f.display(), n + 1))?);
        }
    }
    Ok(out)
}

/// One label line (see [`LabelJob::label`]) as a sample.
fn parse_label(line: &str) -> Result<Sample, String> {
    let f: Vec<&str> = line.split('\t').collect();
    if f.len() != 13 {
        return Err(format!("{} columns, not 13", f.len()));
    }
    let unentered = |s: &str| s.parse::<u8>().map_err(|_| format!("unentered count '{s}' is not a number"));
    let mut pos = Position::from_position_id(f[2]).map_err(|e| e.to_string())?;
    pos = pos.with_unentered(unentered(f[3])?)?;
    pos = pos.flip().with_unentered(unentered(f[4])?)?.flip();
    let mut target = [0.0f32; 5];
    for (t, s) in target.iter_mut().zip(&f[5..10]) {
        *t = s.parse().map_err(|_| format!("probability '{s}' is not a number"))?;
        if !(0.0..=1.0).contains(t) {
            return Err(format!("probability {s} is outside 0..1"));
        }
    }
    Ok(Sample { pos, target })
}

/// Writes `path` through a temporary file and a rename, so a killed job never leaves half a
/// file under the final name.
fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), String> {
    let tmp = path.with_extension("tmp");
    let mut f = fs::File::create(&tmp).map_err(|e| format!("{}: {e}", tmp.display()))?;
    f.write_all(bytes).and_then(|_| f.sync_all()).map_err(|e| format!("{}: {e}", tmp.display()))?;
    fs::rename(&tmp, path).map_err(|e| format!("{}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn job(variant: Variant) -> LabelJob {
        LabelJob {
            out: PathBuf::new(),
            positions: 4,
            trials: 2,
            truncate: 2,
            ply: 0,
            seed: 5,
            variant,
            class: None,
            chunk: 4,
            threads: 1,
        }
    }

    /// A job begun with another net (another `net` line in its manifest) is not continued: its
    /// chunks would mix the labels of two players.
    #[test]
    fn a_job_of_another_net_is_refused() {
        let dir = std::env::temp_dir().join(format!("tabla-label-{}", std::process::id()));
        let j = LabelJob { out: dir.clone(), ..job(Variant::Backgammon) };
        fs::create_dir_all(&dir).unwrap();
        let ours = format!("net fnv1a {:016x}\n", crate::bg_ai::fnv(ai::committed_weights(Variant::Backgammon)));
        assert!(j.manifest().ends_with(&ours));
        let other = j.manifest().replace(&ours, "net fnv1a 0123456789abcdef\n");
        fs::write(dir.join("manifest.txt"), &other).unwrap();
        let e = j.run().unwrap_err();
        assert!(e.contains("holds another job's manifest") && e.contains("this run's"), "{e}");
        assert!(fs::read_dir(&dir).unwrap().count() == 1, "no chunk written");
        fs::remove_dir_all(&dir).unwrap();
    }

    /// A label line read back gives the labelled position and its probabilities (to the five
    /// decimals written), acey-deucey's unentered checkers included.
    #[test]
    fn label_lines_read_back_as_their_positions() {
        for variant in [Variant::Backgammon, Variant::AceyDeucey] {
            let j = job(variant);
            let rules = GameRules::new(variant);
            for i in 0..4 {
                let line = j.label(&rules, i).unwrap();
                let s = parse_label(line.trim_end()).unwrap();
                assert_eq!(s.pos, label_position(&rules, j.seed, i, None).unwrap().0, "{variant:?} {i}: {line}");
                let cols: Vec<f32> = line.split('\t').skip(5).take(5).map(|c| c.parse().unwrap()).collect();
                assert_eq!(s.target.to_vec(), cols);
            }
        }
    }

    /// A job aimed at a class labels only positions of that class, and its manifest names it
    /// (a job of every class keeps the manifest it always had).
    #[test]
    fn a_job_of_one_class_labels_only_that_class() {
        let rules = GameRules::new(Variant::Backgammon);
        for class in [PositionClass::Crashed, PositionClass::Race] {
            let j = LabelJob { class: Some(class), truncate: 0, ..job(Variant::Backgammon) };
            assert!(j.manifest().contains(&format!("\nchunk 4\nclass {}\nnet fnv1a", class.name())));
            for i in 0..4 {
                let (p, _) = label_position(&rules, j.seed, i, Some(class)).unwrap();
                assert_eq!(classify(&p), class, "{i}: {}", p.position_id());
            }
        }
        assert!(job(Variant::Backgammon).manifest().contains("\nchunk 4\nnet fnv1a"));
        assert!(position_class("bearoff").is_err() && position_class("backgame").is_err());
    }

    #[test]
    fn malformed_label_lines_are_errors() {
        let good = "0\tplain\t4HPwATDgc/ABMA\t0\t0\t0.5\t0.1\t0.0\t0.1\t0.0\t0.0\t0.01\t72";
        assert!(parse_label(good).is_ok());
        assert!(parse_label("0\tplain").unwrap_err().contains("columns"));
        assert!(parse_label(&good.replace("4HPwATDgc/ABMA", "nonsense")).is_err());
        assert!(parse_label(&good.replace("\t0.5\t", "\t1.5\t")).unwrap_err().contains("outside"));
        // more unentered checkers than the bar holds
        assert!(parse_label(&good.replacen("\t0\t0\t", "\t3\t0\t", 1)).is_err());
    }
}
