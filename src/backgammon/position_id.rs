//! GNU Backgammon's Position ID: 14 base64 characters for the 80-bit position key.
//!
//! The key lists, for the opponent and then for the player on roll, each side's 25 places from
//! his own point 1 to his bar: as many 1 bits as checkers there, then a 0 bit; the rest of the 80
//! bits are 0. Bit `k` goes to bit `k % 8` of byte `k / 8`, and the 10 bytes are written in
//! base64 without the trailing padding. The starting position is `4HPwATDgc/ABMA`.
//!
//! Acey-deucey checkers not yet entered have no place in the key: they are written as checkers
//! on the bar (read back, they are bar checkers). The JSON save keeps them apart.

use std::fmt;

use super::position::{Position, Setup, SetupError};

const B64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// Why a text is not a valid Position ID.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionIdError {
    /// A Position ID has exactly 14 characters.
    Length(usize),
    /// A character outside the base64 alphabet `A-Z a-z 0-9 + /`.
    Character(char),
    /// The bits describe more than 15 checkers for one side, or run past the 80 bits.
    TooManyCheckers { opponent: bool },
    /// The decoded board is impossible.
    Invalid(SetupError),
}

impl fmt::Display for PositionIdError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionIdError::Length(n) => {
                write!(f, "a Position ID has 14 characters (such as 4HPwATDgc/ABMA), not {n}")
            }
            PositionIdError::Character(c) => {
                write!(f, "'{c}' is not allowed in a Position ID (only A-Z, a-z, 0-9, + and /)")
            }
            PositionIdError::TooManyCheckers { opponent } => write!(
                f,
                "the Position ID gives the {} more than 15 checkers",
                if *opponent { "opponent" } else { "player on roll" }
            ),
            PositionIdError::Invalid(e) => write!(f, "the Position ID describes an impossible board: {e}"),
        }
    }
}

impl std::error::Error for PositionIdError {}

impl crate::errors::ErrorCode for PositionIdError {
    fn code(&self) -> &'static str {
        "bad-position-id"
    }
}

/// The 10-byte gnubg position key of a position.
pub fn position_key(pos: &Position) -> [u8; 10] {
    let b = pos.to_gnubg_board();
    let mut key = [0u8; 10];
    let mut bit = 0usize;
    for side in &b {
        for &n in side.iter() {
            for _ in 0..n {
                if bit < 80 {
                    key[bit / 8] |= 1 << (bit % 8);
                }
                bit += 1;
            }
            bit += 1;
        }
    }
    key
}

/// The Position ID of a position (the side on roll is the mover).
pub fn encode(pos: &Position) -> String {
    let key = position_key(pos);
    let mut out = String::with_capacity(14);
    let mut acc: u32 = 0;
    let mut nbits = 0;
    for &byte in &key {
        acc = (acc << 8) | byte as u32;
        nbits += 8;
        while nbits >= 6 {
            nbits -= 6;
            out.push(B64[((acc >> nbits) & 63) as usize] as char);
        }
    }
    if nbits > 0 {
        out.push(B64[((acc << (6 - nbits)) & 63) as usize] as char);
    }
    out
}

fn b64_value(c: char) -> Option<u32> {
    match c {
        'A'..='Z' => Some(c as u32 - 'A' as u32),
        'a'..='z' => Some(c as u32 - 'a' as u32 + 26),
        '0'..='9' => Some(c as u32 - '0' as u32 + 52),
        '+' => Some(62),
        '/' => Some(63),
        _ => None,
    }
}

/// Reads a Position ID (surrounding white space and a trailing `==` are tolerated).
pub fn decode(id: &str) -> Result<Position, PositionIdError> {
    let id = id.trim();
    let id = id.strip_suffix("==").unwrap_or(id);
    let n = id.chars().count();
    if n != 14 {
        return Err(PositionIdError::Length(n));
    }
    let mut key = [0u8; 10];
    let mut acc: u32 = 0;
    let mut nbits = 0;
    let mut k = 0;
    for c in id.chars() {
        let v = b64_value(c).ok_or(PositionIdError::Character(c))?;
        acc = (acc << 6) | v;
        nbits += 6;
        if nbits >= 8 {
            nbits -= 8;
            if k < 10 {
                key[k] = ((acc >> nbits) & 0xff) as u8;
                k += 1;
            }
        }
    }
    from_key(&key)
}

/// A position from the 10-byte gnubg key.
pub fn from_key(key: &[u8; 10]) -> Result<Position, PositionIdError> {
    let mut board = [[0u8; 25]; 2];
    let mut bit = 0usize;
    for (side, counts) in board.iter_mut().enumerate() {
        let mut total = 0u32;
        for place in counts.iter_mut() {
            loop {
                if bit >= 80 {
                    // Running out of bits means the remaining places are empty.
                    break;
                }
                let set = key[bit / 8] >> (bit % 8) & 1 == 1;
                bit += 1;
                if !set {
                    break;
                }
                *place += 1;
                total += 1;
                if total > 15 {
                    return Err(PositionIdError::TooManyCheckers { opponent: side == 0 });
                }
            }
        }
    }
    Position::from_setup(&Setup { mover: board[1], opponent: board[0], unentered: [0, 0] })
        .map_err(PositionIdError::Invalid)
}

impl Position {
    /// gnubg Position ID of this position, the mover being the player on roll.
    pub fn position_id(&self) -> String {
        encode(self)
    }

    /// The position of a gnubg Position ID, the player on roll being the mover.
    pub fn from_position_id(id: &str) -> Result<Position, PositionIdError> {
        decode(id)
    }
}

impl std::str::FromStr for Position {
    type Err = PositionIdError;
    /// Parses a gnubg Position ID.
    fn from_str(s: &str) -> Result<Position, PositionIdError> {
        decode(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_id() {
        assert_eq!(Position::start().position_id(), "4HPwATDgc/ABMA");
        assert_eq!(Position::from_position_id("4HPwATDgc/ABMA").unwrap(), Position::start());
    }

    #[test]
    fn errors_are_typed() {
        assert_eq!(decode("abc"), Err(PositionIdError::Length(3)));
        assert_eq!(decode("4HPwATDgc/AB*A"), Err(PositionIdError::Character('*')));
        assert!(matches!(decode("//////////////"), Err(PositionIdError::TooManyCheckers { .. })));
    }
}
