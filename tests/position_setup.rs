//! The position editor's set-ups: the rules of `tabla::backgammon::setup` (BG-SETUP-*) and
//! `tabla::draughts::setup` (RU-SETUP-*), each refused with its code, and a game started from an
//! accepted set-up plays from exactly that position.

use tabla::backgammon::xgid::Xgid;
use tabla::backgammon::{BoardSetup, BoardSetupError, Game, Options, Phase, Player, Position, Variant};
use tabla::dice::Dice;
use tabla::draughts::{self, Color, DraughtsSetup, DraughtsSetupError, GameOptions};
use tabla::errors::{ErrorCode, is_error_code};

fn start() -> BoardSetup {
    BoardSetup::from_position(&Position::start(), Player::White)
}

fn money() -> Options {
    Options::new(Variant::Backgammon)
}

fn match_to(n: u32) -> Options {
    Options { match_length: n, ..Options::new(Variant::Backgammon) }
}

fn refused(s: &BoardSetup, o: Options) -> BoardSetupError {
    let e = s.to_game(o, Dice::fixed([])).unwrap_err();
    assert!(is_error_code(e.code()), "{e}: {}", e.code());
    assert!(!e.to_string().is_empty());
    e
}

#[test]
fn bg_setup_accepts_the_starting_position_with_either_side_on_roll() {
    for turn in [Player::White, Player::Black] {
        let g = start().with_turn(turn).to_game(money(), Dice::fixed([])).unwrap();
        assert_eq!((g.turn(), g.phase()), (turn, Phase::Roll));
        assert_eq!(g.position(), Position::start());
        assert_eq!(BoardSetup::from_game(&g), start().with_turn(turn));
    }
}

#[test]
fn bg_setup_checkers_at_most_15_a_side() {
    let mut s = start();
    s.black[24] = 1; // a sixteenth black checker, on the bar
    assert_eq!(refused(&s, money()), BoardSetupError::TooManyCheckers { player: Player::Black, count: 16 });
    assert_eq!(refused(&s, money()).code(), "setup-too-many");
    // the same with Black on roll: the error names the side, not the mover
    assert_eq!(
        refused(&s.with_turn(Player::Black), money()),
        BoardSetupError::TooManyCheckers { player: Player::Black, count: 16 }
    );
}

#[test]
fn bg_setup_shared_point_refused_in_either_turn() {
    let mut s = start();
    s.white[5] -= 1; // White's 6-point
    s.black[18] = 1; // Black's 19-point is White's 6-point
    s.black[23] -= 1;
    for turn in [Player::White, Player::Black] {
        let e = refused(&s.with_turn(turn), money());
        assert_eq!(e, BoardSetupError::SharedPoint { point: 6 }, "{turn:?}");
        assert_eq!(e.code(), "setup-shared-point");
    }
}

#[test]
fn bg_setup_unentered_only_in_acey_deucey_and_never_beside_borne_off() {
    let mut s = BoardSetup::empty();
    s.white[0] = 1;
    s.black[0] = 1;
    s.unentered = [14, 14];
    assert_eq!(refused(&s, money()), BoardSetupError::Unentered { player: Player::White });
    let ad = Options::new(Variant::AceyDeucey);
    let g = s.to_game(ad, Dice::fixed([])).unwrap();
    assert_eq!(g.position().unentered(false), 14);
    // beside a checker borne off: bearing off needs all 15 on the board
    s.unentered = [13, 14];
    assert_eq!(refused(&s, ad), BoardSetupError::Unentered { player: Player::White });
}

#[test]
fn bg_setup_game_over_when_a_side_has_borne_off_everything() {
    let mut s = BoardSetup::empty();
    s.white[0] = 2;
    let e = refused(&s, money());
    assert_eq!(e, BoardSetupError::GameOver { player: Player::Black });
    assert_eq!(e.code(), "setup-game-over");
}

#[test]
fn bg_setup_dice_from_1_to_6() {
    let mut s = start();
    s.dice = Some([7, 1]);
    assert_eq!(refused(&s, money()), BoardSetupError::Dice { die: 7 });
    s.dice = Some([0, 3]);
    assert_eq!(refused(&s, money()).code(), "setup-dice");
}

#[test]
fn bg_setup_cube_power_of_two_centred_at_1_and_unturned_without_the_cube() {
    let mut s = start();
    s.cube_value = 3;
    assert_eq!(refused(&s, money()), BoardSetupError::CubeValue { value: 3 });
    s.cube_value = 8192;
    assert_eq!(refused(&s, money()).code(), "setup-cube-value");
    s.cube_value = 1;
    s.cube_owner = Some(Player::Black);
    assert_eq!(refused(&s, money()), BoardSetupError::CubeOwner);
    s.cube_value = 2;
    let no_cube = Options { cube: false, ..money() };
    assert_eq!(refused(&s, no_cube), BoardSetupError::CubeOff);
    // the Crawford game has no cube either
    let mut c = start();
    c.score = [4, 2];
    c.crawford = true;
    c.cube_value = 2;
    c.cube_owner = Some(Player::White);
    assert_eq!(refused(&c, match_to(5)), BoardSetupError::CubeOff);
}

#[test]
fn bg_setup_score_below_the_match_length() {
    let mut s = start();
    s.score = [2, 5];
    let e = refused(&s, match_to(5));
    assert_eq!(e, BoardSetupError::Score { player: Player::Black, score: 5, length: 5 });
    assert_eq!(e.code(), "setup-score");
}

#[test]
fn bg_setup_crawford_needs_a_player_one_point_from_winning() {
    let mut s = start();
    s.crawford = true;
    assert_eq!(refused(&s, money()), BoardSetupError::Crawford);
    s.score = [2, 2];
    assert_eq!(refused(&s, match_to(5)), BoardSetupError::Crawford);
    s.score = [2, 4];
    let g = s.to_game(match_to(5), Dice::fixed([])).unwrap();
    assert!(g.is_crawford());
    assert!(!g.can_double());
}

#[test]
fn bg_setup_starts_at_its_cube_score_and_dice_and_plays_from_that_position() {
    // Black on roll, 3-away 1-away... a bear-off race with Black's cube at 4, dice 6-5 rolled.
    let mut s = BoardSetup::empty().with_turn(Player::Black);
    s.white[0] = 3;
    s.white[5] = 2;
    s.black[1] = 2;
    s.black[4] = 1;
    s.dice = Some([6, 5]);
    s.cube_value = 4;
    s.cube_owner = Some(Player::Black);
    s.score = [3, 1];
    let mut g = s.to_game(match_to(7), Dice::fixed([])).unwrap();
    assert_eq!((g.phase(), g.turn(), g.roll_dice()), (Phase::Move, Player::Black, Some([6, 5])));
    assert_eq!((g.cube().value, g.cube().owner, g.score()), (4, Some(Player::Black), [3, 1]));
    assert_eq!(BoardSetup::from_game(&g), s);
    // every legal play starts from the set-up: Black bears off two of his three checkers
    let plays = g.legal_plays();
    assert!(!plays.is_empty());
    g.play(&plays[0].notation).unwrap();
    assert_eq!(g.position_for(Player::Black).off(false), 15 - 1);
    // the save keeps the set-up: the replayed game is the same
    let back = Game::from_json(&g.to_json()).unwrap();
    assert_eq!(back.position(), g.position());
    assert_eq!((back.cube().value, back.score()), (4, [3, 1]));
}

#[test]
fn bg_setup_round_trips_through_the_xgid() {
    let mut s = start().with_turn(Player::Black);
    s.white[5] = 4;
    s.white[4] = 1;
    s.dice = Some([4, 2]);
    s.cube_value = 2;
    s.cube_owner = Some(Player::White);
    s.score = [1, 3];
    let g = s.to_game(match_to(5), Dice::fixed([])).unwrap();
    let x = Xgid::from_game(&g).unwrap();
    assert_eq!(x.to_setup(), s);
    let text = x.to_string();
    let again = Xgid::parse(&text).unwrap().to_game(match_to(5), Dice::fixed([])).unwrap();
    assert_eq!(BoardSetup::from_game(&again), s);
    // an XGID the set-up rules refuse says why, with the set-up's code
    let bad = Xgid::parse("XGID=-b----E-C---eE---c-e----B-:0:1:1:00:0:0:0:0:10").unwrap();
    let e = bad.to_game(money(), Dice::fixed([])).unwrap_err();
    assert_eq!(e.code(), "setup-cube-owner");
}

fn d_refused(s: &DraughtsSetup) -> DraughtsSetupError {
    let e = s.to_game(GameOptions::default()).unwrap_err();
    assert!(is_error_code(e.code()), "{e}: {}", e.code());
    e
}

fn pieces(list: &[(&str, Color, bool)], turn: Color) -> DraughtsSetup {
    let mut s = DraughtsSetup { pieces: vec![], turn };
    for &(sq, c, k) in list {
        s.add(sq, c, k);
    }
    s
}

#[test]
fn ru_setup_square_dark_squares_only_and_one_piece_each() {
    let s = pieces(&[("a2", Color::White, false), ("h8", Color::Black, true)], Color::White);
    assert_eq!(d_refused(&s), DraughtsSetupError::Square("a2".into()));
    assert_eq!(d_refused(&s).code(), "setup-square");
    let s = pieces(&[("c3", Color::White, false), ("c3", Color::Black, true)], Color::White);
    assert_eq!(d_refused(&s).code(), "setup-shared-square");
}

#[test]
fn ru_setup_pieces_at_most_12_a_side() {
    let mut s = DraughtsSetup::from_position(&draughts::Position::start());
    s.add("d4", Color::White, false);
    assert_eq!(d_refused(&s), DraughtsSetupError::TooManyPieces { color: Color::White, count: 13 });
    assert_eq!(d_refused(&s).code(), "setup-too-many");
}

#[test]
fn ru_setup_men_never_on_their_promotion_row() {
    let s = pieces(&[("b8", Color::White, false), ("a1", Color::Black, true)], Color::Black);
    assert_eq!(d_refused(&s).code(), "setup-promotion-row");
    let s = pieces(&[("c3", Color::White, false), ("a1", Color::Black, false)], Color::White);
    assert!(matches!(d_refused(&s), DraughtsSetupError::ManOnPromotionRow { color: Color::Black, .. }));
}

#[test]
fn ru_setup_game_over_no_pieces_or_no_moves_refused() {
    let s = pieces(&[("c3", Color::White, false)], Color::White);
    assert_eq!(d_refused(&s), DraughtsSetupError::NoPieces { color: Color::Black });
    // White to move, his man on a1 blocked by two black men: no move, the game is over
    let s =
        pieces(&[("a1", Color::White, false), ("b2", Color::Black, false), ("c3", Color::Black, false)], Color::White);
    assert_eq!(d_refused(&s), DraughtsSetupError::NoMoves { color: Color::White });
    assert_eq!(d_refused(&s).code(), "setup-no-moves");
}

#[test]
fn ru_setup_plays_from_the_position_with_a_king_and_black_to_move() {
    let s = pieces(&[("c3", Color::White, false), ("e5", Color::Black, true)], Color::Black);
    let mut g = s.to_game(GameOptions::default()).unwrap();
    assert_eq!(g.fen(), "B:Wc3:BKe5");
    assert_eq!(DraughtsSetup::from_position(g.position()), s);
    // from exactly this position: the king must take c3 (RU-CAPTURE-MANDATORY), landing on
    // either square behind it (a flying king)
    let mut moves: Vec<String> = g.legal_moves_with_notation().into_iter().map(|(_, n)| n).collect();
    moves.sort();
    assert_eq!(moves, ["e5:a1", "e5:b2"]);
    g.play("e5:a1").unwrap();
    assert!(g.is_over());
}
