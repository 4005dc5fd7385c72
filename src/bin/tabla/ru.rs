//! Subcommands of this game family: `tabla perft russian`.

use std::time::Instant;

use clap::{Args, Subcommand};
use tabla::draughts::{Position, perft, perft_divide, perft_paths};

use crate::args;
use crate::measure::cpu_seconds;

#[derive(Subcommand)]
pub enum Command {
    /// Count the leaf nodes of the legal move tree (perft), one line per depth
    Perft {
        #[command(subcommand)]
        game: PerftGame,
    },
}

#[derive(Subcommand)]
pub enum PerftGame {
    /// Russian draughts (docs/rules.md 2.5)
    Russian(PerftArgs),
}

#[derive(Args)]
pub struct PerftArgs {
    /// Deepest depth to count, 1 to 15 (every depth from 1 up to it is printed)
    #[arg(long, short, value_parser = args::count::<u32>(1, args::MAX_PERFT_DEPTH))]
    depth: u32,
    /// Start position as PDN FEN (default: the initial position)
    #[arg(long)]
    fen: Option<String>,
    /// Count every capture path instead of one move per (start, end, captured set)
    #[arg(long)]
    paths: bool,
    /// Only the given depth, split by first move
    #[arg(long)]
    divide: bool,
}

pub fn run(cmd: Command) -> Result<(), String> {
    match cmd {
        Command::Perft { game: PerftGame::Russian(args) } => run_perft(&args),
    }
}

/// `tabla perft russian`: prints `depth N  nodes X  time T s  nps R` for depths 1..=N.
pub fn run_perft(args: &PerftArgs) -> Result<(), String> {
    let pos = match &args.fen {
        Some(f) => Position::from_fen(f).map_err(|e| e.to_string())?,
        None => Position::start(),
    };
    println!("position {}", pos.to_fen());
    println!("counting {}", if args.paths { "every capture path" } else { "one move per (start, end, captured set)" });
    if args.divide {
        let t = Instant::now();
        let rows = perft_divide(&pos, args.depth, args.paths);
        let texts = pos.notate(&rows.iter().map(|(m, _)| *m).collect::<Vec<_>>());
        let mut total = 0;
        for ((m, n), text) in rows.iter().zip(texts) {
            let shown = if args.paths { m.long_text() } else { text };
            println!("{shown:<24} {n}");
            total += n;
        }
        println!("total {total} ({} moves) in {:.3} s", rows.len(), t.elapsed().as_secs_f64());
        return Ok(());
    }
    for d in 1..=args.depth {
        let t = Instant::now();
        let cpu0 = cpu_seconds();
        let n = if args.paths { perft_paths(&pos, d) } else { perft(&pos, d) };
        let secs = t.elapsed().as_secs_f64();
        let nps = if secs > 0.0 { n as f64 / secs } else { f64::INFINITY };
        print!("depth {d:>2}  nodes {n:>14}  time {secs:>9.3} s  nps {:>14}", format_nps(nps));
        // On a shared machine the wall clock includes time spent waiting for a core; the CPU
        // time this thread actually ran (Linux: /proc/thread-self/schedstat) gives the speed.
        if let (Some(a), Some(b)) = (cpu0, cpu_seconds()) {
            let cpu = b - a;
            let cnps = if cpu > 0.0 { n as f64 / cpu } else { f64::INFINITY };
            print!("  cpu {cpu:>9.3} s  nps/cpu {:>14}", format_nps(cnps));
        }
        println!();
    }
    Ok(())
}

fn format_nps(nps: f64) -> String {
    if nps.is_finite() { format!("{:.0}", nps) } else { "-".to_string() }
}
