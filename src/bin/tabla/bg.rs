//! Subcommands of the backgammon family: `plays` (legal plays of a position) and `bench`.

use std::time::Instant;

use clap::Subcommand;
use tabla::backgammon::{MoveRules, Position};
use tabla::dice::{DiceSource, Roll, SeededDice};

const BENCH_CONTACT: &str = include_str!("../../../tests/data/backgammon/bench_contact.txt");
const BENCH_RACE: &str = include_str!("../../../tests/data/backgammon/bench_race.txt");

#[derive(Subcommand)]
pub enum Command {
    /// Legal-play generation throughput over a fixed set of contact and race positions (all 21
    /// rolls each) and the time of complete random games.
    Bench {
        /// Seconds to spend on each measurement (about).
        #[arg(long, default_value_t = 1.0)]
        seconds: f64,
    },
}

pub fn run(cmd: Command) -> Result<(), String> {
    match cmd {
        Command::Bench { seconds } => bench(seconds),
    }
}

fn load(ids: &str) -> Result<Vec<Position>, String> {
    ids.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| Position::from_position_id(l).map_err(|e| format!("bench position {l}: {e}")))
        .collect()
}

fn throughput(name: &str, positions: &[Position], seconds: f64) {
    let rolls: Vec<(u8, u8)> = Roll::all21().map(|(r, _)| (r.0.value(), r.1.value())).collect();
    let mut out = Vec::with_capacity(1024);
    let mut generated: u64 = 0;
    let mut calls: u64 = 0;
    let start = Instant::now();
    loop {
        for p in positions {
            for &(a, b) in &rolls {
                p.plays_into(a, b, MoveRules::STANDARD, &mut out);
                generated += out.len() as u64;
                calls += 1;
            }
        }
        if start.elapsed().as_secs_f64() >= seconds {
            break;
        }
    }
    let t = start.elapsed().as_secs_f64();
    println!(
        "{name:8} {:>4} positions x 21 rolls: {:>6.1} M positions/s, {:>5.2} M roll-generations/s ({:.1} plays per roll)",
        positions.len(),
        generated as f64 / t / 1e6,
        calls as f64 / t / 1e6,
        generated as f64 / calls as f64
    );
}

fn random_game(dice: &mut SeededDice, buf: &mut Vec<Position>) -> u32 {
    let mut p = Position::start();
    let mut plies = 0;
    while !p.game_over() {
        let r = dice.roll().expect("seeded dice never fail");
        p.plays_into(r.0.value(), r.1.value(), MoveRules::STANDARD, buf);
        let i = (dice.die().expect("seeded dice never fail").value() as usize * 7919 + plies as usize) % buf.len();
        p = buf[i].flip();
        plies += 1;
    }
    plies
}

fn bench(seconds: f64) -> Result<(), String> {
    let contact = load(BENCH_CONTACT)?;
    let race = load(BENCH_RACE)?;
    println!("tabla bench: backgammon legal-play generation (one core, {seconds} s each)");
    throughput("contact", &contact, seconds);
    throughput("race", &race, seconds);
    let mut dice = SeededDice::new(1);
    let mut buf = Vec::with_capacity(1024);
    let start = Instant::now();
    let mut games = 0u32;
    let mut plies = 0u64;
    while start.elapsed().as_secs_f64() < seconds || games == 0 {
        plies += random_game(&mut dice, &mut buf) as u64;
        games += 1;
    }
    let t = start.elapsed().as_secs_f64();
    println!(
        "random game: {:.1} us per complete game ({games} games, {:.0} plies per game)",
        t / games as f64 * 1e6,
        plies as f64 / games as f64
    );
    Ok(())
}
