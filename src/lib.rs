//! # tabla
//!
//! Rules engines for classic board games, written to run in the browser through WebAssembly:
//!
//! - [`backgammon`]: the backgammon family: backgammon, the Eastern "table" house rules, and
//!   acey-deucey, as variants of one engine;
//! - [`draughts`]: Russian draughts (shashki) with flying kings and the FMJD-64 draw rules.
//!
//! The engines are pure and deterministic: chance comes only from a [`dice::DiceSource`]. The
//! `wasm` module is a thin `wasm-bindgen` layer over them.

#[cfg(feature = "ai")]
pub mod ai;
pub mod backgammon;
pub mod dice;
pub mod draughts;
pub mod errors;
pub mod link;
pub mod small_sort;
pub mod wasm;

pub use dice::{Dice, DiceError, DiceSource, Die, Roll};
