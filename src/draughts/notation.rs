//! Move notation (docs/rules.md 2.4).
//!
//! Reading (`Position::parse_move`):
//! - a quiet move is `c3-d4`; a capture is `c3:e5` or `c3xe5` (`:` and `x`/`X` are the same);
//! - squares may be algebraic (`c3`) or PDN numbers (`22`), and trailing `!`, `?`, `+`, `*` or
//!   `#` annotations are ignored;
//! - a capture may list landing squares between start and end (`c3:e5:g7`): they must be the
//!   first landing squares of the capture, in order. A capture text matches a legal move if one
//!   of the move's capture paths (there may be several with the same start, end and captured
//!   set) starts at the first square, ends at the last, and begins with the listed landing
//!   squares. When this matches several moves but exactly one of them has a path made of
//!   exactly the listed squares, that one is meant (so a full path is never ambiguous).
//!
//! Writing (`Position::move_text`): `c3-d4` for a quiet move; for a capture, start and end
//! (`c3:g7`), with the first landing squares added one at a time only as long as the text is
//! ambiguous by the reading rule above. Every text written reads back as the same move.

use std::fmt;

use super::moves::{MAX_CAPTURES, Move, MoveKey};
use super::position::Position;
use super::square::Square;

/// Why a move text could not be played in a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// The text is not a move in the notation at all.
    Syntax { text: String, reason: String },
    /// No legal move matches; `legal` lists the legal moves in notation.
    Illegal { text: String, legal: Vec<String>, hint: Option<String> },
    /// Several legal moves match; `candidates` lists them in their full-path form.
    Ambiguous { text: String, candidates: Vec<String> },
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Syntax { text, reason } => {
                write!(f, "`{text}` is not a move ({reason}); write c3-d4, c3:e5 or c3xe5")
            }
            MoveError::Illegal { text, legal, hint } => {
                write!(f, "`{text}` is not a legal move here")?;
                if let Some(h) = hint {
                    write!(f, " ({h})")?;
                }
                if legal.is_empty() {
                    write!(f, "; there is no legal move")
                } else {
                    write!(f, "; legal moves: {}", legal.join(", "))
                }
            }
            MoveError::Ambiguous { text, candidates } => {
                write!(f, "`{text}` is ambiguous: it matches {}", candidates.join(" and "))
            }
        }
    }
}

impl std::error::Error for MoveError {}

/// A move text split into squares, before it is matched against a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveText {
    /// Start, any listed landing squares, and end.
    pub squares: Vec<Square>,
    /// Whether it was written as a capture (`:` or `x`).
    pub capture: bool,
}

impl MoveText {
    /// Parses the syntax only (no position needed).
    pub fn parse(text: &str) -> Result<MoveText, MoveError> {
        let syntax = |reason: &str| MoveError::Syntax { text: text.to_string(), reason: reason.to_string() };
        let t = text.trim().trim_end_matches(['!', '?', '+', '*', '#']).trim();
        if t.is_empty() {
            return Err(syntax("it is empty"));
        }
        if t.len() > 200 {
            return Err(syntax("it is too long"));
        }
        let mut quiet = false;
        let mut capture = false;
        let mut squares = Vec::new();
        for part in t.split(|c: char| {
            let sep = matches!(c, '-' | ':' | 'x' | 'X');
            if c == '-' {
                quiet = true;
            } else if sep {
                capture = true;
            }
            sep
        }) {
            let p = part.trim();
            if p.is_empty() {
                return Err(syntax("a square is missing"));
            }
            match Square::parse(p) {
                Some(s) => squares.push(s),
                None => return Err(syntax(&format!("`{p}` is not a dark square"))),
            }
        }
        if squares.len() < 2 {
            return Err(syntax("it needs a start and an end square"));
        }
        if quiet && capture {
            return Err(syntax("it mixes `-` with `:` or `x`"));
        }
        if quiet && squares.len() > 2 {
            return Err(syntax("a quiet move has exactly two squares"));
        }
        Ok(MoveText { squares, capture })
    }
}

/// Matches a capture text against every capture path: the distinct move keys it could mean.
fn capture_matches(paths: &[Move], squares: &[Square]) -> Vec<MoveKey> {
    let mut keys: Vec<MoveKey> = Vec::new();
    let mut exact: Vec<MoveKey> = Vec::new();
    for (k, is_exact) in matching_paths(paths, squares) {
        if !keys.contains(&k) {
            keys.push(k);
        }
        if is_exact && !exact.contains(&k) {
            exact.push(k);
        }
    }
    if keys.len() > 1 && exact.len() == 1 { exact } else { keys }
}

/// The keys of the capture paths `squares` matches (see the [module docs](self)), each with
/// whether the path is exactly `squares`; a key once per matching path.
fn matching_paths<'a>(paths: &'a [Move], squares: &'a [Square]) -> impl Iterator<Item = (MoveKey, bool)> + 'a {
    let (first, last) = (squares[0], squares[squares.len() - 1]);
    let inner = &squares[1..squares.len() - 1];
    paths
        .iter()
        .filter(move |p| {
            p.is_capture()
                && p.from() == first
                && p.to() == last
                && p.path_len() >= inner.len() + 2
                && inner.iter().enumerate().all(|(i, s)| p.path[i + 1] as usize == s.index())
        })
        .map(move |p| (p.key(), p.path_len() == squares.len()))
}

/// Whether `squares` names the capture `key` alone: `capture_matches(paths, squares) == [key]`,
/// without the lists (notation writes every capture's text this way).
fn names_alone(paths: &[Move], squares: &[Square], key: MoveKey) -> bool {
    // the distinct keys matched and those matched exactly: the first of each and whether
    // there is another
    let (mut any, mut many) = (None, false);
    let (mut exact, mut many_exact) = (None, false);
    for (k, is_exact) in matching_paths(paths, squares) {
        match any {
            None => any = Some(k),
            Some(a) if a != k => many = true,
            _ => {}
        }
        if is_exact {
            match exact {
                None => exact = Some(k),
                Some(e) if e != k => many_exact = true,
                _ => {}
            }
        }
    }
    if many && exact.is_some() && !many_exact { exact == Some(key) } else { !many && any == Some(key) }
}

impl Position {
    /// Reads a move in notation (see the [module docs](self)) and returns the legal move it
    /// means, without playing it.
    ///
    /// ```
    /// use tabla::draughts::Position;
    /// let p = Position::start();
    /// let m = p.parse_move("c3-d4").unwrap();
    /// assert_eq!(p.move_text(&m), "c3-d4");
    /// assert!(p.parse_move("c3-d5").is_err());
    /// ```
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let mt = MoveText::parse(text)?;
        let legal = self.legal_moves();
        self.resolve(text, &mt, &legal, None)
    }

    /// Matches parsed move text against the legal moves (`legal`, as from
    /// [`legal_moves`](Self::legal_moves)); `paths` may pass the capture paths if already known.
    pub(crate) fn resolve(
        &self,
        text: &str,
        mt: &MoveText,
        legal: &[Move],
        paths: Option<&[Move]>,
    ) -> Result<Move, MoveError> {
        let illegal = |hint: Option<String>| MoveError::Illegal {
            text: text.trim().to_string(),
            legal: self.notate(legal),
            hint,
        };
        let has_capture = legal.first().is_some_and(Move::is_capture);
        if !mt.capture {
            let (from, to) = (mt.squares[0], mt.squares[1]);
            if let Some(m) = legal.iter().find(|m| !m.is_capture() && m.from() == from && m.to() == to) {
                return Ok(*m);
            }
            let hint = if has_capture { Some("a capture is compulsory".to_string()) } else { self.why_not(from) };
            return Err(illegal(hint));
        }
        if !has_capture {
            return Err(illegal(Some("there is no capture".to_string())));
        }
        let owned;
        let paths = match paths {
            Some(p) => p,
            None => {
                owned = self.legal_paths();
                &owned
            }
        };
        let keys = capture_matches(paths, &mt.squares);
        match keys.len() {
            0 => Err(illegal(self.why_not(mt.squares[0]))),
            1 => Ok(*legal.iter().find(|m| m.key() == keys[0]).expect("every path's key is a legal move")),
            _ => Err(MoveError::Ambiguous {
                text: text.trim().to_string(),
                candidates: keys
                    .iter()
                    .filter_map(|k| legal.iter().find(|m| m.key() == *k))
                    .map(Move::long_text)
                    .collect(),
            }),
        }
    }

    fn why_not(&self, from: Square) -> Option<String> {
        match self.piece_at(from) {
            None => Some(format!("{from} is empty")),
            Some(p) if p.color != self.turn => Some(format!("the piece on {from} is {}'s", p.color)),
            _ => None,
        }
    }

    /// The shortest unambiguous notation of a legal move (see the [module docs](self)). For a
    /// move that is not legal here, its full path.
    pub fn move_text(&self, mv: &Move) -> String {
        if !mv.is_capture() {
            return mv.long_text();
        }
        let paths = self.legal_paths();
        short_capture_text(&paths, mv)
    }

    /// The notation of each of `moves` (legal moves of this position), computing the capture
    /// paths once.
    pub fn notate(&self, moves: &[Move]) -> Vec<String> {
        let paths = self.notation_paths(moves);
        moves
            .iter()
            .map(|m| {
                let mut s = String::with_capacity(3 * m.path_len());
                push_text(&paths, m, &mut s);
                s
            })
            .collect()
    }

    /// The capture paths notation needs: none unless one of `moves` captures (the `paths` of
    /// [`notation_prefix`]).
    pub(crate) fn notation_paths(&self, moves: &[Move]) -> Vec<Move> {
        let mut paths = Vec::new();
        self.notation_paths_into(moves, &mut paths);
        paths
    }

    /// Replaces the contents of `out` with [`notation_paths`](Self::notation_paths).
    pub(crate) fn notation_paths_into(&self, moves: &[Move], out: &mut Vec<Move>) {
        if moves.iter().any(Move::is_capture) {
            self.legal_paths_into(out);
        } else {
            out.clear();
        }
    }
}

/// Appends the notation of `mv` (a legal move; `paths` the position's capture paths when it
/// captures).
fn push_text(paths: &[Move], mv: &Move, out: &mut String) {
    push_prefix_text(mv, notation_prefix(paths, mv), out);
}

/// How many squares of `mv`'s path (a legal move; `paths` the position's capture paths when it
/// captures) its notation names before its last: the notation is those squares, then the last
/// square, joined by `-` for a plain move and `:` for a capture. A plain move names its whole
/// path; a capture the fewest squares from its start that tell it from the other captures.
/// The packed move lists of the JS bindings carry this number instead of the text.
pub(crate) fn notation_prefix(paths: &[Move], mv: &Move) -> usize {
    let n = mv.path_len();
    if !mv.is_capture() {
        return n - 1;
    }
    let key = mv.key();
    // the first k + 1 squares of the path and its last, on the stack (a path has at most
    // MAX_CAPTURES + 1 squares)
    let mut squares = [mv.to(); MAX_CAPTURES + 1];
    for (i, sq) in mv.path().enumerate() {
        squares[i] = sq;
    }
    for k in 0..n - 1 {
        let last = squares[k + 1];
        squares[k + 1] = mv.to();
        let alone = names_alone(paths, &squares[..k + 2], key);
        squares[k + 1] = last;
        if alone {
            return k + 1;
        }
    }
    n - 1
}

/// Appends the notation of `mv` naming `prefix` squares of its path before its last
/// ([`notation_prefix`]).
fn push_prefix_text(mv: &Move, prefix: usize, out: &mut String) {
    let sep = if mv.is_capture() { ':' } else { '-' };
    for sq in mv.path().take(prefix) {
        sq.push_name(out);
        out.push(sep);
    }
    mv.to().push_name(out);
}

pub(crate) fn short_capture_text(paths: &[Move], mv: &Move) -> String {
    let mut out = String::with_capacity(3 * mv.path_len());
    push_text(paths, mv, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The texts built from [`notation_prefix`] are those of the full search by text
    /// ([`Position::resolve`] reads each back as its move alone), and the shortest: in every
    /// position of a few hundred games with captures, multi-jumps and kings, no shorter prefix
    /// of a capture's path names it alone; and `names_alone` says what `capture_matches` says
    /// for every prefix.
    #[test]
    fn notation_prefix_names_the_move_alone_and_shortest() {
        let mut captures = 0;
        for game in 0..200usize {
            let mut pos = Position::start();
            for ply in 0..150usize {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let paths = pos.notation_paths(&moves);
                for m in &moves {
                    let k = notation_prefix(&paths, m);
                    let text = short_capture_text(&paths, m);
                    let mt = MoveText::parse(&text).unwrap();
                    assert_eq!(pos.resolve(&text, &mt, &moves, None).unwrap(), *m, "{text}: game {game} ply {ply}");
                    if m.is_capture() {
                        captures += 1;
                        for len in 1..m.path_len() {
                            let mut squares: Vec<Square> = m.path().take(len).collect();
                            squares.push(m.to());
                            let alone = capture_matches(&paths, &squares) == [m.key()];
                            assert_eq!(
                                names_alone(&paths, &squares, m.key()),
                                alone,
                                "{text} by {len}: game {game} ply {ply}"
                            );
                            assert!(len >= k || !alone, "{text} by {len}: game {game} ply {ply}");
                        }
                    } else {
                        assert_eq!((k, text), (1, m.long_text()));
                    }
                }
                pos = pos.after(&moves[(game * 7 + ply * 13) % moves.len()]);
            }
        }
        assert!(captures > 1000, "only {captures} captures");
    }
}
