//! Subcommands of this game family.

use clap::Subcommand;

#[derive(Subcommand)]
pub enum Command {}

pub fn run(cmd: Command) -> Result<(), String> {
    match cmd {}
}
