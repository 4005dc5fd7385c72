//! Resignations (BG-RESIGN) decided by the computer: whether to accept a resignation offered to
//! it, and whether (and what) to resign itself. The rule itself (who may resign, what each kind
//! is worth) is the engine's ([`Game::resign`], [`Game::resignation_outcome`]); this module only
//! values positions.
//!
//! - **Accepting** (as GNU Backgammon does): the computer accepts a resignation worth `v` iff
//!   `v >= E - ACCEPT_TOLERANCE`, where `E` is what playing on is worth to it by its own
//!   evaluation, in the same unit as `v`. Money play: `v` is the offer's points (kind multiplier
//!   times the cube, Jacoby rule applied by the engine) and `E` the cube value times the
//!   cubeful equity of the accepter (Janowski's model, [`super::cube::money_equity`]; the
//!   cubeless equity when the cube is not in play). Match play: both are match winning chances:
//!   `v` those after winning the offer's points, `E` those of playing the game out at the
//!   current cube ([`super::cube`]'s match equity table).
//! - **Resigning**: the side to act resigns the largest kind `k` of the game's scoring such
//!   that the evaluation gives it at most [`RESIGN_EPSILON`] chance of doing better than losing
//!   `k`: of winning at all (single), of saving the gammon (gammon; table: mars), of saving the
//!   backgammon (backgammon; table: mars x4). Mars x8 and per-checker resignations are never
//!   offered: the probabilities do not model them.
//! - **Certainties**: in a race where the opponent has all his checkers home, the one-sided
//!   bear-off database bounds the number of rolls he needs ([`race_certainties`]); when the
//!   resigner cannot, even with double sixes every roll, win / bear off a checker / escape
//!   from the opponent's home board (table: bring every checker home) before that, the
//!   probability is set to exactly 0 or 1 in place of the net's estimate.

use serde::Serialize;

use super::bearoff::{self, DIST_LEN};
use super::cube::{match_chances, money_equity};
use super::eval::{Probabilities, Scoring};
use super::search::GameRules;
use crate::backgammon::{Game, OutcomeKind, Phase, Player, Position};

/// The largest chance of doing better than losing a kind at which the computer still resigns it.
pub const RESIGN_EPSILON: f32 = 0.01;
/// Float slack in the acceptance test (the offer is accepted when worth at least the evaluation
/// minus this).
pub const ACCEPT_TOLERANCE: f32 = 1e-4;
/// The depth of the evaluations behind resignation decisions (1 ply: a few milliseconds).
pub const RESIGN_PLY: u8 = 1;

/// What is certain in a position for a side, whatever the dice (from [`race_certainties`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Certainties {
    /// He cannot win.
    pub cannot_win: bool,
    /// He loses at least a gammon (the net's class 1: gammon, table mars).
    pub loses_gammon: bool,
    /// He loses at least a backgammon (the net's class 2: backgammon, table mars x4).
    pub loses_backgammon: bool,
    /// He cannot lose a gammon (he has borne off a checker).
    pub saves_gammon: bool,
    /// He cannot lose a backgammon: in a race, no checker of his is left in the opponent's home
    /// board (table: outside his own home board), and checkers never move back.
    pub saves_backgammon: bool,
}

/// The fewest rolls that can move checkers `pips` pips in `moves` checker moves at least (a
/// roll moves at most 24 pips, in at most 4 checker moves: double sixes).
fn min_rolls(pips: u32, moves: u32) -> u32 {
    pips.div_ceil(24).max(moves.div_ceil(4))
}

/// Pips and checker moves the mover needs, at least, to bring every checker above `limit` down
/// to `limit` or below.
fn to_reach(p: &Position, limit: usize) -> (u32, u32) {
    let b = p.board();
    let (mut pips, mut moves) = (0, 0);
    for (i, &c) in b.iter().enumerate().take(25).skip(limit + 1) {
        if c > 0 {
            pips += c as u32 * (i - limit) as u32;
            moves += c as u32;
        }
    }
    (pips, moves)
}

/// The most rolls the side on roll in `p` needs to bear off all his checkers, when they are all
/// home (the one-sided bear-off database, his rolls played to bear off fastest); `None` when
/// some are not home or the database's last entry (that many rolls or more) is reached.
fn max_bear_off_rolls(p: &Position) -> Option<u32> {
    let b = p.board();
    if b[25] != 0 || p.unentered(false) != 0 || b[7..=24].iter().any(|&c| c > 0) {
        return None;
    }
    let mut home = [0u8; 6];
    for (i, h) in home.iter_mut().enumerate() {
        *h = b[i + 1].max(0) as u8;
    }
    let dist = bearoff::Database::with(|db| db.distribution(&home).to_vec());
    let last = dist.iter().rposition(|&x| x > 0.0)?;
    (last < DIST_LEN - 1).then_some(last as u32)
}

/// What is certain for the side to move in `p` (the position seen from him), in a race where
/// his opponent has every checker home: `first` says whether he rolls next (else his opponent
/// does). A finished or contact position gives no certainty.
pub fn race_certainties(p: &Position, scoring: Scoring, first: bool) -> Certainties {
    let saves_gammon = p.off(false) > 0;
    let none = Certainties { saves_gammon, saves_backgammon: saves_gammon, ..Certainties::default() };
    if !p.is_race() || p.game_over() {
        return none;
    }
    let (home_pips, home_moves) = to_reach(p, 6);
    let (back_pips, back_moves) = to_reach(p, 18);
    let saves_backgammon = saves_gammon
        || match scoring {
            Scoring::Standard => back_moves == 0,
            Scoring::Table => home_moves == 0,
            Scoring::PerChecker => false,
        };
    let none = Certainties { saves_backgammon, ..none };
    let Some(opp_rolls) = max_bear_off_rolls(&p.flip()) else {
        return none;
    };
    // My k-th roll comes before his last roll iff k <= his rolls (I roll first), k < them else.
    let his_last = if first { opp_rolls } else { opp_rolls.saturating_sub(1) };
    let too_late = |pips: u32, moves: u32| min_rolls(pips, moves) > his_last;
    let [my_pips, _] = p.pips();
    let on_board: u32 = p.board()[1..=24].iter().filter(|&&c| c > 0).map(|&c| c as u32).sum();
    let cannot_win = too_late(my_pips, on_board);
    let lowest = (1..=24).find(|&i| p.board()[i] > 0).unwrap_or(1).min(6) as u32;
    let loses_gammon = p.off(false) == 0 && too_late(home_pips + lowest, home_moves + 1);
    let loses_backgammon = loses_gammon
        && match scoring {
            // A checker left in the winner's home board (my 19..24).
            Scoring::Standard => back_moves > 0 && too_late(back_pips, back_moves),
            // Table mars x4: a checker left outside my own home board.
            Scoring::Table => home_moves > 0 && too_late(home_pips, home_moves),
            Scoring::PerChecker => false,
        };
    Certainties { cannot_win, loses_gammon, loses_backgammon, saves_gammon, saves_backgammon }
}

/// `p` (for the side whose certainties `c` are) with what is certain set exactly.
pub fn with_certainties(p: &Probabilities, c: &Certainties) -> Probabilities {
    let mut q = *p;
    if c.cannot_win {
        q.win = 0.0;
        q.win_gammon = 0.0;
        q.win_backgammon = 0.0;
    }
    if c.loses_gammon {
        q.lose_gammon = 1.0 - q.win;
    }
    if c.loses_backgammon {
        q.lose_backgammon = q.lose_gammon;
    }
    if c.saves_gammon {
        q.lose_gammon = 0.0;
    }
    if c.saves_backgammon {
        q.lose_backgammon = 0.0;
    }
    Probabilities::from_outputs(&q.to_array())
}

/// The probabilities of `player`'s game in `game` before the player on turn rolls (1-ply
/// evaluation, with the race certainties).
fn probabilities_for(game: &Game, player: Player) -> Probabilities {
    let rules = GameRules::from_options(game.options());
    let pos = game.turn_start_position();
    let e = super::evaluate(&pos, &rules, RESIGN_PLY).probabilities;
    // What is certain for each side, the side on turn rolling first.
    let turn = with_certainties(&e, &race_certainties(&pos, rules.scoring(), true));
    let other = with_certainties(&turn.invert(), &race_certainties(&pos.flip(), rules.scoring(), false));
    if game.turn() == player { other.invert() } else { other }
}

/// The chance that `kind`'s resigner does better than losing `kind` (1.0 for the kinds the
/// probabilities do not model: mars x8, per checker).
fn chance_of_better(p: &Probabilities, kind: OutcomeKind, scoring: Scoring) -> f32 {
    let [single, gammon, backgammon] = super::eval::class_kinds(scoring);
    if scoring == Scoring::PerChecker {
        return 1.0;
    }
    if kind == single {
        p.win
    } else if kind == gammon {
        1.0 - p.lose_gammon
    } else if kind == backgammon {
        1.0 - p.lose_backgammon
    } else {
        1.0
    }
}

/// A resignation the computer offers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ResignAdvice {
    pub kind: OutcomeKind,
    /// What the opponent wins by accepting it (the engine's [`Game::resignation_outcome`]).
    pub points: u32,
}

/// Whether the player who may resign now ([`Game::resigner`]) should, and what: the largest
/// kind he cannot do better than losing (see the module documentation). `None`: play on (or
/// nobody may resign now).
pub fn resignation_for_game(game: &Game) -> Option<ResignAdvice> {
    let me = game.resigner()?;
    let scoring = game.options().scoring;
    let p = probabilities_for(game, me);
    let kind =
        game.resign_kinds().iter().rev().copied().find(|&k| chance_of_better(&p, k, scoring) <= RESIGN_EPSILON)?;
    let points = game.resignation_outcome(kind).ok()?.points;
    Some(ResignAdvice { kind, points })
}

/// The computer's answer to a resignation offered to it.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ResignAnswer {
    pub accept: bool,
    /// What the offer is worth to the accepter: points (money) or match winning chances.
    pub offered: f32,
    /// What playing on is worth to him by the evaluation, in the same unit.
    pub continuing: f32,
}

/// The answer to the resignation waiting in `game` (phase `Resignation`): accept iff it is worth
/// at least playing on (module documentation). `None` outside that phase.
pub fn resignation_answer(game: &Game) -> Option<ResignAnswer> {
    if game.phase() != Phase::Resignation {
        return None;
    }
    let offer = game.resignation_offer()?;
    let me = offer.player.other();
    let scoring = game.options().scoring;
    let p = probabilities_for(game, me);
    let cube = super::api::cube_state_for(game, me);
    let (offered, continuing) = match cube.score {
        Some(s) => (s.chances_after(offer.points as i32), match_chances(&p, scoring, &s, cube.value)),
        None if game.cube().enabled => (offer.points as f32, cube.value as f32 * money_equity(&p, scoring, &cube)),
        None => (offer.points as f32, cube.value as f32 * p.equity(scoring)),
    };
    Some(ResignAnswer { accept: offered >= continuing - ACCEPT_TOLERANCE, offered, continuing })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backgammon::{Options, Setup, Variant};
    use crate::dice::Dice;

    /// A game of `variant` from a setup (mover = White, on roll).
    fn game(variant: Variant, mover: &[(usize, u8)], opponent: &[(usize, u8)]) -> Game {
        let mut s = Setup { mover: [0; 25], opponent: [0; 25], unentered: [0, 0] };
        for &(pt, n) in mover {
            s.mover[pt - 1] = n;
        }
        for &(pt, n) in opponent {
            s.opponent[pt - 1] = n;
        }
        let pos = Position::from_setup(&s).unwrap();
        Game::from_position(pos, Player::White, Options::new(variant), Dice::seeded(1))
    }

    /// BG-RESIGN: White has 15 checkers on his 13-point, none off; Black has one checker left on
    /// his ace point. Black bears it off with his first roll; White needs 105 pips to come home:
    /// a gammon is certain, a backgammon impossible. White resigns exactly a gammon.
    #[test]
    fn bg_resign_computer_resigns_a_certain_gammon() {
        let g = game(Variant::Backgammon, &[(13, 15)], &[(1, 1)]);
        assert_eq!(g.position().position_id(), "AQAAAMD/HwAAAA");
        let c = race_certainties(&g.position(), Scoring::Standard, true);
        assert_eq!(
            c,
            Certainties { cannot_win: true, loses_gammon: true, saves_backgammon: true, ..Certainties::default() }
        );
        let a = resignation_for_game(&g).expect("resigns");
        assert_eq!((a.kind, a.points), (OutcomeKind::Gammon, 2));
    }

    /// BG-RESIGN: White's 15 checkers on his 19-point (Black's 6-point, in Black's home board),
    /// Black's last checker on his ace point: no contact (Black's checker is past White's),
    /// Black finishes with his first roll, White cannot move 15 checkers out of Black's home
    /// board in one roll: a backgammon is certain.
    #[test]
    fn bg_resign_computer_resigns_a_certain_backgammon() {
        let g = game(Variant::Backgammon, &[(19, 15)], &[(1, 1)]);
        assert_eq!(g.position().position_id(), "AQAAAADw/wcAAA");
        let c = race_certainties(&g.position(), Scoring::Standard, true);
        assert!(c.cannot_win && c.loses_gammon && c.loses_backgammon, "{c:?}");
        let a = resignation_for_game(&g).expect("resigns");
        assert_eq!((a.kind, a.points), (OutcomeKind::Backgammon, 3));
    }

    /// BG-RESIGN: the starting position: nobody resigns, and a single offered at the start is
    /// accepted (a point is more than the first roll's game is worth).
    #[test]
    fn bg_resign_nobody_resigns_the_starting_position() {
        let mut g =
            Game::from_position(Position::start(), Player::White, Options::new(Variant::Backgammon), Dice::seeded(1));
        assert_eq!(resignation_for_game(&g), None);
        g.resign(OutcomeKind::Single).unwrap();
        let a = resignation_answer(&g).unwrap();
        assert!(a.accept && a.offered == 1.0 && a.continuing < 0.5, "{a:?}");
    }

    /// BG-RESIGN: offered a single in the certain-gammon race, the winner declines (playing on
    /// is worth 2); offered the gammon, he accepts; offered the backgammon (3 points), too.
    #[test]
    fn bg_resign_computer_accepts_by_the_value_of_playing_on() {
        for (kind, accept) in
            [(OutcomeKind::Single, false), (OutcomeKind::Gammon, true), (OutcomeKind::Backgammon, true)]
        {
            let mut g = game(Variant::Backgammon, &[(13, 15)], &[(1, 1)]);
            g.resign(kind).unwrap();
            let a = resignation_answer(&g).unwrap();
            assert_eq!(a.accept, accept, "{kind:?}: {a:?}");
            assert!((a.continuing - 2.0).abs() < 0.01, "{a:?}");
        }
    }

    /// BG-RESIGN, table scoring: 15 checkers on the 13-point against one on the ace: White
    /// cannot bring his checkers home in one roll, so mars x4 (a checker outside his home board)
    /// is certain, and x8 (a checker on the bar) impossible: he concedes mars x4.
    #[test]
    fn bg_resign_table_resigns_the_certain_mars() {
        let g = game(Variant::Table, &[(13, 15)], &[(1, 1)]);
        let c = race_certainties(&g.position(), Scoring::Table, true);
        assert!(c.cannot_win && c.loses_gammon && c.loses_backgammon, "{c:?}");
        let a = resignation_for_game(&g).expect("resigns");
        assert_eq!((a.kind, a.points), (OutcomeKind::MarsX4, 4));
    }

    /// A close race (both sides home, a few checkers each): nothing is certain, nobody resigns.
    #[test]
    fn bg_resign_a_close_race_is_played_on() {
        let g = game(Variant::Backgammon, &[(3, 2), (5, 2)], &[(2, 2), (6, 2)]);
        let c = race_certainties(&g.position(), Scoring::Standard, true);
        assert_eq!(c, Certainties { saves_gammon: true, saves_backgammon: true, ..Certainties::default() });
        assert_eq!(resignation_for_game(&g), None);
    }

    /// The Jacoby rule (money, centred cube): a gammon resignation is worth 1 point, as the
    /// gammon itself would be: offered a single in the certain-gammon race, the winner accepts.
    #[test]
    fn bg_resign_jacoby_makes_a_single_enough() {
        let mut o = Options::new(Variant::Backgammon);
        o.jacoby = true;
        let mut s = Setup { mover: [0; 25], opponent: [0; 25], unentered: [0, 0] };
        s.mover[12] = 15;
        s.opponent[0] = 1;
        let mut g = Game::from_position(Position::from_setup(&s).unwrap(), Player::White, o, Dice::seeded(1));
        g.resign(OutcomeKind::Single).unwrap();
        assert!(resignation_answer(&g).unwrap().accept);
    }
}
