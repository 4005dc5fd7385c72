//! The automatic draw rules of docs/rules.md 2.3 and the counters they need.
//!
//! A "move" in these rules is one move by each side, so 15 moves are 30 plies. Our reading of
//! each clause (the text of docs/rules.md first, then how it is applied):
//!
//! - **RU-DRAW-REPETITION**: "the same position with the same side to move occurs the third
//!   time". Positions are compared exactly (pieces, kings and side to move). Only positions since
//!   the last capture or man move can repeat; positions before the game's start (a game set up
//!   from a FEN) are unknown and do not count.
//! - **RU-DRAW-3K1K**: "three or more kings against a lone king: draw if the stronger side has
//!   not captured it by its 15th move counted from when that balance arose". The condition: one
//!   side has exactly one piece, a king; the other has at least three kings (men besides them do
//!   not matter). "Balance" is read as docs/rules.md uses it for RU-DRAW-30-60: the material, which
//!   changes only by a capture or a promotion. So we count the stronger side's moves since the
//!   last capture or promotion (or the start of the game); the draw comes right after its 15th
//!   such move if the lone king is still there.
//! - **RU-DRAW-KINGS-15**: "15 moves in a row in which both sides moved only kings, with no
//!   capture and no man moved": 30 consecutive plies, each a king move without capture.
//! - **RU-DRAW-30-60**: "both sides have kings and the balance of forces has not changed (no
//!   capture, no promotion): draw after 30 moves with 4-5 pieces on the board, 60 moves with 6-7
//!   pieces": 60 (resp. 120) plies since the last capture or promotion, while both sides have at
//!   least one king and the board holds 4-5 (resp. 6-7) pieces. Men may move meanwhile.
//! - **RU-DRAW-5**, first clause: "5 moves for three kings, two kings and a man, or a king and
//!   two men against a lone king on the main diagonal a1-h8": the stronger side has exactly one of
//!   those sets and the weaker side a single king standing on the main road. We count the
//!   stronger side's moves made while this held without interruption (it is broken by a capture,
//!   a promotion, or the lone king leaving the main road); the draw comes after the 5th.
//! - **RU-DRAW-5**, second clause: "5 moves for two kings, a king and a man, or one king against
//!   a lone king": the stronger side has exactly two kings, a king and a man, or one king, and the
//!   weaker side a single king (anywhere). We count the stronger side's moves since the balance
//!   arose, as for RU-DRAW-3K1K; with one king against one king (no stronger side) 5 moves of
//!   each side, 10 plies.
//!
//! A win (the side to move has no piece or no legal move, RU-WIN) takes precedence over any draw
//! rule in the same position: the rules only declare a draw "if the stronger side has not
//! captured", and a capture that ends the game is a win.

use super::bitboard::MAIN_DIAGONAL;
use super::moves::Move;
use super::position::Position;
use super::square::Color;

/// Why a game was drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DrawReason {
    /// RU-DRAW-REPETITION.
    Repetition,
    /// RU-DRAW-3K1K.
    ThreeKingsVsKing,
    /// RU-DRAW-KINGS-15.
    KingsOnly15,
    /// RU-DRAW-30-60.
    ThirtySixty,
    /// RU-DRAW-5.
    FiveMoves,
    /// Both players agreed.
    Agreement,
}

impl DrawReason {
    /// The JS API's spelling: `repetition`, `three-kings-vs-king`, `kings-only-15`,
    /// `thirty-sixty`, `five-moves`, `agreement`.
    pub fn as_str(self) -> &'static str {
        match self {
            DrawReason::Repetition => "repetition",
            DrawReason::ThreeKingsVsKing => "three-kings-vs-king",
            DrawReason::KingsOnly15 => "kings-only-15",
            DrawReason::ThirtySixty => "thirty-sixty",
            DrawReason::FiveMoves => "five-moves",
            DrawReason::Agreement => "agreement",
        }
    }

    /// The rule's ID in docs/rules.md (`RU-DRAW-...`), or `None` for an agreement.
    pub fn rule_id(self) -> Option<&'static str> {
        match self {
            DrawReason::Repetition => Some("RU-DRAW-REPETITION"),
            DrawReason::ThreeKingsVsKing => Some("RU-DRAW-3K1K"),
            DrawReason::KingsOnly15 => Some("RU-DRAW-KINGS-15"),
            DrawReason::ThirtySixty => Some("RU-DRAW-30-60"),
            DrawReason::FiveMoves => Some("RU-DRAW-5"),
            DrawReason::Agreement => None,
        }
    }
}

impl std::fmt::Display for DrawReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            DrawReason::Repetition => "the same position occurred three times",
            DrawReason::ThreeKingsVsKing => "three kings did not catch a lone king within 15 moves",
            DrawReason::KingsOnly15 => "15 moves with only kings moving and no capture",
            DrawReason::ThirtySixty => "kings on both sides and no change of material for 30/60 moves",
            DrawReason::FiveMoves => "the five-move rule against a lone king",
            DrawReason::Agreement => "agreement",
        })
    }
}

/// The counters the draw rules need, as they stand in a position of a game. They are a pure
/// function of the game's moves from its start, so undo restores them by keeping the previous
/// value (see [`Game`](super::Game)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct DrawCounters {
    /// Consecutive plies that were king moves without capture (RU-DRAW-KINGS-15). Also the
    /// length of the window in which positions can repeat.
    pub kings_only_plies: u32,
    /// Moves made by White and by Black since the material last changed (a capture or a
    /// promotion) or the game started: RU-DRAW-3K1K, RU-DRAW-30-60 and RU-DRAW-5.
    pub balance_moves: [u32; 2],
    /// The stronger side's moves made while the first clause of RU-DRAW-5 (lone king on the main
    /// road) held without interruption.
    pub main_road_moves: u32,
}

/// The side that has one of RU-DRAW-5's first-clause sets against a lone king on the main road.
fn main_road_stronger(pos: &Position) -> Option<Color> {
    // A lone king against three pieces: exactly four pieces and a king on the board (a quick
    // exit for every other position, the search's common case).
    if pos.kings() == 0 || pos.occupied().count_ones() != 4 {
        return None;
    }
    for strong in [Color::White, Color::Black] {
        let weak = strong.opposite();
        let w = pos.count(weak);
        if w.men == 0 && w.kings == 1 && pos.pieces(weak) & MAIN_DIAGONAL != 0 {
            let s = pos.count(strong);
            if matches!((s.kings, s.men), (3, 0) | (2, 1) | (1, 2)) {
                return Some(strong);
            }
        }
    }
    None
}

impl DrawCounters {
    /// The counters after `mv` is played in `before`, giving `after`.
    pub fn after(&self, before: &Position, mv: &Move, after: &Position) -> DrawCounters {
        let mover = before.turn();
        let king_moved = before.kings() & mv.from().bit() != 0;
        let kings_only_plies = if mv.is_capture() || !king_moved { 0 } else { self.kings_only_plies + 1 };
        let balance_changed = mv.is_capture() || mv.promotes();
        let mut balance_moves = if balance_changed { [0, 0] } else { self.balance_moves };
        if !balance_changed {
            balance_moves[mover.index()] += 1;
        }
        let main_road_moves = match main_road_stronger(after) {
            None => 0,
            Some(strong) => {
                if balance_changed || main_road_stronger(before) != Some(strong) {
                    0
                } else if mover == strong {
                    self.main_road_moves + 1
                } else {
                    self.main_road_moves
                }
            }
        };
        DrawCounters { kings_only_plies, balance_moves, main_road_moves }
    }

    /// Plies since the material last changed.
    pub fn balance_plies(&self) -> u32 {
        self.balance_moves[0] + self.balance_moves[1]
    }

    /// The draw rule (other than repetition, which needs the history) that applies in `pos`
    /// with these counters, if any. Does not check for a win.
    pub fn draw_reason(&self, pos: &Position) -> Option<DrawReason> {
        // Every rule but RU-DRAW-KINGS-15 needs a king on the board (a lone king, or kings on
        // both sides): a quick exit for positions with men only.
        if pos.kings() == 0 && self.kings_only_plies < 30 {
            return None;
        }
        let w = pos.count(Color::White);
        let b = pos.count(Color::Black);
        // RU-DRAW-3K1K
        for strong in [Color::White, Color::Black] {
            let (s, weak) = if strong == Color::White { (w, b) } else { (b, w) };
            if weak.men == 0 && weak.kings == 1 && s.kings >= 3 && self.balance_moves[strong.index()] >= 15 {
                return Some(DrawReason::ThreeKingsVsKing);
            }
        }
        // RU-DRAW-KINGS-15
        if self.kings_only_plies >= 30 {
            return Some(DrawReason::KingsOnly15);
        }
        // RU-DRAW-30-60
        if w.kings >= 1 && b.kings >= 1 {
            let total = w.total() + b.total();
            let plies = self.balance_plies();
            if ((4..=5).contains(&total) && plies >= 60) || ((6..=7).contains(&total) && plies >= 120) {
                return Some(DrawReason::ThirtySixty);
            }
        }
        // RU-DRAW-5, first clause
        if self.main_road_moves >= 5 && main_road_stronger(pos).is_some() {
            return Some(DrawReason::FiveMoves);
        }
        // RU-DRAW-5, second clause
        if (w.men, w.kings, b.men, b.kings) == (0, 1, 0, 1) {
            if self.balance_plies() >= 10 {
                return Some(DrawReason::FiveMoves);
            }
        } else {
            for strong in [Color::White, Color::Black] {
                let (s, weak) = if strong == Color::White { (w, b) } else { (b, w) };
                if weak.men == 0
                    && weak.kings == 1
                    && matches!((s.kings, s.men), (2, 0) | (1, 1))
                    && self.balance_moves[strong.index()] >= 5
                {
                    return Some(DrawReason::FiveMoves);
                }
            }
        }
        None
    }
}
