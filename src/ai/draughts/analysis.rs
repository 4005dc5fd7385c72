//! Game analysis for Russian draughts: every move of a game's history judged by the search,
//! one move at a time (so a UI can show progress).
//!
//! For move `i` the position before it (with the game's repetition history and draw counters,
//! [`SearchRoot::after`] from the start) is searched for the best move and its score; if the
//! move played was another one, the position after it is searched with the same budget and its
//! score, negated, is the played move's. Both searches are node-limited
//! ([`DraughtsAnalysisOptions::nodes`]), so the analysis is deterministic.
//!
//! Scores are compared as **values** in hundredths of a man for the mover ([`value`]): a
//! positional score is clamped to ±[`SCORE_CAP`], a proven win (by the search, or by the endgame
//! databases when the engine has them: [`super::KNOWN_WIN`]) is worth [`WIN_VALUE`] and a
//! proven loss minus that. The **score lost** is the best value minus the played one (never
//! negative). Marks ([`DraughtsMark::of`]):
//! - **mistake**: at least [`MISTAKE`] (half a man) lost;
//! - **blunder**: at least [`BLUNDER`] (a whole man) lost;
//! - **missed win**: the position had a proven win and the move played does not keep one
//!   (always also a blunder).
//!
//! White's **expectation** after each move, for a chart, is `1 / (1 + e^(-v / 100))` of the value
//! `v` for White (a man up is about 0.73; a proven win 1): a display scale, not a measured
//! probability.

use serde::{Deserialize, Serialize};

use super::{Engine, KNOWN_WIN, Limits, NoClock, SearchRoot, WIN};
use crate::draughts::Game;
use crate::draughts::square::Color;

/// Score lost (hundredths of a man) from which a move is a mistake.
pub const MISTAKE: i32 = 50;
/// Score lost from which a move is a blunder.
pub const BLUNDER: i32 = 100;
/// The largest positional score a value keeps (more is as good as won in practice).
pub const SCORE_CAP: i32 = 1000;
/// The value of a proven win.
pub const WIN_VALUE: i32 = 2000;
/// The default node budget of each search (about 0.1 s in wasm here).
pub const DEFAULT_NODES: u64 = 60_000;

/// How hard the analysis searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DraughtsAnalysisOptions {
    /// Nodes per search (two searches per move at most).
    pub nodes: u64,
}

impl Default for DraughtsAnalysisOptions {
    fn default() -> DraughtsAnalysisOptions {
        DraughtsAnalysisOptions { nodes: DEFAULT_NODES }
    }
}

/// How bad a move was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DraughtsMark {
    Mistake,
    Blunder,
}

impl DraughtsMark {
    /// The mark of a move that lost `lost` (a value difference, see the module doc).
    pub fn of(lost: i32) -> Option<DraughtsMark> {
        if lost >= BLUNDER {
            Some(DraughtsMark::Blunder)
        } else if lost >= MISTAKE {
            Some(DraughtsMark::Mistake)
        } else {
            None
        }
    }
}

/// The lowest raw score that proves a win: the search's wins (`WIN - plies`) and the endgame
/// databases' ([`KNOWN_WIN`] minus the distance).
const PROVEN: i32 = KNOWN_WIN - 1000;

/// The value of a raw search score (the side to move's view): see the module doc.
pub fn value(raw: i32) -> i32 {
    if raw >= PROVEN {
        WIN_VALUE
    } else if raw <= -PROVEN {
        -WIN_VALUE
    } else {
        raw.clamp(-SCORE_CAP, SCORE_CAP)
    }
}

/// A raw score proves a win for the side to move.
fn proven_win(raw: i32) -> bool {
    raw >= PROVEN
}

/// One move of the game, analysed.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct MoveAnalysis {
    /// Index in the game's history (0-based).
    pub index: usize,
    /// The side that moved: "white" or "black".
    pub color: &'static str,
    pub played: String,
    /// The search's best move and its line (starting with it).
    pub best: String,
    pub best_line: Vec<String>,
    /// Values (see [`value`]) for the mover of the best and of the played move.
    pub best_value: i32,
    pub played_value: i32,
    /// `best_value - played_value`, never negative (0 when the best move was played).
    pub lost: i32,
    pub mark: Option<DraughtsMark>,
    /// The position had a proven win that the move played gave away.
    pub missed_win: bool,
    /// Only one legal move: not a decision.
    pub forced: bool,
    /// White's expectation after the move (see the module doc).
    pub white_expectation: f32,
    /// Its contribution to [`summarize`].
    pub tally: DraughtsTally,
}

/// Why a move cannot be analysed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NoMove {
    pub index: usize,
    pub moves: usize,
}

impl std::fmt::Display for NoMove {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "there is no move {}: the game has {} moves to analyse", self.index, self.moves)
    }
}

/// How many moves [`analyze_move`] can analyse: the game's history.
pub fn move_count(game: &Game) -> usize {
    game.history().len()
}

/// The search root before move `index` of `game` (its start position, then each move).
fn root_before(game: &Game, index: usize) -> SearchRoot {
    let mut root = SearchRoot {
        position: *game.start_position(),
        history: Vec::new(),
        counters: Default::default(),
        draw_rules: game.options().draw_rules,
    };
    for ply in &game.history()[..index] {
        root = root.after(&ply.mv);
    }
    root
}

fn expectation(v: i32) -> f32 {
    if v >= WIN_VALUE {
        1.0
    } else if v <= -WIN_VALUE {
        0.0
    } else {
        1.0 / (1.0 + (-(v as f32) / 100.0).exp())
    }
}

/// Analyses move `index` of `game` with `engine` (its table is cleared first, so the result
/// depends only on the game, the index and the options).
pub fn analyze_move(
    engine: &mut Engine,
    game: &Game,
    index: usize,
    options: &DraughtsAnalysisOptions,
) -> Result<MoveAnalysis, NoMove> {
    let ply = game.history().get(index).ok_or(NoMove { index, moves: move_count(game) })?;
    let root = root_before(game, index);
    let limits = Limits { nodes: Some(options.nodes.max(1)), ..Limits::default() };
    engine.clear();
    let forced = root.position.legal_moves().len() <= 1;
    let best = engine.search(&root, &limits, &NoClock).ok_or(NoMove { index, moves: move_count(game) })?;
    let best_value = value(best.score);
    let (played_raw, played_value) = if best.best.same_move(&ply.mv) {
        (best.score, best_value)
    } else {
        let child = root.after(&ply.mv);
        let raw = if child.position.is_lost() {
            WIN - 1
        } else if child.is_over() {
            0
        } else {
            engine.clear();
            match engine.search(&child, &limits, &NoClock) {
                Some(r) => -r.score,
                None => WIN - 1,
            }
        };
        (raw, value(raw))
    };
    let lost = (best_value - played_value).max(0);
    let missed_win = proven_win(best.score) && !proven_win(played_raw);
    let mark = if forced { None } else { DraughtsMark::of(lost) };
    let white = ply.before.turn() == Color::White;
    let white_value = if white { played_value } else { -played_value };
    let missed_win = missed_win && !forced;
    Ok(MoveAnalysis {
        index,
        color: if white { "white" } else { "black" },
        played: ply.notation.clone(),
        best: root.position.move_text(&best.best),
        best_line: best.pv_text(&root.position),
        best_value,
        played_value,
        lost,
        mark,
        missed_win,
        forced,
        white_expectation: expectation(white_value),
        tally: DraughtsTally { white, forced, lost, mark, missed_win },
    })
}

/// A side's figures over an analysed game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DraughtsSummary {
    /// Moves with a choice.
    pub decisions: u32,
    pub mistakes: u32,
    pub blunders: u32,
    pub missed_wins: u32,
    /// Average score lost per decision, in hundredths of a man.
    pub average_lost: i32,
}

/// What a move adds to its side's figures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DraughtsTally {
    pub white: bool,
    pub forced: bool,
    pub lost: i32,
    pub mark: Option<DraughtsMark>,
    pub missed_win: bool,
}

/// Both sides' figures, `[white, black]`.
pub fn summarize(tallies: &[DraughtsTally]) -> [DraughtsSummary; 2] {
    let mut out = [DraughtsSummary::default(); 2];
    let mut lost = [0i64; 2];
    for t in tallies.iter().filter(|t| !t.forced) {
        let i = if t.white { 0 } else { 1 };
        out[i].decisions += 1;
        lost[i] += t.lost as i64;
        match t.mark {
            Some(DraughtsMark::Mistake) => out[i].mistakes += 1,
            Some(DraughtsMark::Blunder) => out[i].blunders += 1,
            None => {}
        }
        out[i].missed_wins += t.missed_win as u32;
    }
    for i in 0..2 {
        out[i].average_lost = if out[i].decisions == 0 { 0 } else { (lost[i] / out[i].decisions as i64) as i32 };
    }
    out
}
