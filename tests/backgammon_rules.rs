//! One or more tests per rule of docs/rules.md section 1 (the test name contains the rule ID in snake
//! case), written given / when / then.

use tabla::backgammon::scoring::score;
use tabla::backgammon::{
    Game, GameError, MoveRules, Options, OutcomeKind, Phase, Player, Position, Scoring, StartRule, Variant,
};
use tabla::dice::Dice;

mod support;
use support::{pos, pos_ad};

fn results(p: &Position, a: u8, b: u8) -> Vec<Position> {
    let mut v = Vec::new();
    p.plays_into(a, b, MoveRules::STANDARD, &mut v);
    v.sort();
    v
}

fn game_at(p: Position, options: Options) -> Game {
    Game::from_position(p, Player::White, options, Dice::fixed([]))
}

// ---------------------------------------------------------------- who starts

#[test]
fn bg_start_roll_higher_die_moves_first_with_the_two_dice_rolled() {
    let mut g = Game::new(Options::new(Variant::Backgammon));
    assert_eq!(g.phase(), Phase::Opening);
    // A tie re-rolls.
    g.set_dice(4, 4).unwrap();
    assert_eq!(g.phase(), Phase::Opening);
    // Black's 5 beats White's 2: Black moves with 5-2 at once.
    g.set_dice(2, 5).unwrap();
    assert_eq!(g.phase(), Phase::Move);
    assert_eq!(g.turn(), Player::Black);
    assert_eq!(g.dice(), vec![5, 2]);
    g.play("13/8 13/11").unwrap();
    assert_eq!(g.turn(), Player::White);
    assert_eq!(g.phase(), Phase::Roll);
}

#[test]
fn bg_start_roll_acey_deucey_winner_rolls_both_dice_afresh() {
    let mut g = Game::new(Options::new(Variant::AceyDeucey));
    assert_eq!(g.phase(), Phase::Opening);
    g.set_dice(6, 3).unwrap();
    assert_eq!(g.turn(), Player::White);
    assert_eq!(g.phase(), Phase::Roll);
    g.set_dice(4, 2).unwrap();
    assert_eq!(g.phase(), Phase::Move);
}

#[test]
fn bg_start_roll_random_opening_never_starts_with_doubles() {
    for seed in 0..50 {
        let mut g = Game::with_seed(Options::new(Variant::Backgammon), seed);
        while g.phase() == Phase::Opening {
            g.roll().unwrap();
        }
        let d = g.dice();
        assert_ne!(d[0], d[1]);
        assert!(d[0] > d[1], "the winner's die comes first");
    }
}

#[test]
fn bg_start_white_is_the_table_default_and_an_option_elsewhere() {
    let g = Game::new(Options::new(Variant::Table));
    assert_eq!(g.phase(), Phase::Roll);
    assert_eq!(g.turn(), Player::White);
    let mut o = Options::new(Variant::Backgammon);
    o.start = StartRule::White;
    let mut g = Game::new(o);
    assert_eq!(g.phase(), Phase::Roll);
    g.set_dice(6, 6).unwrap();
    assert_eq!(g.turn(), Player::White);
    assert_eq!(g.dice(), vec![6, 6, 6, 6]);
}

#[test]
fn variant_defaults_match_the_rules() {
    let b = Options::new(Variant::Backgammon);
    assert_eq!((b.start, b.scoring, b.cube), (StartRule::Roll, Scoring::Standard, true));
    let t = Options::new(Variant::Table);
    assert_eq!((t.start, t.scoring, t.cube), (StartRule::White, Scoring::Table, false));
    let a = Options::new(Variant::AceyDeucey);
    assert_eq!((a.start, a.scoring, a.cube), (StartRule::Roll, Scoring::Standard, false));
    assert!(!a.doubles_extra_roll && !a.enter_all_before_passing && !a.exact_bear_off);
    assert_eq!(Game::new(a).position(), Position::acey_deucey_start());
}

// ---------------------------------------------------------------- moving

#[test]
fn bg_move_one_checker_takes_both_dice_only_through_an_open_point() {
    // Given a lone checker on 24 and the opponent holding 21 and 23.
    let p = pos(&[(24, 1), (6, 14)], &[(21, 2), (23, 2), (10, 11)]);
    // When rolling 3-1: 24/21 and 24/23 are closed, so the 24 checker cannot move at all.
    let r = results(&p, 3, 1);
    assert!(r.iter().all(|q| q.point(24) == 1), "{r:?}");
    // Opening the 23-point lets 24/23/20 through.
    let p = pos(&[(24, 1), (6, 14)], &[(21, 2), (10, 13)]);
    assert!(results(&p, 3, 1).iter().any(|q| q.point(20) == 1 && q.point(24) == 0));
}

#[test]
fn bg_move_doubles_move_four_times() {
    let p = Position::start();
    let plays = p.legal_plays(6, 6, MoveRules::STANDARD);
    assert!(plays.iter().all(|pl| pl.steps().len() == 4));
}

#[test]
fn bg_hit_landing_on_a_blot_sends_it_to_the_bar() {
    let p = pos(&[(13, 15)], &[(10, 1), (1, 14)]);
    let mut g = game_at(p, Options::new(Variant::Backgammon));
    g.set_dice(3, 1).unwrap();
    let st = g.step(13, 10).unwrap();
    assert!(st.hit);
    assert_eq!(g.position().bar(true), 1);
    assert_eq!(g.position().point(10), 1);
}

#[test]
fn bg_must_use_both_dice_when_an_order_allows_it() {
    // A lone checker on 13: the 6 first lands on the closed 7-point, the 5 first then the 6 works.
    let p = pos(&[(13, 1), (1, 14)], &[(7, 2), (20, 13)]);
    let r = results(&p, 6, 5);
    assert!(r.contains(&pos(&[(2, 1), (1, 14)], &[(7, 2), (20, 13)])));
    // Every play uses both dice: nothing stops after one die.
    for pl in p.legal_plays(6, 5, MoveRules::STANDARD) {
        assert_eq!(pl.steps().len(), 2, "{pl:?}");
    }
    // The game refuses a first step that would leave the other die unplayable.
    let p = pos(&[(13, 1), (3, 14)], &[(7, 2), (20, 13)]);
    let mut g = game_at(p, Options::new(Variant::Backgammon));
    g.set_dice(6, 5).unwrap();
    let err = g.step(3, 0);
    assert!(matches!(err, Err(GameError::IllegalStep { .. })), "{err:?}");
    g.step(13, 8).unwrap();
    g.step(8, 2).unwrap();
    g.confirm().unwrap();
}

#[test]
fn bg_larger_die_must_be_played_when_only_one_can() {
    // A lone checker on 20 and the opponent holding the 9-point: 20/14/9 and 20/15/9 are blocked.
    let p = pos(&[(20, 1)], &[(9, 2), (24, 13)]);
    let r = results(&p, 6, 5);
    assert_eq!(r, vec![pos(&[(14, 1)], &[(9, 2), (24, 13)])]);
    // If the larger die cannot be played at all, the smaller one is.
    let p = pos(&[(20, 1)], &[(9, 2), (14, 2), (24, 11)]);
    assert_eq!(results(&p, 6, 5), vec![pos(&[(15, 1)], &[(9, 2), (14, 2), (24, 11)])]);
}

#[test]
fn bg_max_doubles_play_as_many_of_the_four_as_possible() {
    // 4-4 with a lone checker on 20 and the 8-point closed: only 20/16/12 can be played.
    let p = pos(&[(20, 1)], &[(8, 2), (24, 13)]);
    let plays = p.legal_plays(4, 4, MoveRules::STANDARD);
    assert_eq!(plays.len(), 1);
    assert_eq!(plays[0].steps().len(), 2);
    assert_eq!(plays[0].result.point(12), 1);
}

#[test]
fn bg_no_move_the_turn_passes() {
    // On the bar against a closed board.
    let p = pos(&[(25, 1), (6, 14)], &[(19, 2), (20, 2), (21, 2), (22, 2), (23, 2), (24, 2), (1, 3)]);
    let plays = p.legal_plays(6, 3, MoveRules::STANDARD);
    assert_eq!(plays.len(), 1);
    assert!(plays[0].steps().is_empty());
    assert_eq!(plays[0].result, p);
    let mut g = game_at(p, Options::new(Variant::Backgammon));
    g.set_dice(6, 3).unwrap();
    assert!(g.legal_steps().is_empty());
    assert!(g.can_confirm());
    g.confirm().unwrap();
    assert_eq!(g.turn(), Player::Black);
    assert_eq!(g.phase(), Phase::Roll);
}

#[test]
fn bg_bar_first_enter_before_any_other_move() {
    let p = pos(&[(25, 1), (13, 14)], &[(1, 15)]);
    let mut g = game_at(p, Options::new(Variant::Backgammon));
    g.set_dice(4, 2).unwrap();
    assert!(g.legal_steps().iter().all(|s| s.from == 25));
    let err = g.step(13, 9).unwrap_err();
    assert!(err.to_string().contains("bar"), "{err}");
    g.step(25, 21).unwrap();
    assert!(g.legal_steps().iter().any(|s| s.from == 13));
}

#[test]
fn bg_bar_first_rest_of_roll_lost_when_the_bar_cannot_empty() {
    // Two on the bar; 5 enters (point 20), 3 cannot (22 closed): the 13-point may not move.
    let p = pos(&[(25, 2), (13, 13)], &[(22, 2), (1, 13)]);
    let r = results(&p, 5, 3);
    assert_eq!(r, vec![pos(&[(25, 1), (20, 1), (13, 13)], &[(22, 2), (1, 13)])]);
}

#[test]
fn bg_bearoff_home_only_with_all_checkers_home() {
    let p = pos(&[(7, 1), (6, 2), (1, 12)], &[(24, 15)]);
    // 6-1: 7/1 and 6/off? Not before 7/6 or 7/1 brings the last checker home.
    for pl in p.legal_plays(6, 1, MoveRules::STANDARD) {
        let first_off = pl.steps().iter().position(|s| s.to == 0);
        if let Some(i) = first_off {
            assert!(pl.steps()[..i].iter().any(|s| s.from == 7), "{pl:?}");
        }
    }
    // A checker on the bar stops bearing off too.
    let p = pos(&[(25, 1), (1, 14)], &[(24, 15)]);
    assert!(p.legal_plays(6, 5, MoveRules::STANDARD).iter().all(|pl| pl.steps()[0].from == 25));
}

#[test]
fn bg_bearoff_exact_die_bears_off_from_its_point_or_moves_inside() {
    // Checkers on 5 and 3, roll 5-2: the 5 bears off from the 5-point (exact) or moves 5/3 inside.
    let p = pos(&[(5, 1), (3, 1)], &[(24, 15)]);
    let r = results(&p, 5, 2);
    assert_eq!(r.len(), 2, "{r:?}");
    assert!(r.contains(&pos(&[(1, 1)], &[(24, 15)])), "5/off 3/1: {r:?}");
    assert!(r.contains(&pos(&[(3, 1)], &[(24, 15)])), "5/3 3/off: {r:?}");
}

#[test]
fn bg_bearoff_higher_moves_from_higher_point_first() {
    // 6-point empty, checkers on 5 and 2: a 6 must bear off from the highest point (5) only.
    let p = pos(&[(5, 1), (2, 1)], &[(24, 15)]);
    let plays = p.legal_plays(6, 6, MoveRules::STANDARD);
    assert_eq!(plays.len(), 1);
    assert_eq!(plays[0].steps()[0].from, 5);
    // A 4 with checkers on 5 and 2 and the 4-point empty: 5/1 must be played, not 2/off.
    let p = pos(&[(5, 1), (2, 1), (1, 1)], &[(24, 15)]);
    let mut g = game_at(p, Options::new(Variant::Backgammon));
    g.set_dice(4, 4).unwrap();
    let err = g.step(2, 0).unwrap_err();
    assert!(err.to_string().contains("BG-BEAROFF-HIGHER"), "{err}");
    g.step(5, 1).unwrap();
}

// ---------------------------------------------------------------- scoring

#[test]
fn bg_score_standard_single_gammon_backgammon() {
    // The winner (mover) has borne off 15.
    let single = pos(&[], &[(20, 14)]);
    assert_eq!(score(&single, Scoring::Standard), (OutcomeKind::Single, 1));
    let gammon = pos(&[], &[(20, 15)]);
    assert_eq!(score(&gammon, Scoring::Standard), (OutcomeKind::Gammon, 2));
    let bg_home = pos(&[], &[(20, 14), (3, 1)]);
    assert_eq!(score(&bg_home, Scoring::Standard), (OutcomeKind::Backgammon, 3));
    let bg_bar = pos(&[], &[(20, 14), (25, 1)]);
    assert_eq!(score(&bg_bar, Scoring::Standard), (OutcomeKind::Backgammon, 3));
}

#[test]
fn bg_score_table_mars_x2_x4_x8_highest_applies() {
    assert_eq!(score(&pos(&[], &[(20, 14)]), Scoring::Table), (OutcomeKind::Single, 1));
    assert_eq!(score(&pos(&[], &[(20, 15)]), Scoring::Table), (OutcomeKind::Mars, 2));
    assert_eq!(score(&pos(&[], &[(20, 14), (12, 1)]), Scoring::Table), (OutcomeKind::MarsX4, 4));
    assert_eq!(score(&pos(&[], &[(20, 13), (12, 1), (25, 1)]), Scoring::Table), (OutcomeKind::MarsX8, 8));
}

#[test]
fn bg_score_table_in_a_finished_table_game() {
    let p = pos(&[(1, 1)], &[(20, 15)]);
    let mut g = game_at(p, Options::new(Variant::Table));
    g.set_dice(2, 1).unwrap();
    g.play("1/off").unwrap();
    let o = g.outcome().unwrap();
    assert_eq!((o.winner, o.kind, o.points), (Player::White, OutcomeKind::Mars, 2));
}

#[test]
fn bg_score_standard_per_checker_option_for_acey_deucey() {
    let mut o = Options::new(Variant::AceyDeucey);
    o.scoring = Scoring::PerChecker;
    let p = pos(&[(1, 1)], &[(20, 10)]);
    let mut g = game_at(p, o);
    g.set_dice(3, 4).unwrap();
    g.play("1/off").unwrap();
    assert_eq!(g.outcome().unwrap().points, 10);
}

// ---------------------------------------------------------------- acey-deucey

fn ad_white_starts() -> Options {
    let mut o = Options::new(Variant::AceyDeucey);
    o.start = StartRule::White;
    o
}

#[test]
fn ad_enter_like_from_the_bar_but_not_compulsory() {
    let mut g = Game::new(ad_white_starts());
    g.set_dice(5, 3).unwrap();
    // From the start every checker is waiting to enter: 5 enters on 20, 3 on 22.
    let plays = g.legal_plays();
    assert!(plays.iter().any(|p| p.notation == "bar/20 bar/22" || p.notation == "bar/22 bar/20"), "{plays:?}");
    assert!(plays.iter().any(|p| p.notation == "bar/17"), "{plays:?}");
    // With a checker already on the board, it may move while others still wait to enter.
    let p = pos_ad(&[(20, 1)], &[], [14, 15]);
    let r = results(&p, 6, 5);
    assert!(r.iter().any(|q| q.unentered(false) == 14 && q.point(9) == 1), "{r:?}");
}

#[test]
fn ad_enter_bar_checkers_still_enter_first() {
    let p = pos_ad(&[(25, 1), (20, 1)], &[], [13, 15]);
    for pl in p.legal_plays(6, 5, MoveRules::STANDARD) {
        assert_eq!(pl.steps()[0].from, 25);
        assert_eq!(pl.result.bar(false), 0);
    }
}

#[test]
fn ad_acey_deucey_1_2_then_chosen_doubles_then_roll_again() {
    let mut g = Game::new(ad_white_starts());
    g.set_dice(1, 2).unwrap();
    g.play("bar/24 bar/23").unwrap();
    assert_eq!(g.phase(), Phase::ChooseDoubles);
    assert_eq!(g.turn(), Player::White);
    g.choose_doubles(6).unwrap();
    assert_eq!(g.dice(), vec![6, 6, 6, 6]);
    g.play("bar/19(4)").unwrap();
    // Roll again, same player, no doubling.
    assert_eq!(g.phase(), Phase::Roll);
    assert_eq!(g.turn(), Player::White);
    assert!(g.is_extra_roll());
    g.set_dice(1, 2).unwrap();
    g.play("bar/24 bar/23").unwrap();
    assert_eq!(g.phase(), Phase::ChooseDoubles, "another 1-2 repeats the sequence");
    g.choose_doubles(1).unwrap();
    g.play("24/20").unwrap();
    g.set_dice(3, 5).unwrap();
    g.play("bar/22 bar/20").unwrap();
    assert_eq!(g.turn(), Player::Black);
}

#[test]
fn ad_acey_deucey_is_only_in_acey_deucey() {
    let mut o = Options::new(Variant::Backgammon);
    o.start = StartRule::White;
    let mut g = Game::new(o);
    g.set_dice(2, 1).unwrap();
    g.play("13/11 6/5").unwrap();
    assert_eq!(g.turn(), Player::Black);
}

#[test]
fn ad_lost_rest_when_the_1_and_2_cannot_both_be_played() {
    // The opponent holds the mover's 23 and 22: the 2 cannot be played at all, the 1 enters.
    let p = pos_ad(&[], &[(23, 2), (22, 2)], [15, 11]);
    let mut g = game_at(p, ad_white_starts());
    g.set_dice(1, 2).unwrap();
    g.play("bar/24").unwrap();
    assert_eq!(g.turn(), Player::Black, "no doubles and no extra roll");
}

#[test]
fn ad_house_option_doubles_extra_roll() {
    let mut o = ad_white_starts();
    o.doubles_extra_roll = true;
    let mut g = Game::new(o);
    g.set_dice(5, 5).unwrap();
    g.play("bar/20(4)").unwrap();
    assert_eq!((g.turn(), g.phase()), (Player::White, Phase::Roll));
    g.set_dice(5, 3).unwrap();
    g.play("bar/20 bar/22").unwrap();
    assert_eq!(g.turn(), Player::Black);
}

#[test]
fn ad_house_option_enter_all_before_passing_the_12_point() {
    let mut rules = MoveRules::STANDARD;
    rules.enter_all_before_passing = true;
    let p = pos_ad(&[(14, 1)], &[], [14, 15]);
    for pl in p.legal_plays(6, 5, rules) {
        for s in pl.steps() {
            assert!(s.to >= 13, "{pl:?}");
        }
    }
    // Without the option 14/8 is fine.
    assert!(results(&p, 6, 5).iter().any(|q| q.point(3) == 1 || q.point(8) == 1 || q.point(9) == 1));
}

#[test]
fn ad_house_option_exact_bear_off_only() {
    let rules = MoveRules { exact_bear_off: true, ..MoveRules::STANDARD };
    let p = pos(&[(3, 1), (2, 1)], &[(24, 15)]);
    let plays = p.legal_plays(6, 5, rules);
    assert_eq!(plays.len(), 1);
    assert!(plays[0].steps().is_empty(), "neither 6 nor 5 can bear off exactly");
    assert_eq!(p.legal_plays(6, 5, MoveRules::STANDARD)[0].result.off(false), 15);
}

// ---------------------------------------------------------------- errors and phases

#[test]
fn wrong_phase_and_game_over_errors_leave_the_game_untouched() {
    let mut g = Game::new(Options::new(Variant::Table));
    let before = format!("{:?}", g.position());
    assert!(matches!(g.confirm(), Err(GameError::WrongPhase { .. })));
    assert!(matches!(g.set_dice(7, 1), Err(GameError::Dice(_))));
    assert!(matches!(g.choose_doubles(3), Err(GameError::WrongPhase { .. })));
    assert_eq!(format!("{:?}", g.position()), before);
    assert_eq!(g.phase(), Phase::Roll);
    g.set_dice(3, 1).unwrap();
    assert!(g.play("24/10").is_err());
    assert!(g.play("zzz").is_err());
    assert_eq!(g.phase(), Phase::Move);
    assert!(g.steps().is_empty());
    assert!(matches!(g.undo(), Err(GameError::NothingToUndo)));
    let e = g.confirm().unwrap_err();
    assert!(e.to_string().contains("2 more steps"), "{e}");
}

#[test]
fn step_to_moves_one_checker_across_several_dice() {
    let mut o = Options::new(Variant::Backgammon);
    o.start = StartRule::White;
    let mut g = Game::new(o);
    g.set_dice(6, 5).unwrap();
    let steps = g.step_to(24, 13).unwrap();
    assert_eq!(steps.len(), 2);
    assert!(g.can_confirm());
    g.undo().unwrap();
    g.undo().unwrap();
    assert!(g.step_to(24, 12).is_err());
    assert!(g.steps().is_empty());
    let mut g = Game::from_position_id("4HPwATDgc/ABMA", o, Dice::seeded(1)).unwrap();
    g.set_dice(4, 4).unwrap();
    assert_eq!(g.step_to(24, 16).unwrap().len(), 2);
    assert!(g.step_to(16, 12).is_err(), "12 is closed");
}

#[test]
fn ad_acey_deucey_no_doubling_before_the_extra_roll() {
    let mut o = ad_white_starts();
    o.cube = true;
    let mut g = Game::new(o);
    assert!(g.can_double());
    g.set_dice(1, 2).unwrap();
    g.play("bar/24 bar/23").unwrap();
    g.choose_doubles(5).unwrap();
    g.play("bar/20(4)").unwrap();
    assert_eq!(g.phase(), Phase::Roll);
    assert!(!g.can_double());
    assert!(matches!(g.double(), Err(GameError::Cube { .. })));
}

#[test]
fn bg_score_standard_acey_deucey_checkers_never_entered_count_as_on_the_bar() {
    let p = pos_ad(&[], &[(20, 14)], [0, 1]);
    assert_eq!(score(&p, Scoring::Standard), (OutcomeKind::Backgammon, 3));
    assert_eq!(score(&p, Scoring::Table), (OutcomeKind::MarsX8, 8));
    assert_eq!(score(&p, Scoring::PerChecker), (OutcomeKind::PerChecker, 15));
}

#[test]
fn bg_bearoff_home_acey_deucey_needs_every_checker_entered() {
    // Given 14 checkers in the home board and the 15th not yet entered (acey-deucey).
    let home = [(6, 2), (5, 2), (4, 2), (3, 2), (2, 2), (1, 4)];
    let p = pos_ad(&home, &[(24, 15)], [1, 0]);
    // When rolling 6-5: the checker may enter or the home checkers move, but nothing bears off.
    let plays = p.legal_plays(6, 5, MoveRules::STANDARD);
    assert!(!plays.is_empty() && plays.iter().all(|pl| !pl.steps().is_empty()), "{plays:?}");
    for pl in &plays {
        assert!(pl.steps().iter().all(|s| s.to != 0), "bore off with a checker not entered: {pl:?}");
    }
    let mut g = game_at(p, ad_white_starts());
    g.set_dice(6, 5).unwrap();
    assert!(g.legal_steps().iter().all(|s| s.to != 0));
    assert!(g.step(6, 0).is_err());
    // Then with that 15th checker home instead, the same roll bears off.
    let p = pos(&[(6, 2), (5, 2), (4, 2), (3, 2), (2, 2), (1, 5)], &[(24, 15)]);
    assert!(p.legal_plays(6, 5, MoveRules::STANDARD).iter().any(|pl| pl.steps().iter().any(|s| s.to == 0)));
}

#[test]
fn ad_lost_rest_extra_roll_forfeited_when_the_chosen_doubles_are_blocked() {
    // Given the opponent holding the mover's 22, 20 and 18 and all 15 of the mover's checkers
    // waiting to enter.
    let p = pos_ad(&[], &[(22, 2), (20, 2), (18, 2)], [15, 9]);
    let mut g = game_at(p, ad_white_starts());
    g.set_dice(1, 2).unwrap();
    g.play("bar/24 bar/23").unwrap();
    // When choosing 3-3: bar/22 and 23/20 are closed, and after 24/21 so is 21/18.
    g.choose_doubles(3).unwrap();
    let plays = g.legal_plays();
    assert_eq!(plays.len(), 1, "{plays:?}");
    assert_eq!(plays[0].steps.len(), 1, "only one of the four 3s can be played");
    g.play(&plays[0].notation).unwrap();
    // Then the extra roll is lost: the opponent is on roll.
    assert_eq!((g.turn(), g.phase()), (Player::Black, Phase::Roll));
    assert!(!g.is_extra_roll());

    // Whereas 4-4, played in full from the same position, keeps the extra roll.
    let mut g = game_at(p, ad_white_starts());
    g.set_dice(1, 2).unwrap();
    g.play("bar/24 bar/23").unwrap();
    g.choose_doubles(4).unwrap();
    let plays = g.legal_plays();
    assert!(plays.iter().all(|pl| pl.steps.len() == 4), "{plays:?}");
    g.play(&plays[0].notation).unwrap();
    assert_eq!((g.turn(), g.phase()), (Player::White, Phase::Roll));
    assert!(g.is_extra_roll());
}
