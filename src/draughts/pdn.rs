//! PDN games (docs/rules.md 2.4, `[GameType "25"]`).
//!
//! Reading ([`Game::from_pdn`], [`parse_games`]) accepts: tag pairs `[Name "value"]` (with `\"`
//! and `\\` escapes); `GameType` must be 25 (Russian draughts) if present; `FEN` sets the start
//! position; the move text with move numbers (`12.`, `12...`, also glued to a move as `12.c3-d4`),
//! moves in the notation of [`super::notation`] (algebraic or numeric squares), `{comments}`,
//! `;` line comments, `(variations)` (skipped), `$n` NAGs, and a result token (`1-0`, `0-1`,
//! `1/2-1/2`, `*`, and the 2-point forms `2-0`, `0-2`, `1-1`). A result that the rules do not
//! produce is kept: a drawn result becomes a draw by agreement, a decisive one (a resignation or a
//! loss on time) is recorded and written back. A `TablaOptions` tag sets those options over the
//! ones the reader was given, so tabla's own exports read back with their options; an unknown
//! key or a value other than `true`/`false` in it is a [`PdnError::Syntax`] error.
//!
//! Writing ([`Game::to_pdn`]) gives the tags read (other than those derived below), then
//! `Result`, `GameType "25"`, and `SetUp "1"` with `FEN` when the game did not start from the
//! initial position, `TablaOptions` with every option that differs from its default
//! (`[TablaOptions "drawRules=false touchMove=true"]`, keys of [`super::OPTION_SPECS`]), then the numbered moves (`1. c3-d4 f6-g5 2. ...`, `1... f6-g5` when Black
//! moved first) and the result, wrapped at 80 columns.
//!
//! Length: a game has no length limit (with the draw rules off a game can go on for ever), so
//! whatever [`Game::to_pdn`] writes reads back to the same game at any length; reading and
//! replaying take time and memory linear in the text. The one guard against hostile input is on
//! the text's size, [`MAX_PDN_BYTES`] (some 1.7 million plies, far beyond any game played).

use std::fmt;

use super::fen::FenError;
use super::game::{Game, GameError, GameOptions};
use super::position::Position;
use super::square::Color;

/// The longest PDN text read, in bytes (16 MiB): some 1.7 million plies at the 10 bytes or so a
/// ply (move, move number, spaces) that [`Game::to_pdn`] writes for a very long game. Longer texts are refused with [`PdnError::TooLong`] before
/// any parsing, bounding the memory a hostile text can claim (replaying keeps every position).
pub const MAX_PDN_BYTES: usize = 16 << 20;

/// Why a PDN text could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PdnError {
    /// Malformed PDN (an unterminated tag, comment or variation, ...), with the 1-based line.
    Syntax { line: usize, message: String },
    /// The `GameType` tag names another game.
    UnsupportedGameType(String),
    /// The `FEN` tag is not a valid position.
    Fen(FenError),
    /// A move could not be played; `ply` counts from 1.
    Move { ply: usize, text: String, error: GameError },
    /// The text is longer than [`MAX_PDN_BYTES`].
    TooLong { bytes: usize, max: usize },
    /// The text holds several games where one was asked for ([`parse_games`] reads them all).
    SeveralGames { games: usize },
}

impl fmt::Display for PdnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PdnError::Syntax { line, message } => write!(f, "PDN line {line}: {message}"),
            PdnError::UnsupportedGameType(t) => {
                write!(f, "PDN GameType \"{t}\" is not Russian draughts (25)")
            }
            PdnError::Fen(e) => write!(f, "PDN FEN tag: {e}"),
            PdnError::Move { ply, text, error } => write!(f, "PDN ply {ply}, `{text}`: {error}"),
            PdnError::TooLong { bytes, max } => write!(f, "the PDN text has {bytes} bytes, more than the {max} read"),
            PdnError::SeveralGames { games } => {
                write!(f, "the PDN text holds {games} games, not one: read them with parsePdnGames")
            }
        }
    }
}

impl std::error::Error for PdnError {}

/// One raw game: its tags and move-text tokens (moves and the result), before playing them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct RawGame {
    tags: Vec<(String, String)>,
    moves: Vec<String>,
    result: Option<String>,
    comments: Vec<PdnComment>,
}

/// A comment of a game's move text (`{...}` or `; ...` to the end of the line), placed after
/// the plies played before it: `ply` 0 is before the first move, `ply` n after the n-th.
/// Comments inside a skipped `(variation)` are not the game's and are not kept.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct PdnComment {
    pub ply: usize,
    /// The comment's text, trimmed, its line breaks and runs of spaces as single spaces.
    pub text: String,
}

impl PdnComment {
    fn new(ply: usize, raw: &[char]) -> Option<PdnComment> {
        let text = raw.iter().collect::<String>().split_whitespace().collect::<Vec<_>>().join(" ");
        (!text.is_empty()).then_some(PdnComment { ply, text })
    }
}

fn is_result(t: &str) -> bool {
    matches!(t, "1-0" | "0-1" | "1/2-1/2" | "*" | "2-0" | "0-2" | "1-1" | "0-0")
}

/// Splits a PDN text into raw games.
fn tokenize(text: &str) -> Result<Vec<RawGame>, PdnError> {
    if text.len() > MAX_PDN_BYTES {
        return Err(PdnError::TooLong { bytes: text.len(), max: MAX_PDN_BYTES });
    }
    let chars: Vec<char> = text.chars().collect();
    let mut games = Vec::new();
    let mut cur = RawGame::default();
    let mut in_moves = false;
    let mut i = 0;
    let mut line = 1;
    let syntax = |line: usize, m: &str| PdnError::Syntax { line, message: m.to_string() };
    while i < chars.len() {
        let c = chars[i];
        if c == '\n' {
            line += 1;
            i += 1;
            continue;
        }
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        match c {
            '[' => {
                if in_moves {
                    games.push(std::mem::take(&mut cur));
                    in_moves = false;
                }
                i += 1;
                let start = i;
                while i < chars.len() && !chars[i].is_whitespace() && chars[i] != '"' && chars[i] != ']' {
                    i += 1;
                }
                let name: String = chars[start..i].iter().collect();
                if name.is_empty() {
                    return Err(syntax(line, "a tag has no name"));
                }
                while i < chars.len() && chars[i].is_whitespace() && chars[i] != '\n' {
                    i += 1;
                }
                if i >= chars.len() || chars[i] != '"' {
                    return Err(syntax(line, &format!("tag {name} has no quoted value")));
                }
                i += 1;
                let mut value = String::new();
                loop {
                    match chars.get(i) {
                        None | Some('\n') => {
                            return Err(syntax(line, &format!("tag {name}'s value is not closed")));
                        }
                        Some('\\') if matches!(chars.get(i + 1), Some('"' | '\\')) => {
                            value.push(chars[i + 1]);
                            i += 2;
                        }
                        Some('"') => {
                            i += 1;
                            break;
                        }
                        Some(&ch) => {
                            value.push(ch);
                            i += 1;
                        }
                    }
                }
                while i < chars.len() && chars[i].is_whitespace() && chars[i] != '\n' {
                    i += 1;
                }
                if chars.get(i) != Some(&']') {
                    return Err(syntax(line, &format!("tag {name} is not closed with ]")));
                }
                i += 1;
                cur.tags.push((name, value));
            }
            '{' => {
                let open = line;
                i += 1;
                let start = i;
                while i < chars.len() && chars[i] != '}' {
                    if chars[i] == '\n' {
                        line += 1;
                    }
                    i += 1;
                }
                if i >= chars.len() {
                    return Err(syntax(open, "a { comment is not closed"));
                }
                cur.comments.extend(PdnComment::new(cur.moves.len(), &chars[start..i]));
                i += 1;
            }
            ';' => {
                let start = i + 1;
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
                cur.comments.extend(PdnComment::new(cur.moves.len(), &chars[start..i]));
            }
            '(' => {
                let open = line;
                let mut depth = 0usize;
                loop {
                    match chars.get(i) {
                        None => return Err(syntax(open, "a ( variation is not closed")),
                        Some('(') => depth += 1,
                        Some(')') => {
                            depth -= 1;
                            if depth == 0 {
                                i += 1;
                                break;
                            }
                        }
                        Some('{') => {
                            while i < chars.len() && chars[i] != '}' {
                                if chars[i] == '\n' {
                                    line += 1;
                                }
                                i += 1;
                            }
                            if i >= chars.len() {
                                return Err(syntax(open, "a { comment is not closed"));
                            }
                        }
                        Some('\n') => line += 1,
                        _ => {}
                    }
                    i += 1;
                }
            }
            ')' | ']' | '}' => return Err(syntax(line, &format!("unexpected `{c}`"))),
            _ => {
                let start = i;
                while i < chars.len() && !chars[i].is_whitespace() && !"[]{}();".contains(chars[i]) {
                    i += 1;
                }
                let tok: String = chars[start..i].iter().collect();
                in_moves = true;
                if tok.starts_with('$') || tok.chars().all(|c| c == '.') {
                    continue;
                }
                if is_result(&tok) {
                    cur.result = Some(tok);
                    games.push(std::mem::take(&mut cur));
                    in_moves = false;
                    continue;
                }
                // move numbers, alone (`12.`, `12...`) or glued to the move (`12.c3-d4`)
                let digits = tok.chars().take_while(char::is_ascii_digit).count();
                let dots = tok[digits..].chars().take_while(|&c| c == '.').count();
                let rest = if digits > 0 && dots > 0 { &tok[digits + dots..] } else { &tok[..] };
                if !rest.is_empty() {
                    cur.moves.push(rest.to_string());
                }
            }
        }
    }
    if in_moves || !cur.tags.is_empty() {
        games.push(cur);
    }
    Ok(games)
}

/// The comments of every game of a PDN text, game by game in the order [`parse_games`] reads
/// them (the same split into games), for a viewer to show beside the moves. Only the text's
/// form is checked here, not its moves.
pub fn parse_comments(text: &str) -> Result<Vec<Vec<PdnComment>>, PdnError> {
    Ok(tokenize(text)?.into_iter().map(|g| g.comments).collect())
}

const DERIVED_TAGS: [&str; 5] = ["GameType", "FEN", "SetUp", "Result", OPTIONS_TAG];

/// The tag that carries a game's non-default options.
const OPTIONS_TAG: &str = "TablaOptions";

/// The options of a `TablaOptions` tag value (`drawRules=false touchMove=true`) over `base`.
fn read_options(value: &str, mut base: GameOptions) -> Result<GameOptions, PdnError> {
    for pair in value.split_whitespace() {
        let bad = |why: &str| PdnError::Syntax { line: 0, message: format!("[{OPTIONS_TAG} \"{value}\"]: {why}") };
        let (key, v) = pair.split_once('=').ok_or_else(|| bad("each option is key=true or key=false"))?;
        let v = match v {
            "true" => true,
            "false" => false,
            _ => return Err(bad("each option is key=true or key=false")),
        };
        base.set(key, v).map_err(|e| bad(&e.to_string()))?;
    }
    Ok(base)
}

/// The `TablaOptions` tag value of `options`: the options that differ from their defaults.
fn write_options(options: &GameOptions) -> String {
    let default = GameOptions::default();
    let pairs: Vec<String> = super::OPTION_SPECS
        .iter()
        .filter(|s| options.value(s.key) != default.value(s.key))
        .map(|s| format!("{}={}", s.key, options.value(s.key).unwrap_or(false)))
        .collect();
    pairs.join(" ")
}

fn build(raw: RawGame, options: GameOptions) -> Result<Game, PdnError> {
    let tag = |n: &str| raw.tags.iter().find(|(k, _)| k.eq_ignore_ascii_case(n)).map(|(_, v)| v.as_str());
    if let Some(gt) = tag("GameType") {
        let num: String = gt.trim().chars().take_while(char::is_ascii_digit).collect();
        if num != "25" {
            return Err(PdnError::UnsupportedGameType(gt.to_string()));
        }
    }
    let start = match tag("FEN") {
        Some(fen) if !fen.trim().is_empty() => Position::from_fen(fen).map_err(PdnError::Fen)?,
        _ => Position::start(),
    };
    let options = match tag(OPTIONS_TAG) {
        Some(v) => read_options(v, options)?,
        None => options,
    };
    let mut game = Game::from_position(start, options);
    for (i, text) in raw.moves.iter().enumerate() {
        game.play(text).map_err(|error| PdnError::Move { ply: i + 1, text: text.clone(), error })?;
    }
    game.tags =
        raw.tags.iter().filter(|(k, _)| !DERIVED_TAGS.iter().any(|d| d.eq_ignore_ascii_case(k))).cloned().collect();
    let result = raw.result.as_deref().or(tag("Result")).unwrap_or("*");
    if game.outcome().is_none() {
        match result {
            "1/2-1/2" | "1-1" => game.agree_draw().expect("the game is not over"),
            "1-0" | "2-0" => game.record_result("1-0"),
            "0-1" | "0-2" => game.record_result("0-1"),
            _ => {}
        }
    }
    Ok(game)
}

/// Reads every game of a PDN text (default options).
pub fn parse_games(text: &str) -> Result<Vec<Game>, PdnError> {
    parse_games_with(text, GameOptions::default())
}

/// Reads every game of a PDN text, each played under `options`.
pub fn parse_games_with(text: &str, options: GameOptions) -> Result<Vec<Game>, PdnError> {
    tokenize(text)?.into_iter().map(|g| build(g, options)).collect()
}

fn escape(v: &str) -> String {
    v.replace('\\', "\\\\").replace('"', "\\\"").replace(['\n', '\r'], " ")
}

impl Game {
    /// Reads the one game of a PDN text (see the [module docs](super::pdn)). An empty text is
    /// a game from the initial position with no moves; a text of several games is refused
    /// ([`PdnError::SeveralGames`]: [`parse_games`] reads them).
    pub fn from_pdn(text: &str) -> Result<Game, PdnError> {
        Game::from_pdn_with(text, GameOptions::default())
    }

    /// [`from_pdn`](Self::from_pdn) with options.
    pub fn from_pdn_with(text: &str, options: GameOptions) -> Result<Game, PdnError> {
        let mut games = tokenize(text)?;
        if games.len() > 1 {
            return Err(PdnError::SeveralGames { games: games.len() });
        }
        build(games.pop().unwrap_or_default(), options)
    }

    /// The PDN tags carried along (not those written from the game itself: GameType, FEN,
    /// SetUp, Result).
    pub fn tags(&self) -> &[(String, String)] {
        &self.tags
    }

    /// Sets a PDN tag (`Event`, `White`, `Date`, ...); derived tags are ignored.
    pub fn set_tag(&mut self, name: &str, value: &str) {
        if DERIVED_TAGS.iter().any(|d| d.eq_ignore_ascii_case(name)) || name.is_empty() {
            return;
        }
        let name: String = name.chars().filter(|c| !c.is_whitespace() && !"[]\"".contains(*c)).collect();
        match self.tags.iter_mut().find(|(k, _)| *k == name) {
            Some(t) => t.1 = value.to_string(),
            None => self.tags.push((name, value.to_string())),
        }
    }

    /// The PDN result token: from the outcome, else a recorded result, else `*`.
    pub fn pdn_result(&self) -> &str {
        match (self.outcome(), &self.recorded_result) {
            (Some(o), _) => o.pdn_result(),
            (None, Some(r)) => r,
            (None, None) => "*",
        }
    }

    /// Writes the game as PDN (see the [module docs](super::pdn)).
    pub fn to_pdn(&self) -> String {
        let mut s = String::new();
        for (k, v) in &self.tags {
            s.push_str(&format!("[{k} \"{}\"]\n", escape(v)));
        }
        s.push_str(&format!("[Result \"{}\"]\n", self.pdn_result()));
        s.push_str("[GameType \"25\"]\n");
        if *self.start_position() != Position::start() {
            s.push_str("[SetUp \"1\"]\n");
            s.push_str(&format!("[FEN \"{}\"]\n", self.start_position().to_fen()));
        }
        let options = write_options(&self.options());
        if !options.is_empty() {
            s.push_str(&format!("[{OPTIONS_TAG} \"{options}\"]\n"));
        }
        s.push('\n');
        let mut tokens: Vec<String> = Vec::new();
        let mut number = 1;
        let mut white_to_move = self.start_position().turn() == Color::White;
        for (i, ply) in self.history().iter().enumerate() {
            if white_to_move {
                tokens.push(format!("{number}."));
            } else if i == 0 {
                tokens.push(format!("{number}..."));
            }
            tokens.push(ply.notation.clone());
            if !white_to_move {
                number += 1;
            }
            white_to_move = !white_to_move;
        }
        tokens.push(self.pdn_result().to_string());
        let mut line_len = 0;
        for t in tokens {
            if line_len > 0 && line_len + 1 + t.len() > 80 {
                s.push('\n');
                line_len = 0;
            } else if line_len > 0 {
                s.push(' ');
                line_len += 1;
            }
            s.push_str(&t);
            line_len += t.len();
        }
        s.push('\n');
        s
    }
}
