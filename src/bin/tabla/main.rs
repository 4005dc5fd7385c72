//! `tabla`: the native command-line tool (legal plays, perft, benchmarks, duels, training).
//!
//! Each game family owns its subcommands in its own module; this file only dispatches.

use clap::{Parser, Subcommand};

mod api;
mod args;
mod bg;
mod bg_ai;
mod measure;
mod rollout;
mod ru;
mod ru_ai;

#[derive(Parser)]
#[command(name = "tabla", version, about = "tabla's native tools: legal plays, perft, benchmarks")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    #[command(flatten)]
    Api(api::Command),
    #[command(flatten)]
    Backgammon(bg::Command),
    #[command(flatten)]
    BackgammonAi(bg_ai::Command),
    #[command(flatten)]
    Rollout(rollout::Command),
    #[command(flatten)]
    Draughts(ru::Command),
    #[command(flatten)]
    DraughtsAi(Box<ru_ai::Command>),
}

fn main() {
    let result = match Cli::parse().command {
        Command::Api(cmd) => api::run(cmd),
        Command::Backgammon(cmd) => bg::run(cmd),
        Command::BackgammonAi(cmd) => bg_ai::run(cmd),
        Command::Rollout(cmd) => rollout::run(cmd),
        Command::Draughts(cmd) => ru::run(cmd),
        Command::DraughtsAi(cmd) => ru_ai::run(*cmd),
    };
    if let Err(message) = result {
        eprintln!("tabla: {message}");
        std::process::exit(2);
    }
}
