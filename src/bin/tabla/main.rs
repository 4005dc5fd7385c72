//! `tabla`: the native command-line tool (legal plays, perft, benchmarks, duels, training).
//!
//! Each game family owns its subcommands in its own module; this file only dispatches.

use clap::{Parser, Subcommand};

mod bg;
mod ru;

#[derive(Parser)]
#[command(name = "tabla", version, about = "tabla's native tools: legal plays, perft, benchmarks")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    #[command(flatten)]
    Backgammon(bg::Command),
    #[command(flatten)]
    Draughts(ru::Command),
}

fn main() {
    let result = match Cli::parse().command {
        Command::Backgammon(cmd) => bg::run(cmd),
        Command::Draughts(cmd) => ru::run(cmd),
    };
    if let Err(message) = result {
        eprintln!("tabla: {message}");
        std::process::exit(2);
    }
}
