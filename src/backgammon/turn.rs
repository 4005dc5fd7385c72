//! The structure of a turn: which part of a turn a play is, and what follows it. The referee
//! ([`super::Game::confirm`]) and the computer opponent (`crate::ai::backgammon`) both ask
//! [`next_after`]; neither decides it on its own.
//!
//! - BG-TURN: after a play the opponent rolls.
//! - AD-ACEY-DEUCEY: after the 1 and the 2 of a rolled 1-2 are both played, the same player
//!   chooses any doubles and plays it four times; when all four are played he rolls again
//!   (another 1-2 repeats the sequence).
//! - AD-LOST-REST: if the 1 and the 2 cannot both be played, or the chosen doubles not all
//!   four times, the turn ends there.
//! - Option `doubles_extra_roll` (acey-deucey only): rolled doubles played in full (four moves)
//!   also earn another roll; doubles not played in full do not.
//! - BG-WIN: a play that bears off the mover's last checker ends the game, whatever part of the
//!   turn it was.

use serde::{Deserialize, Serialize};

use super::position::{CHECKERS, Position};
use super::variant::{Options, StartRule, Variant};

/// Which part of a turn the dice being played are.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TurnPart {
    /// A rolled pair of dice that is not an acey-deucey 1-2 (doubles are played four times).
    #[default]
    Roll,
    /// AD-ACEY-DEUCEY: the 1 and the 2 of a rolled 1-2.
    AceyDeucey12,
    /// AD-ACEY-DEUCEY: the doubles chosen after a 1-2 (four moves of one number).
    ChosenDoubles,
}

impl TurnPart {
    /// The part a rolled `d1`-`d2` is under `options`: [`TurnPart::AceyDeucey12`] for a 1-2 in
    /// acey-deucey (in either order), else [`TurnPart::Roll`].
    #[inline]
    pub fn of_roll(options: &Options, d1: u8, d2: u8) -> TurnPart {
        if options.variant == Variant::AceyDeucey && d1.min(d2) == 1 && d1.max(d2) == 2 {
            TurnPart::AceyDeucey12
        } else {
            TurnPart::Roll
        }
    }
}

/// How many moves dice `d1`-`d2` give: four for doubles (rolled or chosen), else two. A play
/// with this many steps is played "in full".
#[inline]
pub fn moves_of(d1: u8, d2: u8) -> usize {
    if d1 == d2 { 4 } else { 2 }
}

/// What follows a play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Next {
    /// The turn passes: the opponent rolls.
    Opponent,
    /// The same player rolls again (acey-deucey: after chosen doubles played in full, or rolled
    /// doubles played in full with `doubles_extra_roll`).
    SameSide,
    /// The same player chooses doubles and plays them (acey-deucey, after a full 1-2).
    ChooseDoubles,
    /// The mover has borne off his last checker: the game is over (score it with
    /// [`super::scoring::score`]).
    GameOver,
}

/// What follows a play of `dice` (the two numbers of this part of the turn; chosen doubles are
/// `[n, n]`) in `part`, of which `steps` moves were played, leaving `after` (the position after
/// the play, seen from the mover). The rules are those of the module documentation.
#[inline]
pub fn next_after(options: &Options, part: TurnPart, dice: [u8; 2], steps: usize, after: &Position) -> Next {
    if after.off(false) == CHECKERS {
        return Next::GameOver;
    }
    let full = steps == moves_of(dice[0], dice[1]);
    match part {
        TurnPart::AceyDeucey12 if full => Next::ChooseDoubles,
        TurnPart::ChosenDoubles if full => Next::SameSide,
        TurnPart::Roll if full && dice[0] == dice[1] && doubles_extra_roll(options) => Next::SameSide,
        _ => Next::Opponent,
    }
}

/// The option `doubles_extra_roll` is in force (it is an acey-deucey option; other variants
/// ignore it).
#[inline]
fn doubles_extra_roll(options: &Options) -> bool {
    options.variant == Variant::AceyDeucey && options.doubles_extra_roll
}

/// Under `options` every play that does not end the game passes the turn ([`next_after`] is
/// [`Next::Opponent`] or [`Next::GameOver`]): no acey-deucey segments, no extra rolls. What a
/// search may rely on to skip the turn structure.
#[inline]
pub fn always_passes(options: &Options) -> bool {
    options.variant != Variant::AceyDeucey
}

/// The first roll of a game may be doubles: not when it is the two dice of the opening roll
/// (BG-START-ROLL in backgammon and table: ties re-roll), but when the first player rolls both
/// dice himself (BG-START-WHITE, or acey-deucey, whose opening winner rolls afresh).
pub fn first_roll_may_be_doubles(options: &Options) -> bool {
    options.start == StartRule::White || options.variant == Variant::AceyDeucey
}

/// The position a game of `variant` starts from: the standard setup, or in acey-deucey all 15
/// checkers of each side not yet entered.
pub fn start_position(variant: Variant) -> Position {
    match variant {
        Variant::AceyDeucey => Position::acey_deucey_start(),
        Variant::Backgammon | Variant::Table => Position::start(),
    }
}
