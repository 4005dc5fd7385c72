//! Play notation as GNU Backgammon prints it: `24/18 13/11`, `13/7(2)`, `bar/22*`, `6/off`,
//! `24/16` (one checker moving twice, no hit on the way), `24/21*/16` (hit on the way).
//!
//! Printing follows gnubg: moves sorted by source point (highest first); the moves of one
//! checker are joined, keeping an intermediate point only when it hits; identical moves are
//! grouped as `(n)`; `*` marks a hit. Points are the mover's own numbers; `bar` is 25, `off` is 0.
//!
//! Parsing is loose: separators may be spaces or commas, a move may use `/` or `-`, points may
//! be `bar`/`b`/`25` and `off`/`o`/`0`, `*` and `(n)` are optional. Text is resolved against the
//! legal plays by the checkers it moves (the net change it makes), then by the hits it marks.

use std::fmt;

use super::movegen::{Play, Step};
use super::position::Position;

/// A syntax or legality problem with play text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotationError {
    /// The text is not play notation.
    Syntax { text: String, reason: String },
    /// The text reads as moves, but no legal play makes them.
    Illegal { text: String, reason: String },
    /// Several legal plays fit the text.
    Ambiguous { text: String, candidates: Vec<String> },
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotationError::Syntax { text, reason } => {
                write!(f, "'{text}' is not play notation such as '24/18 13/11': {reason}")
            }
            NotationError::Illegal { text, reason } => write!(f, "'{text}' is not a legal play: {reason}"),
            NotationError::Ambiguous { text, candidates } => write!(
                f,
                "'{text}' fits several legal plays ({}); write the hits with '*' or the points on the way",
                candidates.join(", ")
            ),
        }
    }
}

impl std::error::Error for NotationError {}

impl crate::errors::ErrorCode for NotationError {
    fn code(&self) -> &'static str {
        match self {
            NotationError::Syntax { .. } => "parse-error",
            NotationError::Illegal { .. } => "illegal-play",
            NotationError::Ambiguous { .. } => "ambiguous-play",
        }
    }
    fn fields(&self) -> Vec<(&'static str, crate::errors::Field)> {
        let (NotationError::Syntax { text, .. }
        | NotationError::Illegal { text, .. }
        | NotationError::Ambiguous { text, .. }) = self;
        vec![("text", text.as_str().into())]
    }
}

fn point_text(p: u8) -> String {
    match p {
        0 => "off".to_string(),
        25 => "bar".to_string(),
        n => n.to_string(),
    }
}

/// Formats the steps of a play (made from `before`, the position the play starts from) the way
/// GNU Backgammon does. The empty play (no move possible) is the empty string; `(no move)`
/// also parses as it.
pub fn format_play(before: &Position, steps: &[Step]) -> String {
    // Each chain: the points visited, from first to last.
    let mut moves: Vec<(u8, u8)> = steps.iter().map(|s| (s.from, s.to)).collect();
    crate::small_sort::sort_by(&mut moves, |a, b| b.cmp(a));
    let opp_at = |p: u8| (1..=24).contains(&p) && before.point(p as usize) < 0;
    let mut chains: Vec<Option<Vec<u8>>> = moves.iter().map(|&(f, t)| Some(vec![f, t])).collect();
    for i in 0..chains.len() {
        for j in i + 1..chains.len() {
            let (Some(ci), Some(cj)) = (&chains[i], &chains[j]) else { continue };
            let dest = *ci.last().unwrap();
            if dest == cj[0] && dest != 0 {
                let next = cj[1];
                let ci = chains[i].as_mut().unwrap();
                if opp_at(dest) {
                    ci.push(next);
                } else {
                    *ci.last_mut().unwrap() = next;
                }
                chains[j] = None;
            }
        }
    }
    // Group identical chains.
    let mut groups: Vec<(&[u8], usize)> = Vec::with_capacity(chains.len());
    for c in chains.iter().flatten() {
        if let Some(g) = groups.iter_mut().find(|g| g.0 == c.as_slice()) {
            g.1 += 1;
        } else {
            groups.push((c, 1));
        }
    }
    // Written into one string (this runs for every legal play a game lists).
    let mut marked = 0u32;
    let mut out = String::with_capacity(12 * groups.len());
    for (k, (c, n)) in groups.into_iter().enumerate() {
        if k > 0 {
            out.push(' ');
        }
        push_point(&mut out, c[0]);
        for &p in &c[1..c.len() - 1] {
            out.push('/');
            push_point(&mut out, p);
            out.push('*');
            marked |= 1 << p;
        }
        let dest = *c.last().unwrap();
        out.push('/');
        push_point(&mut out, dest);
        if opp_at(dest) && marked & (1 << dest) == 0 {
            out.push('*');
            marked |= 1 << dest;
        }
        if n > 1 {
            use std::fmt::Write;
            let _ = write!(out, "({n})"); // writing to a String cannot fail
        }
    }
    out
}

/// Appends [`point_text`] of `p` to `out`.
fn push_point(out: &mut String, p: u8) {
    match p {
        0 => out.push_str("off"),
        25 => out.push_str("bar"),
        n => {
            if n >= 100 {
                out.push((b'0' + n / 100) as char);
            }
            if n >= 10 {
                out.push((b'0' + n / 10 % 10) as char);
            }
            out.push((b'0' + n % 10) as char);
        }
    }
}

/// One parsed chain: the points visited, whether each was marked with `*`, and the repeat count.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsedMove {
    pub points: Vec<u8>,
    pub hits: Vec<bool>,
    pub count: u8,
}

fn parse_point(tok: &str, text: &str) -> Result<u8, NotationError> {
    let syntax = |reason: String| NotationError::Syntax { text: text.to_string(), reason };
    let t = tok.to_ascii_lowercase();
    match t.as_str() {
        "bar" | "b" | "br" => Ok(25),
        "off" | "o" => Ok(0),
        _ => {
            let n: u32 = t.parse().map_err(|_| syntax(format!("'{tok}' is not a point (1-24, bar or off)")))?;
            if n > 25 {
                return Err(syntax(format!("there is no point {n} (points are 1-24, bar is 25, off is 0)")));
            }
            Ok(n as u8)
        }
    }
}

/// Parses play text without a position. `""`, `-` and `(no move)` are the empty play.
pub fn parse_play(text: &str) -> Result<Vec<ParsedMove>, NotationError> {
    let syntax = |reason: &str| NotationError::Syntax { text: text.to_string(), reason: reason.to_string() };
    let t = text.trim();
    let lower = t.to_ascii_lowercase();
    if t.is_empty() || t == "-" || lower == "(no move)" || lower == "no move" || lower == "pass" {
        return Ok(Vec::new());
    }
    if t.len() > 200 {
        return Err(syntax("the text is too long"));
    }
    let mut out = Vec::new();
    for tok in t.split(|c: char| c.is_whitespace() || c == ',' || c == ';').filter(|s| !s.is_empty()) {
        let mut body = tok;
        let mut count = 1u8;
        if let Some(open) = body.find('(') {
            let close = body.rfind(')').ok_or_else(|| syntax("a '(' without ')'"))?;
            if close < open || close != body.len() - 1 {
                return Err(syntax("the repeat count goes at the end, as in 13/7(2)"));
            }
            let n: u8 = body[open + 1..close].trim().parse().map_err(|_| syntax("the repeat count is not a number"))?;
            if !(1..=4).contains(&n) {
                return Err(syntax("a move repeats 1 to 4 times"));
            }
            count = n;
            body = &body[..open];
        }
        let pieces: Vec<&str> = body.split(['/', '-']).collect();
        if pieces.len() < 2 {
            return Err(syntax("each move is from/to, as in 24/18"));
        }
        let mut points = Vec::new();
        let mut hits = Vec::new();
        for (i, p) in pieces.iter().enumerate() {
            let stars = p.chars().filter(|&c| c == '*').count();
            let core = p.trim_end_matches('*');
            if core.contains('*') || core.is_empty() {
                return Err(syntax("'*' goes right after the point hit, as in bar/22*"));
            }
            if stars > 0 && i == 0 {
                return Err(syntax("a move cannot hit on its starting point"));
            }
            points.push(parse_point(core, text)?);
            hits.push(stars > 0);
        }
        for w in points.windows(2) {
            if w[1] >= w[0] {
                return Err(syntax("checkers move down from 24 (or the bar) towards 1 and off"));
            }
        }
        if points[..points.len() - 1].contains(&0) {
            return Err(syntax("nothing moves on after 'off'"));
        }
        out.push(ParsedMove { points, hits, count });
    }
    if out.iter().map(|m| (m.points.len() - 1) * m.count as usize).sum::<usize>() > 8 {
        return Err(syntax("too many moves for one turn"));
    }
    Ok(out)
}

/// Net change of the mover's checkers per point (index 0 = off, 25 = bar/not yet entered).
fn net_of_steps(steps: &[Step]) -> [i8; 26] {
    let mut d = [0i8; 26];
    for s in steps {
        d[s.from as usize] -= 1;
        d[s.to as usize] += 1;
    }
    d
}

fn net_of_parsed(moves: &[ParsedMove]) -> [i8; 26] {
    let mut d = [0i8; 26];
    for m in moves {
        let c = m.count as i8;
        d[m.points[0] as usize] -= c;
        d[*m.points.last().unwrap() as usize] += c;
    }
    d
}

/// Resolves text against the legal plays of `before` (the position they start from). Returns
/// the index of the play in `plays`.
pub fn resolve(text: &str, before: &Position, plays: &[Play]) -> Result<usize, NotationError> {
    let parsed = parse_play(text)?;
    let net = net_of_parsed(&parsed);
    let candidates: Vec<usize> = (0..plays.len()).filter(|&i| net_of_steps(plays[i].steps()) == net).collect();
    let illegal = |reason: String| NotationError::Illegal { text: text.to_string(), reason };
    match candidates.len() {
        0 => {
            if parsed.is_empty() {
                return Err(illegal("a move is possible, so the turn cannot be passed".to_string()));
            }
            if plays.len() == 1 && plays[0].steps().is_empty() {
                return Err(illegal("no move is possible with these dice".to_string()));
            }
            let want: usize = plays.first().map(|p| p.steps().len()).unwrap_or(0);
            Err(illegal(format!(
                "no legal play moves these checkers (a legal play uses {want} move{} here, e.g. {})",
                if want == 1 { "" } else { "s" },
                plays.first().map(|p| format_play(before, p.steps())).unwrap_or_default()
            )))
        }
        1 => Ok(candidates[0]),
        _ => {
            // Narrow by the text's own printing and by its hit marks.
            let norm = normalize(&parsed);
            if let Some(&i) =
                candidates.iter().find(|&&i| normalize_text(&format_play(before, plays[i].steps())) == norm)
            {
                return Ok(i);
            }
            let marked: Vec<u8> = parsed
                .iter()
                .flat_map(|m| m.points.iter().zip(&m.hits).filter(|(_, h)| **h).map(|(p, _)| *p))
                .collect();
            // Points the text lands on (on the way or at the end) must be landed on by the play.
            let mut landings = [0u8; 26];
            for m in &parsed {
                for &p in &m.points[1..] {
                    landings[p as usize] += m.count;
                }
            }
            let narrowed: Vec<usize> = candidates
                .iter()
                .copied()
                .filter(|&i| {
                    let hits: Vec<u8> = plays[i].steps().iter().filter(|s| s.hit).map(|s| s.to).collect();
                    let mut lands = [0u8; 26];
                    for s in plays[i].steps() {
                        lands[s.to as usize] += 1;
                    }
                    marked.iter().all(|p| hits.contains(p)) && (1..26).all(|p| landings[p] <= lands[p])
                })
                .collect();
            if narrowed.len() == 1 {
                return Ok(narrowed[0]);
            }
            Err(NotationError::Ambiguous {
                text: text.to_string(),
                candidates: candidates.iter().map(|&i| format_play(before, plays[i].steps())).collect(),
            })
        }
    }
}

fn normalize(parsed: &[ParsedMove]) -> String {
    let mut parts: Vec<String> = parsed
        .iter()
        .map(|m| {
            let pts: Vec<String> = m
                .points
                .iter()
                .zip(&m.hits)
                .map(|(p, h)| format!("{}{}", point_text(*p), if *h { "*" } else { "" }))
                .collect();
            format!("{}x{}", pts.join("/"), m.count)
        })
        .collect();
    crate::small_sort::sort_by(&mut parts, |a, b| a.cmp(b));
    parts.join(" ")
}

fn normalize_text(text: &str) -> String {
    parse_play(text).map(|p| normalize(&p)).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backgammon::MoveRules;

    /// `push_point` writes what `point_text` gives, for every point number.
    #[test]
    fn push_point_is_point_text() {
        for p in 0..=255u8 {
            let mut s = String::from("x");
            push_point(&mut s, p);
            assert_eq!(s, format!("x{}", point_text(p)));
        }
    }

    fn texts(p: &Position, a: u8, b: u8) -> Vec<String> {
        p.legal_plays(a, b, MoveRules::STANDARD).iter().map(|pl| format_play(p, pl.steps())).collect()
    }

    #[test]
    fn opening_texts() {
        let p = Position::start();
        let t = texts(&p, 3, 1);
        assert!(t.contains(&"8/5 6/5".to_string()), "{t:?}");
        assert!(t.contains(&"24/20".to_string()), "{t:?}");
        let t = texts(&p, 6, 6);
        assert!(t.contains(&"24/18(2) 13/7(2)".to_string()), "{t:?}");
        let t = texts(&p, 6, 5);
        assert!(t.contains(&"24/13".to_string()), "{t:?}");
    }

    #[test]
    fn parse_loose_forms() {
        let a = parse_play("24/18 13/11").unwrap();
        let b = parse_play(" 24-18,13-11 ").unwrap();
        assert_eq!(a, b);
        assert_eq!(parse_play("bar/22*").unwrap()[0].points, vec![25, 22]);
        assert_eq!(parse_play("6/off").unwrap()[0].points, vec![6, 0]);
        assert_eq!(parse_play("13/7(2)").unwrap()[0].count, 2);
        assert!(parse_play("13/17").is_err());
        assert!(parse_play("x/y").is_err());
        assert!(parse_play("13/7(9)").is_err());
    }
}
