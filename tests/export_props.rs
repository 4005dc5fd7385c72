//! Whatever tabla exports imports back to the same game, at any length and with any options:
//! Russian draughts PDN (draw rules off for very long games, touch-move on or off, any start
//! position, agreed and recorded results, tags) and backgammon-family JSON saves (every variant
//! and option, every dice source, money sessions of many games, matches, a play in progress).

use proptest::prelude::*;
use rand_core::{Rng, SeedableRng};
use rand_pcg::Pcg32;
use tabla::backgammon::{Game as BgGame, OptionsInput, Phase, Scoring, StartRule, Variant};
use tabla::draughts::{Game as RuGame, GameOptions, MAX_PDN_BYTES, PdnError};

fn below(rng: &mut Pcg32, n: usize) -> usize {
    ((rng.next_u32() as u64 * n as u64) >> 32) as usize
}

/// Start positions: the initial one and king endings (kings alone can go on for ever once the
/// draw rules are off), with either side to move.
const RU_STARTS: [&str; 5] =
    ["", "W:WKa1,Kc1:BKh8,Kf8", "B:WKa1,Kc1,e3:BKh8,Kf8,d6", "W:WKb2,Kd2,Kf2:BKc7,Ke7", "B:WKa1:BKh2"];

/// A random draughts game of at most `max_plies` plies from `start` (random legal moves; with
/// touch-move on, the piece is touched before it moves), ending in a random way: as it stands,
/// with a draw agreed, or with a recorded result that the rules did not produce. A `careful`
/// player avoids moves that give the opponent a capture when it can, which keeps king endings
/// going for thousands of plies once the draw rules are off.
fn random_ru_game(seed: u64, start: &str, options: GameOptions, careful: bool, max_plies: usize) -> RuGame {
    let mut rng = Pcg32::seed_from_u64(seed);
    let mut g = match start {
        "" => RuGame::new(options),
        fen => RuGame::from_fen(fen, options).unwrap(),
    };
    while !g.is_over() && g.history().len() < max_plies {
        let mut legal = g.legal_moves();
        if careful {
            let safe: Vec<_> = legal.iter().copied().filter(|m| !g.position().after(m).has_capture()).collect();
            if !safe.is_empty() {
                legal = safe;
            }
        }
        let mv = legal[below(&mut rng, legal.len())];
        if options.touch_move && below(&mut rng, 2) == 0 {
            g.touch(mv.from()).unwrap();
        }
        g.play_move(&mv).unwrap();
    }
    if below(&mut rng, 3) == 0 {
        g.set_tag("Event", "a \"long\" game \\ with escapes");
        g.set_tag("White", "tabla");
    }
    if !g.is_over() {
        match below(&mut rng, 3) {
            0 => g.agree_draw().unwrap(),
            1 => {
                // A resignation: recorded in a PDN the rules did not finish.
                let pdn = g.to_pdn();
                let pdn = format!("{}0-1\n", pdn.strip_suffix("*\n").unwrap());
                g = RuGame::from_pdn_with(&pdn, options).unwrap();
                assert_eq!(g.pdn_result(), "0-1");
            }
            _ => {}
        }
    }
    g
}

/// `g` exported as PDN and read back (with its options) is the same game, and exports the same.
fn assert_pdn_round_trip(g: &RuGame) {
    let pdn = g.to_pdn();
    let h = RuGame::from_pdn_with(&pdn, g.options()).unwrap_or_else(|e| panic!("{e} ({} plies)", g.history().len()));
    assert_eq!(h.start_position(), g.start_position());
    assert_eq!(h.history(), g.history());
    assert_eq!(h.position(), g.position());
    assert_eq!(h.counters(), g.counters());
    assert_eq!(h.outcome(), g.outcome());
    assert_eq!(h.pdn_result(), g.pdn_result());
    assert_eq!(h.tags(), g.tags());
    assert_eq!(h.options(), g.options());
    assert_eq!(h.to_pdn(), pdn);
}

/// Regression (issue 21): a game longer than 2,001 plies exported a PDN that was refused ("too
/// many moves"). Two kings shuffling back and forth, 2,400 plies with the draw rules off.
#[test]
fn draughts_pdn_of_a_game_longer_than_2001_plies_imports_back() {
    let options = GameOptions { draw_rules: false, touch_move: false };
    let mut g = RuGame::from_fen("W:WKa1:BKh2", options).unwrap();
    for _ in 0..600 {
        for mv in ["a1-b2", "h2-g1", "b2-a1", "g1-h2"] {
            g.play(mv).unwrap();
        }
    }
    assert_eq!(g.history().len(), 2400);
    assert!(!g.is_over());
    assert_pdn_round_trip(&g);
}

/// The only guard against hostile input is on the text's size, refused before parsing.
#[test]
fn a_pdn_text_over_the_byte_bound_is_refused_by_its_size() {
    let text = " ".repeat(MAX_PDN_BYTES + 1);
    let e = RuGame::from_pdn(&text).unwrap_err();
    assert_eq!(e, PdnError::TooLong { bytes: MAX_PDN_BYTES + 1, max: MAX_PDN_BYTES });
    assert!(e.to_string().contains("bytes"), "{e}");
    // A 50,000-ply game of kings is well within it, and reads back.
    let options = GameOptions { draw_rules: false, touch_move: true };
    let g = random_ru_game(7, "W:WKa1,Kc1:BKh8,Kf8", options, true, 50_000);
    assert_eq!(g.history().len(), 50_000);
    assert!(g.to_pdn().len() < MAX_PDN_BYTES);
    assert_pdn_round_trip(&g);
}

/// A random backgammon-family session of at most `actions` actions under random options: every
/// variant, start rule, scoring, cube, Jacoby, money or a match, the acey-deucey house options;
/// seeded, cryptographic or hand-set dice (`dice` 0, 1, 2), doubles taken and passed, the next
/// game started after each money game, and a play left half made at the end.
fn random_bg_session(seed: u64, bits: u32, dice: u8, actions: usize) -> BgGame {
    let mut rng = Pcg32::seed_from_u64(seed);
    let variant = [Variant::Backgammon, Variant::Table, Variant::AceyDeucey][bits as usize % 3];
    let match_length = [0, 0, 1, 3, 7][(bits as usize / 3) % 5];
    let flag = |i: u32| bits >> (5 + i) & 1 == 1;
    let acey = variant == Variant::AceyDeucey;
    let input = OptionsInput {
        variant: Some(variant),
        start: Some(if flag(0) { StartRule::White } else { StartRule::Roll }),
        scoring: Some(match (bits >> 6) % 3 {
            0 => Scoring::Standard,
            1 => Scoring::Table,
            _ => Scoring::PerChecker,
        }),
        cube: Some(flag(3)),
        jacoby: Some(flag(4) && match_length == 0),
        match_length: Some(match_length),
        doubles_extra_roll: Some(acey && flag(5)),
        enter_all_before_passing: Some(acey && flag(6)),
        exact_bear_off: Some(flag(7)),
        seed: None,
        turn: None,
    };
    let options = input.resolve().unwrap();
    let mut g = match dice {
        0 => BgGame::with_seed(options, seed),
        _ => BgGame::new(options),
    };
    for _ in 0..actions {
        match g.phase() {
            Phase::GameOver if g.match_over() => break,
            Phase::GameOver => g.next_game().unwrap(),
            Phase::Opening | Phase::Roll => {
                if g.can_double() && below(&mut rng, 5) == 0 {
                    g.double().unwrap();
                } else if dice == 2 || below(&mut rng, 20) == 0 {
                    let (a, b) = (below(&mut rng, 6) as u8 + 1, below(&mut rng, 6) as u8 + 1);
                    if g.phase() == Phase::Opening && a == b {
                        continue;
                    }
                    g.set_dice(a, b).unwrap();
                } else {
                    g.roll().unwrap();
                }
            }
            // BG-RESIGN offers now and then, accepted or declined: saves keep them.
            Phase::Resignation if below(&mut rng, 2) == 0 => g.accept_resignation().unwrap(),
            Phase::Resignation => g.decline_resignation().unwrap(),
            Phase::CubeDecision if below(&mut rng, 30) == 0 => {
                let kinds = g.resign_kinds();
                g.resign(kinds[below(&mut rng, kinds.len())]).unwrap()
            }
            Phase::CubeDecision if below(&mut rng, 4) == 0 => g.pass().unwrap(),
            Phase::CubeDecision => g.take().unwrap(),
            Phase::ChooseDoubles => g.choose_doubles(below(&mut rng, 6) as u8 + 1).unwrap(),
            Phase::Move => {
                let plays = g.legal_plays();
                if plays.is_empty() {
                    g.confirm().unwrap();
                } else {
                    let steps = &plays[below(&mut rng, plays.len())].steps;
                    g.play_steps(steps).unwrap();
                }
            }
        }
    }
    if g.phase() == Phase::Move {
        // A play in progress: its first step made, not confirmed.
        if let Some(st) = g.legal_steps().first().copied() {
            g.step_die(st.from, st.die).unwrap();
        }
    }
    g
}

/// `g` saved as JSON and restored is the same game, and saves the same.
fn assert_json_round_trip(g: &BgGame) {
    let json = g.to_json();
    let h = BgGame::from_json(&json).unwrap_or_else(|e| panic!("{e} ({} actions)", g.record().len()));
    assert_eq!(h.state(), g.state());
    assert_eq!(h.record(), g.record());
    assert_eq!(h.steps(), g.steps());
    assert_eq!(h.options(), g.options());
    assert_eq!(h.to_json(), json);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Draughts: random games of up to 6,000 plies (draw rules off: the king endings run that
    /// long), touch-move either way, any start, any ending, read back from their PDN.
    #[test]
    fn draughts_pdn_exports_of_random_long_games_import_back(
        seed in any::<u64>(), start in 0usize..RU_STARTS.len(), draw_rules in any::<bool>(),
        touch_move in any::<bool>(), careful in any::<bool>(), max_plies in 0usize..6_000,
    ) {
        let options = GameOptions { draw_rules, touch_move };
        let g = random_ru_game(seed, RU_STARTS[start], options, careful, max_plies);
        assert_pdn_round_trip(&g);
    }

    /// Backgammon family: random sessions of up to 4,000 actions under every option, read back
    /// from their JSON save.
    #[test]
    fn backgammon_json_saves_of_random_long_sessions_import_back(
        seed in any::<u64>(), bits in any::<u32>(), dice in 0u8..3, actions in 0usize..4_000,
    ) {
        let g = random_bg_session(seed, bits, dice, actions);
        assert_json_round_trip(&g);
    }
}

/// The property test reaches the long games it is about: the king endings with draw rules off
/// run past 2,001 plies, and the money sessions hold many games.
#[test]
fn the_random_exports_include_games_past_2001_plies_and_sessions_of_many_games() {
    let off = GameOptions { draw_rules: false, touch_move: false };
    let lengths: Vec<usize> =
        (0..10).map(|s| random_ru_game(s, RU_STARTS[1], off, true, 3_000).history().len()).collect();
    assert!(lengths.iter().filter(|&&n| n > 2001).count() >= 3, "{lengths:?}");
    let games = (0..3)
        .map(|s| {
            random_bg_session(s, 0, 0, 1_500)
                .record()
                .iter()
                .filter(|a| **a == tabla::backgammon::Action::NextGame)
                .count()
        })
        .max()
        .unwrap();
    assert!(games >= 5, "{games}");
}
