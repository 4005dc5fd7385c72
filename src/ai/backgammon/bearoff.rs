//! The one-sided bear-off database: for every way to place up to 15 checkers on the six home
//! points (C(21, 6) = 54,264 positions), the probability distribution of the number of rolls
//! needed to bear them all off when each roll is played to minimise the expected number of rolls.
//!
//! Computed on first use (about a second natively) with the engine's own move generator, and
//! kept for the life of the program. Two such distributions give the exact chance of winning a
//! race where both sides are home: the side on roll wins if he needs no more rolls than the other.

use std::sync::OnceLock;

use crate::backgammon::{MoveRules, Position, Setup};

/// Distributions are kept for 0..ROLLS-1 rolls; the (negligible) rest is folded into the last.
pub const ROLLS: usize = 32;
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
fn mover_home(p: &Position) -> [u8; 6] {
    let b = p.board();
    let mut c = [0u8; 6];
    for i in 0..6 {
        c[i] = b[i + 1].max(0) as u8;
    }
    c
}

/// The database: `ROLLS` probabilities per position, and the expected number of rolls.
pub struct Database {
    dist: Vec<f32>,
    mean: Vec<f32>,
}

fn all_boards() -> Vec<[u8; 6]> {
    let mut v = vec![[0u8; 6]; POSITIONS];
    let mut c = [0u8; 6];
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
    rec(&mut c, 0, 15, &mut v);
    v
}

impl Database {
    /// Computes the whole database.
    pub fn build() -> Database {
        let boards = all_boards();
        let mut order: Vec<usize> = (0..POSITIONS).collect();
        let pips = |c: &[u8; 6]| -> u32 { c.iter().enumerate().map(|(i, &n)| (i as u32 + 1) * n as u32).sum() };
        order.sort_by_key(|&i| pips(&boards[i]));
        let mut dist = vec![0.0f32; POSITIONS * ROLLS];
        let mut mean = vec![0.0f32; POSITIONS];
        let mut buf = Vec::with_capacity(64);
        let rolls: Vec<(u8, u8, f32)> = (1..=6u8)
            .flat_map(|a| (1..=a).map(move |b| (a, b, if a == b { 1.0 / 36.0 } else { 2.0 / 36.0 })))
            .collect();
        for &i in &order {
            let c = boards[i];
            if c.iter().all(|&n| n == 0) {
                dist[i * ROLLS] = 1.0;
                continue;
            }
            let mut setup = Setup::default();
            setup.mover[..6].copy_from_slice(&c);
            let pos = Position::from_setup(&setup).expect("a home board is a valid position");
            let mut d = [0.0f32; ROLLS];
            let mut m = 1.0f32;
            for &(a, b, w) in &rolls {
                pos.plays_into(a, b, MoveRules::STANDARD, &mut buf);
                let mut best = usize::MAX;
                let mut best_mean = f32::INFINITY;
                for q in &buf {
                    let j = index(&mover_home(q));
                    if mean[j] < best_mean {
                        best_mean = mean[j];
                        best = j;
                    }
                }
                m += w * best_mean;
                let src = &dist[best * ROLLS..(best + 1) * ROLLS];
                for r in 0..ROLLS - 1 {
                    d[r + 1] += w * src[r];
                }
                d[ROLLS - 1] += w * src[ROLLS - 1];
            }
            dist[i * ROLLS..(i + 1) * ROLLS].copy_from_slice(&d);
            mean[i] = m;
        }
        Database { dist, mean }
    }

    /// The shared database, built on first use.
    pub fn get() -> &'static Database {
        static DB: OnceLock<Database> = OnceLock::new();
        DB.get_or_init(Database::build)
    }

    /// The distribution of the number of rolls to bear off a home board.
    pub fn distribution(&self, c: &[u8; 6]) -> &[f32] {
        let i = index(c);
        &self.dist[i * ROLLS..(i + 1) * ROLLS]
    }

    /// The expected number of rolls to bear off a home board.
    pub fn mean_rolls(&self, c: &[u8; 6]) -> f32 {
        self.mean[index(c)]
    }

    /// The chance that the side on roll in `p` wins, when [`applies`] to `p`.
    pub fn win_probability(&self, p: &Position) -> f32 {
        let me = self.distribution(&mover_home(p));
        let them = self.distribution(&mover_home(&p.flip()));
        // I win if I need n rolls and he needs at least n.
        let mut at_least = [0.0f32; ROLLS + 1];
        for r in (0..ROLLS).rev() {
            at_least[r] = at_least[r + 1] + them[r];
        }
        let mut w = 0.0f32;
        for n in 0..ROLLS {
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
    for i in 7..=24 {
        if b[i] > 0 {
            return false;
        }
    }
    for i in 1..=18 {
        if b[i] < 0 {
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_is_a_bijection() {
        let boards = all_boards();
        for (i, c) in boards.iter().enumerate() {
            assert_eq!(index(c), i);
            assert!(c.iter().map(|&n| n as u32).sum::<u32>() <= 15);
        }
        assert_eq!(index(&[0, 0, 0, 0, 0, 15]), POSITIONS - 1);
    }
}
