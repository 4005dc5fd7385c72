//! Subcommands of the backgammon-family computer opponent: `train`, `duel`, `ai-bench`,
//! `ai-serve` (a line protocol for the GNU Backgammon comparison scripts), `ai-hint`.

use std::io::{BufRead, Seek, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

use clap::Subcommand;
use tabla::ai::backgammon::class::{PositionClass, classify};
use tabla::ai::backgammon::cube_check;
use tabla::ai::backgammon::distill::{self, FitSet, Sample, Siblings};
use tabla::ai::backgammon::game::{self, Agent, HeuristicAgent, NetAgent, PubevalAgent};
use tabla::ai::backgammon::inputs::{self, BASE_INPUTS, CONTACT_INPUTS, NUM_INPUTS, SECOND_INPUTS};
use tabla::ai::backgammon::net::Adam;
use tabla::ai::backgammon::search::Searcher;
use tabla::ai::backgammon::train::{TrainConfig, Trainer};
use tabla::ai::backgammon::{self as ai, GameRules, Level, Net, Segment, Variant, bearoff, pubeval};
use tabla::backgammon::Position;
use tabla::dice::{DiceSource, Die, SeededDice};

use crate::args;

#[derive(Subcommand)]
pub enum Command {
    /// Writes a trained network (f32 checkpoint) as the file compiled into the package
    /// (src/ai/backgammon/weights/<variant>.net; 8-bit since 2026-12-01, on a square law since 2026-12-06).
    PackWeights {
        /// The checkpoint, e.g. /work/bg-train/backgammon.net.
        input: String,
        /// The shipped file.
        output: String,
        /// How the weights are stored: f16 (version 2), q8 (version 3, 8 bits with an even step
        /// per row) or q8s (version 4, 8 bits on a square law per row).
        #[arg(long, default_value = "q8s", value_parser = ["f16", "q8", "q8s"])]
        format: String,
    },
    /// Writes the element-wise mean of several checkpoints of one training run (f32).
    AverageWeights {
        /// The averaged net.
        output: PathBuf,
        /// The checkpoints.
        #[arg(required = true)]
        inputs: Vec<PathBuf>,
    },
    /// Writes one net that evaluates as the ensemble of several (hidden units side by side,
    /// output sums averaged; f32).
    Ensemble {
        /// The ensemble net.
        output: PathBuf,
        /// The nets (their inputs: any of the encodings, which are prefixes of one another).
        #[arg(required = true)]
        inputs: Vec<PathBuf>,
    },
    /// TD(λ) self-play training; checkpoints to DIR/<variant>.net and resumes from it.
    Train {
        /// Variants to train, interleaved (backgammon, acey-deucey); repeat the option.
        #[arg(long = "variant", default_value = "backgammon", value_parser = args::variant)]
        variants: Vec<Variant>,
        /// Relative share of games per variant, e.g. 3,1 (one share per variant, each 1 to 1000).
        #[arg(long, value_delimiter = ',', value_parser = args::count::<u32>(1, 1000))]
        mix: Vec<u32>,
        /// Directory for checkpoints (none: nothing is written unless --out is given).
        #[arg(long)]
        dir: Option<PathBuf>,
        /// Write the final net of the first variant here.
        #[arg(long)]
        out: Option<PathBuf>,
        /// Stop when every variant's net has this many games (0: only when stopped, which needs
        /// --dir for the checkpoints).
        #[arg(long, default_value_t = 0, value_parser = args::count::<u64>(0, args::MAX_GAMES))]
        games: u64,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[arg(long, default_value_t = 80, value_parser = args::count::<usize>(1, args::MAX_HIDDEN))]
        hidden: usize,
        #[arg(long, default_value_t = 0.1, value_parser = args::real32(0.0, 10.0))]
        alpha: f32,
        #[arg(long, default_value_t = 0.01, value_parser = args::real32(0.0, 10.0))]
        alpha_min: f32,
        #[arg(long, default_value_t = 300000.0, value_parser = args::real(1.0, 1e12))]
        alpha_half_life: f64,
        #[arg(long, default_value_t = 0.7, value_parser = args::real32(0.0, 1.0))]
        lambda: f32,
        /// Inputs of a fresh net: 207 (the shipped nets' encoding), 217 (with the first contact
        /// features: shots, escapes, containment, anchor, pips to break contact) or 229 (with
        /// the second: double shots, pip loss, rearmost checker, forward anchor, mobility,
        /// backgame).
        #[arg(long, default_value_t = BASE_INPUTS, value_parser = args::count::<usize>(BASE_INPUTS as u64, NUM_INPUTS as u64))]
        inputs: usize,
        /// Seconds between checkpoints.
        #[arg(long, default_value_t = 180, value_parser = args::count::<u64>(1, 86_400))]
        checkpoint_secs: u64,
        /// Measure against pubeval (acey-deucey: the heuristic) every this many games (0: never).
        #[arg(long, default_value_t = 25000, value_parser = args::count::<u64>(0, args::MAX_GAMES))]
        eval_every: u64,
        /// Mirrored pairs per measurement.
        #[arg(long, default_value_t = 500, value_parser = args::count::<u64>(1, 1_000_000))]
        eval_pairs: u64,
    },
    /// Supervised refinement: labels the positions of self-play games with the net's own
    /// PLY-deep evaluation, or the teacher's (in chunks of 1000 games,
    /// DIR/samples-<variant>-ply<PLY>-<first>.bin, kept and reused on a rerun: one teacher per
    /// DIR; the chunk being labelled is kept game by game in a .part file, so a killed run
    /// resumes where it stopped), and/or takes the rollout labels of a `rollout-label` directory (--rollouts), then
    /// fits the net to them epoch by epoch, writing DIR/<variant>-distilled-<epoch>.net and
    /// measuring 0-ply against pubeval after each.
    Distill {
        #[arg(long, default_value = "backgammon", value_parser = args::variant)]
        variant: Variant,
        /// The net to start from (an f32 checkpoint or a shipped file).
        #[arg(long)]
        weights: PathBuf,
        /// The net that plays the games and labels them (default: the net itself), e.g. an
        /// ensemble (`tabla ensemble`) to be distilled into one smaller net.
        #[arg(long)]
        teacher: Option<PathBuf>,
        /// Where the labelled samples and siblings are kept (and reused) and the fitted nets
        /// written.
        #[arg(long)]
        dir: PathBuf,
        /// Self-play games to label (0: only the rollout labels).
        #[arg(long, default_value_t = 20000, value_parser = args::count::<u64>(0, args::MAX_GAMES))]
        games: u64,
        /// A `rollout-label` output directory whose labels join the samples (every finished
        /// chunk; the job may still be writing more). May be given more than once.
        #[arg(long)]
        rollouts: Vec<PathBuf>,
        /// How many times each rollout label counts against one self-play sample (a job aimed
        /// at one class of positions has few labels beside the self-play games' many).
        #[arg(long, default_value_t = 1, value_parser = args::count::<u32>(1, 1000))]
        rollouts_weight: u32,
        /// Leaves out the self-play samples of this class (contact, crashed, race, bearoff;
        /// `class::classify`), e.g. where rollout labels of the class replace the teacher's.
        #[arg(long, value_parser = args::position_class)]
        without: Option<PositionClass>,
        /// Depth of the labels, 0 to 2.
        #[arg(long, default_value_t = 1, value_parser = args::count::<u8>(0, ai::MAX_PLY as u64))]
        ply: u8,
        /// Also label siblings of every EVERY-th game position (the best two plays of a drawn
        /// roll and one other, at the same depth; `distill::label_siblings`), kept per chunk in
        /// DIR/siblings-<variant>-ply<PLY>-every<EVERY>-<first>.bin (0: none).
        #[arg(long, default_value_t = 0, value_name = "EVERY", value_parser = args::count::<u64>(0, 1_000_000))]
        siblings: u64,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[arg(long, default_value_t = 2, value_parser = args::count::<u64>(1, args::MAX_THREADS))]
        threads: u64,
        #[arg(long, default_value_t = 4, value_parser = args::count::<u64>(0, args::MAX_ITERATIONS))]
        epochs: u64,
        #[arg(long, default_value_t = 0.01, value_parser = args::real32(0.0, 10.0))]
        alpha: f32,
        /// Learning rate factor per epoch.
        #[arg(long, default_value_t = 0.5, value_parser = args::real32(0.0, 1.0))]
        decay: f32,
        /// Fit by Adam on the outputs' cross-entropy, one step per BATCH samples, with --alpha
        /// as its learning rate (about 0.001), instead of plain steps on the squared error.
        #[arg(long, value_name = "BATCH", value_parser = args::count::<usize>(1, 1_000_000))]
        adam: Option<usize>,
        /// With --adam and --siblings: also fit each group of siblings on how it orders its
        /// members for the mover, this much against the samples' own fit (0: not at all;
        /// `distill::sibling_ranking`).
        #[arg(long, default_value_t = 0.0, value_parser = args::real32(0.0, 100.0))]
        rank: f32,
        /// The ranking's temperature, in equity: how far apart two siblings' values must be
        /// for one to be clearly preferred.
        #[arg(long, default_value_t = 0.1, value_parser = args::real32(0.001, 10.0))]
        rank_temperature: f32,
        /// Mirrored pairs per measurement (0: none).
        #[arg(long, default_value_t = 1000, value_parser = args::count::<u64>(0, 1_000_000))]
        eval_pairs: u64,
    },
    /// Cubeless money games with mirrored dice between two players; prints points per game for
    /// A with its standard error.
    Duel {
        /// A level (beginner … strong, expert), pubeval or heuristic.
        #[arg(long, value_parser = args::bg_player)]
        a: String,
        #[arg(long, default_value = "pubeval", value_parser = args::bg_player)]
        b: String,
        /// Games (rounded up to an even number: each dice sequence is played twice).
        #[arg(long, default_value_t = 1000, value_parser = args::count::<u64>(1, args::MAX_GAMES))]
        games: u64,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[arg(long, default_value = "backgammon", value_parser = args::variant)]
        variant: Variant,
        /// Use this net file for A instead of the committed weights.
        #[arg(long)]
        a_weights: Option<PathBuf>,
        /// Use this net file for B instead of the committed weights.
        #[arg(long)]
        b_weights: Option<PathBuf>,
        /// Threads (the games and the result are the same with any number).
        #[arg(long, default_value_t = 1, value_parser = args::count::<u64>(1, args::MAX_THREADS))]
        threads: u64,
        /// With --parts N: play only the pairs i with i % N == PART (same dice as the whole
        /// duel), so that one duel can run in pieces; `tabla duel-merge` adds up their
        /// `part K/N: pairs P sum S sumsq Q` lines.
        #[arg(long, default_value_t = 0)]
        part: u64,
        #[arg(long, default_value_t = 1, value_parser = args::count::<u64>(1, 1_000_000))]
        parts: u64,
    },
    /// The whole duel from its parts: reads the `part K/N: pairs P sum S sumsq Q` lines that
    /// `tabla duel --part` (and scripts/gnubg/duel.py --part) print, from files or stdin ("-").
    DuelMerge {
        /// Logs of the parts.
        #[arg(required = true)]
        logs: Vec<String>,
    },
    /// Time per move at each level over positions from self-play games.
    AiBench {
        #[arg(long, default_value = "backgammon", value_parser = args::variant)]
        variant: Variant,
        /// Moves timed per level (at most 100000).
        #[arg(long, default_value_t = 200, value_parser = args::count::<usize>(1, 100_000))]
        moves: usize,
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Reads lines `POSITION_ID D1 D2 [LEVEL]` (dice 1 to 6, LEVEL a level or pubeval, default
    /// advanced) and answers with the Position ID after the chosen play (mover's view, not
    /// flipped); `eval POSITION_ID [PLY]` (PLY 0 to 2, default 0) answers with the five
    /// probabilities. A bad line is answered with `error: <why>` and serving goes on; the exit
    /// code is 2 if any line was bad. For scripts/gnubg.
    AiServe {
        #[arg(long, default_value = "backgammon", value_parser = args::variant)]
        variant: Variant,
        #[arg(long)]
        weights: Option<PathBuf>,
    },
    /// The ranked plays of a position (Position ID) and roll.
    AiHint {
        position: String,
        #[arg(value_parser = args::roll)]
        dice: tabla::Roll,
        /// Depth, 0 to 2.
        #[arg(long, default_value_t = 1, value_parser = args::count::<u8>(0, ai::MAX_PLY as u64))]
        ply: u8,
        #[arg(long, default_value = "backgammon", value_parser = args::variant)]
        variant: Variant,
    },
    /// How nets choose among groups of siblings (a `distill --siblings` file), against the
    /// groups' labels: the mean loss of each net's pick, how often it picks the labels' best, and
    /// the root mean squared error of the mover's equity (`distill::sibling_choice`).
    SiblingCheck {
        /// A siblings file written by `tabla distill --siblings` (best held out of the fits).
        siblings: PathBuf,
        /// The nets to measure (f32 checkpoints or shipped files).
        #[arg(required = true)]
        nets: Vec<PathBuf>,
        /// Depths to value the siblings at (repeat for several).
        #[arg(long = "ply", default_values_t = [0u8], value_parser = args::count::<u8>(0, ai::MAX_PLY as u64))]
        plies: Vec<u8>,
        /// Use only every N-th group.
        #[arg(long, default_value_t = 1, value_parser = args::count::<usize>(1, 1_000_000))]
        every: usize,
        #[arg(long, default_value = "backgammon", value_parser = args::variant)]
        variant: Variant,
    },
    /// Agreement of the computer's cube decisions (`cube_action`, money play) with a fixture of
    /// reference decisions, per cube state, position class and reference decision.
    CubeCheck {
        #[arg(default_value = "tests/data/backgammon/gnubg-cube.tsv")]
        fixture: PathBuf,
        /// Depth of the evaluation behind the decision (the app uses 1).
        #[arg(long, default_value_t = 1, value_parser = args::count::<u8>(0, ai::MAX_PLY as u64))]
        ply: u8,
        /// Also list the disagreeing positions.
        #[arg(long)]
        misses: bool,
        /// Another net (an f32 checkpoint or a packed file) in place of the built-in one.
        #[arg(long)]
        weights: Option<PathBuf>,
        /// Decide on the cubeless probabilities of a rollout of this many trials (0-ply play,
        /// mirrored dice, luck-adjusted) instead of a search at --ply.
        #[arg(long, value_parser = args::count::<u32>(1, ai::rollout::MAX_TRIALS as u64))]
        rollout: Option<u32>,
        /// The rollout's truncation in rolls (default: play to the end).
        #[arg(long, requires = "rollout", value_parser = args::count::<u32>(1, ai::rollout::MAX_TRUNCATE as u64))]
        truncate: Option<u32>,
        /// With --rollout: roll out only where the search's decision at --ply is close (the
        /// doubler's or the taker's choice within this many units of the cube of going the other
        /// way), else keep it.
        #[arg(long, requires = "rollout", value_parser = args::real32(0.0, 100.0))]
        close: Option<f32>,
        /// The rollouts' seed (each case's rollout starts from it).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Threads the rollouts are spread over (cases split among them; the same figures for
        /// any number).
        #[arg(long, default_value_t = 1, value_parser = args::count::<usize>(1, 256))]
        threads: usize,
    },
}

/// Loads the nets at `inputs`, joins them with `join` and saves the result at `output`.
fn combine(inputs: &[PathBuf], output: &Path, join: fn(&[Net]) -> Option<Net>, mismatch: &str) -> Result<Net, String> {
    let nets = inputs.iter().map(|p| load_net(p)).collect::<Result<Vec<Net>, String>>()?;
    let net = join(&nets).ok_or(mismatch)?;
    save_net(&net, output)?;
    Ok(net)
}

pub fn run(cmd: Command) -> Result<(), String> {
    match cmd {
        Command::AverageWeights { output, inputs } => {
            let net = combine(&inputs, &output, Net::average, "the nets differ in shape")?;
            println!("{}: the mean of {} nets, {} hidden units", output.display(), inputs.len(), net.hidden());
            Ok(())
        }
        Command::Ensemble { output, inputs } => {
            let net = combine(&inputs, &output, Net::ensemble, "no nets to join")?;
            println!("{}: the ensemble of {} nets, {} hidden units", output.display(), inputs.len(), net.hidden());
            Ok(())
        }
        Command::PackWeights { input, output, format } => {
            let b = std::fs::read(&input).map_err(|e| format!("{input}: {e}"))?;
            let net = Net::from_bytes(&b).map_err(|e| format!("{input}: {e}"))?;
            let packed = match format.as_str() {
                "q8" => net.to_bytes_q8(),
                "q8s" => net.to_bytes_q8_square(),
                _ => net.to_bytes_f16(),
            };
            std::fs::write(&output, &packed).map_err(|e| format!("{output}: {e}"))?;
            println!("{output}: {} games, {} bytes", net.games, packed.len());
            Ok(())
        }
        Command::Distill {
            variant,
            weights,
            teacher,
            dir,
            games,
            rollouts,
            rollouts_weight,
            without,
            ply,
            siblings,
            seed,
            threads,
            epochs,
            alpha,
            decay,
            adam,
            rank,
            rank_temperature,
            eval_pairs,
        } => {
            if rank > 0.0 && (adam.is_none() || siblings == 0) {
                return Err("--rank needs --adam and --siblings: it fits the order of each group of siblings".into());
            }
            let teacher = teacher.as_deref();
            let samples = Samples { games, ply, siblings, rollouts: &rollouts, rollouts_weight, without };
            let fit = Fit { epochs, alpha, decay, adam, rank, rank_temperature };
            distill(variant, &weights, teacher, &dir, samples, seed, threads, fit, eval_pairs)
        }
        Command::Train {
            variants,
            mix,
            dir,
            out,
            games,
            seed,
            hidden,
            alpha,
            alpha_min,
            alpha_half_life,
            lambda,
            inputs: n_inputs,
            checkpoint_secs,
            eval_every,
            eval_pairs,
        } => {
            if !inputs::is_supported(n_inputs) {
                return Err(format!(
                    "--inputs {n_inputs}: the encoding has {BASE_INPUTS}, {CONTACT_INPUTS}, {SECOND_INPUTS} or {NUM_INPUTS} inputs"
                ));
            }
            if !mix.is_empty() && mix.len() != variants.len() {
                return Err(format!("--mix has {} shares for {} variants", mix.len(), variants.len()));
            }
            if games == 0 && dir.is_none() {
                return Err("--games 0 trains until stopped and needs --dir for its checkpoints".into());
            }
            let mut trainers = Vec::new();
            for &variant in &variants {
                let mut cfg = TrainConfig::new(variant, seed);
                cfg.hidden = hidden;
                cfg.alpha = alpha;
                cfg.alpha_min = alpha_min;
                cfg.alpha_half_life = alpha_half_life;
                cfg.lambda = lambda;
                cfg.inputs = n_inputs;
                let net = match &dir {
                    Some(d) if d.join(file_name(variant)).exists() => {
                        let n = load_net(&d.join(file_name(variant)))?;
                        println!(
                            "{}: resuming from {} ({} games)",
                            variant.name(),
                            d.join(file_name(variant)).display(),
                            n.games
                        );
                        Some(n)
                    }
                    _ => None,
                };
                trainers.push(Trainer::new(cfg, net));
            }
            let mix: Vec<u32> = if mix.len() == trainers.len() { mix } else { vec![1; trainers.len()] };
            train(&mut trainers, &mix, dir.as_deref(), games, checkpoint_secs, eval_every, eval_pairs)?;
            if let Some(out) = out {
                save_net(&trainers[0].net, &out)?;
            }
            for t in &trainers {
                println!(
                    "{}: {} games, weights fnv1a {:016x}",
                    t.cfg.variant.name(),
                    t.net.games,
                    fnv(&t.net.to_bytes())
                );
            }
            Ok(())
        }
        Command::Duel { a, b, games, seed, variant, a_weights, b_weights, threads, part, parts } => {
            if part >= parts {
                return Err(format!("--part must be below --parts ({part} of {parts})"));
            }
            let rules = GameRules::new(variant);
            let net_a = match a_weights {
                Some(p) => load_play_net(&p)?,
                None => ai::net(variant).clone(),
            };
            let net_b = match b_weights {
                Some(p) => load_play_net(&p)?,
                None => ai::net(variant).clone(),
            };
            make_agent(&a, &net_a, 0)?;
            make_agent(&b, &net_b, 0)?;
            let pairs = games.div_ceil(2);
            let threads = threads.clamp(1, pairs.max(1));
            let start = Instant::now();
            let parts_stats: Vec<game::DuelStats> = std::thread::scope(|sc| {
                let hs: Vec<_> = (0..threads)
                    .map(|t| {
                        let (a, b, net_a, net_b, rules) = (&a, &b, &net_a, &net_b, &rules);
                        sc.spawn(move || {
                            let mut agent_a = make_agent(a, net_a, seed ^ 0xA).expect("checked");
                            let mut agent_b = make_agent(b, net_b, seed ^ 0xB).expect("checked");
                            let mut last = Instant::now();
                            let mut ids =
                                (0..pairs).filter(|i| i % parts == part).skip(t as usize).step_by(threads as usize);
                            game::duel_pairs(agent_a.as_mut(), agent_b.as_mut(), rules, &mut ids, seed, &mut |st| {
                                if last.elapsed().as_secs() >= 30 {
                                    last = Instant::now();
                                    eprintln!(
                                        "  thread {t}: {} games: {:+.3} ± {:.3} ppg",
                                        st.games,
                                        st.ppg(),
                                        st.se()
                                    );
                                }
                            })
                        })
                    })
                    .collect();
                hs.into_iter().map(|h| h.join().expect("duel thread")).collect()
            });
            let st = parts_stats.iter().fold(game::DuelStats::default(), |acc, p| acc.merge(p));
            if parts > 1 {
                let (sum, sumsq) = st.pair_sums();
                println!("part {part}/{parts}: pairs {} sum {sum} sumsq {sumsq}", st.pairs);
            }
            println!(
                "{} {a} vs {b}: {} games (mirrored dice, seed {seed}): {:+.3} ± {:.3} points per game for {a}; wins {:.1}%, gammons won {} lost {}, {:.1}s",
                variant.name(),
                st.games,
                st.ppg(),
                st.se(),
                100.0 * st.wins as f64 / st.games as f64,
                st.gammons,
                st.losses_gammon,
                start.elapsed().as_secs_f64()
            );
            Ok(())
        }
        Command::DuelMerge { logs } => {
            let mut st = game::DuelStats::default();
            let mut seen = 0;
            for log in &logs {
                let text = if log == "-" {
                    std::io::read_to_string(std::io::stdin()).map_err(|e| format!("stdin: {e}"))?
                } else {
                    std::fs::read_to_string(log).map_err(|e| format!("{log}: {e}"))?
                };
                for line in text.lines().filter(|l| l.starts_with("part ")) {
                    let w: Vec<&str> = line.split_whitespace().collect();
                    let num = |i: usize| w.get(i).and_then(|x| x.parse::<f64>().ok());
                    let (Some("pairs"), Some(p), Some("sum"), Some(sum), Some("sumsq"), Some(sq)) =
                        (w.get(2).copied(), num(3), w.get(4).copied(), num(5), w.get(6).copied(), num(7))
                    else {
                        return Err(format!("{log}: not a part line: {line}"));
                    };
                    // A pair scores at most ±6 per game twice (a backgammon at cube 1): the sums
                    // of a real part are bounded by its count of pairs.
                    let pairs_ok = p.fract() == 0.0 && (0.0..=1e15).contains(&p);
                    if !(pairs_ok && sum.abs() <= 12.0 * p && (0.0..=144.0 * p).contains(&sq)) {
                        return Err(format!("{log}: the numbers of this part line are impossible: {line}"));
                    }
                    println!("{log}: {line}");
                    st = st.merge(&game::DuelStats::from_pair_sums(p as u64, sum, sq));
                    seen += 1;
                }
            }
            if seen == 0 {
                return Err("no `part K/N: pairs P sum S sumsq Q` line in the logs".into());
            }
            println!("{seen} parts, {} games: {:+.3} ± {:.3} points per game", st.games, st.ppg(), st.se());
            Ok(())
        }
        Command::AiBench { variant, moves, seed } => bench(variant, moves, seed),
        Command::AiServe { variant, weights } => serve(variant, weights),
        Command::SiblingCheck { siblings, nets, plies, every, variant } => {
            let b = std::fs::read(&siblings).map_err(|e| format!("{}: {e}", siblings.display()))?;
            let not_siblings =
                || format!("{}: not a file of siblings (whole groups of three samples)", siblings.display());
            let samples = Sample::read_all(&b).ok_or_else(not_siblings)?;
            let groups: Vec<Siblings> =
                distill::sibling_groups(&samples).ok_or_else(not_siblings)?.into_iter().step_by(every).collect();
            let rules = GameRules::new(variant);
            for path in &nets {
                let net = load_play_net(path)?;
                for &ply in &plies {
                    let c = distill::sibling_choice(&net, &rules, &groups, ply);
                    println!(
                        "{} at {ply} ply: {} groups, pick loss {:.5}, best picked {:.1}%, rms equity {:.4}",
                        path.display(),
                        c.groups,
                        c.loss,
                        100.0 * c.best,
                        c.rms
                    );
                }
            }
            Ok(())
        }
        Command::CubeCheck { fixture, ply, misses, weights, rollout, truncate, close, seed, threads } => {
            let text = std::fs::read_to_string(&fixture).map_err(|e| format!("{}: {e}", fixture.display()))?;
            let cases = cube_check::parse(&text).map_err(|e| format!("{}: {e}", fixture.display()))?;
            let net = match weights {
                Some(p) => load_play_net(&p)?,
                None => ai::net(Variant::Backgammon).clone(),
            };
            let a = match rollout {
                None => {
                    println!("cube_action at {ply} ply against {} ({} positions)", fixture.display(), cases.len());
                    cube_check::compare(&cases, &net, ply)?
                }
                Some(trials) => {
                    let cfg = ai::rollout::RolloutConfig { trials, truncate, seed, ..Default::default() };
                    let cut = truncate.map_or("to the end".to_string(), |t| format!("truncated at {t} rolls"));
                    println!(
                        "the cube model on rollouts of {trials} trials ({cut}, seed {seed}) against {} ({} positions)",
                        fixture.display(),
                        cases.len()
                    );
                    match close {
                        None => cube_check::compare_rollout(&cases, &net, &cfg, threads)?,
                        Some(m) => {
                            let (a, n) = cube_check::compare_close_by_rollout(&cases, &net, ply, &cfg, m, threads)?;
                            println!(
                                "only where the {ply}-ply decision is within {m} of changing: {n} cases rolled out"
                            );
                            a
                        }
                    }
                }
            };
            print!("{}", a.table());
            if misses {
                for (c, adv, win) in &a.misses {
                    println!(
                        "miss {} {} {} ref win {:.3} {}/{}; ours win {win:.3} {}/{} nd {:+.3} dt {:+.3} dp {:+.3}",
                        c.position,
                        c.cube,
                        c.class,
                        c.win,
                        c.doubler,
                        c.taker,
                        cube_check::doubler_action(adv),
                        if adv.take { "take" } else { "pass" },
                        adv.no_double,
                        adv.double_take,
                        adv.double_pass
                    );
                }
            }
            Ok(())
        }
        Command::AiHint { position, dice: roll, ply, variant } => {
            let rules = GameRules::new(variant);
            let pos = Position::from_position_id(&position).map_err(|e| e.to_string())?;
            let e = ai::evaluate(&pos, &rules, ply);
            println!("position {position}: equity {:+.3} {:?}", e.equity, e.probabilities);
            for h in ai::hint(&pos, roll.0.value(), roll.1.value(), Segment::Roll, &rules, ply).iter().take(10) {
                let steps: Vec<String> = h.play.steps().iter().map(|s| s.to_string()).collect();
                println!(
                    "{:<24} {:+.3} ({}-ply) win {:.3} g {:.3}/{:.3}",
                    steps.join(" "),
                    h.equity,
                    h.ply,
                    h.probabilities.win,
                    h.probabilities.win_gammon,
                    h.probabilities.lose_gammon
                );
            }
            Ok(())
        }
    }
}

/// What `tabla distill` fits the net to: `games` self-play games labelled at `ply`, the
/// siblings of every `siblings`-th of their positions (0: none), and the rollout labels of
/// `rollout-label` directories, each counted `rollouts_weight` times; the self-play samples of
/// the class `without` are left out.
struct Samples<'a> {
    games: u64,
    ply: u8,
    siblings: u64,
    rollouts: &'a [PathBuf],
    rollouts_weight: u32,
    without: Option<PositionClass>,
}

/// How `tabla distill` fits: `epochs` epochs at a learning rate of `alpha`, times `decay` after
/// each; by Adam in batches of `adam` units (a sample or a group of siblings), with the
/// siblings' ranking term at weight `rank` (0: none) and `rank_temperature`, or by plain steps.
struct Fit {
    epochs: u64,
    alpha: f32,
    decay: f32,
    adam: Option<usize>,
    rank: f32,
    rank_temperature: f32,
}

/// `tabla distill` (see the command's help).
#[allow(clippy::too_many_arguments)]
fn distill(
    variant: Variant,
    weights: &Path,
    teacher: Option<&Path>,
    dir: &Path,
    wanted: Samples,
    seed: u64,
    threads: u64,
    fit: Fit,
    eval_pairs: u64,
) -> Result<(), String> {
    const CHUNK: u64 = 1000;
    let Fit { epochs, alpha, decay, adam, rank, rank_temperature } = fit;
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut net = load_net(weights)?;
    let teacher = match teacher {
        Some(p) => load_net(p)?,
        None => net.clone(),
    };
    let rules = GameRules::new(variant);
    let threads = threads.max(1);
    let start = Instant::now();
    let Samples { games, ply, siblings, rollouts, rollouts_weight, without } = wanted;
    let mut samples: Vec<Sample> = Vec::new();
    let mut groups: Vec<Siblings> = Vec::new();
    for r in rollouts {
        let labels = crate::rollout::read_labels(r)?;
        println!(
            "rollout labels from {}: {} positions, each counted {rollouts_weight} times",
            r.display(),
            labels.len()
        );
        for _ in 0..rollouts_weight {
            samples.extend_from_slice(&labels);
        }
    }
    if samples.is_empty() && games == 0 {
        return Err("nothing to fit: --games 0 and no rollout labels".into());
    }
    for first in (0..games).step_by(CHUNK as usize) {
        let path = dir.join(format!("samples-{}-ply{ply}-{first:08}.bin", variant.name()));
        let last = (first + CHUNK).min(games);
        let (net, rules) = (&teacher, &rules);
        let chunk = cached_samples(&path, threads, last - first, |i, v| {
            distill::label_game(net, rules, seed, first + i, ply, v)
        })?;
        if siblings > 0 {
            let name = format!("siblings-{}-ply{ply}-every{siblings}-{first:08}.bin", variant.name());
            let of: Vec<&Sample> = chunk.iter().step_by(siblings as usize).collect();
            let of = &of;
            let v = cached_samples(&dir.join(&name), threads, of.len() as u64, |i, v| {
                distill::label_siblings(net, rules, first << 24 | i, &of[i as usize].pos, ply, v)
            })?;
            groups.extend(distill::sibling_groups(&v).ok_or(format!("{name}: not whole groups of three siblings"))?);
        }
        samples.extend(chunk.into_iter().filter(|s| without.is_none_or(|c| classify(&s.pos) != c)));
        println!(
            "labelled games {first}..{}: {} positions, {} groups of siblings, {:.0} s",
            (first + CHUNK).min(games),
            samples.len(),
            groups.len(),
            start.elapsed().as_secs_f64()
        );
        let _ = std::io::stdout().flush();
    }
    println!("fitting {} samples and {} groups of siblings", samples.len(), groups.len());
    let measure = |net: &Net| {
        let mut a = NetAgent { net, level: Level::Advanced, seed: 0 };
        let st = game::duel(&mut a, &mut PubevalAgent, &rules, eval_pairs, 12345, &mut |_| {});
        (st.ppg(), st.se())
    };
    if eval_pairs > 0 {
        let (ppg, se) = measure(&net);
        println!("start: 0-ply vs pubeval {ppg:+.3} ± {se:.3} ppg ({} games)", 2 * eval_pairs);
    }
    let mut a = alpha;
    let mut moments = Adam::default();
    let set = FitSet {
        samples: &samples,
        siblings: &groups,
        rank: (rank > 0.0).then(|| distill::sibling_ranking(rules.scoring(), rank, rank_temperature)),
    };
    // plain steps take the siblings one by one
    let flat: Vec<Sample> = match adam {
        Some(_) => Vec::new(),
        None => samples.iter().copied().chain(groups.iter().flatten().copied()).collect(),
    };
    for e in 0..epochs {
        let mse = match adam {
            Some(batch) => distill::fit_epoch_adam(&mut net, &set, &mut moments, a, batch, seed, e),
            None => distill::fit_epoch(&mut net, &flat, a, seed, e),
        };
        let out = dir.join(format!("{}-distilled-{e}.net", variant.name()));
        save_net(&net, &out)?;
        print!("epoch {e}: alpha {a:.4}, mean squared error {mse:.5}, {:.0} s", start.elapsed().as_secs_f64());
        if eval_pairs > 0 {
            let (ppg, se) = measure(&net);
            print!("; 0-ply vs pubeval {ppg:+.3} ± {se:.3} ppg");
        }
        println!(" -> {}", out.display());
        let _ = std::io::stdout().flush();
        a *= decay;
    }
    Ok(())
}

/// The samples kept in `path`, or, when it does not exist yet, those that `label(item, out)`
/// makes for the items `0..items` on `threads` threads: thread `t` labels the items `t`,
/// `t + threads`, … and the file holds thread 0's samples, then thread 1's, and so on. It is
/// written through a temporary file, so that an interrupted run leaves no partial chunk. A kept
/// file that is not whole, valid samples is refused, never read in part: a fit must not quietly
/// lose the labels of a damaged chunk.
///
/// Each item is also appended as it is finished to `<path>.part` (its index, its sample count,
/// its samples), which is removed once the file is written: a run killed in the middle of a chunk
/// resumes from it and labels only the items missing there (an incomplete last record is
/// dropped), and the chunk comes out byte for byte as an uninterrupted run's with the same
/// thread count.
fn cached_samples<F>(path: &Path, threads: u64, items: u64, label: F) -> Result<Vec<Sample>, String>
where
    F: Fn(u64, &mut Vec<Sample>) + Sync,
{
    if let Ok(bytes) = std::fs::read(path) {
        return Sample::read_all(&bytes).ok_or_else(|| {
            format!("{}: not a whole file of labelled samples (delete it to label again)", path.display())
        });
    }
    let part_path = path.with_extension("part");
    let (done, valid) = match std::fs::read(&part_path) {
        Ok(b) => read_part(&b),
        Err(_) => (std::collections::HashMap::new(), 0),
    };
    if !done.is_empty() {
        println!("{}: resuming, {} of {items} items already labelled", part_path.display(), done.len());
    }
    let io = |e: std::io::Error| format!("{}: {e}", part_path.display());
    let mut file = std::fs::OpenOptions::new().create(true).write(true).truncate(false).open(&part_path).map_err(io)?;
    // A record cut short by the interruption is dropped before new ones follow it.
    file.set_len(valid as u64).map_err(io)?;
    file.seek(std::io::SeekFrom::End(0)).map_err(io)?;
    let shared = std::sync::Mutex::new((file, None::<String>));
    let (label, done, part) = (&label, &done, &shared);
    let parts: Vec<Vec<Sample>> = std::thread::scope(|sc| {
        let hs: Vec<_> = (0..threads)
            .map(|t| {
                sc.spawn(move || {
                    let mut v = Vec::new();
                    for i in (t..items).step_by(threads as usize) {
                        if let Some(kept) = done.get(&i) {
                            v.extend_from_slice(kept);
                            continue;
                        }
                        let from = v.len();
                        label(i, &mut v);
                        let record = part_record(i, &v[from..]);
                        let mut guard = part.lock().unwrap_or_else(|e| e.into_inner());
                        let (file, failed) = &mut *guard;
                        if failed.is_some() {
                            break;
                        }
                        if let Err(e) = file.write_all(&record) {
                            *failed = Some(io(e));
                            break;
                        }
                    }
                    v
                })
            })
            .collect();
        hs.into_iter().map(|h| h.join().expect("labelling thread")).collect()
    });
    if let (_, Some(e)) = shared.into_inner().unwrap_or_else(|e| e.into_inner()) {
        return Err(e);
    }
    let mut b = Vec::new();
    for s in parts.iter().flatten() {
        s.write(&mut b);
    }
    let tmp = path.with_extension("tmp");
    std::fs::write(&tmp, &b).map_err(|e| format!("{}: {e}", tmp.display()))?;
    std::fs::rename(&tmp, path).map_err(|e| format!("{}: {e}", path.display()))?;
    let _ = std::fs::remove_file(&part_path);
    Ok(parts.into_iter().flatten().collect())
}

/// One record of a `.part` file of [`cached_samples`]: item `i` and its samples.
fn part_record(i: u64, samples: &[Sample]) -> Vec<u8> {
    let mut record = Vec::with_capacity(12 + samples.len() * Sample::BYTES);
    record.extend_from_slice(&i.to_le_bytes());
    record.extend_from_slice(&(samples.len() as u32).to_le_bytes());
    for s in samples {
        s.write(&mut record);
    }
    record
}

/// The whole records of a `.part` file of [`cached_samples`] (item index → its samples) and the
/// length of the bytes they take; reading stops at the first record that is cut short or holds
/// an invalid sample.
fn read_part(b: &[u8]) -> (std::collections::HashMap<u64, Vec<Sample>>, usize) {
    let mut done = std::collections::HashMap::new();
    let mut at = 0;
    while b.len() - at >= 12 {
        let item = u64::from_le_bytes(b[at..at + 8].try_into().expect("8 bytes"));
        let count = u32::from_le_bytes(b[at + 8..at + 12].try_into().expect("4 bytes")) as usize;
        let Some(end) = count.checked_mul(Sample::BYTES).map(|n| at + 12 + n).filter(|&e| e <= b.len()) else {
            break;
        };
        let Some(samples) = Sample::read_all(&b[at + 12..end]) else {
            break;
        };
        done.insert(item, samples);
        at = end;
    }
    (done, at)
}

fn file_name(v: Variant) -> String {
    format!("{}.net", v.name())
}

fn load_net(p: &Path) -> Result<Net, String> {
    let b = std::fs::read(p).map_err(|e| format!("{}: {e}", p.display()))?;
    Net::from_bytes(&b).map_err(|e| format!("{}: {e}", p.display()))
}

/// A net to play or search with: its inputs must be the encoding's, and it needs hidden units.
fn load_play_net(p: &Path) -> Result<Net, String> {
    let net = load_net(p)?;
    if !inputs::is_supported(net.inputs()) || net.hidden() == 0 {
        return Err(format!(
            "{}: a net of {} inputs and {} hidden units cannot play (it needs {BASE_INPUTS}, {CONTACT_INPUTS}, {SECOND_INPUTS} or {NUM_INPUTS} inputs)",
            p.display(),
            net.inputs(),
            net.hidden()
        ));
    }
    Ok(net)
}

fn save_net(n: &Net, p: &Path) -> Result<(), String> {
    let tmp = p.with_extension("tmp");
    std::fs::write(&tmp, n.to_bytes()).map_err(|e| format!("{}: {e}", tmp.display()))?;
    std::fs::rename(&tmp, p).map_err(|e| format!("{}: {e}", p.display()))
}

/// FNV-1a (64 bits) of `b`: the fingerprint the CLI prints and records for a net.
pub(crate) fn fnv(b: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &x in b {
        h = (h ^ x as u64).wrapping_mul(0x100_0000_01b3);
    }
    h
}

fn make_agent<'a>(name: &str, net: &'a Net, seed: u64) -> Result<Box<dyn Agent + 'a>, String> {
    Ok(match name {
        "pubeval" => Box::new(PubevalAgent),
        "heuristic" => Box::new(HeuristicAgent),
        _ => Box::new(NetAgent { net, level: name.parse()?, seed }),
    })
}

fn measure(t: &Trainer, pairs: u64) -> (f64, f64) {
    let mut a = NetAgent { net: &t.net, level: Level::Advanced, seed: 0 };
    let st = if t.cfg.variant == Variant::AceyDeucey {
        game::duel(&mut a, &mut HeuristicAgent, &t.rules, pairs, 12345, &mut |_| {})
    } else {
        game::duel(&mut a, &mut PubevalAgent, &t.rules, pairs, 12345, &mut |_| {})
    };
    (st.ppg(), st.se())
}

fn train(
    trainers: &mut [Trainer],
    mix: &[u32],
    dir: Option<&Path>,
    games: u64,
    checkpoint_secs: u64,
    eval_every: u64,
    eval_pairs: u64,
) -> Result<(), String> {
    if let Some(d) = dir {
        std::fs::create_dir_all(d).map_err(|e| format!("{}: {e}", d.display()))?;
    }
    let checkpoint = |trainers: &[Trainer]| -> Result<(), String> {
        if let Some(d) = dir {
            for t in trainers {
                save_net(&t.net, &d.join(file_name(t.cfg.variant)))?;
            }
        }
        Ok(())
    };
    let start = Instant::now();
    let mut last_ckpt = Instant::now();
    let mut last_report = Instant::now();
    let mut done_since_report = 0u64;
    loop {
        let mut all_done = games > 0;
        for (t, &share) in trainers.iter_mut().zip(mix) {
            for _ in 0..share {
                if games > 0 && t.net.games >= games {
                    continue;
                }
                all_done = false;
                t.game();
                done_since_report += 1;
                if eval_every > 0 && t.net.games % eval_every == 0 {
                    let (ppg, se) = measure(t, eval_pairs);
                    let against = if t.cfg.variant == Variant::AceyDeucey { "heuristic" } else { "pubeval" };
                    println!(
                        "{} {} games: 0-ply vs {against} {:+.3} ± {:.3} ppg ({} games), alpha {:.4}, {:.0} s",
                        t.cfg.variant.name(),
                        t.net.games,
                        ppg,
                        se,
                        2 * eval_pairs,
                        t.alpha(),
                        start.elapsed().as_secs_f64()
                    );
                    if let Some(d) = dir {
                        save_net(&t.net, &d.join(format!("{}-{}.net", t.cfg.variant.name(), t.net.games)))?;
                    }
                    let _ = std::io::stdout().flush();
                }
            }
        }
        if all_done {
            break;
        }
        if last_report.elapsed().as_secs() >= 60 {
            let s: Vec<String> =
                trainers.iter().map(|t| format!("{} {} games", t.cfg.variant.name(), t.net.games)).collect();
            println!(
                "{} ({:.1} games/s)",
                s.join(", "),
                done_since_report as f64 / last_report.elapsed().as_secs_f64()
            );
            let _ = std::io::stdout().flush();
            last_report = Instant::now();
            done_since_report = 0;
        }
        if last_ckpt.elapsed().as_secs() >= checkpoint_secs {
            checkpoint(trainers)?;
            last_ckpt = Instant::now();
        }
    }
    checkpoint(trainers)
}

/// Positions from self-play games of the committed net (every turn of a few games).
fn sample_positions(rules: &GameRules, n: usize, seed: u64) -> Vec<(Position, u8, u8)> {
    let net = ai::net(rules.variant());
    let mut out = Vec::new();
    let mut g = 0u64;
    let mut agent = NetAgent { net, level: Level::Advanced, seed };
    while out.len() < n {
        let mut dice = SeededDice::new(game::game_seed(seed, g));
        let mut roll_dice = SeededDice::new(game::game_seed(seed ^ 0xD1CE, g));
        let mut players = game::Solo(&mut agent);
        game::play_game(&mut players, rules, &mut dice, 0, &mut |p, _| {
            let r = roll_dice.roll().unwrap();
            out.push((*p, r.0.value(), r.1.value()));
            out.len() < n
        });
        g += 1;
    }
    out
}

fn bench(variant: Variant, moves: usize, seed: u64) -> Result<(), String> {
    let rules = GameRules::new(variant);
    let t = Instant::now();
    let db = bearoff::Database::build();
    println!(
        "bear-off database ({} positions): whole table solved in {:.2} s",
        bearoff::POSITIONS,
        t.elapsed().as_secs_f64()
    );
    let t = Instant::now();
    let mean = bearoff::Database::with(|db| db.mean_rolls(&[0, 0, 0, 0, 0, 15]));
    println!(
        "lazily: 15 checkers on the 6-point need {mean:.3} rolls on average, solved in {:.2} s",
        t.elapsed().as_secs_f64()
    );
    drop(db);
    let positions = sample_positions(&rules, moves, seed);
    for level in Level::ALL {
        let n = if level.ply() >= 2 { moves.min(60) } else { moves };
        let mut s = Searcher::new(ai::net(variant), rules);
        let start = Instant::now();
        let mut worst = 0.0f64;
        for (p, a, b) in positions.iter().take(n) {
            let t = Instant::now();
            let _ = game::choose_with(&mut s, p, *a, *b, Segment::Roll, level, seed);
            worst = worst.max(t.elapsed().as_secs_f64());
        }
        let el = start.elapsed().as_secs_f64();
        println!(
            "{:<12} ({}-ply{}): {:>9.3} ms per move (worst {:.1} ms) over {n} positions, {:.0} net evaluations per move",
            level.name(),
            level.ply(),
            if level.noise() > 0.0 { ", noise" } else { "" },
            1000.0 * el / n as f64,
            1000.0 * worst,
            s.ev.evals as f64 / n as f64
        );
    }
    Ok(())
}

fn serve(variant: Variant, weights: Option<PathBuf>) -> Result<(), String> {
    let rules = GameRules::new(variant);
    let net = match weights {
        Some(p) => load_play_net(&p)?,
        None => ai::net(variant).clone(),
    };
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    let mut bad = 0u64;
    for line in stdin.lock().lines() {
        let line = line.map_err(|e| format!("stdin: {e}"))?;
        if line.trim().is_empty() {
            continue;
        }
        let reply = serve_line(&line, &net, rules).unwrap_or_else(|e| {
            bad += 1;
            format!("error: {e}")
        });
        writeln!(out, "{reply}").map_err(|e| e.to_string())?;
        out.flush().map_err(|e| e.to_string())?;
    }
    if bad > 0 {
        return Err(format!("ai-serve: {bad} bad line{}", if bad == 1 { "" } else { "s" }));
    }
    Ok(())
}

/// One line of the `ai-serve` protocol (see the command's help) and its answer; every field is
/// checked (count, Position ID, dice 1 to 6, ply 0 to [`ai::MAX_PLY`], level), so a bad line is an
/// error, never a panic or an endless search.
fn serve_line(line: &str, net: &Net, rules: GameRules) -> Result<String, String> {
    let f: Vec<&str> = line.split_whitespace().collect();
    let position = |id: &str| Position::from_position_id(id).map_err(|e| format!("position {id}: {e}"));
    if f.first() == Some(&"eval") {
        let (id, ply) = match f[1..] {
            [id] => (id, 0),
            [id, ply] => {
                let ply = ply
                    .parse::<u8>()
                    .ok()
                    .filter(|p| *p <= ai::MAX_PLY)
                    .ok_or_else(|| format!("the ply is 0 to {}, not {ply}", ai::MAX_PLY))?;
                (id, ply)
            }
            _ => return Err(format!("`eval POSITION_ID [PLY]` has 2 or 3 fields, not {}", f.len())),
        };
        let pos = position(id)?;
        let mut s = Searcher::new(net, rules);
        let p = s.on_roll(&pos, ply).probabilities;
        return Ok(format!("{} {} {} {} {}", p.win, p.win_gammon, p.win_backgammon, p.lose_gammon, p.lose_backgammon));
    }
    let (id, d1, d2, level) = match f[..] {
        [id, d1, d2] => (id, d1, d2, "advanced"),
        [id, d1, d2, level] => (id, d1, d2, level),
        _ => return Err(format!("`POSITION_ID D1 D2 [LEVEL]` has 3 or 4 fields, not {}", f.len())),
    };
    let die = |d: &str| {
        d.parse::<u8>()
            .ok()
            .and_then(|v| Die::new(v).ok())
            .map(Die::value)
            .ok_or_else(|| format!("a die is 1 to 6, not {d}"))
    };
    let (pos, d1, d2) = (position(id)?, die(d1)?, die(d2)?);
    if pos.game_over() {
        return Err(format!("position {id}: the game is over"));
    }
    if level == "pubeval" {
        let mut buf = Vec::new();
        return Ok(pubeval::best_play(&pos, d1, d2, rules.moves(), &mut buf).position_id());
    }
    let level: Level = level.parse()?;
    let mut s = Searcher::new(net, rules);
    let c = game::choose_with(&mut s, &pos, d1, d2, Segment::Roll, level, 0);
    Ok(c.play.result.position_id())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Any line, even an empty one, gets an answer or an error, never a panic.
    #[test]
    fn serve_line_refuses_empty_and_short_lines() {
        let rules = GameRules::new(Variant::Backgammon);
        let net = ai::net(Variant::Backgammon);
        for line in ["", "   ", "eval", "4HPwATDgc/ABMA", "4HPwATDgc/ABMA 3", "eval 4HPwATDgc/ABMA 3"] {
            assert!(serve_line(line, net, rules).is_err(), "{line:?}");
        }
        assert_eq!(serve_line("4HPwATDgc/ABMA 3 1 pubeval", net, rules).map(|id| id.len()), Ok(14));
    }

    /// Item `i`'s samples in the tests of `cached_samples`: `i % 3` of them (none for some).
    fn fake_label(i: u64, out: &mut Vec<Sample>) {
        for k in 0..i % 3 {
            let pos = Position::from_position_id("4HPwATDgc/ABMA").expect("the starting position");
            out.push(Sample { pos, target: [i as f32 / 10.0, k as f32 / 10.0, 0.0, 0.0, 0.0] });
        }
    }

    /// A labelling killed in the middle of a chunk resumes from its `.part` file: only the items
    /// missing there are labelled again, a record cut short is dropped, and the chunk comes out
    /// byte for byte as an uninterrupted run's.
    #[test]
    fn an_interrupted_labelling_resumes_and_writes_the_same_chunk() {
        let dir = std::env::temp_dir().join(format!("tabla-cached-samples-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let (whole, resumed) = (dir.join("whole.bin"), dir.join("resumed.bin"));
        let all = cached_samples(&whole, 2, 9, fake_label).unwrap();
        assert!(!whole.with_extension("part").exists());
        let mut part = Vec::new();
        for i in [0, 3, 5, 7] {
            let mut v = Vec::new();
            fake_label(i, &mut v);
            part.extend(part_record(i, &v));
        }
        let mut cut = Vec::new();
        fake_label(8, &mut cut);
        part.extend(&part_record(8, &cut)[..20]);
        std::fs::write(resumed.with_extension("part"), part).unwrap();
        let calls = std::sync::Mutex::new(Vec::new());
        let again = cached_samples(&resumed, 2, 9, |i, out| {
            calls.lock().unwrap().push(i);
            fake_label(i, out)
        })
        .unwrap();
        let mut calls = calls.into_inner().unwrap();
        calls.sort();
        assert_eq!(calls, [1, 2, 4, 6, 8]);
        assert_eq!(again, all);
        assert_eq!(std::fs::read(&resumed).unwrap(), std::fs::read(&whole).unwrap());
        assert!(!resumed.with_extension("part").exists());
        // A kept chunk is read, not labelled again.
        let kept = cached_samples(&resumed, 1, 9, |_, _| panic!("labelled a kept chunk")).unwrap();
        assert_eq!(kept, all);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
