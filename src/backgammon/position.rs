//! The board, seen from the side on roll.
//!
//! A [`Position`] is always seen from the player who moves next (the **mover**, "x"); the other
//! player is the **opponent** ("o"). After a play the position is [flipped](Position::flip) so that
//! the opponent becomes the mover. This is how GNU Backgammon and wildbg see a board, and it lets
//! one move generator serve both colours.
//!
//! Layout (all counts are checkers):
//! - `board[1..=24]`: the mover's points 1..24 (his home board is 1..6, he moves from 24 towards
//!   1); a positive number is the mover's checkers there, a negative number the opponent's.
//!   The mover's point `n` is the opponent's point `25 - n`.
//! - `board[25]`: the mover's bar (`>= 0`); `board[0]`: the opponent's bar, stored negative.
//! - `off[0]`, `off[1]`: checkers borne off by the mover and by the opponent.
//! - `unentered[0]`, `unentered[1]`: acey-deucey checkers not yet entered (always 0 in
//!   backgammon and table). They enter like checkers from the bar ("from 25") but are **not**
//!   compelled to enter first.
//!
//! Invariants (checked by [`Position::from_setup`] and kept by every move): each side has exactly
//! 15 checkers in all (points + bar + off + unentered); no point holds checkers of both sides.

use std::fmt;

/// The number of checkers per side.
pub const CHECKERS: u8 = 15;
/// Index of the mover's bar in [`Position::board`]; also the "from" number of an entering step.
pub const BAR: usize = 25;
/// Index of the opponent's bar in [`Position::board`] (stored as a negative count).
pub const OPP_BAR: usize = 0;
/// The "to" number of a bearing-off step.
pub const OFF: usize = 0;

/// Where a checker entering "from 25" comes from ([`Position::entry_source`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum EntrySource {
    /// A hit checker on the bar.
    Bar,
    /// An acey-deucey checker not yet entered.
    Unentered,
}

/// A backgammon-family position, seen from the side on roll (see the module documentation).
///
/// 32 bytes, 16-byte aligned: the move generator treats it as four 64-bit words.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(C, align(16))]
pub struct Position {
    pub(crate) board: [i8; 26],
    pub(crate) off: [u8; 2],
    pub(crate) unentered: [u8; 2],
    /// Always zero (makes the size 32 with no implicit padding).
    pub(crate) pad: [u8; 2],
}

const _: () = assert!(std::mem::size_of::<Position>() == 32);

/// A loose description of a position, not yet validated: the number of checkers of each side on
/// each point, counted **from that side's own view** (index 0 = his point 1, index 23 = his point
/// 24, index 24 = his bar), plus his checkers not yet entered. Borne-off checkers are whatever is
/// missing from 15. This is GNU Backgammon's board layout (`[opponent, on_roll]`), extended.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Setup {
    /// Checkers of the side on roll, from his own view.
    pub mover: [u8; 25],
    /// Checkers of the opponent, from his own view.
    pub opponent: [u8; 25],
    /// Acey-deucey checkers not yet entered: `[mover, opponent]`.
    pub unentered: [u8; 2],
}

/// Why a [`Setup`] is not a valid position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// A side has more than 15 checkers on the board, on the bar and not yet entered.
    TooManyCheckers { opponent: bool, count: u32 },
    /// Both sides have checkers on the same point (given as the mover's point number).
    SharedPoint { point: u8 },
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::TooManyCheckers { opponent, count } => write!(
                f,
                "the {} has {count} checkers, but a side has 15 at most",
                if *opponent { "opponent" } else { "player on roll" }
            ),
            SetupError::SharedPoint { point } => {
                write!(f, "both sides have checkers on the point {point} (of the player on roll)")
            }
        }
    }
}

impl std::error::Error for SetupError {}

impl Position {
    /// The backgammon (and table) starting position: 2 checkers on the 24-point, 5 on the 13,
    /// 3 on the 8 and 5 on the 6, for each side. Its gnubg Position ID is `4HPwATDgc/ABMA`.
    pub const fn start() -> Position {
        let mut board = [0i8; 26];
        board[24] = 2;
        board[13] = 5;
        board[8] = 3;
        board[6] = 5;
        board[1] = -2;
        board[12] = -5;
        board[17] = -3;
        board[19] = -5;
        Position { board, off: [0, 0], unentered: [0, 0], pad: [0, 0] }
    }

    /// The acey-deucey starting position: all 15 checkers of each side not yet entered.
    pub const fn acey_deucey_start() -> Position {
        Position { board: [0; 26], off: [0, 0], unentered: [CHECKERS, CHECKERS], pad: [0, 0] }
    }

    /// A position with no checkers anywhere and all 30 borne off (used as a blank to build on).
    pub(crate) const fn empty() -> Position {
        Position { board: [0; 26], off: [CHECKERS, CHECKERS], unentered: [0, 0], pad: [0, 0] }
    }

    /// Validates a [`Setup`].
    pub fn from_setup(setup: &Setup) -> Result<Position, SetupError> {
        let mut p = Position::empty();
        let m: u32 = setup.mover.iter().map(|&c| c as u32).sum::<u32>() + setup.unentered[0] as u32;
        let o: u32 = setup.opponent.iter().map(|&c| c as u32).sum::<u32>() + setup.unentered[1] as u32;
        if m > CHECKERS as u32 {
            return Err(SetupError::TooManyCheckers { opponent: false, count: m });
        }
        if o > CHECKERS as u32 {
            return Err(SetupError::TooManyCheckers { opponent: true, count: o });
        }
        for i in 0..24 {
            let mine = setup.mover[i];
            let theirs = setup.opponent[23 - i];
            if mine > 0 && theirs > 0 {
                return Err(SetupError::SharedPoint { point: i as u8 + 1 });
            }
            p.board[i + 1] = mine as i8 - theirs as i8;
        }
        p.board[BAR] = setup.mover[24] as i8;
        p.board[OPP_BAR] = -(setup.opponent[24] as i8);
        p.unentered = setup.unentered;
        p.off = [(CHECKERS as u32 - m) as u8, (CHECKERS as u32 - o) as u8];
        Ok(p)
    }

    /// The loose description of this position (inverse of [`Position::from_setup`]).
    pub fn to_setup(&self) -> Setup {
        let mut s = Setup::default();
        for i in 0..24 {
            let c = self.board[i + 1];
            if c > 0 {
                s.mover[i] = c as u8;
            } else if c < 0 {
                s.opponent[23 - i] = (-c) as u8;
            }
        }
        s.mover[24] = self.board[BAR] as u8;
        s.opponent[24] = (-self.board[OPP_BAR]) as u8;
        s.unentered = self.unentered;
        s
    }

    /// GNU Backgammon's board, `[opponent, on_roll]`, each from its own side (index 24 = bar).
    /// Acey-deucey checkers not yet entered are counted on the bar (gnubg has no such notion).
    pub fn to_gnubg_board(&self) -> [[u8; 25]; 2] {
        let s = self.to_setup();
        let mut o = s.opponent;
        let mut m = s.mover;
        o[24] += s.unentered[1];
        m[24] += s.unentered[0];
        [o, m]
    }

    /// The position from GNU Backgammon's board `[opponent, on_roll]`.
    pub fn from_gnubg_board(board: &[[u8; 25]; 2]) -> Result<Position, SetupError> {
        Position::from_setup(&Setup { mover: board[1], opponent: board[0], unentered: [0, 0] })
    }

    /// The raw board: index 1..=24 the mover's points (positive: mover, negative: opponent),
    /// 25 the mover's bar (`>= 0`), 0 the opponent's bar (`<= 0`). See the module documentation.
    #[inline]
    pub fn board(&self) -> &[i8; 26] {
        &self.board
    }

    /// Checkers on the mover's point `point` (1..=24): positive for the mover, negative for the
    /// opponent. 25 is the mover's bar, 0 the opponent's bar (negative). Out of range gives 0.
    #[inline]
    pub fn point(&self, point: usize) -> i8 {
        self.board.get(point).copied().unwrap_or(0)
    }

    /// Checkers on the bar: `bar(false)` the mover's, `bar(true)` the opponent's.
    #[inline]
    pub fn bar(&self, opponent: bool) -> u8 {
        if opponent { (-self.board[OPP_BAR]) as u8 } else { self.board[BAR] as u8 }
    }

    /// Checkers borne off: `off(false)` the mover's, `off(true)` the opponent's.
    #[inline]
    pub fn off(&self, opponent: bool) -> u8 {
        self.off[opponent as usize]
    }

    /// Acey-deucey checkers not yet entered: `unentered(false)` the mover's.
    #[inline]
    pub fn unentered(&self, opponent: bool) -> u8 {
        self.unentered[opponent as usize]
    }

    /// BG-BAR-FIRST: where the mover's next checker entering "from 25" comes from: the bar while
    /// a hit checker is there, else (acey-deucey) his checkers not yet entered; `None` when he
    /// has neither. The move generator takes entering checkers in this order.
    #[inline]
    pub fn entry_source(&self) -> Option<EntrySource> {
        if self.board[BAR] > 0 {
            Some(EntrySource::Bar)
        } else if self.unentered[0] > 0 {
            Some(EntrySource::Unentered)
        } else {
            None
        }
    }

    /// The same position seen from the opponent (who becomes the mover).
    #[inline]
    pub fn flip(&self) -> Position {
        let mut board = [0i8; 26];
        for (i, b) in board.iter_mut().enumerate() {
            *b = -self.board[25 - i];
        }
        Position {
            board,
            off: [self.off[1], self.off[0]],
            unentered: [self.unentered[1], self.unentered[0]],
            pad: [0, 0],
        }
    }

    /// Pip counts `[mover, opponent]`: the pips each side needs to bear everything off; a checker
    /// on the bar or not yet entered counts 25.
    #[inline]
    pub fn pips(&self) -> [u32; 2] {
        let mut m = 0u32;
        let mut o = 0u32;
        for i in 1..=24 {
            let c = self.board[i] as i32;
            if c > 0 {
                m += (c as u32) * i as u32;
            } else if c < 0 {
                o += ((-c) as u32) * (25 - i) as u32;
            }
        }
        m += 25 * (self.board[BAR] as u32 + self.unentered[0] as u32);
        o += 25 * ((-self.board[OPP_BAR]) as u32 + self.unentered[1] as u32);
        [m, o]
    }

    /// True when the sides can no longer hit each other: every mover checker has passed every
    /// opponent checker (nothing on the bar, nothing left to enter).
    #[inline]
    pub fn is_race(&self) -> bool {
        if self.board[BAR] != 0 || self.board[OPP_BAR] != 0 || self.unentered != [0, 0] {
            return false;
        }
        // The mover's rearmost checker must be below the opponent's rearmost checker (in the
        // mover's numbering the opponent's rearmost checker is his lowest point).
        let mover_back = (1..=24).rev().find(|&i| self.board[i] > 0).unwrap_or(0);
        let opp_back = (1..=24).find(|&i| self.board[i] < 0).unwrap_or(25);
        mover_back < opp_back
    }

    /// The opposite of [`Position::is_race`].
    #[inline]
    pub fn is_contact(&self) -> bool {
        !self.is_race()
    }

    /// True when one side has borne off all 15 checkers.
    #[inline]
    pub fn game_over(&self) -> bool {
        self.off[0] == CHECKERS || self.off[1] == CHECKERS
    }

    /// Total checkers of a side (always 15 for a valid position).
    pub fn checkers(&self, opponent: bool) -> u32 {
        let on_board: u32 = if opponent {
            self.board[1..25].iter().filter(|&&c| c < 0).map(|&c| (-c) as u32).sum()
        } else {
            self.board[1..25].iter().filter(|&&c| c > 0).map(|&c| c as u32).sum()
        };
        on_board + self.bar(opponent) as u32 + self.off(opponent) as u32 + self.unentered(opponent) as u32
    }

    /// Mover's highest occupied point: 25 if he has a checker on the bar or not yet entered,
    /// 0 if he has no checker left to move.
    #[inline]
    pub fn highest(&self) -> usize {
        if self.board[BAR] > 0 || self.unentered[0] > 0 {
            return BAR;
        }
        let mut i = 24;
        while i > 0 && self.board[i] <= 0 {
            i -= 1;
        }
        i
    }
}

impl Position {
    /// The same position with `n` of the mover's bar checkers counted as not yet entered
    /// (acey-deucey; a Position ID counts such checkers on the bar).
    pub fn with_unentered(mut self, n: u8) -> Result<Position, String> {
        if n > self.bar(false) {
            return Err(format!("the player on roll has only {} checkers on the bar", self.bar(false)));
        }
        self.board[BAR] -= n as i8;
        self.unentered[0] += n;
        Ok(self)
    }
}

impl Default for Position {
    fn default() -> Position {
        Position::start()
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position(x:")?;
        if self.board[BAR] > 0 {
            write!(f, " bar:{}", self.board[BAR])?;
        }
        for i in (1..=24).rev() {
            if self.board[i] > 0 {
                write!(f, " {}:{}", i, self.board[i])?;
            }
        }
        if self.unentered[0] > 0 {
            write!(f, " in:{}", self.unentered[0])?;
        }
        write!(f, " off:{}; o:", self.off[0])?;
        if self.board[OPP_BAR] < 0 {
            write!(f, " bar:{}", -self.board[OPP_BAR])?;
        }
        for i in 1..=24 {
            if self.board[i] < 0 {
                write!(f, " {}:{}", 25 - i, -self.board[i])?;
            }
        }
        if self.unentered[1] > 0 {
            write!(f, " in:{}", self.unentered[1])?;
        }
        write!(f, " off:{})", self.off[1])
    }
}

impl fmt::Display for Position {
    /// A compact text diagram, mover's checkers `X`, opponent's `O`, mover's points numbered.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let tag = |c: i8| -> String {
            if c > 0 {
                format!("X{c:<2}")
            } else if c < 0 {
                format!("O{:<2}", -c)
            } else {
                " . ".to_string()
            }
        };
        let top: Vec<String> = (13..=24).map(|i| format!("{i:<3}")).collect();
        writeln!(f, " {}", top.join(" "))?;
        let row: Vec<String> = (13..=24).map(|i| tag(self.board[i])).collect();
        writeln!(f, " {}", row.join(" "))?;
        let row: Vec<String> = (1..=12).rev().map(|i| tag(self.board[i])).collect();
        writeln!(f, " {}", row.join(" "))?;
        let bot: Vec<String> = (1..=12).rev().map(|i| format!("{i:<3}")).collect();
        writeln!(f, " {}", bot.join(" "))?;
        write!(
            f,
            " bar X{} O{}  off X{} O{}  unentered X{} O{}",
            self.board[BAR], -self.board[OPP_BAR], self.off[0], self.off[1], self.unentered[0], self.unentered[1]
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_has_15_each_and_167_pips() {
        let p = Position::start();
        assert_eq!(p.checkers(false), 15);
        assert_eq!(p.checkers(true), 15);
        assert_eq!(p.pips(), [167, 167]);
        assert_eq!(p.flip(), p);
        assert!(!p.is_race());
        assert!(!p.game_over());
    }

    #[test]
    fn setup_round_trips_and_validates() {
        let p = Position::start();
        assert_eq!(Position::from_setup(&p.to_setup()).unwrap(), p);
        let mut s = p.to_setup();
        s.opponent[0] = 1; // opponent's 1-point = mover's 24-point, where the mover has 2
        assert!(matches!(Position::from_setup(&s), Err(SetupError::TooManyCheckers { .. })));
        let mut s = p.to_setup();
        s.opponent[5] -= 1;
        s.opponent[0] = 1;
        assert_eq!(Position::from_setup(&s), Err(SetupError::SharedPoint { point: 24 }));
    }

    #[test]
    fn race_and_contact() {
        let mut s = Setup::default();
        s.mover[5] = 15; // all on the 6-point
        s.opponent[5] = 15; // all on his 6-point = our 19-point
        let p = Position::from_setup(&s).unwrap();
        assert!(p.is_race());
        s.mover[5] = 14;
        s.mover[19] = 1; // our 20-point, behind his checkers on our 19
        let p = Position::from_setup(&s).unwrap();
        assert!(p.is_contact());
        assert!(p.flip().is_contact());
        assert!(!Position::acey_deucey_start().is_race());
    }

    #[test]
    fn flip_twice_is_identity_and_swaps_sides() {
        let mut p = Position::start();
        p.board[25] = 1;
        p.board[24] = 1;
        p.board[0] = -2;
        p.board[19] = -3;
        let f = p.flip();
        assert_eq!(f.flip(), p);
        assert_eq!(f.bar(false), 2);
        assert_eq!(f.bar(true), 1);
        assert_eq!(f.pips(), [p.pips()[1], p.pips()[0]]);
    }
}
