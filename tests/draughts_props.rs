//! Property tests and fuzzing of the Russian draughts engine: invariants over random games and
//! random positions, round trips, and "nothing panics, state untouched on error" for every
//! parser and for `play`.

use std::collections::BTreeSet;

use proptest::prelude::*;
use tabla::draughts::{Color, Game, GameOptions, Move, MoveKey, Position, pdn, zobrist};

/// A random legal position: each square empty or holding a random piece, men kept off their
/// promotion rank and at most 12 pieces a side.
fn arb_position() -> impl Strategy<Value = Position> {
    (proptest::collection::vec(0u8..12, 32), any::<bool>()).prop_map(|(cells, black_to_move)| {
        let (mut w, mut b, mut k) = (0u32, 0u32, 0u32);
        for (s, c) in cells.iter().enumerate() {
            let bit = 1u32 << s;
            let rank = s / 4;
            match c {
                0 if rank != 7 && w.count_ones() < 12 => w |= bit,
                1 if rank != 0 && b.count_ones() < 12 => b |= bit,
                2 if w.count_ones() < 12 => {
                    w |= bit;
                    k |= bit
                }
                3 if b.count_ones() < 12 => {
                    b |= bit;
                    k |= bit
                }
                _ => {}
            }
        }
        let turn = if black_to_move { Color::Black } else { Color::White };
        Position::from_bitboards(w, b, k, turn).expect("valid by construction")
    })
}

fn keys(moves: &[Move]) -> BTreeSet<MoveKey> {
    moves.iter().map(Move::key).collect()
}

/// Checks every per-position invariant.
fn check_position(p: &Position) -> Result<(), TestCaseError> {
    prop_assert!(p.is_consistent());
    prop_assert_eq!(p.hash(), zobrist::hash_of(p.white(), p.black(), p.kings(), p.turn()));
    // FEN round trip, both forms
    prop_assert_eq!(Position::from_fen(&p.to_fen()).unwrap(), *p);
    prop_assert_eq!(Position::from_fen(&p.to_fen_numeric()).unwrap(), *p);
    let moves = p.legal_moves();
    let paths = p.legal_paths();
    // one move per (start, end, captured set); the paths give exactly the same moves
    prop_assert_eq!(keys(&moves).len(), moves.len());
    prop_assert_eq!(keys(&moves), keys(&paths));
    prop_assert!(paths.len() >= moves.len());
    prop_assert_eq!(p.count_legal_moves(), moves.len() as u64);
    prop_assert_eq!(p.has_legal_move(), !moves.is_empty());
    // compulsory capture: all captures or none
    prop_assert!(moves.iter().all(Move::is_capture) || moves.iter().all(|m| !m.is_capture()));
    prop_assert_eq!(p.has_capture(), moves.first().is_some_and(Move::is_capture));
    let texts = p.notate(&moves);
    for (m, t) in moves.iter().zip(&texts) {
        // every generated move parses back to itself, from its short and its full text
        prop_assert_eq!(p.parse_move(t).unwrap(), *m, "{}", t);
        prop_assert_eq!(p.parse_move(&m.long_text()).unwrap().key(), m.key());
        prop_assert_eq!(p.move_text(m), t.clone());
        prop_assert_eq!(p.find_move(m.key()), Some(*m));
        // the move's own invariants
        prop_assert_eq!(m.path_len(), if m.is_capture() { m.capture_count() + 1 } else { 2 });
        prop_assert_eq!(m.captures().fold(0u32, |b, s| b | s.bit()), m.captured());
        prop_assert!(m.captured() & p.pieces(p.turn().opposite()) == m.captured());
        // make/unmake and copy-make agree and restore exactly
        let mut q = *p;
        let undo = q.make(m);
        prop_assert_eq!(q, p.after(m));
        prop_assert!(q.is_consistent());
        prop_assert_eq!(q.turn(), p.turn().opposite());
        // material never grows; the captured pieces are gone; promotion only by a man
        let (us, them) = (p.turn(), p.turn().opposite());
        prop_assert_eq!(q.count(us).total(), p.count(us).total());
        prop_assert_eq!(q.count(them).total(), p.count(them).total() - m.capture_count() as u32);
        prop_assert_eq!(q.count(us).kings, p.count(us).kings + m.promotes() as u32);
        q.unmake(undo);
        prop_assert_eq!(q, *p);
        // the checked play accepts it
        let mut r = *p;
        prop_assert_eq!(r.play(m).unwrap(), *m);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn prop_random_positions(p in arb_position()) {
        check_position(&p)?;
        // the two perft conventions agree at depth 1 and order at depth 2
        let (a, b) = (tabla::draughts::perft(&p, 2), tabla::draughts::perft_paths(&p, 2));
        prop_assert!(b >= a);
    }

    #[test]
    fn prop_random_games_invariants_and_exact_undo(choices in proptest::collection::vec(any::<u16>(), 0..120)) {
        let mut g = Game::new(GameOptions::default());
        let mut states = vec![(*g.position(), g.counters(), g.outcome())];
        for c in choices {
            if g.is_over() {
                break;
            }
            let legal = g.legal_moves();
            let m = legal[c as usize % legal.len()];
            let before = *g.position();
            check_position(&before)?;
            let played = g.play_move(&m).unwrap();
            prop_assert_eq!(played, m);
            let after = *g.position();
            // material never grows, for either side
            prop_assert!(after.count(Color::White).total() <= before.count(Color::White).total());
            prop_assert!(after.count(Color::Black).total() <= before.count(Color::Black).total());
            prop_assert!(after.pieces(Color::White).count_ones() <= 12 && after.pieces(Color::Black).count_ones() <= 12);
            states.push((after, g.counters(), g.outcome()));
        }
        // PDN round trip of the whole game
        let text = g.to_pdn();
        let h = Game::from_pdn(&text).unwrap();
        prop_assert_eq!(h.position(), g.position());
        prop_assert_eq!(h.outcome(), g.outcome());
        prop_assert_eq!(
            h.history().iter().map(|p| p.notation.clone()).collect::<Vec<_>>(),
            g.history().iter().map(|p| p.notation.clone()).collect::<Vec<_>>()
        );
        // undo restores position, hash and counters exactly, all the way back
        states.pop();
        while let Some((pos, counters, outcome)) = states.pop() {
            g.undo().unwrap();
            prop_assert_eq!(*g.position(), pos);
            prop_assert_eq!(g.position().hash(), pos.hash());
            prop_assert_eq!(g.counters(), counters);
            prop_assert_eq!(g.outcome(), outcome);
        }
        prop_assert!(g.undo().is_err());
    }

    #[test]
    fn fuzz_fen_never_panics(s in ".{0,80}") {
        let _ = Position::from_fen(&s);
    }

    #[test]
    fn fuzz_fen_like_never_panics(s in "[WBwb]:[WBK]?[a-hK0-9,\\-: .]{0,60}") {
        if let Ok(p) = Position::from_fen(&s) {
            prop_assert!(p.is_consistent());
            prop_assert_eq!(Position::from_fen(&p.to_fen()).unwrap(), p);
        }
    }

    #[test]
    fn fuzz_move_text_never_panics_and_play_leaves_state_on_error(
        p in arb_position(),
        s in "[a-h1-9xX:\\- !?]{0,16}|.{0,20}",
    ) {
        let _ = p.parse_move(&s);
        let mut g = Game::from_position(p, GameOptions::default());
        let before = (*g.position(), g.counters(), g.history().len(), g.outcome());
        match g.play(&s) {
            Ok(m) => prop_assert_eq!(*g.position(), p.after(&m)),
            Err(e) => {
                let _ = e.to_string();
                prop_assert_eq!(before, (*g.position(), g.counters(), g.history().len(), g.outcome()));
            }
        }
    }

    #[test]
    fn fuzz_pdn_never_panics(s in ".{0,200}") {
        let _ = Game::from_pdn(&s);
        let _ = pdn::parse_games(&s);
    }

    #[test]
    fn fuzz_pdn_like_never_panics(s in "(\\[[A-Za-z]{1,8} \"[^\"\\n]{0,12}\"\\]\\n){0,3}([0-9]{1,2}\\.{1,3} ?)?([a-h][1-8][-x:][a-h][1-8] ?|\\{[^}]{0,8}\\} ?|\\([^)]{0,8}\\) ?|1-0|0-1|\\* ?){0,12}") {
        if let Ok(g) = Game::from_pdn(&s) {
            let h = Game::from_pdn(&g.to_pdn()).unwrap();
            prop_assert_eq!(h.position(), g.position());
        }
    }

    #[test]
    fn prop_pdn_tag_values_round_trip(v in "[^\n\r]{0,30}") {
        let mut g = Game::default();
        g.play("c3-d4").unwrap();
        g.set_tag("Event", &v);
        let h = Game::from_pdn(&g.to_pdn()).unwrap();
        prop_assert_eq!(h.tags(), g.tags());
    }

    #[test]
    fn fuzz_touch_and_undo_never_panic(p in arb_position(), ops in proptest::collection::vec((0u8..4, any::<u8>()), 0..30)) {
        let mut g = Game::from_position(p, GameOptions { touch_move: true, draw_rules: true });
        for (op, x) in ops {
            match op {
                0 => { let _ = g.touch(tabla::draughts::Square::ALL[x as usize % 32]); }
                1 => { let _ = g.release(); }
                2 => {
                    let legal = g.legal_moves();
                    if !legal.is_empty() {
                        g.play_move(&legal[x as usize % legal.len()]).unwrap();
                    }
                }
                _ => { let _ = g.undo(); }
            }
            prop_assert!(g.position().is_consistent());
        }
    }
}
