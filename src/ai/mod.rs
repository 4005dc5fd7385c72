//! Computer opponents: pure Rust evaluation and search, natively and in wasm.

pub mod backgammon;
pub mod draughts;
