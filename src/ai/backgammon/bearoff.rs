//! The one-sided bear-off database: for every way to place up to 15 checkers on the six home
//! points (C(21, 6) = 54,264 positions), the probability distribution of the number of rolls
//! needed to bear them all off when each roll is played to minimise the expected number of rolls.
//!
//! Solved lazily with the engine's own move generator: a position (and all it can reach) the
//! first time it is needed, then kept for the life of the program (the whole table takes a few
//! seconds; a race usually needs a small part of it). Two such distributions give the exact chance of winning a
//! race where both sides are home: the side on roll wins if he needs no more rolls than the other.

use std::sync::{Mutex, OnceLock};

use crate::backgammon::Position;
use crate::dice::{ALL_21, roll_probability};

/// The length of a distribution: the chances of needing 0, 1, …, `DIST_LEN - 1` rolls to bear
/// off; the (negligible) chance of needing more is folded into the last entry.
pub const DIST_LEN: usize = 32;
/// The number of one-sided positions.
pub const POSITIONS: usize = 54_264;

/// `N[p][s]`: ways to place at most `s` checkers on `p` points = C(s + p, p).
const fn table_n() -> [[u32; 16]; 7] {
    let mut t = [[0u32; 16]; 7];
    let mut s = 0;
    while s < 16 {
        t[0][s] = 1;
        s += 1;
    }
    let mut p = 1;
    while p < 7 {
        let mut s = 0;
        while s < 16 {
            // Configurations of p points with at most s: sum over the count v on point p.
            let mut v = 0;
            let mut sum = 0;
            while v <= s {
                sum += t[p - 1][s - v];
                v += 1;
            }
            t[p][s] = sum;
            s += 1;
        }
        p += 1;
    }
    t
}

const N: [[u32; 16]; 7] = table_n();

/// The index of a home board (`c[0]` checkers on point 1 … `c[5]` on point 6, at most 15 in all).
#[inline]
pub fn index(c: &[u8; 6]) -> usize {
    let mut s: usize = 15;
    let mut idx = 0usize;
    for p in (1..=6).rev() {
        let v = c[p - 1] as usize;
        for u in 0..v {
            idx += N[p - 1][s - u] as usize;
        }
        s -= v;
    }
    idx
}

/// The home board of the mover in `p` (ignores everything else).
#[inline]
pub(crate) fn mover_home(p: &Position) -> [u8; 6] {
    let b = p.board();
    let mut c = [0u8; 6];
    for i in 0..6 {
        c[i] = b[i + 1].max(0) as u8;
    }
    c
}

/// The database: [`DIST_LEN`] probabilities per position, and the expected number of rolls, computed
/// lazily: a position is solved (with the positions it can reach) the first time it is asked
/// for, so a race in a game touches only a small part of the table.
pub struct Database {
    dist: Vec<f32>,
    mean: Vec<f32>,
    done: Vec<bool>,
    buf: Vec<Vec<usize>>,
}

/// The board of the one-sided position with index `i`.
pub(crate) fn board_of(i: usize) -> [u8; 6] {
    // Inverse of `index`: choose each point's count from point 6 down.
    let mut c = [0u8; 6];
    let mut rest = i;
    let mut s: usize = 15;
    for p in (1..=6).rev() {
        let mut v = 0usize;
        while v < s && rest >= N[p - 1][s - v] as usize {
            rest -= N[p - 1][s - v] as usize;
            v += 1;
        }
        c[p - 1] = v as u8;
        s -= v;
    }
    c
}

/// One die in a one-sided bear-off position (all checkers home, so a die can always be
/// played: exactly from its point, from a higher point inside, or off from the highest point
/// when none is higher). Calls `f` with each result and the lowest source allowed next.
#[inline]
fn die_moves(c: &[u8; 6], d: usize, max_from: usize, f: &mut impl FnMut(&[u8; 6], usize)) {
    let highest = (1..=6).rev().find(|&p| c[p - 1] > 0).unwrap_or(0);
    for p in (1..=max_from.min(highest)).rev() {
        if c[p - 1] == 0 {
            continue;
        }
        if p < d && p != highest {
            continue;
        }
        let mut q = *c;
        q[p - 1] -= 1;
        if p > d {
            q[p - d - 1] += 1;
        }
        f(&q, p);
    }
}

/// The indices of the positions after every play of `a`-`b` (with repeats).
pub(crate) fn one_sided_plays(c: &[u8; 6], a: u8, b: u8, out: &mut Vec<usize>) {
    if c.iter().all(|&n| n == 0) {
        out.push(0);
        return;
    }
    let (a, b) = (a as usize, b as usize);
    if a == b {
        fn rec(c: &[u8; 6], d: usize, left: usize, max_from: usize, out: &mut Vec<usize>) {
            if left == 0 || c.iter().all(|&n| n == 0) {
                out.push(index(c));
                return;
            }
            die_moves(c, d, max_from, &mut |q, p| rec(q, d, left - 1, p, out));
        }
        rec(c, a, 4, 6, out);
    } else {
        for (x, y) in [(a, b), (b, a)] {
            die_moves(c, x, 6, &mut |q, _| {
                if q.iter().all(|&n| n == 0) {
                    out.push(0);
                } else {
                    die_moves(q, y, 6, &mut |r, _| out.push(index(r)));
                }
            });
        }
    }
}

impl Database {
    fn empty() -> Database {
        let mut db = Database {
            dist: vec![0.0; POSITIONS * DIST_LEN],
            mean: vec![0.0; POSITIONS],
            done: vec![false; POSITIONS],
            buf: Vec::new(),
        };
        db.dist[0] = 1.0;
        db.done[0] = true;
        db
    }

    /// Solves position `i` (and, first, every position it can reach).
    fn solve(&mut self, i: usize, depth: usize) {
        if self.done[i] {
            return;
        }
        let c = board_of(i);
        if self.buf.len() <= depth {
            self.buf.push(Vec::with_capacity(64));
        }
        let mut d = [0.0f32; DIST_LEN];
        let mut m = 1.0f32;
        for &(roll, weight) in &ALL_21 {
            let ((a, b), w) = (roll.values(), roll_probability(weight));
            let mut buf = std::mem::take(&mut self.buf[depth]);
            buf.clear();
            one_sided_plays(&c, a, b, &mut buf);
            let mut best = usize::MAX;
            let mut best_mean = f32::INFINITY;
            for &j in &buf {
                self.solve(j, depth + 1);
                if self.mean[j] < best_mean {
                    best_mean = self.mean[j];
                    best = j;
                }
            }
            self.buf[depth] = buf;
            m += w * best_mean;
            for r in 0..DIST_LEN - 1 {
                d[r + 1] += w * self.dist[best * DIST_LEN + r];
            }
            d[DIST_LEN - 1] += w * self.dist[best * DIST_LEN + DIST_LEN - 1];
        }
        self.dist[i * DIST_LEN..(i + 1) * DIST_LEN].copy_from_slice(&d);
        self.mean[i] = m;
        self.done[i] = true;
    }

    /// Computes the whole database at once.
    pub fn build() -> Database {
        let mut db = Database::empty();
        db.solve_all();
        db
    }

    /// Solves every position not solved yet.
    pub fn solve_all(&mut self) {
        for i in 0..POSITIONS {
            self.solve(i, 0);
        }
    }

    /// Runs `f` on the shared database (solved lazily).
    pub fn with<R>(f: impl FnOnce(&mut Database) -> R) -> R {
        static DB: OnceLock<Mutex<Database>> = OnceLock::new();
        let m = DB.get_or_init(|| Mutex::new(Database::empty()));
        let mut g = m.lock().unwrap_or_else(|e| e.into_inner());
        f(&mut g)
    }

    /// The distribution of the number of rolls to bear off a home board.
    pub fn distribution(&mut self, c: &[u8; 6]) -> &[f32] {
        let i = index(c);
        self.solve(i, 0);
        &self.dist[i * DIST_LEN..(i + 1) * DIST_LEN]
    }

    /// The expected number of rolls to bear off a home board.
    pub fn mean_rolls(&mut self, c: &[u8; 6]) -> f32 {
        let i = index(c);
        self.solve(i, 0);
        self.mean[i]
    }

    /// The chance that the side on roll in `p` wins, when [`applies`] to `p`.
    pub fn win_probability(&mut self, p: &Position) -> f32 {
        let mut me = [0.0f32; DIST_LEN];
        me.copy_from_slice(self.distribution(&mover_home(p)));
        let them = self.distribution(&mover_home(&p.flip()));
        // I win if I need n rolls and he needs at least n.
        let mut at_least = [0.0f32; DIST_LEN + 1];
        for r in (0..DIST_LEN).rev() {
            at_least[r] = at_least[r + 1] + them[r];
        }
        let mut w = 0.0f32;
        for n in 0..DIST_LEN {
            w += me[n] * at_least[n];
        }
        w.clamp(0.0, 1.0)
    }
}

/// True when both sides have all their checkers in their home boards (or off): the database
/// gives the exact winning chance.
pub fn applies(p: &Position) -> bool {
    if p.bar(false) != 0 || p.bar(true) != 0 || p.unentered(false) != 0 || p.unentered(true) != 0 {
        return false;
    }
    let b = p.board();
    b[7..=24].iter().all(|&c| c <= 0) && b[1..=18].iter().all(|&c| c >= 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all_boards() -> Vec<[u8; 6]> {
        let mut v = vec![[0u8; 6]; POSITIONS];
        fn rec(c: &mut [u8; 6], p: usize, left: u8, v: &mut Vec<[u8; 6]>) {
            if p == 6 {
                v[index(c)] = *c;
                return;
            }
            for n in 0..=left {
                c[p] = n;
                rec(c, p + 1, left - n, v);
            }
            c[p] = 0;
        }
        rec(&mut [0u8; 6], 0, 15, &mut v);
        v
    }

    /// A play always lowers the index (the exact cube values of `bearoff_cube` are solved in
    /// that order).
    #[test]
    fn a_play_always_lowers_the_index() {
        let mut buf = Vec::new();
        for i in 1..POSITIONS {
            let c = board_of(i);
            for &(roll, _) in &ALL_21 {
                let (a, b) = roll.values();
                buf.clear();
                one_sided_plays(&c, a, b, &mut buf);
                assert!(buf.iter().all(|&j| j < i), "{c:?} {a}-{b}: {buf:?}");
            }
        }
    }

    #[test]
    fn index_is_a_bijection() {
        let boards = all_boards();
        for (i, c) in boards.iter().enumerate() {
            assert_eq!(index(c), i);
            assert!(c.iter().map(|&n| n as u32).sum::<u32>() <= 15);
        }
        assert_eq!(index(&[0, 0, 0, 0, 0, 15]), POSITIONS - 1);
        for i in (0..POSITIONS).step_by(97) {
            assert_eq!(board_of(i), boards[i]);
        }
    }
}
