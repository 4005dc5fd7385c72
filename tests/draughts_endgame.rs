//! Endgame databases (issue 20): every value agrees with its successors' values, known
//! endings come out right, and master wins three kings against a lone king within the
//! 15-move rule (RU-DRAW-3K1K) with the databases.

use std::sync::{Arc, OnceLock};

use tabla::ai::draughts::endgame::{Material, Tablebase, TablebaseError, Wdl};
use tabla::ai::draughts::{Engine, Limits, NoClock, SearchRoot};
use tabla::draughts::bitboard::MAIN_DIAGONAL;
use tabla::draughts::{Color, Game, GameOptions, Outcome, Position};

fn tb() -> &'static Arc<Tablebase> {
    static TB: OnceLock<Arc<Tablebase>> = OnceLock::new();
    TB.get_or_init(|| Arc::new(Tablebase::generate(4).unwrap()))
}

fn fen(s: &str) -> Position {
    Position::from_fen(s).unwrap()
}

/// Higher is better for the side to move.
fn rank(v: Wdl) -> i64 {
    match v {
        Wdl::Win(d) => 1_000_000 - d as i64,
        Wdl::Draw => 0,
        Wdl::Loss(d) => -1_000_000 + d as i64,
    }
}

/// The value the successors imply: no move is a loss in 0; otherwise the best of the
/// successors' values seen one ply earlier (the fastest win, else a draw, else the slowest loss).
fn implied(tb: &Tablebase, p: &Position) -> Wdl {
    p.legal_moves()
        .iter()
        .map(|m| tb.probe(&p.after(m)).expect("successors are covered").before())
        .max_by_key(|&v| rank(v))
        .unwrap_or(Wdl::Loss(0))
}

/// Every position of every material up to 3 pieces and every 5th of each 4-piece material,
/// with White and with Black to move: its value is exactly what its successors imply (a win
/// in d has a move to a loss in d-1 and none faster; a loss in d has only moves to wins, the
/// longest in d-1; a draw has a drawing move and no winning one). Over all positions this
/// proves the database right by induction on the distance.
#[test]
fn endgame_values_consistent_with_successors() {
    let tb = tb();
    let (mut checked, mut wins) = (0usize, 0usize);
    let materials: Vec<Material> = tb.materials().collect();
    for m in materials {
        let pieces = (m.men + m.kings + m.opp_men + m.opp_kings) as usize;
        let stride = if pieces <= 3 { 1 } else { 5 };
        for (i, (p, v)) in tb.positions(m).enumerate() {
            if i % stride != 0 {
                continue;
            }
            assert_eq!(tb.probe(&p), Some(v));
            assert_eq!(v, implied(tb, &p), "{} {m:?}", p.to_fen());
            let q = p.with_turn(Color::Black);
            assert_eq!(tb.probe(&q).unwrap(), implied(tb, &q), "{}", q.to_fen());
            checked += 2;
            wins += matches!(v, Wdl::Win(_)) as usize;
        }
    }
    assert!(checked > 2_500_000 && wins > 400_000, "{checked} checked, {wins} wins");
}

/// The database's best move keeps the value: a win in d goes to a loss in d-1 for the other
/// side, so following it wins in exactly d plies (3 kings against 1).
#[test]
fn endgame_best_line_wins_in_the_stated_distance() {
    let tb = tb();
    let mut p = fen("W:WKa1,Kc3,Ke1:BKh4");
    let Some(Wdl::Win(d)) = tb.probe(&p) else { panic!("a win") };
    for ply in 0..d {
        let (mv, v) = tb.best_move(&p).unwrap();
        assert_eq!(v, if ply % 2 == 0 { Wdl::Win(d - ply) } else { Wdl::Loss(d - ply) });
        p = p.after(&mv);
    }
    assert!(p.is_lost());
}

/// Known endings (docs/rules.md 2.3 and AI.md): one king against one king is drawn; three kings
/// against a lone king holding the main road are drawn; the colour mirror keeps the value.
#[test]
fn endgame_known_results() {
    let tb = tb();
    assert_eq!(tb.probe(&fen("W:WKc1:BKh4")), Some(Wdl::Draw));
    assert_eq!(tb.probe(&fen("W:WKc1,Ke1,Kg1:BKh8")), Some(Wdl::Draw));
    assert_eq!(tb.probe(&fen("B:WKc1,Ke1,Kg1:BKh8")), Some(Wdl::Draw));
    // ... but a king left en prise is taken at once.
    assert_eq!(tb.probe(&fen("W:WKa3,Kc1,Kg1:BKd4")), Some(Wdl::Win(1)));
    // The board turned 180° with colours swapped has the same value (how Black-to-move
    // positions are stored): here the position is its own mirror with the other side to move.
    assert_eq!(tb.probe(&fen("W:Wc3:Bf6")), tb.probe(&fen("B:Wc3:Bf6")));
    assert_eq!(tb.probe(&fen("W:Wc3,Kh2:Bf6")), tb.probe(&fen("B:Wc3:Bf6,Ka7")));
    let st = tb.stats();
    assert_eq!(st.positions, st.wins + st.draws + st.losses);
    assert!(st.bytes < 8_000_000, "{st:?}");
}

/// RU-DRAW-3K1K: from winning set-ups of three kings against a lone king off the main road
/// (every 97th such database win with the kings' side to move), master with the databases
/// beats master with the databases under the referee's draw rules, so within 15 moves.
#[test]
fn ru_draw_3k1k_master_wins_three_kings_vs_king_within_15_moves() {
    let tb = tb();
    let three_v_one = Material { men: 0, kings: 3, opp_men: 0, opp_kings: 1 };
    let setups: Vec<Position> = tb
        .positions(three_v_one)
        .filter(|(p, v)| matches!(v, Wdl::Win(_)) && p.black() & MAIN_DIAGONAL == 0)
        .map(|(p, _)| p)
        .step_by(97)
        .collect();
    assert!(setups.len() >= 50, "{}", setups.len());
    let mut engine = Engine::new(4);
    engine.tablebase = Some(tb.clone());
    let mut longest = 0;
    let n = setups.len();
    for start in setups {
        let mut game = Game::from_position(start, GameOptions::default());
        while game.outcome().is_none() {
            engine.clear();
            let root = SearchRoot::from_game(&game);
            let r = engine.search(&root, &Limits { nodes: Some(4_000), ..Limits::default() }, &NoClock).unwrap();
            game.play_move(&r.best).unwrap();
        }
        let outcome = game.outcome().unwrap();
        assert!(
            matches!(outcome, Outcome::Win { winner: Color::White, .. }),
            "{}: {outcome:?} after {}",
            start.to_fen(),
            game.history().iter().map(|p| p.notation.clone()).collect::<Vec<_>>().join(" ")
        );
        longest = longest.max(game.history().len().div_ceil(2));
    }
    assert!(longest <= 15, "{longest}");
    eprintln!("{n} set-ups won, the longest in {longest} moves");
}

/// RU-DRAW-3K1K and RU-DRAW-5 as the probe sees them: `rule_slack` is the first ply after
/// which the referee's own rule check would fire.
#[test]
fn ru_draw_3k1k_rule_slack_counts_the_strong_sides_moves() {
    use tabla::ai::draughts::endgame::rule_slack;
    use tabla::draughts::DrawCounters;
    let p = fen("W:WKa1,Kc3,Ke1:BKh4");
    // Fresh counters, the kings' side to move: its 15th move is ply 29.
    assert_eq!(rule_slack(&p, &DrawCounters::default(), 100), 29);
    let late = DrawCounters { balance_moves: [14, 14], ..DrawCounters::default() };
    assert_eq!(rule_slack(&p, &late, 100), 1);
    // Beyond the horizon: none.
    assert_eq!(rule_slack(&p, &DrawCounters::default(), 20), u32::MAX);
    // RU-DRAW-5, one king against one king: 5 moves of each side.
    assert_eq!(rule_slack(&fen("W:WKc1:BKh4"), &DrawCounters::default(), 100), 10);
}

/// RU-DRAW-3K1K in the search: a database win in 19 plies is a proven win with fresh
/// counters or without the draw rules, but not when only 5 of the 15 moves are left.
#[test]
fn ru_draw_3k1k_database_win_beyond_the_rule_is_not_a_proven_win() {
    use tabla::ai::draughts::Score;
    use tabla::draughts::DrawCounters;
    let mut engine = Engine::new(4);
    engine.tablebase = Some(tb().clone());
    let limits = Limits { depth: Some(6), ..Limits::default() };
    let mut root = SearchRoot::new(fen("W:WKa1,Kc3,Ke1:BKh4"));
    let r = engine.search(&root, &limits, &NoClock).unwrap();
    assert_eq!(r.score(), Score::WinIn(19));
    // The principal variation runs on in the database to the end of the game.
    assert_eq!(r.pv.len(), 19);
    assert!(r.pv.iter().fold(root.position, |p, m| p.after(m)).is_lost());
    root.counters = DrawCounters { balance_moves: [10, 10], ..DrawCounters::default() };
    let s = engine.search(&root, &limits, &NoClock).unwrap().score();
    assert!(matches!(s, Score::Centi(c) if c > 20_000), "{s:?}");
    root.draw_rules = false;
    engine.clear();
    assert_eq!(engine.search(&root, &limits, &NoClock).unwrap().score(), Score::WinIn(19));
}

/// Building only what one ending needs gives the same values as building everything: here
/// three kings against a king (kings-only materials), and a king and a man against two men.
#[test]
fn endgame_generate_for_matches_the_full_database() {
    for target in [
        Material { men: 0, kings: 3, opp_men: 0, opp_kings: 1 },
        Material { men: 1, kings: 1, opp_men: 2, opp_kings: 0 },
    ] {
        let t0 = std::time::Instant::now();
        let part = Tablebase::generate_for(&[target]).unwrap();
        eprintln!("{target:?}: {} bytes in {:?}", part.stats().bytes, t0.elapsed());
        assert!(part.stats().bytes < tb().stats().bytes);
        for m in [
            target,
            Material { men: target.opp_men, kings: target.opp_kings, opp_men: target.men, opp_kings: target.kings },
        ] {
            let mut n = 0;
            for (p, v) in tb().positions(m) {
                assert_eq!(part.probe(&p), Some(v), "{}", p.to_fen());
                n += 1;
            }
            assert!(n > 1000);
        }
    }
    // Kings only: nothing with a man is built.
    let kings = Tablebase::generate_for(&[Material { men: 0, kings: 3, opp_men: 0, opp_kings: 1 }]).unwrap();
    assert_eq!(kings.probe(&fen("W:WKa1,c3:BKh8")), None);
}

/// Built a little at a time (`extend_for` asks `more()` every few thousand positions and keeps a
/// group half done for the next call), over as many calls as it takes: what is built after
/// every call is closed under capture and promotion, and the values are the full database's.
#[test]
fn endgame_extend_for_in_steps_matches_the_full_database() {
    let target = Material { men: 1, kings: 1, opp_men: 1, opp_kings: 1 };
    let mut part = Tablebase::empty();
    assert_eq!(part.probe(&fen("W:WKa1:BKh4")), None);
    let mut calls = 0;
    loop {
        calls += 1;
        let mut budget = 16;
        let done = part
            .extend_for(&[target], || {
                budget -= 1;
                budget >= 0
            })
            .unwrap();
        let covered: Vec<Material> = part.materials().collect();
        for m in &covered {
            // every material a capture or a promotion leads to is there too
            for next in m.reachable(4) {
                assert!(part.covers(next), "{m:?} built without {next:?}");
            }
        }
        if done {
            break;
        }
        assert!(calls < 10_000);
    }
    assert!(calls > 20, "{calls} calls");
    assert!(part.covers(target));
    for m in part.materials() {
        for (p, v) in tb().positions(m) {
            assert_eq!(part.probe(&p), Some(v), "{}", p.to_fen());
        }
    }
    // two men against two are not needed, and not built
    assert!(!part.covers(Material { men: 2, kings: 0, opp_men: 2, opp_kings: 0 }));
    // a second call has nothing left to do
    assert_eq!(part.extend_for(&[target], || panic!("nothing to build")), Ok(true));
    // more pieces than a database holds: refused, never taken for a built material of the
    // same key (one man against five kings shares its key with a man against a man)
    let five = Material { men: 1, kings: 0, opp_men: 0, opp_kings: 5 };
    assert!(!part.covers(five));
    assert_eq!(part.extend_for(&[five], || true), Err(TablebaseError::TooManyPieces(6)));
}

/// The materials play can reach: fewer pieces on each side (captures), men turned kings
/// (promotions), never more men, never a side's pieces above what it had; both orientations of a
/// material count once; nearest first.
#[test]
fn endgame_reachable_materials_are_exactly_those_captures_and_promotions_reach() {
    let canon =
        |m: Material| m.min(Material { men: m.opp_men, kings: m.opp_kings, opp_men: m.men, opp_kings: m.kings });
    for root in [
        Material { men: 3, kings: 0, opp_men: 2, opp_kings: 1 },
        Material { men: 0, kings: 3, opp_men: 0, opp_kings: 1 },
        Material { men: 4, kings: 1, opp_men: 3, opp_kings: 0 },
        Material { men: 1, kings: 0, opp_men: 0, opp_kings: 1 },
    ] {
        let got = root.reachable(4);
        let mut expected = Vec::new();
        for men in 0..=root.men {
            for kings in 0..=(root.men + root.kings - men) {
                for opp_men in 0..=root.opp_men {
                    for opp_kings in 0..=(root.opp_men + root.opp_kings - opp_men) {
                        let m = Material { men, kings, opp_men, opp_kings };
                        if men + kings > 0 && opp_men + opp_kings > 0 && men + kings + opp_men + opp_kings <= 4 {
                            expected.push(canon(m));
                        }
                    }
                }
            }
        }
        expected.sort();
        expected.dedup();
        let mut sorted = got.clone();
        sorted.sort();
        assert_eq!(sorted, expected, "{root:?}");
        let total = |m: &Material| m.men + m.kings + m.opp_men + m.opp_kings;
        if total(&root) <= 4 {
            assert_eq!(got[0], canon(root));
        }
    }
}

/// A search limited by time (master, analysis) builds and uses the databases its position can
/// reach (`Engine::shared_endgames`): three kings against a king is a win in 19 plies, shown as
/// such (the principal variation to the end) after a few hundred nodes. The clock here is a
/// counter (a millisecond per reading), so the test does not depend on the machine's speed. A
/// search limited by nodes does not touch them, so its result does not depend on what earlier
/// searches built.
#[test]
fn endgame_timed_search_builds_and_uses_the_shared_databases() {
    use std::cell::Cell;
    use tabla::ai::draughts::{Score, build_endgames};
    let ticks = Cell::new(0.0);
    let clock = || {
        ticks.set(ticks.get() + 1.0);
        ticks.get()
    };
    let root = SearchRoot::new(fen("W:WKa1,Kc3,Ke1:BKh4"));
    let mut engine = Engine::new(4);
    let nodes = Limits { nodes: Some(20_000), ..Limits::default() };
    let before = engine.search(&root, &nodes, &NoClock).unwrap();
    let timed = Limits { time_ms: Some(1e7), ..Limits::default() };
    let r = engine.search(&root, &timed, &clock).unwrap();
    assert_eq!(r.score(), Score::WinIn(19), "{:?}", r.score());
    assert!(r.pv.iter().fold(root.position, |p, m| p.after(m)).is_lost());
    // known from the databases at once: a search alone needs millions of nodes for it
    assert!(r.nodes < 50_000, "{} nodes", r.nodes);
    assert!(build_endgames(&root.position, &clock, ticks.get()), "nothing left to build");
    // a full board needs none yet
    assert!(build_endgames(&Position::start(), &clock, 0.0));
    engine.clear();
    let after = engine.search(&root, &nodes, &NoClock).unwrap();
    assert_eq!((before.best, before.score, before.nodes), (after.best, after.score, after.nodes));
}
