//! Legal plays: whole turns, distinct by resulting position.
//!
//! The rules applied (docs/rules.md section 1):
//! - BG-MOVE: a die moves one checker that many points towards the mover's home onto a point
//!   that is not closed (held by 2+ opposing checkers); BG-HIT: landing on a blot sends it to
//!   the bar.
//! - BG-MUST-USE-BOTH: if both dice can be played, both must be; BG-LARGER-DIE: if only one can,
//!   the larger one must be, if it can; BG-MAX-DOUBLES: doubles play as many of the four moves as
//!   possible; BG-NO-MOVE: if nothing can be played the turn passes (the single play is "no move",
//!   the position unchanged).
//! - BG-BAR-FIRST: checkers on the bar enter first, die `n` onto the mover's point `25 - n`.
//! - BG-BEAROFF-HOME / EXACT / HIGHER: bear off only with all checkers home (points 1-6, none on
//!   the bar or not yet entered); die `n` bears off from point `n`; a larger die bears off from
//!   the highest occupied point only when no checker stands higher.
//! - AD-ENTER (acey-deucey): checkers not yet entered enter like bar checkers, but entering is
//!   optional. Options ([`MoveRules`]): exact bear-off only; no checker may pass the opponent's
//!   12-point (land on the mover's points 1-12) while the mover still has checkers to enter.
//!
//! **How plays are kept distinct without a hash set.** Two plays are the same when they lead to
//! the same position (as GNU Backgammon counts them). Each play is generated once by a canonical
//! order of its moves:
//! - doubles: moves in non-increasing order of their source point. Any legal sequence stays legal
//!   when sorted that way (moving the rear checkers first never blocks a later move, never spoils
//!   bearing off, and enters bar checkers first), and the multiset of sources determines the
//!   result, so each result comes out once;
//! - two different dice, `small < big`: a play is a pair of moves, (`x`, small) and (`y`, big).
//!   Pairs with `y <= x` are generated small-first, pairs with `x < y` big-first; a pair that is
//!   legal in some order is legal in that one. The only two pairs with the same result are the
//!   two orders of one checker moving with both dice (`x -> x-small -> x-small-big` and
//!   `x -> x-big -> x-big-small`), which differ only when either intermediate point holds an
//!   opposing blot; the second is skipped when the first was generated and neither does. And
//!   when both sources are no higher than the small die, both checkers bear off whatever die
//!   each uses: such pairs are generated small-first only.
//!
//! The integration test `backgammon_movegen` compares counts and resulting Position IDs with GNU
//! Backgammon on hundreds of positions.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::position::{BAR, EntrySource, OPP_BAR, Position};

/// One checker moving by one die. Points are the mover's own numbers: 1..=24, 25 = the bar (or an
/// acey-deucey checker not yet entered; bar checkers always enter first), 0 = borne off.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Step {
    pub from: u8,
    pub to: u8,
    pub die: u8,
    /// The step lands on an opposing blot and sends it to the bar.
    pub hit: bool,
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let from = if self.from == 25 { "bar".to_string() } else { self.from.to_string() };
        let to = if self.to == 0 { "off".to_string() } else { self.to.to_string() };
        write!(f, "{from}/{to}{}", if self.hit { "*" } else { "" })
    }
}

/// The variant-dependent parts of move legality.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct MoveRules {
    /// Bear off only with the exact number (acey-deucey house option).
    pub exact_bear_off: bool,
    /// No checker may land on the mover's points 1..=12 (pass the opponent's 12-point) while he
    /// has checkers not yet entered (acey-deucey house option).
    pub enter_all_before_passing: bool,
}

impl MoveRules {
    /// Backgammon and table rules.
    pub const STANDARD: MoveRules = MoveRules { exact_bear_off: false, enter_all_before_passing: false };
}

/// A whole play (turn or acey-deucey turn segment): its steps in a legal order, and the position
/// after it, still seen from the mover (not flipped).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Play {
    steps: [Step; 4],
    len: u8,
    /// The position after the play, seen from the player who moved.
    pub result: Position,
}

impl Play {
    pub(crate) fn new(result: Position, steps: &[Step]) -> Play {
        let mut s = [Step::default(); 4];
        let n = steps.len().min(4);
        s[..n].copy_from_slice(&steps[..n]);
        Play { steps: s, len: n as u8, result }
    }

    /// The steps, in an order in which they can be played (empty: no move possible).
    pub fn steps(&self) -> &[Step] {
        &self.steps[..self.len as usize]
    }
}

impl fmt::Debug for Play {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s: Vec<String> = self.steps().iter().map(|s| s.to_string()).collect();
        write!(f, "Play({} -> {:?})", s.join(" "), self.result)
    }
}

/// Where generated plays go. Implemented for `Vec<Position>` (fast path) and `Vec<Play>`.
pub trait PlaySink {
    fn emit(&mut self, pos: &Position, steps: &[Step]);
    fn count(&self) -> usize;
    fn cut(&mut self, n: usize);
    /// Emits `base` changed by `change` (lets a vector write the copy in place).
    #[inline(always)]
    fn emit_with<F: FnOnce(&mut Position)>(&mut self, base: &Position, change: F, steps: &[Step]) {
        let mut q = *base;
        change(&mut q);
        self.emit(&q, steps);
    }
}

impl PlaySink for Vec<Position> {
    #[inline(always)]
    fn emit(&mut self, pos: &Position, _steps: &[Step]) {
        self.push(*pos);
    }
    #[inline(always)]
    fn emit_with<F: FnOnce(&mut Position)>(&mut self, base: &Position, change: F, _steps: &[Step]) {
        // Copy first, then change the bytes in place: changing a copy on the stack and then
        // copying it whole would stall on store forwarding.
        self.push(*base);
        if let Some(last) = self.last_mut() {
            change(last);
        }
    }
    #[inline(always)]
    fn count(&self) -> usize {
        self.len()
    }
    #[inline(always)]
    fn cut(&mut self, n: usize) {
        self.truncate(n);
    }
}

impl PlaySink for Vec<Play> {
    #[inline(always)]
    fn emit(&mut self, pos: &Position, steps: &[Step]) {
        self.push(Play::new(*pos, steps));
    }
    #[inline(always)]
    fn count(&self) -> usize {
        self.len()
    }
    #[inline(always)]
    fn cut(&mut self, n: usize) {
        self.truncate(n);
    }
}

/// Counts plays without storing them.
#[derive(Default, Debug)]
pub struct CountSink(pub usize);

impl PlaySink for CountSink {
    #[inline(always)]
    fn emit(&mut self, _pos: &Position, _steps: &[Step]) {
        self.0 += 1;
    }
    #[inline(always)]
    fn count(&self) -> usize {
        self.0
    }
    #[inline(always)]
    fn cut(&mut self, n: usize) {
        self.0 = n;
    }
}

trait Rules {
    const EXACT: bool;
    const NOPASS: bool;
}

struct R<const E: bool, const N: bool>;

impl<const E: bool, const N: bool> Rules for R<E, N> {
    const EXACT: bool = E;
    const NOPASS: bool = N;
}

/// Does the mover have a checker that can start from `from`?
#[inline(always)]
fn has(p: &Position, from: usize) -> bool {
    if from == BAR { p.board[BAR] > 0 || p.unentered[0] > 0 } else { p.board[from] > 0 }
}

/// Can a checker at `from` (present) move `die`? `h` is the mover's highest occupied point.
#[inline(always)]
fn can_move<Ru: Rules>(p: &Position, from: usize, die: usize, h: usize) -> bool {
    if from > die {
        let to = from - die;
        if p.board[to] < -1 {
            return false;
        }
        if Ru::NOPASS && to <= 12 && p.unentered[0] > 0 {
            return false;
        }
        true
    } else {
        // Bearing off.
        if h > 6 {
            return false;
        }
        if from == die {
            return true;
        }
        !Ru::EXACT && from == h
    }
}

/// The position after moving a checker from `from` by `die` (assumed legal), and the step.
#[inline(always)]
fn apply(p: &Position, from: usize, die: usize) -> (Position, Step) {
    let mut q = *p;
    if from == BAR {
        match q.entry_source() {
            Some(EntrySource::Unentered) => q.unentered[0] -= 1,
            _ => q.board[BAR] -= 1,
        }
    } else {
        q.board[from] -= 1;
    }
    let mut hit = false;
    let to;
    if from > die {
        to = from - die;
        if q.board[to] == -1 {
            q.board[to] = 1;
            q.board[OPP_BAR] -= 1;
            hit = true;
        } else {
            q.board[to] += 1;
        }
    } else {
        to = 0;
        q.off[0] += 1;
    }
    (q, Step { from: from as u8, to: to as u8, die: die as u8, hit })
}

/// The highest occupied point after a checker left `from`, `h` being the highest before.
#[inline(always)]
fn highest_after(q: &Position, from: usize, h: usize) -> usize {
    if from != h {
        return h;
    }
    if h == BAR {
        if q.board[BAR] > 0 || q.unentered[0] > 0 {
            return BAR;
        }
    } else if q.board[h] > 0 {
        return h;
    }
    let mut i = h - 1;
    while i > 0 && q.board[i] <= 0 {
        i -= 1;
    }
    i
}

#[inline(always)]
fn lowest_source(p: &Position) -> usize {
    if p.board[BAR] > 0 { BAR } else { 1 }
}

fn gen_mixed<Ru: Rules, S: PlaySink>(p: &Position, big: usize, small: usize, sink: &mut S) {
    let start = sink.count();
    let h0 = p.highest();
    if h0 == 0 {
        sink.emit(p, &[]);
        return;
    }
    let min0 = lowest_source(p);
    // Bit x set: the play x -small-> x-small -big-> x-small-big was generated.
    let mut continued: u32 = 0;

    // Small die first, then the big die from a point no higher than the first source.
    let mut x = h0;
    while x >= min0 {
        if has(p, x) && can_move::<Ru>(p, x, small, h0) {
            let (p1, s1) = apply(p, x, small);
            let h1 = highest_after(&p1, x, h0);
            let min1 = lowest_source(&p1);
            let mut y = x.min(h1);
            while y >= min1 {
                if has(&p1, y) && can_move::<Ru>(&p1, y, big, h1) {
                    let (p2, s2) = apply(&p1, y, big);
                    sink.emit(&p2, &[s1, s2]);
                    if x > small && y == x - small {
                        continued |= 1 << x;
                    }
                }
                y -= 1;
            }
        }
        x -= 1;
    }

    // Big die first, then the small die from a strictly lower point. When the big die's source
    // is no higher than the small die, both checkers bear off and the pair was generated above.
    let mut y = h0;
    while y >= min0 && y > small {
        if has(p, y) && can_move::<Ru>(p, y, big, h0) {
            let (p1, s1) = apply(p, y, big);
            let h1 = highest_after(&p1, y, h0);
            let min1 = lowest_source(&p1);
            let mut x = (y - 1).min(h1);
            while x >= min1 {
                if has(&p1, x)
                    && can_move::<Ru>(&p1, x, small, h1)
                    && !(y > big
                        && x == y - big
                        && continued & (1 << y) != 0
                        && p.board[y - small] != -1
                        && p.board[y - big] != -1)
                {
                    let (p2, s2) = apply(&p1, x, small);
                    sink.emit(&p2, &[s1, s2]);
                }
                x -= 1;
            }
        }
        y -= 1;
    }
    if sink.count() > start {
        return;
    }

    // Only one die can be played: the larger if possible (BG-LARGER-DIE).
    for die in [big, small] {
        let mut x = h0;
        while x >= min0 {
            if has(p, x) && can_move::<Ru>(p, x, die, h0) {
                let (p1, s1) = apply(p, x, die);
                sink.emit(&p1, &[s1]);
            }
            x -= 1;
        }
        if sink.count() > start {
            return;
        }
    }
    // BG-NO-MOVE.
    sink.emit(p, &[]);
}

struct DoubleGen<'a, S: PlaySink> {
    sink: &'a mut S,
    start: usize,
    best: usize,
    moves: usize,
    die: usize,
    steps: [Step; 4],
}

impl<S: PlaySink> DoubleGen<'_, S> {
    #[inline(always)]
    fn record(&mut self, q: &Position, k: usize) {
        if k > self.best {
            self.sink.cut(self.start);
            self.best = k;
        }
        if k == self.best {
            self.sink.emit(q, &self.steps[..k]);
        }
    }

    fn rec<Ru: Rules>(&mut self, p: &Position, h: usize, depth: usize, max_from: usize) {
        let d = self.die;
        let min = lowest_source(p);
        let mut from = max_from.min(h);
        let mut moved = false;
        while from >= min {
            if has(p, from) && can_move::<Ru>(p, from, d, h) {
                moved = true;
                let (q, st) = apply(p, from, d);
                self.steps[depth] = st;
                if depth + 1 == self.moves {
                    self.record(&q, depth + 1);
                } else {
                    let hq = highest_after(&q, from, h);
                    self.rec::<Ru>(&q, hq, depth + 1, from);
                }
            }
            from -= 1;
        }
        if !moved && depth >= self.best {
            self.record(p, depth);
        }
    }
}

fn gen_double<Ru: Rules, S: PlaySink>(p: &Position, die: usize, moves: usize, sink: &mut S) {
    let start = sink.count();
    let h = p.highest();
    if h == 0 || moves == 0 {
        sink.emit(p, &[]);
        return;
    }
    let mut g = DoubleGen { sink, start, best: 0, moves, die, steps: [Step::default(); 4] };
    g.rec::<Ru>(p, h, 0, BAR);
}

/// Generates every legal play of the dice `d1`, `d2` (doubles: four moves) into `sink`.
/// Dice outside 1..=6 are clamped into range (use [`crate::dice::Die`] to validate first).
pub fn generate<S: PlaySink>(p: &Position, d1: u8, d2: u8, rules: MoveRules, sink: &mut S) {
    generate_n(p, d1, d2, if d1 == d2 { 4 } else { 2 }, rules, sink)
}

/// Like [`generate`]; for doubles, `moves` (1..=4) is the number of moves the roll gives.
pub(crate) fn generate_n<S: PlaySink>(p: &Position, d1: u8, d2: u8, moves: usize, rules: MoveRules, sink: &mut S) {
    let a = d1.clamp(1, 6) as usize;
    let b = d2.clamp(1, 6) as usize;
    fast::generate(rules, p, a, b, moves, sink)
}

/// The straightforward generator (point by point, no bit masks), kept as a reference that the
/// tests compare the fast generator with. Same results as [`generate`].
#[doc(hidden)]
pub fn generate_reference<S: PlaySink>(p: &Position, d1: u8, d2: u8, rules: MoveRules, sink: &mut S) {
    let a = d1.clamp(1, 6) as usize;
    let b = d2.clamp(1, 6) as usize;
    let moves = if a == b { 4 } else { 2 };
    match (rules.exact_bear_off, rules.enter_all_before_passing) {
        (false, false) => gen_any::<R<false, false>, S>(p, a, b, moves, sink),
        (true, false) => gen_any::<R<true, false>, S>(p, a, b, moves, sink),
        (false, true) => gen_any::<R<false, true>, S>(p, a, b, moves, sink),
        (true, true) => gen_any::<R<true, true>, S>(p, a, b, moves, sink),
    }
}

/// The fast generator: the same canonical orders as above, with the mover's occupied points and
/// the closed points kept as bit masks (bit `i` = point `i`, bit 25 = bar or not yet entered), so
/// the sources that can move a die come out of a few mask operations. Used for every rule set.
/// The rules are run-time flags, not const generics: four copies of the inlined generator cost
/// ~40 KB of WebAssembly and bought no measurable speed (`tabla bench`, side by side).
mod fast {
    use super::{BAR, EntrySource, MoveRules, OPP_BAR, PlaySink, Position, Step};

    /// (occupied, closed): bit `i` set when the mover has a checker on point `i` (bit 25: bar or
    /// not yet entered), when the opponent holds point `i` with 2+ checkers.
    #[inline(always)]
    fn masks(p: &Position) -> (u32, u32) {
        let (mut occ, closed) = masks_points(&p.board);
        if p.board[BAR] > 0 || p.unentered[0] > 0 {
            occ |= 1 << BAR;
        }
        (occ, closed)
    }

    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    fn masks_points(b: &[i8; 26]) -> (u32, u32) {
        use std::arch::x86_64::*;
        // SAFETY: SSE2 is part of the x86_64 baseline; both loads read 16 bytes inside the
        // 26-byte board (offsets 0 and 10).
        unsafe {
            let lo = _mm_loadu_si128(b.as_ptr() as *const __m128i);
            let hi = _mm_loadu_si128(b.as_ptr().add(10) as *const __m128i);
            let zero = _mm_setzero_si128();
            let minus_one = _mm_set1_epi8(-1);
            let occ_lo = _mm_movemask_epi8(_mm_cmpgt_epi8(lo, zero)) as u32;
            let occ_hi = _mm_movemask_epi8(_mm_cmpgt_epi8(hi, zero)) as u32;
            let cl_lo = _mm_movemask_epi8(_mm_cmplt_epi8(lo, minus_one)) as u32;
            let cl_hi = _mm_movemask_epi8(_mm_cmplt_epi8(hi, minus_one)) as u32;
            // Points 1..=24 only.
            let points = 0x01ff_fffe;
            ((occ_lo | occ_hi << 10) & points, (cl_lo | cl_hi << 10) & points)
        }
    }

    #[cfg(not(target_arch = "x86_64"))]
    #[inline(always)]
    fn masks_points(b: &[i8; 26]) -> (u32, u32) {
        let mut occ = 0u32;
        let mut closed = 0u32;
        for (i, &c) in b.iter().enumerate().take(25).skip(1) {
            occ |= ((c > 0) as u32) << i;
            closed |= ((c < -1) as u32) << i;
        }
        (occ, closed)
    }

    /// The sources that can move die `d` now (BG-BAR-FIRST, BG-BEAROFF-*).
    #[inline(always)]
    fn movable(rules: MoveRules, p: &Position, occ: u32, closed: u32, d: usize) -> u32 {
        if occ == 0 {
            return 0;
        }
        // Acey-deucey option: while checkers wait to enter, points 1..=12 are out of reach.
        let closed = if rules.enter_all_before_passing && p.unentered[0] > 0 { closed | 0x1ffe } else { closed };
        if p.board[BAR] > 0 {
            return ((closed >> (BAR - d)) & 1 ^ 1) << BAR;
        }
        let above = occ & !((2u32 << d) - 1);
        let mut m = above & !(closed << d);
        let h = 31 - occ.leading_zeros();
        if h <= 6 {
            m |= occ & (1 << d);
            if !rules.exact_bear_off && (h as usize) < d {
                m |= 1 << h;
            }
        }
        m
    }

    #[inline(always)]
    fn apply(p: &Position, occ: u32, from: usize, die: usize) -> (Position, u32, Step) {
        let mut q = *p;
        let mut o = occ;
        if from == BAR {
            match q.entry_source() {
                Some(EntrySource::Unentered) => q.unentered[0] -= 1,
                _ => q.board[BAR] -= 1,
            }
            if q.entry_source().is_none() {
                o &= !(1 << BAR);
            }
        } else {
            q.board[from] -= 1;
            if q.board[from] == 0 {
                o &= !(1 << from);
            }
        }
        let mut hit = false;
        let to;
        if from > die {
            to = from - die;
            if q.board[to] == -1 {
                q.board[to] = 1;
                q.board[OPP_BAR] -= 1;
                hit = true;
            } else {
                q.board[to] += 1;
            }
            o |= 1 << to;
        } else {
            to = 0;
            q.off[0] += 1;
        }
        (q, o, Step { from: from as u8, to: to as u8, die: die as u8, hit })
    }

    /// The step of moving `from` by `die` in `p` (which is not changed).
    #[inline(always)]
    fn step_of(p: &Position, from: usize, die: usize) -> Step {
        let to = from.saturating_sub(die);
        Step { from: from as u8, to: to as u8, die: die as u8, hit: to > 0 && p.board[to] == -1 }
    }

    /// Moves a checker from `from` by `die` in place.
    #[inline(always)]
    fn apply_in_place(q: &mut Position, from: usize, die: usize) {
        if from == BAR {
            if q.board[BAR] > 0 {
                q.board[BAR] -= 1;
            } else {
                q.unentered[0] -= 1;
            }
        } else {
            q.board[from] -= 1;
        }
        if from > die {
            let to = from - die;
            if q.board[to] == -1 {
                q.board[to] = 1;
                q.board[OPP_BAR] -= 1;
            } else {
                q.board[to] += 1;
            }
        } else {
            q.off[0] += 1;
        }
    }

    #[inline(always)]
    fn top(m: u32) -> usize {
        (31 - m.leading_zeros()) as usize
    }

    pub(super) fn generate<S: PlaySink>(
        rules: MoveRules,
        p: &Position,
        a: usize,
        b: usize,
        moves: usize,
        sink: &mut S,
    ) {
        let (occ, closed) = masks(p);
        if occ == 0 || (a == b && moves == 0) {
            sink.emit(p, &[]);
            return;
        }
        if a == b {
            let mut g =
                Doubles { sink, start: 0, best: 0, moves: moves.min(4), die: a, closed, steps: [Step::default(); 4] };
            g.start = g.sink.count();
            g.rec(rules, p, occ, 0, BAR);
        } else if a > b {
            mixed(rules, p, occ, closed, a, b, sink);
        } else {
            mixed(rules, p, occ, closed, b, a, sink);
        }
    }

    #[inline(always)]
    fn mixed<S: PlaySink>(
        rules: MoveRules,
        p: &Position,
        occ: u32,
        closed: u32,
        big: usize,
        small: usize,
        sink: &mut S,
    ) {
        let start = sink.count();
        let mut continued = 0u32;
        // Small first, then big from a point no higher.
        let mut ms = movable(rules, p, occ, closed, small);
        while ms != 0 {
            let x = top(ms);
            ms ^= 1 << x;
            let (p1, o1, s1) = apply(p, occ, x, small);
            let mut mb = movable(rules, &p1, o1, closed, big) & ((2u32 << x) - 1);
            while mb != 0 {
                let y = top(mb);
                mb ^= 1 << y;
                let s2 = step_of(&p1, y, big);
                sink.emit_with(&p1, |q| apply_in_place(q, y, big), &[s1, s2]);
                if x > small && y == x - small {
                    continued |= 1 << x;
                }
            }
        }
        // Big first from above the small die, then small from a strictly lower point.
        let mut mb = movable(rules, p, occ, closed, big) & !((2u32 << small) - 1);
        while mb != 0 {
            let y = top(mb);
            mb ^= 1 << y;
            let (p1, o1, s1) = apply(p, occ, y, big);
            let mut mx = movable(rules, &p1, o1, closed, small) & ((1u32 << y) - 1);
            if y > big && continued & (1 << y) != 0 && p.board[y - small] != -1 && p.board[y - big] != -1 {
                mx &= !(1 << (y - big));
            }
            while mx != 0 {
                let x = top(mx);
                mx ^= 1 << x;
                let s2 = step_of(&p1, x, small);
                sink.emit_with(&p1, |q| apply_in_place(q, x, small), &[s1, s2]);
            }
        }
        if sink.count() > start {
            return;
        }
        for die in [big, small] {
            let mut m = movable(rules, p, occ, closed, die);
            while m != 0 {
                let x = top(m);
                m ^= 1 << x;
                let s1 = step_of(p, x, die);
                sink.emit_with(p, |q| apply_in_place(q, x, die), &[s1]);
            }
            if sink.count() > start {
                return;
            }
        }
        sink.emit(p, &[]);
    }

    struct Doubles<'a, S: PlaySink> {
        sink: &'a mut S,
        start: usize,
        best: usize,
        moves: usize,
        die: usize,
        closed: u32,
        steps: [Step; 4],
    }

    impl<S: PlaySink> Doubles<'_, S> {
        #[inline(always)]
        fn record(&mut self, q: &Position, k: usize) {
            if k > self.best {
                self.sink.cut(self.start);
                self.best = k;
            }
            if k == self.best {
                self.sink.emit(q, &self.steps[..k]);
            }
        }

        fn rec(&mut self, rules: MoveRules, p: &Position, occ: u32, depth: usize, max_from: usize) {
            let mut m = movable(rules, p, occ, self.closed, self.die) & ((2u32 << max_from) - 1);
            if m == 0 {
                if depth >= self.best {
                    self.record(p, depth);
                }
                return;
            }
            if depth + 1 == self.moves {
                // Last move: write each result in place.
                let k = depth + 1;
                if k > self.best {
                    self.sink.cut(self.start);
                    self.best = k;
                }
                while m != 0 {
                    let from = top(m);
                    m ^= 1 << from;
                    let d = self.die;
                    self.steps[depth] = step_of(p, from, d);
                    self.sink.emit_with(p, |q| apply_in_place(q, from, d), &self.steps[..k]);
                }
                return;
            }
            while m != 0 {
                let from = top(m);
                m ^= 1 << from;
                let (q, oq, st) = apply(p, occ, from, self.die);
                self.steps[depth] = st;
                if oq == 0 {
                    self.record(&q, depth + 1);
                } else {
                    self.rec(rules, &q, oq, depth + 1, from);
                }
            }
        }
    }
}

#[inline(always)]
fn gen_any<Ru: Rules, S: PlaySink>(p: &Position, a: usize, b: usize, moves: usize, sink: &mut S) {
    if a == b {
        gen_double::<Ru, S>(p, a, moves.min(4), sink)
    } else if a > b {
        gen_mixed::<Ru, S>(p, a, b, sink)
    } else {
        gen_mixed::<Ru, S>(p, b, a, sink)
    }
}

impl Position {
    /// All legal plays of a roll under backgammon rules: the distinct positions after the play,
    /// still seen from the mover (call [`Position::flip`] to hand the turn over). Never empty: when
    /// nothing can be played the only "play" is the unchanged position.
    pub fn plays(&self, roll: crate::dice::Roll) -> Vec<Position> {
        let mut v = Vec::with_capacity(32);
        generate(self, roll.0.value(), roll.1.value(), MoveRules::STANDARD, &mut v);
        v
    }

    /// The fast path: clears `out` and fills it with the distinct positions after each legal play
    /// of `d1`-`d2` (1..=6) under `rules`, still seen from the mover. Reusing `out` avoids
    /// allocating.
    #[inline]
    pub fn plays_into(&self, d1: u8, d2: u8, rules: MoveRules, out: &mut Vec<Position>) {
        out.clear();
        generate(self, d1, d2, rules, out);
    }

    /// All legal plays with their steps (distinct by resulting position), for `d1`-`d2` under
    /// `rules`. Each play's steps are in an order in which they can be played.
    pub fn legal_plays(&self, d1: u8, d2: u8, rules: MoveRules) -> Vec<Play> {
        let mut v = Vec::with_capacity(32);
        generate(self, d1, d2, rules, &mut v);
        v
    }

    /// Can the mover move a checker from `from` by `die` right now (ignoring what the rest of
    /// the roll would require)? Bar checkers must enter first.
    pub fn can_step(&self, from: usize, die: u8, rules: MoveRules) -> bool {
        if !(1..=6).contains(&die) || !(1..=25).contains(&from) || !has(self, from) {
            return false;
        }
        if self.board[BAR] > 0 && from != BAR {
            return false;
        }
        let h = self.highest();
        match (rules.exact_bear_off, rules.enter_all_before_passing) {
            (false, false) => can_move::<R<false, false>>(self, from, die as usize, h),
            (true, false) => can_move::<R<true, false>>(self, from, die as usize, h),
            (false, true) => can_move::<R<false, true>>(self, from, die as usize, h),
            (true, true) => can_move::<R<true, true>>(self, from, die as usize, h),
        }
    }

    /// Moves a checker from `from` by `die` if [`Position::can_step`] allows it; returns the step.
    pub fn try_step(&self, from: usize, die: u8, rules: MoveRules) -> Option<(Position, Step)> {
        if self.can_step(from, die, rules) { Some(apply(self, from, die as usize)) } else { None }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::Roll;

    #[test]
    fn opening_counts() {
        let p = Position::start();
        assert_eq!(p.plays(Roll::new(3, 1).unwrap()).len(), 16);
        assert_eq!(p.plays(Roll::new(6, 6).unwrap()).len(), 11);
    }
}
