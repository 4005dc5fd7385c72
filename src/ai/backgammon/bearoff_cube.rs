//! Exact money-play cube values where both sides are bearing off (every checker in its home
//! board or off, [`bearoff::applies`]), for positions small enough to solve on demand.
//!
//! Each side's home board is one of the one-sided bear-off positions; a turn takes the side on
//! roll from his board to one of its plays for the roll (the bear-off database's moves), so a
//! game is a walk over pairs (side on roll's board, opponent's board) whose pip counts only fall.
//! For every pair reachable from the position, both sides to roll, and every cube state (centred,
//! owned by the side on roll, owned by his opponent), the equity per unit of the cube is solved
//! backwards from the ends of the game, with optimal play and cube handling on both sides:
//!
//! - before his roll the side on roll may double when the cube is centred or his; the opponent
//!   takes (the cube at twice the value, his) or passes (one unit to the doubler), whichever
//!   costs him less; the doubler doubles when that is worth more than playing on;
//! - each roll is played to the board that is best for the mover in the cube state of the game;
//! - the last checker off wins the game's points ([`scoring::score`]: a gammon or a mars when
//!   the loser has borne off none), counted under the Jacoby rule by
//!   [`scoring::counted_multiplier`] while the cube is centred.
//!
//! So the values hold whatever the cube's efficiency: no model stands between the bear-off
//! database's rules and the decision. The cost grows with the product of the two sides'
//! reachable boards; [`MAX_BOARDS`] and [`MAX_PAIRS`] bound it, and beyond them [`solve`] gives
//! `None` and the caller keeps the cube model of [`super::cube`]. Over the 78 bear-offs of
//! `tests/data/backgammon/gnubg-cube.tsv` it solves 23, the slowest call (solved or given up)
//! taking 55 ms natively.

use super::bearoff;
use crate::backgammon::Scoring;
use crate::backgammon::scoring;
use crate::backgammon::{Position, Setup};
use crate::dice::{ALL_21, roll_probability};

/// The most pairs of one-sided boards [`solve`] takes on (the boards the side on roll can reach
/// times those his opponent can).
pub const MAX_PAIRS: usize = 120_000;

/// The most boards one side may reach (the search for them stops beyond it).
pub const MAX_BOARDS: usize = 3_000;

/// Equities per unit of the cube for the side on roll before his roll, when he does not double
/// now (he and his opponent keep every later option), for each owner of the cube.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct NoDouble {
    pub centred: f32,
    /// The side on roll owns the cube.
    pub mover: f32,
    /// His opponent owns it.
    pub opponent: f32,
}

/// Cube states, as seen by the side on roll.
const CENTRED: usize = 0;
const MOVER: usize = 1;
const OPPONENT: usize = 2;
/// The same state seen by the other side.
const FLIP: [usize; 3] = [CENTRED, OPPONENT, MOVER];

/// One side's reachable boards, ordered by bear-off index (every play lowers it), with, for
/// each board and roll, the boards its plays lead to (their places in that order).
struct Side {
    /// Per board: 1 if some of the side's checkers are off, 0 if it holds all 15.
    some_off: Vec<u8>,
    /// The plays of board `k` and roll `r` are `to[from[21 k + r]..from[21 k + r + 1]]`.
    from: Vec<u32>,
    to: Vec<u32>,
}

impl Side {
    /// The side on roll's values with board `k`, before his cube decision, per cube state: the
    /// average over the rolls of his best play; a play that bears off his last checker wins
    /// `wins` (centred, turned), any other is worth minus the opponent's value `after[t]` at
    /// the board `t` it leads to.
    #[inline(never)] // called for both sides: one copy in the WebAssembly module
    fn no_double(&self, k: usize, wins: [f32; 2], after: &[[f32; 3]], weights: &[f32; 21]) -> [f32; 3] {
        let mut nd = [0.0f32; 3];
        for (r, w) in weights.iter().enumerate() {
            let mut best = [f32::NEG_INFINITY; 3];
            let (lo, hi) = (self.from[21 * k + r] as usize, self.from[21 * k + r + 1] as usize);
            for &t in &self.to[lo..hi] {
                let v = if t == 0 {
                    [wins[0], wins[1], wins[1]]
                } else {
                    let o = after[t as usize];
                    [-o[FLIP[CENTRED]], -o[FLIP[MOVER]], -o[FLIP[OPPONENT]]]
                };
                for s in 0..3 {
                    best[s] = best[s].max(v[s]);
                }
            }
            for s in 0..3 {
                nd[s] += w * best[s];
            }
        }
        nd
    }
}

/// Every board reachable from `start`, with its plays, or `None` when there are more than
/// `limit` (the search stops there).
fn reachable(start: usize, limit: usize) -> Option<Side> {
    // Found in the order of a search, with each board's plays (bear-off indices) per roll.
    let mut found = vec![start];
    let mut raw_from = vec![0u32];
    let mut raw_to: Vec<usize> = Vec::new();
    // Where each board was found (u32::MAX: not reached yet), then its place in the order.
    let mut local = vec![u32::MAX; bearoff::POSITIONS];
    local[start] = 0;
    let mut next = 0;
    while next < found.len() {
        if found.len() > limit {
            return None;
        }
        let c = bearoff::board_of(found[next]);
        next += 1;
        for &(roll, _) in &ALL_21 {
            let (a, b) = roll.values();
            let at = raw_to.len();
            bearoff::one_sided_plays(&c, a, b, &mut raw_to);
            for &j in &raw_to[at..] {
                if local[j] == u32::MAX {
                    local[j] = found.len() as u32;
                    found.push(j);
                }
            }
            raw_from.push(raw_to.len() as u32);
        }
    }
    // Ordered by bear-off index, which every play lowers: `local` becomes the board's place.
    // `order[k]`: where the board of place k was found.
    let mut order = Vec::with_capacity(found.len());
    for l in local.iter_mut() {
        if *l != u32::MAX {
            order.push(*l);
            *l = order.len() as u32 - 1;
        }
    }
    // Each board's plays in local indices (a play repeated costs time, not correctness).
    let (mut from, mut to) = (vec![0u32], Vec::new());
    for &f in &order {
        for r in 0..21 {
            let (lo, hi) = (raw_from[21 * f as usize + r] as usize, raw_from[21 * f as usize + r + 1] as usize);
            to.extend(raw_to[lo..hi].iter().map(|&j| local[j]));
            from.push(to.len() as u32);
        }
    }
    Some(Side { some_off: order.iter().map(|&f| some_off(found[f as usize])).collect(), from, to })
}

/// The points a side wins by bearing off his last checker, for a centred cube (Jacoby rule
/// applied) and for a turned one: `[when the loser has borne off none, when he has some]`. In a
/// bear-off that is all the scoring can tell apart (every loser's checker is home).
fn win_points(scoring: Scoring, jacoby: bool) -> [[f32; 2]; 2] {
    let mut points = [[1.0; 2]; 2];
    for (some_off, p) in points.iter_mut().enumerate() {
        let mut setup = Setup::default();
        setup.opponent[0] = 15 - some_off as u8;
        let mult = Position::from_setup(&setup).map_or(1, |q| scoring::score(&q, scoring).1);
        *p = [scoring::counted_multiplier(mult, scoring, jacoby, 1) as f32, mult as f32];
    }
    points
}

/// 1 if the one-sided board `i` has some checkers borne off, 0 if it holds all 15.
fn some_off(i: usize) -> u8 {
    (bearoff::board_of(i).iter().map(|&n| n as u32).sum::<u32>() < 15) as u8
}

/// The exact money-play values of `pos` for its side on roll, when both sides are bearing off
/// and the position is small enough (at most [`MAX_PAIRS`] pairs of boards); else `None`.
/// `jacoby`: the Jacoby rule is in force (it matters only while the cube is centred).
pub fn solve(pos: &Position, scoring: Scoring, jacoby: bool) -> Option<NoDouble> {
    if !bearoff::applies(pos) {
        return None;
    }
    let me = reachable(bearoff::index(&bearoff::mover_home(pos)), MAX_BOARDS)?;
    let na = me.some_off.len();
    let them = reachable(bearoff::index(&bearoff::mover_home(&pos.flip())), MAX_BOARDS.min(MAX_PAIRS / na))?;
    let nb = them.some_off.len();
    if na * nb > MAX_PAIRS {
        return None;
    }
    let points = win_points(scoring, jacoby);
    // ea[x * nb + y]: A on roll with board x against B's y, per cube state, after A's cube
    // decision; eb[y * na + x] the same with B on roll. A board of index 0 is empty only if the
    // side has borne off everything, which ends the game before his turn: never read.
    let mut ea = vec![[0.0f32; 3]; na * nb];
    let mut eb = vec![[0.0f32; 3]; na * nb];
    let weights: [f32; 21] = std::array::from_fn(|r| roll_probability(ALL_21[r].1));
    // With the cube centred or his, the side on roll doubles when that is worth more; the
    // opponent answers by the cheaper of a take (twice his value with the cube his) and a pass.
    let decide = |nd: [f32; 3]| -> [f32; 3] {
        let doubled = (2.0 * nd[OPPONENT]).min(1.0);
        [nd[CENTRED].max(doubled), nd[MOVER].max(doubled), nd[OPPONENT]]
    };
    let mut root = None;
    for x in 1..na {
        for y in 1..nb {
            let nd = me.no_double(x, points[them.some_off[y] as usize], &eb[y * na..(y + 1) * na], &weights);
            ea[x * nb + y] = decide(nd);
            if x == na - 1 && y == nb - 1 {
                root = Some(nd);
            }
            let nd = them.no_double(y, points[me.some_off[x] as usize], &ea[x * nb..(x + 1) * nb], &weights);
            eb[y * na + x] = decide(nd);
        }
    }
    root.map(|nd| NoDouble { centred: nd[CENTRED], mover: nd[MOVER], opponent: nd[OPPONENT] })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    /// The same values found the slow way: a search over whole positions with the rules
    /// engine's move generator (not the one-sided plays), memoised by position. The side on
    /// roll's values before his cube decision.
    fn naive(p: &Position, scoring: Scoring, jacoby: bool, memo: &mut HashMap<Position, [f32; 3]>) -> [f32; 3] {
        let mut nd = [0.0f32; 3];
        for &(roll, w) in &ALL_21 {
            let mut best = [f32::NEG_INFINITY; 3];
            for q in p.plays(roll) {
                let v = if q.off(false) == 15 {
                    let mult = scoring::score(&q, scoring).1;
                    let centred = scoring::counted_multiplier(mult, scoring, jacoby, 1) as f32;
                    [centred, mult as f32, mult as f32]
                } else {
                    let o = naive_after_cube(&q.flip(), scoring, jacoby, memo);
                    [-o[CENTRED], -o[OPPONENT], -o[MOVER]]
                };
                for s in 0..3 {
                    best[s] = best[s].max(v[s]);
                }
            }
            for s in 0..3 {
                nd[s] += roll_probability(w) * best[s];
            }
        }
        nd
    }

    /// [`naive`] after the side on roll's cube decision.
    fn naive_after_cube(
        p: &Position,
        scoring: Scoring,
        jacoby: bool,
        memo: &mut HashMap<Position, [f32; 3]>,
    ) -> [f32; 3] {
        if let Some(v) = memo.get(p) {
            return *v;
        }
        let nd = naive(p, scoring, jacoby, memo);
        let doubled = (2.0 * nd[OPPONENT]).min(1.0);
        let e = [nd[CENTRED].max(doubled), nd[MOVER].max(doubled), nd[OPPONENT]];
        memo.insert(*p, e);
        e
    }

    fn home(mover: [u8; 6], opponent: [u8; 6]) -> Position {
        let mut s = Setup::default();
        s.mover[..6].copy_from_slice(&mover);
        s.opponent[..6].copy_from_slice(&opponent);
        Position::from_setup(&s).expect("a valid bear-off")
    }

    /// BG-CUBE exact bear-offs: the solver's values are the whole-position search's, for small
    /// bear-offs, with and without the Jacoby rule, and the cube's value is ordered: owning it is
    /// worth at least a centred cube, which is worth at least the opponent's owning it.
    #[test]
    fn exact_bear_off_values_match_a_search_over_whole_positions() {
        let cases = [
            ([0, 0, 0, 1, 1, 0], [0, 2, 0, 0, 0, 1]),
            ([2, 0, 1, 0, 0, 0], [0, 0, 0, 0, 1, 1]),
            ([0, 0, 0, 0, 0, 2], [1, 0, 0, 0, 1, 0]),
            ([1, 1, 1, 0, 0, 0], [0, 0, 1, 1, 0, 0]),
            ([0, 0, 0, 3, 0, 0], [3, 0, 0, 0, 0, 1]),
            ([0, 0, 1, 0, 1, 0], [15, 0, 0, 0, 0, 0]),
            ([13, 2, 0, 0, 0, 0], [0, 1, 1, 0, 0, 0]),
        ];
        for (m, o) in cases {
            let p = home(m, o);
            for jacoby in [false, true] {
                let e = solve(&p, Scoring::Standard, jacoby).expect("small enough");
                let mut memo = HashMap::new();
                let n = naive(&p, Scoring::Standard, jacoby, &mut memo);
                for (got, want) in [(e.centred, n[CENTRED]), (e.mover, n[MOVER]), (e.opponent, n[OPPONENT])] {
                    assert!((got - want).abs() < 1e-5, "{m:?} {o:?} jacoby {jacoby}: {e:?} against {n:?}");
                }
                // Without the Jacoby rule, owning the cube is worth at least a centred cube, which
                // is worth at least the opponent's owning it (with it, a centred cube wins no gammon).
                assert!(jacoby || (e.mover >= e.centred - 1e-6 && e.centred >= e.opponent - 1e-6), "{e:?}");
            }
        }
    }

    /// A gammon (or a mars) is won only when the loser has borne off nothing; the Jacoby rule
    /// takes it away while the cube is centred.
    #[test]
    fn exact_bear_off_counts_gammons_as_the_scoring_does() {
        for scoring in [Scoring::Standard, Scoring::Table] {
            assert_eq!(win_points(scoring, false), [[2.0, 2.0], [1.0, 1.0]]);
            assert_eq!(win_points(scoring, true), [[1.0, 2.0], [1.0, 1.0]]);
        }
        let p = home([1, 0, 0, 0, 0, 0], [15, 0, 0, 0, 0, 0]);
        let near = |e: NoDouble, want: [f32; 3]| {
            assert!([e.centred, e.mover, e.opponent].iter().zip(want).all(|(g, w)| (g - w).abs() < 1e-5), "{e:?}")
        };
        near(solve(&p, Scoring::Standard, false).expect("small enough"), [2.0, 2.0, 2.0]);
        near(solve(&p, Scoring::Standard, true).expect("small enough"), [1.0, 2.0, 2.0]);
        // Beyond the bounds, or not a bear-off: no exact values.
        assert!(solve(&home([0, 0, 0, 0, 0, 15], [1, 0, 0, 0, 0, 0]), Scoring::Standard, false).is_none());
        assert!(solve(&home([0, 0, 0, 4, 4, 4], [0, 0, 0, 4, 4, 4]), Scoring::Standard, false).is_none());
        assert!(
            solve(&Position::from_position_id("4HPwATDgc/ABMA").expect("start"), Scoring::Standard, false).is_none()
        );
    }
}
