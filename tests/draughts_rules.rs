//! One test (at least) per rule of docs/rules.md section 2, named after the rule's ID.

use std::collections::BTreeSet;

use tabla::draughts::{
    Color, DrawReason, Game, GameError, GameOptions, Move, MoveError, Outcome, Position, Square, WinReason,
};

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn sq(s: &str) -> Square {
    Square::parse(s).unwrap()
}

/// The legal moves as full paths (`c3:e5:g7`), sorted.
fn paths(p: &Position) -> BTreeSet<String> {
    p.legal_moves().iter().map(Move::long_text).collect()
}

fn set(items: &[&str]) -> BTreeSet<String> {
    items.iter().map(|s| s.to_string()).collect()
}

fn game(fen: &str) -> Game {
    Game::from_fen(fen, GameOptions::default()).unwrap()
}

// ---------------------------------------------------------------------------------------------
// 2.1 Board

#[test]
fn ru_board_and_start_position() {
    let p = Position::start();
    assert_eq!(p.turn(), Color::White);
    assert_eq!(p.to_fen(), "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8");
    assert_eq!(paths(&p), set(&["a3-b4", "c3-b4", "c3-d4", "e3-d4", "e3-f4", "g3-f4", "g3-h4"]));
}

// ---------------------------------------------------------------------------------------------
// 2.2 Moves

#[test]
fn ru_man_move_forward_only() {
    // A white man on d4 moves up only; a black man on e7 moves down only.
    let p = pos("W:Wd4:Be7");
    assert_eq!(paths(&p), set(&["d4-c5", "d4-e5"]));
    let p = pos("B:Wd4:Be7");
    assert_eq!(paths(&p), set(&["e7-d6", "e7-f6"]));
    // blocked by any piece in front
    let p = pos("W:Wd4,c5,f6:Be5,h8");
    assert_eq!(paths(&p), set(&["c5-b6", "c5-d6", "f6-e7", "f6-g7"]));
    // edge: a man on h2 has one forward square
    assert_eq!(paths(&pos("W:Wh2:Ba7")), set(&["h2-g3"]));
}

#[test]
fn ru_man_capture_forwards_and_backwards() {
    // d4 jumps e5 forwards and c3 backwards, to the empty squares right behind
    let p = pos("W:Wd4:Be5,c3,a7");
    assert_eq!(paths(&p), set(&["d4:f6", "d4:b2"]));
    // no capture when the square behind is occupied or off the board
    let p = pos("W:Wd4,f6:Be5,a7");
    assert_eq!(paths(&p), set(&["d4-c5", "f6-g7", "f6-e7"]));
    let p = pos("W:Wg3:Bh4,a7");
    assert_eq!(paths(&p), set(&["g3-f4"]));
    // a man does not capture at a distance
    let p = pos("W:Wc3:Be5,a7");
    assert_eq!(paths(&p), set(&["c3-b4", "c3-d4"]));
    // black captures too, backwards included
    let p = pos("B:Wd4,f6:Be5,h8");
    assert_eq!(paths(&p), set(&["e5:c3", "e5:g7"]));
}

#[test]
fn ru_king_move_flying() {
    let p = pos("W:WKa1:Bh6");
    assert_eq!(p.legal_moves().len(), 7);
    // blocked by its own piece and by an enemy piece without a square behind
    let p = pos("W:WKc3,e5:Bb4,a5");
    let k: BTreeSet<String> = p.legal_moves().iter().filter(|m| m.from() == sq("c3")).map(Move::long_text).collect();
    assert_eq!(k, set(&["c3-b2", "c3-a1", "c3-d2", "c3-e1", "c3-d4"]));
}

#[test]
fn ru_king_capture_any_distance_and_landing_rule() {
    // a1 takes d4 from a distance and may land on any empty square behind it
    let p = pos("W:WKa1:Bd4,h2");
    assert_eq!(paths(&p), set(&["a1:e5", "a1:f6", "a1:g7", "a1:h8"]));
    // but if from some landing squares the capture can go on, it must land on one of those
    let p = pos("W:WKa1:Bd4,g5");
    assert_eq!(paths(&p), set(&["a1:f6:h4"]));
    // squares between must be empty: a second piece right behind blocks the capture
    let p = pos("W:WKa1:Bd4,e5,h2");
    assert!(!p.has_capture());
    // a king captures backwards and forwards alike, and continues in the same direction
    let p = pos("W:WKh8:Bf6,c3,a7");
    assert_eq!(paths(&p), set(&["h8:d4:b2", "h8:d4:a1"]));
}

#[test]
fn ru_capture_compulsory() {
    let p = pos("W:Wc3,g3:Bd4,h8");
    // only the capture is legal; quiet moves of other pieces are not
    assert_eq!(paths(&p), set(&["c3:e5"]));
    let err = p.parse_move("g3-h4").unwrap_err();
    assert!(matches!(err, MoveError::Illegal { .. }));
    assert!(err.to_string().contains("capture is compulsory"), "{err}");
    // kings too
    let p = pos("W:WKa1,g3:Bd4,h8");
    assert!(p.legal_moves().iter().all(Move::is_capture));
}

#[test]
fn ru_free_choice_no_majority_but_complete() {
    // c3 can take one piece (b4) or two (d4 then f6): both are legal (no majority rule)
    let p = pos("W:Wc3:Bb4,d4,f6,h8");
    assert_eq!(paths(&p), set(&["c3:a5", "c3:e5:g7"]));
    // a capture once begun is completed: c3:e5 (stopping after one piece) is not a move
    let err = p.parse_move("c3:e5").unwrap_err();
    assert!(matches!(err, MoveError::Illegal { .. }), "{err}");
    // the short notation names the whole capture
    let m = p.parse_move("c3:g7").unwrap();
    assert_eq!(m.capture_count(), 2);
    assert_eq!(m.captures().collect::<Vec<_>>(), vec![sq("d4"), sq("f6")]);
}

#[test]
fn ru_turkish_strike_captured_pieces_block() {
    // The king takes d2, f6, c7 and b4 and arrives on c3. From there e5 would be capturable if
    // f6 were gone, but f6 (captured, still on the board) blocks the square behind e5.
    let p = pos("W:WKc1:Bd2,b4,e5,f6,h6,c7");
    assert_eq!(paths(&p), set(&["c1:f4:d6:b8", "c1:f4:d6:a3", "c1:g5:e7:a3", "c1:g5:d8:a5:c3"]));
    let m = p.parse_move("c1:g5:d8:a5:c3").unwrap();
    let after = p.after(&m);
    assert_eq!(after.to_fen(), "B:WKc3:Be5,h6");
    // Here c7, taken first, still blocks the square behind d6 when the king reaches e5.
    let p = pos("W:WKd8:Bf2,h2,c3,f4,d6,c7");
    assert_eq!(paths(&p), set(&["d8:a5:e1:g3:e5", "d8:a5:d2:g5", "d8:a5:d2:h6", "d8:b6:g1"]));
}

#[test]
fn ru_promote() {
    let p = pos("W:Wc7:Bh2");
    let moves = p.legal_moves();
    assert_eq!(moves.len(), 2);
    assert!(moves.iter().all(|m| m.promotes()));
    let after = p.after(&p.parse_move("c7-d8").unwrap());
    assert_eq!(after.to_fen(), "B:WKd8:Bh2");
    assert!(after.piece_at(sq("d8")).unwrap().king);
    // black promotes on rank 1
    let p = pos("B:Wa3:Bd2");
    let after = p.after(&p.parse_move("d2-c1").unwrap());
    assert!(after.piece_at(sq("c1")).unwrap().king);
    // and by a capture ending on the last rank
    let p = pos("W:Wb6:Bc7,h2");
    let m = p.parse_move("b6:d8").unwrap();
    assert!(m.promotes());
    assert!(p.after(&m).piece_at(sq("d8")).unwrap().king);
    // a man that reaches the last rank ends its move as a king even with no further capture
    assert!(!p.after(&m).has_capture());
}

#[test]
fn ru_promote_mid_capture_continues_as_king() {
    // f6 takes e7 landing on d8 (promotion), then as a king takes b6 from a distance.
    let p = pos("W:Wf6:Be7,b6,h2");
    let m = p.parse_move("f6:a5").unwrap();
    assert_eq!(m.long_text(), "f6:d8:a5");
    assert!(m.promotes());
    assert_eq!(p.after(&m).to_fen(), "B:WKa5:Bh2");
    assert_eq!(paths(&p), set(&["f6:d8:a5"]));
    // as a man it could not have continued: the jump from d8 over c7 needs an adjacent piece
    // black, too: c3 takes d2 to e1, promotes, and takes g3 from a distance as a king
    let p = pos("B:Wd2,g3,a3,Kh6,c5:Bc3,e5,h8");
    assert_eq!(paths(&p), set(&["c3:e1:h4"]));
    assert!(p.legal_moves()[0].promotes());
}

#[test]
fn ru_touch_move_option() {
    // off (default): touching a piece binds nothing
    let mut g = Game::new(GameOptions::default());
    g.touch(sq("c3")).unwrap();
    g.play("a3-b4").unwrap();
    // on: a touched piece with a legal move must be moved
    let opts = GameOptions { touch_move: true, ..GameOptions::default() };
    let mut g = Game::new(opts);
    g.touch(sq("c3")).unwrap();
    assert_eq!(g.legal_moves().len(), 2);
    let err = g.play("a3-b4").unwrap_err();
    assert_eq!(err, GameError::TouchMove { touched: sq("c3") });
    assert!(err.to_string().contains("must be moved"));
    assert_eq!(g.touch(sq("e3")), Err(GameError::TouchMove { touched: sq("c3") }));
    assert!(g.release().is_err());
    assert_eq!(g.history().len(), 0, "state untouched on error");
    g.play("c3-d4").unwrap();
    assert_eq!(g.touched(), None);
    // a touched piece without a legal move binds nothing
    g.touch(sq("b8")).unwrap();
    g.touch(sq("f6")).unwrap();
    g.play("f6-g5").unwrap();
    // only the side to move's pieces can be picked up
    assert!(matches!(g.touch(sq("f6")), Err(GameError::CannotTouch { .. })));
    assert!(matches!(g.touch(sq("e5")), Err(GameError::CannotTouch { .. })));
}

/// A game that ends (resignation, agreed draw) with a piece touched under touch-move saves and
/// loads again, the piece still touched.
#[test]
fn ru_touch_move_touched_piece_survives_the_end_of_the_game_in_a_save() {
    let opts = GameOptions { touch_move: true, ..GameOptions::default() };
    for end in ["resign", "draw"] {
        let mut g = Game::new(opts);
        g.play("c3-d4").unwrap();
        g.touch(sq("f6")).unwrap();
        match end {
            "resign" => g.resign(Color::Black).unwrap(),
            _ => g.agree_draw().unwrap(),
        }
        let json = g.to_json();
        let back = Game::from_json(&json).unwrap_or_else(|e| panic!("{end}: {e}"));
        assert_eq!(back.to_json(), json, "{end}");
        assert_eq!((back.touched(), back.outcome()), (Some(sq("f6")), g.outcome()), "{end}");
    }
}

// ---------------------------------------------------------------------------------------------
// 2.3 End

#[test]
fn ru_win_no_pieces_and_no_moves() {
    // capturing the last piece wins
    let mut g = game("W:Wc3:Bd4");
    g.play("c3:e5").unwrap();
    assert_eq!(g.outcome(), Some(Outcome::Win { winner: Color::White, reason: WinReason::NoPieces }));
    assert!(matches!(g.play("e5-f6"), Err(GameError::GameOver(_))));
    assert!(g.legal_moves().is_empty());
    // blocking the last mobile piece wins
    let mut g = game("W:Wb4,d2:Ba5");
    g.play("d2-c3").unwrap();
    assert_eq!(g.outcome(), Some(Outcome::Win { winner: Color::White, reason: WinReason::NoMoves }));
    assert_eq!(g.outcome().unwrap().to_string(), "white wins: black has no legal move");
    // undo takes the win back
    g.undo().unwrap();
    assert_eq!(g.outcome(), None);
    // a position set up with the side to move stuck is already decided
    let g = game("B:Wb4,c3:Ba5");
    assert_eq!(g.outcome(), Some(Outcome::Win { winner: Color::White, reason: WinReason::NoMoves }));
}

/// RU-RESIGN: either side may resign before the game is over; the save keeps it, PDN writes
/// the result, undo takes it back.
#[test]
fn ru_resign_ends_the_game_for_the_opponent() {
    let mut g = Game::default();
    g.play("c3-d4").unwrap();
    // Black resigns on his move; White could have too
    g.resign(Color::Black).unwrap();
    let won = Outcome::Win { winner: Color::White, reason: WinReason::Resignation };
    assert_eq!(g.outcome(), Some(won));
    assert_eq!(won.to_string(), "white wins: black resigned");
    assert!(matches!(g.play("f6-e5"), Err(GameError::GameOver(_))));
    assert!(matches!(g.resign(Color::White), Err(GameError::GameOver(_))));
    let back = Game::from_json(&g.to_json()).unwrap();
    assert_eq!(back.outcome(), Some(won));
    assert_eq!(back.resigned(), Some(Color::Black));
    assert!(g.to_pdn().contains("[Result \"1-0\"]"));
    // undo takes the resignation back, not the move
    assert!(g.can_undo());
    assert_eq!(g.undo().unwrap(), None);
    assert_eq!(g.outcome(), None);
    assert_eq!(g.history().len(), 1);
    // White may resign on his own move too
    let mut w = Game::default();
    w.resign(Color::White).unwrap();
    assert_eq!(w.outcome(), Some(Outcome::Win { winner: Color::Black, reason: WinReason::Resignation }));
}

/// Whether a move is "quiet" for the draw tests: no capture, no promotion, a position not seen
/// before, and no capture for the opponent afterwards.
fn safe(g: &Game, m: &Move) -> bool {
    if m.is_capture() || m.promotes() {
        return false;
    }
    let after = g.position().after(m);
    if after.has_capture() {
        return false;
    }
    after != *g.position() && !g.history().iter().any(|p| p.before == after)
}

/// Plays `plies` moves, each the first safe move accepted by `pick`; asserts the game is not
/// over before the last one.
fn walk(g: &mut Game, plies: usize, mut pick: impl FnMut(&Game, &Move) -> bool) {
    for i in 0..plies {
        assert_eq!(g.outcome(), None, "game over early, before ply {i}: {}", g.fen());
        let legal = g.legal_moves();
        // one ply of look-ahead: prefer moves after which the opponent has a safe reply
        let has_reply = |m: &Move| {
            let mut h = g.clone();
            h.play_move(m).unwrap();
            h.legal_moves().iter().any(|r| safe(&h, r))
        };
        let m = legal
            .iter()
            .find(|m| safe(g, m) && pick(g, m) && has_reply(m))
            .or_else(|| legal.iter().find(|m| safe(g, m) && pick(g, m)))
            .or_else(|| legal.iter().find(|m| safe(g, m) && has_reply(m)))
            .or_else(|| legal.iter().find(|m| safe(g, m)))
            .unwrap_or_else(|| panic!("no safe move at ply {i} in {}", g.fen()));
        g.play_move(m).unwrap();
    }
}

fn is_king_move(g: &Game, m: &Move) -> bool {
    g.position().kings() & m.from().bit() != 0
}

#[test]
fn ru_draw_repetition_third_occurrence() {
    let mut g = game("W:WKc1,a3,b2:BKb8,h6,g7");
    let cycle = ["c1-d2", "b8-a7", "d2-c1", "a7-b8"];
    for (i, m) in cycle.iter().chain(cycle.iter()).enumerate() {
        assert_eq!(g.outcome(), None, "before ply {i}");
        g.play(m).unwrap();
    }
    assert_eq!(g.repetitions(), 3);
    assert_eq!(g.outcome(), Some(Outcome::Draw(DrawReason::Repetition)));
    // undo takes it back, and the rule can be switched off
    g.undo().unwrap();
    assert_eq!(g.outcome(), None);
    let mut g =
        Game::from_fen("W:WKc1,a3,b2:BKb8,h6,g7", GameOptions { draw_rules: false, ..Default::default() }).unwrap();
    for m in cycle.iter().chain(cycle.iter()).chain(cycle.iter()) {
        g.play(m).unwrap();
    }
    assert_eq!(g.repetitions(), 4);
    assert_eq!(g.outcome(), None);
    // the same squares with the other side to move are not a repetition
    let mut g = game("W:WKc1,a3,b2:BKb8,h6,g7");
    for m in ["c1-e3", "b8-a7", "e3-d2", "a7-b8", "d2-c1"] {
        g.play(m).unwrap();
    }
    // now Black to move with the pieces of the start, which had White to move
    assert_eq!(g.position().with_turn(Color::White), *g.start_position());
    assert_eq!(g.repetitions(), 1);
}

#[test]
fn ru_draw_3k1k_fifteen_moves() {
    // Three kings against a lone king off the main road; the stronger side moves first, so its
    // 15th move is ply 29. Black's king keeps off the main road (else RU-DRAW-5 would apply).
    let mut g = game("W:WKc1,Ke1,Kg1:BKa7");
    let off_road = |g: &Game, m: &Move| g.turn() == Color::White || !m.to().on_main_diagonal();
    walk(&mut g, 28, off_road);
    assert_eq!(g.counters().balance_moves, [14, 14]);
    assert_eq!(g.outcome(), None);
    walk(&mut g, 1, off_road);
    assert_eq!(g.outcome(), Some(Outcome::Draw(DrawReason::ThreeKingsVsKing)));
    assert_eq!(g.counters().kings_only_plies, 29, "before RU-DRAW-KINGS-15 would apply");
    g.undo().unwrap();
    assert_eq!(g.outcome(), None);
    assert_eq!(g.counters().balance_moves, [14, 14]);
}

#[test]
fn ru_draw_kings_15_only_kings_moved() {
    // 8 pieces, so RU-DRAW-30-60 does not apply; only kings move.
    let mut g = game("W:Wa1,b2,a3,Kg1:Bh8,g7,h6,Kb8");
    walk(&mut g, 29, is_king_move);
    assert_eq!(g.counters().kings_only_plies, 29);
    assert_eq!(g.outcome(), None);
    walk(&mut g, 1, is_king_move);
    assert_eq!(g.outcome(), Some(Outcome::Draw(DrawReason::KingsOnly15)));
    // a man move resets the count
    g.undo().unwrap();
    walk(&mut g, 1, |g, m| !is_king_move(g, m));
    assert_eq!(g.counters().kings_only_plies, 0);
    assert_eq!(g.outcome(), None);
}

#[test]
fn ru_draw_30_60_kings_on_both_sides() {
    // 4 pieces (king and man each): 30 moves = 60 plies without capture or promotion. Men move
    // now and then so that RU-DRAW-KINGS-15 does not come first.
    let mut g = game("W:WKc1,a3:BKf8,h6");
    let pick = |g: &Game, m: &Move| {
        if g.counters().kings_only_plies >= 24 {
            // a man move, by the least advanced man, so that no man runs out of room
            let adv = |s: Square| {
                if g.turn() == Color::White { s.rank() } else { 7 - s.rank() }
            };
            let least =
                g.legal_moves().iter().filter(|x| !is_king_move(g, x) && safe(g, x)).map(|x| adv(x.from())).min();
            !is_king_move(g, m) && Some(adv(m.from())) == least
        } else {
            is_king_move(g, m)
        }
    };
    walk(&mut g, 59, pick);
    assert_eq!(g.counters().balance_plies(), 59);
    assert_eq!(g.outcome(), None);
    walk(&mut g, 1, pick);
    assert_eq!(g.outcome(), Some(Outcome::Draw(DrawReason::ThirtySixty)));
    // 6 pieces: 60 moves = 120 plies
    let mut g = game("W:WKg1,a1,c1:BKb8,h8,f8");
    walk(&mut g, 119, pick);
    assert_eq!(g.outcome(), None);
    walk(&mut g, 1, pick);
    assert_eq!(g.outcome(), Some(Outcome::Draw(DrawReason::ThirtySixty)));
    // 8 pieces: the rule does not apply (RU-DRAW-KINGS-15 is kept away by the man moves)
    let mut g = game("W:WKc1,a3,b2,a1:BKf8,h6,g7,h8");
    walk(&mut g, 130, pick);
    assert_eq!(g.outcome(), None);
}

#[test]
fn ru_draw_5_lone_king_on_main_road_and_small_endings() {
    // Three kings against a lone king holding the main road: the stronger side's 5th move.
    let mut g = game("W:WKc1,Ke1,Kg1:BKh8");
    let on_road = |g: &Game, m: &Move| g.turn() == Color::White || m.to().on_main_diagonal();
    walk(&mut g, 8, on_road);
    assert_eq!(g.counters().main_road_moves, 4);
    assert_eq!(g.outcome(), None);
    walk(&mut g, 1, on_road);
    assert_eq!(g.outcome(), Some(Outcome::Draw(DrawReason::FiveMoves)));
    // A king and two men against it: same rule.
    let mut g = game("W:WKc1,a3,h2:BKh8");
    let on_road_men = |g: &Game, m: &Move| {
        if g.turn() == Color::White { is_king_move(g, m) } else { m.to().on_main_diagonal() }
    };
    walk(&mut g, 9, on_road_men);
    assert_eq!(g.outcome(), Some(Outcome::Draw(DrawReason::FiveMoves)));
    // Leaving the main road breaks the count.
    let mut g = game("W:WKc1,Ke1,Kg1:BKh8");
    walk(&mut g, 6, on_road);
    walk(&mut g, 1, |_, _| true); // White
    walk(&mut g, 1, |_, m| !m.to().on_main_diagonal()); // Black leaves the road
    assert_eq!(g.counters().main_road_moves, 0);
    walk(&mut g, 1, |_, _| true);
    assert_eq!(g.outcome(), None);
    // Two kings against a lone king (anywhere): the stronger side's 5th move.
    let mut g = game("W:WKc1,Ke1:BKa7");
    walk(&mut g, 8, |_, _| true);
    assert_eq!(g.outcome(), None);
    walk(&mut g, 1, |_, _| true);
    assert_eq!(g.outcome(), Some(Outcome::Draw(DrawReason::FiveMoves)));
    // A king and a man against a lone king.
    let mut g = game("B:WKc1,a3:BKa7");
    walk(&mut g, 9, |g, m| g.turn() == Color::Black || is_king_move(g, m));
    assert_eq!(g.outcome(), None);
    walk(&mut g, 1, is_king_move);
    assert_eq!(g.outcome(), Some(Outcome::Draw(DrawReason::FiveMoves)));
    // One king against one king: 5 moves each.
    let mut g = game("W:WKc1:BKa7");
    walk(&mut g, 9, |_, _| true);
    assert_eq!(g.outcome(), None);
    walk(&mut g, 1, |_, _| true);
    assert_eq!(g.outcome(), Some(Outcome::Draw(DrawReason::FiveMoves)));
    // Three kings against a lone king off the main road: not this rule.
    let mut g = game("W:WKc1,Ke1,Kg1:BKa7");
    walk(&mut g, 12, |g, m| g.turn() == Color::White || !m.to().on_main_diagonal());
    assert_eq!(g.outcome(), None);
}

#[test]
fn ru_draw_agreement() {
    let mut g = Game::default();
    g.play("c3-d4").unwrap();
    g.agree_draw().unwrap();
    assert_eq!(g.outcome(), Some(Outcome::Draw(DrawReason::Agreement)));
    assert!(matches!(g.play("f6-g5"), Err(GameError::GameOver(_))));
    assert!(g.agree_draw().is_err());
    // undo cancels the agreement together with the move
    assert!(g.undo().unwrap().is_some());
    assert_eq!(g.outcome(), None);
    assert_eq!(g.history().len(), 0);
    g.agree_draw().unwrap();
    assert_eq!(g.undo().unwrap(), None);
    assert_eq!(g.outcome(), None);
    assert_eq!(g.undo(), Err(GameError::NothingToUndo));
}

#[test]
fn ru_draw_rules_off() {
    let mut g = Game::from_fen("W:WKc1:BKa7", GameOptions { draw_rules: false, touch_move: false }).unwrap();
    walk(&mut g, 12, |_, _| true);
    assert_eq!(g.outcome(), None);
}
