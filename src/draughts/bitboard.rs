//! 32-square bitboards and precomputed diagonal geometry.
//!
//! A [`Bitboard`] is a `u32` whose bit `i` is square index `i` (see [`super::square`]). Every
//! bit pattern is a valid set of squares. Diagonal steps are shifts whose size depends on the
//! parity of the rank (`+3/+4` from even ranks, `+4/+5` from odd ranks going up); a jump (two
//! steps in one direction) is always `±7` or `±9`.

use super::square::Square;

/// A set of dark squares: bit `i` is square index `i`.
pub type Bitboard = u32;

/// The four diagonal directions, seen from White's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    /// Up and to the left (towards a8): `c3 -> b4`.
    NorthWest = 0,
    /// Up and to the right (towards h8): `c3 -> d4`.
    NorthEast = 1,
    /// Down and to the left (towards a1): `c3 -> b2`.
    SouthWest = 2,
    /// Down and to the right (towards h1): `c3 -> d2`.
    SouthEast = 3,
}

impl Direction {
    /// All four directions.
    pub const ALL: [Direction; 4] =
        [Direction::NorthWest, Direction::NorthEast, Direction::SouthWest, Direction::SouthEast];

    /// Whether square indices increase along this direction.
    #[inline]
    pub const fn is_up(self) -> bool {
        (self as u8) < 2
    }
}

/// Ranks 1, 3, 5, 7 (0-based even ranks).
pub const EVEN_RANKS: Bitboard = 0x0F0F_0F0F;
/// Ranks 2, 4, 6, 8.
pub const ODD_RANKS: Bitboard = 0xF0F0_F0F0;
/// Squares with `index % 4 == 0` (files a and b).
pub const COL0: Bitboard = 0x1111_1111;
/// Squares with `index % 4 == 3` (files g and h).
pub const COL3: Bitboard = 0x8888_8888;
/// Rank 1 (Black's promotion rank).
pub const RANK1: Bitboard = 0x0000_000F;
/// Rank 8 (White's promotion rank).
pub const RANK8: Bitboard = 0xF000_0000;
/// The main road: the long diagonal a1-h8.
pub const MAIN_DIAGONAL: Bitboard = {
    let mut b = 0;
    let mut i = 0;
    while i < 8 {
        b |= 1 << (i * 4 + i / 2);
        i += 1;
    }
    b
};

/// All squares one step in direction `d` from the squares of `b` (squares that would leave the
/// board are dropped).
#[inline(always)]
pub const fn step(b: Bitboard, d: usize) -> Bitboard {
    match d {
        0 => ((b & EVEN_RANKS & !COL0) << 3) | ((b & ODD_RANKS) << 4),
        1 => ((b & EVEN_RANKS) << 4) | ((b & ODD_RANKS & !COL3) << 5),
        2 => ((b & EVEN_RANKS & !COL0) >> 5) | ((b & ODD_RANKS) >> 4),
        _ => ((b & EVEN_RANKS) >> 4) | ((b & ODD_RANKS & !COL3) >> 3),
    }
}

/// The direction opposite to `d` (index form).
#[inline(always)]
pub const fn opposite(d: usize) -> usize {
    3 - d
}

const NONE: u8 = 0xFF;

const fn build_neighbors() -> [[u8; 32]; 4] {
    let mut t = [[NONE; 32]; 4];
    let mut d = 0;
    while d < 4 {
        let mut s = 0;
        while s < 32 {
            let to = step(1 << s, d);
            if to != 0 {
                t[d][s] = to.trailing_zeros() as u8;
            }
            s += 1;
        }
        d += 1;
    }
    t
}

/// `NEIGHBOR[d][s]`: the square one step from `s` in direction `d`, or `0xFF` off the board.
pub const NEIGHBOR: [[u8; 32]; 4] = build_neighbors();

const fn build_rays() -> [[Bitboard; 32]; 4] {
    let mut t = [[0; 32]; 4];
    let mut d = 0;
    while d < 4 {
        let mut s = 0;
        while s < 32 {
            let mut ray = 0;
            let mut b = step(1 << s, d);
            while b != 0 {
                ray |= b;
                b = step(b, d);
            }
            t[d][s] = ray;
            s += 1;
        }
        d += 1;
    }
    t
}

const fn build_jump_land() -> [[u8; 32]; 4] {
    let mut t = [[NONE; 32]; 4];
    let mut d = 0;
    while d < 4 {
        let mut s = 0;
        while s < 32 {
            let to = step(step(1 << s, d), d);
            if to != 0 {
                t[d][s] = to.trailing_zeros() as u8;
            }
            s += 1;
        }
        d += 1;
    }
    t
}

/// `JUMP_LAND[d][s]`: the square two steps from `s` in direction `d` (where a man jumping from
/// `s` lands), or `0xFF` off the board.
pub const JUMP_LAND: [[u8; 32]; 4] = build_jump_land();

/// `RAY[d][s]`: every square beyond `s` in direction `d` up to the edge (not `s` itself).
pub const RAY: [[Bitboard; 32]; 4] = build_rays();

/// The square of `b` nearest to the origin of a ray in direction `d` (`b` must be non-empty and
/// lie on one ray in that direction).
#[inline(always)]
pub const fn nearest(b: Bitboard, d: usize) -> usize {
    if d < 2 { b.trailing_zeros() as usize } else { 31 - b.leading_zeros() as usize }
}

/// The squares of `RAY[d][s]` strictly before the first square of `occupied` on it (all of the
/// ray if it holds none): the squares a flying king on `s` can slide to in direction `d`.
#[inline(always)]
pub const fn slide(s: usize, d: usize, occupied: Bitboard) -> Bitboard {
    let ray = RAY[d][s];
    let blockers = ray & occupied;
    if blockers == 0 {
        ray
    } else {
        let b = nearest(blockers, d);
        ray & !(RAY[d][b] | (1 << b))
    }
}

const fn build_jump_from() -> [Bitboard; 4] {
    let mut t = [0; 4];
    let mut d = 0;
    while d < 4 {
        let mut s = 0;
        while s < 32 {
            if step(step(1 << s, d), d) != 0 {
                t[d] |= 1 << s;
            }
            s += 1;
        }
        d += 1;
    }
    t
}

/// `JUMP_FROM[d]`: the squares from which a jump (two steps) in direction `d` stays on the
/// board. A jump is a shift by 7 (north-west), 9 (north-east), -9 (south-west) or -7
/// (south-east) whatever the rank.
pub const JUMP_FROM: [Bitboard; 4] = build_jump_from();

/// Iterates over the squares of a bitboard in index order.
#[derive(Clone, Copy, Debug)]
pub struct Squares(pub Bitboard);

impl Iterator for Squares {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            let s = self.0.trailing_zeros() as u8;
            self.0 &= self.0 - 1;
            Some(Square::new_unchecked(s))
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Squares {}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> usize {
        Square::parse(s).unwrap().index()
    }

    #[test]
    fn steps_and_rays() {
        assert_eq!(NEIGHBOR[0][sq("c3")] as usize, sq("b4"));
        assert_eq!(NEIGHBOR[1][sq("c3")] as usize, sq("d4"));
        assert_eq!(NEIGHBOR[2][sq("c3")] as usize, sq("b2"));
        assert_eq!(NEIGHBOR[3][sq("c3")] as usize, sq("d2"));
        assert_eq!(NEIGHBOR[0][sq("a1")], NONE);
        assert_eq!(NEIGHBOR[1][sq("h2")], NONE);
        assert_eq!(NEIGHBOR[1][sq("g7")] as usize, sq("h8"));
        assert_eq!(NEIGHBOR[3][sq("g1")], NONE);
        assert_eq!(RAY[1][sq("a1")] | 1, MAIN_DIAGONAL);
        assert_eq!(RAY[1][sq("a1")].count_ones(), 7);
        assert_eq!(RAY[2][sq("h8")].count_ones(), 7);
        assert_eq!(RAY[0][sq("h2")].count_ones(), 6);
        for d in 0..4 {
            for s in 0..32 {
                // every ray is a chain of single steps
                let mut b = 0;
                let mut t = NEIGHBOR[d][s];
                while t != NONE {
                    b |= 1 << t;
                    t = NEIGHBOR[d][t as usize];
                }
                assert_eq!(b, RAY[d][s]);
            }
        }
    }
}
