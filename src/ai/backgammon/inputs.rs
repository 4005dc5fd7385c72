//! The net's inputs: the classic truncated per-point encoding, from the side on roll, plus bar,
//! borne-off and not-yet-entered counts and a few hand-made features.
//!
//! Layout ([`NUM_INPUTS`] values):
//! - `0..96`: the mover's points 1..24, four units each: 1 if at least one checker, 1 if at least
//!   two, 1 if at least three, (n - 3) / 2 above three;
//! - `96..192`: the same for the opponent, on his own points 1..24;
//! - `192, 193`: checkers on the bar / 2 (mover, opponent);
//! - `194, 195`: checkers borne off / 15;
//! - `196, 197`: acey-deucey checkers not yet entered / 15;
//! - `198, 199`: pip counts / 100;
//! - `200`: 1 if the position is a race (no more contact);
//! - `201, 202`: the longest run of consecutive made points (a prime) / 6;
//! - `203, 204`: blots (single checkers on points) / 5;
//! - `205, 206`: made points in the home board / 6;
//! - `207..217`: the first five contact features of [`contact_features`] for the side on roll,
//!   then for the other side (nets of [`CONTACT_INPUTS`] or more inputs);
//! - `217..229`: the other six, likewise (nets of [`SECOND_INPUTS`] inputs or more);
//! - `229..237`: the four of [`third_round`], likewise (nets of [`NUM_INPUTS`] inputs).
//!
//! A net reads as many inputs as it has: one of [`BASE_INPUTS`], [`CONTACT_INPUTS`] or
//! [`SECOND_INPUTS`] sees its own encoding, and the features it does not read are not computed.

use crate::backgammon::Position;
use crate::dice::ALL_21;

/// The inputs of the classic encoding with the first hand-made features (acey-deucey's net;
/// backgammon's and table's before 2026-12-05).
pub const BASE_INPUTS: usize = 207;
/// Contact features per side (see [`contact_features`]): the first round's five, then six more.
pub const CONTACT_FEATURES: usize = 11;
const FIRST_ROUND: usize = 5;
/// The inputs with the first round of contact features.
pub const CONTACT_INPUTS: usize = BASE_INPUTS + 2 * FIRST_ROUND;
/// The inputs with the first two rounds of contact features (backgammon's and table's net).
pub const SECOND_INPUTS: usize = BASE_INPUTS + 2 * CONTACT_FEATURES;
/// Features per side of the third round (see [`third_round`]).
pub const THIRD_FEATURES: usize = 4;
/// The number of inputs, every feature included.
pub const NUM_INPUTS: usize = SECOND_INPUTS + 2 * THIRD_FEATURES;

/// Whether a net of `n` inputs can play on this encoding.
pub fn is_supported(n: usize) -> bool {
    [BASE_INPUTS, CONTACT_INPUTS, SECOND_INPUTS, NUM_INPUTS].contains(&n)
}

#[inline(always)]
fn units(x: &mut [f32], base: usize, n: i8) {
    if n >= 1 {
        x[base] = 1.0;
        if n >= 2 {
            x[base + 1] = 1.0;
            if n >= 3 {
                x[base + 2] = 1.0;
                if n > 3 {
                    x[base + 3] = (n as f32 - 3.0) / 2.0;
                }
            }
        }
    }
}

/// Writes every input for `p` (seen from the side on roll) into `x`.
pub fn encode(p: &Position, x: &mut [f32; NUM_INPUTS]) {
    encode_for(p, x, NUM_INPUTS);
}

/// Writes the first `n` inputs for `p` into `x` (the rest are 0): a net of [`BASE_INPUTS`]
/// does not pay for the contact features it does not read.
pub fn encode_for(p: &Position, x: &mut [f32; NUM_INPUTS], n: usize) {
    x.fill(0.0);
    let b = p.board();
    let mut run = [0u8; 2];
    let mut best_run = [0u8; 2];
    let mut blots = [0u8; 2];
    let mut home = [0u8; 2];
    for (i, &c) in b.iter().enumerate().take(25).skip(1) {
        if c > 0 {
            units(x, (i - 1) * 4, c);
        } else if c < 0 {
            // Opponent's own point number: 25 - i.
            units(x, 96 + (24 - i) * 4, -c);
        }
        // Primes: consecutive points with 2+ checkers of one side.
        if c >= 2 {
            run[0] += 1;
            best_run[0] = best_run[0].max(run[0]);
        } else {
            run[0] = 0;
        }
        if c <= -2 {
            run[1] += 1;
            best_run[1] = best_run[1].max(run[1]);
        } else {
            run[1] = 0;
        }
        if c == 1 {
            blots[0] += 1;
        } else if c == -1 {
            blots[1] += 1;
        }
        if c >= 2 && i <= 6 {
            home[0] += 1;
        }
        if c <= -2 && i >= 19 {
            home[1] += 1;
        }
    }
    x[192] = p.bar(false) as f32 / 2.0;
    x[193] = p.bar(true) as f32 / 2.0;
    x[194] = p.off(false) as f32 / 15.0;
    x[195] = p.off(true) as f32 / 15.0;
    x[196] = p.unentered(false) as f32 / 15.0;
    x[197] = p.unentered(true) as f32 / 15.0;
    let pips = p.pips();
    x[198] = pips[0] as f32 / 100.0;
    x[199] = pips[1] as f32 / 100.0;
    x[200] = if p.is_race() { 1.0 } else { 0.0 };
    x[201] = best_run[0] as f32 / 6.0;
    x[202] = best_run[1] as f32 / 6.0;
    x[203] = blots[0] as f32 / 5.0;
    x[204] = blots[1] as f32 / 5.0;
    x[205] = home[0] as f32 / 6.0;
    x[206] = home[1] as f32 / 6.0;
    if n > BASE_INPUTS {
        let (mover, other) = Side::both(p);
        let (m, o) = (contact_features(&mover, &other), contact_features(&other, &mover));
        let (r1, r2) = (BASE_INPUTS, CONTACT_INPUTS);
        x[r1..r1 + FIRST_ROUND].copy_from_slice(&m[..FIRST_ROUND]);
        x[r1 + FIRST_ROUND..r2].copy_from_slice(&o[..FIRST_ROUND]);
        if n > CONTACT_INPUTS {
            let more = CONTACT_FEATURES - FIRST_ROUND;
            x[r2..r2 + more].copy_from_slice(&m[FIRST_ROUND..]);
            x[r2 + more..SECOND_INPUTS].copy_from_slice(&o[FIRST_ROUND..]);
        }
        if n > SECOND_INPUTS {
            let r3 = SECOND_INPUTS;
            x[r3..r3 + THIRD_FEATURES].copy_from_slice(&third_round(&mover, &other));
            x[r3 + THIRD_FEATURES..NUM_INPUTS].copy_from_slice(&third_round(&other, &mover));
        }
    }
}

/// One side's checkers in its own numbering: `own[i]` on its point `i` (1..=24, counted down
/// to its home 1..=6; 25 its bar and, in acey-deucey, its checkers not yet entered), and where
/// the other side stands on the same points.
pub struct Side {
    own: [u8; 26],
    /// Bit `i`: the other side holds point `i` (2+ checkers), `i` in 1..=24.
    held: u32,
    /// Bit `i`: the other side has a blot on point `i`, `i` in 1..=24.
    blots: u32,
    /// The other side's rearmost checker in this numbering (0: on its bar; 25: none).
    back: u32,
    /// Checkers on the bar (they must enter before any other checker moves).
    bar: u8,
}

impl Side {
    /// The side on roll and the other side, each in its own numbering.
    pub fn both(p: &Position) -> (Side, Side) {
        let b = p.board();
        let empty = Side { own: [0; 26], held: 0, blots: 0, back: 25, bar: 0 };
        let (mut m, mut o) = (Side { bar: p.bar(false), ..empty }, Side { bar: p.bar(true), ..empty });
        for (i, &c) in b.iter().enumerate().take(25).skip(1) {
            let j = 25 - i;
            if c > 0 {
                m.own[i] = c as u8;
                o.blots |= ((c == 1) as u32) << j;
                o.held |= ((c >= 2) as u32) << j;
                o.back = o.back.min(j as u32);
            } else if c < 0 {
                o.own[j] = (-c) as u8;
                m.blots |= ((c == -1) as u32) << i;
                m.held |= ((c <= -2) as u32) << i;
                m.back = m.back.min(i as u32);
            }
        }
        m.own[25] = p.bar(false) + p.unentered(false);
        o.own[25] = p.bar(true) + p.unentered(true);
        if o.own[25] > 0 {
            m.back = 0;
        }
        if m.own[25] > 0 {
            o.back = 0;
        }
        (m, o)
    }

    /// Whether the other side holds point `i` of this side's numbering (never off the board).
    #[inline]
    fn blocked(&self, i: i32) -> bool {
        (1..=24).contains(&i) && self.held & (1 << i) != 0
    }

    /// The 12 points in front of `from` as [`ESCAPES`] indexes them: bit `i` for point
    /// `from - 12 + i` held by the other side.
    #[inline]
    fn window(&self, from: u32) -> usize {
        ((((self.held as u64) << 12) >> from) & 0xFFF) as usize
    }
}

/// The 21 rolls of [`ALL_21`] (larger die first, the same order), as numbers with their weight
/// of 36: (larger die, smaller die, weight).
const ROLLS: [(i32, i32, u8); 21] = {
    let mut r = [(0, 0, 0); 21];
    let mut k = 0;
    while k < 21 {
        let (roll, w) = ALL_21[k];
        r[k] = (roll.0.value() as i32, roll.1.value() as i32, w);
        k += 1;
    }
    r
};

/// GNU Backgammon's escape count, by the held points in front (bit `i`: point `from - 12 + i`,
/// see [`Side::window`]): the rolls of 36 with which a checker can move the dice's sum
/// forward, landing on a point the other side does not hold and passing through one of the two
/// intermediate points it does not hold (doubles are counted as a non-double: one
/// intermediate point). Points past the home board never block.
static ESCAPES: [u8; 4096] = {
    let mut t = [0u8; 4096];
    let mut w = 0;
    while w < 4096 {
        let mut c = 0;
        let mut k = 0;
        while k < 21 {
            let (a, b, n) = ROLLS[k];
            if !held_in(w, a + b) && !(held_in(w, a) && held_in(w, b)) {
                c += n;
            }
            k += 1;
        }
        t[w] = c;
        w += 1;
    }
    t
};

/// Whether the window `w` of [`Side::window`] has the point `k` (1..=12) in front held.
const fn held_in(w: usize, k: i32) -> bool {
    w & (1 << (12 - k)) != 0
}

/// The rolls (bit `k` for `ROLLS[k]`) with a die equal to `d` (1..=6): they hit a blot `d`
/// away whatever stands in between.
const DIRECT: [u32; 7] = {
    let mut t = [0u32; 7];
    let mut k = 0;
    while k < 21 {
        let (a, b, _) = ROLLS[k];
        t[a as usize] |= 1 << k;
        t[b as usize] |= 1 << k;
        k += 1;
    }
    t
};

/// The rolls that hit a blot `d` away (1..=24) from a checker on `from` with more than one
/// step: both dice through an intermediate point the other side does not hold, or a double
/// through open points (up to four steps).
fn indirect(s: &Side, from: i32, d: i32) -> u32 {
    let mut m = 0;
    for (k, &(a, b, _)) in ROLLS.iter().enumerate() {
        let hit = if a != b {
            a + b == d && !(s.blocked(from - a) && s.blocked(from - b))
        } else {
            d % a == 0 && (2..=4).contains(&(d / a)) && (1..d / a).all(|j| !s.blocked(from - j * a))
        };
        m |= (hit as u32) << k;
    }
    m
}

/// The contact features of side `s` (on roll or not) against the other side `o`, each in 0..=1.
/// The first round:
/// 1. shots: the rolls of 36 on which `s`, were it on roll, hits at least one blot of the other
///    side's (from the bar only the entering checker counts);
/// 2. escapes of its rearmost checker (GNU Backgammon's escape count, see `ESCAPES`; 36 once
///    it is past the other side's checkers) / 36;
/// 3. containment of the other side: 36 minus the fewest escapes of a checker of the other
///    side's on its points 15..=24 against `s`'s points, / 36;
/// 4. its rearmost anchor in the other side's home board (point 19..=24 as 1/6..=1), 0 if none;
/// 5. the pips it must move to bring every checker past the other side's rearmost one, / 100.
///
/// The second round:
/// 6. double shots: the rolls of 36 with which it could hit either of two blots (or more);
/// 7. pip loss: over the 36 rolls, the most pips a hit costs the other side (a blot on `s`'s
///    point `t` loses `t` pips), / (36 × 24);
/// 8. where its rearmost checker is (point / 25; 0 once past the other side's checkers);
/// 9. its most forward anchor on its points 13..=24 ((point - 12) / 12), 0 if none;
/// 10. mobility: the escapes of every checker not yet past the other side's checkers, summed,
///     / (15 × 36);
/// 11. backgame: 1 if it holds two points or more in the other side's home board.
pub fn contact_features(s: &Side, o: &Side) -> [f32; CONTACT_FEATURES] {
    let back = s.back as usize;
    // shots, double shots and pip loss: the rolls that hit each blot
    let (mut once, mut twice, mut covered, mut loss) = (0u32, 0u32, 0u32, 0u32);
    if s.blots != 0 {
        let froms = if s.bar > 0 { 25..=25 } else { back + 1..=25 };
        // blots from the one that costs the most (the highest point) down
        let mut blots = s.blots;
        while blots != 0 {
            let t = 31 - blots.leading_zeros() as usize;
            blots &= !(1 << t);
            let mut m = 0;
            for f in froms.clone().filter(|&f| f > t && s.own[f] > 0) {
                let d = (f - t) as i32;
                if d <= 6 {
                    m |= DIRECT[d as usize];
                }
                m |= indirect(s, f as i32, d);
            }
            twice |= once & m;
            once |= m;
            loss += weight(m & !covered) * t as u32;
            covered |= m;
        }
    }
    let rear = (1..=25).rev().find(|&i| s.own[i] > 0).unwrap_or(0);
    let in_contact = rear > back;
    let esc = if in_contact { ESCAPES[s.window(rear as u32)] } else { 36 };
    let min_esc = (15..=24).map(|i| ESCAPES[o.window(i)]).min().unwrap_or(36);
    let anchor = (19..=24).rev().find(|&i| s.own[i] >= 2).map_or(0.0, |i| (i - 18) as f32 / 6.0);
    let pips: u32 = (back + 1..=25).map(|i| s.own[i] as u32 * (i - back) as u32).sum();
    let forward = (13..=24).find(|&i| s.own[i] >= 2).map_or(0.0, |i| (i - 12) as f32 / 12.0);
    let mobility: u32 = (back + 1..=25).map(|i| s.own[i] as u32 * ESCAPES[s.window(i as u32)] as u32).sum();
    let anchors = (19..=24).filter(|&i| s.own[i] >= 2).count();
    [
        weight(once) as f32 / 36.0,
        esc as f32 / 36.0,
        (36 - min_esc) as f32 / 36.0,
        anchor,
        pips as f32 / 100.0,
        weight(twice) as f32 / 36.0,
        loss as f32 / (36.0 * 24.0),
        if in_contact { rear as f32 / 25.0 } else { 0.0 },
        forward,
        mobility as f32 / (15.0 * 36.0),
        if anchors >= 2 { 1.0 } else { 0.0 },
    ]
}

/// The third round of features of side `s` against the other side `o`, each in 0..=1 but the
/// last:
/// 1. trapped: how well `s` contains the other side's checkers that are still behind its own:
///    (1 - e / 36)², `e` the fewest escapes (see `ESCAPES`) of such a checker on the other
///    side's points 13..=25 (its bar), 0 if it has none there;
/// 2. stragglers: the second moment of `s`'s checkers on the board (points 1..=25) above their
///    mean point `a`: the sum over the checkers behind `a` of (point - a)², divided by the
///    number of checkers and by 400, at most 1;
/// 3. entering: the chance that a checker of `s`'s on the bar does not enter, (h / 6)², `h` the
///    points the other side holds in its home board;
/// 4. timing: the pips `s` can play before it must break its home board: the pips of its
///    checkers outside it down to its 6-point, and of the spares (a third checker or more) on
///    its home points down to its 1-point, / 100.
pub fn third_round(s: &Side, o: &Side) -> [f32; THIRD_FEATURES] {
    let trapped = (13..=25)
        .filter(|&i| o.own[i] > 0 && i > o.back as usize)
        .map(|i| ESCAPES[o.window(i as u32)])
        .min()
        .map_or(0.0, |e| {
            let c = 1.0 - e as f32 / 36.0;
            c * c
        });
    let (mut n, mut sum) = (0u64, 0u64);
    for i in 1..=25 {
        n += s.own[i] as u64;
        sum += s.own[i] as u64 * i as u64;
    }
    // with a = sum / n: (point - a)² = (point × n - sum)² / n², so the moment is exact in integers
    let mut m = 0u64;
    for i in 1..=25 {
        let d = i as u64 * n;
        if d > sum {
            m += s.own[i] as u64 * (d - sum) * (d - sum);
        }
    }
    let stragglers = if n == 0 { 0.0 } else { (m as f32 / (n * n * n) as f32 / 400.0).min(1.0) };
    let h = (19..=24).filter(|&i| s.blocked(i)).count() as f32;
    let mut timing = 0u32;
    for i in 1..=25 {
        let c = s.own[i] as u32;
        timing += if i > 6 { c * (i as u32 - 6) } else { c.saturating_sub(2) * (i as u32 - 1) };
    }
    [trapped, stragglers, h * h / 36.0, timing as f32 / 100.0]
}

/// The rolls of 36 in a set of [`ROLLS`] (bit `k` for `ROLLS[k]`).
fn weight(mask: u32) -> u32 {
    ROLLS.iter().enumerate().filter(|(k, _)| mask & (1 << k) != 0).map(|(_, r)| r.2 as u32).sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backgammon::Setup;

    /// The mover's checkers and the opponent's, each in its own numbering (index 0 = point 1,
    /// 24 = bar); the rest borne off.
    fn pos(mover: &[(usize, u8)], opponent: &[(usize, u8)]) -> Position {
        let (mut m, mut o) = ([0u8; 25], [0u8; 25]);
        for &(p, n) in mover {
            m[p - 1] = n;
        }
        for &(p, n) in opponent {
            o[p - 1] = n;
        }
        Position::from_setup(&Setup { mover: m, opponent: o, unentered: [0, 0] }).unwrap()
    }

    fn features(p: &Position) -> [f32; NUM_INPUTS] {
        let mut x = [0.0; NUM_INPUTS];
        encode(p, &mut x);
        x
    }

    /// The shots table every player learns: a blot d pips away from one checker, nothing in
    /// between, is hit by 11, 12, 14, 15, 15, 17, 6, 6, 5, 3, 2, 3 rolls of 36 for d = 1..=12,
    /// and by 1 roll (a double) at 15, 16, 18, 20 and 24.
    #[test]
    fn shots_match_the_table_of_direct_and_indirect_shots() {
        let table = [
            (1, 11),
            (2, 12),
            (3, 14),
            (4, 15),
            (5, 15),
            (6, 17),
            (7, 6),
            (8, 6),
            (9, 5),
            (10, 3),
            (11, 2),
            (12, 3),
            (13, 0),
            (14, 0),
            (15, 1),
            (16, 1),
            (17, 0),
            (18, 1),
            (20, 1),
            (24, 1),
        ];
        for (d, want) in table {
            // the mover's checker on 25 - 0 .. : on point 24 (or the d-th point above the blot)
            let from = 24;
            let blot = from - d;
            let p = if blot >= 1 {
                // the opponent's blot on the mover's point `blot` is his point 25 - blot
                pos(&[(from, 1)], &[(25 - blot, 1)])
            } else {
                continue;
            };
            let x = features(&p);
            assert_eq!((x[BASE_INPUTS] * 36.0).round() as u32, want, "blot {d} away");
        }
    }

    /// A point held by the other side in between stops the indirect shots through it: a blot 8
    /// away with the points 6 and 2 ahead held is hit by 5-3 and 4-4 (3 rolls), not by 6-2 (both
    /// ways blocked) nor 2-2 (its first step blocked); unblocked it is hit by 6.
    #[test]
    fn shots_are_blocked_by_held_points() {
        let p = pos(&[(24, 1)], &[(25 - 16, 1), (25 - 18, 2), (25 - 22, 2)]);
        assert_eq!((features(&p)[BASE_INPUTS] * 36.0).round() as u32, 3);
    }

    /// From the opening position the back checkers escape (move the dice's sum past the
    /// opponent's 6-, 8- and 13-points) with 24 rolls of 36: not with a sum of 5, 7 or 12, nor
    /// 5-5 (both intermediate points held).
    #[test]
    fn opening_escapes_and_no_shots() {
        let start = [(24, 2), (13, 5), (8, 3), (6, 5)];
        let p = pos(&start, &start);
        let x = features(&p);
        let (m, o) = (&x[BASE_INPUTS..BASE_INPUTS + 5], &x[BASE_INPUTS + 5..CONTACT_INPUTS]);
        assert_eq!(m, o, "the opening position is symmetric");
        assert_eq!(m[0], 0.0, "no blots, no shots");
        assert_eq!((m[1] * 36.0).round() as u32, 24);
        assert_eq!(m[3], 1.0, "the 24-point anchor");
        // pips to pass the other side's rearmost checker (its 24-point, the mover's 1): all
        // the mover's checkers are past point 1 by (point - 1)
        assert_eq!((m[4] * 100.0).round() as u32, 2 * 23 + 5 * 12 + 3 * 7 + 5 * 5);
        // the third round: the other side's back checkers escape with 24 rolls, so they are
        // trapped (1 - 24/36)²; the mover's checkers average 167/15 and spread above it by
        // (2 (24 - a)² + 5 (13 - a)²) / 15; one home point held; timing: 2 × 18 + 5 × 7 + 3 × 2
        // pips outside the home board and 3 spares on the 6-point × 5
        let t = &x[SECOND_INPUTS..SECOND_INPUTS + THIRD_FEATURES];
        assert_eq!(t, &x[SECOND_INPUTS + THIRD_FEATURES..], "symmetric");
        assert!((t[0] - 1.0 / 9.0).abs() < 1e-6, "{t:?}");
        let a = 167.0 / 15.0;
        let spread = (2.0 * (24.0 - a) * (24.0 - a) + 5.0 * (13.0 - a) * (13.0 - a)) / 15.0 / 400.0;
        assert!((t[1] - spread).abs() < 1e-6, "{t:?}");
        assert_eq!(t[2], 1.0 / 36.0);
        assert_eq!((t[3] * 100.0).round() as u32, 36 + 35 + 6 + 15);
    }

    /// The features by their definitions, counted roll by roll on the board (slow and plain):
    /// the reference the table-driven [`contact_features`] must agree with.
    fn reference(p: &Position, opponent: bool) -> [f32; CONTACT_FEATURES] {
        let q = if opponent { p.flip() } else { *p };
        let b = q.board();
        // own[i]: this side's checkers on its point i (25: bar and not entered); theirs[i]:
        // the other side's on that point (0: its bar and not entered)
        let mut own = [0i32; 26];
        let mut theirs = [0i32; 26];
        for i in 1..=24 {
            own[i] = (b[i] as i32).max(0);
            theirs[i] = (-(b[i] as i32)).max(0);
        }
        own[25] = (q.bar(false) + q.unentered(false)) as i32;
        theirs[0] = (q.bar(true) + q.unentered(true)) as i32;
        let held = |i: i32| (1..=24).contains(&i) && theirs[i as usize] >= 2;
        let held_by_me = |i: i32| (1..=24).contains(&i) && own[25 - i as usize] >= 2;
        let back = (0..=24).find(|&i| theirs[i] > 0).unwrap_or(25) as i32;
        let esc = |from: i32, held: &dyn Fn(i32) -> bool| -> i32 {
            let mut c = 0;
            for a in 1..=6 {
                for d in 1..=6 {
                    if !(held(from - a - d) || held(from - a) && held(from - d)) {
                        c += 1;
                    }
                }
            }
            c
        };
        let (mut shots, mut double, mut loss) = (0, 0, 0);
        for a in 1..=6 {
            for d in 1..=6 {
                let froms: Vec<i32> =
                    if q.bar(false) > 0 { vec![25] } else { (1..=25).filter(|&f| own[f as usize] > 0).collect() };
                let hit = |t: i32| {
                    froms.iter().any(|&f| {
                        let n = f - t;
                        if n <= 0 {
                            return false;
                        }
                        if a == n || d == n {
                            return true;
                        }
                        if a != d {
                            return a + d == n && !(held(f - a) && held(f - d));
                        }
                        (2..=4).any(|k| k * a == n && (1..k).all(|j| !held(f - j * a)))
                    })
                };
                let hit: Vec<i32> = (1..=24).filter(|&t| theirs[t as usize] == 1 && hit(t)).collect();
                shots += !hit.is_empty() as i32;
                double += (hit.len() >= 2) as i32;
                loss += hit.iter().max().copied().unwrap_or(0);
            }
        }
        let rear = (1..=25).rev().find(|&i| own[i] > 0).unwrap_or(0) as i32;
        let e = if rear > back { esc(rear, &held) } else { 36 };
        let contain = 36 - (15..=24).map(|i| esc(i, &held_by_me)).min().unwrap();
        let anchor = (19..=24).rev().find(|&i| own[i] >= 2).map_or(0, |i| i - 18);
        let pips: i32 = (back + 1..=25).map(|i| own[i as usize] * (i - back)).sum();
        let forward = (13..=24).find(|&i| own[i] >= 2).map_or(0, |i| i - 12);
        let mobility: i32 = (back + 1..=25).map(|i| own[i as usize] * esc(i, &held)).sum();
        let backgame = (19..=24).filter(|&i| own[i] >= 2).count() >= 2;
        [
            shots as f32 / 36.0,
            e as f32 / 36.0,
            contain as f32 / 36.0,
            anchor as f32 / 6.0,
            pips as f32 / 100.0,
            double as f32 / 36.0,
            loss as f32 / (36.0 * 24.0),
            if rear > back { rear as f32 / 25.0 } else { 0.0 },
            forward as f32 / 12.0,
            mobility as f32 / (15.0 * 36.0),
            backgame as i32 as f32,
        ]
    }

    /// The third round by its definitions (see [`third_round`]), counted plainly.
    fn reference_third(p: &Position, opponent: bool) -> [f32; THIRD_FEATURES] {
        let q = if opponent { p.flip() } else { *p };
        let b = q.board();
        // own[i] / theirs[i]: each side's checkers on its own point i, 25 its bar and not entered
        let mut own = [0i64; 26];
        let mut theirs = [0i64; 26];
        for i in 1..=24 {
            own[i] = (b[i] as i64).max(0);
            theirs[25 - i] = (-(b[i] as i64)).max(0);
        }
        own[25] = (q.bar(false) + q.unentered(false)) as i64;
        theirs[25] = (q.bar(true) + q.unentered(true)) as i64;
        // points held by this side, in the other side's numbering
        let held_by_me = |i: i64| (1..=24).contains(&i) && own[25 - i as usize] >= 2;
        let esc = |from: i64| -> i64 {
            let mut c = 0;
            for a in 1..=6 {
                for d in 1..=6 {
                    if !(held_by_me(from - a - d) || held_by_me(from - a) && held_by_me(from - d)) {
                        c += 1;
                    }
                }
            }
            c
        };
        // my rearmost checker in the other side's numbering (0 if one is on my bar, 25 if none)
        let my_back = (1..=25).rev().find(|&i| own[i] > 0).map_or(25, |i| 25 - i as i64);
        let trapped = (13..=25i64)
            .filter(|&i| theirs[i as usize] > 0 && i > my_back)
            .map(esc)
            .min()
            .map_or(0.0, |e| (1.0 - e as f32 / 36.0) * (1.0 - e as f32 / 36.0));
        let n: i64 = own[1..=25].iter().sum();
        let sum: i64 = (1..=25).map(|i| own[i] * i as i64).sum();
        let m: i64 = (1..=25)
            .map(|i| i as i64 * n - sum)
            .zip(&own[1..=25])
            .filter(|(d, _)| *d > 0)
            .map(|(d, c)| c * d * d)
            .sum();
        let stragglers = if n == 0 { 0.0 } else { (m as f32 / (n * n * n) as f32 / 400.0).min(1.0) };
        let h = (1..=6).filter(|&i| theirs[i] >= 2).count() as f32;
        let timing: i64 =
            (1..=25).map(|i| if i > 6 { own[i] * (i as i64 - 6) } else { (own[i] - 2).max(0) * (i as i64 - 1) }).sum();
        [trapped, stragglers, h * h / 36.0, timing as f32 / 100.0]
    }

    /// The table-driven features equal the plain count on positions of random games.
    #[test]
    fn contact_features_agree_with_the_plain_count() {
        let mut rng = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move || {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            rng
        };
        let mut n = 0;
        for _ in 0..200 {
            let mut p = Position::start();
            for _ in 0..200 {
                let plays = p.plays(crate::dice::Roll::new((next() % 6 + 1) as u8, (next() % 6 + 1) as u8).unwrap());
                let q = plays[(next() % plays.len() as u64) as usize];
                if q.off(false) == 15 {
                    break;
                }
                p = q.flip();
                let x = features(&p);
                let (m, o) = (reference(&p, false), reference(&p, true));
                let more = CONTACT_FEATURES - FIRST_ROUND;
                let (r1, r2) = (BASE_INPUTS, CONTACT_INPUTS);
                assert_eq!(x[r1..r1 + FIRST_ROUND], m[..FIRST_ROUND], "{p:?}");
                assert_eq!(x[r1 + FIRST_ROUND..r2], o[..FIRST_ROUND], "{p:?}");
                assert_eq!(x[r2..r2 + more], m[FIRST_ROUND..], "{p:?}");
                assert_eq!(x[r2 + more..SECOND_INPUTS], o[FIRST_ROUND..], "{p:?}");
                let (r3, k) = (SECOND_INPUTS, THIRD_FEATURES);
                assert_eq!(x[r3..r3 + k], reference_third(&p, false), "{p:?}");
                assert_eq!(x[r3 + k..], reference_third(&p, true), "{p:?}");
                n += 1;
            }
        }
        assert!(n > 10_000, "{n} positions");
    }

    /// A net of the base encoding gets the same first inputs and zeros after them.
    #[test]
    fn base_nets_skip_the_contact_features() {
        let p = pos(&[(24, 1), (13, 2)], &[(20, 1), (13, 3)]);
        let mut x = [0.0; NUM_INPUTS];
        encode_for(&p, &mut x, BASE_INPUTS);
        let full = features(&p);
        assert_eq!(x[..BASE_INPUTS], full[..BASE_INPUTS]);
        assert!(x[BASE_INPUTS..].iter().all(|&v| v == 0.0));
        assert!(full[BASE_INPUTS..].iter().any(|&v| v != 0.0));
        encode_for(&p, &mut x, CONTACT_INPUTS);
        assert_eq!(x[..CONTACT_INPUTS], full[..CONTACT_INPUTS]);
        assert!(x[CONTACT_INPUTS..].iter().all(|&v| v == 0.0));
        encode_for(&p, &mut x, SECOND_INPUTS);
        assert_eq!(x[..SECOND_INPUTS], full[..SECOND_INPUTS]);
        assert!(x[SECOND_INPUTS..].iter().all(|&v| v == 0.0));
        assert!(full[SECOND_INPUTS..].iter().any(|&v| v != 0.0));
    }
}
