//! Subcommands of the backgammon family: `plays` (legal plays of a position) and `bench`.

use std::io::Write;

use clap::Subcommand;
use tabla::backgammon::{MoveRules, Options, Position, Variant, format_play};
use tabla::dice::{DiceSource, Roll, SeededDice};

use crate::args;
use crate::measure::Clock;

/// Prints a line; a closed stdout (`| head`) is not an error.
macro_rules! say {
    ($($t:tt)*) => {{
        let _ = writeln!(std::io::stdout(), $($t)*);
    }};
}

const BENCH_CONTACT: &str = include_str!("../../../tests/data/backgammon/bench_contact.txt");
const BENCH_RACE: &str = include_str!("../../../tests/data/backgammon/bench_race.txt");

#[derive(Subcommand)]
pub enum Command {
    /// Legal plays of a position, one a line: `<notation> <Position ID after the play>` (the
    /// opponent on roll), distinct by resulting position.
    Plays {
        /// backgammon, table or acey-deucey.
        #[arg(long, default_value = "backgammon", value_parser = args::variant)]
        variant: Variant,
        /// gnubg Position ID, the player on roll moving.
        #[arg(long, default_value = "4HPwATDgc/ABMA")]
        position_id: String,
        /// The roll, such as 3-1.
        #[arg(long, value_parser = args::roll)]
        dice: Roll,
        /// Acey-deucey: how many of the bar checkers of the player on roll are not yet entered.
        #[arg(long, default_value_t = 0, value_parser = args::count::<u8>(0, 15))]
        unentered: u8,
        /// Acey-deucey house option: bear off only with the exact number.
        #[arg(long)]
        exact_bear_off: bool,
        /// Acey-deucey house option: no passing the opponent's 12-point until all have entered.
        #[arg(long)]
        enter_all_before_passing: bool,
    },
    /// Legal-play generation throughput over a fixed set of contact and race positions (all 21
    /// rolls each) and the time of complete random games.
    Bench {
        /// Seconds to spend on each measurement (about; more than 0, at most 600).
        #[arg(long, default_value_t = 1.0, value_parser = args::seconds)]
        seconds: f64,
    },
}

pub fn run(cmd: Command) -> Result<(), String> {
    match cmd {
        Command::Bench { seconds } => bench(seconds),
        Command::Plays { variant, position_id, dice, unentered, exact_bear_off, enter_all_before_passing } => {
            let mut options = Options::new(variant);
            options.exact_bear_off = exact_bear_off;
            options.enter_all_before_passing = enter_all_before_passing;
            let roll = dice;
            let p = Position::from_position_id(&position_id).map_err(|e| format!("--position-id: {e}"))?;
            let p = p.with_unentered(unentered).map_err(|e| format!("--unentered: {e}"))?;
            let stdout = std::io::stdout();
            let mut out = stdout.lock();
            for play in p.legal_plays(roll.0.value(), roll.1.value(), options.move_rules()) {
                let text = format_play(&p, play.steps());
                let text = if text.is_empty() { "(no move)".to_string() } else { text };
                if writeln!(out, "{text} {}", play.result.flip().position_id()).is_err() {
                    break; // the reader went away (e.g. `| head`)
                }
            }
            Ok(())
        }
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
    let clock = Clock::start();
    loop {
        for p in positions {
            for &(a, b) in &rolls {
                p.plays_into(a, b, MoveRules::STANDARD, &mut out);
                generated += out.len() as u64;
                calls += 1;
            }
        }
        if clock.wall() >= seconds {
            break;
        }
    }
    let (cpu, wall) = clock.read();
    let t = cpu.unwrap_or(wall);
    say!(
        "{name:8} {:>4} positions x 21 rolls: {:>6.1} M positions/s, {:>5.2} M roll-generations/s ({:.1} plays per roll){}",
        positions.len(),
        generated as f64 / t / 1e6,
        calls as f64 / t / 1e6,
        generated as f64 / calls as f64,
        if cpu.is_some() {
            format!(" [per CPU second; {:.1} M/s wall]", generated as f64 / wall / 1e6)
        } else {
            " [wall]".to_string()
        }
    );
}

/// One game from the start with seeded dice, each play picked at random (xorshift), to the end.
fn random_game(dice: &mut SeededDice, pick: &mut u64, buf: &mut Vec<Position>) -> u32 {
    let mut p = Position::start();
    let mut plies = 0;
    while !p.game_over() {
        let Ok(r) = dice.roll() else { break };
        p.plays_into(r.0.value(), r.1.value(), MoveRules::STANDARD, buf);
        *pick ^= *pick << 13;
        *pick ^= *pick >> 7;
        *pick ^= *pick << 17;
        p = buf[(*pick % buf.len() as u64) as usize].flip();
        plies += 1;
    }
    plies
}

fn bench(seconds: f64) -> Result<(), String> {
    let contact = load(BENCH_CONTACT)?;
    let race = load(BENCH_RACE)?;
    say!("tabla bench: backgammon legal-play generation (one core, {seconds} s each)");
    throughput("contact", &contact, seconds);
    throughput("race", &race, seconds);
    let mut dice = SeededDice::new(1);
    let mut pick = 0x9e37_79b9_7f4a_7c15u64;
    let mut buf = Vec::with_capacity(1024);
    let clock = Clock::start();
    let mut games = 0u32;
    let mut plies = 0u64;
    while clock.wall() < seconds || games == 0 {
        plies += random_game(&mut dice, &mut pick, &mut buf) as u64;
        games += 1;
    }
    let (cpu, wall) = clock.read();
    let t = cpu.unwrap_or(wall);
    say!(
        "random game: {:.1} us per complete game ({games} games, {:.0} plies per game, uniformly random plays){}",
        t / games as f64 * 1e6,
        plies as f64 / games as f64,
        if cpu.is_some() {
            format!(" [CPU time; {:.1} us wall]", wall / games as f64 * 1e6)
        } else {
            " [wall]".to_string()
        }
    );
    Ok(())
}
