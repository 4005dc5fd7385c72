//! PDN FEN (docs/rules.md 2.4): `W:Wa1,c1,Kd4:Bb8,f8`.
//!
//! Reading accepts:
//! - the side to move `W` or `B` (either case), then one field per side, each `W` or `B`
//!   followed by a comma-separated list of squares, `K` before a square marking a king;
//! - algebraic squares (`c3`) and PDN numbers (`1 = b8` ... `32 = g1`), and numeric ranges
//!   (`1-12`, `K29-32`);
//! - the side fields in either order, either one missing or empty (that side has no pieces),
//!   surrounding white space, a final `.`, and trailing `H<n>`/`F<n>` counter fields (ignored);
//! - FEN inside a PDN tag's quotes is passed in without the quotes.
//!
//! The position must be legal ([`PositionError`]): at most 12 pieces a side, no man on its
//! promotion rank, no square listed twice.
//!
//! Writing gives algebraic squares in square index order (`a1, c1, e1, g1, b2, ... h8`), kings
//! marked inline: `W:Wa1,c1:Bb8,Kh8`.

use std::fmt;
use std::str::FromStr;

use super::bitboard::Squares;
use super::position::{Piece, Position, PositionError};
use super::square::{Color, Square};

/// Why a FEN could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    /// The text is empty.
    Empty,
    /// The first field is not `W` or `B`.
    BadTurn(String),
    /// A field does not start with `W` or `B`.
    BadField(String),
    /// The same side's field appears twice.
    DuplicateSide(Color),
    /// A square entry is neither an algebraic dark square nor a number 1..32 (with an optional
    /// `K`).
    BadSquare(String),
    /// A numeric range is malformed or descending.
    BadRange(String),
    /// The pieces do not form a legal position.
    Position(PositionError),
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("invalid FEN: ")?;
        match self {
            FenError::Empty => write!(f, "it is empty"),
            FenError::BadTurn(t) => write!(f, "the side to move must be W or B, not `{t}`"),
            FenError::BadField(t) => {
                write!(f, "field `{t}` must start with W or B followed by a list of squares")
            }
            FenError::DuplicateSide(c) => write!(f, "{c}'s pieces are listed twice"),
            FenError::BadSquare(t) => {
                write!(f, "`{t}` is not a square (expected a dark square like c3 or a number 1..32, with K for a king)")
            }
            FenError::BadRange(t) => write!(f, "`{t}` is not a valid range of square numbers"),
            FenError::Position(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for FenError {}

impl From<PositionError> for FenError {
    fn from(e: PositionError) -> FenError {
        FenError::Position(e)
    }
}

fn parse_entry(entry: &str, color: Color, out: &mut Vec<(Square, Piece)>) -> Result<(), FenError> {
    let e = entry.trim();
    let (king, body) = match e.strip_prefix(['K', 'k']) {
        Some(rest) => (true, rest.trim()),
        None => (false, e),
    };
    let piece = Piece { color, king };
    if let Some((a, b)) = body.split_once('-') {
        let parse_n = |t: &str| -> Option<u8> {
            let t = t.trim();
            if t.is_empty() || t.len() > 2 || !t.bytes().all(|c| c.is_ascii_digit()) {
                return None;
            }
            t.parse().ok().filter(|n| (1..=32).contains(n))
        };
        let (Some(a), Some(b)) = (parse_n(a), parse_n(b)) else {
            return Err(FenError::BadRange(e.to_string()));
        };
        if a > b {
            return Err(FenError::BadRange(e.to_string()));
        }
        for n in a..=b {
            out.push((Square::from_pdn_number(n).expect("1..=32"), piece));
        }
        return Ok(());
    }
    let sq = Square::parse(body).ok_or_else(|| FenError::BadSquare(e.to_string()))?;
    out.push((sq, piece));
    Ok(())
}

fn is_counter_field(f: &str) -> bool {
    let mut c = f.chars();
    matches!(c.next(), Some('H' | 'F' | 'h' | 'f'))
        && c.as_str().len() <= 6
        && !c.as_str().is_empty()
        && c.as_str().bytes().all(|b| b.is_ascii_digit())
}

impl Position {
    /// Reads a PDN FEN (see the [module docs](self)).
    ///
    /// ```
    /// use tabla::draughts::Position;
    /// let p = Position::from_fen("W:W21-32:B1-12").unwrap();
    /// assert_eq!(p, Position::start());
    /// assert_eq!(p.to_fen(), "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8");
    /// ```
    pub fn from_fen(text: &str) -> Result<Position, FenError> {
        let t = text.trim();
        let t = t.strip_suffix('.').unwrap_or(t).trim();
        if t.is_empty() {
            return Err(FenError::Empty);
        }
        let mut fields = t.split(':');
        let turn_field = fields.next().unwrap_or("").trim();
        let turn = match turn_field {
            "W" | "w" => Color::White,
            "B" | "b" => Color::Black,
            _ => return Err(FenError::BadTurn(turn_field.to_string())),
        };
        let mut pieces = Vec::with_capacity(24);
        let mut seen = [false; 2];
        for field in fields {
            let f = field.trim();
            if is_counter_field(f) {
                continue;
            }
            let color = match f.chars().next() {
                Some('W' | 'w') => Color::White,
                Some('B' | 'b') => Color::Black,
                _ => return Err(FenError::BadField(f.to_string())),
            };
            if seen[color.index()] {
                return Err(FenError::DuplicateSide(color));
            }
            seen[color.index()] = true;
            let list = f[1..].trim();
            if list.is_empty() {
                continue;
            }
            for entry in list.split(',') {
                parse_entry(entry, color, &mut pieces)?;
            }
        }
        Ok(Position::from_pieces(pieces, turn)?)
    }

    /// Writes the PDN FEN with algebraic squares (see the [module docs](self)).
    pub fn to_fen(&self) -> String {
        self.fen_with(|s| s.to_string())
    }

    /// Writes the PDN FEN with numeric squares (`1 = b8` ... `32 = g1`), in number order.
    pub fn to_fen_numeric(&self) -> String {
        let mut s = String::with_capacity(80);
        s.push(self.turn.letter());
        for color in [Color::White, Color::Black] {
            s.push(':');
            s.push(color.letter());
            let mut sqs: Vec<Square> = Squares(self.pieces(color)).collect();
            crate::small_sort::sort_by(&mut sqs, |a, b| a.pdn_number().cmp(&b.pdn_number()));
            for (i, q) in sqs.iter().enumerate() {
                if i > 0 {
                    s.push(',');
                }
                if self.kings & q.bit() != 0 {
                    s.push('K');
                }
                s.push_str(&q.pdn_number().to_string());
            }
        }
        s
    }

    fn fen_with(&self, name: impl Fn(Square) -> String) -> String {
        let mut s = String::with_capacity(80);
        s.push(self.turn.letter());
        for color in [Color::White, Color::Black] {
            s.push(':');
            s.push(color.letter());
            for (i, q) in Squares(self.pieces(color)).enumerate() {
                if i > 0 {
                    s.push(',');
                }
                if self.kings & q.bit() != 0 {
                    s.push('K');
                }
                s.push_str(&name(q));
            }
        }
        s
    }
}

impl FromStr for Position {
    type Err = FenError;
    fn from_str(s: &str) -> Result<Position, FenError> {
        Position::from_fen(s)
    }
}

impl fmt::Display for Position {
    /// The FEN (algebraic).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_fen())
    }
}
