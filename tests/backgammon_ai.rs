//! The backgammon-family computer opponent: valid probabilities, obvious plays, acey-deucey
//! segments, cube sanity and reproducible training. Self-play and training are `cli` code.
#![cfg(feature = "cli")]

mod common;
use common::setup;
use tabla::ai::backgammon::game::{self, HeuristicAgent, NetAgent, PubevalAgent, Solo};
use tabla::ai::backgammon::train::{TrainConfig, Trainer};
use tabla::ai::backgammon::{
    self as ai, CubeState, GameRules, Level, Next, Probabilities, Segment, Variant, bearoff, cube, evaluate,
};
use tabla::backgammon::{Position, Setup};
use tabla::dice::{DiceSource, SeededDice};

/// Positions met in self-play games of the committed net.
fn positions(variant: Variant, n: usize, seed: u64) -> Vec<Position> {
    let rules = GameRules::new(variant);
    let mut out = Vec::new();
    let mut agent = NetAgent { net: ai::net(variant), level: Level::Advanced, seed };
    let mut g = 0;
    while out.len() < n {
        let mut dice = SeededDice::new(game::game_seed(seed, g));
        game::play_game(&mut Solo(&mut agent), &rules, &mut dice, 0, &mut |p, _| {
            out.push(*p);
            out.len() < n
        });
        g += 1;
    }
    out
}

fn assert_valid(p: &Probabilities, what: &str) {
    let eps = 1e-6;
    assert!((0.0..=1.0).contains(&p.win), "{what}: win {p:?}");
    assert!(p.win_gammon >= 0.0 && p.win_gammon <= p.win + eps, "{what}: {p:?}");
    assert!(p.win_backgammon >= 0.0 && p.win_backgammon <= p.win_gammon + eps, "{what}: {p:?}");
    assert!(p.lose_gammon >= 0.0 && p.lose_gammon <= 1.0 - p.win + eps, "{what}: {p:?}");
    assert!(p.lose_backgammon >= 0.0 && p.lose_backgammon <= p.lose_gammon + eps, "{what}: {p:?}");
}

#[test]
fn probabilities_are_valid_at_every_depth() {
    for variant in [Variant::Backgammon, Variant::Table, Variant::AceyDeucey] {
        let rules = GameRules::new(variant);
        for (i, p) in positions(variant, 120, 3).iter().enumerate() {
            let e = evaluate(p, &rules, 0);
            assert_valid(&e.probabilities, &format!("{variant:?} 0-ply {p:?}"));
            assert!(e.equity.abs() <= 8.0 + 1e-4);
            if i % 20 == 0 && variant != Variant::AceyDeucey {
                let e1 = evaluate(p, &rules, 1);
                assert_valid(&e1.probabilities, &format!("{variant:?} 1-ply {p:?}"));
            }
        }
    }
}

#[test]
fn evaluation_is_symmetric_at_the_start_and_knows_finished_games() {
    let rules = GameRules::new(Variant::Backgammon);
    let e = evaluate(&Position::start(), &rules, 0);
    assert!(e.probabilities.win > 0.4 && e.probabilities.win < 0.65, "{e:?}");
    // The opponent has borne off everything: the side on roll has lost a gammon (none off).
    let mut s = Setup::default();
    s.mover[5] = 15;
    let p = Position::from_setup(&s).unwrap();
    let e = evaluate(&p, &rules, 0);
    assert_eq!(e.probabilities.win, 0.0);
    assert_eq!(e.probabilities.lose_gammon, 1.0);
    assert_eq!(e.equity, -2.0);
}

const LEVELS: [Level; 3] = [Level::Advanced, Level::Strong, Level::Expert];

#[test]
fn bears_off_to_win_when_it_can() {
    let rules = GameRules::new(Variant::Backgammon);
    let p = setup(&[(6, 1), (2, 1)], &[(20, 2), (6, 13)]);
    for level in LEVELS {
        let c = ai::best_play(&p, 6, 5, Segment::Roll, &rules, level, 1);
        assert_eq!(c.play.result.off(false), 15, "{level:?}: {:?}", c.play);
    }
    // Doubles: four checkers off.
    let p = setup(&[(4, 2), (3, 2)], &[(1, 15)]);
    for level in LEVELS {
        let c = ai::best_play(&p, 4, 4, Segment::Roll, &rules, level, 1);
        assert_eq!(c.play.result.off(false), 15, "{level:?}: {:?}", c.play);
    }
}

#[test]
fn bears_off_rather_than_moving_inside_in_a_close_race() {
    let rules = GameRules::new(Variant::Backgammon);
    let p = setup(&[(6, 3), (5, 3), (4, 2)], &[(6, 3), (5, 3), (4, 2)]);
    for level in LEVELS {
        let c = ai::best_play(&p, 6, 5, Segment::Roll, &rules, level, 1);
        assert_eq!(c.play.result.off(false), p.off(false) + 2, "{level:?}: {:?}", c.play);
    }
    // The bear-off database agrees: two off is the fastest.
    bearoff::Database::with(|db| {
        assert!(db.mean_rolls(&[0, 0, 0, 2, 2, 2]) < db.mean_rolls(&[1, 0, 0, 2, 2, 2]));
        assert!((db.mean_rolls(&[1, 0, 0, 0, 0, 0]) - 1.0).abs() < 1e-6);
    });
}

#[test]
fn hits_the_blot_that_wins() {
    // A closed board and a lost race: the opponent's last checker in the outfield must be hit.
    let rules = GameRules::new(Variant::Backgammon);
    let mut s = Setup::default();
    for pt in 1..=6 {
        s.mover[pt - 1] = 2;
    }
    s.mover[13] = 3; // 3 on the mover's 14-point
    s.opponent[14] = 1; // opponent's 15-point = the mover's 10-point
    s.opponent[0] = 1; // opponent's 1-point
    let p = Position::from_setup(&s).unwrap();
    assert_eq!(p.off(true), 13);
    for level in LEVELS {
        let c = ai::best_play(&p, 4, 1, Segment::Roll, &rules, level, 1);
        assert_eq!(c.play.result.bar(true), 1, "{level:?} did not hit: {:?}", c.play);
    }
}

#[test]
fn weaker_levels_are_reproducible_and_make_some_different_choices() {
    let rules = GameRules::new(Variant::Backgammon);
    let ps = positions(Variant::Backgammon, 60, 9);
    let mut differ = 0;
    for (i, p) in ps.iter().enumerate() {
        let (a, b) = (1 + (i % 6) as u8, 1 + ((i / 6) % 6) as u8);
        let x = ai::best_play(p, a, b, Segment::Roll, &rules, Level::Beginner, 42);
        let y = ai::best_play(p, a, b, Segment::Roll, &rules, Level::Beginner, 42);
        assert_eq!(x.play.result, y.play.result);
        let best = ai::best_play(p, a, b, Segment::Roll, &rules, Level::Advanced, 42);
        if best.play.result != x.play.result {
            differ += 1;
        }
    }
    assert!(differ > 0, "the beginner never deviated from the best play");
}

#[test]
fn hint_is_ranked_and_complete() {
    let rules = GameRules::new(Variant::Backgammon);
    let h = ai::hint(&Position::start(), 3, 1, Segment::Roll, &rules, 1);
    assert_eq!(h.len(), 16);
    assert_eq!(h[0].ply, 1);
    for w in h.windows(2) {
        assert!(w[0].ply > w[1].ply || w[0].equity >= w[1].equity);
    }
    for x in &h {
        assert_valid(&x.probabilities, "hint");
    }
}

#[test]
fn acey_deucey_one_two_leads_to_chosen_doubles_and_another_roll() {
    let rules = GameRules::new(Variant::AceyDeucey);
    let start = Position::acey_deucey_start();
    let c = ai::best_play(&start, 1, 2, Segment::Roll, &rules, Level::Advanced, 0);
    assert_eq!(c.next, Next::ChooseDoubles);
    let n = ai::choose_doubles(&c.play.result, &rules, Level::Advanced);
    assert!((1..=6).contains(&n));
    let d = ai::best_play(&c.play.result, n, n, Segment::ChosenDoubles, &rules, Level::Advanced, 0);
    assert_eq!(d.play.steps().len(), 4);
    assert_eq!(d.next, Next::SameSide);
    // Other rolls pass the turn.
    let c = ai::best_play(&start, 6, 3, Segment::Roll, &rules, Level::Advanced, 0);
    assert_eq!(c.next, Next::Opponent);
}

#[test]
fn duels_run_for_every_variant() {
    for variant in [Variant::Backgammon, Variant::Table] {
        let rules = GameRules::new(variant);
        let mut a = NetAgent { net: ai::net(variant), level: Level::Advanced, seed: 1 };
        let st = game::duel(&mut a, &mut PubevalAgent, &rules, 3, 5, &mut |_| {});
        assert_eq!(st.games, 6);
        assert!(st.ppg().is_finite());
    }
    let rules = GameRules::new(Variant::AceyDeucey);
    let mut a = NetAgent { net: ai::net(Variant::AceyDeucey), level: Level::Advanced, seed: 1 };
    let st = game::duel(&mut a, &mut HeuristicAgent, &rules, 2, 5, &mut |_| {});
    assert_eq!(st.games, 4);
}

#[test]
fn mirrored_duel_of_a_player_against_itself_is_even() {
    let rules = GameRules::new(Variant::Backgammon);
    let st = game::duel(&mut PubevalAgent, &mut PubevalAgent, &rules, 20, 1, &mut |_| {});
    assert_eq!(st.ppg(), 0.0);
}

#[test]
fn cube_advice_from_positions() {
    let rules = GameRules::new(Variant::Backgammon);
    let a = ai::cube_action(&Position::start(), &rules, &CubeState::money(), 0);
    assert!(!a.double, "{a:?}");
    // Bear-off race far ahead: double, and the opponent passes.
    let p = setup(&[(1, 2)], &[(6, 5), (5, 5), (4, 5)]);
    let a = ai::cube_action(&p, &rules, &CubeState::money(), 0);
    assert!(!a.take, "{a:?}");
    assert!(cube::match_equity(1, 5, false) > 0.8);
}

#[test]
fn training_is_deterministic_from_a_seed() {
    let run = |seed| {
        let mut cfg = TrainConfig::new(Variant::Backgammon, seed);
        cfg.hidden = 8;
        let mut t = Trainer::new(cfg, None);
        for _ in 0..4 {
            t.game();
        }
        t.net.to_bytes()
    };
    let a = run(11);
    assert_eq!(a, run(11));
    assert_ne!(a, run(12));
    let mut cfg = TrainConfig::new(Variant::AceyDeucey, 3);
    cfg.hidden = 6;
    let mut t = Trainer::new(cfg.clone(), None);
    t.game();
    let mut u = Trainer::new(cfg, None);
    u.game();
    assert_eq!(t.net.to_bytes(), u.net.to_bytes());
}

#[test]
fn seeded_dice_drive_games_reproducibly() {
    let rules = GameRules::new(Variant::Backgammon);
    let mut d1 = SeededDice::new(4);
    let mut d2 = SeededDice::new(4);
    let r1 =
        game::play_game(&mut game::Duo(&mut PubevalAgent, &mut HeuristicAgent), &rules, &mut d1, 0, &mut |_, _| true);
    let r2 =
        game::play_game(&mut game::Duo(&mut PubevalAgent, &mut HeuristicAgent), &rules, &mut d2, 0, &mut |_, _| true);
    assert_eq!(r1, r2);
    assert!(d1.roll().is_ok());
}

/// The AI drives whole games of the rules engine through the Game-level API (what the bindings
/// call), in every variant, including acey-deucey's 1-2 sequence and the cube.
#[test]
fn plays_whole_engine_games_in_every_variant() {
    use tabla::backgammon::{Game, Options, Phase, Variant as V};
    let mut total_doubles = 0;
    for (variant, seed) in [(V::Backgammon, 1u64), (V::Table, 2), (V::AceyDeucey, 3), (V::AceyDeucey, 4)] {
        let mut game = Game::with_seed(Options::new(variant), seed);
        let mut chose_doubles = 0;
        for _ in 0..3000 {
            match game.phase() {
                Phase::Opening | Phase::Roll => {
                    if let Some(a) = ai::cube_action_for_game(&game, 0) {
                        assert!(a.no_double.is_finite());
                    }
                    game.roll().unwrap();
                }
                Phase::Move => {
                    let c = ai::best_play_for_game(&game, Level::Casual, seed).unwrap();
                    game.play_position(&c.play.result).unwrap();
                }
                Phase::ChooseDoubles => {
                    let n = ai::choose_doubles_for_game(&game, Level::Advanced).unwrap();
                    game.choose_doubles(n).unwrap();
                    chose_doubles += 1;
                }
                Phase::CubeDecision => game.take().unwrap(),
                Phase::Resignation => game.decline_resignation().unwrap(),
                Phase::GameOver => break,
            }
        }
        assert_eq!(game.phase(), Phase::GameOver, "{variant:?} did not finish");
        assert!(game.outcome().is_some());
        let e = ai::evaluate_game(&game, 0);
        assert_valid(&e.probabilities, "finished game");
        total_doubles += chose_doubles;
    }
    assert!(total_doubles > 0, "no acey-deucey 1-2 was played");
}

/// The expert level's search is bounded in leaves, whatever the position and dice: the 2-ply
/// stage plans its work before it starts (search::WORK_2PLY) and the deeper stages together stop
/// at search::work_limit (lower in acey-deucey). When the plan leaves out the 2-ply stage the 1-ply choice stands.
#[test]
fn expert_search_work_is_bounded() {
    use tabla::ai::backgammon::search::{Searcher, WORK_2PLY, work_limit};
    use tabla::dice::ALL_21;
    for (variant, every) in [(Variant::Backgammon, 30), (Variant::AceyDeucey, 60)] {
        let rules = GameRules::new(variant);
        let net = ai::net(variant);
        let limit = work_limit(&rules);
        let (mut worst_2ply, mut worst, mut at_limit) = (0u64, 0u64, 0);
        for (k, p) in positions(variant, 120, 5).iter().enumerate().filter(|(k, _)| k % every == 3) {
            for &(roll, _) in &ALL_21 {
                let (a, b) = roll.values();
                let leaves = |ply| {
                    let mut s = Searcher::new(net, rules);
                    let r = s.rank(p, a, b, Segment::Roll, ply);
                    (s.leaves, r)
                };
                let (l0, _) = leaves(0);
                let (l1, r1) = leaves(1);
                let (l2, r2) = leaves(2);
                assert!(l2 - l0 <= limit + 1, "{variant:?} {k} {a}-{b}: {} leaves", l2 - l0);
                if l2 - l0 > limit {
                    at_limit += 1;
                } else if l1 - l0 <= limit {
                    worst_2ply = worst_2ply.max(l2 - l1);
                }
                worst = worst.max(l2 - l0);
                if r2.iter().all(|r| r.ply < 2) && r1.len() > 1 && l1 - l0 <= limit {
                    assert_eq!(r2[0].candidate.play.result, r1[0].candidate.play.result, "{variant:?} {k} {a}-{b}");
                }
            }
        }
        eprintln!(
            "{variant:?}: worst {worst} leaves after 0-ply ({worst_2ply} in the 2-ply stage), {at_limit} searches stopped at the limit"
        );
        if variant == Variant::Backgammon {
            assert!(worst_2ply <= WORK_2PLY * 3 / 2, "{worst_2ply} leaves");
        }
    }
}
