//! Every error variant of the engines has a non-empty code listed in `tabla::errors::ERROR_CODES`
//! (the JS `errorCodes()`), each provoked through the engine where it can be; the `match`es below
//! stop compiling when a variant is added without a sample here.

use tabla::backgammon::{
    Game, GameError, GnubgError, MatchIdError, NotationError, OptionError, Options, Phase, PositionIdError, SaveError,
    Variant,
};
use tabla::dice::{Dice, DiceError};
use tabla::draughts::{self, FenError, MoveError, PdnError};
use tabla::errors::{ErrorCode, is_error_code};

fn check(e: &dyn ErrorCode) -> &'static str {
    let code = e.code();
    assert!(!code.is_empty() && is_error_code(code), "{e}: code {code:?} is not listed");
    assert!(!e.to_string().is_empty());
    code
}

fn bg_sample(e: &GameError) {
    // Exhaustiveness: a new variant must get a sample below.
    match e {
        GameError::WrongPhase { .. }
        | GameError::GameOver
        | GameError::MatchOver
        | GameError::Dice(_)
        | GameError::IllegalStep { .. }
        | GameError::NothingToUndo
        | GameError::IncompletePlay { .. }
        | GameError::Notation(_)
        | GameError::Cube { .. }
        | GameError::IllegalPlay { .. }
        | GameError::BadResignation { .. } => {}
    }
}

#[test]
fn every_backgammon_error_has_a_listed_code() {
    let mut g = Game::with_seed(Options::new(Variant::Backgammon), 1);
    let mut errors = vec![g.undo().unwrap_err(), g.confirm().unwrap_err()];
    g.set_dice(3, 1).unwrap();
    errors.push(g.step(13, 13).unwrap_err());
    errors.push(g.confirm().unwrap_err());
    errors.push(g.undo().unwrap_err());
    errors.push(g.play("24/1").unwrap_err());
    errors.push(g.play("nonsense").unwrap_err());
    errors.push(g.play_steps(&[]).unwrap_err());
    errors.push(GameError::GameOver);
    errors.push(GameError::MatchOver);
    errors.push(GameError::Dice(DiceError::Exhausted));
    let mut t = Game::with_seed(Options::new(Variant::Table), 1);
    errors.push(t.double().unwrap_err());
    // BG-RESIGN: table scoring has no gammon.
    errors.push(t.resign(tabla::backgammon::OutcomeKind::Gammon).unwrap_err());
    for e in &errors {
        bg_sample(e);
        check(e);
    }
    let codes: Vec<&str> = errors.iter().map(|e| e.code()).collect();
    assert!(codes.contains(&"wrong-phase") && codes.contains(&"cube-off"), "{codes:?}");
    assert!(codes.contains(&"bad-resignation"), "{codes:?}");
    for e in [
        NotationError::Syntax { text: "x".into(), reason: "r".into() },
        NotationError::Illegal { text: "x".into(), reason: "r".into() },
        NotationError::Ambiguous { text: "x".into(), candidates: vec![] },
    ] {
        check(&e);
    }
    for e in [PositionIdError::Length(3), PositionIdError::Character('?')] {
        assert_eq!(check(&e), "bad-position-id");
    }
    for e in [MatchIdError::Length(3), MatchIdError::Character('?'), MatchIdError::Field("dice", 77)] {
        assert_eq!(check(&e), "bad-match-id");
    }
    for e in [
        SaveError::Json("x".into()),
        SaveError::Format { format: "x".into(), version: 1 },
        SaveError::TooNew { version: 9 },
        SaveError::DiceMismatch { index: 0 },
        SaveError::Inconsistent { field: "score" },
    ] {
        check(&e);
    }
    for e in [OptionError::Unknown { key: "x".into() }, OptionError::Value { key: "x".into(), message: "m".into() }] {
        assert_eq!(check(&e), "bad-option");
    }
    let e = Game::from_gnubg("4HPwATDgc/ABMA:////////////", Options::default(), Dice::fixed([])).unwrap_err();
    check(&e);
    assert!(matches!(e, GnubgError::Match(_) | GnubgError::Unsupported(_)));
}

/// The typed reasons of refused steps, each with the rule's code.
#[test]
fn refused_steps_carry_the_rule_as_code() {
    let mut g = Game::with_seed(Options::new(Variant::Backgammon), 1);
    g.set_dice(6, 5).unwrap();
    let code = |r: Result<_, GameError>| r.unwrap_err().code();
    assert_eq!(code(g.clone().step(24, 18 - 6)), "no-die");
    assert_eq!(code(g.clone().step(12, 6)), "no-checker");
    assert_eq!(code(g.clone().step(6, 0)), "bear-off-not-home");
    assert_eq!(code(g.clone().step(13, 20)), "wrong-direction");
    assert_eq!(code(g.clone().step(30, 2)), "bad-point");
    assert_eq!(g.clone().step_to(24, 2).unwrap_err().code(), "no-path");
    assert_eq!(Phase::Move, g.phase());
}

fn draughts_sample(e: &draughts::GameError) {
    match e {
        draughts::GameError::Move(_)
        | draughts::GameError::GameOver(_)
        | draughts::GameError::NothingToUndo
        | draughts::GameError::TouchMove { .. }
        | draughts::GameError::TouchMoveUndo { .. }
        | draughts::GameError::CannotTouch { .. } => {}
    }
}

#[test]
fn every_draughts_error_has_a_listed_code() {
    use draughts::{Game as D, GameOptions};
    let mut g = D::new(GameOptions::default());
    let mut errors = vec![g.undo().unwrap_err(), g.play("zz").unwrap_err(), g.play("b2-c3").unwrap_err()];
    errors.push(g.touch("a5".parse().unwrap()).unwrap_err());
    let mut t = D::new(GameOptions { touch_move: true, draw_rules: true });
    t.touch("c3".parse().unwrap()).unwrap();
    errors.push(t.touch("e3".parse().unwrap()).unwrap_err());
    errors.push(t.undo().unwrap_err());
    t.play("c3-d4").unwrap();
    errors.push(t.undo().unwrap_err());
    let mut over = D::new(GameOptions::default());
    over.agree_draw().unwrap();
    errors.push(over.play("c3-d4").unwrap_err());
    for e in &errors {
        draughts_sample(e);
        check(e);
    }
    let codes: Vec<&str> = errors.iter().map(|e| e.code()).collect();
    for want in ["nothing-to-undo", "parse-error", "illegal-move", "cannot-touch", "touch-move", "game-over"] {
        assert!(codes.contains(&want), "{want} in {codes:?}");
    }
    assert_eq!(check(&MoveError::Ambiguous { text: "x".into(), candidates: vec![] }), "ambiguous-move");
    assert_eq!(check(&D::from_fen("W:Wz9", GameOptions::default()).unwrap_err()), "bad-fen");
    assert_eq!(check(&FenError::Empty), "bad-fen");
    assert_eq!(check(&D::from_pdn("[GameType \"20\"]\n*").unwrap_err()), "bad-pdn");
    let e = PdnError::Syntax { line: 3, message: "m".into() };
    assert_eq!(check(&e), "bad-pdn");
    assert_eq!(check(&D::from_json("{").unwrap_err()), "bad-save");
    assert_eq!(check(&draughts::SaveError::TooNew(7)), "save-too-new");
}

#[test]
fn dice_errors_have_listed_codes() {
    for e in
        [DiceError::OutOfRange(9), DiceError::Syntax("x".into()), DiceError::Exhausted, DiceError::Entropy("e".into())]
    {
        check(&e);
    }
}

#[test]
fn every_link_error_has_a_listed_code() {
    use tabla::link::LinkError;
    let samples = [
        LinkError::Format("x".into()),
        LinkError::Version(9),
        LinkError::OtherGame,
        LinkError::Altered("x".into()),
        LinkError::Stale { link: 1, local: 2 },
        LinkError::OutOfTurn("x".into()),
        LinkError::WithheldReveal,
        LinkError::BadReveal,
        LinkError::BadDice { message: 3, carried: [1, 2], drawn: [3, 4] },
        LinkError::Illegal { message: 3, reason: "x".into() },
        LinkError::Incomplete { message: 3 },
        LinkError::Exhausted,
        LinkError::Entropy("x".into()),
    ];
    for e in &samples {
        // Exhaustiveness: a new variant must get a sample above.
        match e {
            LinkError::Format(_)
            | LinkError::Version(_)
            | LinkError::OtherGame
            | LinkError::Altered(_)
            | LinkError::Stale { .. }
            | LinkError::OutOfTurn(_)
            | LinkError::WithheldReveal
            | LinkError::BadReveal
            | LinkError::BadDice { .. }
            | LinkError::Illegal { .. }
            | LinkError::Incomplete { .. }
            | LinkError::Exhausted
            | LinkError::Entropy(_) => {}
        }
        check(e);
    }
    assert_eq!(check(&tabla::link::Link::parse("#g=AQ").unwrap_err()), "bad-link");
}

#[test]
fn every_match_file_error_has_a_listed_code() {
    use tabla::backgammon::{mat, sgf, xgid::Xgid};
    assert_eq!(check(&mat::import("no game", Dice::fixed([])).unwrap_err()), "bad-mat");
    assert_eq!(check(&sgf::import("(;GM[1])", Dice::fixed([])).unwrap_err()), "bad-sgf");
    assert_eq!(check(&Xgid::parse("XGID=x").unwrap_err()), "bad-xgid");
    let ad = Game::with_seed(Options::new(Variant::AceyDeucey), 1);
    assert_eq!(check(&mat::export(&ad, &mat::MatHeader::default()).unwrap_err()), "cannot-export");
}
