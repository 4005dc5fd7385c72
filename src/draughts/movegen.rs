//! Legal move generation (docs/rules.md 2.2).
//!
//! Rules implemented here:
//! - RU-MAN-MOVE: a man steps one square diagonally forward to an empty square.
//! - RU-MAN-CAPTURE: a man jumps an adjacent enemy piece, forwards or backwards, to the empty
//!   square right behind it.
//! - RU-KING-MOVE: a king slides any number of empty squares along a diagonal.
//! - RU-KING-CAPTURE: a king jumps an enemy piece at any distance if the squares between are
//!   empty, landing on any empty square behind it; but if from some of those landing squares the
//!   capture can continue, it must land on one of those.
//! - RU-CAPTURE-COMPULSORY: if any capture exists, only captures are legal.
//! - RU-FREE-CHOICE: every capture sequence is legal whatever it takes (no majority rule), but a
//!   sequence only ends when the piece cannot jump again.
//! - RU-TURKISH-STRIKE: captured pieces stay on the board until the move ends: they cannot be
//!   jumped a second time and they block the way. The moving piece's start square is empty from
//!   the moment it leaves (it may pass over or land on it again).
//! - RU-PROMOTE / RU-PROMOTE-MID-CAPTURE: a man ending a step or a jump on the last rank becomes a
//!   king; if it can capture further from there, it continues the same move as a king.
//!
//! Moves with the same start, end and captured set are one move (docs/rules.md 2.4): by default the
//! generator keeps the first path it finds for each. The `*_paths_*` functions instead yield
//! every capture path (the other perft convention).

use super::bitboard::{Bitboard, JUMP_FROM, JUMP_LAND, NEIGHBOR, RANK1, RANK8, RAY, nearest, opposite, slide, step};
use super::moves::{MAX_CAPTURES, Move};
use super::position::Position;
use super::square::Color;

const NONE: u8 = 0xFF;

/// Forward directions of each side's men: White goes north, Black south.
#[inline(always)]
const fn forward(color: Color) -> [usize; 2] {
    match color {
        Color::White => [0, 1],
        Color::Black => [2, 3],
    }
}

/// Where finished capture sequences go.
trait Sink {
    /// A new piece starts its captures (deduplication looks only at that piece's sequences).
    fn begin_piece(&mut self);
    /// A finished capture sequence.
    fn emit(&mut self, mv: &Move);
}

/// Collects moves, one per (start, end, captured set) unless `all_paths`.
struct MoveSink<'a> {
    out: &'a mut Vec<Move>,
    first: usize,
    all_paths: bool,
}

impl Sink for MoveSink<'_> {
    #[inline(always)]
    fn begin_piece(&mut self) {
        self.first = self.out.len();
    }

    #[inline]
    fn emit(&mut self, mv: &Move) {
        // A single capture's path is just (start, end): no other path can repeat it, and no
        // longer capture has the same captured set. Only longer ones need the duplicate check.
        if !self.all_paths && mv.len > 2 {
            let to = mv.path[mv.len as usize - 1];
            for m in &self.out[self.first..] {
                if m.captured == mv.captured && m.path[m.len as usize - 1] == to {
                    return;
                }
            }
        }
        self.out.push(*mv);
    }
}

/// Counts moves (or paths) without building a move list: keeps only (end, captured set) keys.
struct CountSink<'a> {
    keys: &'a mut Vec<u64>,
    first: usize,
    all_paths: bool,
    count: u64,
}

impl Sink for CountSink<'_> {
    #[inline(always)]
    fn begin_piece(&mut self) {
        self.first = self.keys.len();
    }

    #[inline]
    fn emit(&mut self, mv: &Move) {
        // single captures need no duplicate check (see `MoveSink::emit`)
        if !self.all_paths && mv.len > 2 {
            let key = mv.path[mv.len as usize - 1] as u64 | (mv.captured as u64) << 8;
            if self.keys[self.first..].contains(&key) {
                return;
            }
            self.keys.push(key);
        }
        self.count += 1;
    }
}

/// The recursive capture search for one piece.
struct Capturer<'s, S: Sink> {
    /// Every piece on the board except the moving one (captured pieces stay: Turkish strike).
    occ: Bitboard,
    /// The mover's promotion rank.
    promo: Bitboard,
    /// Borrowed, not moved: copying a sink through memory stalls on store forwarding.
    sink: &'s mut S,
    /// The sequence under construction.
    mv: Move,
}

impl<S: Sink> Capturer<'_, S> {
    #[inline(always)]
    fn emit(&mut self) {
        self.sink.emit(&self.mv);
    }

    #[inline]
    fn push(&mut self, over: usize, land: usize) {
        let n = self.mv.len as usize;
        // n - 1 captures so far; never more than MAX_CAPTURES since each jump takes an enemy piece
        self.mv.order[n - 1] = over as u8;
        self.mv.path[n] = land as u8;
        self.mv.len += 1;
        self.mv.captured |= 1 << over;
    }

    #[inline]
    fn pop(&mut self, over: usize) {
        self.mv.len -= 1;
        self.mv.captured &= !(1 << over);
    }

    /// Whether a king on `s` could capture one of `live` (the opponent's pieces not taken yet);
    /// direction `back` (towards the piece just taken) is skipped: that piece blocks it.
    #[inline]
    fn king_can_capture(&self, s: usize, back: usize, live: Bitboard) -> bool {
        for d in 0..4 {
            if d == back {
                continue;
            }
            let blockers = RAY[d][s] & self.occ;
            if blockers == 0 {
                continue;
            }
            let first = nearest(blockers, d);
            if live & (1 << first) == 0 {
                continue;
            }
            let next = NEIGHBOR[d][first];
            if next != NONE && self.occ & (1 << next) == 0 {
                return true;
            }
        }
        false
    }

    /// Extends the sequence with every king jump from `s` over a piece of `live` (the
    /// opponent's pieces not taken yet); returns whether there was one.
    #[allow(clippy::needless_range_loop)] // `d` is the direction, used beyond indexing
    fn king(&mut self, s: usize, live: Bitboard) -> bool {
        let mut found = false;
        for d in 0..4 {
            let blockers = RAY[d][s] & self.occ;
            if blockers == 0 {
                continue;
            }
            let first = nearest(blockers, d);
            if live & (1 << first) == 0 {
                continue;
            }
            let lands = slide(first, d, self.occ);
            if lands == 0 {
                continue;
            }
            found = true;
            // The landing rule: squares from which the capture goes on, if there are any.
            let live = live & !(1 << first);
            let mut cont = 0;
            let mut l = lands;
            while l != 0 {
                let t = l.trailing_zeros() as usize;
                if self.king_can_capture(t, opposite(d), live) {
                    cont |= 1 << t;
                }
                l &= l - 1;
            }
            let mut targets = if cont != 0 { cont } else { lands };
            while targets != 0 {
                let t = targets.trailing_zeros() as usize;
                targets &= targets - 1;
                self.push(first, t);
                if cont != 0 {
                    self.king(t, live);
                } else {
                    self.emit();
                }
                self.pop(first);
            }
        }
        found
    }

    /// Extends the sequence with every man jump from `s` over a piece of `live`; returns
    /// whether there was one.
    #[allow(clippy::needless_range_loop)] // `d` is the direction, used beyond indexing
    fn man(&mut self, s: usize, live: Bitboard) -> bool {
        let mut found = false;
        for d in 0..4 {
            let land = JUMP_LAND[d][s];
            if land == NONE {
                continue;
            }
            let over = NEIGHBOR[d][s];
            if live & (1 << over) == 0 || self.occ & (1 << land) != 0 {
                continue;
            }
            found = true;
            let (over, land) = (over as usize, land as usize);
            self.push(over, land);
            if self.promo & (1 << land) != 0 {
                let was = self.mv.promotes;
                self.mv.promotes = true;
                if !self.king(land, live & !(1 << over)) {
                    self.emit();
                }
                self.mv.promotes = was;
            } else if !self.man(land, live & !(1 << over)) {
                self.emit();
            }
            self.pop(over);
        }
        found
    }
}

impl Position {
    #[inline(always)]
    fn sides(&self) -> (Bitboard, Bitboard) {
        match self.turn {
            Color::White => (self.white, self.black),
            Color::Black => (self.black, self.white),
        }
    }

    /// The side to move's men that can jump right now.
    #[inline(always)]
    fn man_jumpers(&self) -> Bitboard {
        let (own, opp) = self.sides();
        let men = own & !self.kings;
        let empty = !(self.white | self.black);
        // a man on s jumps in direction d if its neighbour in d is an opponent (s is then in
        // step(opp, opposite(d))) and the square two steps away is empty (a uniform shift)
        let nw = step(opp, 3) & (empty >> 7) & JUMP_FROM[0];
        let ne = step(opp, 2) & (empty >> 9) & JUMP_FROM[1];
        let sw = step(opp, 1) & (empty << 9) & JUMP_FROM[2];
        let se = step(opp, 0) & (empty << 7) & JUMP_FROM[3];
        (nw | ne | sw | se) & men
    }

    /// Whether the king on `s` (of the side to move) can capture.
    #[inline(always)]
    fn king_can_jump(&self, s: usize, opp: Bitboard, occ: Bitboard) -> bool {
        for d in 0..4 {
            let blockers = RAY[d][s] & occ;
            if blockers == 0 {
                continue;
            }
            let first = nearest(blockers, d);
            if opp & (1 << first) == 0 {
                continue;
            }
            let next = NEIGHBOR[d][first];
            if next != NONE && occ & (1 << next) == 0 {
                return true;
            }
        }
        false
    }

    /// Whether the side to move has a capture (and so must capture: RU-CAPTURE-COMPULSORY).
    #[inline(always)]
    pub fn has_capture(&self) -> bool {
        self.man_jumpers() != 0 || self.king_has_capture()
    }

    /// Whether a king of the side to move can capture.
    #[inline(always)]
    fn king_has_capture(&self) -> bool {
        let (own, opp) = self.sides();
        let occ = self.white | self.black;
        let mut k = own & self.kings;
        while k != 0 {
            let s = k.trailing_zeros() as usize;
            if self.king_can_jump(s, opp, occ) {
                return true;
            }
            k &= k - 1;
        }
        false
    }

    /// Runs the capture search of every piece of the side to move that can capture, into
    /// `sink`.
    fn captures_into<S: Sink>(&self, sink: &mut S) {
        self.captures_from(self.man_jumpers(), sink)
    }

    /// [`captures_into`](Self::captures_into) with the men that can jump already known.
    fn captures_from<S: Sink>(&self, mut men: Bitboard, sink: &mut S) {
        let (own, opp) = self.sides();
        let occ = self.white | self.black;
        let promo = match self.turn {
            Color::White => RANK8,
            Color::Black => RANK1,
        };
        let mut c = Capturer { occ, promo, sink, mv: Move::quiet(0, 0, false) };
        while men != 0 {
            let s = men.trailing_zeros() as usize;
            men &= men - 1;
            c.occ = occ & !(1 << s);
            c.mv = Move::quiet(s, s, false);
            c.mv.len = 1;
            c.sink.begin_piece();
            c.man(s, opp);
        }
        let mut kings = own & self.kings;
        while kings != 0 {
            let s = kings.trailing_zeros() as usize;
            kings &= kings - 1;
            if !self.king_can_jump(s, opp, occ) {
                continue;
            }
            c.occ = occ & !(1 << s);
            c.mv = Move::quiet(s, s, false);
            c.mv.len = 1;
            c.sink.begin_piece();
            c.king(s, opp);
        }
    }

    /// Appends every capture to `out` (one per start/end/captured set unless `all_paths`);
    /// returns whether there was any.
    fn gen_captures(&self, out: &mut Vec<Move>, all_paths: bool) -> bool {
        let before = out.len();
        self.captures_into(&mut MoveSink { out: &mut *out, first: before, all_paths });
        out.len() > before
    }

    /// Appends every quiet move (no capture) to `out`.
    fn gen_quiet(&self, out: &mut Vec<Move>) {
        let (own, _) = self.sides();
        let occ = self.white | self.black;
        let empty = !occ;
        let men = own & !self.kings;
        let promo = match self.turn {
            Color::White => RANK8,
            Color::Black => RANK1,
        };
        for d in forward(self.turn) {
            let mut targets = step(men, d) & empty;
            let back = opposite(d);
            while targets != 0 {
                let t = targets.trailing_zeros() as usize;
                targets &= targets - 1;
                let from = NEIGHBOR[back][t] as usize;
                out.push(Move::quiet(from, t, promo & (1 << t) != 0));
            }
        }
        let mut kings = own & self.kings;
        while kings != 0 {
            let s = kings.trailing_zeros() as usize;
            kings &= kings - 1;
            for d in 0..4 {
                let mut targets = slide(s, d, occ);
                while targets != 0 {
                    let t = targets.trailing_zeros() as usize;
                    targets &= targets - 1;
                    out.push(Move::quiet(s, t, false));
                }
            }
        }
    }

    /// Replaces the contents of `out` with the legal moves, one per (start, end, captured set).
    /// Reusing one buffer avoids allocation in search and perft.
    pub fn legal_moves_into(&self, out: &mut Vec<Move>) {
        out.clear();
        if !self.gen_captures(out, false) {
            self.gen_quiet(out);
        }
    }

    /// Replaces the contents of `out` with every legal capture path (moves with the same start,
    /// end and captured set but different paths are listed separately); quiet moves as usual.
    pub fn legal_paths_into(&self, out: &mut Vec<Move>) {
        out.clear();
        if !self.gen_captures(out, true) {
            self.gen_quiet(out);
        }
    }

    /// The legal moves (see [`legal_moves_into`](Self::legal_moves_into)).
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut v = Vec::with_capacity(32);
        self.legal_moves_into(&mut v);
        v
    }

    /// Every legal capture path (see [`legal_paths_into`](Self::legal_paths_into)).
    pub fn legal_paths(&self) -> Vec<Move> {
        let mut v = Vec::with_capacity(32);
        self.legal_paths_into(&mut v);
        v
    }

    /// The number of quiet moves, counted without generating them (valid only when there is no
    /// capture).
    #[inline(always)]
    pub(crate) fn count_quiet(&self) -> u64 {
        let (own, _) = self.sides();
        let occ = self.white | self.black;
        let empty = !occ;
        let men = own & !self.kings;
        let [d1, d2] = forward(self.turn);
        // one 64-bit popcount for both directions (the x86-64 baseline has no popcnt instruction)
        let both = ((step(men, d1) & empty) as u64) << 32 | (step(men, d2) & empty) as u64;
        let mut n = both.count_ones();
        let mut kings = own & self.kings;
        while kings != 0 {
            let s = kings.trailing_zeros() as usize;
            kings &= kings - 1;
            n += slide(s, 0, occ).count_ones()
                + slide(s, 1, occ).count_ones()
                + slide(s, 2, occ).count_ones()
                + slide(s, 3, occ).count_ones();
        }
        n as u64
    }

    /// The number of legal moves (or of legal paths if `all_paths`), using `scratch` only when
    /// there are captures.
    #[inline(always)]
    pub(crate) fn count_with(&self, scratch: &mut Vec<u64>, all_paths: bool) -> u64 {
        let men = self.man_jumpers();
        if men != 0 || self.king_has_capture() {
            scratch.clear();
            let mut sink = CountSink { keys: scratch, first: 0, all_paths, count: 0 };
            self.captures_from(men, &mut sink);
            sink.count
        } else {
            self.count_quiet()
        }
    }

    /// The position after the quiet move `from -> to` of the side to move, **without** its
    /// hash (for perft's bulk counting only, where the hash is never read).
    #[inline(always)]
    fn quiet_child_unhashed(&self, from: usize, to: usize, promo: Bitboard) -> Position {
        let (fb, tb) = (1u32 << from, 1u32 << to);
        let mut p = *self;
        match self.turn {
            Color::White => p.white ^= fb | tb,
            Color::Black => p.black ^= fb | tb,
        }
        if self.kings & fb != 0 {
            p.kings ^= fb | tb;
        } else {
            p.kings |= tb & promo;
        }
        p.turn = self.turn.opposite();
        p
    }

    /// Perft at depth 2 summed over the children: for a position without captures the quiet
    /// moves are enumerated straight from the bitboards (no move list); `None` if there are
    /// captures (the caller then uses the general path).
    #[inline(always)]
    pub(crate) fn perft2_quiet(&self, scratch: &mut Vec<u64>, all_paths: bool) -> Option<u64> {
        if self.has_capture() {
            return None;
        }
        let (own, _) = self.sides();
        let occ = self.white | self.black;
        let empty = !occ;
        let men = own & !self.kings;
        let promo = match self.turn {
            Color::White => RANK8,
            Color::Black => RANK1,
        };
        let mut n = 0;
        for d in forward(self.turn) {
            let mut targets = step(men, d) & empty;
            let back = opposite(d);
            while targets != 0 {
                let t = targets.trailing_zeros() as usize;
                targets &= targets - 1;
                let from = NEIGHBOR[back][t] as usize;
                n += self.quiet_child_unhashed(from, t, promo).count_with(scratch, all_paths);
            }
        }
        let mut kings = own & self.kings;
        while kings != 0 {
            let s = kings.trailing_zeros() as usize;
            kings &= kings - 1;
            for d in 0..4 {
                let mut targets = slide(s, d, occ);
                while targets != 0 {
                    let t = targets.trailing_zeros() as usize;
                    targets &= targets - 1;
                    n += self.quiet_child_unhashed(s, t, promo).count_with(scratch, all_paths);
                }
            }
        }
        Some(n)
    }

    /// The number of legal moves, one per (start, end, captured set).
    pub fn count_legal_moves(&self) -> u64 {
        self.count_with(&mut Vec::new(), false)
    }

    /// Whether the side to move has any legal move (if not, it has lost: RU-WIN).
    pub fn has_legal_move(&self) -> bool {
        self.has_capture() || self.count_quiet() > 0
    }

    /// Whether the side to move has lost: it has no pieces or no legal move (RU-WIN).
    pub fn is_lost(&self) -> bool {
        !self.has_legal_move()
    }

    /// The legal move with this identity, if any (for moves stored as [`super::MoveKey`]).
    pub fn find_move(&self, key: super::MoveKey) -> Option<Move> {
        self.legal_moves().into_iter().find(|m| m.key() == key)
    }
}

const _: () = assert!(MAX_CAPTURES == 12);
