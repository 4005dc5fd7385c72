//! The draw rules as the search sees them (RULES.md 2.3), tracked with two ply counters and the
//! hash history, so a line that runs into a rule draw is scored as a draw inside the search.
//!
//! The game's own referee (`draughts::Game`) decides draws in real games; this module only has to
//! agree with it closely enough for the search not to play for a win that the rules forbid.

use crate::draughts::{Color, Move, Position};
use crate::draughts::bitboard::MAIN_DIAGONAL;

/// Ply counters for the move-count draw rules.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DrawCounters {
    /// Plies in a row in which only kings moved and nothing was captured (RU-DRAW-KINGS-15:
    /// a draw at 30).
    pub kings_only_plies: u32,
    /// Plies since the balance of forces last changed, i.e. since the last capture or promotion
    /// (RU-DRAW-3K1K, RU-DRAW-30-60, RU-DRAW-5).
    pub balance_plies: u32,
}

impl DrawCounters {
    /// The counters after `mv` is played in `before`.
    #[inline]
    pub fn after_move(self, before: &Position, mv: &Move) -> DrawCounters {
        let king_moved = before.kings() & mv.from().bit() != 0;
        let capture = mv.is_capture();
        DrawCounters {
            kings_only_plies: if capture || !king_moved { 0 } else { self.kings_only_plies + 1 },
            balance_plies: if capture || mv.promotes() { 0 } else { self.balance_plies + 1 },
        }
    }

    /// The counters after the move that led from `before` to `after` (inferred from the two
    /// positions, for histories given as positions).
    pub fn after_positions(self, before: &Position, after: &Position) -> DrawCounters {
        let mover = before.turn();
        let capture = before.pieces(!mover) != after.pieces(!mover);
        let men_before = before.pieces(mover) & !before.kings();
        let men_after = after.pieces(mover) & !after.kings();
        let man_moved = men_before != men_after;
        let promoted = after.count(mover).kings > before.count(mover).kings;
        DrawCounters {
            kings_only_plies: if capture || man_moved { 0 } else { self.kings_only_plies + 1 },
            balance_plies: if capture || promoted { 0 } else { self.balance_plies + 1 },
        }
    }

    /// Whether the move from `before` to `after` was irreversible (a capture or a man's move):
    /// no earlier position can repeat after it.
    pub fn irreversible(before: &Position, after: &Position) -> bool {
        let mover = before.turn();
        before.pieces(!mover) != after.pieces(!mover)
            || (before.pieces(mover) & !before.kings()) != (after.pieces(mover) & !after.kings())
    }
}

/// Whether one of the move-count rules has drawn the game in `pos` with these counters.
#[inline]
pub fn counted_draw(pos: &Position, c: DrawCounters) -> bool {
    if c.kings_only_plies >= 30 {
        return true;
    }
    if c.balance_plies < 10 || pos.kings() == 0 {
        return false;
    }
    let w = pos.count(Color::White);
    let b = pos.count(Color::Black);
    // A lone king against the other side's pieces.
    for (strong, weak, weak_bb) in [(w, b, pos.black()), (b, w, pos.white())] {
        if weak.men == 0 && weak.kings == 1 && strong.kings >= 1 {
            let on_main = weak_bb & MAIN_DIAGONAL != 0;
            let (k, m) = (strong.kings, strong.men);
            // RU-DRAW-5, second part: two kings, a king and a man, or one king.
            if (k == 2 && m == 0) || (k == 1 && m <= 1) {
                return true; // balance_plies >= 10
            }
            // RU-DRAW-5, first part: the lone king holds the main diagonal.
            if on_main && ((k == 3 && m == 0) || (k == 2 && m == 1) || (k == 1 && m == 2)) {
                return true;
            }
            // RU-DRAW-3K1K.
            if k >= 3 && c.balance_plies >= 30 {
                return true;
            }
        }
    }
    // RU-DRAW-30-60: both sides have kings.
    if w.kings > 0 && b.kings > 0 {
        let n = w.total() + b.total();
        if (4..=5).contains(&n) && c.balance_plies >= 60 {
            return true;
        }
        if (6..=7).contains(&n) && c.balance_plies >= 120 {
            return true;
        }
    }
    false
}
