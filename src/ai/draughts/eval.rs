//! Static evaluation: a linear sum of hand-made features (each counted White minus Black) with
//! the weights in one struct, [`Weights`], plus a few endgame corrections that are not linear
//! (known drawn endings). Scores are in hundredths of a man, from the side to move's view.

use std::sync::Arc;

use super::patterns::Patterns;
use crate::draughts::bitboard::{Bitboard, MAIN_DIAGONAL, RANK1, RANK8, RAY, slide, step};
use crate::draughts::{Color, Position};

/// Feature indices (see [`FEATURE_NAMES`]).
pub mod f {
    pub const MAN: usize = 0;
    pub const KING: usize = 1;
    /// A man on relative rank 2..=7 (index ADV + rank - 1, rank 1 = one step from home).
    pub const ADV: usize = 2; // 2..=7
    pub const CENTRE: usize = 8;
    pub const GUARD: usize = 9;
    pub const GUARD_CORNER: usize = 10;
    pub const RUNAWAY: usize = 11;
    pub const KING_MAIN: usize = 12;
    pub const KING_DOUBLE: usize = 13;
    pub const KING_MOBILITY: usize = 14;
    pub const MAN_MOBILITY: usize = 15;
    pub const ADV_ENDGAME: usize = 16;
    pub const TRADE: usize = 17;
    /// The side to move (+1 White, -1 Black): the tempo of having the move.
    pub const TEMPO: usize = 18;
    /// |men on files a-d - men on files e-h| (a lopsided position is weaker).
    pub const BALANCE: usize = 19;
    /// Men off the home rank with both squares behind them held (by their own pieces or the
    /// edge): the formations that cannot be jumped from the front.
    pub const SUPPORTED: usize = 20;
    /// Men off the home rank with both squares behind them empty.
    pub const HANGING: usize = 21;
    /// Men with no forward move (locked by the pieces in front).
    pub const BLOCKED: usize = 22;
    /// The side not to move could capture if it were its turn (a threat the side to move
    /// must answer).
    pub const THREAT: usize = 23;
    /// A man on square `PST + s` (White's view; Black's mirrored: square 31 - s).
    pub const PST: usize = 24; // 24..=55
    pub const N: usize = 56;
}

/// Names of the features, in index order (for the tuner's output).
pub const FEATURE_NAMES: [&str; f::N] = [
    "man",
    "king",
    "adv1",
    "adv2",
    "adv3",
    "adv4",
    "adv5",
    "adv6",
    "centre",
    "guard",
    "guard_corner",
    "runaway",
    "king_main",
    "king_double",
    "king_mobility",
    "man_mobility",
    "adv_endgame",
    "trade",
    "tempo",
    "balance",
    "supported",
    "hanging",
    "blocked",
    "threat",
    "pst0",
    "pst1",
    "pst2",
    "pst3",
    "pst4",
    "pst5",
    "pst6",
    "pst7",
    "pst8",
    "pst9",
    "pst10",
    "pst11",
    "pst12",
    "pst13",
    "pst14",
    "pst15",
    "pst16",
    "pst17",
    "pst18",
    "pst19",
    "pst20",
    "pst21",
    "pst22",
    "pst23",
    "pst24",
    "pst25",
    "pst26",
    "pst27",
    "pst28",
    "pst29",
    "pst30",
    "pst31",
];

/// The evaluation weights: one per feature of [`f`] for a full board (`w`, 24 pieces) and one
/// for the endgame (`e`, the limit as the board empties). With `n` pieces on the board the
/// weight of feature `i` is `(w[i] * n + e[i] * (24 - n)) / 24` (`n` at most 24, the division
/// rounding towards zero; [`Weights::at`]), so weights with `e == w` are the same at every `n`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    pub w: [i32; f::N],
    pub e: [i32; f::N],
}

impl Default for Weights {
    fn default() -> Weights {
        Weights::DEFAULT
    }
}

/// The weights built in before the tapered fit (flat; see [`Weights::FLAT_2026_11`]).
const FLAT_W: [i32; f::N] = [
    100, // man
    280, // king
    8, 7, 9, 0, 24, 49, // adv1..adv6
    2,  // centre
    5,  // guard (c1/e1)
    9,  // guard corner (a1/g1)
    31, // runaway
    18, // king on the main road
    8,  // king on the double road
    2,  // king mobility
    2,  // man mobility
    1,  // endgame advancement
    2,  // trade when ahead
    3,  // tempo (side to move)
    -6, // balance
    -4, // supported
    0,  // hanging
    8,  // blocked
    19, // threat
    -1, 20, 16, 37, // pst rank 1
    -5, 4, 0, 7, // pst rank 2
    -6, 1, 9, -2, // pst rank 3
    -14, 2, 6, 10, // pst rank 4
    2, 0, -12, 1, // pst rank 5
    5, -4, 4, 5, // pst rank 6
    4, 13, 3, 7, // pst rank 7
    0, 0, 0, 0, // pst rank 8
];

/// The built-in weights of a full board and of the endgame (see [`Weights::DEFAULT`]).
#[rustfmt::skip]
const DEFAULT_W: [i32; f::N] = [
    100, 280, // man, king
    34, 25, 26, 14, 27, 65, // adv1..adv6
    -8, 14, 13, 38, 18, 8, 2, 15, // centre, guard, guard corner, runaway, king main road, king double road,
    // king mobility, man mobility
    1, 2, 1, 0, 3, -9, 11, 24, // endgame advancement, trade, tempo, balance, supported, hanging,
    // blocked, threat
    10, 32, 41, 41, // pst rank 1
    -1, 13, 7, 14, // pst rank 2
    5, 1, 11, 5, // pst rank 3
    -1, 0, 3, 19, // pst rank 4
    22, 5, -22, 0, // pst rank 5
    -1, -10, 4, 23, // pst rank 6
    -1, 17, 8, 20, // pst rank 7
    0, 0, 0, 0, // pst rank 8
];
#[rustfmt::skip]
const DEFAULT_E: [i32; f::N] = [
    100, 280, // man, king
    -5, -4, -5, 2, 32, 88, // adv1..adv6
    21, -2, 0, 29, 18, 8, 2, 1, // centre, guard, guard corner, runaway, king main road, king double road,
    // king mobility, man mobility
    1, 2, 17, -18, -14, 14, -1, 28, // endgame advancement, trade, tempo, balance, supported, hanging,
    // blocked, threat
    -12, 37, 25, 39, // pst rank 1
    -10, 11, 3, -9, // pst rank 2
    -11, 6, 8, -11, // pst rank 3
    -11, 8, 5, -11, // pst rank 4
    -13, 7, -4, 4, // pst rank 5
    7, 3, 15, -7, // pst rank 6
    -5, 23, 14, 34, // pst rank 7
    0, 0, 0, 0, // pst rank 8
];

/// The weights built in from 2026-12-03 to 2026-12-05 (see [`Weights::TAPERED_2026_12`]).
#[rustfmt::skip]
const TAPERED_W: [i32; f::N] = [
    100, 280, // man, king
    24, 21, 25, 14, 30, 57, // adv1..adv6
    -3, 14, 9, 33, 18, 8, 2, 7, // centre, guard, guard corner, runaway, king main road, king double road,
    // king mobility, man mobility
    1, 2, 2, 5, -1, -4, 9, 21, // endgame advancement, trade, tempo, balance, supported, hanging,
    // blocked, threat
    4, 30, 32, 28, // pst rank 1
    -3, 11, 5, 9, // pst rank 2
    2, 2, 14, -1, // pst rank 3
    -1, -1, 6, 16, // pst rank 4
    18, 9, -22, 1, // pst rank 5
    0, -7, 5, 19, // pst rank 6
    -1, 15, 8, 14, // pst rank 7
    0, 0, 0, 0, // pst rank 8
];
#[rustfmt::skip]
const TAPERED_E: [i32; f::N] = [
    100, 280, // man, king
    2, 6, -1, 1, 26, 64, // adv1..adv6
    21, 2, 4, 29, 18, 8, 2, -8, // centre, guard, guard corner, runaway, king main road, king double road,
    // king mobility, man mobility
    1, 2, 9, -18, -9, 15, -4, 21, // endgame advancement, trade, tempo, balance, supported, hanging,
    // blocked, threat
    -9, 36, 22, 28, // pst rank 1
    -9, 12, 6, -8, // pst rank 2
    -8, 8, 14, -12, // pst rank 3
    -11, 9, 8, -12, // pst rank 4
    -12, 9, -10, 5, // pst rank 5
    4, -1, 11, -2, // pst rank 6
    -7, 17, 12, 21, // pst rank 7
    0, 0, 0, 0, // pst rank 8
];

impl Weights {
    /// The tuned weights, tapered, fitted together with the built-in learnt patterns
    /// ([`super::patterns::builtin`]; `tune-draughts --tapered --patterns-out`), in two rounds:
    /// each 40,000 self-play games at about 6,000 nodes a move, each position labelled by its
    /// game's result (30%) and a search (70%), the first round by [`Weights::TAPERED_2026_12`]
    /// without patterns (10,000-node searches), the second by the first round's weights and
    /// patterns (25,000-node searches) (docs/draughts-ai.md has the commands and the duel
    /// figures). They are meant to be played with those patterns ([`super::Engine::new`] does).
    pub const DEFAULT: Weights = Weights { w: DEFAULT_W, e: DEFAULT_E };

    /// The weights built in from 2026-12-03 to 2026-12-05, without patterns: a logistic fit
    /// (`tune-draughts --tapered`) to 12,000 self-play games at 8,000 nodes a move of
    /// [`Weights::FLAT_2026_11`].
    pub const TAPERED_2026_12: Weights = Weights { w: TAPERED_W, e: TAPERED_E };

    /// The weights built in until 2026-12-03, the same at every number of pieces: a logistic
    /// fit to 2,500 self-play games at 4,000 nodes a move of the hand weights of issue 7.
    pub const FLAT_2026_11: Weights = Weights::flat(FLAT_W);

    /// The same weights at every number of pieces.
    pub const fn flat(w: [i32; f::N]) -> Weights {
        Weights { w, e: w }
    }

    /// The weights in force with `pieces` on the board (more than 24 count as 24).
    #[inline]
    pub fn at(&self, pieces: u32) -> [i32; f::N] {
        std::array::from_fn(|i| taper(self.w[i], self.e[i], pieces))
    }
}

/// The tapering of every two-phase value (weights, patterns): `full` with a full board (24
/// pieces), `endgame` as the board empties, `(full * n + endgame * (24 - n)) / 24` with `n`
/// pieces (more than 24 count as 24), rounding towards zero.
#[inline]
pub fn taper(full: i32, endgame: i32, pieces: u32) -> i32 {
    let n = pieces.min(24) as i32;
    (full * n + endgame * (24 - n)) / 24
}

const fn rank_mask(r: u32) -> Bitboard {
    0xF << (4 * r)
}

/// Men on the four central squares d4, f4, c5, e5.
const CENTRE: Bitboard = (1 << 13) | (1 << 14) | (1 << 17) | (1 << 18);
/// Files a-d (index % 4 is 0 or 1 on every rank).
const LEFT: Bitboard = 0x3333_3333;
/// White's guard squares c1, e1 and Black's d8, f8.
const GUARD_W: Bitboard = (1 << 1) | (1 << 2);
const GUARD_B: Bitboard = (1 << 29) | (1 << 30);
const CORNER_W: Bitboard = (1 << 0) | (1 << 3);
const CORNER_B: Bitboard = (1 << 28) | (1 << 31);
/// The double road: g1-a7 and h2-b8.
const DOUBLE: Bitboard = (1 << 3) | RAY[0][3] | (1 << 7) | RAY[0][7];

const fn cones(up: bool) -> [Bitboard; 32] {
    let mut t = [0; 32];
    let mut s = 0;
    while s < 32 {
        let mut c = 0;
        let mut b: Bitboard = 1 << s;
        while b != 0 {
            b = if up { step(b, 0) | step(b, 1) } else { step(b, 2) | step(b, 3) };
            c |= b;
        }
        t[s] = c;
        s += 1;
    }
    t
}

/// `CONE[c][s]`: every square a man of colour `c` on `s` could ever step to.
const CONE: [[Bitboard; 32]; 2] = [cones(true), cones(false)];

#[inline(always)]
fn popcnt(b: Bitboard) -> i32 {
    b.count_ones() as i32
}

/// The features of a position, White minus Black.
#[inline]
/// King mobility: the empty squares White's kings can slide to minus Black's (`kings` both
/// sides' kings, `white` White's pieces, `occ` every piece). One definition for the feature
/// vector and the folded evaluator, which must agree.
fn king_mobility(kings: u32, white: u32, occ: u32) -> i32 {
    let mut mob = 0;
    let mut k = kings;
    while k != 0 {
        let q = k.trailing_zeros() as usize;
        k &= k - 1;
        let c = popcnt(slide(q, 0, occ) | slide(q, 1, occ) | slide(q, 2, occ) | slide(q, 3, occ));
        if white & (1 << q) != 0 {
            mob += c;
        } else {
            mob -= c;
        }
    }
    mob
}

pub fn features(pos: &Position) -> [i32; f::N] {
    let mut x = [0i32; f::N];
    let kings = pos.kings();
    let (w, b) = (pos.white(), pos.black());
    let (wm, bm, wk, bk) = (w & !kings, b & !kings, w & kings, b & kings);
    let occ = w | b;
    let empty = !occ;
    let n = popcnt(occ);
    x[f::MAN] = popcnt(wm) - popcnt(bm);
    x[f::KING] = popcnt(wk) - popcnt(bk);
    let mut adv_sum = 0;
    for r in 1..7u32 {
        let dw = popcnt(wm & rank_mask(r));
        let db = popcnt(bm & rank_mask(7 - r));
        x[f::ADV + r as usize - 1] = dw - db;
        adv_sum += r as i32 * (dw - db);
    }
    x[f::ADV_ENDGAME] = adv_sum * (24 - n).max(0) / 8;
    x[f::CENTRE] = popcnt(wm & CENTRE) - popcnt(bm & CENTRE);
    // Home guards matter while the opponent has no king to come round behind them.
    let many = n >= 14;
    if bk == 0 && many {
        x[f::GUARD] += popcnt(wm & GUARD_W);
        x[f::GUARD_CORNER] += popcnt(wm & CORNER_W);
    }
    if wk == 0 && many {
        x[f::GUARD] -= popcnt(bm & GUARD_B);
        x[f::GUARD_CORNER] -= popcnt(bm & CORNER_B);
    }
    // Runaway men: nothing of the opponent's in the way and no opposing king to catch them.
    if bk == 0 {
        let mut m = wm & (rank_mask(4) | rank_mask(5) | rank_mask(6));
        while m != 0 {
            let s = m.trailing_zeros() as usize;
            m &= m - 1;
            if CONE[0][s] & b == 0 {
                x[f::RUNAWAY] += 1;
            }
        }
    }
    if wk == 0 {
        let mut m = bm & (rank_mask(3) | rank_mask(2) | rank_mask(1));
        while m != 0 {
            let s = m.trailing_zeros() as usize;
            m &= m - 1;
            if CONE[1][s] & w == 0 {
                x[f::RUNAWAY] -= 1;
            }
        }
    }
    if kings != 0 {
        x[f::KING_MAIN] = popcnt(wk & MAIN_DIAGONAL) - popcnt(bk & MAIN_DIAGONAL);
        x[f::KING_DOUBLE] = popcnt(wk & DOUBLE) - popcnt(bk & DOUBLE);
        x[f::KING_MOBILITY] = king_mobility(kings, w, occ);
    }
    x[f::MAN_MOBILITY] = popcnt((step(wm, 0) | step(wm, 1)) & empty) - popcnt((step(bm, 2) | step(bm, 3)) & empty);
    // Trading down when ahead: the fewer pieces left, the more a material lead counts.
    let mat = 2 * x[f::MAN] + 5 * x[f::KING];
    x[f::TRADE] = mat.signum() * (24 - n).max(0);
    x[f::TEMPO] = match pos.turn() {
        Color::White => 1,
        Color::Black => -1,
    };
    x[f::BALANCE] = (popcnt(wm & LEFT) - popcnt(wm & !LEFT)).abs() - (popcnt(bm & LEFT) - popcnt(bm & !LEFT)).abs();
    // A square is held behind a White man on it if that square is White's or off the board.
    let held_sw = step(w, 1) | !step(!0, 1);
    let held_se = step(w, 0) | !step(!0, 0);
    let held_nw = step(b, 3) | !step(!0, 3);
    let held_ne = step(b, 2) | !step(!0, 2);
    x[f::SUPPORTED] = popcnt(wm & !RANK1 & held_sw & held_se) - popcnt(bm & !RANK8 & held_nw & held_ne);
    x[f::HANGING] =
        popcnt(wm & !RANK1 & step(empty, 1) & step(empty, 0)) - popcnt(bm & !RANK8 & step(empty, 3) & step(empty, 2));
    x[f::BLOCKED] = popcnt(wm & !(step(empty, 2) | step(empty, 3))) - popcnt(bm & !(step(empty, 0) | step(empty, 1)));
    let other = pos.with_turn(pos.turn().opposite());
    if other.has_capture() {
        x[f::THREAT] = match pos.turn() {
            Color::White => -1,
            Color::Black => 1,
        };
    }
    let mut m = wm;
    while m != 0 {
        let s = m.trailing_zeros() as usize;
        m &= m - 1;
        x[f::PST + s] += 1;
    }
    let mut m = bm;
    while m != 0 {
        let s = m.trailing_zeros() as usize;
        m &= m - 1;
        x[f::PST + 31 - s] -= 1;
    }
    x
}

/// The linear part of the evaluation, White's view, with the weights in force at the
/// position's number of pieces ([`Weights::at`]).
#[inline]
pub fn linear(weights: &[i32; f::N], x: &[i32; f::N]) -> i32 {
    weights.iter().zip(x).map(|(w, x)| w * x).sum()
}

/// Known drawn endings: returns a divisor to shrink the score by (1 = not drawish).
#[inline]
fn draw_scale(pos: &Position) -> i32 {
    let w = pos.count(Color::White);
    let b = pos.count(Color::Black);
    for (strong, weak, weak_bb) in [(w, b, pos.black()), (b, w, pos.white())] {
        if weak.men == 0 && weak.kings == 1 {
            // One king against one or two kings (and no men) is a draw; three kings against a
            // lone king on the main road too.
            if strong.men == 0 && strong.kings <= 2 {
                return 16;
            }
            if strong.men == 0 && strong.kings == 3 && weak_bb & MAIN_DIAGONAL != 0 {
                return 8;
            }
            // A king and a man against a king: the man usually cannot promote safely.
            if strong.kings == 1 && strong.men == 1 {
                return 4;
            }
        }
    }
    1
}

/// The evaluation from the side to move's point of view.
#[inline]
pub fn evaluate(pos: &Position, weights: &Weights) -> i32 {
    evaluate_with(pos, weights, None)
}

/// [`evaluate`] plus learnt [`Patterns`] (added to the linear sum, before the drawn-ending
/// scaling).
pub fn evaluate_with(pos: &Position, weights: &Weights, patterns: Option<&Patterns>) -> i32 {
    let x = features(pos);
    let n = pos.occupied().count_ones();
    let mut s = linear(&weights.at(n), &x);
    if let Some(p) = patterns {
        s += p.value(pos.white(), pos.black(), n);
    }
    if pos.kings() != 0 && pos.occupied().count_ones() <= 5 {
        s /= draw_scale(pos);
    }
    match pos.turn() {
        Color::White => s,
        Color::Black => -s,
    }
}

/// [`evaluate`] with the weights folded into per-square tables once, for the search's many
/// calls: the men's material, advancement-by-rank, centre and square-table terms become one
/// lookup per man, and the weighted sum is taken as the features are found (no feature array).
/// Invariant: `Evaluator::new(w).evaluate(p) == evaluate(p, w)` for every position and weights
/// (integer arithmetic: the order of the sum does not matter); tested on self-play positions.
#[derive(Clone, Debug)]
pub struct Evaluator {
    /// The folded tables for each number of pieces on the board, 0..=24 (see [`Weights::at`]).
    phase: Vec<Folded>,
    /// The rank counted by [`f::ADV_ENDGAME`] for a man on each square (White's and Black's).
    adv_w: [i32; 32],
    adv_b: [i32; 32],
    /// Learnt patterns added to the sum ([`evaluate_with`]), if any.
    patterns: Option<Arc<Patterns>>,
}

/// One number of pieces' weights, with the men's terms folded per square.
#[derive(Clone, Debug)]
struct Folded {
    w: [i32; f::N],
    /// White's view of a White man on each square, and of a Black man (already negated).
    man_w: [i32; 32],
    man_b: [i32; 32],
}

impl Evaluator {
    /// The tables for `weights`.
    pub fn new(weights: &Weights) -> Evaluator {
        let (mut adv_w, mut adv_b) = ([0; 32], [0; 32]);
        for s in 0..32 {
            let r = (s / 4) as i32;
            if (1..7).contains(&r) {
                adv_w[s] = r;
            }
            if (1..7).contains(&(7 - r)) {
                adv_b[s] = 7 - r;
            }
        }
        let phase = (0..=24).map(|n| Folded::new(weights.at(n))).collect();
        Evaluator { phase, adv_w, adv_b, patterns: None }
    }

    /// The tables for `weights` and `patterns` (the same value as [`evaluate_with`]).
    pub fn with_patterns(weights: &Weights, patterns: Option<Arc<Patterns>>) -> Evaluator {
        Evaluator { patterns, ..Evaluator::new(weights) }
    }

    /// The same value as [`evaluate`] with the weights this was built from.
    #[inline]
    pub fn evaluate(&self, pos: &Position) -> i32 {
        let kings = pos.kings();
        let (wp, bp) = (pos.white(), pos.black());
        let (wm, bm, wk, bk) = (wp & !kings, bp & !kings, wp & kings, bp & kings);
        let occ = wp | bp;
        let empty = !occ;
        let n = popcnt(occ);
        let t = &self.phase[(n as usize).min(24)];
        let w = &t.w;
        let (mut s, mut adv_sum) = (0, 0);
        let mut m = wm;
        while m != 0 {
            let q = m.trailing_zeros() as usize;
            m &= m - 1;
            s += t.man_w[q];
            adv_sum += self.adv_w[q];
        }
        let mut m = bm;
        while m != 0 {
            let q = m.trailing_zeros() as usize;
            m &= m - 1;
            s += t.man_b[q];
            adv_sum -= self.adv_b[q];
        }
        let (men, kings_diff) = (popcnt(wm) - popcnt(bm), popcnt(wk) - popcnt(bk));
        s += w[f::KING] * kings_diff;
        s += w[f::ADV_ENDGAME] * (adv_sum * (24 - n).max(0) / 8);
        let many = n >= 14;
        if bk == 0 && many {
            s += w[f::GUARD] * popcnt(wm & GUARD_W) + w[f::GUARD_CORNER] * popcnt(wm & CORNER_W);
        }
        if wk == 0 && many {
            s -= w[f::GUARD] * popcnt(bm & GUARD_B) + w[f::GUARD_CORNER] * popcnt(bm & CORNER_B);
        }
        let mut runaway = 0;
        if bk == 0 {
            let mut m = wm & (rank_mask(4) | rank_mask(5) | rank_mask(6));
            while m != 0 {
                let q = m.trailing_zeros() as usize;
                m &= m - 1;
                if CONE[0][q] & bp == 0 {
                    runaway += 1;
                }
            }
        }
        if wk == 0 {
            let mut m = bm & (rank_mask(3) | rank_mask(2) | rank_mask(1));
            while m != 0 {
                let q = m.trailing_zeros() as usize;
                m &= m - 1;
                if CONE[1][q] & wp == 0 {
                    runaway -= 1;
                }
            }
        }
        s += w[f::RUNAWAY] * runaway;
        if kings != 0 {
            s += w[f::KING_MAIN] * (popcnt(wk & MAIN_DIAGONAL) - popcnt(bk & MAIN_DIAGONAL));
            s += w[f::KING_DOUBLE] * (popcnt(wk & DOUBLE) - popcnt(bk & DOUBLE));
            s += w[f::KING_MOBILITY] * king_mobility(kings, wp, occ);
        }
        s += w[f::MAN_MOBILITY]
            * (popcnt((step(wm, 0) | step(wm, 1)) & empty) - popcnt((step(bm, 2) | step(bm, 3)) & empty));
        let mat = 2 * men + 5 * kings_diff;
        s += w[f::TRADE] * (mat.signum() * (24 - n).max(0));
        s += match pos.turn() {
            Color::White => w[f::TEMPO],
            Color::Black => -w[f::TEMPO],
        };
        s += w[f::BALANCE]
            * ((popcnt(wm & LEFT) - popcnt(wm & !LEFT)).abs() - (popcnt(bm & LEFT) - popcnt(bm & !LEFT)).abs());
        let held_sw = step(wp, 1) | !step(!0, 1);
        let held_se = step(wp, 0) | !step(!0, 0);
        let held_nw = step(bp, 3) | !step(!0, 3);
        let held_ne = step(bp, 2) | !step(!0, 2);
        s += w[f::SUPPORTED] * (popcnt(wm & !RANK1 & held_sw & held_se) - popcnt(bm & !RANK8 & held_nw & held_ne));
        s += w[f::HANGING]
            * (popcnt(wm & !RANK1 & step(empty, 1) & step(empty, 0))
                - popcnt(bm & !RANK8 & step(empty, 3) & step(empty, 2)));
        s += w[f::BLOCKED]
            * (popcnt(wm & !(step(empty, 2) | step(empty, 3))) - popcnt(bm & !(step(empty, 0) | step(empty, 1))));
        if pos.with_turn(pos.turn().opposite()).has_capture() {
            s += match pos.turn() {
                Color::White => -w[f::THREAT],
                Color::Black => w[f::THREAT],
            };
        }
        if let Some(p) = &self.patterns {
            s += p.value(wp, bp, n as u32);
        }
        if kings != 0 && n <= 5 {
            s /= draw_scale(pos);
        }
        match pos.turn() {
            Color::White => s,
            Color::Black => -s,
        }
    }
}

impl Folded {
    fn new(w: [i32; f::N]) -> Folded {
        let (mut man_w, mut man_b) = ([0; 32], [0; 32]);
        for s in 0..32 {
            let r = (s / 4) as i32;
            let centre = CENTRE & (1 << s) != 0;
            man_w[s] = w[f::MAN] + w[f::PST + s] + if centre { w[f::CENTRE] } else { 0 };
            man_b[s] = -(w[f::MAN] + w[f::PST + 31 - s] + if centre { w[f::CENTRE] } else { 0 });
            if (1..7).contains(&r) {
                man_w[s] += w[f::ADV + r as usize - 1];
            }
            if (1..7).contains(&(7 - r)) {
                man_b[s] -= w[f::ADV + (7 - r) as usize - 1];
            }
        }
        Folded { w, man_w, man_b }
    }
}
