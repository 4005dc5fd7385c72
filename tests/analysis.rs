//! Game analysis (issue 16): backgammon-family turns (checker play, cube, luck, error rate,
//! winning chances) and draughts moves (score lost, mistakes, blunders, missed wins), judged by
//! the computer opponent's own search over the engine's replay of the record.

use std::time::Instant;

use tabla::ai::backgammon::analysis::{
    self, AnalysisError, AnalysisOptions, LuckMark, Mark, Response, VERY_BAD, analyze_turn, luck_of_roll, summarize,
    turn_count,
};
use tabla::ai::backgammon::{self as ai, GameRules, Level};
use tabla::ai::draughts::Engine;
use tabla::ai::draughts::analysis::{
    BLUNDER, DraughtsAnalysisOptions, DraughtsMark, analyze_move, move_count, summarize as summarize_draughts,
};
use tabla::backgammon::{Game, Options, Phase, Position, Setup, Variant};
use tabla::dice::{ALL_21, Dice, roll_probability};
use tabla::draughts::{Game as DraughtsGame, GameOptions};

fn opts(ply: u8) -> AnalysisOptions {
    AnalysisOptions { ply }
}

/// A backgammon game from a set-up with White on roll, and the dice set to `d1`-`d2`.
fn race(mover: &[(usize, u8)], opponent: &[(usize, u8)], d1: u8, d2: u8) -> Game {
    let mut s = Setup::default();
    for &(p, n) in mover {
        s.mover[p - 1] = n;
    }
    for &(p, n) in opponent {
        s.opponent[p - 1] = n;
    }
    let pos = Position::from_setup(&s).unwrap();
    let mut g =
        Game::from_position(pos, tabla::backgammon::Player::White, Options::new(Variant::Backgammon), Dice::fixed([]));
    g.set_dice(d1, d2).unwrap();
    g
}

#[test]
fn bg_analysis_a_deliberate_blunder_is_marked_very_bad() {
    // White bears off his last two checkers with 6-5 and wins; 6/1 5/off leaves one checker, and
    // Black, with his last checker on his 1-point, bears off next turn.
    let mut g = race(&[(6, 1), (5, 1)], &[(1, 1)], 6, 5);
    g.play("6/1 5/off").unwrap();
    assert_eq!(turn_count(&g).unwrap(), 1);
    let t = analyze_turn(&g, 0, &opts(1)).unwrap();
    let p = t.play.unwrap();
    assert_eq!(p.best, "6/off 5/off");
    assert_eq!(p.played, "6/1 5/off");
    assert!(p.equity_lost >= VERY_BAD, "{p:?}");
    assert_eq!(p.mark, Some(Mark::VeryBad));
    assert!(!p.forced);
    assert!(t.white_win < 0.05, "Black wins next turn: {}", t.white_win);
    assert_eq!(t.tally.marks, [0, 0, 1]);
}

#[test]
fn bg_analysis_the_best_play_is_not_marked() {
    let mut g = race(&[(6, 1), (5, 1)], &[(1, 1)], 6, 5);
    g.play("6/off 5/off").unwrap();
    let t = analyze_turn(&g, 0, &opts(1)).unwrap();
    let p = t.play.unwrap();
    assert_eq!(p.equity_lost, 0.0);
    assert_eq!(p.mark, None);
    assert_eq!(t.white_win, 1.0);

    // From the opening: the engine's own best 1-ply play of 3-1, played, is not marked.
    let mut g = Game::with_dice(Options::new(Variant::Backgammon), Dice::fixed([]));
    g.set_dice(3, 1).unwrap();
    let best = ai::hint_for_game(&g, 1).unwrap()[0].play;
    g.play_position(&best.result).unwrap();
    let t = analyze_turn(&g, 0, &opts(1)).unwrap();
    let p = t.play.unwrap();
    assert_eq!((p.equity_lost, p.mark), (0.0, None), "{p:?}");
    assert_eq!(p.best, p.played);
    assert!(p.alternatives.len() > 1);
    assert!(t.luck.is_some(), "an opening roll has a luck");
}

#[test]
fn bg_analysis_luck_sums_to_zero_over_the_rolls_and_a_winning_66_is_very_lucky() {
    let rules = GameRules::new(Variant::Backgammon);
    let start = rules.start();
    let sum: f32 = ALL_21
        .iter()
        .map(|&(r, w)| {
            let (a, b) = r.values();
            roll_probability(w) * luck_of_roll(&start, a, b, &rules, false)
        })
        .sum();
    assert!(sum.abs() < 1e-4, "weighted luck over all rolls {sum}");
    // An opening roll is measured against the 15 rolls that can open (no doubles).
    let opening: f32 = ALL_21
        .iter()
        .filter(|(r, _)| r.values().0 != r.values().1)
        .map(|&(r, w)| roll_probability(w) * luck_of_roll(&start, r.values().0, r.values().1, &rules, true))
        .sum();
    assert!(opening.abs() < 1e-4, "{opening}");

    // Four checkers on the 6-point against a last checker: only 6-6 wins now.
    let mut g = race(&[(6, 4)], &[(1, 1)], 6, 6);
    g.play("6/off(4)").unwrap();
    let t = analyze_turn(&g, 0, &opts(0)).unwrap();
    let l = t.luck.unwrap();
    assert!(l.value > analysis::VERY_LUCKY, "{l:?}");
    assert_eq!(l.mark, Some(LuckMark::VeryLucky));
    let mut g = race(&[(6, 4)], &[(1, 1)], 2, 1);
    g.play("6/4 6/5").unwrap();
    let l = analyze_turn(&g, 0, &opts(0)).unwrap().luck.unwrap();
    assert!(l.value < 0.0 && l.mark.is_none(), "a roll that loses as most do: {l:?}");
}

#[test]
fn bg_analysis_cube_errors_are_found() {
    // The engine says double here (issue 16): rolling instead is a cube error.
    let mut g = Game::from_position_id("7N4nAABtdw8AAA", Options::new(Variant::Backgammon), Dice::fixed([])).unwrap();
    let advice = ai::cube_action_for_game(&g, 1).unwrap();
    assert!(advice.double, "{advice:?}");
    g.set_dice(3, 1).unwrap();
    let c = ai::hint_for_game(&g, 0).unwrap()[0].play;
    g.play_position(&c.result).unwrap();
    let t = analyze_turn(&g, 0, &opts(1)).unwrap();
    let cube = t.cube.unwrap();
    assert!(!cube.doubled && cube.advice.double);
    let want = cube.advice.double_take.min(cube.advice.double_pass) - cube.advice.no_double;
    assert!((cube.double_error - want).abs() < 1e-5 && cube.double_error > 0.0, "{cube:?}");

    // Doubling is right; answering against the advice costs the answerer |take - pass|.
    let mut g = Game::from_position_id("7N4nAABtdw8AAA", Options::new(Variant::Backgammon), Dice::fixed([])).unwrap();
    g.double().unwrap();
    if advice.take {
        g.pass().unwrap()
    } else {
        g.take().unwrap()
    };
    let t = analyze_turn(&g, 0, &opts(1)).unwrap();
    let cube = t.cube.unwrap();
    assert!(cube.doubled);
    assert_eq!(cube.double_error, 0.0);
    assert_eq!(cube.response, Some(if advice.take { Response::Pass } else { Response::Take }));
    let want = (cube.advice.double_take - cube.advice.double_pass).abs();
    assert!((cube.response_error.unwrap() - want).abs() < 1e-5, "{cube:?}");
    let s = summarize(&[t.tally]);
    assert_eq!(s[1].decisions, 1, "Black's answer is his decision");
}

#[test]
fn bg_analysis_of_a_whole_game_counts_every_play_and_charts_chances() {
    let mut game = Game::with_seed(Options::new(Variant::Backgammon), 7);
    let mut plays = 0;
    for _ in 0..3000 {
        match game.phase() {
            Phase::Opening | Phase::Roll => {
                game.roll().unwrap();
            }
            Phase::Move => {
                let c = ai::best_play_for_game(&game, Level::Beginner, 3).unwrap();
                game.play_position(&c.play.result).unwrap();
                plays += 1;
            }
            Phase::CubeDecision => game.take().unwrap(),
            _ => break,
        }
    }
    assert_eq!(game.phase(), Phase::GameOver);
    let n = turn_count(&game).unwrap();
    assert_eq!(n, plays);
    let started = Instant::now();
    let turns: Vec<_> = (0..n).map(|i| analyze_turn(&game, i, &AnalysisOptions::default()).unwrap()).collect();
    eprintln!("{n} turns analysed at 1-ply natively in {:.2} s", started.elapsed().as_secs_f64());
    for (i, t) in turns.iter().enumerate() {
        assert_eq!(t.index, i);
        assert!((0.0..=1.0).contains(&t.white_win), "{t:?}");
        let p = t.play.as_ref().unwrap();
        assert!(p.equity_lost >= 0.0 && p.equity_lost.is_finite());
        assert_eq!(p.mark, if p.forced { None } else { Mark::of(p.equity_lost) });
    }
    let last = turns.last().unwrap();
    let winner_white = game.outcome().unwrap().winner == tabla::backgammon::Player::White;
    assert_eq!(last.white_win, if winner_white { 1.0 } else { 0.0 });
    let tallies: Vec<_> = turns.iter().map(|t| t.tally).collect();
    let s = summarize(&tallies);
    for p in &s {
        assert!(p.decisions > 0);
        assert!((p.error_rate - 1000.0 * p.equity_lost / p.decisions as f32).abs() < 1e-3);
    }
    // The beginner's noise makes mistakes the analysis sees.
    assert!(s[0].doubtful + s[0].bad + s[0].very_bad + s[1].doubtful + s[1].bad + s[1].very_bad > 0, "{s:?}");
    assert_eq!(analyze_turn(&game, n, &opts(0)), Err(AnalysisError::NoTurn { index: n, turns: n }));
}

#[test]
fn draughts_analysis_a_missed_win_is_found_and_the_winning_move_is_not_marked() {
    // e5-f6 leaves Black's last man on h8 without a move: White wins at once.
    let mut g = DraughtsGame::from_fen("W:We5,g7:Bh8", GameOptions::default()).unwrap();
    g.play("e5-d6").unwrap();
    let mut engine = Engine::new(4);
    let a = analyze_move(&mut engine, &g, 0, &DraughtsAnalysisOptions::default()).unwrap();
    assert_eq!(a.best, "e5-f6");
    assert!(a.missed_win, "{a:?}");
    assert!(a.lost >= BLUNDER);
    assert_eq!(a.mark, Some(DraughtsMark::Blunder));
    assert_eq!(a.color, "white");

    let mut g = DraughtsGame::from_fen("W:We5,g7:Bh8", GameOptions::default()).unwrap();
    g.play("e5-f6").unwrap();
    let a = analyze_move(&mut engine, &g, 0, &DraughtsAnalysisOptions::default()).unwrap();
    assert_eq!((a.lost, a.mark, a.missed_win), (0, None, false), "{a:?}");
    assert_eq!(a.white_expectation, 1.0);
}

#[test]
fn draughts_analysis_of_a_whole_game_is_consistent_and_reproducible() {
    // A game of the easy level, then every move analysed.
    let mut g = DraughtsGame::new(GameOptions::default());
    let mut engine = Engine::new(4);
    for i in 0..24 {
        if g.outcome().is_some() {
            break;
        }
        let root = tabla::ai::draughts::SearchRoot::from_game(&g);
        let r = engine
            .best_move(&root, tabla::ai::draughts::Level::Beginner, None, i, &tabla::ai::draughts::NoClock)
            .unwrap();
        g.play_move(&r.best).unwrap();
    }
    let n = move_count(&g);
    assert!(n > 0);
    let o = DraughtsAnalysisOptions { nodes: 20_000 };
    let moves: Vec<_> = (0..n).map(|i| analyze_move(&mut engine, &g, i, &o).unwrap()).collect();
    for m in &moves {
        assert!(m.lost >= 0 && (0.0..=1.0).contains(&m.white_expectation));
        assert_eq!(m.best_line.first(), Some(&m.best));
        assert_eq!(m.mark, if m.forced { None } else { DraughtsMark::of(m.lost) });
    }
    // Reproducible: the engine's table is cleared for each move.
    assert_eq!(analyze_move(&mut engine, &g, n - 1, &o).unwrap(), moves[n - 1]);
    let s = summarize_draughts(&moves.iter().map(|m| m.tally).collect::<Vec<_>>());
    assert_eq!(s[0].decisions + s[1].decisions, moves.iter().filter(|m| !m.forced).count() as u32);
    assert!(analyze_move(&mut engine, &g, n, &o).is_err());
}
