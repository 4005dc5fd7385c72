//! Helpers shared by the backgammon integration tests (each test file that needs them says
//! `mod support;`).

#![allow(dead_code)]

use tabla::backgammon::{Position, Setup};

/// A position from the mover's point of view. `x`: (mover's point, checkers), 25 = his bar.
/// `o`: (mover's point, opponent checkers), 25 = the opponent's bar. Missing checkers are off.
pub fn pos(x: &[(u8, u8)], o: &[(u8, u8)]) -> Position {
    pos_ad(x, o, [0, 0])
}

/// [`pos`] with acey-deucey checkers not yet entered, `[mover, opponent]`.
pub fn pos_ad(x: &[(u8, u8)], o: &[(u8, u8)], unentered: [u8; 2]) -> Position {
    let mut s = Setup { unentered, ..Setup::default() };
    for &(p, n) in x {
        s.mover[p as usize - 1] += n;
    }
    for &(p, n) in o {
        let i = if p == 25 { 24 } else { 24 - p as usize };
        s.opponent[i] += n;
    }
    Position::from_setup(&s).unwrap()
}
