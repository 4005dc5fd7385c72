//! Zobrist hashing of positions.
//!
//! The hash of a position is the XOR of one 64-bit key per (piece kind, square) for every piece,
//! plus [`SIDE`] when Black is to move. The keys are fixed at compile time (SplitMix64 from a
//! constant seed), so hashes are identical across runs, platforms and the wasm build, and can be
//! stored (opening books, test data). [`Position`](super::Position) keeps its hash up to date
//! incrementally on every move; [`hash_of`] recomputes it from scratch.

use super::bitboard::Bitboard;
use super::square::Color;
use crate::dice::SplitMix64;

const fn build() -> ([[u64; 32]; 4], u64) {
    let mut keys = [[0u64; 32]; 4];
    let mut rng = SplitMix64(0x7461_626C_6120_7275); // "tabla ru"
    let mut k = 0;
    while k < 4 {
        let mut s = 0;
        while s < 32 {
            keys[k][s] = rng.next_u64();
            s += 1;
        }
        k += 1;
    }
    let side = rng.next_u64();
    (keys, side)
}

const TABLES: ([[u64; 32]; 4], u64) = build();

/// `PIECE[kind][square]` with kind `0` = white man, `1` = black man, `2` = white king,
/// `3` = black king.
pub const PIECE: [[u64; 32]; 4] = TABLES.0;

/// XORed in when Black is to move.
pub const SIDE: u64 = TABLES.1;

/// The key index of a piece: see [`PIECE`].
#[inline(always)]
pub const fn kind(color: Color, king: bool) -> usize {
    color as usize + if king { 2 } else { 0 }
}

fn xor_all(mut b: Bitboard, keys: &[u64; 32]) -> u64 {
    let mut h = 0;
    while b != 0 {
        h ^= keys[b.trailing_zeros() as usize];
        b &= b - 1;
    }
    h
}

/// The hash of the given piece sets and side to move, computed from scratch.
pub fn hash_of(white: Bitboard, black: Bitboard, kings: Bitboard, turn: Color) -> u64 {
    let mut h = xor_all(white & !kings, &PIECE[0])
        ^ xor_all(black & !kings, &PIECE[1])
        ^ xor_all(white & kings, &PIECE[2])
        ^ xor_all(black & kings, &PIECE[3]);
    if turn == Color::Black {
        h ^= SIDE;
    }
    h
}
