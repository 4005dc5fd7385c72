//! Notation, FEN and PDN: reading, writing and error messages (docs/rules.md 2.4).

use tabla::draughts::{
    Color, DrawReason, FenError, Game, GameError, GameOptions, MoveError, Outcome, PdnError, Position, PositionError,
    Square, WinReason, pdn,
};

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

#[test]
fn fen_reads_algebraic_numeric_ranges_and_kings() {
    let start = Position::start();
    assert_eq!(pos("W:W21-32:B1-12"), start);
    assert_eq!(pos("W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"), start);
    assert_eq!(pos(&start.to_fen()), start);
    assert_eq!(pos(" W:B1-12:W21-32. "), start, "fields in either order, spaces, final dot");
    assert_eq!(pos("W:W21-32:B1-12:H0:F1"), start, "counter fields ignored");
    let p = pos("B:WKd4,c3:BK1,h6");
    assert_eq!(p.turn(), Color::Black);
    assert!(p.piece_at(Square::parse("d4").unwrap()).unwrap().king);
    assert!(!p.piece_at(Square::parse("c3").unwrap()).unwrap().king);
    assert!(p.piece_at(Square::parse("b8").unwrap()).unwrap().king);
    assert_eq!(p.to_fen(), "B:Wc3,Kd4:Bh6,Kb8");
    assert_eq!(p.to_fen_numeric(), "B:WK18,22:BK1,12");
    assert_eq!(pos(&p.to_fen_numeric()), p);
    // empty sides
    assert_eq!(pos("W:W:Bb8").to_fen(), "W:W:Bb8");
    assert_eq!(pos("B:Wc3").to_fen(), "B:Wc3:B");
}

#[test]
fn fen_errors_are_typed_and_clear() {
    let cases: Vec<(&str, FenError)> = vec![
        ("", FenError::Empty),
        ("X:Wc3:Bb8", FenError::BadTurn("X".into())),
        ("W:Qc3:Bb8", FenError::BadField("Qc3".into())),
        ("W:Wc3:Wd4", FenError::DuplicateSide(Color::White)),
        ("W:Wa2:Bb8", FenError::BadSquare("a2".into())),
        ("W:Wc3,:Bb8", FenError::BadSquare("".into())),
        ("W:W33:Bb8", FenError::BadSquare("33".into())),
        ("W:W12-3:Bb8", FenError::BadRange("12-3".into())),
        ("W:Wa1:Ba1", FenError::Position(PositionError::Overlap(Square::parse("a1").unwrap()))),
        ("W:Wa1,a1:Bb8", FenError::Position(PositionError::Overlap(Square::parse("a1").unwrap()))),
        (
            "W:Wb8:Bh6",
            FenError::Position(PositionError::ManOnPromotionRank {
                color: Color::White,
                square: Square::parse("b8").unwrap(),
            }),
        ),
        (
            "W:Wc3:Bg1",
            FenError::Position(PositionError::ManOnPromotionRank {
                color: Color::Black,
                square: Square::parse("g1").unwrap(),
            }),
        ),
        ("W:W14-26:B1-4", FenError::Position(PositionError::TooManyPieces { color: Color::White, count: 13 })),
    ];
    for (fen, want) in cases {
        let got = Position::from_fen(fen).unwrap_err();
        assert_eq!(got, want, "{fen}");
        let msg = got.to_string();
        assert!(msg.starts_with("invalid FEN: "), "{msg}");
    }
    let msg = Position::from_fen("W:Wb8:Bh6").unwrap_err().to_string();
    assert!(msg.contains("b8") && msg.contains("promotion rank"), "{msg}");
    let msg = Position::from_fen("W:W14-26:B1-4").unwrap_err().to_string();
    assert!(msg.contains("13") && msg.contains("at most 12"), "{msg}");
}

#[test]
fn move_text_accepts_colon_x_and_numbers() {
    let p = pos("W:Wc3:Bd4,h8");
    let a = p.parse_move("c3:e5").unwrap();
    assert_eq!(p.parse_move("c3xe5").unwrap(), a);
    assert_eq!(p.parse_move("C3XE5").unwrap(), a);
    assert_eq!(p.parse_move("22x15").unwrap(), a);
    assert_eq!(p.parse_move(" c3:e5! ").unwrap(), a);
    assert_eq!(p.move_text(&a), "c3:e5");
    let s = Position::start();
    assert_eq!(s.parse_move("22-18").unwrap(), s.parse_move("c3-d4").unwrap());
}

#[test]
fn move_text_errors() {
    let s = Position::start();
    for bad in ["", "c3", "c3-", "-d4", "z9-a1", "c3-d4-e5", "c3-d4:e5", "a2-b3", "c3--d4"] {
        match s.parse_move(bad) {
            Err(MoveError::Syntax { .. }) => {}
            other => panic!("{bad:?}: {other:?}"),
        }
    }
    let err = s.parse_move("c3-d5").unwrap_err();
    let _ = err.to_string();
    let err = s.parse_move("c3-c4").unwrap_err();
    assert!(matches!(err, MoveError::Syntax { .. }), "c4 is a light square: {err}");
    let err = s.parse_move("a3-a4").unwrap_err();
    assert!(matches!(err, MoveError::Syntax { .. }));
    let err = s.parse_move("b6-a5").unwrap_err();
    let msg = err.to_string();
    assert!(msg.contains("b6-a5") && msg.contains("black's") && msg.contains("c3-d4"), "{msg}");
    let err = s.parse_move("d4-e5").unwrap_err();
    assert!(err.to_string().contains("d4 is empty"), "{err}");
    let err = s.parse_move("c3:e5").unwrap_err();
    assert!(err.to_string().contains("there is no capture"), "{err}");
}

#[test]
fn capture_notation_is_shortest_unambiguous() {
    // Two captures from a1 end on f6 with different pieces taken: the intermediate landing
    // squares are added until the text is unambiguous.
    let p = pos("W:WKa1:Bg3,b4,c5,e5,g5,c7,e7");
    let texts: Vec<String> = p.notate(&p.legal_moves());
    let ends_f6: Vec<&String> = texts.iter().filter(|t| t.starts_with("a1:") && t.ends_with(":f6")).collect();
    assert_eq!(ends_f6.len(), 2, "{texts:?}");
    assert!(texts.contains(&"a1:f6:d8:a5:f6".to_string()), "{texts:?}");
    assert!(texts.contains(&"a1:f6:d8:b6:f6".to_string()), "{texts:?}");
    assert!(texts.contains(&"a1:f6:d8:a5:h6".to_string()), "{texts:?}");
    assert!(texts.contains(&"a1:f6:d8:b6:h6".to_string()), "{texts:?}");
    // with a single capture per end square, start and end are enough
    let q = pos("W:WKa1:Bd4,h2");
    assert_eq!(q.notate(&q.legal_moves()), ["a1:e5", "a1:f6", "a1:g7", "a1:h8"]);
    // the short text is ambiguous, and the error says which moves match
    let err = p.parse_move("a1:f6").unwrap_err();
    match &err {
        MoveError::Ambiguous { candidates, .. } => assert_eq!(candidates.len(), 2),
        e => panic!("{e:?}"),
    }
    let msg = err.to_string();
    assert!(msg.contains("a1:f6:d8:a5:e1:h4:f6") && msg.contains("a1:f6:d8:b6:f2:h4:f6"), "{msg}");
    // every text reads back as its move
    for (m, t) in p.legal_moves().iter().zip(&texts) {
        assert_eq!(p.parse_move(t).unwrap().key(), m.key(), "{t}");
        assert_eq!(p.parse_move(&m.long_text()).unwrap().key(), m.key());
    }
}

#[test]
fn duplicate_paths_are_one_move() {
    // From d2 the king can take the same pieces in two orders and end on the same square:
    // one move in the list, both paths read as it.
    let p = pos("B:Wa1,e1,Kd2,f2,b4,b6:BKg1,d8");
    assert_eq!(p.legal_moves().len(), 3);
    assert_eq!(p.legal_paths().len(), 5);
    for path in p.legal_paths() {
        let m = p.parse_move(&path.long_text()).unwrap();
        assert!(m.same_move(&path));
    }
}

#[test]
fn game_history_notation_and_state_untouched_on_error() {
    let mut g = Game::default();
    for m in ["c3-d4", "f6-e5", "d4xf6", "g7xe5", "g3-f4", "e5xg3", "h2xf4"] {
        g.play(m).unwrap();
    }
    let notes: Vec<&str> = g.history().iter().map(|p| p.notation.as_str()).collect();
    assert_eq!(notes, ["c3-d4", "f6-e5", "d4:f6", "g7:e5", "g3-f4", "e5:g3", "h2:f4"]);
    let before = (g.position().to_owned(), g.counters(), g.history().len());
    assert!(matches!(g.play("e7-f6x"), Err(GameError::Move(MoveError::Syntax { .. }))));
    assert!(matches!(g.play("a3-b4"), Err(GameError::Move(MoveError::Illegal { .. }))));
    assert_eq!(before, (g.position().to_owned(), g.counters(), g.history().len()));
}

#[test]
fn pdn_round_trip() {
    let mut g = Game::default();
    for m in ["c3-d4", "f6-e5", "d4xf6", "g7xe5", "g3-f4", "e5xg3", "h2xf4"] {
        g.play(m).unwrap();
    }
    g.set_tag("Event", "Test \"quoted\"");
    g.set_tag("White", "A");
    let text = g.to_pdn();
    assert!(text.contains("[GameType \"25\"]"), "{text}");
    assert!(text.contains("[Event \"Test \\\"quoted\\\"\"]"), "{text}");
    assert!(text.contains("1. c3-d4 f6-e5 2. d4:f6 g7:e5 3. g3-f4 e5:g3 4. h2:f4 *"), "{text}");
    let h = Game::from_pdn(&text).unwrap();
    assert_eq!(h.position(), g.position());
    assert_eq!(h.to_pdn(), text);
    assert_eq!(h.tags(), g.tags());
    // from a FEN, Black first
    let mut g = Game::from_fen("B:Wc3,e3:Bd6,Kb8", GameOptions::default()).unwrap();
    g.play("d6-c5").unwrap();
    g.play("c3-d4").unwrap();
    let text = g.to_pdn();
    assert!(text.contains("[FEN \"B:Wc3,e3:Bd6,Kb8\"]"), "{text}");
    assert!(text.contains("1... d6-c5 2. c3-d4 *"), "{text}");
    let h = Game::from_pdn(&text).unwrap();
    assert_eq!(h.position(), g.position());
    assert_eq!(h.start_position(), g.start_position());
}

#[test]
fn pdn_reads_comments_variations_numbers_and_results() {
    let text = r#"
[Event "Casual"]
[GameType "25"]
[Result "1/2-1/2"]
; a line comment
1.c3-d4 {a comment
over two lines} f6-g5 (2... h6-g5 {alt} (3. x) ) 2. 23-19 $1 g5xc5 3. b2-c3!? 1/2-1/2
"#;
    let g = Game::from_pdn(text).unwrap();
    assert_eq!(g.history().len(), 5);
    assert_eq!(g.outcome(), Some(Outcome::Draw(DrawReason::Agreement)));
    assert_eq!(g.tags(), &[("Event".to_string(), "Casual".to_string())]);
    // "1. ... f6-g5" style (a lone ellipsis)
    let g = Game::from_pdn("1. c3-d4 ... f6-g5 *").unwrap();
    assert_eq!(g.history().len(), 2);
    // a decisive result the rules do not produce (a resignation) is kept, and ends the game
    let g = Game::from_pdn("1. c3-d4 0-1").unwrap();
    assert_eq!(g.outcome(), Some(Outcome::Win { winner: Color::Black, reason: WinReason::Recorded }));
    assert!(g.to_pdn().contains("[Result \"0-1\"]"));
    assert!(g.to_pdn().trim_end().ends_with("0-1"));
    // several games: parse_games reads them all, from_pdn refuses them
    let two = "1. c3-d4 * \n[Event \"2\"]\n1. a3-b4 1-0";
    let games = pdn::parse_games(two).unwrap();
    assert_eq!(games.len(), 2);
    assert_eq!(games[1].outcome().and_then(Outcome::winner), Some(Color::White));
    assert_eq!(Game::from_pdn(two).unwrap_err(), PdnError::SeveralGames { games: 2 });
    // empty text: a new game
    assert_eq!(Game::from_pdn("").unwrap().history().len(), 0);
}

/// The comments a viewer shows beside the moves: each after the plies played before it, the
/// ones of a skipped variation left out, game by game as `parse_games` splits the text.
#[test]
fn pdn_comments_are_kept_by_ply_and_game() {
    let text = r#"
[Event "Casual"]
{Before the first move} 1.c3-d4 {a comment
over   two lines} f6-g5 (2... h6-g5 {alt} (3. x) ) 2. 23-19 ; after the third ply
g5xc5 {} 3. b2-c3!? 1/2-1/2
[Event "2"]
1. a3-b4 {the second game's} 1-0
"#;
    let all = pdn::parse_comments(text).unwrap();
    let at = |g: usize| all[g].iter().map(|c| (c.ply, c.text.as_str())).collect::<Vec<_>>();
    assert_eq!(all.len(), pdn::parse_games(text).unwrap().len());
    assert_eq!(at(0), vec![(0, "Before the first move"), (1, "a comment over two lines"), (3, "after the third ply")]);
    assert_eq!(at(1), vec![(1, "the second game's")]);
    assert!(matches!(pdn::parse_comments("1. c3-d4 {open"), Err(PdnError::Syntax { .. })));
}

#[test]
fn pdn_errors() {
    assert!(matches!(Game::from_pdn("[GameType \"20\"]\n1. 32-28 *"), Err(PdnError::UnsupportedGameType(_))));
    assert!(matches!(Game::from_pdn("[FEN \"W:Wa8\"]"), Err(PdnError::Fen(_))));
    let err = Game::from_pdn("1. c3-d4 f6-g5 2. c3-b4 *").unwrap_err();
    match &err {
        PdnError::Move { ply, text, .. } => {
            assert_eq!(*ply, 3);
            assert_eq!(text, "c3-b4");
        }
        e => panic!("{e:?}"),
    }
    assert!(err.to_string().contains("ply 3"), "{err}");
    for bad in ["[Event \"x", "[Event x]", "1. c3-d4 {", "1. c3-d4 (f6-g5", "1. c3-d4 )"] {
        assert!(matches!(Game::from_pdn(bad), Err(PdnError::Syntax { .. })), "{bad}");
    }
    // a move after the end of the game
    let err = Game::from_pdn("[FEN \"W:Wc3:Bd4\"]\n1. c3:e5 f6-g5 *").unwrap_err();
    assert!(matches!(err, PdnError::Move { error: GameError::GameOver(_), .. }), "{err:?}");
}

/// tabla's own PDN export carries the options that differ from their defaults, so a game with the
/// draw rules off (or touch-move on) reads back as the same game.
#[test]
fn pdn_export_keeps_the_options_in_a_tabla_options_tag() {
    use tabla::draughts::{Game, GameOptions};
    let options = GameOptions { draw_rules: false, touch_move: true };
    let mut g = Game::new(options);
    g.play("c3-d4").unwrap();
    let pdn = g.to_pdn();
    assert!(pdn.contains("[TablaOptions \"touchMove=true drawRules=false\"]"), "{pdn}");
    let back = Game::from_pdn(&pdn).unwrap();
    assert_eq!(back.options(), options);
    assert_eq!(back.to_pdn(), pdn);
    assert!(!Game::new(GameOptions::default()).to_pdn().contains("TablaOptions"));
    let err = Game::from_pdn("[TablaOptions \"drawRules=maybe\"]\n*").unwrap_err().to_string();
    assert!(err.contains("key=true or key=false"), "{err}");
    let err = Game::from_pdn("[TablaOptions \"flyingMen=true\"]\n*").unwrap_err().to_string();
    assert!(err.contains("unknown option 'flyingMen'"), "{err}");
}

/// A result recorded in PDN (a resignation) is the game's outcome: the game is over, no move
/// is accepted, the result survives a save and a PDN round trip, and undo takes it back.
#[test]
fn pdn_recorded_result_is_the_outcome() {
    let mut g = Game::from_pdn("1. c3-d4 f6-g5 1-0").unwrap();
    let want = Some(Outcome::Win { winner: Color::White, reason: WinReason::Recorded });
    assert_eq!(g.outcome(), want);
    assert!(g.is_over());
    assert!(matches!(g.play("d4-e5"), Err(GameError::GameOver(_))));
    assert_eq!(Game::from_save(&g.to_save()).unwrap().outcome(), want);
    assert_eq!(Game::from_pdn(&g.to_pdn()).unwrap().outcome(), want);
    g.undo().unwrap();
    assert_eq!(g.outcome(), None);
}
