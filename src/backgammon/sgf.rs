//! GNU Backgammon's SGF files (`GM[6]`): one game tree per game of a match or money session.
//!
//! ```text
//! (;FF[4]GM[6]CA[UTF-8]AP[tabla:0.1.0]MI[length:5][game:0][ws:0][bs:0]PW[White]PB[Black]RU[Crawford]RE[W+2]
//! ;B[41lpab]
//! ;W[31fehe]
//! ;B[double]
//! ;W[take]
//! ...)
//! ```
//!
//! # Mapping
//!
//! | SGF | tabla |
//! |---|---|
//! | `W`, `PW`, `ws` (gnubg's player 0) | White |
//! | `B`, `PB`, `bs` (gnubg's player 1) | Black |
//! | `MI[length:N]` (`0`: money), `[game:k]`, `[ws:a][bs:b]` | [`Options::match_length`]; the game number and score are checked against the replay |
//! | `RU[Crawford]`, `RU[Crawford:CrawfordGame]`, `RU[Jacoby]`, `RU[NoCube]` | the Crawford rule (always on in tabla's matches), this game being the Crawford game (checked), [`Options::jacoby`], [`Options::cube`] off |
//! | `W[31fehe]`: two dice, then a letter pair per checker moved | [`Action::Roll`](super::Action::Roll) (the opening roll for a game's first move) and [`Action::Play`](super::Action::Play) |
//! | letters | White's point `p` is `a`+(p-1), Black's point `p` is `a`+(24-p); `y` the bar, `z` off |
//! | `W[double]`, `B[take]`, `B[drop]` | [`Action::Double`](super::Action::Double), [`Action::Take`](super::Action::Take), [`Action::Pass`](super::Action::Pass) |
//! | `RE[W+2]` | checked against the engine's [`super::Outcome`] |
//! | `RE[B+2R]` before the moves end the game | a resignation (BG-RESIGN): [`Action::Resign`](super::Action::Resign) of the loser, [`Action::AcceptResignation`](super::Action::AcceptResignation) |
//!
//! **Import** replays each move through [`Game`] (an illegal move is an [`RecordError`] naming the
//! line of its node), following the main line of each tree (variations are skipped).
//! gnubg's analysis properties (`A`, `DA`, `LU`, `GS`, `C`, ...) are read past and not kept.
//! **Resignations** (`RE[B+2R]` while the moves do not end the game) replay as the engine's
//! (BG-RESIGN): the loser, who must be the player to act, resigns the kind worth the points, the
//! winner accepts, and the next tree goes on. Export writes them as gnubg does: `RE[B+2R]` on the
//! game's root, the resigner's unplayed roll as a move with no checker moved; a resignation
//! offered and declined is lost.
//! **Refused**: other games than `GM[6]`, set-up positions (`AE`, `AW`, `AB`, `CV`, `CP`, `DI`
//! nodes), beavers, variations such as Nackgammon, a first game not at 0-0.
//!
//! **Export** writes backgammon only, by the standard rules with or without the cube (table and acey-deucey have no SGF
//! form in gnubg; a backgammon game with house options, such as exact bear-off, is refused
//! rather than written as if it were standard). Lost: opening rolls that tied, a roll not yet
//! played, which die bore a checker off when several could, the dice seed.
//!
//! ```
//! use tabla::backgammon::{Game, Options, sgf};
//! use tabla::dice::Dice;
//! let mut g = Game::with_seed(Options::default(), 1);
//! g.set_dice(3, 1).unwrap();
//! g.play("8/5 6/5").unwrap();
//! let text = sgf::export(&g, &["Ann".to_string(), "Bob".to_string()]).unwrap();
//! assert!(text.contains(";W[31hefe]"));
//! let back = sgf::import(&text, Dice::fixed([])).unwrap();
//! assert_eq!(back.game.position_id(), g.position_id());
//! assert_eq!(back.players[1], "Bob");
//! ```

use crate::dice::Dice;

use super::game::{Game, GameError, Phase};
use super::mat::{Event, game_logs, is_standard_backgammon, play_move, replay_resignation, why_not_exportable};
use super::record::{RecordError, RecordFormat, RecordProblem};
use super::scoring::OutcomeKind;
use super::variant::{Options, Player, Variant};

/// An SGF file read back: the game (the whole match, where the file ends) and the players'
/// names `[white, black]`.
#[derive(Clone, Debug)]
pub struct SgfImport {
    pub game: Game,
    pub players: [String; 2],
}

// ----- the SGF syntax -----

/// A node: its line and its properties, each with its values.
#[derive(Clone, Debug, Default)]
struct Node {
    line: usize,
    props: Vec<(String, Vec<String>)>,
}

impl Node {
    fn get(&self, id: &str) -> Option<&[String]> {
        self.props.iter().find(|(k, _)| k == id).map(|(_, v)| v.as_slice())
    }
    fn first(&self, id: &str) -> Option<&str> {
        self.get(id).and_then(|v| v.first()).map(|s| s.as_str())
    }
}

/// The deepest nesting of variations read (deeper is refused, not recursed into).
const MAX_DEPTH: usize = 1000;

/// The main line of every top-level game tree.
fn parse_collection(text: &str) -> Result<Vec<Vec<Node>>, RecordProblem> {
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    let mut line = 1;
    let mut trees: Vec<Vec<Node>> = Vec::new();
    // One entry per open tree: has its first child (the main continuation) been taken?
    let mut stack: Vec<bool> = Vec::new();
    // The depth at which the current variation off the main line started.
    let mut off_main: Option<usize> = None;
    let syntax = |line: usize, reason: &str| RecordProblem::Syntax { line, reason: reason.to_string() };
    while i < chars.len() {
        let c = chars[i];
        match c {
            '\n' => {
                line += 1;
                i += 1;
            }
            c if c.is_whitespace() => i += 1,
            '(' => {
                if stack.len() >= MAX_DEPTH {
                    return Err(syntax(line, "variations nest too deep"));
                }
                match stack.last_mut() {
                    None => trees.push(Vec::new()),
                    Some(taken) => {
                        if off_main.is_none() && !*taken {
                            *taken = true;
                        } else if off_main.is_none() {
                            off_main = Some(stack.len() + 1);
                        }
                    }
                }
                stack.push(false);
                i += 1;
            }
            ')' => {
                if stack.is_empty() {
                    return Err(syntax(line, "a ')' closes no game tree"));
                }
                if off_main == Some(stack.len()) {
                    off_main = None;
                }
                stack.pop();
                i += 1;
            }
            ';' => {
                if stack.is_empty() {
                    return Err(syntax(line, "a node (';') outside any game tree '(...)'"));
                }
                let mut node = Node { line, props: Vec::new() };
                i += 1;
                loop {
                    while i < chars.len() && chars[i].is_whitespace() {
                        if chars[i] == '\n' {
                            line += 1;
                        }
                        i += 1;
                    }
                    if i >= chars.len() || !chars[i].is_ascii_alphabetic() {
                        break;
                    }
                    let start = i;
                    while i < chars.len() && chars[i].is_ascii_alphabetic() {
                        i += 1;
                    }
                    let id: String = chars[start..i].iter().filter(|c| c.is_ascii_uppercase()).collect();
                    let mut values = Vec::new();
                    loop {
                        while i < chars.len() && chars[i].is_whitespace() {
                            if chars[i] == '\n' {
                                line += 1;
                            }
                            i += 1;
                        }
                        if i >= chars.len() || chars[i] != '[' {
                            break;
                        }
                        i += 1;
                        let mut v = String::new();
                        loop {
                            let Some(&ch) = chars.get(i) else {
                                return Err(syntax(line, "the file ends inside a property value '[...]': truncated?"));
                            };
                            i += 1;
                            match ch {
                                ']' => break,
                                '\\' => {
                                    if let Some(&next) = chars.get(i) {
                                        i += 1;
                                        if next == '\n' {
                                            line += 1;
                                        } else {
                                            v.push(next);
                                        }
                                    }
                                }
                                '\n' => {
                                    line += 1;
                                    v.push('\n');
                                }
                                _ => v.push(ch),
                            }
                        }
                        values.push(v);
                    }
                    if values.is_empty() {
                        return Err(syntax(line, &format!("the property {id} has no value '[...]'")));
                    }
                    node.props.push((id, values));
                }
                if off_main.is_none() {
                    trees.last_mut().expect("a tree is open").push(node);
                }
            }
            _ => {
                return Err(syntax(line, &format!("'{c}' is not SGF here (a game tree is '(;GM[6]...)')")));
            }
        }
    }
    if !stack.is_empty() {
        return Err(syntax(line, "the file ends inside a game tree (a ')' is missing): truncated?"));
    }
    Ok(trees)
}

fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if c == ']' || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

// ----- points as letters -----

fn point_letter(player: Player, p: u8) -> char {
    match p {
        25 => 'y',
        0 => 'z',
        p => match player {
            Player::White => (b'a' + p - 1) as char,
            Player::Black => (b'a' + 24 - p) as char,
        },
    }
}

fn letter_point(player: Player, c: char) -> Option<u8> {
    match c {
        'y' => Some(25),
        'z' => Some(0),
        'a'..='x' => {
            let n = c as u8 - b'a';
            Some(match player {
                Player::White => n + 1,
                Player::Black => 24 - n,
            })
        }
        _ => None,
    }
}

// ----- export -----

/// Writes the game's whole record as SGF, one game tree per game. `players`: `[white, black]`.
pub fn export(game: &Game, players: &[String; 2]) -> Result<String, RecordError> {
    write(game, players).map_err(|p| p.of(RecordFormat::Sgf))
}

fn write(game: &Game, players: &[String; 2]) -> Result<String, RecordProblem> {
    if let Some(reason) = why_not_exportable(game) {
        return Err(RecordProblem::CannotExport { reason });
    }
    let o = game.options();
    if o.variant != Variant::Backgammon || !is_standard_backgammon(&Options { cube: true, ..*o }) {
        return Err(RecordProblem::CannotExport {
            reason: format!(
                "GNU Backgammon's SGF holds backgammon by the standard rules; this is {} with {}",
                o.variant,
                if o.variant == Variant::Backgammon { "house options" } else { "its own rules" }
            ),
        });
    }
    let logs = game_logs(game).map_err(|reason| RecordProblem::CannotExport { reason })?;
    let mut out = String::new();
    for (i, log) in logs.iter().enumerate() {
        out.push_str(&format!(
            "(;FF[4]GM[6]CA[UTF-8]AP[tabla:{}]MI[length:{}][game:{i}][ws:{}][bs:{}]PW[{}]PB[{}]",
            env!("CARGO_PKG_VERSION"),
            o.match_length,
            log.score[0],
            log.score[1],
            escape(&players[0]),
            escape(&players[1])
        ));
        let mut rules = Vec::new();
        if !o.cube {
            rules.push("NoCube");
        }
        if o.match_length > 0 {
            rules.push("Crawford");
            if log.crawford {
                rules.push("CrawfordGame");
            }
        }
        if o.jacoby {
            rules.push("Jacoby");
        }
        if !rules.is_empty() {
            out.push_str(&format!("RU[{}]", rules.join(":")));
        }
        if let Some(oc) = log.outcome {
            let r = if oc.kind == OutcomeKind::Resignation { "R" } else { "" };
            out.push_str(&format!("RE[{}+{}{r}]", if oc.winner == Player::White { 'W' } else { 'B' }, oc.points));
        }
        for e in &log.events {
            let (p, v) = match e {
                Event::Move { player, dice, steps } => {
                    let mut v = format!("{}{}", dice[0], dice[1]);
                    for (from, to, _) in steps {
                        v.push(point_letter(*player, *from));
                        v.push(point_letter(*player, *to));
                    }
                    (*player, v)
                }
                Event::Double { player, .. } => (*player, "double".to_string()),
                Event::Take { player } => (*player, "take".to_string()),
                Event::Pass { player } => (*player, "drop".to_string()),
            };
            out.push_str(&format!("\n;{}[{v}]", if p == Player::White { 'W' } else { 'B' }));
        }
        out.push_str(")\n");
    }
    Ok(out)
}

// ----- import -----

fn mi_field(values: &[String], key: &str) -> Option<u32> {
    values
        .iter()
        .find_map(|v| v.strip_prefix(key).and_then(|r| r.strip_prefix(':')).and_then(|n| n.trim().parse().ok()))
}

/// Reads a GNU Backgammon SGF file (a game, a match or a money session) by replaying it through
/// [`Game`]. `dice` is the dice source for play after the file ends.
pub fn import(text: &str, dice: Dice) -> Result<SgfImport, RecordError> {
    read(text, dice).map_err(|p| p.of(RecordFormat::Sgf))
}

fn read(text: &str, dice: Dice) -> Result<SgfImport, RecordProblem> {
    let trees = parse_collection(text)?;
    if trees.is_empty() {
        return Err(RecordProblem::NoGame);
    }
    let mut game: Option<Game> = None;
    let mut dice = Some(dice);
    let mut players = ["White".to_string(), "Black".to_string()];
    for (k, tree) in trees.iter().enumerate() {
        let Some(root) = tree.first() else {
            return Err(RecordProblem::NoGame);
        };
        let line = root.line;
        match root.first("GM") {
            Some("6") => {}
            Some(gm) => {
                return Err(RecordProblem::Unsupported { line, reason: format!("GM[{gm}] is not backgammon (GM[6])") });
            }
            None => return Err(RecordProblem::Syntax { line, reason: "the game tree has no GM[6]".to_string() }),
        }
        let mi = root.get("MI").unwrap_or(&[]);
        let length = mi_field(mi, "length").unwrap_or(0);
        let rules: Vec<String> =
            root.first("RU").map(|r| r.split(':').map(|s| s.trim().to_string()).collect()).unwrap_or_default();
        for r in &rules {
            if !["", "Crawford", "CrawfordGame", "Jacoby", "NoCube"].contains(&r.as_str()) {
                return Err(RecordProblem::Unsupported { line, reason: format!("the rule or variation '{r}'") });
            }
        }
        let g = match game.as_mut() {
            None => {
                if length > super::variant::MAX_MATCH_LENGTH {
                    return Err(RecordProblem::Unsupported { line, reason: format!("a match to {length} points") });
                }
                let mut o = Options::new(Variant::Backgammon);
                o.match_length = length;
                o.jacoby = length == 0 && rules.iter().any(|r| r == "Jacoby");
                o.cube = !rules.iter().any(|r| r == "NoCube");
                if let Some(w) = root.first("PW") {
                    players[0] = w.to_string();
                }
                if let Some(b) = root.first("PB") {
                    players[1] = b.to_string();
                }
                game = Some(Game::with_dice(o, dice.take().unwrap_or_else(|| Dice::fixed([]))));
                game.as_mut().expect("just made")
            }
            Some(g) => {
                if g.phase() != Phase::GameOver {
                    return Err(RecordProblem::Mismatch {
                        line,
                        reason: format!("game {} starts, but game {k} has not ended", k + 1),
                    });
                }
                if length != g.options().match_length {
                    return Err(RecordProblem::Mismatch {
                        line,
                        reason: "the match length changes between games".to_string(),
                    });
                }
                g.next_game().map_err(|error| RecordProblem::Illegal { line, text: "MI".to_string(), error })?;
                g
            }
        };
        if let (Some(ws), Some(bs)) = (mi_field(mi, "ws"), mi_field(mi, "bs")) {
            if [ws, bs] != g.score() {
                if k == 0 {
                    return Err(RecordProblem::Unsupported {
                        line,
                        reason: format!("the first game starts at {ws}-{bs}; tabla replays matches from 0-0"),
                    });
                }
                let s = g.score();
                return Err(RecordProblem::Mismatch {
                    line,
                    reason: format!("the file gives the score {ws}-{bs}, the replay {}-{}", s[0], s[1]),
                });
            }
        }
        if length > 0 && rules.iter().any(|r| r == "CrawfordGame") != g.is_crawford() {
            return Err(RecordProblem::Mismatch {
                line,
                reason: format!(
                    "the file {} this the Crawford game, the replay {}",
                    if g.is_crawford() { "does not call" } else { "calls" },
                    if g.is_crawford() { "does" } else { "does not" }
                ),
            });
        }
        for node in tree.iter() {
            apply_node(g, node)?;
        }
        if let Some(re) = root.first("RE") {
            check_result(g, re, line)?;
        }
    }
    Ok(SgfImport { game: game.expect("at least one tree"), players })
}

fn apply_node(g: &mut Game, node: &Node) -> Result<(), RecordProblem> {
    let line = node.line;
    for id in ["AE", "AW", "AB", "CV", "CP", "DI"] {
        if node.get(id).is_some() {
            return Err(RecordProblem::Unsupported {
                line,
                reason: format!("a set-up node ({id}[...]): tabla replays games from the opening position"),
            });
        }
    }
    for (id, side) in [("W", Player::White), ("B", Player::Black)] {
        let Some(v) = node.first(id) else { continue };
        let text = format!("{id}[{v}]");
        let illegal = |error: GameError| RecordProblem::Illegal { line, text: text.clone(), error };
        match v.trim() {
            "double" => {
                if g.phase() == Phase::Roll && g.turn() != side {
                    return Err(RecordProblem::Mismatch {
                        line,
                        reason: format!("{text}: it is the other player's turn"),
                    });
                }
                g.double().map_err(illegal)?;
            }
            "take" | "drop" => {
                if g.phase() == Phase::CubeDecision && g.turn() == side {
                    return Err(RecordProblem::Mismatch {
                        line,
                        reason: format!("{text}: a player answers his own double"),
                    });
                }
                if v.trim() == "take" { g.take() } else { g.pass() }.map_err(illegal)?;
            }
            "beaver" | "raccoon" => {
                return Err(RecordProblem::Unsupported {
                    line,
                    reason: format!("{text}: tabla's engine has no beavers"),
                });
            }
            m => {
                let b: Vec<char> = m.chars().collect();
                let die = |c: char| c.to_digit(10).filter(|d| (1..=6).contains(d)).map(|d| d as u8);
                let (Some(d1), Some(d2)) = (b.first().copied().and_then(die), b.get(1).copied().and_then(die)) else {
                    return Err(RecordProblem::Syntax {
                        line,
                        reason: format!("{text} is not a move (two dice, then letter pairs) nor double/take/drop"),
                    });
                };
                if b.len() % 2 != 0 || b.len() > 10 {
                    return Err(RecordProblem::Syntax {
                        line,
                        reason: format!("{text}: the letters come in 1 to 4 pairs"),
                    });
                }
                let mut steps = Vec::new();
                let mut notation = Vec::new();
                for pair in b[2..].chunks(2) {
                    let (Some(from), Some(to)) = (letter_point(side, pair[0]), letter_point(side, pair[1])) else {
                        return Err(RecordProblem::Syntax {
                            line,
                            reason: format!("{text}: '{}{}' are not points (a-x, y the bar, z off)", pair[0], pair[1]),
                        });
                    };
                    steps.push((from, to));
                    notation.push(format!("{from}/{to}"));
                }
                if steps.is_empty() {
                    // Dice with no checker moved: no legal move, or (when one was possible) the
                    // player rolled and resigned (`RE[..R]`); the roll then stays to be played.
                    super::mat::roll_for(g, side, [d1, d2]).map_err(illegal)?;
                    let _ = g.play("");
                } else {
                    play_move(g, side, [d1, d2], &steps, &notation.join(" ")).map_err(illegal)?;
                }
            }
        }
    }
    Ok(())
}

/// Checks the game's result against `RE`; a resignation (`R`) before the game ended is replayed.
fn check_result(g: &mut Game, re: &str, line: usize) -> Result<(), RecordProblem> {
    let re = re.trim();
    let (winner, rest) = match re.chars().next() {
        Some('W') => (Player::White, &re[1..]),
        Some('B') => (Player::Black, &re[1..]),
        _ => return Err(RecordProblem::Syntax { line, reason: format!("RE[{re}] is not a result such as RE[W+2]") }),
    };
    let rest = rest.strip_prefix('+').unwrap_or(rest);
    let resigned = rest.ends_with('R');
    let digits = rest.trim_end_matches('R');
    let points: u32 = digits
        .parse()
        .map_err(|_| RecordProblem::Syntax { line, reason: format!("RE[{re}] is not a result such as RE[W+2]") })?;
    match g.outcome() {
        None if resigned => replay_resignation(g, winner, points)
            .map(|_| ())
            .map_err(|reason| RecordProblem::Mismatch { line, reason: format!("RE[{re}]: {reason}") }),
        None => Err(RecordProblem::Mismatch { line, reason: format!("RE[{re}], but the moves do not end the game") }),
        Some(o) if o.winner != winner || o.points != points => Err(RecordProblem::Mismatch {
            line,
            reason: format!(
                "RE[{re}], but the replay ends with {} winning {} point{}",
                o.winner,
                o.points,
                if o.points == 1 { "" } else { "s" }
            ),
        }),
        Some(_) => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_are_each_sides_points() {
        for p in 0..=25 {
            for side in [Player::White, Player::Black] {
                assert_eq!(letter_point(side, point_letter(side, p)), Some(p));
            }
        }
        assert_eq!(point_letter(Player::White, 6), 'f');
        assert_eq!(point_letter(Player::Black, 13), 'l');
    }

    #[test]
    fn variations_are_skipped_and_escapes_read() {
        let t = parse_collection("(;GM[6]C[a \\] b](;W[31hefe](;B[11])(;B[22]))(;W[42]))").unwrap();
        assert_eq!(t.len(), 1);
        let moves: Vec<&str> = t[0].iter().filter_map(|n| n.first("W").or(n.first("B"))).collect();
        assert_eq!(moves, vec!["31hefe", "11"]);
        assert_eq!(t[0][0].first("C"), Some("a ] b"));
    }
}
