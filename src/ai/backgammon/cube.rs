//! Doubling-cube decisions from the cubeless probabilities.
//!
//! - **Money play, small bear-offs**: exact values ([`bearoff_cube::solve`], through
//!   [`advice_at`]) where both sides are bearing off and the position is small enough; the model
//!   below everywhere else.
//! - **Money play**: Rick Janowski's model (1993): the cubeful equity interpolates between the
//!   dead-cube equity (the cubeless one) and a fully live cube, `E = x E_live + (1 - x) E_dead`
//!   with cube efficiency `x` = 0.68. With `W` and `L` the average values of a win and of a loss,
//!   the live cube's take point is `(L - 1/2) / (W + L + 1/2)` and its cash point
//!   `(L + 1) / (W + L + 1/2)`; the live equity is piecewise linear between them. Jacoby rule:
//!   gammons do not count while the cube is centred (a side past its cash point cashes), but
//!   they do once it is turned, so the take and cash points are those with gammons.
//! - **Match play**: match winning chances from a match equity table computed here (a cubeless
//!   model of single games with a 25% gammon rate, the Crawford game cubeless and post-Crawford
//!   games doubled at once by the trailer), with a dead cube: no double, double/take and
//!   double/pass are each worth the chances after the game's possible outcomes at the
//!   resulting cube value. A rough but consistent model; no cube in the Crawford game.
//!
//! All decisions are for the side on roll (who may double) and his opponent (who takes or
//! passes).

use std::sync::OnceLock;

use serde::Serialize;

use super::bearoff_cube::{self, NoDouble};
use super::eval::{Probabilities, Scoring, weights};
use crate::backgammon::Position;

/// Who owns the cube, from the side on roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum CubeOwner {
    Centered,
    /// The side on roll owns it (he may redouble).
    Mover,
    /// The opponent owns it: the side on roll may not double.
    Opponent,
}

/// A match score (points still needed are `length - score`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct MatchScore {
    pub length: u32,
    /// Points of the side on roll.
    pub mover: u32,
    pub opponent: u32,
    /// This is the Crawford game (no doubling).
    pub crawford: bool,
}

impl MatchScore {
    /// The points each side still needs: the side on roll's, then his opponent's.
    pub fn away(&self) -> (i32, i32) {
        ((self.length - self.mover) as i32, (self.length - self.opponent) as i32)
    }

    /// The same score seen from the opponent.
    pub fn swapped(&self) -> MatchScore {
        MatchScore { mover: self.opponent, opponent: self.mover, ..*self }
    }

    /// Whether the games after this one are post-Crawford: a side needs one point (in the
    /// Crawford game itself too, since the game after it is post-Crawford).
    pub fn post_crawford(&self) -> bool {
        let (a, b) = self.away();
        a == 1 || b == 1
    }

    /// The side on roll's chances of winning the match once this game ends with him winning
    /// (`points` > 0) or losing (`points` < 0) `|points|` points.
    pub fn chances_after(&self, points: i32) -> f32 {
        let (a, b) = self.away();
        let post = self.post_crawford();
        if points >= 0 { match_equity(a - points, b, post) } else { match_equity(a, b + points, post) }
    }
}

/// The cube as the side on roll sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct CubeState {
    pub value: u32,
    pub owner: CubeOwner,
    /// Money play: the Jacoby rule is in force.
    pub jacoby: bool,
    /// `None`: money play.
    pub score: Option<MatchScore>,
}

impl CubeState {
    /// A centred cube at 1, money play, no Jacoby rule.
    pub fn money() -> CubeState {
        CubeState { value: 1, owner: CubeOwner::Centered, jacoby: false, score: None }
    }
}

/// The advice: what the side on roll should do, and how his opponent should answer a double.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CubeAdvice {
    /// The side on roll should double.
    pub double: bool,
    /// The opponent should take a double (pass if false).
    pub take: bool,
    /// Too good to double: playing on for a gammon is worth more than cashing.
    pub too_good: bool,
    /// Values for the side on roll: points (money, per unit of the current cube times its
    /// value) or match winning chances (match play).
    pub no_double: f32,
    pub double_take: f32,
    pub double_pass: f32,
}

/// Cube efficiency in Janowski's model.
pub const CUBE_EFFICIENCY: f32 = 0.68;

/// Money play: the side on roll never doubles with a smaller cubeless chance of winning,
/// whatever his gammon chances (issue 19's rule).
pub const MIN_DOUBLE_WIN: f32 = 0.5;

/// Money play: a double is never taken with a smaller cubeless chance of winning for the taker,
/// whatever his gammon chances (issue 19's rule).
pub const MIN_TAKE_WIN: f32 = 0.2;

/// Janowski's cubeful equity (per unit cube) of the side on roll with cube efficiency `x`.
/// `jacoby`: the Jacoby rule with a centred cube: gammons do not count while the cube stays
/// centred (the dead-cube equity is gammonless, and a side past its cash point cashes 1 point
/// rather than playing on), but they count once the cube is turned, so the take and cash points
/// are those of the game with gammons.
fn janowski(p: &Probabilities, scoring: Scoring, owner: CubeOwner, jacoby: bool, x: f32) -> f32 {
    let (g, bg) = weights(scoring);
    let win = p.win.clamp(1e-6, 1.0 - 1e-6);
    let lose = 1.0 - win;
    let w = 1.0 + (g * p.win_gammon + bg * p.win_backgammon) / win;
    let l = 1.0 + (g * p.lose_gammon + bg * p.lose_backgammon) / lose;
    let jacoby = jacoby && owner == CubeOwner::Centered;
    let dead = if jacoby { win - lose } else { win * w - lose * l };
    let tp = (l - 0.5) / (w + l + 0.5);
    let cp = (l + 1.0) / (w + l + 0.5);
    let live = match owner {
        CubeOwner::Centered => {
            if win < tp {
                if jacoby { -1.0 } else { -l + (l - 1.0) * win / tp }
            } else if win < cp {
                -1.0 + 2.0 * (win - tp) / (cp - tp)
            } else if jacoby {
                1.0
            } else {
                1.0 + (w - 1.0) * (win - cp) / (1.0 - cp)
            }
        }
        CubeOwner::Mover => {
            if win < cp {
                -l + (1.0 + l) * win / cp
            } else {
                1.0 + (w - 1.0) * (win - cp) / (1.0 - cp)
            }
        }
        CubeOwner::Opponent => {
            if win < tp {
                -l + (l - 1.0) * win / tp
            } else {
                -1.0 + (w + 1.0) * (win - tp) / (1.0 - tp)
            }
        }
    };
    x * live + (1.0 - x) * dead
}

/// Money play cubeful equity (per unit cube) of the side on roll with the cube where it is.
pub fn money_equity(p: &Probabilities, scoring: Scoring, cube: &CubeState) -> f32 {
    janowski(p, scoring, cube.owner, cube.jacoby, CUBE_EFFICIENCY)
}

/// The match equity table: `met()[a][b]` = chances of winning a match, needing `a` points
/// against an opponent needing `b` (1..=25), before the Crawford game; `post[a][b]` after it.
struct Met {
    pre: Vec<Vec<f32>>,
    post: Vec<Vec<f32>>,
}

const MET_SIZE: usize = 26;
const GAMMON_RATE: f32 = 0.25;

fn met() -> &'static Met {
    static MET: OnceLock<Met> = OnceLock::new();
    MET.get_or_init(|| {
        let n = MET_SIZE;
        let single = 0.5 * (1.0 - GAMMON_RATE);
        let gammon = 0.5 * GAMMON_RATE;
        // Post-Crawford: one side needs 1; the trailer doubles at once (game worth 2).
        let mut post = vec![vec![0.5f32; n]; n];
        for b in 1..n {
            // Leader needs 1, trailer needs b.
            let lose_to = |k: i32| -> f32 { if k <= 0 { 0.0 } else { post[1][k as usize] } };
            let v = 0.5 + single * lose_to(b as i32 - 2) + gammon * lose_to(b as i32 - 4);
            post[1][b] = if b == 1 { 0.5 } else { v };
            post[b][1] = 1.0 - post[1][b];
        }
        let mut pre = vec![vec![0.5f32; n]; n];
        for a in 1..n {
            for b in 1..n {
                let value = |a2: i32, b2: i32, pre: &Vec<Vec<f32>>| -> f32 {
                    if a2 <= 0 {
                        1.0
                    } else if b2 <= 0 {
                        0.0
                    } else if a2 == 1 && b2 == 1 {
                        0.5
                    } else if (a2 == 1) != (b2 == 1) && (a == 1 || b == 1) {
                        // Already past the Crawford game.
                        post[a2 as usize][b2 as usize]
                    } else {
                        pre[a2 as usize][b2 as usize]
                    }
                };
                let (ai, bi) = (a as i32, b as i32);
                let v = single * value(ai - 1, bi, &pre)
                    + gammon * value(ai - 2, bi, &pre)
                    + single * value(ai, bi - 1, &pre)
                    + gammon * value(ai, bi - 2, &pre);
                pre[a][b] = v;
            }
        }
        Met { pre, post }
    })
}

/// Chances of winning the match needing `a` against `b` points (0 or less: that side has won).
pub fn match_equity(a: i32, b: i32, post_crawford: bool) -> f32 {
    if a <= 0 {
        return 1.0;
    }
    if b <= 0 {
        return 0.0;
    }
    let m = met();
    let (a, b) = ((a as usize).min(MET_SIZE - 1), (b as usize).min(MET_SIZE - 1));
    if post_crawford { m.post[a][b] } else { m.pre[a][b] }
}

/// Match winning chances of the side on roll if the game is played out at cube value `v`.
pub fn match_chances(p: &Probabilities, scoring: Scoring, s: &MatchScore, v: u32) -> f32 {
    let (a, b) = s.away();
    let post = s.post_crawford();
    let v = v as i32;
    let (g, bg) = weights(scoring);
    let (gw, bgw) = ((1.0 + g) as i32, (1.0 + g + bg) as i32);
    let after = |da: i32, db: i32| -> f32 {
        // The next game is post-Crawford if someone was already at 1-away and this is no longer
        // the Crawford game; a side reaching 1-away now makes the next game the Crawford game,
        // which the table's "pre" entries account for.
        match_equity(a - da, b - db, post)
    };
    let win_single = p.win - p.win_gammon;
    let win_gammon = p.win_gammon - p.win_backgammon;
    let lose_single = 1.0 - p.win - p.lose_gammon;
    let lose_gammon = p.lose_gammon - p.lose_backgammon;
    win_single * after(v, 0)
        + win_gammon * after(gw * v, 0)
        + p.win_backgammon * after(bgw * v, 0)
        + lose_single * after(0, v)
        + lose_gammon * after(0, gw * v)
        + p.lose_backgammon * after(0, bgw * v)
}

/// The cube advice for the side on roll with cubeless probabilities `p`.
///
/// Besides the model's values: in money play no double below [`MIN_DOUBLE_WIN`] and no take
/// below [`MIN_TAKE_WIN`]; in match play no double in the Crawford game, nor when the cube is
/// dead for the side on roll (winning a single game at the present cube value already wins him
/// the match).
pub fn advice(p: &Probabilities, scoring: Scoring, cube: &CubeState) -> CubeAdvice {
    advice_with(p, scoring, cube, None)
}

/// [`advice`] for the side on roll in `pos`: in money play where both sides are bearing off and
/// the position is small enough, from the exact cube values of [`bearoff_cube::solve`] instead
/// of Janowski's model (the 50% and 20% rules still apply). The app's decisions and the game
/// analysis ask this; the cubeful rollouts' trials keep the model, which costs nothing.
pub fn advice_at(pos: &Position, p: &Probabilities, scoring: Scoring, cube: &CubeState) -> CubeAdvice {
    let exact = if cube.score.is_none() { bearoff_cube::solve(pos, scoring, cube.jacoby) } else { None };
    advice_with(p, scoring, cube, exact)
}

fn advice_with(p: &Probabilities, scoring: Scoring, cube: &CubeState, exact: Option<NoDouble>) -> CubeAdvice {
    let v = cube.value.max(1);
    let mut may_double = cube.owner != CubeOwner::Opponent;
    let (nd, dt, dp, take_allowed) = match &cube.score {
        None => {
            let vf = v as f32;
            let (nd, dt) = match exact {
                Some(e) => {
                    let nd = match cube.owner {
                        CubeOwner::Centered => e.centred,
                        CubeOwner::Mover => e.mover,
                        CubeOwner::Opponent => e.opponent,
                    };
                    (vf * nd, 2.0 * vf * e.opponent)
                }
                None => (
                    vf * money_equity(p, scoring, cube),
                    2.0 * vf * janowski(p, scoring, CubeOwner::Opponent, false, CUBE_EFFICIENCY),
                ),
            };
            may_double &= p.win >= MIN_DOUBLE_WIN;
            (nd, dt, vf, 1.0 - p.win >= MIN_TAKE_WIN)
        }
        Some(s) => {
            let need = s.length.saturating_sub(s.mover);
            may_double &= !s.crawford && need > v;
            let nd = match_chances(p, scoring, s, v);
            let dt = match_chances(p, scoring, s, 2 * v);
            let dp = s.chances_after(v as i32);
            (nd, dt, dp, true)
        }
    };
    let take = take_allowed && dt <= dp;
    // Playing on is too good only if it is worth more than cashing: where the two are equal (an
    // exact bear-off with no gammon left, whose values tie but for rounding) the side cashes.
    let tie = 1e-4 * dp.abs().max(1e-3);
    let too_good = may_double && nd > dp + tie && !take;
    let double = may_double && !too_good && dt.min(dp) > nd - tie;
    CubeAdvice { double, take, too_good, no_double: nd, double_take: dt, double_pass: dp }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gammonless(w: f32) -> Probabilities {
        Probabilities { win: w, ..Probabilities::default() }
    }

    #[test]
    fn money_thresholds() {
        let c = CubeState::money();
        assert!(!advice(&gammonless(0.55), Scoring::Standard, &c).double);
        let a = advice(&gammonless(0.72), Scoring::Standard, &c);
        assert!(a.double && a.take, "{a:?}");
        let a = advice(&gammonless(0.85), Scoring::Standard, &c);
        assert!(a.double && !a.take, "{a:?}");
        let a = advice(&Probabilities { win: 0.9, win_gammon: 0.6, ..Probabilities::default() }, Scoring::Standard, &c);
        assert!(a.too_good && !a.double && !a.take, "{a:?}");
    }

    #[test]
    fn match_table_is_sane() {
        assert!((match_equity(1, 1, false) - 0.5).abs() < 1e-6);
        for a in 1..15 {
            for b in 1..15 {
                let m = match_equity(a, b, false);
                assert!((m + match_equity(b, a, false) - 1.0).abs() < 1e-4, "{a} {b}");
                assert!(match_equity(a, b + 1, false) >= m - 1e-6);
            }
        }
        assert!(match_equity(1, 3, true) > 0.6);
        assert!((match_equity(1, 2, true) - 0.5).abs() < 1e-6);
    }

    #[test]
    fn no_double_in_crawford_game() {
        let c = CubeState {
            value: 1,
            owner: CubeOwner::Centered,
            jacoby: false,
            score: Some(MatchScore { length: 5, mover: 2, opponent: 4, crawford: true }),
        };
        assert!(!advice(&gammonless(0.8), Scoring::Standard, &c).double);
    }

    /// Probabilities over a grid: winning chance 0.01-0.99 and, for each side, no gammons up to
    /// every win a gammon, with and without backgammons.
    fn grid() -> Vec<Probabilities> {
        let mut out = Vec::new();
        for w in 1..100 {
            let win = w as f32 / 100.0;
            for g in 0..=4 {
                for lg in 0..=4 {
                    for bg in [0.0, 0.2] {
                        let wg = win * g as f32 / 4.0;
                        let lgm = (1.0 - win) * lg as f32 / 4.0;
                        out.push(Probabilities {
                            win,
                            win_gammon: wg,
                            win_backgammon: wg * bg,
                            lose_gammon: lgm,
                            lose_backgammon: lgm * bg,
                        });
                    }
                }
            }
        }
        out
    }

    fn money_cubes() -> Vec<CubeState> {
        let mut out = Vec::new();
        for value in [1, 2, 4] {
            for owner in [CubeOwner::Centered, CubeOwner::Mover] {
                for jacoby in [false, true] {
                    if owner == CubeOwner::Centered && value > 1 {
                        continue;
                    }
                    out.push(CubeState { value, owner, jacoby, score: None });
                }
            }
        }
        out
    }

    #[test]
    fn money_never_doubles_below_half_winning_chances() {
        for c in money_cubes() {
            for p in grid() {
                let a = advice(&p, Scoring::Standard, &c);
                if p.win < MIN_DOUBLE_WIN {
                    assert!(!a.double && !a.too_good, "{p:?} {c:?} {a:?}");
                }
            }
        }
        // and it does double with the gammonless market-losing chances of a race
        assert!(advice(&gammonless(0.72), Scoring::Standard, &CubeState::money()).double);
    }

    #[test]
    fn money_never_takes_below_a_fifth_of_winning_chances() {
        for c in money_cubes() {
            for p in grid() {
                let a = advice(&p, Scoring::Standard, &c);
                if 1.0 - p.win < MIN_TAKE_WIN {
                    assert!(!a.take, "{p:?} {c:?} {a:?}");
                }
            }
        }
        // the taker's own gammons alone would make a take at 18% right in the model
        let p = Probabilities { win: 0.82, lose_gammon: 0.09, ..Probabilities::default() };
        let a = advice(&p, Scoring::Standard, &CubeState::money());
        assert!(a.double_take < a.double_pass && !a.take, "{a:?}");
        // and a gammonless 25% is a take
        assert!(advice(&gammonless(0.75), Scoring::Standard, &CubeState::money()).take);
    }

    #[test]
    fn too_good_when_playing_for_the_gammon_is_worth_more_than_cashing() {
        let p = Probabilities { win: 0.88, win_gammon: 0.55, ..Probabilities::default() };
        for c in [CubeState::money(), CubeState { value: 2, owner: CubeOwner::Mover, jacoby: false, score: None }] {
            let a = advice(&p, Scoring::Standard, &c);
            assert!(a.too_good && !a.double && !a.take, "{c:?} {a:?}");
            assert!(a.no_double > a.double_pass, "{a:?}");
        }
        // the same chances without the gammons: double, and the opponent passes
        let a = advice(&gammonless(0.88), Scoring::Standard, &CubeState::money());
        assert!(a.double && !a.take && !a.too_good, "{a:?}");
        // the Jacoby rule: gammons do not count on a centred cube, so cash
        let a = advice(&p, Scoring::Standard, &CubeState { jacoby: true, ..CubeState::money() });
        assert!(a.double && !a.take && !a.too_good, "{a:?}");
    }

    #[test]
    fn jacoby_counts_gammons_once_the_cube_is_turned() {
        // Centred with the Jacoby rule: no-double is gammonless, double/take counts gammons.
        let p = Probabilities { win: 0.66, win_gammon: 0.25, lose_gammon: 0.05, ..Probabilities::default() };
        let plain = advice(&p, Scoring::Standard, &CubeState::money());
        let jacoby = advice(&p, Scoring::Standard, &CubeState { jacoby: true, ..CubeState::money() });
        assert!((plain.double_take - jacoby.double_take).abs() < 1e-6, "{plain:?} {jacoby:?}");
        assert!(jacoby.no_double < plain.no_double, "{plain:?} {jacoby:?}");
        assert!(jacoby.double, "{jacoby:?}");
    }

    #[test]
    fn no_double_in_crawford_game_at_any_chances() {
        let c = CubeState {
            value: 1,
            owner: CubeOwner::Centered,
            jacoby: false,
            score: Some(MatchScore { length: 7, mover: 3, opponent: 6, crawford: true }),
        };
        for p in grid() {
            let a = advice(&p, Scoring::Standard, &c);
            assert!(!a.double && !a.too_good, "{p:?} {a:?}");
        }
    }

    #[test]
    fn dead_cube_at_match_end_is_not_turned() {
        // The side on roll needs 2 points and owns the cube at 2; post-Crawford leader needing 1.
        let dead = [
            CubeState {
                value: 2,
                owner: CubeOwner::Mover,
                jacoby: false,
                score: Some(MatchScore { length: 7, mover: 5, opponent: 2, crawford: false }),
            },
            CubeState {
                value: 1,
                owner: CubeOwner::Centered,
                jacoby: false,
                score: Some(MatchScore { length: 7, mover: 6, opponent: 3, crawford: false }),
            },
        ];
        for c in dead {
            for p in grid() {
                let a = advice(&p, Scoring::Standard, &c);
                assert!(!a.double && !a.too_good, "{p:?} {c:?} {a:?}");
            }
        }
        // The post-Crawford trailer's cube is alive: he doubles at once, and the leader takes.
        let c = CubeState {
            value: 1,
            owner: CubeOwner::Centered,
            jacoby: false,
            score: Some(MatchScore { length: 7, mover: 3, opponent: 6, crawford: false }),
        };
        let a = advice(&gammonless(0.5), Scoring::Standard, &c);
        assert!(a.double && a.take, "{a:?}");
    }

    /// BG-CUBE in a small bear-off: the advice reads the exact values of `bearoff_cube` (the two
    /// agree), cashes where playing on is worth exactly as much (no gammon left), and keeps the
    /// model where the position is too big to solve or in match play.
    #[test]
    fn small_bear_offs_take_the_exact_cube_values() {
        let money = CubeState::money();
        let win = |p: &Position| Probabilities {
            win: super::super::bearoff::Database::with(|db| db.win_probability(p)),
            ..Probabilities::default()
        };
        // A small bear-off of the cube fixture (where gnubg's model doubles, with the Jacoby
        // rule): the exact values hold the cube, and the opponent would take.
        let p = Position::from_position_id("XwIAALcFAAAAAA").expect("a position");
        let exact = bearoff_cube::solve(&p, Scoring::Standard, false).expect("small enough");
        let a = advice_at(&p, &win(&p), Scoring::Standard, &money);
        assert_eq!((a.no_double, a.double_take, a.double_pass), (exact.centred, 2.0 * exact.opponent, 1.0));
        assert!(!a.double && a.take, "{a:?}");
        // Owned at 2: the values scale with the cube.
        let owned = CubeState { value: 2, owner: CubeOwner::Mover, ..money };
        let a = advice_at(&p, &win(&p), Scoring::Standard, &owned);
        assert_eq!((a.no_double, a.double_take), (2.0 * exact.mover, 4.0 * exact.opponent));
        // 97.9% to win with no gammon left: playing on is worth the cash, so double and pass.
        let p = Position::from_position_id("rxUAANQJAAAAAA").expect("a position");
        let a = advice_at(&p, &win(&p), Scoring::Standard, &owned);
        assert!(a.double && !a.take && !a.too_good, "{a:?}");
        // Too big to solve, or a match: the model's advice.
        let p = Position::from_position_id("2/YGAIC63gAAAA").expect("a position");
        assert!(bearoff_cube::solve(&p, Scoring::Standard, false).is_none());
        assert_eq!(advice_at(&p, &win(&p), Scoring::Standard, &money), advice(&win(&p), Scoring::Standard, &money));
        let p = Position::from_position_id("XwIAALcFAAAAAA").expect("a position");
        let m = CubeState { score: Some(MatchScore { length: 7, mover: 2, opponent: 3, crawford: false }), ..money };
        assert_eq!(advice_at(&p, &win(&p), Scoring::Standard, &m), advice(&win(&p), Scoring::Standard, &m));
    }
}
