//! Helpers shared by the integration tests (each test file includes it with `mod common;`).

use tabla::backgammon::{Position, Setup};

/// A backgammon position from the mover's view: `(point, checkers)` for each side, points 1-24
/// counted from that side's own home board; the rest borne off.
pub fn setup(mover: &[(usize, u8)], opponent: &[(usize, u8)]) -> Position {
    let mut s = Setup::default();
    for &(pt, n) in mover {
        s.mover[pt - 1] = n;
    }
    for &(pt, n) in opponent {
        s.opponent[pt - 1] = n;
    }
    Position::from_setup(&s).unwrap()
}
