//! Subcommands that check and measure the JS API against the native engines: `replay` (the
//! native result of a game saved through the JS API) and `bench-api` (the same work as
//! `scripts/bench-js.mjs`, natively).

use std::io::Read;
use std::time::Instant;

use clap::Subcommand;
use tabla::backgammon::{Game as BgGame, Options, Phase, Variant};
use tabla::draughts::{Game as RuGame, MAX_PDN_BYTES};

use crate::args;

#[derive(Subcommand)]
pub enum Command {
    /// Replays a saved game natively and prints its result as one JSON line: a backgammon-family
    /// save (the JSON of `toJSON()`) or a Russian draughts PDN.
    Replay {
        /// `backgammon` (any variant of the family: the save names it) or `russian`.
        #[arg(long, value_parser = ["backgammon", "russian"])]
        game: String,
        /// The file holding the save or the PDN.
        file: String,
    },
    /// The JS benchmark's work, natively through the same engine calls: legal plays listed with
    /// notation, and complete random games, per second.
    BenchApi {
        /// Seconds to spend on each measurement (about; more than 0, at most 600).
        #[arg(long, default_value_t = 1.0, value_parser = args::seconds)]
        seconds: f64,
    },
}

pub fn run(cmd: Command) -> Result<(), String> {
    match cmd {
        Command::Replay { game, file } => replay(&game, &file),
        Command::BenchApi { seconds } => bench_api(seconds),
    }
}

fn replay(game: &str, file: &str) -> Result<(), String> {
    // A PDN past the engine's bound is refused by its size: a byte more is enough to tell.
    let limit = if game == "russian" { MAX_PDN_BYTES as u64 + 1 } else { u64::MAX };
    let mut text = String::new();
    std::fs::File::open(file)
        .and_then(|f| f.take(limit).read_to_string(&mut text))
        .map_err(|e| format!("{file}: {e}"))?;
    let line = match game {
        "backgammon" => {
            let g = BgGame::from_json(&text).map_err(|e| format!("{file}: {e}"))?;
            serde_json::json!({
                "positionId": g.position_id(),
                "phase": g.phase().name(),
                "outcome": g.outcome(),
                "score": g.score(),
            })
        }
        "russian" => {
            let g = RuGame::from_pdn(&text).map_err(|e| format!("{file}: {e}"))?;
            serde_json::json!({
                "fen": g.fen(),
                "outcome": g.outcome().map(|o| serde_json::json!({ "result": o.result_str(), "reason": o.reason_str() })),
                "moves": g.history().len(),
            })
        }
        other => return Err(format!("--game is backgammon or russian, not {other}")),
    };
    println!("{line}");
    Ok(())
}

/// A small deterministic generator for the benchmark's choices (xorshift; the same in the JS
/// benchmark), so both sides do the same amount of work.
struct Choice(u32);

impl Choice {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 17;
        self.0 ^= self.0 << 5;
        (self.0 as usize) % n
    }
}

/// Plays one random backgammon-family game through the Game API; returns the legal plays
/// listed on the way.
fn random_bg_game(variant: Variant, seed: u64, choice: &mut Choice) -> Result<usize, String> {
    let mut g = BgGame::with_seed(Options::new(variant), seed);
    let mut listed = 0;
    for _ in 0..10_000 {
        match g.phase() {
            Phase::GameOver => return Ok(listed),
            Phase::Opening | Phase::Roll => {
                g.roll().map_err(|e| e.to_string())?;
            }
            Phase::CubeDecision => g.take().map_err(|e| e.to_string())?,
            Phase::Resignation => g.decline_resignation().map_err(|e| e.to_string())?,
            Phase::ChooseDoubles => g.choose_doubles(choice.below(6) as u8 + 1).map_err(|e| e.to_string())?,
            Phase::Move => {
                let plays = g.legal_plays();
                listed += plays.len();
                if plays.is_empty() {
                    g.confirm().map_err(|e| e.to_string())?;
                } else {
                    let p = &plays[choice.below(plays.len())];
                    g.play_steps(&p.steps).map_err(|e| e.to_string())?;
                }
            }
        }
    }
    Err("a random game did not end in 10,000 actions".into())
}

fn random_ru_game(choice: &mut Choice) -> Result<usize, String> {
    let mut g = RuGame::default();
    let mut listed = 0;
    while !g.is_over() {
        let moves = g.legal_moves_with_notation();
        listed += moves.len();
        let (mv, _) = &moves[choice.below(moves.len())];
        g.play_move(mv).map_err(|e| e.to_string())?;
    }
    Ok(listed)
}

/// Runs `work` repeatedly for about `seconds` and returns (runs, items, seconds).
fn timed(seconds: f64, mut work: impl FnMut() -> Result<usize, String>) -> Result<(u64, u64, f64), String> {
    let start = Instant::now();
    let (mut runs, mut items) = (0u64, 0u64);
    while start.elapsed().as_secs_f64() < seconds {
        items += work()? as u64;
        runs += 1;
    }
    Ok((runs, items, start.elapsed().as_secs_f64()))
}

fn bench_api(seconds: f64) -> Result<(), String> {
    println!("native engine through the Game API (the work of scripts/bench-js.mjs)");
    for variant in [Variant::Backgammon, Variant::Table, Variant::AceyDeucey] {
        let mut choice = Choice(0x9E37_79B9);
        let mut seed = 0;
        let (runs, items, secs) = timed(seconds, || {
            seed += 1;
            random_bg_game(variant, seed, &mut choice)
        })?;
        println!(
            "{:<12} random games/s {:>10.1}   legal plays listed/s {:>12.0}",
            variant.name(),
            runs as f64 / secs,
            items as f64 / secs
        );
    }
    let mut choice = Choice(0x9E37_79B9);
    let (runs, items, secs) = timed(seconds, || random_ru_game(&mut choice))?;
    println!(
        "{:<12} random games/s {:>10.1}   legal moves listed/s {:>12.0}",
        "russian",
        runs as f64 / secs,
        items as f64 / secs
    );
    Ok(())
}
