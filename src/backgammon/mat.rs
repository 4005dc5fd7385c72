//! Jellyfish `.mat` match files: the plain-text format that GNU Backgammon, eXtreme Gammon and
//! BGBlitz read and write, for matches and money sessions.
//!
//! ```text
//! ; [Site "tabla"]
//!
//!  5 point match
//!
//!  Game 1
//!  White : 0                       Black : 0
//!   1)                             41: 13/9 24/23
//!   2) 31: 8/5 6/5                 Doubles => 2
//!   3)  Takes                      64: 25/21 21/15
//!  ...
//!                                   Wins 2 points
//! ```
//!
//! # Mapping
//!
//! | .mat | tabla |
//! |---|---|
//! | left column, first name of the score line | White |
//! | right column, second name | Black |
//! | ` N point match` (`0`, or no such line: a money session) | [`Options::match_length`] |
//! | `; [Jacoby "On"]` | [`Options::jacoby`] |
//! | `; [Variation "Table"]`, `; [Tabla "{...}"]` (tabla's own tags, the options as JSON) | [`Options`] |
//! | `31: 8/5 6/5` | [`Action::Roll`] (or the opening roll) and [`Action::Play`]; each side's points are its own, bar 25, off 0, `*` a hit |
//! | `31:` with no move | a roll with no legal move; if a move was possible, a roll not played (the player resigned, or the file ends there) |
//! | `Doubles => 2`, `Takes`, `Drops` | [`Action::Double`], [`Action::Take`], [`Action::Pass`] |
//! | `Wins 2 points` after the game ended | checked against the engine's [`Outcome`] |
//! | `Wins 2 points` before it ended | a resignation (BG-RESIGN): [`Action::Resign`] of the loser, [`Action::AcceptResignation`] |
//! | ` Game 2` and its score line | [`Action::NextGame`]; the score is checked against the engine's |
//!
//! **Import** replays every line through [`Game`]: a move that is not legal, a cube action out
//! of turn, a score or a result that disagrees with the replay, is a [`RecordError`] naming the line.
//! A move is first played step by step in the order written (so tabla's own exports come back with
//! the same steps); if that order cannot be played, the move is resolved as notation against the
//! legal plays (any order, hits marked or not), as other programs' files need.
//!
//! **Resignations.** GNU Backgammon and XG end many games by a resignation (`Wins 2 points`
//! in the winner's column while checkers are still on the board). The import replays it as the
//! engine's resignation (BG-RESIGN): the loser, who must be the player to act, resigns the kind
//! whose points are the file's ([`Game::resignation_outcome`]: 1, 2 or 3 times the cube; table
//! 1, 2, 4, 8), the winner accepts, and the match goes on. Export writes an accepted resignation
//! as gnubg does: the roll the resigner made and did not play (`51:`), then `Wins N points`.
//!
//! **Lost on export** (the format has no room for them): resignations offered and declined,
//! opening rolls that tied (only the roll
//! that started the game is written), which die bore a checker off when several could, a roll not
//! yet played (the format would read it as a roll with no move: it is left out), the tabla dice
//! seed. Player names and other tags are the caller's ([`MatHeader`]).
//!
//! **Refused on export** with [`RecordProblem::CannotExport`] rather than written wrong: acey-deucey
//! (checkers enter from off the board, chosen doubles after a 1-2, extra rolls of the same player:
//! none of it fits the two alternating columns), games started from a set-up position (the format
//! always starts from the opening position). **Refused on import** ([`RecordProblem::Unsupported`]):
//! beavers and raccoons, a first game that does not start at 0-0, `???` moves, variations other
//! than backgammon and table (Nackgammon, Hypergammon).
//!
//! Table is exported with `; [Variation "Table"]` and tabla's options tag, so tabla reads it back
//! exactly; other programs read it as a backgammon match, which holds its moves but not its
//! rules (White always starts, the first roll may be doubles, scores of 4 and 8 points).
//!
//! ```
//! use tabla::backgammon::{Game, Options, mat};
//! use tabla::dice::Dice;
//! let mut g = Game::with_seed(Options::default(), 1);
//! g.set_dice(3, 1).unwrap(); // the opening roll: White's 3, Black's 1
//! g.play("8/5 6/5").unwrap();
//! let text = mat::export(&g, &mat::MatHeader::default()).unwrap();
//! assert!(text.contains("  1) 31: 8/5 6/5"));
//! let back = mat::import(&text, Dice::fixed([])).unwrap();
//! assert_eq!(back.game.position_id(), g.position_id());
//! ```

use crate::dice::Dice;

use super::game::{Action, Game, GameError, Phase};
use super::notation::parse_play;
use super::record::{RecordError, RecordFormat, RecordProblem};
use super::scoring::{Outcome, OutcomeKind};
use super::variant::{Options, Player, Scoring, StartRule, Variant};

/// Names and tags written at the top of a `.mat` file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatHeader {
    /// `[white, black]`: the left and the right column.
    pub players: [String; 2],
    /// Extra `; [Key "Value"]` lines, such as `("Site", "tabla")` or `("EventDate", "2026.12.01")`.
    pub tags: Vec<(String, String)>,
}

impl Default for MatHeader {
    fn default() -> MatHeader {
        MatHeader { players: ["White".to_string(), "Black".to_string()], tags: Vec::new() }
    }
}

/// A `.mat` file read back: the game (the whole match, at the point where the file ends) and the
/// file's names and tags.
#[derive(Clone, Debug)]
pub struct MatImport {
    pub game: Game,
    pub header: MatHeader,
}

/// BG-RESIGN, as a file gives it: `winner` wins `points` before the game ended. The loser must
/// be the player to act ([`Game::resigner`]); he resigns the kind worth `points`, the winner
/// accepts. Returns the kind, or why the file's resignation cannot be replayed.
pub(crate) fn replay_resignation(g: &mut Game, winner: Player, points: u32) -> Result<OutcomeKind, String> {
    match g.resigner() {
        Some(p) if p == winner.other() => {}
        Some(p) => {
            return Err(format!(
                "{} wins by a resignation, but {} is the player to act (only he may resign)",
                player_name(winner),
                player_name(p)
            ));
        }
        None => return Err(format!("a resignation is not possible in the '{}' phase", g.phase())),
    }
    let worth: Vec<(OutcomeKind, u32)> =
        g.resign_kinds().iter().filter_map(|&k| g.resignation_outcome(k).ok().map(|o| (k, o.points))).collect();
    let Some(&(kind, _)) = worth.iter().find(|(_, p)| *p == points) else {
        let v: Vec<String> = worth.iter().map(|(_, p)| p.to_string()).collect();
        return Err(format!("a resignation at cube {} is worth {} points, not {points}", g.cube().value, v.join(", ")));
    };
    g.resign(kind).map_err(|e| e.to_string())?;
    g.accept_resignation().map_err(|e| e.to_string())?;
    Ok(kind)
}

// ----- shared with the SGF module: replaying a record, playing a file's move -----

/// One game of a replayed record, as the file formats need it.
#[derive(Clone, Debug)]
pub(crate) struct GameLog {
    /// Score `[white, black]` at the start of the game.
    pub score: [u32; 2],
    pub crawford: bool,
    pub events: Vec<Event>,
    /// `None`: the record stops before the game ended.
    pub outcome: Option<Outcome>,
    /// The match is over after this game.
    pub match_over: bool,
}

/// A turn or a cube action of one player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Event {
    /// Dice and the steps `(from, to, hit)` played with them (empty: no legal move).
    Move {
        player: Player,
        dice: [u8; 2],
        steps: Vec<(u8, u8, bool)>,
    },
    /// A double to `value`.
    Double {
        player: Player,
        value: u32,
    },
    Take {
        player: Player,
    },
    Pass {
        player: Player,
    },
}

/// Why `options` cannot be written in a format that starts every game from the backgammon
/// opening (`.mat`, `.sgf`), or `None`.
pub(crate) fn why_not_exportable(game: &Game) -> Option<String> {
    if game.variant() == Variant::AceyDeucey {
        return Some(
            "acey-deucey's entering from off the board, chosen doubles and extra rolls do not fit the format"
                .to_string(),
        );
    }
    if game.custom_start.is_some() {
        return Some(
            "the game started from a set-up position, and the format always starts from the opening position"
                .to_string(),
        );
    }
    if game.record().iter().any(|a| matches!(a, Action::ChooseDoubles { .. })) {
        return Some("the record holds chosen doubles".to_string());
    }
    None
}

/// Replays `game`'s record into a scratch game and cuts it into games of events.
pub(crate) fn game_logs(game: &Game) -> Result<Vec<GameLog>, String> {
    let mut g = Game::with_dice(*game.options(), Dice::fixed([]));
    let mut logs = vec![GameLog {
        score: [0, 0],
        crawford: g.is_crawford(),
        events: Vec::new(),
        outcome: None,
        match_over: false,
    }];
    let mut pending: Option<[u8; 2]> = None;
    for a in game.record() {
        let log = logs.last_mut().expect("at least one game");
        match a {
            // The resigner's roll, made and not played, is written as a roll with no move.
            Action::AcceptResignation { player } => {
                if let Some(dice) = pending.take() {
                    log.events.push(Event::Move { player: player.other(), dice, steps: Vec::new() });
                }
            }
            Action::Resign { .. } | Action::DeclineResignation { .. } => {}
            Action::OpeningRoll { .. } | Action::Roll { .. } => {}
            Action::Play { player, steps, .. } => {
                let dice = pending.take().ok_or("a play without its roll")?;
                let steps = steps.iter().map(|s| (s.from, s.to, s.hit)).collect();
                log.events.push(Event::Move { player: *player, dice, steps });
            }
            Action::Double { player } => log.events.push(Event::Double { player: *player, value: g.cube().doubled() }),
            Action::Take { player } => log.events.push(Event::Take { player: *player }),
            Action::Pass { player } => log.events.push(Event::Pass { player: *player }),
            Action::ChooseDoubles { .. } => return Err("chosen doubles".to_string()),
            Action::NextGame => {}
        }
        match a {
            // Step by step: `Game::play_steps` would copy the game (and its record) each turn.
            Action::Play { steps, .. } => {
                for st in steps {
                    g.step_die(st.from, st.die).map_err(|e| e.to_string())?;
                }
                g.confirm().map_err(|e| e.to_string())?;
            }
            _ => g.apply_action(a).map_err(|e| e.to_string())?,
        }
        if matches!(a, Action::OpeningRoll { .. } | Action::Roll { .. }) && g.phase() == Phase::Move {
            pending = g.roll_dice();
        }
        let log = logs.last_mut().expect("at least one game");
        if g.phase() == Phase::GameOver && log.outcome.is_none() {
            log.outcome = g.outcome();
            log.match_over = g.match_over();
        }
        if matches!(a, Action::NextGame) {
            logs.push(GameLog {
                score: g.score(),
                crawford: g.is_crawford(),
                events: Vec::new(),
                outcome: None,
                match_over: false,
            });
        }
    }
    Ok(logs)
}

/// Plays a file's move: `dice` rolled by `side` (the opening roll when the game is in its
/// opening), then the steps. The steps are first played one by one in the order given; if that
/// fails, `text` is resolved as notation against the legal plays. On error the game may be left
/// with the roll made and the move not (the importers stop at the first error). No copy of the
/// game is made: a long match imports in time linear in its length.
pub(crate) fn play_move(
    g: &mut Game,
    side: Player,
    dice: [u8; 2],
    steps: &[(u8, u8)],
    text: &str,
) -> Result<(), GameError> {
    roll_for(g, side, dice)?;
    if step_by_step(g, steps).is_ok() {
        return Ok(());
    }
    g.undo_all();
    g.play(text)
}

/// Sets `side`'s roll (the opening roll when the game is in its opening): phase `Move` after.
pub(crate) fn roll_for(g: &mut Game, side: Player, dice: [u8; 2]) -> Result<(), GameError> {
    match g.phase() {
        Phase::Opening => {
            if dice[0] == dice[1] {
                return Err(GameError::IllegalPlay {
                    reason: format!(
                        "the opening roll cannot be doubles ({}{}): a tie is rolled again",
                        dice[0], dice[1]
                    ),
                });
            }
            let (hi, lo) = (dice[0].max(dice[1]), dice[0].min(dice[1]));
            match side {
                Player::White => g.set_dice(hi, lo)?,
                Player::Black => g.set_dice(lo, hi)?,
            }
        }
        Phase::Roll => {
            if g.turn() != side {
                return Err(GameError::WrongPhase { action: "roll for the other player", phase: Phase::Roll });
            }
            g.set_dice(dice[0], dice[1])?;
        }
        p => {
            return Err(if p == Phase::GameOver {
                GameError::GameOver
            } else {
                GameError::WrongPhase { action: "roll", phase: p }
            });
        }
    }
    if g.phase() != Phase::Move || g.turn() != side {
        return Err(GameError::WrongPhase { action: "move for the other player", phase: g.phase() });
    }
    Ok(())
}

fn step_by_step(g: &mut Game, steps: &[(u8, u8)]) -> Result<(), GameError> {
    for &(from, to) in steps {
        if to > 0 {
            if from <= to {
                return Err(GameError::IllegalStep {
                    from,
                    to,
                    code: "wrong-direction",
                    reason: "checkers move down".to_string(),
                });
            }
            g.step_die(from, from - to)?;
        } else {
            let mut left = g.dice_left();
            crate::small_sort::sort_by(&mut left, |a, b| a.cmp(b));
            left.dedup();
            let mut order: Vec<u8> = left.iter().copied().filter(|&d| d == from).collect();
            order.extend(left.iter().copied().filter(|&d| d > from));
            let mut done = false;
            for d in order {
                if g.step_die(from, d).is_ok() {
                    done = true;
                    break;
                }
            }
            if !done {
                return Err(GameError::IllegalStep {
                    from,
                    to,
                    code: "no-die",
                    reason: "no die bears this checker off".to_string(),
                });
            }
        }
    }
    g.confirm()
}

/// The tags [`options_from_tags`] reads (and [`tags_for_options`] writes).
const OPTION_TAGS: [&str; 3] = ["Variation", "Jacoby", "Tabla"];

/// The options a file's tags describe: tabla's own tag wins; else `Variation` and `Jacoby` over
/// the variant's defaults. `match_length` comes from the file.
pub(crate) fn options_from_tags(
    tags: &[(String, String)],
    match_length: u32,
    line: usize,
) -> Result<Options, RecordProblem> {
    let tag = |k: &str| tags.iter().find(|(key, _)| key.eq_ignore_ascii_case(k)).map(|(_, v)| v.as_str());
    if let Some(json) = tag("Tabla") {
        let mut o: Options = serde_json::from_str(json)
            .map_err(|e| RecordProblem::Syntax { line, reason: format!("tabla's options tag does not read: {e}") })?;
        o.match_length = match_length;
        return Ok(o);
    }
    let variant = match tag("Variation").map(|v| v.trim().to_ascii_lowercase()) {
        None => Variant::Backgammon,
        Some(v) if v == "backgammon" => Variant::Backgammon,
        Some(v) if v == "table" => Variant::Table,
        Some(v) => {
            return Err(RecordProblem::Unsupported {
                line,
                reason: format!("the variation '{v}' (tabla plays backgammon and table here)"),
            });
        }
    };
    let mut o = Options::new(variant);
    o.match_length = match_length;
    if match_length == 0 && tag("Jacoby").is_some_and(|v| v.trim().eq_ignore_ascii_case("on")) {
        o.jacoby = true;
    }
    Ok(o)
}

/// The tags that describe `options` (what [`options_from_tags`] reads back).
pub(crate) fn tags_for_options(o: &Options) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let base = {
        let mut b = Options::new(o.variant);
        b.match_length = o.match_length;
        b.jacoby = o.jacoby;
        b
    };
    out.push(("Variation".to_string(), if o.variant == Variant::Table { "Table" } else { "Backgammon" }.to_string()));
    if o.match_length == 0 {
        out.push(("Jacoby".to_string(), if o.jacoby { "On" } else { "Off" }.to_string()));
    }
    if *o != base {
        out.push(("Tabla".to_string(), serde_json::to_string(o).unwrap_or_default()));
    }
    out
}

/// True for the options a standard backgammon program plays by.
pub(crate) fn is_standard_backgammon(o: &Options) -> bool {
    o.variant == Variant::Backgammon
        && o.start == StartRule::Roll
        && o.scoring == Scoring::Standard
        && o.cube
        && !o.exact_bear_off
}

// ----- export -----

const LEFT_WIDTH: usize = 28;

fn points_word(n: u32) -> &'static str {
    if n == 1 { "point" } else { "points" }
}

fn event_text(e: &Event) -> (Player, String) {
    match e {
        Event::Move { player, dice, steps } => {
            let mut s = format!("{}{}:", dice[0], dice[1]);
            for (from, to, hit) in steps {
                s.push_str(&format!(" {from}/{to}{}", if *hit { "*" } else { "" }));
            }
            (*player, s)
        }
        Event::Double { player, value } => (*player, format!(" Doubles => {value}")),
        Event::Take { player } => (*player, " Takes".to_string()),
        Event::Pass { player } => (*player, " Drops".to_string()),
    }
}

/// Writes the game's whole record (every game of the match or session) as a `.mat` file.
pub fn export(game: &Game, header: &MatHeader) -> Result<String, RecordError> {
    write(game, header).map_err(|p| p.of(RecordFormat::Mat))
}

fn write(game: &Game, header: &MatHeader) -> Result<String, RecordProblem> {
    if let Some(reason) = why_not_exportable(game) {
        return Err(RecordProblem::CannotExport { reason });
    }
    let logs = game_logs(game).map_err(|reason| RecordProblem::CannotExport { reason })?;
    let o = game.options();
    let mut out = String::new();
    for (k, v) in header.tags.iter().chain(tags_for_options(o).iter()) {
        out.push_str(&format!("; [{k} \"{v}\"]\n"));
    }
    out.push('\n');
    out.push_str(&format!(" {} point match\n", o.match_length));
    for (i, log) in logs.iter().enumerate() {
        out.push_str(&format!("\n Game {}\n", i + 1));
        let l = format!("{} : {}", header.players[0], log.score[0]);
        let r = format!("{} : {}", header.players[1], log.score[1]);
        out.push_str(&format!(" {l:<31}{r}\n"));
        // Lay the events out in two columns, one line per exchange.
        let mut lines: Vec<[Option<String>; 2]> = Vec::new();
        for e in &log.events {
            let (p, text) = event_text(e);
            let col = p.index();
            let new_line = match lines.last() {
                None => true,
                Some(l) => l[col].is_some() || (col == 0 && l[1].is_some()),
            };
            if new_line {
                lines.push([None, None]);
            }
            lines.last_mut().expect("a line")[col] = Some(text);
        }
        for (n, l) in lines.iter().enumerate() {
            let left = l[0].clone().unwrap_or_default();
            let mut s = format!("{:>3}) {left:<LEFT_WIDTH$}", n + 1);
            if left.len() >= LEFT_WIDTH {
                s.push(' ');
            }
            if let Some(r) = &l[1] {
                s.push_str(r);
            }
            out.push_str(s.trim_end());
            out.push('\n');
        }
        if let Some(oc) = log.outcome {
            let indent = if oc.winner == Player::White { 6 } else { 34 };
            let tail = if log.match_over { " and the match" } else { "" };
            out.push_str(&format!("{:indent$}Wins {} {}{tail}\n", "", oc.points, points_word(oc.points)));
        }
    }
    Ok(out)
}

// ----- import -----

/// A `; [Key "Value"]` tag (the value runs to the last quote).
pub(crate) fn parse_tag(text: &str) -> Option<(String, String)> {
    let t = text.trim_start_matches([';', '#']).trim();
    let t = t.strip_prefix('[')?.strip_suffix(']')?;
    let q1 = t.find('"')?;
    let q2 = t.rfind('"')?;
    if q2 <= q1 {
        return None;
    }
    Some((t[..q1].trim().to_string(), t[q1 + 1..q2].to_string()))
}

/// One cell of a move line.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Cell {
    Move { dice: [u8; 2], moves: String },
    Double(u32),
    Take,
    Drop,
    Wins(u32),
    Other(String),
}

fn is_cell_start(tok: &str) -> bool {
    let b = tok.as_bytes();
    (b.len() == 3 && b[0].is_ascii_digit() && b[1].is_ascii_digit() && b[2] == b':')
        || [
            "doubles", "takes", "drops", "passes", "rejects", "accepts", "wins", "beavers", "raccoons", "resigns",
            "???",
        ]
        .contains(&tok.to_ascii_lowercase().as_str())
}

fn parse_cell(tokens: &[&str], line: usize) -> Result<Cell, RecordProblem> {
    let syntax = |reason: String| RecordProblem::Syntax { line, reason };
    let head = tokens[0];
    let lower = head.to_ascii_lowercase();
    let rest = tokens[1..].join(" ");
    match lower.as_str() {
        "doubles" => {
            let v = tokens.get(2).filter(|_| tokens.get(1) == Some(&"=>")).and_then(|v| v.parse::<u32>().ok());
            match v {
                Some(v) if tokens.len() == 3 => Ok(Cell::Double(v)),
                _ => Err(syntax(format!("'{}' is not 'Doubles => N'", tokens.join(" ")))),
            }
        }
        "takes" | "accepts" if tokens.len() == 1 => Ok(Cell::Take),
        "drops" | "passes" | "rejects" if tokens.len() == 1 => Ok(Cell::Drop),
        "wins" => {
            let n = tokens.get(1).and_then(|v| v.parse::<u32>().ok());
            let word = tokens.get(2).map(|w| w.to_ascii_lowercase());
            match (n, word.as_deref()) {
                (Some(n), Some("point" | "points" | "point(s)")) => Ok(Cell::Wins(n)),
                _ => Err(syntax(format!("'{}' is not 'Wins N points'", tokens.join(" ")))),
            }
        }
        "beavers" | "raccoons" | "resigns" | "???" => Ok(Cell::Other(tokens.join(" "))),
        _ if head.len() == 3 && head.ends_with(':') => {
            let b = head.as_bytes();
            let die = |c: u8| if c.is_ascii_digit() { c - b'0' } else { 0 };
            let (d1, d2) = (die(b[0]), die(b[1]));
            if !(1..=6).contains(&d1) || !(1..=6).contains(&d2) {
                return Err(syntax(format!("'{head}' is not a roll (two dice 1-6, as in 31:)")));
            }
            Ok(Cell::Move { dice: [d1, d2], moves: rest })
        }
        _ => Err(syntax(format!("'{}' is not a move, a cube action or a result", tokens.join(" ")))),
    }
}

/// Splits the text after `N)` into its cells, each with its column (0 left, 1 right).
fn parse_move_line(rest: &str, line: usize) -> Result<Vec<(usize, Cell)>, RecordProblem> {
    let rest = rest.strip_prefix(' ').unwrap_or(rest);
    let lead = rest.len() - rest.trim_start().len();
    let tokens: Vec<&str> = rest.split_whitespace().collect();
    let mut groups: Vec<Vec<&str>> = Vec::new();
    for t in tokens {
        if is_cell_start(t) || groups.is_empty() {
            groups.push(vec![t]);
        } else {
            groups.last_mut().expect("a group").push(t);
        }
    }
    if groups.len() > 2 {
        return Err(RecordProblem::Syntax {
            line,
            reason: "a move line holds at most two cells, one per player".to_string(),
        });
    }
    let mut out = Vec::new();
    let first_col = if groups.len() == 2 || lead < 10 { 0 } else { 1 };
    for (i, g) in groups.iter().enumerate() {
        out.push((first_col + i, parse_cell(g, line)?));
    }
    Ok(out)
}

/// Steps `(from, to)` of a `.mat` move (`13/9 24/23*`, chains and `(2)` accepted), for the
/// step-by-step replay; `None` when the text is not plain steps.
pub(crate) fn plain_steps(text: &str) -> Option<Vec<(u8, u8)>> {
    let parsed = parse_play(text).ok()?;
    let mut out = Vec::new();
    for m in parsed {
        for _ in 0..m.count {
            for w in m.points.windows(2) {
                out.push((w[0], w[1]));
            }
        }
    }
    Some(out)
}

fn player_name(p: Player) -> &'static str {
    match p {
        Player::White => "White (the left column)",
        Player::Black => "Black (the right column)",
    }
}

/// Parses a score line `Name : 3      Other name : 1`.
fn parse_score_line(text: &str) -> Option<([String; 2], [u32; 2])> {
    let t = text.trim();
    let first = t.find(" : ").or_else(|| t.find(':'))?;
    let name1 = t[..first].trim().to_string();
    let after = t[first..].trim_start_matches([' ', ':']);
    let digits: String = after.chars().take_while(|c| c.is_ascii_digit()).collect();
    let s1: u32 = digits.parse().ok()?;
    let rest = after[digits.len()..].trim();
    let second = rest.rfind(':')?;
    let name2 = rest[..second].trim().to_string();
    let s2: u32 = rest[second + 1..].trim().parse().ok()?;
    Some(([name1, name2], [s1, s2]))
}

/// Reads a `.mat` file (a match or a money session) by replaying it through [`Game`]. `dice` is
/// the dice source for play after the file ends (`Dice::fixed([])` for none).
pub fn import(text: &str, dice: Dice) -> Result<MatImport, RecordError> {
    read(text, dice).map_err(|p| p.of(RecordFormat::Mat))
}

fn read(text: &str, dice: Dice) -> Result<MatImport, RecordProblem> {
    let mut tags: Vec<(String, String)> = Vec::new();
    let mut match_length: Option<u32> = None;
    let mut game: Option<Game> = None;
    let mut players: Option<[String; 2]> = None;
    let mut dice = Some(dice);
    let mut expect_score = false;
    let mut games = 0usize;
    // A roll written with no move while a move was possible: (line, text, the engine's refusal).
    let mut unplayed: Option<(usize, String, GameError)> = None;
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let raw = raw.trim_end_matches(['\r', '\u{feff}']);
        let raw = raw.strip_prefix('\u{feff}').unwrap_or(raw);
        let t = raw.trim();
        if t.is_empty() {
            continue;
        }
        if t.starts_with(';') || t.starts_with('#') {
            if let Some(tag) = parse_tag(t) {
                tags.push(tag);
            }
            continue;
        }
        let lower = t.to_ascii_lowercase();
        if let Some(n) = lower.strip_suffix("point match") {
            if game.is_some() {
                return Err(RecordProblem::Syntax {
                    line,
                    reason: "the match length comes before the first game".to_string(),
                });
            }
            let n: u32 = n
                .trim()
                .parse()
                .map_err(|_| RecordProblem::Syntax { line, reason: format!("'{t}' is not 'N point match'") })?;
            if n > super::variant::MAX_MATCH_LENGTH {
                return Err(RecordProblem::Unsupported {
                    line,
                    reason: format!("a match to {n} points (tabla plays up to {})", super::variant::MAX_MATCH_LENGTH),
                });
            }
            match_length = Some(n);
            continue;
        }
        if let Some(n) = lower.strip_prefix("game ") {
            if let Some((at, text, error)) = unplayed.take() {
                return Err(RecordProblem::Illegal { line: at, text, error });
            }
            let digits: String = n.trim().chars().take_while(|c| c.is_ascii_digit()).collect();
            if digits.is_empty() {
                return Err(RecordProblem::Syntax { line, reason: format!("'{t}' is not 'Game N'") });
            }
            games += 1;
            match game.as_mut() {
                None => {
                    let o = options_from_tags(&tags, match_length.unwrap_or(0), line)?;
                    game = Some(Game::with_dice(o, dice.take().unwrap_or_else(|| Dice::fixed([]))));
                }
                Some(g) => {
                    if g.phase() != Phase::GameOver {
                        return Err(RecordProblem::Mismatch {
                            line,
                            reason: format!("game {} starts, but game {} has not ended", games, games - 1),
                        });
                    }
                    g.next_game().map_err(|error| RecordProblem::Illegal { line, text: t.to_string(), error })?;
                }
            }
            expect_score = true;
            continue;
        }
        let Some(g) = game.as_mut() else {
            return Err(RecordProblem::Syntax { line, reason: format!("'{t}' comes before ' Game 1'") });
        };
        if expect_score {
            expect_score = false;
            let (names, score) = parse_score_line(t).ok_or_else(|| RecordProblem::Syntax {
                line,
                reason: format!("'{t}' is not a score line such as 'White : 0      Black : 0'"),
            })?;
            if g.score() != score {
                let reason = if games == 1 {
                    return Err(RecordProblem::Unsupported {
                        line,
                        reason: format!(
                            "the first game starts at {}-{}; tabla replays matches from 0-0",
                            score[0], score[1]
                        ),
                    });
                } else {
                    format!(
                        "the file gives the score {}-{}, the replay {}-{}",
                        score[0],
                        score[1],
                        g.score()[0],
                        g.score()[1]
                    )
                };
                return Err(RecordProblem::Mismatch { line, reason });
            }
            if players.is_none() {
                players = Some(names);
            }
            continue;
        }
        let cells = if let Some(close) = t.find(')').filter(|&c| t[..c].chars().all(|ch| ch.is_ascii_digit()) && c > 0)
        {
            let start = raw.find(')').expect("the ')' found above") + 1;
            let _ = close;
            parse_move_line(&raw[start..], line)?
        } else if lower.starts_with("wins") {
            let lead = raw.len() - raw.trim_start().len();
            let tokens: Vec<&str> = t.split_whitespace().collect();
            vec![(if lead >= 20 { 1 } else { 0 }, parse_cell(&tokens, line)?)]
        } else {
            return Err(RecordProblem::Syntax { line, reason: format!("'{t}' is not a line of a .mat file") });
        };
        for (col, cell) in cells {
            let side = if col == 0 { Player::White } else { Player::Black };
            if let Some((at, text, error)) = unplayed.take() {
                // A roll written without a move, though one was possible: the player rolled and
                // then resigned, or the file is wrong.
                if !matches!(cell, Cell::Wins(_)) {
                    return Err(RecordProblem::Illegal { line: at, text, error });
                }
            }
            if let Cell::Wins(n) = cell {
                if g.outcome().is_none() {
                    replay_resignation(g, side, n).map_err(|reason| RecordProblem::Mismatch { line, reason })?;
                    continue;
                }
            }
            if let Cell::Move { dice, moves } = &cell {
                if moves.is_empty() {
                    roll_for(g, side, *dice).map_err(|error| RecordProblem::Illegal {
                        line,
                        text: t.to_string(),
                        error,
                    })?;
                    if let Err(error) = g.play("") {
                        // A move was possible: the roll stays to be played.
                        unplayed = Some((line, format!("{}{}:", dice[0], dice[1]), error));
                    }
                    continue;
                }
            }
            apply_cell(g, side, &cell, line)?;
        }
    }
    let game = game.ok_or(RecordProblem::NoGame)?;
    let players = players.unwrap_or_else(|| MatHeader::default().players);
    // The tags the options were read from are the options' now; the rest are the caller's.
    let tags = tags.into_iter().filter(|(k, _)| !OPTION_TAGS.iter().any(|o| k.eq_ignore_ascii_case(o))).collect();
    Ok(MatImport { game, header: MatHeader { players, tags } })
}

fn apply_cell(g: &mut Game, side: Player, cell: &Cell, line: usize) -> Result<(), RecordProblem> {
    let illegal = |text: String, error: GameError| RecordProblem::Illegal { line, text, error };
    match cell {
        Cell::Move { dice, moves } => {
            let text = format!("{}{}: {moves}", dice[0], dice[1]);
            let steps = plain_steps(moves).unwrap_or_default();
            play_move(g, side, *dice, &steps, moves).map_err(|e| illegal(text, e))
        }
        Cell::Double(v) => {
            if g.phase() == Phase::Roll && g.turn() != side {
                return Err(RecordProblem::Mismatch {
                    line,
                    reason: format!("{} doubles, but it is the other player's turn", player_name(side)),
                });
            }
            let want = g.cube().doubled();
            g.double().map_err(|e| illegal(format!("Doubles => {v}"), e))?;
            if *v != want {
                return Err(RecordProblem::Mismatch { line, reason: format!("the double is to {want}, not {v}") });
            }
            Ok(())
        }
        Cell::Take | Cell::Drop => {
            let word = if *cell == Cell::Take { "Takes" } else { "Drops" };
            if g.phase() == Phase::CubeDecision && g.turn() == side {
                return Err(RecordProblem::Mismatch {
                    line,
                    reason: format!("{} answers his own double", player_name(side)),
                });
            }
            let r = if *cell == Cell::Take { g.take() } else { g.pass() };
            r.map_err(|e| illegal(word.to_string(), e))
        }
        Cell::Wins(n) => match g.outcome() {
            None => Err(RecordProblem::Mismatch { line, reason: "a result before the game ended".to_string() }),
            Some(o) if o.winner != side || o.points != *n => Err(RecordProblem::Mismatch {
                line,
                reason: format!(
                    "the file says {} wins {n} {}, the replay that {} wins {} {}",
                    player_name(side),
                    points_word(*n),
                    player_name(o.winner),
                    o.points,
                    points_word(o.points)
                ),
            }),
            Some(_) => Ok(()),
        },
        Cell::Other(text) => Err(RecordProblem::Unsupported {
            line,
            reason: format!("'{text}' (tabla's engine has no beavers or raccoons, and '???' is no move)"),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_lines_split_into_their_columns() {
        let cells = parse_move_line("                             41: 13/9 24/23 ", 1).unwrap();
        assert_eq!(cells, vec![(1, Cell::Move { dice: [4, 1], moves: "13/9 24/23".to_string() })]);
        let cells = parse_move_line("  Takes                      64: 13/7 7/3 ", 1).unwrap();
        assert_eq!(cells[0], (0, Cell::Take));
        assert_eq!(cells[1].0, 1);
        let cells = parse_move_line(" 11: 17/16 16/15 15/14 14/13* 41: 25/21 ", 1).unwrap();
        assert_eq!(cells.len(), 2);
        let cells = parse_move_line(" 65: ", 1).unwrap();
        assert_eq!(cells, vec![(0, Cell::Move { dice: [6, 5], moves: String::new() })]);
        let cells = parse_move_line("  Drops                       Wins 1 point ", 1).unwrap();
        assert_eq!(cells, vec![(0, Cell::Drop), (1, Cell::Wins(1))]);
    }

    #[test]
    fn a_roll_that_is_not_two_digits_is_a_syntax_error() {
        for head in ["!!:", "0a:", "71:", "3\u{e9}"] {
            assert!(parse_move_line(&format!(" {head} 8/5"), 4).is_err(), "{head}");
        }
    }

    #[test]
    fn score_lines_and_tags_read() {
        let (names, score) = parse_score_line(" charlot1 : 2                   charlot2 : 11").unwrap();
        assert_eq!(names, ["charlot1".to_string(), "charlot2".to_string()]);
        assert_eq!(score, [2, 11]);
        assert_eq!(parse_tag("; [EventDate \"2025.11.08\"]"), Some(("EventDate".into(), "2025.11.08".into())));
    }
}
