//! Position classes, the way GNU Backgammon's `ClassifyPosition` (its eval.c) splits
//! backgammon positions between its nets: what the training jobs use to aim their positions at
//! one kind of game (a rollout-labelling job of crashed positions only), and what the cube
//! check's fixture calls its classes.
//!
//! - **Race**: no more contact ([`Position::is_race`]); **bear-off** when the one-sided
//!   database values it exactly ([`bearoff::applies`]).
//! - **Crashed**: contact, and one side has at most [`CRASHED_CHECKERS`] checkers left that
//!   can still play a part: counting its checkers not borne off, less those piled on its ace
//!   point beyond the first when it holds more than one there, and less those on its deuce
//!   point beyond the first when it holds more than one on each. With no checker on its ace
//!   point a side counts one more (GNU Backgammon's arithmetic, kept as it is).
//! - **Contact**: every other position with contact.

use std::str::FromStr;

use super::bearoff;
use crate::backgammon::Position;

/// The checkers a side may have left in play for a contact position to count as crashed.
pub const CRASHED_CHECKERS: u32 = 6;

/// A position's class (see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PositionClass {
    Contact,
    Crashed,
    Race,
    Bearoff,
}

impl PositionClass {
    /// Every class, in the order of [`PositionClass::name`]'s table.
    pub const ALL: [PositionClass; 4] =
        [PositionClass::Contact, PositionClass::Crashed, PositionClass::Race, PositionClass::Bearoff];

    /// The class's name, as the cube fixture and the CLI write it.
    pub fn name(self) -> &'static str {
        match self {
            PositionClass::Contact => "contact",
            PositionClass::Crashed => "crashed",
            PositionClass::Race => "race",
            PositionClass::Bearoff => "bearoff",
        }
    }

    /// The class named `name` ([`PositionClass::name`]).
    pub fn from_name(name: &str) -> Option<PositionClass> {
        PositionClass::ALL.into_iter().find(|c| c.name() == name)
    }
}

impl FromStr for PositionClass {
    type Err = String;

    /// A class by its [`PositionClass::name`], with an error that lists the names.
    fn from_str(s: &str) -> Result<PositionClass, String> {
        PositionClass::from_name(s).ok_or_else(|| format!("'{s}' is not a class (contact, crashed, race, bearoff)"))
    }
}

/// The class of `p` (see the module documentation). Symmetric: `p` and `p.flip()` have the same
/// class.
pub fn classify(p: &Position) -> PositionClass {
    if p.is_race() {
        return if bearoff::applies(p) { PositionClass::Bearoff } else { PositionClass::Race };
    }
    let board = p.to_gnubg_board();
    if board.iter().any(crashed_side) { PositionClass::Crashed } else { PositionClass::Contact }
}

/// One side's half of the crashed test, on GNU Backgammon's board of that side (index 0 its
/// ace point, 24 its bar).
fn crashed_side(board: &[u8; 25]) -> bool {
    let n = CRASHED_CHECKERS;
    let total: u32 = board.iter().map(|&c| c as u32).sum();
    let (ace, deuce) = (board[0] as u32, board[1] as u32);
    if total <= n {
        return true;
    }
    if ace > 1 {
        total - ace <= n || (deuce > 1 && 1 + total - (ace + deuce) <= n)
    } else {
        // GNU Backgammon computes `tot - (board[1] - 1)` in unsigned arithmetic, which is
        // `tot + 1` with an empty deuce point; `tot - deuce + 1 <= n` either way.
        total < n + deuce
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backgammon::Setup;

    fn position(mover: &[(usize, u8)], opponent: &[(usize, u8)]) -> Position {
        let mut s = Setup { mover: [0; 25], opponent: [0; 25], unentered: [0, 0] };
        for &(i, n) in mover {
            s.mover[i] = n;
        }
        for &(i, n) in opponent {
            s.opponent[i] = n;
        }
        Position::from_setup(&s).expect("a legal set-up")
    }

    #[test]
    fn the_opening_position_is_contact() {
        assert_eq!(classify(&Position::start()), PositionClass::Contact);
    }

    #[test]
    fn a_side_with_six_checkers_left_in_contact_is_crashed() {
        // The mover has borne off 9 and has 6 left, one of them still back against an anchor.
        let p = position(&[(22, 1), (2, 2), (3, 3)], &[(0, 2), (5, 5), (6, 4), (7, 4)]);
        assert_eq!(classify(&p), PositionClass::Crashed);
        assert_eq!(classify(&p.flip()), PositionClass::Crashed);
        // Seven left: contact.
        let q = position(&[(22, 1), (2, 3), (3, 3)], &[(0, 2), (5, 5), (6, 4), (7, 4)]);
        assert_eq!(classify(&q), PositionClass::Contact);
    }

    #[test]
    fn checkers_piled_on_the_low_points_do_not_count() {
        // 15 checkers, 6 on the ace point and 4 on the deuce: 15 - 10 + 1 = 6 left, crashed; with
        // 5 on the ace point, 15 - 9 + 1 = 7, contact.
        let opp = [(0, 2), (10, 5), (12, 4), (15, 4)];
        let p = position(&[(0, 6), (1, 4), (3, 2), (4, 2), (20, 1)], &opp);
        assert_eq!(classify(&p), PositionClass::Crashed);
        let q = position(&[(0, 5), (1, 4), (3, 3), (4, 2), (20, 1)], &opp);
        assert_eq!(classify(&q), PositionClass::Contact);
    }

    #[test]
    fn races_and_bearoffs_are_never_crashed() {
        let race = position(&[(10, 2), (2, 2)], &[(7, 3), (1, 1)]);
        assert_eq!(classify(&race), PositionClass::Race);
        let home = position(&[(1, 2), (2, 2)], &[(3, 3), (1, 1)]);
        assert_eq!(classify(&home), PositionClass::Bearoff);
    }

    /// The cube fixture's class column is GNU Backgammon's own `classify` (gnubg-nn): ours agrees
    /// on every contact and crashed position, and on race against contact.
    #[test]
    fn the_classes_agree_with_gnu_backgammon_on_the_cube_fixture() {
        let fixture = include_str!("../../../tests/data/backgammon/gnubg-cube.tsv");
        let mut crashed = 0;
        for line in fixture.lines().filter(|l| !l.starts_with('#')) {
            let f: Vec<&str> = line.split('\t').collect();
            let p = Position::from_position_id(f[0]).expect("a fixture position");
            let ours = classify(&p);
            let theirs = match f[2] {
                "bearoff" => PositionClass::Race,
                c => PositionClass::from_name(c).expect("a class name"),
            };
            let ours = if ours == PositionClass::Bearoff { PositionClass::Race } else { ours };
            assert_eq!(ours, theirs, "{}", f[0]);
            crashed += usize::from(ours == PositionClass::Crashed);
        }
        assert_eq!(crashed, 54);
    }

    #[test]
    fn names_round_trip() {
        for c in PositionClass::ALL {
            assert_eq!(PositionClass::from_name(c.name()), Some(c));
        }
        assert_eq!(PositionClass::from_name("backgame"), None);
    }
}
