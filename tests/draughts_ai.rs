//! The Russian draughts computer opponent: legality, limits, forced wins, draws, levels.

use std::cell::Cell;

use tabla::ai::draughts::{Clock, Engine, Level, Limits, NoClock, Rng, Score, SearchParams, SearchRoot, StdClock};
use tabla::draughts::Position;

fn fen(s: &str) -> Position {
    Position::from_fen(s).unwrap()
}

fn nodes(n: u64) -> Limits {
    Limits { nodes: Some(n), ..Limits::default() }
}

/// Random games in which every side's move is chosen by a search at some level: every move
/// returned is legal.
#[test]
fn only_legal_moves() {
    let mut engine = Engine::new(2);
    let mut rng = Rng(42);
    for game in 0..12 {
        let mut root = SearchRoot::new(Position::start());
        for ply in 0..160 {
            if root.is_over() {
                break;
            }
            let legal = root.position.legal_moves();
            let mv = if rng.below(3) == 0 {
                legal[rng.below(legal.len() as u64) as usize]
            } else {
                let level = Level::ALL[(game + ply) % 4];
                let r = engine.best_move(&root, level, None, rng.next_u64(), &NoClock).unwrap();
                assert!(legal.contains(&r.best), "{level}: illegal {:?} in {:?}", r.best, root.position);
                assert!(!r.pv.is_empty() && r.pv[0] == r.best);
                // The PV is a legal line.
                let mut p = root.position;
                for m in &r.pv {
                    assert!(p.legal_moves().contains(m), "illegal PV move {m:?} in {p:?}");
                    p = p.after(m);
                }
                r.best
            };
            root = root.after(&mv);
        }
    }
}

#[test]
fn no_move_when_game_is_over() {
    let mut engine = Engine::new(1);
    // White has no pieces.
    let root = SearchRoot::new(fen("W:Wa1:Bb2,c3").with_turn(tabla::draughts::Color::White));
    assert!(root.position.is_lost());
    assert!(engine.search(&root, &nodes(1000), &NoClock).is_none());
}

#[test]
fn respects_node_limit_and_is_deterministic() {
    let root = SearchRoot::new(fen("W:Wc1,e1,g1,d2,f2,h2,a3,c3,e3,d4,f4:Bh4,c5,g5,b6,d6,h6,a7,b8,d8,f8,h8"));
    let mut a = Engine::new(4);
    let mut b = Engine::new(4);
    for n in [1, 10, 1000, 50_000] {
        a.clear();
        b.clear();
        let ra = a.search(&root, &nodes(n), &NoClock).unwrap();
        let rb = b.search(&root, &nodes(n), &NoClock).unwrap();
        assert!(ra.nodes <= n, "{} nodes for a limit of {n}", ra.nodes);
        assert_eq!(ra, rb);
    }
    for level in Level::ALL.into_iter().filter(|l| *l != Level::Master) {
        a.clear();
        b.clear();
        let ra = a.best_move(&root, level, None, 7, &NoClock).unwrap();
        let rb = b.best_move(&root, level, None, 7, &NoClock).unwrap();
        assert_eq!(ra.best, rb.best, "{level}");
    }
}

/// A fake clock that advances a fixed step each time it is read: the search must stop by the
/// deadline measured on this clock (it is the only clock it may use, as in wasm).
struct Ticker {
    t: Cell<f64>,
    step: f64,
}

impl Clock for Ticker {
    fn now_ms(&self) -> f64 {
        let t = self.t.get() + self.step;
        self.t.set(t);
        t
    }
}

#[test]
fn respects_time_limit_on_an_injected_clock() {
    let root = SearchRoot::new(Position::start());
    let mut engine = Engine::new(4);
    let clock = Ticker { t: Cell::new(0.0), step: 0.5 };
    let r = engine.search(&root, &Limits { time_ms: Some(100.0), ..Limits::default() }, &clock).unwrap();
    // Each read of this clock costs a step: allow the deadline plus a few reads.
    assert!(r.time_ms <= 100.0 + 3.0 * 0.5, "took {} ms on the injected clock", r.time_ms);
    assert!(r.depth >= 1);
    // A closure is a clock too.
    let t = Cell::new(0.0);
    let f = || {
        t.set(t.get() + 1.0);
        t.get()
    };
    let r = engine.search(&root, &Limits { time_ms: Some(50.0), ..Limits::default() }, &f).unwrap();
    assert!(
        r.time_ms <= 50.0 + 3.0,
        "took {} ms on the injected clock (depth {}, {} nodes)",
        r.time_ms,
        r.depth,
        r.nodes
    );
}

#[test]
fn respects_time_limit_natively() {
    let mut engine = Engine::new(8);
    for f in [
        "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8",
        "W:We1,h2,g3,d4,f4,h4,c5:Ba5,d6,a7,e7,g7,f8",
        "W:WKc1,Ke3,g3:BKh8,a7,c7",
    ] {
        for limit in [30.0, 300.0] {
            engine.clear();
            let clock = StdClock::new();
            let t0 = std::time::Instant::now();
            let r = engine
                .search(&SearchRoot::new(fen(f)), &Limits { time_ms: Some(limit), ..Limits::default() }, &clock)
                .unwrap();
            let took = t0.elapsed().as_secs_f64() * 1000.0;
            // Generous margin for a busy machine.
            assert!(took < limit + 250.0, "{f}: {took:.0} ms for a {limit} ms limit");
            assert!(r.time_ms <= took + 1.0);
        }
    }
    // The master level without a time override uses its own budget (1 s).
    let clock = StdClock::new();
    let t0 = std::time::Instant::now();
    engine.best_move(&SearchRoot::new(Position::start()), Level::Master, Some(200.0), 1, &clock).unwrap();
    assert!(t0.elapsed().as_secs_f64() < 0.45);
}

fn assert_win(f: &str, within_plies: u32, limits: Limits) {
    let mut engine = Engine::new(16);
    let pos = fen(f);
    let r = engine.search(&SearchRoot::new(pos), &limits, &NoClock).unwrap();
    match r.score() {
        Score::WinIn(n) => assert!(n <= within_plies, "{f}: win in {n} plies, expected <= {within_plies}"),
        s => panic!("{f}: expected a win, got {s} (pv {})", r.pv_text(&pos).join(" ")),
    }
    // Playing the PV out ends with the loser unable to move.
    let mut p = pos;
    for m in &r.pv {
        p = p.after(m);
    }
    assert!(p.is_lost(), "{f}: the PV does not end the game: {}", r.pv_text(&pos).join(" "));
}

#[test]
fn finds_forced_wins_in_short_endgames() {
    let d = |n| Limits { depth: Some(n), nodes: Some(5_000_000), ..Limits::default() };
    // A one-move shot that takes everything.
    assert_win("W:WKc1,Ke3,Kg1:BKb6", 1, d(4));
    assert_win("W:Wc3:Bd4,f6", 1, d(4));
    // A shot into a promotion: d4-c5 b6:d4 e3:e7 and the new king wins.
    assert_win("W:Wf2,e3,b4,d4:Bb6,Kd6,c7,g7", 15, d(20));
    // Two kings against a man.
    assert_win("W:WKa1,Kh2:Bc7", 15, d(20));
    // A king and a man against a man that is stopped.
    assert_win("W:WKd4,c3:Bh6", 15, d(20));
}

#[test]
fn known_draws_are_not_played_as_wins() {
    let mut engine = Engine::new(8);
    for f in [
        // One king against one king.
        "W:WKc1:BKh8",
        // Two kings against one king.
        "W:WKc1,Ke1:BKb8",
        // Three kings against a lone king on the main road.
        "W:WKc1,Ke1,Kg1:BKh8",
    ] {
        let r = engine
            .search(
                &SearchRoot::new(fen(f)),
                &Limits { depth: Some(14), nodes: Some(3_000_000), ..Limits::default() },
                &NoClock,
            )
            .unwrap();
        assert!(r.score.abs() < 50, "{f}: {} at depth {}", r.score(), r.depth);
    }
}

#[test]
fn repetition_and_counters_from_positions() {
    // Kings shuffle: the third occurrence of a position ends the game.
    let a = fen("W:WKc1,e3:BKh8,a7");
    let mut ps = vec![a];
    for mv in ["c1-d2", "h8-g7", "d2-c1", "g7-h8", "c1-d2", "h8-g7", "d2-c1", "g7-h8"] {
        let p = *ps.last().unwrap();
        ps.push(p.after(&p.parse_move(mv).unwrap()));
    }
    let root = SearchRoot::from_positions(&ps).unwrap();
    assert_eq!(root.position, a);
    assert_eq!(root.counters.kings_only_plies, 8);
    assert!(root.is_over());
    let root = SearchRoot::from_positions(&ps[..5]).unwrap();
    assert!(!root.is_over());
    // The same from a Game: history and counters agree with the referee's.
    let mut game = tabla::draughts::Game::from_position(a, Default::default());
    for mv in ["c1-d2", "h8-g7", "d2-c1", "g7-h8", "c1-d2", "h8-g7"] {
        game.play(mv).unwrap();
    }
    let root = SearchRoot::from_game(&game);
    assert_eq!(root, SearchRoot::from_positions(&ps[..7]).unwrap());
    assert!(!root.is_over() && !game.is_over());
    game.play("d2-c1").unwrap();
    game.play("g7-h8").unwrap();
    assert!(game.is_over());
    assert!(SearchRoot::from_game(&game).is_over());
}

/// A search from a game respects its outcome rules: two kings against one is a draw under the
/// five-move rule, and the engine still returns a legal move while the game runs.
#[test]
fn searches_from_a_game() {
    let mut game = tabla::draughts::Game::from_fen("W:WKc1,Ke1:BKb8", Default::default()).unwrap();
    let mut engine = Engine::new(4);
    while !game.is_over() {
        let root = SearchRoot::from_game(&game);
        let r = engine.search(&root, &nodes(20_000), &NoClock).unwrap();
        assert!(game.legal_moves().contains(&r.best));
        game.play_move(&r.best).unwrap();
    }
    assert_eq!(game.outcome().unwrap().winner(), None);
}

/// Deterministic node-limited games: the strongest level does not lose to the weakest.
#[test]
fn level_ordering_sanity() {
    let mut strong = Engine::new(4);
    let mut weak = Engine::new(2);
    let mut score = 0;
    for (i, opening) in ["c3-d4", "g3-h4", "e3-f4"].iter().enumerate() {
        for strong_first in [true, false] {
            strong.clear();
            weak.clear();
            let start = Position::start();
            let mut root = SearchRoot::new(start.after(&start.parse_move(opening).unwrap()));
            // After the opening move Black moves: "first" here means moving first from there.
            let mut result = 0;
            for ply in 0..200 {
                if root.position.is_lost() {
                    let strong_to_move = (ply % 2 == 0) == strong_first;
                    result = if strong_to_move { -1 } else { 1 };
                    break;
                }
                if root.is_over() {
                    break;
                }
                let strong_to_move = (ply % 2 == 0) == strong_first;
                let r = if strong_to_move {
                    strong.search(&root, &nodes(150_000), &NoClock)
                } else {
                    weak.best_move(&root, Level::Beginner, None, i as u64 * 100 + ply as u64, &NoClock)
                }
                .unwrap();
                root = root.after(&r.best);
            }
            assert!(result >= 0, "the strong side lost after {opening} (strong first: {strong_first})");
            score += result;
        }
    }
    assert!(score >= 4, "strong side scored only {score} wins net in 6 games");
}

#[test]
fn winning_scores_are_bounded() {
    assert_eq!(Score::from_raw(tabla::ai::draughts::WIN - 3), Score::WinIn(3));
    assert_eq!(Score::from_raw(-tabla::ai::draughts::WIN + 4), Score::LossIn(4));
    assert_eq!("master".parse::<Level>().unwrap(), Level::Master);
    assert!("grandmaster".parse::<Level>().is_err());
}

/// A score reads in men with two decimals and its sign; forced results in plies.
#[test]
fn score_text() {
    let text = |s: Score| s.to_string();
    assert_eq!(text(Score::Centi(0)), "+0.00");
    assert_eq!(text(Score::Centi(5)), "+0.05");
    assert_eq!(text(Score::Centi(-5)), "-0.05");
    assert_eq!(text(Score::Centi(-250)), "-2.50");
    assert_eq!(text(Score::Centi(1234)), "+12.34");
    assert_eq!(text(Score::Centi(i32::MIN)), "-21474836.48");
    assert_eq!(text(Score::WinIn(3)), "win in 3 plies");
    assert_eq!(text(Score::LossIn(4)), "loss in 4 plies");
}

/// The evaluation has no colour bias: every feature of a position turned 180° with the colours
/// swapped (and the other side to move) is the negation of the original's, so the score from
/// the side to move's view is the same (over positions of random games, men and kings).
#[test]
fn eval_features_are_colour_symmetric() {
    use tabla::ai::draughts::eval::{evaluate, features};
    let mut rng = Rng(7);
    let mut checked = 0;
    for _ in 0..40 {
        let mut p = Position::start();
        for _ in 0..120 {
            let m = p.legal_moves();
            if m.is_empty() {
                break;
            }
            let q = Position::from_bitboards(
                p.black().reverse_bits(),
                p.white().reverse_bits(),
                p.kings().reverse_bits(),
                p.turn().opposite(),
            )
            .unwrap();
            let (x, y) = (features(&p), features(&q));
            for i in 0..x.len() {
                assert_eq!(x[i], -y[i], "feature {i} of {} and its mirror {}", p.to_fen(), q.to_fen());
            }
            let w = tabla::ai::draughts::Weights::DEFAULT;
            assert_eq!(evaluate(&p, &w), evaluate(&q, &w), "{}", p.to_fen());
            checked += 1;
            p = p.after(&m[rng.below(m.len() as u64) as usize]);
        }
    }
    assert!(checked > 1500, "{checked}");
}

/// Speed work must not change what the search computes: at a fixed node budget or depth the
/// search returns the best move, score, node count and principal variation recorded before it
/// (tests/data/draughts_ai/fixed_search.txt, the bench positions, a fresh 16 MB table each).
#[test]
fn fixed_budget_searches_are_unchanged() {
    let text = std::fs::read_to_string("tests/data/draughts_ai/fixed_search.txt").unwrap();
    let mut checked = 0;
    for line in text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let f: Vec<&str> = line.split('|').collect();
        assert_eq!(f.len(), 6, "{line}");
        let pos = fen(f[0]);
        let (kind, n) = f[1].split_once(' ').unwrap();
        let n: u64 = n.parse().unwrap();
        let limits = match kind {
            "nodes" => nodes(n),
            "depth" => Limits { depth: Some(n as u32), ..Limits::default() },
            _ => panic!("{line}"),
        };
        // the search as it was recorded: before futility pruning (its own test follows) and
        // with the weights then built in
        let mut engine = Engine::new(16);
        engine.params.futility_margin = 0;
        engine.params.probcut_margin = 0;
        engine.weights = tabla::ai::draughts::eval::Weights::FLAT_2026_11;
        engine.patterns = None;
        let r = engine.analyze(&SearchRoot::new(pos), &limits, &NoClock).unwrap();
        let got = format!("{}|{}|{}|{}", pos.move_text(&r.best), r.score(), r.nodes, r.pv_text(&pos).join(" "));
        assert_eq!(got, f[2..].join("|"), "{} at {}", f[0], f[1]);
        checked += 1;
    }
    assert_eq!(checked, 30);
}

/// Contempt (`SearchParams::contempt`, off by default): a draw reached in the search counts
/// as `contempt` below 0 for the side to move at the root, and as much above 0 for its
/// opponent. One king against one king is a database draw: with contempt 30 the root scores
/// -30 whichever side moves, without it 0.
#[test]
fn contempt_scores_a_draw_below_zero_for_the_side_to_move_at_the_root() {
    use std::sync::Arc;
    use tabla::ai::draughts::endgame::Tablebase;
    const { assert!(SearchParams::DEFAULT.contempt == 0) };
    let tb = Arc::new(Tablebase::generate(2).unwrap());
    for f in ["W:WKc1:BKh8", "B:WKc1:BKh8"] {
        for contempt in [0, 30] {
            let mut engine = Engine::new(1);
            engine.tablebase = Some(tb.clone());
            engine.params.contempt = contempt;
            let r = engine
                .search(&SearchRoot::new(fen(f)), &Limits { depth: Some(6), ..Limits::default() }, &NoClock)
                .unwrap();
            assert_eq!(r.score, -contempt, "{f} with contempt {contempt}");
        }
    }
}

/// Forced moves (`SearchParams::forced_lookahead`): the only legal move under a time limit is
/// played after searching the first position with a choice behind it, with the same budget;
/// the result is that search one line longer (score one ply up, its line after the forced
/// move), so the time is not lost. Without the option, or without a time limit, a forced move
/// is answered after two iterations.
#[test]
fn forced_move_lookahead_searches_the_next_choice() {
    // 1. c3-d4 f6-e5: White must take d4:f6; Black then has two ways to take back.
    let mut root = SearchRoot::new(Position::start());
    for text in ["c3-d4", "f6-e5"] {
        let mv = root.position.parse_move(text).unwrap();
        root = root.after(&mv);
    }
    let forced = root.position.legal_moves();
    assert_eq!(forced.len(), 1);
    let next = root.after(&forced[0]);
    assert!(next.position.legal_moves().len() > 1);
    let limits = Limits { nodes: Some(20_000), time_ms: Some(60_000.0), ..Limits::default() };
    let engine = |on: bool| {
        let mut e = Engine::new(2);
        e.shared_endgames = false;
        e.params.forced_lookahead = on;
        e
    };
    let ahead = engine(true).search(&root, &limits, &NoClock).unwrap();
    let direct = engine(true).search(&next, &limits, &NoClock).unwrap();
    assert_eq!(ahead.best, forced[0]);
    assert_eq!(ahead.pv[1..], direct.pv[..]);
    assert_eq!(ahead.score, -direct.score);
    assert_eq!((ahead.nodes, ahead.depth), (direct.nodes, direct.depth + 1));
    let at_once = engine(false).search(&root, &limits, &NoClock).unwrap();
    assert_eq!(at_once.best, forced[0]);
    assert!(at_once.nodes < 100, "{} nodes", at_once.nodes);
    let untimed = Limits { time_ms: None, ..limits };
    assert!(engine(true).search(&root, &untimed, &NoClock).unwrap().nodes < 100);
}

/// A pruning on by default against the search without it (`off` turns it off), over the bench
/// positions searched to `depth`: where the search without it proves a win or a loss, the
/// search with it proves the same; returns the nodes with it and without it.
fn pruning_against_none(depth: u32, off: impl Fn(&mut SearchParams)) -> (u64, u64) {
    let text = std::fs::read_to_string("tests/data/draughts_ai/fixed_search.txt").unwrap();
    let (mut pruned, mut full, mut positions) = (0, 0, 0);
    for line in text.lines().filter(|l| !l.starts_with('#') && l.contains("|depth ")) {
        let pos = fen(line.split('|').next().unwrap());
        let limits = Limits { depth: Some(depth), ..Limits::default() };
        let mut with = Engine::new(16);
        let mut without = Engine::new(16);
        off(&mut without.params);
        let a = with.analyze(&SearchRoot::new(pos), &limits, &NoClock).unwrap();
        let b = without.analyze(&SearchRoot::new(pos), &limits, &NoClock).unwrap();
        if !matches!(b.score(), Score::Centi(_)) {
            assert_eq!(a.score(), b.score(), "{}", pos.to_fen());
        }
        pruned += a.nodes;
        full += b.nodes;
        positions += 1;
    }
    assert!(positions >= 10, "{positions} positions");
    (pruned, full)
}

/// Futility pruning (`SearchParams::futility_margin`, on by default) skips hopeless quiet moves
/// at the last ply: over the bench positions searched to depth 7 it visits fewer nodes than the
/// search without it, and where the unpruned search finds a forced win or loss the pruned one
/// finds the same result.
#[test]
fn futility_pruning_saves_nodes_and_keeps_forced_results() {
    const { assert!(SearchParams::DEFAULT.futility_margin > 0) };
    let (pruned, full) = pruning_against_none(7, |p| p.futility_margin = 0);
    assert!(pruned < full, "futility pruning visited {pruned} nodes, the full search {full}");
}

/// ProbCut (`SearchParams::probcut_margin`, on by default) cuts a node whose search four plies
/// shallower beats beta by the margin: over the bench positions searched to depth 9 it visits
/// fewer nodes than the search without it, and where the search without it proves a win or a
/// loss, so does the search with it. (The tactics suite, `draughts_ai_tactics.rs`, is solved
/// with it on.)
#[test]
fn probcut_saves_nodes_and_keeps_forced_results() {
    const { assert!(SearchParams::DEFAULT.probcut_margin > 0) };
    let (cut, full) = pruning_against_none(9, |p| p.probcut_margin = 0);
    assert!(cut < full, "ProbCut visited {cut} nodes, the search without it {full}");
}

/// Tapered weights: a full board (24 pieces) uses `w`, an empty one `e`, and between them the
/// weights move linearly with the number of pieces (rounded towards zero); weights made `flat`
/// are the same at every number of pieces.
#[test]
fn tapered_weights_move_from_the_full_board_to_the_endgame() {
    use tabla::ai::draughts::Weights;
    use tabla::ai::draughts::eval::f;
    let flat = Weights::FLAT_2026_11;
    for n in 0..=32 {
        assert_eq!(flat.at(n), flat.w, "{n} pieces");
    }
    assert_eq!(Weights::DEFAULT.at(24), Weights::DEFAULT.w);
    assert_eq!(Weights::DEFAULT.at(0), Weights::DEFAULT.e);
    assert_ne!(Weights::DEFAULT.w, Weights::DEFAULT.e, "the built-in weights are tapered");
    let mut t = Weights::DEFAULT;
    t.w[f::TEMPO] = 24;
    t.e[f::TEMPO] = 0;
    t.w[f::RUNAWAY] = -10;
    t.e[f::RUNAWAY] = 50;
    assert_eq!(t.at(24)[f::TEMPO], 24);
    assert_eq!(t.at(30)[f::TEMPO], 24, "more than 24 pieces count as 24");
    assert_eq!(t.at(12)[f::TEMPO], 12);
    assert_eq!(t.at(1)[f::TEMPO], 1);
    assert_eq!(t.at(0)[f::TEMPO], 0);
    assert_eq!(t.at(24)[f::RUNAWAY], -10);
    assert_eq!(t.at(12)[f::RUNAWAY], 20);
    assert_eq!(t.at(0)[f::RUNAWAY], 50);
    assert_eq!(t.at(23)[f::RUNAWAY], (-230 + 50) / 24);
    // the evaluation follows: the same position with the tempo weight tapered away
    let p = Position::start();
    let flat = tabla::ai::draughts::eval::evaluate(&p, &Weights::DEFAULT);
    let mut only_tempo = Weights::DEFAULT;
    only_tempo.w[f::TEMPO] += 24;
    only_tempo.e[f::TEMPO] -= 100;
    assert_eq!(tabla::ai::draughts::eval::evaluate(&p, &only_tempo), flat + 24, "24 pieces: the full board's weight");
}

/// The search's table-folded evaluation gives exactly `eval::evaluate`'s value, for the
/// built-in weights and for random ones (every weight non-zero, so no term can hide), on the
/// positions of random games down to the last pieces.
#[test]
fn folded_evaluator_equals_evaluate() {
    use tabla::ai::draughts::Weights;
    use tabla::ai::draughts::eval::{Evaluator, evaluate, evaluate_with, f};
    use tabla::ai::draughts::patterns::{Patterns, REGIONS, STATES};
    let mut rng = Rng(11);
    let mut checked = 0;
    for game in 0..60 {
        let mut weights = Weights::DEFAULT;
        if game % 2 == 1 {
            for x in weights.w.iter_mut().chain(weights.e.iter_mut()) {
                *x = rng.below(199) as i32 - 99;
                if *x == 0 {
                    *x = 1;
                }
            }
        }
        assert_eq!(weights.w.len(), f::N);
        // every third game with learnt patterns (random values) added
        let patterns = (game % 3 == 2).then(|| {
            let mut value = || rng.below(61) as i16 - 30;
            let table = (0..REGIONS * STATES).map(|_| [value(), value()]).collect();
            std::sync::Arc::new(Patterns::new(table).unwrap())
        });
        let ev = Evaluator::with_patterns(&weights, patterns.clone());
        let mut p = Position::start();
        for _ in 0..200 {
            assert_eq!(
                ev.evaluate(&p),
                evaluate_with(&p, &weights, patterns.as_deref()),
                "{} weights {:?}",
                p.to_fen(),
                weights.w
            );
            if patterns.is_none() {
                assert_eq!(ev.evaluate(&p), evaluate(&p, &weights));
            }
            checked += 1;
            let m = p.legal_moves();
            if m.is_empty() {
                break;
            }
            p = p.after(&m[rng.below(m.len() as u64) as usize]);
        }
    }
    assert!(checked > 2000, "{checked}");
}

/// A few steps of a tapered fit from the built-in weights, no check match, no patterns.
fn tiny_fit() -> tabla::ai::draughts::tune::FitOptions {
    tabla::ai::draughts::tune::FitOptions {
        iterations: 3,
        l2: 1e-7,
        freeze: vec![],
        min_pieces: 0,
        start: tabla::ai::draughts::eval::Weights::DEFAULT,
        start_patterns: None,
        check_pairs: 0,
        tapered: true,
        label_nodes: 0,
        lambda: 1.0,
        patterns_out: None,
        pattern_l2: 0.0,
        holdout: 0,
        vary_nodes: 0,
    }
}

/// `tune-draughts --label-nodes`: every fitted position gets a search score, the scores are
/// cached beside the data file in its order, a second run reads them instead of searching, and
/// an interrupted labelling resumes from the lines that still name their positions.
#[test]
fn tuner_search_labels_are_cached_and_reused() {
    use tabla::ai::draughts::tune::{FitOptions, run};
    let dir = std::env::temp_dir().join(format!("tabla-tune-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let data = dir.join("games.txt");
    let opts = FitOptions { label_nodes: 300, lambda: 0.5, ..tiny_fit() };
    let mut first = Vec::new();
    run(&data, 2, 1, 300, 1, &opts, &mut |s| first.push(s)).unwrap();
    let positions: usize = first
        .iter()
        .find_map(|l| l.strip_prefix("fit: ")?.split_whitespace().next()?.parse().ok())
        .expect("the fit reports its positions");
    let cache = std::fs::read_to_string(dir.join("games.txt.scores-300")).unwrap();
    assert_eq!(cache.lines().count(), positions);
    let score = |l: &str| l.split_whitespace().next().and_then(|s| s.parse::<i32>().ok());
    assert!(cache.lines().all(|l| score(l).is_some_and(|s| s.abs() <= tabla::ai::draughts::tune::SCORE_CAP)));
    assert!(first.iter().any(|l| l.contains("positions at 300 nodes (0 on file)")));
    let mut second = Vec::new();
    run(&data, 2, 1, 300, 1, &opts, &mut |s| second.push(s)).unwrap();
    assert!(second.iter().any(|l| l.contains("read from")), "{second:?}");
    // the same labels give the same fit
    let fitted = |log: &[String]| log.iter().find(|l| l.starts_with("fitted weights")).cloned();
    assert_eq!(fitted(&first), fitted(&second));
    // an interrupted labelling resumes: the lines on file are kept, the rest searched again
    // to the same labels; a line naming another position is searched again too
    let half = positions / 2;
    let mut lines: Vec<String> = cache.lines().take(half + 1).map(String::from).collect();
    lines[half] = format!("{} 0", score(&lines[half]).unwrap());
    std::fs::write(dir.join("games.txt.scores-300"), lines.join("\n") + "\n").unwrap();
    let mut third = Vec::new();
    run(&data, 2, 1, 300, 1, &opts, &mut |s| third.push(s)).unwrap();
    assert!(third.iter().any(|l| l.contains(&format!("({half} on file)"))), "{third:?}");
    assert_eq!(std::fs::read_to_string(dir.join("games.txt.scores-300")).unwrap(), cache);
    assert_eq!(fitted(&first), fitted(&third));
    std::fs::remove_dir_all(&dir).ok();
}

/// `tune-draughts --vary-nodes`: a self-play game whose node budget varies from move to move
/// is the same game again from the same generator seed, and (over a few openings) not always
/// the game the fixed budget plays.
#[test]
fn self_play_with_varied_nodes_is_reproducible() {
    use tabla::ai::draughts::eval::Weights;
    use tabla::ai::draughts::tune::self_play;
    let mut engines = [Engine::new(1), Engine::new(1)];
    let w = [Weights::DEFAULT; 2];
    let mut differs = 0;
    for seed in 0..4u64 {
        let start = Position::start();
        let mut play = |vary: u32| {
            let mut rng = Rng(seed);
            self_play(start, w, [None, None], 400, Some((&mut rng, vary)), &mut engines)
        };
        let (varied, again, fixed) = (play(50), play(50), play(0));
        assert_eq!(varied, again);
        assert_eq!(fixed, self_play(start, w, [None, None], 400, None, &mut engines));
        differs += usize::from(varied.1 != fixed.1);
    }
    assert!(differs > 0, "varying the node budget never changed a game");
}

/// `tune-draughts --patterns-out --holdout`: the fit writes a pattern file that reads back
/// (values learnt, not all 0), and the games held out are whole games chosen by their first
/// position, so a rerun holds out the same ones.
#[test]
fn tuner_fits_patterns_and_holds_out_whole_games() {
    use tabla::ai::draughts::patterns::Patterns;
    use tabla::ai::draughts::tune::{FitOptions, run};
    let dir = std::env::temp_dir().join(format!("tabla-tune-patterns-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let data = dir.join("games.txt");
    let out = dir.join("patterns.txt");
    let opts =
        FitOptions { iterations: 5, patterns_out: Some(out.clone()), pattern_l2: 1e-9, holdout: 2, ..tiny_fit() };
    let held = |log: &[String]| log.iter().find(|l| l.starts_with("fit: ")).cloned().expect("the fit reports");
    let mut first = Vec::new();
    run(&data, 6, 1, 200, 1, &opts, &mut |s| first.push(s)).unwrap();
    let p = Patterns::from_text(&std::fs::read_to_string(&out).unwrap()).unwrap();
    assert!(p.table().iter().any(|v| *v != [0, 0]), "no pattern learnt");
    assert!(first.iter().any(|l| l.contains("held out")));
    let mut second = Vec::new();
    run(&data, 6, 1, 200, 1, &opts, &mut |s| second.push(s)).unwrap();
    assert_eq!(held(&first), held(&second));
    std::fs::remove_dir_all(&dir).ok();
}

/// A duel game (the code both the native and the wasm duel play through): master against the
/// frozen baseline at a node budget is the same game every time, every move is legal under the
/// referee, and the result is the referee's (a loss for the side with no move, else a draw by
/// the rules or at the ply limit).
#[test]
fn duel_games_are_reproducible_and_refereed() {
    use tabla::ai::draughts::BaselineEngine;
    use tabla::ai::draughts::duel::{self, Contestant, EnginePlayer, MAX_PLIES};
    let limits = nodes(3000);
    let player = |c: Contestant| EnginePlayer::new(c, limits, None, NoClock);
    let mut master = player(Contestant::Live { level: Level::Master, engine: Box::new(Engine::new(2)) });
    let mut baseline = player(Contestant::Baseline(Box::new(BaselineEngine::new(2))));
    let start = duel::shuffled_openings(3, 7)[0];
    let first = duel::play_game(start, [&mut master, &mut baseline], 1);
    let again = duel::play_game(start, [&mut master, &mut baseline], 1);
    assert_eq!(first, again);
    // Each player's statistics count its own searches: master moved first, in both games.
    let own = |first_mover: bool| 2 * ((first.plies + first_mover as usize) / 2) as u64;
    for (p, first_mover) in [(&master, true), (&baseline, false)] {
        let s = p.stats;
        assert_eq!(s.moves, own(first_mover));
        assert!(s.nodes > 0 && s.nodes <= 3000 * s.moves, "{s}");
        assert!(s.depth >= s.moves, "{s}");
    }
    assert_eq!(first.moves.len(), first.plies);
    let mut root = SearchRoot::new(start);
    for text in &first.moves {
        let mv = root.position.legal_moves().into_iter().find(|m| &root.position.move_text(m) == text);
        root = root.after(&mv.unwrap_or_else(|| panic!("{text} is not legal in {}", root.position.to_fen())));
    }
    match first.result {
        0 => assert!(root.is_over() || first.plies == MAX_PLIES),
        r => {
            assert!(root.position.is_lost());
            // The side to move lost: the first mover when the plies are even.
            assert_eq!(r, if first.plies % 2 == 0 { -1 } else { 1 });
        }
    }
}
