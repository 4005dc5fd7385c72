//! Rollouts (`tabla::ai::backgammon::rollout`): exact on decided positions, in agreement with
//! the bear-off database, reproducible from the seed, unbiased under luck adjustment, capped, and
//! following the acey-deucey turn structure; the `rollout` and `rollout-label` commands.
#![cfg(feature = "cli")]

mod common;
use common::setup;
use std::process::Command;

use tabla::ai::backgammon::cube::{CubeOwner, CubeState, MatchScore, match_equity};
use tabla::ai::backgammon::rollout::{self, Rollout, RolloutConfig, RolloutError};
use tabla::ai::backgammon::{self as ai, GameRules, Segment, Variant, bearoff, evaluate, hint};
use tabla::backgammon::Position;

fn cfg(trials: u32, truncate: Option<u32>, seed: u64, mirror: bool, luck: bool) -> RolloutConfig {
    RolloutConfig { trials, ply: 0, truncate, seed, mirror, luck, ..RolloutConfig::default() }
}

fn run(pos: &Position, dice: Option<(u8, u8)>, rules: &GameRules, c: &RolloutConfig) -> rollout::RolloutResult {
    rollout::rollout(pos, dice, rules, c, &mut || false).unwrap()
}

/// A bear-off race with checkers off on both sides (no gammons possible): 6 checkers each.
fn race() -> Position {
    setup(&[(2, 3), (4, 2), (6, 1)], &[(1, 2), (3, 2), (5, 2)])
}

#[test]
fn rollout_of_decided_positions_is_exact() {
    let rules = GameRules::new(Variant::Backgammon);
    // The opponent has borne off all 15; the side on roll has none off: a gammon lost.
    let lost = setup(&[(6, 15)], &[]);
    let r = run(&lost, None, &rules, &cfg(10, None, 1, true, true));
    assert_eq!(r.estimate.probabilities.win, 0.0);
    assert_eq!(r.estimate.probabilities.lose_gammon, 1.0);
    assert_eq!(r.estimate.equity, -2.0);
    assert_eq!(r.estimate.se, [0.0; 6]);
    assert_eq!((r.trials, r.plies), (10, 0));
    // One checker left on the 1-point against 15 not borne off: every roll wins a gammon now.
    let won = setup(&[(1, 1)], &[(6, 15)]);
    for luck in [false, true] {
        let r = run(&won, None, &rules, &cfg(20, None, 3, true, luck));
        assert_eq!(r.estimate.probabilities.win, 1.0);
        assert_eq!(r.estimate.probabilities.win_gammon, 1.0);
        assert_eq!(r.estimate.probabilities.win_backgammon, 0.0);
        assert_eq!(r.estimate.equity, 2.0);
        assert_eq!(r.estimate.se[5], 0.0);
        assert_eq!(r.plies, 20, "one roll a trial");
    }
}

#[test]
fn rollout_of_a_bear_off_race_agrees_with_the_database() {
    let rules = GameRules::new(Variant::Backgammon);
    let p = race();
    assert!(bearoff::applies(&p));
    let exact = bearoff::Database::with(|db| db.win_probability(&p)) as f64;
    // Plain dice (no reduction), mirrored dice, luck adjustment: each within 3 s.e. of the
    // database (plus 0.004 for the players' choices, which maximise the two-sided chance rather
    // than follow the one-sided table's policy of fewest rolls).
    for (mirror, luck) in [(false, false), (true, false), (true, true)] {
        let r = run(&p, None, &rules, &cfg(600, None, 11, mirror, luck));
        let (w, se) = (r.estimate.probabilities.win as f64, r.estimate.se[0] as f64);
        assert!((w - exact).abs() <= 3.0 * se + 0.004, "mirror {mirror} luck {luck}: {w} ± {se} vs {exact}");
        assert_eq!(r.estimate.probabilities.win_gammon, 0.0);
        assert!((r.estimate.equity as f64 - (2.0 * w - 1.0)).abs() < 1e-5);
    }
}

#[test]
fn rollout_is_reproducible_from_its_seed_and_split_into_groups() {
    let rules = GameRules::new(Variant::Backgammon);
    let p = Position::start();
    let c = cfg(8, Some(6), 42, true, true);
    let a = run(&p, None, &rules, &c);
    let b = run(&p, None, &rules, &c);
    assert_eq!(a, b);
    let other = run(&p, None, &rules, &RolloutConfig { seed: 43, ..c });
    assert_ne!(a.raw.equity, other.raw.equity);
    // Groups run on two "threads" (even and odd) and merged in group order give the same result.
    let net = ai::net(Variant::Backgammon);
    let mut r0 = Rollout::new(net, rules, p, None, c).unwrap();
    let mut r1 = Rollout::new(net, rules, p, None, c).unwrap();
    let even = r0.run_groups(0, 2, u64::MAX, &mut || false);
    let odd = r1.run_groups(1, 2, u64::MAX, &mut || false);
    let merged: Vec<_> = even.iter().zip(&odd).flat_map(|(x, y)| [*x, *y]).collect();
    assert_eq!(rollout::result(&merged, &c), a);
    // A group replayed alone is the same group.
    assert_eq!(r0.group(3), odd[1]);
}

/// Truncated after one roll, a trial's plain result is the best 0-ply play's value for the roll
/// it drew, whose expectation is the 1-ply evaluation; its luck-adjusted result is that
/// expectation itself, in every trial (so the adjusted estimator is unbiased here and has no
/// spread at all), while the plain one is only unbiased within its standard error.
#[test]
fn luck_adjustment_is_unbiased_on_a_known_case() {
    let rules = GameRules::new(Variant::Backgammon);
    let p = Position::start();
    let one_ply = evaluate(&p, &rules, 1);
    let adj = run(&p, None, &rules, &cfg(1000, Some(1), 5, false, true));
    assert!((adj.estimate.equity - one_ply.equity).abs() < 1e-4, "{adj:?} vs {one_ply:?}");
    assert!((adj.estimate.probabilities.win - one_ply.probabilities.win).abs() < 1e-4);
    assert!(adj.estimate.se[5] < 1e-4, "{:?}", adj.estimate.se);
    let raw = adj.raw;
    assert!(raw.se[5] > 0.002);
    assert!((raw.equity - one_ply.equity).abs() <= 3.0 * raw.se[5], "{raw:?} vs {one_ply:?}");
    // In a bear-off race played to the end the adjusted estimate agrees with the plain one
    // within their errors, with a much smaller error.
    let r = run(&race(), None, &rules, &cfg(400, None, 9, true, true));
    let d = (r.estimate.equity - r.raw.equity).abs();
    assert!(d <= 3.0 * r.raw.se[5], "{r:?}");
    assert!(r.estimate.se[5] * 2.0 < r.raw.se[5], "{r:?}");
}

#[test]
fn rollout_caps_are_respected() {
    let rules = GameRules::new(Variant::Backgammon);
    let p = Position::start();
    // Work cap: 40 rolls, trials of 10 rolls in mirrored pairs: stops after 2 pairs.
    let c = RolloutConfig { max_work: 40, ..cfg(1000, Some(10), 1, true, false) };
    let r = run(&p, None, &rules, &c);
    assert!(r.capped);
    assert_eq!((r.trials, r.plies), (4, 40));
    // The stop callback (a clock in the CLI) is asked before every group.
    let mut asked = 0;
    let r = rollout::rollout(&p, None, &rules, &cfg(1000, Some(2), 1, false, false), &mut || {
        asked += 1;
        asked > 3
    })
    .unwrap();
    assert!(r.capped);
    assert_eq!(r.trials, 3);
    // Not capped when everything asked for is done.
    let r = run(&p, None, &rules, &cfg(4, Some(2), 1, true, false));
    assert!(!r.capped);
    assert_eq!(r.trials, 4);
    // Settings out of range are refused.
    let bad = |c: RolloutConfig, dice| rollout::rollout(&p, dice, &rules, &c, &mut || false).unwrap_err();
    assert_eq!(bad(cfg(0, None, 1, true, true), None), RolloutError::Trials(0));
    assert_eq!(bad(RolloutConfig { ply: 2, ..cfg(1, None, 1, true, true) }, None), RolloutError::Ply(2));
    assert_eq!(bad(cfg(1, Some(0), 1, true, true), None), RolloutError::Truncate(0));
    assert!(matches!(bad(cfg(1, None, 1, true, true), Some((7, 1))), RolloutError::Dice(_)));
}

/// AD-ACEY-DEUCEY through the engine's turn function: after a rolled 1-2 the same player
/// chooses doubles and plays them, then rolls again. Truncated after that one roll (no dice
/// drawn), every trial ends with the same player on roll, and its value is the best 1-2 play's
/// value with its chosen doubles (as the hint ranks it), not the value with the turn passed.
#[test]
fn rollout_follows_the_acey_deucey_turn_structure() {
    let rules = GameRules::new(Variant::AceyDeucey);
    let p = Position::start();
    let r = run(&p, Some((1, 2)), &rules, &cfg(6, Some(1), 1, true, true));
    assert_eq!(r.estimate.se[5], 0.0);
    assert_eq!(r.plies, 6);
    let h = hint(&p, 1, 2, Segment::Roll, &rules, 0);
    assert!((r.estimate.equity - h[0].equity).abs() < 1e-5, "{r:?} vs {:?}", h[0]);
    // The whole game from the acey-deucey start (all checkers to enter) plays out within caps.
    let start = rules.start();
    let r = run(&start, None, &rules, &cfg(4, Some(30), 2, true, true));
    assert_eq!(r.trials, 4);
    let pr = r.raw.probabilities;
    assert!((0.0..=1.0).contains(&pr.win) && pr.win_gammon <= pr.win);
}

fn tabla(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_tabla")).args(args).output().expect("runs tabla");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn rollout_command_prints_estimates_and_checks_every_argument() {
    let (ok, out, err) = tabla(&["rollout", "4HPwATDgc/ABMA", "--dice", "3", "1", "--trials", "4", "--truncate", "2"]);
    assert!(ok, "{err}");
    assert!(out.contains("4 trials") && out.contains("equity") && out.contains('±'), "{out}");
    for bad in [
        &["--trials", "0"][..],
        &["--ply", "2"],
        &["--truncate", "0"],
        &["--dice", "7", "1"],
        &["--threads", "0"],
        &["--max-seconds", "0"],
        &["--max-work", "0"],
        &["--unentered", "16", "0"],
        &["--variant", "chess"],
    ] {
        let mut args = vec!["rollout", "4HPwATDgc/ABMA"];
        args.extend_from_slice(bad);
        let (ok, _, err) = tabla(&args);
        assert!(!ok, "{bad:?} accepted");
        assert!(!err.is_empty());
    }
    let (ok, _, err) = tabla(&["rollout", "nope"]);
    assert!(!ok && err.contains("14 characters"), "{err}");
}

#[test]
fn rollout_label_writes_chunks_and_resumes_deterministically() {
    let dir = std::env::temp_dir().join(format!("tabla-rollout-label-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let d = dir.to_str().unwrap();
    let args = ["rollout-label", "--out", d, "--positions", "5", "--chunk", "2", "--trials", "2", "--truncate", "2"];
    let (ok, _, err) = tabla(&args);
    assert!(ok, "{err}");
    let read = |k: u32| std::fs::read_to_string(dir.join(format!("chunk-{k:06}.tsv"))).unwrap();
    let first: Vec<String> = (0..3).map(read).collect();
    assert_eq!(first.iter().map(|c| c.lines().count()).sum::<usize>(), 5);
    for line in first.concat().lines() {
        let f: Vec<&str> = line.split('\t').collect();
        assert_eq!(f.len(), 13, "{line}");
        assert!(Position::from_position_id(f[2]).is_ok());
    }
    // A killed job leaves whole chunks only; rerun, it writes the missing ones, identically.
    std::fs::remove_file(dir.join("chunk-000001.tsv")).unwrap();
    std::fs::remove_file(dir.join("chunk-000002.tsv")).unwrap();
    let (ok, _, err) = tabla(&args);
    assert!(ok, "{err}");
    assert_eq!((0..3).map(read).collect::<Vec<_>>(), first);
    // Other settings into the same directory are refused.
    let mut other = args.to_vec();
    other[8] = "3";
    let (ok, _, err) = tabla(&other);
    assert!(!ok && err.contains("manifest"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

fn cubeful(c: RolloutConfig, value: u32, owner: CubeOwner, jacoby: bool) -> RolloutConfig {
    RolloutConfig { cube: Some(CubeState { value, owner, jacoby, score: None }), ..c }
}

/// BG-JACOBY in cubeful rollouts: a finished game counts the engine's points times the cube,
/// with the Jacoby rule (gammons count 1 while the cube is unturned); results are per unit of
/// the root's cube.
#[test]
fn cubeful_rollout_counts_the_cube_and_the_jacoby_rule() {
    let rules = GameRules::new(Variant::Backgammon);
    let won = setup(&[(1, 1)], &[(6, 15)]);
    let lost = setup(&[(6, 15)], &[]);
    let cases = [
        (&won, 1, CubeOwner::Centered, false, 2.0),
        (&won, 1, CubeOwner::Centered, true, 1.0),
        (&won, 2, CubeOwner::Mover, true, 2.0),
        (&won, 4, CubeOwner::Opponent, false, 2.0),
        (&lost, 1, CubeOwner::Centered, false, -2.0),
        (&lost, 1, CubeOwner::Centered, true, -1.0),
        (&lost, 2, CubeOwner::Opponent, true, -2.0),
    ];
    for (pos, value, owner, jacoby, want) in cases {
        let r = run(pos, None, &rules, &cubeful(cfg(10, None, 3, true, true), value, owner, jacoby));
        let c = r.cubeful.expect("a cubeful rollout has a cubeful estimate");
        assert_eq!((c.equity, c.se, c.raw_equity), (want, 0.0, want), "{value} {owner:?} jacoby {jacoby}");
    }
    assert!(run(&won, None, &rules, &cfg(10, None, 3, true, true)).cubeful.is_none());
    for bad in [CubeState { value: 3, ..CubeState::money() }, CubeState { value: 0, ..CubeState::money() }] {
        let c = RolloutConfig { cube: Some(bad), ..cfg(10, None, 1, true, true) };
        assert!(matches!(rollout::rollout(&won, None, &rules, &c, &mut || false), Err(RolloutError::Cube(_))));
    }
    let score = Some(MatchScore { length: 5, mover: 5, opponent: 0, crawford: false });
    let c = RolloutConfig { cube: Some(CubeState { score, ..CubeState::money() }), ..cfg(10, None, 1, true, true) };
    assert!(matches!(rollout::rollout(&won, None, &rules, &c, &mut || false), Err(RolloutError::Cube(_))));
}

fn in_match(base: RolloutConfig, value: u32, owner: CubeOwner, score: MatchScore) -> RolloutConfig {
    RolloutConfig { cube: Some(CubeState { value, owner, jacoby: false, score: Some(score) }), ..base }
}

fn score(length: u32, mover: u32, opponent: u32, crawford: bool) -> MatchScore {
    MatchScore { length, mover, opponent, crawford }
}

/// Match play: a finished game is worth the match winning chances after its points at the cube
/// (the match equity table's), and its EMG equity maps those chances to -1..+1 between losing
/// and winning the root's cube.
#[test]
fn match_cubeful_rollout_of_decided_games_is_the_table_s_chances() {
    let rules = GameRules::new(Variant::Backgammon);
    let won = setup(&[(1, 1)], &[(6, 15)]); // a gammon won whatever the roll
    let lost = setup(&[(6, 15)], &[]); // a gammon lost
    for (pos, s, value, want) in [
        (&won, score(7, 2, 4, false), 1, match_equity(5 - 2, 3, false)),
        (&won, score(7, 2, 4, false), 2, match_equity(5 - 4, 3, false)),
        (&lost, score(7, 2, 4, false), 1, match_equity(5, 3 - 2, false)),
        (&lost, score(7, 2, 4, false), 2, 0.0),
        (&won, score(5, 4, 1, true), 1, 1.0),
        (&lost, score(5, 4, 1, true), 1, match_equity(1, 4 - 2, true)),
    ] {
        let r = run(pos, None, &rules, &in_match(cfg(10, None, 3, true, true), value, CubeOwner::Centered, s));
        let c = r.cubeful.unwrap();
        let (mwc, se) = (c.mwc.unwrap(), c.mwc_se.unwrap());
        assert!((mwc - want).abs() < 1e-6 && se < 1e-6 && c.se < 1e-5, "{s:?} cube {value}: {c:?} v {want}");
        let (w, l) = (s.chances_after(value as i32), s.chances_after(-(value as i32)));
        assert!((c.equity - (2.0 * want - w - l) / (w - l)).abs() < 1e-6, "{c:?}");
    }
}

/// Match play at double match point (both need one point): the cube is dead, gammons count for
/// nothing, so the match winning chances are the chances of winning the game: the cubeless
/// estimate's, trial for trial (luck-adjusted too), and the EMG equity is 2 x that - 1.
#[test]
fn match_cubeful_rollout_at_double_match_point_is_the_chance_of_winning_the_game() {
    let rules = GameRules::new(Variant::Backgammon);
    let p = Position::start();
    let r = run(
        &p,
        None,
        &rules,
        &in_match(cfg(200, Some(8), 4, true, true), 1, CubeOwner::Centered, score(1, 0, 0, false)),
    );
    let c = r.cubeful.unwrap();
    let (mwc, se) = (c.mwc.unwrap(), c.mwc_se.unwrap());
    assert!((mwc - r.estimate.probabilities.win).abs() < 1e-4, "{mwc} v {:?}", r.estimate);
    assert!((se - r.estimate.se[0]).abs() < 1e-4, "{se} v {:?}", r.estimate.se);
    assert!((c.equity - (2.0 * mwc - 1.0)).abs() < 1e-5);
    assert!(c.se < c.raw_se, "the luck adjustment: {c:?}");
}

/// Match play: the cube is played by the model's match decisions: owning the cube is worth more
/// than the opponent owning it; in the Crawford game no one doubles, so there the cube's owner
/// does not change the chances; the cubeless estimate never changes.
#[test]
fn match_cubeful_rollout_plays_the_cube_by_the_score() {
    let rules = GameRules::new(Variant::Backgammon);
    let p = race();
    let base = cfg(400, None, 5, true, true);
    let plain = run(&p, None, &rules, &base);
    let at = |value, owner, s| {
        let r = run(&p, None, &rules, &in_match(base, value, owner, s));
        assert_eq!(r.estimate, plain.estimate, "{s:?}: the cubeless estimate is unchanged");
        r.cubeful.unwrap()
    };
    let s = score(9, 3, 3, false);
    let (mine, theirs) = (at(2, CubeOwner::Mover, s), at(2, CubeOwner::Opponent, s));
    let (m, t) = (mine.mwc.unwrap(), theirs.mwc.unwrap());
    let gap = (m - t) / (mine.mwc_se.unwrap().powi(2) + theirs.mwc_se.unwrap().powi(2)).sqrt();
    assert!(gap > 3.0, "owning the cube {mine:?} v the opponent owning it {theirs:?}");
    let crawford = score(9, 8, 3, true);
    let (a, b) = (at(1, CubeOwner::Centered, crawford), at(1, CubeOwner::Opponent, crawford));
    assert_eq!(a.mwc, b.mwc, "no double in the Crawford game");
    println!("match cubeful, race(), 6-away all, cube 2: mine {mine:?}, theirs {theirs:?}; Crawford {a:?}");
}

/// The cube is played inside the trials: owning it is worth more than a centred cube, which is
/// worth more than the opponent's; the cubeless estimate is that of the cubeless rollout with
/// the same seed (a pass settles only the cubeful result); the luck adjustment lowers its error.
#[test]
fn cubeful_rollout_values_cube_ownership_and_keeps_the_cubeless_estimate() {
    let rules = GameRules::new(Variant::Backgammon);
    let p = race();
    let base = cfg(400, None, 5, true, true);
    let plain = run(&p, None, &rules, &base);
    let mut eq = Vec::new();
    for owner in [CubeOwner::Mover, CubeOwner::Centered, CubeOwner::Opponent] {
        let r = run(&p, None, &rules, &cubeful(base, 1, owner, false));
        assert_eq!(r.estimate, plain.estimate, "{owner:?}: the cubeless estimate is unchanged");
        let c = r.cubeful.unwrap();
        assert!(c.se < c.raw_se, "{owner:?}: {c:?}");
        eq.push((c.equity, c.se));
    }
    let gap = |a: (f32, f32), b: (f32, f32)| (a.0 - b.0) / (a.1 * a.1 + b.1 * b.1).sqrt();
    assert!(gap(eq[1], eq[2]) > 3.0, "centred {:?} v the opponent's {:?}", eq[1], eq[2]);
    assert!(gap(eq[0], eq[2]) > 3.0, "the mover's {:?} v the opponent's {:?}", eq[0], eq[2]);
    assert!(gap(eq[0], eq[1]) > -2.0, "the mover's {:?} v centred {:?}", eq[0], eq[1]);
    println!(
        "cubeful, race(): mover {:?}, centred {:?}, opponent {:?}; cubeless {}",
        eq[0], eq[1], eq[2], plain.estimate.equity
    );
}

/// The engine says who is on roll (`Game::player_on_roll`, the state's `onRoll`, which the play
/// view asks before it offers a rollout) and `rollout_for_game` rolls out exactly then: not in
/// the opening, for the player on turn before and after his roll and during a double, and not
/// once the game is over.
#[test]
fn a_rollout_is_offered_exactly_when_the_engine_says_someone_is_on_roll() {
    use tabla::ai::backgammon::api::rollout_for_game;
    use tabla::backgammon::{Game, Options, Phase};
    let c = cfg(2, Some(1), 1, true, false);
    let mut g = Game::with_seed(Options::default(), 3);
    let mut seen = std::collections::BTreeSet::new();
    for _ in 0..400 {
        let on_roll = g.player_on_roll();
        assert_eq!(g.state().on_roll, on_roll);
        assert_eq!(on_roll.is_some(), rollout_for_game(&g, &c, &mut || false).is_some(), "{:?}", g.phase());
        assert_eq!(on_roll.is_some(), !matches!(g.phase(), Phase::Opening | Phase::GameOver));
        if let Some(p) = on_roll {
            assert_eq!(p, g.turn());
        }
        seen.insert(g.phase().name());
        match g.phase() {
            Phase::GameOver => break,
            Phase::Opening | Phase::Roll => {
                g.roll().unwrap();
            }
            _ => {
                let steps = g.legal_plays().first().map(|p| p.steps.clone()).unwrap_or_default();
                g.play_steps(&steps).unwrap();
            }
        }
    }
    assert!(seen.contains("game-over") && seen.contains("opening") && seen.contains("move"), "{seen:?}");
}

/// The cube decision of a rollout with a cube at the root is the cube model's (`advice_at`, the
/// app's rule) on the rollout's own cubeless probabilities, in money and match play, for every
/// cube state; a cubeless rollout makes none, and the threads a rollout is split over do not
/// change it.
#[test]
fn a_cubeful_rollout_decides_the_cube_on_its_own_probabilities() {
    let rules = GameRules::new(Variant::Backgammon);
    let contact = Position::from_position_id("4HPwATDgc/ABMA").unwrap();
    let ahead = setup(&[(1, 3), (2, 3), (3, 3)], &[(6, 5), (5, 5), (4, 5)]); // a race well ahead
    let base = cfg(24, Some(8), 7, true, true);
    for pos in [contact, ahead, race()] {
        assert_eq!(run(&pos, None, &rules, &base).cube_advice, None, "cubeless: no decision");
        let states = [
            CubeState { value: 1, owner: CubeOwner::Centered, jacoby: false, score: None },
            CubeState { value: 1, owner: CubeOwner::Centered, jacoby: true, score: None },
            CubeState { value: 2, owner: CubeOwner::Mover, jacoby: false, score: None },
            CubeState { value: 2, owner: CubeOwner::Opponent, jacoby: false, score: None },
            CubeState { value: 1, owner: CubeOwner::Centered, jacoby: false, score: Some(score(7, 2, 4, false)) },
        ];
        for cube in states {
            let c = RolloutConfig { cube: Some(cube), ..base };
            let r = run(&pos, None, &rules, &c);
            let want = ai::cube::advice_at(&pos, &r.estimate.probabilities, rules.scoring(), &cube);
            assert_eq!(r.cube_advice, Some(want), "{cube:?}");
            // split over two threads by groups, merged in group order: the same decision
            let whole = Rollout::new(ai::net(Variant::Backgammon), rules, pos, None, c).unwrap();
            let mut groups = Vec::new();
            let (a, b) = (
                Rollout::new(ai::net(Variant::Backgammon), rules, pos, None, c).unwrap().run_groups(
                    0,
                    2,
                    u64::MAX,
                    &mut || false,
                ),
                Rollout::new(ai::net(Variant::Backgammon), rules, pos, None, c).unwrap().run_groups(
                    1,
                    2,
                    u64::MAX,
                    &mut || false,
                ),
            );
            for k in 0..a.len().max(b.len()) {
                groups.extend(a.get(k).copied());
                groups.extend(b.get(k).copied());
            }
            assert_eq!(whole.finish(&groups), r, "{cube:?}");
        }
    }
    // a race this far ahead is a double and a pass (or too good) by the model on any estimate
    let c = RolloutConfig { cube: Some(CubeState::money()), ..base };
    let a = run(&ahead, None, &rules, &c).cube_advice.unwrap();
    assert!(!a.take && (a.double || a.too_good), "{a:?}");
}
