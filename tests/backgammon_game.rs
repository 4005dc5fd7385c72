//! The game beyond single turns: cube, Jacoby, Crawford, matches, saves, replays, Match ID.

use tabla::backgammon::{
    Game, GameError, MatchInfo, Options, OutcomeKind, Phase, Player, Position, Save, SaveError, Scoring, StartRule,
    Variant,
};
use tabla::dice::Dice;

mod support;
use support::pos;

/// Plays a whole game (or up to `max_turns` plays) choosing plays with a simple deterministic
/// rule, through the text interface.
fn play_out(g: &mut Game, max_turns: usize) {
    for k in 0..max_turns {
        match g.phase() {
            Phase::Opening | Phase::Roll => {
                g.roll().unwrap();
            }
            Phase::Move => {
                let plays = g.legal_plays();
                let i = (k * 7 + 3) % plays.len();
                g.play(&plays[i].notation).unwrap_or_else(|e| panic!("{e}: {:?}", plays[i]));
            }
            Phase::ChooseDoubles => g.choose_doubles((k % 6) as u8 + 1).unwrap(),
            Phase::CubeDecision => g.take().unwrap(),
            Phase::Resignation => g.decline_resignation().unwrap(),
            Phase::GameOver => return,
        }
    }
}

fn white_bears_off_last(options: Options) -> Game {
    // White to play, one checker on his 1-point; Black has 15 checkers far away.
    Game::from_position(pos(&[(1, 1)], &[(20, 15)]), Player::White, options, Dice::seeded(11))
}

#[test]
fn cube_double_take_then_gammon_counts_double() {
    let mut g = white_bears_off_last(Options::new(Variant::Backgammon));
    assert!(g.can_double());
    g.double().unwrap();
    assert_eq!(g.phase(), Phase::CubeDecision);
    g.take().unwrap();
    assert_eq!(g.cube().value, 2);
    assert_eq!(g.cube().owner, Some(Player::Black));
    assert!(!g.can_double(), "the cube is Black's now");
    assert!(matches!(g.double(), Err(GameError::Cube { .. })));
    g.set_dice(6, 5).unwrap();
    g.play("1/off").unwrap();
    let o = g.outcome().unwrap();
    assert_eq!((o.kind, o.multiplier, o.cube, o.points), (OutcomeKind::Gammon, 2, 2, 4));
    assert_eq!(g.score(), [4, 0]);
}

#[test]
fn cube_pass_loses_the_current_stake() {
    let mut g = white_bears_off_last(Options::new(Variant::Backgammon));
    g.double().unwrap();
    g.pass().unwrap();
    let o = g.outcome().unwrap();
    assert_eq!((o.winner, o.kind, o.points), (Player::White, OutcomeKind::Pass, 1));
    assert_eq!(g.phase(), Phase::GameOver);
    assert!(matches!(g.roll(), Err(GameError::GameOver)));
}

#[test]
fn cube_is_off_by_default_in_table_and_acey_deucey() {
    for v in [Variant::Table, Variant::AceyDeucey] {
        let mut g = white_bears_off_last(Options::new(v));
        assert!(!g.can_double());
        assert!(matches!(g.double(), Err(GameError::Cube { .. })));
    }
}

#[test]
fn cube_only_before_rolling() {
    let mut g = white_bears_off_last(Options::new(Variant::Backgammon));
    g.set_dice(2, 1).unwrap();
    assert!(matches!(g.double(), Err(GameError::WrongPhase { .. })));
}

#[test]
fn jacoby_gammon_counts_single_with_a_centred_cube_in_money_play() {
    let mut o = Options::new(Variant::Backgammon);
    o.jacoby = true;
    let mut g = white_bears_off_last(o);
    g.set_dice(6, 5).unwrap();
    g.play("1/off").unwrap();
    let out = g.outcome().unwrap();
    assert_eq!((out.kind, out.points), (OutcomeKind::Gammon, 1));
    // Once the cube is turned, the gammon counts.
    let mut g = white_bears_off_last(o);
    g.double().unwrap();
    g.take().unwrap();
    g.set_dice(6, 5).unwrap();
    g.play("1/off").unwrap();
    assert_eq!(g.outcome().unwrap().points, 4);
}

#[test]
fn crawford_game_has_no_cube_then_post_crawford_does() {
    let mut o = Options::new(Variant::Backgammon);
    o.match_length = 3;
    o.start = StartRule::White;
    let mut g = white_bears_off_last(o);
    g.set_dice(6, 5).unwrap();
    g.play("1/off").unwrap(); // gammon: White 2 of 3
    assert_eq!(g.score(), [2, 0]);
    assert!(!g.match_over());
    assert!(!g.state().match_state.over);
    g.next_game().unwrap();
    assert!(g.is_crawford());
    assert!(!g.can_double());
    assert!(g.state().match_state.crawford);
    // Black wins the Crawford game by a pass... no cube: play it out instead.
    play_out(&mut g, 2000);
    assert_eq!(g.phase(), Phase::GameOver);
    if !g.match_over() {
        g.next_game().unwrap();
        assert!(!g.is_crawford(), "post-Crawford");
        assert!(g.can_double() || g.phase() != Phase::Roll);
    }
}

#[test]
fn match_over_stops_next_game() {
    let mut o = Options::new(Variant::Backgammon);
    o.match_length = 1;
    let mut g = white_bears_off_last(o);
    g.set_dice(6, 5).unwrap();
    g.play("1/off").unwrap();
    assert!(g.match_over());
    // the state tells the UI (state().match.over), which asks instead of comparing scores
    assert!(g.state().match_state.over);
    assert_eq!(g.next_game(), Err(GameError::MatchOver));
}

#[test]
fn random_games_finish_in_every_variant() {
    for v in [Variant::Backgammon, Variant::Table, Variant::AceyDeucey] {
        for seed in 0..5 {
            let mut g = Game::with_seed(Options::new(v), seed);
            play_out(&mut g, 5000);
            assert_eq!(g.phase(), Phase::GameOver, "{v} seed {seed}");
            let o = g.outcome().unwrap();
            assert!(o.points >= 1);
            let w = g.position_for(o.winner);
            assert_eq!(w.off(false), 15);
        }
    }
}

#[test]
fn save_round_trips_mid_turn_and_replays_exactly() {
    for v in [Variant::Backgammon, Variant::Table, Variant::AceyDeucey] {
        let mut g = Game::with_seed(Options::new(v), 99);
        play_out(&mut g, 37);
        if g.phase() == Phase::Roll {
            g.roll().unwrap();
        }
        if g.phase() == Phase::Move {
            if let Some(s) = g.legal_steps().first() {
                g.step(s.from, s.to).unwrap();
            }
        }
        let json = g.to_json();
        let h = Game::from_json(&json).unwrap();
        assert_eq!(h.state(), g.state());
        assert_eq!(h.to_json(), json);
        // Both continue with the same dice.
        let mut g2 = g.clone();
        let mut h2 = h.clone();
        play_out(&mut g2, 300);
        play_out(&mut h2, 300);
        assert_eq!(g2.state(), h2.state());
        assert_eq!(g.replay().unwrap().state(), g.state());
    }
}

#[test]
fn save_of_a_match_with_cube_and_next_game_round_trips() {
    let mut o = Options::new(Variant::Backgammon);
    o.match_length = 5;
    let mut g = Game::with_seed(o, 5);
    g.roll().unwrap();
    while g.phase() == Phase::Opening {
        g.roll().unwrap();
    }
    play_out(&mut g, 4);
    if g.can_double() {
        g.double().unwrap();
        g.take().unwrap();
    }
    play_out(&mut g, 3000);
    if g.phase() == Phase::GameOver && !g.match_over() {
        g.next_game().unwrap();
        play_out(&mut g, 5);
    }
    let h = Game::from_json(&g.to_json()).unwrap();
    assert_eq!(h.state(), g.state());
}

#[test]
fn corrupted_saves_give_typed_errors() {
    let mut g = Game::with_seed(Options::new(Variant::Backgammon), 3);
    play_out(&mut g, 20);
    let json = g.to_json();
    assert!(matches!(Game::from_json("{"), Err(SaveError::Json(_))));
    assert!(matches!(Game::from_json("[]"), Err(SaveError::Json(_))));
    let mut save: Save = serde_json::from_str(&json).unwrap();
    save.version = 99;
    assert!(matches!(Game::from_save(&save), Err(SaveError::TooNew { version: 99 })));

    // A roll that is not the seed's.
    let mut save: Save = serde_json::from_str(&json).unwrap();
    let i = save.record.iter().position(|a| matches!(a, tabla::backgammon::Action::Roll { .. })).unwrap();
    if let tabla::backgammon::Action::Roll { dice, .. } = &mut save.record[i] {
        dice[0] = dice[0] % 6 + 1;
    }
    let e = Game::from_save(&save).unwrap_err();
    assert!(matches!(e, SaveError::DiceMismatch { .. } | SaveError::Replay { .. }), "{e}");

    // An illegal play.
    let mut save: Save = serde_json::from_str(&json).unwrap();
    let i = save
        .record
        .iter()
        .position(|a| matches!(a, tabla::backgammon::Action::Play { steps, .. } if !steps.is_empty()))
        .unwrap();
    if let tabla::backgammon::Action::Play { steps, .. } = &mut save.record[i] {
        steps[0].from = 3;
        steps[0].to = 1;
        steps[0].die = 2;
    }
    assert!(matches!(Game::from_save(&save), Err(SaveError::Replay { .. })));

    // A summary that disagrees with the record.
    let mut save: Save = serde_json::from_str(&json).unwrap();
    save.score = [7, 0];
    assert!(matches!(Game::from_save(&save), Err(SaveError::Inconsistent { field: "score" })));
    let mut save: Save = serde_json::from_str(&json).unwrap();
    save.position_id = "4HPwATDgc/ABMA".to_string();
    if g.position_id() != save.position_id {
        assert!(matches!(Game::from_save(&save), Err(SaveError::Inconsistent { .. })));
    }
    // Error messages say what is wrong.
    let e = Game::from_json("{").unwrap_err();
    assert!(e.to_string().contains("not a valid"), "{e}");
}

#[test]
fn save_from_a_position_id_start() {
    let p = Position::from_position_id("sGfwATDgc/ABMA").unwrap();
    let mut g = Game::from_position(p, Player::Black, Options::new(Variant::Backgammon), Dice::seeded(1));
    g.roll().unwrap();
    let h = Game::from_json(&g.to_json()).unwrap();
    assert_eq!(h.state(), g.state());
    assert_eq!(h.turn(), Player::Black);
}

#[test]
fn match_id_of_a_new_money_game_and_round_trip() {
    let mut g = Game::new(Options::new(Variant::Backgammon));
    let id = g.match_id();
    assert_eq!(id.len(), 12);
    let m = MatchInfo::decode(&id).unwrap();
    assert_eq!((m.cube_value, m.cube_owner, m.match_length), (1, None, 0));
    g.set_dice(3, 5).unwrap(); // Black wins the opening roll, 5-3
    let m = MatchInfo::decode(&g.match_id()).unwrap();
    assert_eq!(m.on_roll, Some(Player::Black));
    assert_eq!(m.dice, [5, 3]);
    assert!(MatchInfo::decode("cAkAAAAAAAA").is_err());
    assert!(MatchInfo::decode("cAkAAAAAAA*A").is_err());
    // gnubg's familiar ID of a money game, player 1 on roll, nothing rolled.
    let m = MatchInfo::decode("cAkAAAAAAAAA").unwrap();
    assert_eq!((m.cube_value, m.cube_owner, m.game_state, m.match_length), (1, None, 1, 0));
    assert_eq!(m.encode(), "cAkAAAAAAAAA");
}

#[test]
fn state_is_seen_from_white() {
    let mut o = Options::new(Variant::Backgammon);
    o.start = StartRule::White;
    let mut g = Game::new(o);
    let s = g.state();
    assert_eq!(s.points[23], 2);
    assert_eq!(s.points[0], -2);
    assert_eq!(s.pips.white, 167);
    g.set_dice(6, 5).unwrap();
    g.play("24/13").unwrap();
    let s = g.state();
    assert_eq!(s.turn, Player::Black);
    assert_eq!(s.points[23], 1);
    assert_eq!(s.points[12], 6);
    assert_eq!(s.last_play.as_ref().unwrap().notation, "24/13");
    let json = serde_json::to_value(&s).unwrap();
    assert_eq!(json["phase"], "roll");
    assert_eq!(json["match"]["length"], 0);
    assert_eq!(json["options"]["variant"], "backgammon");
    assert!(json["diceLeft"].is_array());
}

#[test]
fn scoring_option_is_used() {
    let mut o = Options::new(Variant::Backgammon);
    o.scoring = Scoring::Table;
    o.cube = false;
    let mut g = white_bears_off_last(o);
    g.set_dice(1, 2).unwrap();
    g.play("1/off").unwrap();
    assert_eq!(g.outcome().unwrap().kind, OutcomeKind::Mars);
}

#[test]
fn play_position_plays_the_play_leading_there() {
    let mut o = Options::new(Variant::Backgammon);
    o.start = StartRule::White;
    let mut g = Game::new(o);
    g.set_dice(3, 1).unwrap();
    let mut after = Vec::new();
    g.position().plays_into(3, 1, tabla::backgammon::MoveRules::STANDARD, &mut after);
    let target = after.iter().find(|p| p.point(5) == 2).copied().unwrap();
    assert!(g.play_position(&Position::start()).is_err());
    assert_eq!(g.phase(), Phase::Move);
    g.play_position(&target).unwrap();
    assert_eq!(g.last_play().unwrap().notation, "8/5 6/5");
    assert_eq!(g.position(), target.flip());
}

// ----- BG-RESIGN -----

use tabla::backgammon::{Action, ResignOffer};
use tabla::errors::ErrorCode;

#[test]
fn bg_resign_accepted_scores_the_kind_times_the_cube() {
    let mut g = white_bears_off_last(Options::new(Variant::Backgammon));
    g.double().unwrap();
    g.take().unwrap(); // cube 2, Black's
    assert_eq!(g.resigner(), Some(Player::White));
    g.resign(OutcomeKind::Gammon).unwrap();
    assert_eq!(g.phase(), Phase::Resignation);
    assert_eq!(
        g.resignation_offer(),
        Some(ResignOffer {
            player: Player::White,
            kind: OutcomeKind::Gammon,
            points: 4,
            multiplier: 2,
            resume: Phase::Roll
        })
    );
    g.accept_resignation().unwrap();
    let o = g.outcome().unwrap();
    assert_eq!((o.winner, o.kind, o.resigned), (Player::Black, OutcomeKind::Resignation, Some(OutcomeKind::Gammon)));
    assert_eq!((o.multiplier, o.cube, o.points), (2, 2, 4));
    assert_eq!(g.score(), [0, 4]);
    assert_eq!(g.phase(), Phase::GameOver);
    assert_eq!(g.resignation_offer(), None);
    let n = g.record().len();
    assert_eq!(
        &g.record()[n - 2..],
        &[
            Action::Resign { player: Player::White, kind: OutcomeKind::Gammon },
            Action::AcceptResignation { player: Player::Black }
        ]
    );
    assert!(matches!(g.resign(OutcomeKind::Single), Err(GameError::GameOver)));
    assert!(matches!(g.accept_resignation(), Err(GameError::GameOver)));
}

#[test]
fn bg_resign_declined_play_goes_on_where_it_stopped() {
    let mut g = Game::with_seed(Options::new(Variant::Backgammon), 4);
    g.set_dice(3, 1).unwrap(); // White opens with 31
    g.step(8, 5).unwrap();
    g.resign(OutcomeKind::Single).unwrap();
    assert_eq!(g.resignation_offer().map(|r| (r.player, r.resume)), Some((Player::White, Phase::Move)));
    assert_eq!(g.state().resignation.map(|r| r.points), Some(1));
    // Nothing else happens while the offer waits.
    for e in [g.step(6, 5).unwrap_err(), g.confirm().unwrap_err(), g.resign(OutcomeKind::Gammon).unwrap_err()] {
        assert_eq!(e.code(), "wrong-phase", "{e}");
    }
    g.decline_resignation().unwrap();
    assert_eq!(g.phase(), Phase::Move);
    assert_eq!(g.steps().len(), 1);
    assert_eq!(g.state().resignation, None);
    g.step(6, 5).unwrap();
    g.confirm().unwrap();
    assert_eq!((g.phase(), g.turn()), (Phase::Roll, Player::Black));
    assert!(matches!(g.record().last(), Some(Action::Play { .. })));
    assert!(g.record().contains(&Action::DeclineResignation { player: Player::Black }));
    assert_eq!(g.decline_resignation().unwrap_err().code(), "wrong-phase");
}

/// A resignation offered in the middle of a play keeps the play's steps (for a declined offer):
/// its save loads again, waiting for the answer with those steps, and either answer goes on.
#[test]
fn bg_resign_offered_mid_move_survives_a_save() {
    let mut g = Game::with_seed(Options::new(Variant::Backgammon), 4);
    g.set_dice(3, 1).unwrap();
    g.step(8, 5).unwrap();
    g.resign(OutcomeKind::Single).unwrap();
    let json = g.to_json();
    let mut back = Game::from_json(&json).unwrap();
    assert_eq!(back.to_json(), json);
    assert_eq!((back.phase(), back.steps().len()), (Phase::Resignation, 1));
    back.decline_resignation().unwrap();
    back.step(6, 5).unwrap();
    back.confirm().unwrap();
    assert_eq!((back.phase(), back.turn()), (Phase::Roll, Player::Black));
    let mut accepted = Game::from_json(&json).unwrap();
    accepted.accept_resignation().unwrap();
    assert_eq!(accepted.phase(), Phase::GameOver);
    // and after the decline, with the steps still unfinished
    g.decline_resignation().unwrap();
    let back = Game::from_json(&g.to_json()).unwrap();
    assert_eq!((back.phase(), back.steps().len()), (Phase::Move, 1));
}

#[test]
fn bg_resign_table_kinds_are_the_table_multipliers() {
    for (kind, points) in
        [(OutcomeKind::Single, 1), (OutcomeKind::Mars, 2), (OutcomeKind::MarsX4, 4), (OutcomeKind::MarsX8, 8)]
    {
        let mut g = Game::with_seed(Options::new(Variant::Table), 2);
        assert_eq!(
            g.resign_kinds(),
            &[OutcomeKind::Single, OutcomeKind::Mars, OutcomeKind::MarsX4, OutcomeKind::MarsX8]
        );
        assert_eq!(g.resigner(), Some(Player::White)); // BG-START-WHITE: in phase Roll
        g.resign(kind).unwrap();
        g.accept_resignation().unwrap();
        let o = g.outcome().unwrap();
        assert_eq!((o.winner, o.points, o.multiplier, o.cube), (Player::Black, points, kind.multiplier().unwrap(), 1));
        assert_eq!(g.score(), [0, points]);
    }
}

#[test]
fn bg_resign_kinds_outside_the_scoring_are_refused_with_a_code() {
    let mut g = Game::with_seed(Options::new(Variant::Backgammon), 2);
    g.set_dice(3, 1).unwrap();
    let before = g.to_json();
    for kind in
        [OutcomeKind::Mars, OutcomeKind::MarsX8, OutcomeKind::Pass, OutcomeKind::Resignation, OutcomeKind::PerChecker]
    {
        let e = g.resign(kind).unwrap_err();
        assert_eq!(e.code(), "bad-resignation", "{e}");
        assert_eq!(e.fields()[0].0, "kind");
        assert!(e.to_string().contains(kind.name()), "{e}");
    }
    assert_eq!(g.to_json(), before);
    let mut t = Game::with_seed(Options::new(Variant::Table), 2);
    assert_eq!(t.resign(OutcomeKind::Backgammon).unwrap_err().code(), "bad-resignation");
}

#[test]
fn bg_resign_only_by_the_player_to_act_and_not_in_the_opening() {
    let mut g = Game::with_seed(Options::new(Variant::Backgammon), 2);
    assert_eq!(g.phase(), Phase::Opening);
    assert_eq!(g.resigner(), None);
    assert_eq!(g.resign(OutcomeKind::Single).unwrap_err().code(), "wrong-phase");
    assert_eq!(g.accept_resignation().unwrap_err().code(), "wrong-phase");
    g.set_dice(3, 1).unwrap();
    g.play("8/5 6/5").unwrap();
    // Black doubles; White, who answers, may resign instead: a single is the stake before doubling.
    g.double().unwrap();
    assert_eq!(g.resigner(), Some(Player::White));
    g.resign(OutcomeKind::Single).unwrap();
    assert_eq!(g.match_info().to_decide, Some(Player::Black));
    assert_eq!(g.match_info().resignation, 1);
    g.decline_resignation().unwrap();
    assert_eq!(g.phase(), Phase::CubeDecision);
    g.resign(OutcomeKind::Single).unwrap();
    g.accept_resignation().unwrap();
    let o = g.outcome().unwrap();
    assert_eq!((o.winner, o.points), (Player::Black, 1));
    assert_eq!(g.match_info().game_state, 3); // gnubg: the game ended by a resignation
}

#[test]
fn bg_resign_per_checker_counts_the_resigners_checkers() {
    let o = Options { scoring: Scoring::PerChecker, ..Options::new(Variant::AceyDeucey) };
    // White to play with one checker left, Black with 15.
    let mut g = white_bears_off_last(o);
    assert_eq!(g.resign_kinds(), &[OutcomeKind::PerChecker]);
    assert_eq!(g.resign(OutcomeKind::Single).unwrap_err().code(), "bad-resignation");
    g.resign(OutcomeKind::PerChecker).unwrap();
    g.accept_resignation().unwrap();
    let out = g.outcome().unwrap();
    assert_eq!((out.winner, out.points, out.resigned), (Player::Black, 1, Some(OutcomeKind::PerChecker)));
}

#[test]
fn bg_resign_in_a_match_counts_and_saves_replay_it() {
    let mut g = Game::with_seed(Options { match_length: 3, ..Options::default() }, 9);
    g.set_dice(3, 1).unwrap();
    g.play("8/5 6/5").unwrap();
    g.resign(OutcomeKind::Backgammon).unwrap();
    g.decline_resignation().unwrap();
    g.resign(OutcomeKind::Gammon).unwrap();
    g.accept_resignation().unwrap();
    assert_eq!(g.score(), [2, 0]);
    let save = g.to_save();
    assert_eq!(save.version, 3, "a save with resignations is version 3");
    let json = g.to_json();
    let h = Game::from_json(&json).unwrap();
    assert_eq!(h.record(), g.record());
    assert_eq!(h.outcome(), g.outcome());
    assert_eq!(h.score(), [2, 0]);
    assert!(json.contains(r#""type":"resign","player":"black","kind":"gammon""#), "{json}");
    assert!(json.contains(r#""type":"decline-resignation","player":"white""#), "{json}");
    let mut h = h;
    h.next_game().unwrap();
    assert!(h.is_crawford());
    // A resignation for the wrong player in a save does not replay.
    let bad = json.replace(
        r#""type":"resign","player":"black","kind":"gammon""#,
        r#""type":"resign","player":"white","kind":"gammon""#,
    );
    assert!(Game::from_json(&bad).is_err());
    let missing = json.replace(r#","kind":"gammon""#, "");
    assert!(Game::from_json(&missing).is_err());
}

#[test]
fn bg_resign_jacoby_counts_a_gammon_resignation_as_one() {
    let o = Options { jacoby: true, ..Options::default() };
    let mut g = white_bears_off_last(o);
    assert_eq!(g.resignation_outcome(OutcomeKind::Gammon).unwrap().points, 1);
    g.double().unwrap();
    g.take().unwrap();
    assert_eq!(g.resignation_outcome(OutcomeKind::Gammon).unwrap().points, 4);
    assert_eq!(g.resignation_outcome(OutcomeKind::Backgammon).unwrap().points, 6);
}

/// `play_steps` of a play as `legal_plays` lists it (its shortcut) gives the same game as making
/// its steps one by one with `step_die` and confirming, at every play of random games of every
/// variant; and the same steps in another order (the general path) give the same position.
#[test]
fn play_steps_of_a_listed_play_is_stepping_it_and_confirming() {
    for variant in Variant::ALL {
        for seed in 1..=4u64 {
            let mut g = Game::with_seed(Options::new(variant), seed);
            let mut plays = 0;
            for k in 0..5000usize {
                match g.phase() {
                    Phase::Opening | Phase::Roll => {
                        g.roll().unwrap();
                    }
                    Phase::ChooseDoubles => g.choose_doubles((k % 6) as u8 + 1).unwrap(),
                    Phase::CubeDecision => g.take().unwrap(),
                    Phase::Resignation => g.decline_resignation().unwrap(),
                    Phase::GameOver => break,
                    Phase::Move => {
                        let list = g.legal_plays();
                        let steps = list[(k * 7 + seed as usize) % list.len()].steps.clone();
                        let mut by_steps = g.clone();
                        for st in &steps {
                            let made = by_steps.step_die(st.from, st.die).unwrap();
                            assert_eq!(made, *st);
                        }
                        by_steps.confirm().unwrap();
                        let mut reversed = g.clone();
                        let back: Vec<_> = steps.iter().rev().copied().collect();
                        let reversed_ok = reversed.play_steps(&back).is_ok();
                        g.play_steps(&steps).unwrap();
                        assert_eq!(g.to_save(), by_steps.to_save(), "{variant:?} seed {seed}: {steps:?}");
                        assert_eq!(g.gnubg_id(), by_steps.gnubg_id());
                        if reversed_ok {
                            assert_eq!(reversed.position_id(), g.position_id(), "{variant:?}: {back:?}");
                        }
                        plays += 1;
                    }
                }
            }
            assert_eq!(g.phase(), Phase::GameOver, "{variant:?} seed {seed}");
            assert!(plays > 20);
        }
    }
}
