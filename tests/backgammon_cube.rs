//! The computer's doubling-cube decisions (issue 19): agreement with GNU Backgammon's decisions
//! on the committed fixture (`tests/data/backgammon/gnubg-cube.tsv`, written by
//! `scripts/gnubg/cube_fixture.py`; see docs/bg-ai.md), and the money-play rules on constructed
//! positions. The figures are printed by `tabla cube-check`; this test keeps them from falling.
#![cfg(feature = "cli")]

mod common;
use common::setup;
use tabla::ai::backgammon::{self as ai, CubeOwner, CubeState, GameRules, Variant, cube, cube_check};
use tabla::backgammon::{Position, Setup};

fn fixture(name: &str) -> Vec<cube_check::CubeCase> {
    let path = format!("{}/tests/data/backgammon/{name}", env!("CARGO_MANIFEST_DIR"));
    cube_check::parse(&std::fs::read_to_string(&path).unwrap()).unwrap()
}

/// At the app's depth (1 ply), on both reference fixtures: the doubler's and the taker's
/// actions agree on at least 88% and 90% of the 500 positions (measured: see docs/bg-ai.md).
#[test]
fn cube_decisions_agree_with_gnubg_on_the_fixture() {
    for name in ["gnubg-cube.tsv", "gnubg-cube-2ply.tsv"] {
        let cases = fixture(name);
        assert_eq!(cases.len(), 500, "{name}");
        let a = cube_check::compare(&cases, ai::net(Variant::Backgammon), 1).unwrap();
        let t = a.all();
        let share = |n: u32| n as f64 / t.cases as f64;
        assert!(share(t.doubler) >= 0.88 && share(t.taker) >= 0.90, "{name}:\n{}", a.table());
    }
}

/// The check with the built-in net is the app's own call (`cube_action`), case by case.
#[test]
fn cube_check_with_the_built_in_net_is_the_apps_cube_action() {
    let cases = fixture("gnubg-cube.tsv");
    let rules = GameRules::new(Variant::Backgammon);
    let (mut doubler, mut taker) = (0, 0);
    for c in &cases {
        let pos = Position::from_position_id(&c.position).unwrap();
        let a = ai::cube_action(&pos, &rules, &c.cube_state().unwrap(), 1);
        doubler += u32::from(cube_check::doubler_action(&a) == c.doubler);
        taker += u32::from((if a.take { "take" } else { "pass" }) == c.taker);
    }
    let t = cube_check::compare(&cases, ai::net(Variant::Backgammon), 1).unwrap().all();
    assert_eq!((t.doubler, t.taker), (doubler, taker));
}

#[test]
fn cube_fixture_is_varied() {
    let cases = fixture("gnubg-cube.tsv");
    for (what, key) in [
        ("cube", "centred"),
        ("cube", "jacoby"),
        ("cube", "owned"),
        ("class", "contact"),
        ("class", "crashed"),
        ("class", "race"),
        ("class", "bearoff"),
        ("doubler", "double"),
        ("doubler", "no-double"),
        ("doubler", "too-good"),
        ("taker", "take"),
        ("taker", "pass"),
    ] {
        let n = cases
            .iter()
            .filter(|c| match what {
                "cube" => c.cube == key,
                "class" => c.class == key,
                "doubler" => c.doubler == key,
                _ => c.taker == key,
            })
            .count();
        assert!(n >= 25, "{what} {key}: {n}");
    }
}

#[test]
fn money_cube_rules_on_constructed_positions() {
    let rules = GameRules::new(Variant::Backgammon);
    let owned = CubeState { value: 2, owner: CubeOwner::Mover, jacoby: false, score: None };
    let jacoby = CubeState { jacoby: true, ..CubeState::money() };
    // The start: about even, so no double, and a double would be taken.
    let a = ai::cube_action(&Position::start(), &rules, &CubeState::money(), 1);
    assert!(!a.double && a.take, "{a:?}");
    // A race the side on roll is behind in (he needs 60 pips, his opponent 30): his winning
    // chance is below a half, so he does not double, with any cube.
    let behind = setup(&[(6, 5), (5, 5), (4, 5)], &[(3, 5), (2, 5), (1, 5)]);
    for c in [CubeState::money(), owned, jacoby] {
        let e = ai::evaluate(&behind, &rules, 1);
        assert!(e.probabilities.win < cube::MIN_DOUBLE_WIN, "{e:?}");
        let a = ai::cube_action(&behind, &rules, &c, 1);
        assert!(!a.double && !a.too_good, "{c:?} {a:?}");
    }
    // Two checkers left on the 1 point, the opponent with 6 off: he has no chance (below a
    // fifth), so he passes; with no gammon to play for it is double/pass, not too good.
    let last = setup(&[(1, 2)], &[(6, 3), (5, 3), (4, 3)]);
    for c in [CubeState::money(), owned, jacoby] {
        let a = ai::cube_action(&last, &rules, &c, 1);
        assert!(a.double && !a.take && !a.too_good, "{c:?} {a:?}");
    }
    // A closed board, one of the opponent's checkers on the bar and the others far from his
    // home: the gammon is worth more than the point: too good.
    let closed = {
        let mut s = Setup::default();
        for pt in 1..=6 {
            s.mover[pt - 1] = 2;
        }
        s.mover[7] = 3;
        // his points 18, 16, 13, 12 and 10 (our 7, 9, 12, 13 and 15) and his bar
        for (pt, n) in [(18, 3), (16, 3), (13, 4), (12, 2), (10, 2), (25, 1)] {
            s.opponent[pt - 1] = n;
        }
        Position::from_setup(&s).unwrap()
    };
    let e = ai::evaluate(&closed, &rules, 1);
    let a = ai::cube_action(&closed, &rules, &CubeState::money(), 1);
    assert!(e.probabilities.win_gammon > 0.5 && a.too_good && !a.double, "{e:?} {a:?}");
    // With the Jacoby rule the gammon does not count on a centred cube: double, and a pass.
    let a = ai::cube_action(&closed, &rules, &jacoby, 1);
    assert!(a.double && !a.take && !a.too_good, "{a:?}");
}

/// `cube-check --rollout` decides each case by a rollout of its position with its cube at the
/// root: the rollout's own decision, whatever the threads.
#[test]
fn cube_check_by_rollout_is_the_rollouts_own_decision() {
    use tabla::ai::backgammon::rollout::{self, RolloutConfig};
    let cases: Vec<_> = fixture("gnubg-cube-2ply.tsv").into_iter().step_by(50).collect();
    let cfg = RolloutConfig { trials: 8, truncate: Some(4), seed: 3, ..RolloutConfig::default() };
    let rules = GameRules::new(Variant::Backgammon);
    let net = ai::net(Variant::Backgammon);
    let one = cube_check::compare_rollout(&cases, net, &cfg, 1).unwrap();
    let two = cube_check::compare_rollout(&cases, net, &cfg, 2).unwrap();
    assert_eq!(one.table(), two.table());
    let (mut doubler, mut taker) = (0, 0);
    for c in &cases {
        let pos = Position::from_position_id(&c.position).unwrap();
        let cube = c.cube_state().unwrap();
        let r =
            rollout::rollout(&pos, None, &rules, &RolloutConfig { cube: Some(cube), ..cfg }, &mut || false).unwrap();
        let a = r.cube_advice.unwrap();
        doubler += u32::from(cube_check::doubler_action(&a) == c.doubler);
        taker += u32::from((if a.take { "take" } else { "pass" }) == c.taker);
    }
    let t = one.all();
    assert_eq!((t.cases, t.doubler, t.taker), (cases.len() as u32, doubler, taker));
}

/// `cube-check --close`: the search's decision where it is not close, a rollout's where it is:
/// with no margin it is the search's everywhere, with a margin wider than any equity the
/// rollout's everywhere.
#[test]
fn cube_check_rolls_out_only_the_close_decisions() {
    use tabla::ai::backgammon::rollout::RolloutConfig;
    let cases: Vec<_> = fixture("gnubg-cube-2ply.tsv").into_iter().step_by(50).collect();
    let cfg = RolloutConfig { trials: 8, truncate: Some(4), seed: 3, ..RolloutConfig::default() };
    let net = ai::net(Variant::Backgammon);
    let (none, n) = cube_check::compare_close_by_rollout(&cases, net, 1, &cfg, 0.0, 2).unwrap();
    assert_eq!((n, none.table()), (0, cube_check::compare(&cases, net, 1).unwrap().table()));
    let (all, n) = cube_check::compare_close_by_rollout(&cases, net, 1, &cfg, 100.0, 2).unwrap();
    assert_eq!(
        (n as usize, all.table()),
        (cases.len(), cube_check::compare_rollout(&cases, net, &cfg, 1).unwrap().table())
    );
}
