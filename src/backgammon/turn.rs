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

/// BG-MOVE: the dice of a roll as they are played, in the order given: a double four times
/// ([`moves_of`]), other rolls once each.
pub fn dice_to_play(d1: u8, d2: u8) -> Vec<u8> {
    if d1 == d2 { vec![d1; moves_of(d1, d2)] } else { vec![d1, d2] }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backgammon::{Game, Phase, Setup};
    use crate::dice::Dice;

    fn ad(extra: bool) -> Options {
        let mut o = Options::new(Variant::AceyDeucey);
        o.doubles_extra_roll = extra;
        o
    }

    fn mid() -> Position {
        Position::acey_deucey_start()
    }

    fn won() -> Position {
        let mut s = Setup::default();
        s.opponent[5] = 15;
        Position::from_setup(&s).unwrap()
    }

    #[test]
    fn bg_turn_passes_after_a_roll() {
        for v in [Variant::Backgammon, Variant::Table] {
            let mut o = Options::new(v);
            o.doubles_extra_roll = true; // an acey-deucey option: ignored here
            for (dice, steps) in [([3, 1], 2), ([6, 6], 4), ([6, 6], 1), ([5, 2], 0)] {
                assert_eq!(
                    next_after(&o, TurnPart::of_roll(&o, dice[0], dice[1]), dice, steps, &mid()),
                    Next::Opponent
                );
            }
            assert!(always_passes(&o));
        }
        assert!(!always_passes(&ad(false)));
    }

    #[test]
    fn ad_acey_deucey_full_1_2_chooses_doubles_then_full_doubles_roll_again() {
        for extra in [false, true] {
            let o = ad(extra);
            assert_eq!(TurnPart::of_roll(&o, 2, 1), TurnPart::AceyDeucey12);
            assert_eq!(TurnPart::of_roll(&o, 1, 2), TurnPart::AceyDeucey12);
            assert_eq!(TurnPart::of_roll(&Options::new(Variant::Backgammon), 1, 2), TurnPart::Roll);
            assert_eq!(next_after(&o, TurnPart::AceyDeucey12, [1, 2], 2, &mid()), Next::ChooseDoubles);
            assert_eq!(next_after(&o, TurnPart::ChosenDoubles, [4, 4], 4, &mid()), Next::SameSide);
        }
    }

    #[test]
    fn ad_lost_rest_when_the_1_2_or_the_chosen_doubles_are_not_played_in_full() {
        for extra in [false, true] {
            let o = ad(extra);
            for steps in [0, 1] {
                assert_eq!(next_after(&o, TurnPart::AceyDeucey12, [1, 2], steps, &mid()), Next::Opponent);
            }
            for steps in 0..4 {
                assert_eq!(next_after(&o, TurnPart::ChosenDoubles, [4, 4], steps, &mid()), Next::Opponent);
            }
        }
    }

    #[test]
    fn ad_doubles_extra_roll_only_for_rolled_doubles_played_in_full() {
        assert_eq!(next_after(&ad(true), TurnPart::Roll, [5, 5], 4, &mid()), Next::SameSide);
        assert_eq!(next_after(&ad(false), TurnPart::Roll, [5, 5], 4, &mid()), Next::Opponent);
        for steps in 0..4 {
            assert_eq!(next_after(&ad(true), TurnPart::Roll, [5, 5], steps, &mid()), Next::Opponent);
        }
        assert_eq!(next_after(&ad(true), TurnPart::Roll, [5, 3], 2, &mid()), Next::Opponent);
    }

    #[test]
    fn bg_win_ends_the_game_in_any_part_of_the_turn() {
        for o in [Options::new(Variant::Backgammon), ad(false), ad(true)] {
            for (part, dice) in
                [(TurnPart::Roll, [6, 6]), (TurnPart::AceyDeucey12, [1, 2]), (TurnPart::ChosenDoubles, [3, 3])]
            {
                for steps in 1..=4 {
                    assert_eq!(next_after(&o, part, dice, steps, &won()), Next::GameOver);
                }
            }
        }
    }

    /// [`first_roll_may_be_doubles`] is what the referee does: after BG-START-ROLL in backgammon
    /// and table the opening dice are played at once (never doubles: ties re-roll); otherwise
    /// the first player rolls both dice.
    #[test]
    fn bg_start_first_roll_may_be_doubles_as_the_referee_plays_it() {
        for v in [Variant::Backgammon, Variant::Table, Variant::AceyDeucey] {
            for start in [StartRule::Roll, StartRule::White] {
                let mut o = Options::new(v);
                o.start = start;
                let mut g = Game::with_dice(o, Dice::seeded(1));
                if g.phase() == Phase::Opening {
                    g.set_dice(5, 2).unwrap();
                }
                assert_eq!(first_roll_may_be_doubles(&o), g.phase() == Phase::Roll, "{v} {start:?}");
                assert_eq!(g.position_for(crate::backgammon::Player::White), start_position(v));
            }
        }
    }
}
