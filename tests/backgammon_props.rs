//! Property tests over random games of every variant, and fuzzing of every parser and of `play`.

use proptest::prelude::*;

use tabla::backgammon::notation::parse_play;
use tabla::backgammon::{Game, MatchInfo, MoveRules, Options, Phase, Player, Position, Variant};
use tabla::dice::Dice;

fn variant(i: u8) -> Variant {
    [Variant::Backgammon, Variant::Table, Variant::AceyDeucey][i as usize % 3]
}

/// A small deterministic generator for choices.
struct Pick(u64);
impl Pick {
    fn next(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n.max(1)
    }
}

fn check_counts(p: &Position) {
    assert_eq!(p.checkers(false), 15, "{p:?}");
    assert_eq!(p.checkers(true), 15, "{p:?}");
    for i in 1..=24 {
        let _ = p.point(i);
    }
}

/// Plays a random game, checking the invariants at every step. Returns the number of plays.
fn random_game(v: Variant, seed: u64, options_bits: u8) -> usize {
    let mut o = Options::new(v);
    if v == Variant::AceyDeucey {
        o.doubles_extra_roll = options_bits & 1 != 0;
        o.enter_all_before_passing = options_bits & 2 != 0;
        o.exact_bear_off = options_bits & 4 != 0;
    }
    let mut g = Game::with_seed(o, seed);
    let mut pick = Pick(seed ^ 0x9e37_79b9);
    let mut plays_made = 0;
    for _ in 0..3000 {
        match g.phase() {
            Phase::Opening | Phase::Roll => {
                g.roll().unwrap();
            }
            Phase::ChooseDoubles => g.choose_doubles(pick.next(6) as u8 + 1).unwrap(),
            Phase::CubeDecision => g.take().unwrap(),
            Phase::Resignation => g.decline_resignation().unwrap(),
            Phase::GameOver => break,
            Phase::Move => {
                let before = g.position();
                check_counts(&before);
                let plays = g.legal_plays();
                assert!(!plays.is_empty());
                // Every play is distinct by resulting position and its ID round-trips.
                let mut ids: Vec<&str> = plays.iter().map(|p| p.position_id.as_str()).collect();
                ids.sort();
                ids.dedup();
                assert_eq!(ids.len(), plays.len());
                // The fast generator agrees with the reference one.
                let d = g.dice();
                let mut reference: Vec<Position> = Vec::new();
                tabla::backgammon::movegen::generate_reference(&before, d[0], d[1], o.move_rules(), &mut reference);
                let mut fast: Vec<Position> = g.plays().iter().map(|p| p.result).collect();
                reference.sort();
                fast.sort();
                assert_eq!(fast, reference);
                for pl in g.plays() {
                    check_counts(&pl.result);
                    // The mover's pips never rise; the opponent's rise only by hits.
                    let [m0, o0] = before.pips();
                    let [m1, o1] = pl.result.pips();
                    assert!(m1 <= m0);
                    let hit_pips: u32 = pl.steps().iter().filter(|s| s.hit).map(|s| s.to as u32).sum();
                    assert_eq!(o1, o0 + hit_pips, "{pl:?}");
                    if pl.result.unentered(false) == 0 && pl.result.unentered(true) == 0 {
                        let id = pl.result.position_id();
                        assert_eq!(Position::from_position_id(&id).unwrap(), pl.result);
                    }
                }
                // Every listed play is reachable by its text and by its steps.
                let infos = plays.clone();
                for (k, info) in infos.iter().enumerate().take(12) {
                    let mut t = g.clone();
                    t.play(&info.notation).unwrap_or_else(|e| panic!("{e}: {info:?}"));
                    let mut s = g.clone();
                    for st in &info.steps {
                        assert!(s.legal_steps().contains(st), "{st:?} not offered for {info:?}");
                        let done = s.step(st.from, st.to).unwrap();
                        assert_eq!((done.from, done.to), (st.from, st.to));
                    }
                    assert!(s.can_confirm(), "{info:?}");
                    assert_eq!(s.position(), g.plays()[k].result);
                    s.confirm().unwrap();
                    assert_eq!(s.position_id(), t.position_id());
                }
                // Random steps, then undo restores exactly.
                let mut u = g.clone();
                let start_state = u.state();
                let mut n = 0;
                loop {
                    let steps = u.legal_steps();
                    if steps.is_empty() {
                        break;
                    }
                    let st = steps[pick.next(steps.len())];
                    u.step(st.from, st.to).unwrap();
                    n += 1;
                }
                assert!(u.can_confirm(), "a play built from offered steps is complete");
                for _ in 0..n {
                    u.undo().unwrap();
                }
                assert_eq!(u.state(), start_state);
                // Play a random one of them.
                let i = pick.next(plays.len());
                if pick.next(2) == 0 {
                    g.play(&plays[i].notation).unwrap();
                } else {
                    g.play_steps(&plays[i].steps).unwrap();
                }
                plays_made += 1;
            }
        }
    }
    assert_eq!(g.phase(), Phase::GameOver);
    let o = g.outcome().unwrap();
    assert_eq!(g.position_for(o.winner).off(false), 15);
    // The record replays to the same state.
    assert_eq!(g.replay().unwrap().state(), g.state());
    plays_made
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, .. ProptestConfig::default() })]

    #[test]
    fn random_games_keep_every_invariant(seed in any::<u64>(), v in 0u8..3, bits in 0u8..8) {
        random_game(variant(v), seed, bits);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, .. ProptestConfig::default() })]

    #[test]
    fn parsers_never_panic(s in ".{0,40}") {
        let _ = parse_play(&s);
        let _ = Position::from_position_id(&s);
        let _ = MatchInfo::decode(&s);
        let _ = Game::from_json(&s);
        let _ = s.parse::<Variant>();
    }

    #[test]
    fn position_ids_of_any_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 10)) {
        let mut key = [0u8; 10];
        key.copy_from_slice(&bytes);
        if let Ok(p) = tabla::backgammon::position_id::from_key(&key) {
            prop_assert_eq!(Position::from_position_id(&p.position_id()).unwrap(), p);
            check_counts(&p);
        }
    }

    #[test]
    fn play_text_and_steps_never_panic(text in "[0-9bofar/*() ,-]{0,24}", d1 in 0u8..9, d2 in 0u8..9, seed in 0u64..50) {
        let mut g = Game::from_position(Position::start(), Player::White, Options::new(Variant::Backgammon), Dice::seeded(seed));
        if g.set_dice(d1, d2).is_ok() {
            let before = g.state();
            if g.play(&text).is_err() {
                prop_assert_eq!(g.state(), before);
            }
        }
        let _ = g.step(d1.wrapping_mul(3), d2);
        let _ = g.step_die(d1.wrapping_mul(5), d2);
        let _ = g.undo();
        let _ = g.confirm();
    }

    #[test]
    fn fast_and_reference_generators_agree(seed in any::<u64>(), d1 in 1u8..7, d2 in 1u8..7, exact in any::<bool>(), home in any::<bool>(), nopass in any::<bool>()) {
        let mut pick = Pick(seed);
        let mut s = tabla::backgammon::Setup::default();
        // Often a bear-off or near-home board, sometimes anything; some acey-deucey unentered.
        let spread = if home { 8 } else { 25 };
        for _ in 0..pick.next(16) {
            let i = pick.next(spread);
            s.mover[i] += 1;
        }
        let used: u8 = s.mover.iter().sum();
        if pick.next(3) == 0 {
            s.unentered[0] = pick.next((15 - used) as usize + 1) as u8;
        }
        for _ in 0..pick.next(16) {
            let i = pick.next(25);
            if i == 24 || s.mover[23 - i] == 0 {
                s.opponent[i] += 1;
            }
        }
        if let Ok(p) = Position::from_setup(&s) {
            let rules = MoveRules { exact_bear_off: exact, enter_all_before_passing: nopass };
            let mut fast: Vec<Position> = Vec::new();
            p.plays_into(d1, d2, rules, &mut fast);
            let mut reference: Vec<Position> = Vec::new();
            tabla::backgammon::movegen::generate_reference(&p, d1, d2, rules, &mut reference);
            prop_assert_eq!(fast.len(), reference.len());
            fast.sort();
            reference.sort();
            prop_assert_eq!(fast, reference);
        }
    }

    #[test]
    fn movegen_on_random_legal_boards_has_distinct_plays(seed in any::<u64>(), d1 in 1u8..7, d2 in 1u8..7) {
        // A random board: scatter 15 checkers per side.
        let mut pick = Pick(seed);
        let mut s = tabla::backgammon::Setup::default();
        for _ in 0..pick.next(16) {
            let i = pick.next(25);
            s.mover[i] += 1;
        }
        for _ in 0..pick.next(16) {
            let i = pick.next(25);
            if i == 24 || s.mover[23 - i] == 0 {
                s.opponent[i] += 1;
            }
        }
        if let Ok(p) = Position::from_setup(&s) {
            let plays = p.legal_plays(d1, d2, MoveRules::STANDARD);
            let mut r: Vec<Position> = plays.iter().map(|pl| pl.result).collect();
            r.sort();
            r.dedup();
            prop_assert_eq!(r.len(), plays.len());
            let len = plays[0].steps().len();
            prop_assert!(plays.iter().all(|pl| pl.steps().len() == len));
        }
    }
}

#[test]
fn many_seeded_games_of_every_variant() {
    let mut total = 0;
    for seed in 0..6u64 {
        for v in 0..3u8 {
            total += random_game(variant(v), seed * 31 + 7, (seed % 8) as u8);
        }
    }
    assert!(total > 200);
}
