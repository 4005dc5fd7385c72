//! Match files in and out (issue 18): Jellyfish `.mat`, GNU Backgammon `.sgf` and XGID.
//! Round trips over random games and matches, imports of files written by other programs
//! (tests/data/backgammon/formats/README.md says where each comes from), and error cases.

use proptest::prelude::*;

use tabla::backgammon::mat::{self, MatHeader};
use tabla::backgammon::sgf;
use tabla::backgammon::xgid::{Xgid, XgidError};
use tabla::backgammon::{Action, Game, GameError, Options, OutcomeKind, Phase, Player, Position, Variant};
use tabla::backgammon::{RecordError, RecordProblem};
use tabla::dice::Dice;

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/backgammon/formats/");

fn data(name: &str) -> String {
    std::fs::read_to_string(format!("{DATA}{name}")).unwrap()
}

/// The first `n` lines of a text.
fn head(text: &str, n: usize) -> String {
    text.lines().take(n).map(|l| format!("{l}\n")).collect()
}

/// A small deterministic generator for choices.
struct Pick(u64);
impl Pick {
    fn next(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n.max(1)
    }
}

/// Plays a random match or session: random plays, doubles, takes and passes, resignations
/// (BG-RESIGN) accepted and declined, up to `games` games and `actions` actions; stops where a
/// file can hold the state (not in the middle of a turn whose roll is not played, nor on an offer).
fn random_match(o: Options, seed: u64, games: usize, actions: usize) -> Game {
    let mut g = Game::with_seed(o, seed);
    let mut pick = Pick(seed ^ 0x5851_f42d_4c95_7f2d);
    let mut played = 1;
    for n in 0.. {
        if n >= actions && !matches!(g.phase(), Phase::Move | Phase::Resignation) {
            break;
        }
        // A resignation now and then, by the player to act. Not when his roll has no legal move
        // (a file writes that roll as played with no move), nor a gammon that the Jacoby rule
        // counts as a single (a file holds the points, not the kind).
        let movable = g.phase() != Phase::Move || g.legal_plays().iter().any(|p| !p.steps.is_empty());
        if g.resigner().is_some() && movable && pick.next(40) == 0 {
            let kinds = g.resign_kinds();
            let k = kinds[pick.next(kinds.len())];
            let single = g.resignation_outcome(tabla::backgammon::OutcomeKind::Single).map(|o| o.points);
            if g.resignation_outcome(k).map(|o| o.points) != single || k == kinds[0] {
                g.resign(k).unwrap();
                continue;
            }
        }
        match g.phase() {
            Phase::Resignation => {
                if pick.next(2) == 0 {
                    g.accept_resignation().unwrap()
                } else {
                    g.decline_resignation().unwrap()
                }
            }
            Phase::Opening => {
                g.roll().unwrap();
            }
            Phase::Roll => {
                if g.can_double() && pick.next(8) == 0 {
                    g.double().unwrap();
                } else {
                    g.roll().unwrap();
                }
            }
            Phase::CubeDecision => {
                if pick.next(3) == 0 {
                    g.pass().unwrap()
                } else {
                    g.take().unwrap()
                }
            }
            Phase::Move => {
                let plays = g.legal_plays();
                let p = &plays[pick.next(plays.len())];
                g.play_steps(&p.steps).unwrap();
            }
            Phase::ChooseDoubles => unreachable!("no acey-deucey here"),
            Phase::GameOver => {
                if played >= games || g.match_over() {
                    break;
                }
                g.next_game().unwrap();
                played += 1;
            }
        }
    }
    g
}

/// What a file holds of a record: the dice and every move's steps (from, to, hit) in order,
/// the cube actions, the games. Lost by the formats: the `set` flag (an import sets every
/// roll), opening ties, and which die bore a checker off when several could.
#[derive(Debug, PartialEq, Eq)]
enum Held {
    Opening([u8; 2]),
    Roll(Player, [u8; 2]),
    Play(Player, Vec<(u8, u8, bool)>),
    Double(Player),
    Take(Player),
    Pass(Player),
    /// An accepted resignation, by the loser (a declined one is lost by the formats).
    Resigned(Player),
    NextGame,
}

fn held(record: &[Action]) -> Vec<Held> {
    record
        .iter()
        .filter_map(|a| match a {
            Action::OpeningRoll { white, black, .. } if white == black => None,
            Action::OpeningRoll { white, black, .. } => Some(Held::Opening([*white, *black])),
            Action::Roll { player, dice, .. } => Some(Held::Roll(*player, *dice)),
            Action::Play { player, steps, .. } => {
                Some(Held::Play(*player, steps.iter().map(|s| (s.from, s.to, s.hit)).collect()))
            }
            Action::Double { player } => Some(Held::Double(*player)),
            Action::Take { player } => Some(Held::Take(*player)),
            Action::Pass { player } => Some(Held::Pass(*player)),
            Action::Resign { .. } | Action::DeclineResignation { .. } => None,
            Action::AcceptResignation { player } => Some(Held::Resigned(player.other())),
            Action::NextGame => Some(Held::NextGame),
            Action::ChooseDoubles { .. } => panic!("no acey-deucey here"),
        })
        .collect()
}

fn assert_same_game(a: &Game, b: &Game, text: &str) {
    assert_eq!(held(a.record()), held(b.record()), "{text}");
    assert_eq!(a.position_id(), b.position_id(), "{text}");
    assert_eq!(a.match_id(), b.match_id(), "{text}");
    assert_eq!(a.phase(), b.phase(), "{text}");
    assert_eq!(a.turn(), b.turn(), "{text}");
    assert_eq!(a.score(), b.score(), "{text}");
    assert_eq!(a.cube(), b.cube(), "{text}");
    assert_eq!(a.outcome(), b.outcome(), "{text}");
    assert_eq!(a.options(), b.options(), "{text}");
}

fn options(variant: Variant, length: u32, jacoby: bool) -> Options {
    let mut o = Options::new(variant);
    o.match_length = length;
    o.jacoby = jacoby && length == 0 && variant == Variant::Backgammon;
    o
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// Export -> import gives the same record (what the format holds of it) and the same state,
    /// for backgammon and table, matches and money sessions.
    #[test]
    fn mat_round_trip_keeps_record_and_state(
        seed in any::<u64>(), table in any::<bool>(), length in prop::sample::select(vec![0u32, 1, 3, 5, 7]),
        jacoby in any::<bool>(), games in 1usize..5, actions in 1usize..400,
    ) {
        let v = if table { Variant::Table } else { Variant::Backgammon };
        let g = random_match(options(v, length, jacoby), seed, games, actions);
        let header = MatHeader { players: ["Ann Lee".into(), "Bob".into()], tags: vec![("Site".into(), "tabla".into())] };
        let text = mat::export(&g, &header).unwrap();
        let back = mat::import(&text, Dice::fixed([])).unwrap();
        assert_same_game(&g, &back.game, &text);
        prop_assert_eq!(&back.header, &header);
        // Export is a function of what the format holds: the import writes the same file.
        prop_assert_eq!(mat::export(&back.game, &back.header).unwrap(), text);
    }

    /// Export -> import through gnubg's SGF gives the same record and state (backgammon).
    #[test]
    fn sgf_round_trip_keeps_record_and_state(
        seed in any::<u64>(), length in prop::sample::select(vec![0u32, 1, 3, 5, 7]),
        jacoby in any::<bool>(), games in 1usize..5, actions in 1usize..400,
    ) {
        let g = random_match(options(Variant::Backgammon, length, jacoby), seed, games, actions);
        let names = ["A [the] \\first".to_string(), "B".to_string()];
        let text = sgf::export(&g, &names).unwrap();
        let back = sgf::import(&text, Dice::fixed([])).unwrap();
        assert_same_game(&g, &back.game, &text);
        prop_assert_eq!(&back.players, &names);
        prop_assert_eq!(sgf::export(&back.game, &back.players).unwrap(), text);
    }

    /// Every state of random games has an XGID that reads back the same, and whose gnubg IDs
    /// are the game's own Position ID and Match ID.
    #[test]
    fn xgid_round_trips_and_agrees_with_the_gnubg_ids(
        seed in any::<u64>(), length in prop::sample::select(vec![0u32, 3, 7]), actions in 1usize..300,
    ) {
        let g = random_match(options(Variant::Backgammon, length, false), seed, 3, actions);
        let mut h = Game::with_dice(*g.options(), Dice::fixed([]));
        for a in g.record() {
            h = replay_one(h, a);
            if matches!(h.phase(), Phase::Opening | Phase::GameOver | Phase::Resignation) {
                continue;
            }
            let x = Xgid::from_game(&h).unwrap();
            let text = x.to_string();
            prop_assert_eq!(Xgid::parse(&text).unwrap(), x);
            let (pid, mid) = x.to_gnubg_ids();
            prop_assert_eq!(&pid, &h.position_id());
            prop_assert_eq!(&mid, &h.match_id());
            let mut from_ids = Xgid::from_gnubg_ids(&pid, &mid).unwrap();
            from_ids.cube_limit_log2 = x.cube_limit_log2;
            prop_assert_eq!(from_ids, x);
        }
    }

    /// No input makes the readers panic; they answer with a value or a typed error.
    #[test]
    fn readers_never_panic_on_any_text(text in "\\PC{0,300}") {
        let _ = mat::import(&text, Dice::fixed([]));
        let _ = sgf::import(&text, Dice::fixed([]));
        let _ = Xgid::parse(&text);
    }

    /// Damaged exports (a byte changed, or cut anywhere) give a value or a typed error.
    #[test]
    fn damaged_files_give_typed_errors(seed in any::<u64>(), at in any::<prop::sample::Index>(), byte in 32u8..127) {
        let g = random_match(options(Variant::Backgammon, 5, false), seed, 2, 200);
        for text in [mat::export(&g, &MatHeader::default()).unwrap(), sgf::export(&g, &["W".into(), "B".into()]).unwrap()] {
            let i = at.index(text.len());
            let mut bytes = text.clone().into_bytes();
            bytes[i] = byte;
            let changed = String::from_utf8(bytes).unwrap();
            for t in [&changed, &text[..i].to_string()] {
                let _ = mat::import(t, Dice::fixed([]));
                let _ = sgf::import(t, Dice::fixed([]));
            }
        }
        let x = Xgid::from_game(&g).map(|x| x.to_string()).unwrap_or_default();
        if !x.is_empty() {
            let i = at.index(x.len());
            let mut bytes = x.into_bytes();
            bytes[i] = byte;
            let _ = Xgid::parse(&String::from_utf8(bytes).unwrap());
        }
    }
}

/// Applies one recorded action to a game (as a save's replay does), through the public API.
fn replay_one(mut g: Game, a: &Action) -> Game {
    match a {
        Action::OpeningRoll { white, black, .. } => g.set_dice(*white, *black).unwrap(),
        Action::Roll { dice, .. } => g.set_dice(dice[0], dice[1]).unwrap(),
        Action::Play { steps, .. } => g.play_steps(steps).unwrap(),
        Action::Double { .. } => g.double().unwrap(),
        Action::Take { .. } => g.take().unwrap(),
        Action::Pass { .. } => g.pass().unwrap(),
        Action::Resign { kind, .. } => g.resign(*kind).unwrap(),
        Action::AcceptResignation { .. } => g.accept_resignation().unwrap(),
        Action::DeclineResignation { .. } => g.decline_resignation().unwrap(),
        Action::NextGame => g.next_game().unwrap(),
        Action::ChooseDoubles { die, .. } => g.choose_doubles(*die).unwrap(),
    }
    g
}

/// A record's result with its error's problem alone (the format is the one the call reads).
fn problem<T>(r: Result<T, RecordError>) -> Result<T, RecordProblem> {
    r.map_err(|e| e.problem)
}

// ----- .mat: the layout GNU Backgammon writes -----

/// A fixed short game written exactly as gnubg lays a `.mat` file out: `N)` right-aligned in 3,
/// the left cell padded to 28 columns, cube actions indented by one, the result on its own line
/// (6 columns in for the left player, 34 for the right).

#[test]
fn mat_export_writes_gnubg_columns() {
    let o = Options { match_length: 3, ..Options::default() };
    let mut g = Game::with_seed(o, 1);
    g.set_dice(1, 4).unwrap(); // Black opens with 41
    g.play("13/9 24/23").unwrap(); // the steps in the order the engine gives them: 24/23 13/9
    g.double().unwrap(); // White doubles, Black drops
    g.pass().unwrap();
    let header = MatHeader { players: ["charlot1".into(), "charlot2".into()], tags: vec![] };
    let text = mat::export(&g, &header).unwrap();
    let expected = "; [Variation \"Backgammon\"]\n\n 3 point match\n\n Game 1\n charlot1 : 0                   charlot2 : 0\n  1)                             41: 24/23 13/9\n  2)  Doubles => 2                Drops\n      Wins 1 point\n";
    assert_eq!(text, expected);
}

/// The move lines tabla writes for a replayed gnubg file are gnubg's own (trailing spaces
/// aside): same columns, same step order, same hit marks.
#[test]
fn mat_export_of_a_gnubg_match_gives_back_its_move_lines() {
    let original = data("gnubgparser_selfplay_drops_7p.mat");
    // Games 1 and 2, and game 3 up to the resignation on line 49.
    let cut = head(&original, 48);
    let m = mat::import(&cut, Dice::fixed([])).unwrap();
    let ours = mat::export(&m.game, &m.header).unwrap();
    let moves = |t: &str| -> Vec<String> {
        t.lines()
            .filter(|l| {
                l.trim_start().split(')').next().is_some_and(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()))
            })
            // gnubg may write a result in the free cell of a move line; tabla on its own line.
            .map(|l| l.split("Wins").next().unwrap_or("").trim_end().to_string())
            .collect()
    };
    let theirs = moves(&cut);
    assert_eq!(moves(&ours), theirs);
    assert!(theirs.len() > 30, "{}", theirs.len());
}

// ----- files written by other programs -----

/// gnubg's 7-point match (tests/data/backgammon/formats/README.md), imported in full: game 1
/// replays through the engine (24 turns, a double and a take) and ends by charlot1's resignation
/// on line 31 (BG-RESIGN: a single at cube 2), and the three other games follow to the end of the
/// match, each result and score line checked against the replay.
#[test]
fn bg_resign_mat_imports_the_4_game_gnubg_match_in_full() {
    let text = data("gnubgparser_charlot_7p_2305.mat");
    let m = mat::import(&text, Dice::fixed([])).unwrap();
    assert_eq!(m.header.players, ["charlot1".to_string(), "charlot2".to_string()]);
    let g = &m.game;
    assert_eq!(g.options().match_length, 7);
    assert_eq!(g.record().iter().filter(|a| matches!(a, Action::NextGame)).count(), 3);
    assert!(g.match_over());
    assert_eq!(g.phase(), Phase::GameOver);
    let results: Vec<(Player, u32)> = text
        .lines()
        .filter_map(|l| {
            let at = l.find("Wins ")?;
            let n = l[at + 5..].split_whitespace().next()?.parse().ok()?;
            Some((if at >= 20 { Player::Black } else { Player::White }, n))
        })
        .collect();
    assert_eq!(results.len(), 4);
    let mut score = [0, 0];
    for (w, n) in &results {
        score[w.index()] += n;
    }
    assert_eq!(g.score(), score);
    // Game 1 ends by a resignation: the record holds it, by White (charlot1), accepted by Black.
    let first_game: Vec<&Action> = g.record().iter().take_while(|a| !matches!(a, Action::NextGame)).collect();
    let n = first_game.len();
    assert_eq!(first_game[n - 2], &Action::Resign { player: Player::White, kind: OutcomeKind::Single });
    assert_eq!(first_game[n - 1], &Action::AcceptResignation { player: Player::Black });
    // The game at the resignation: every checker borne off in the file is off in the replay.
    let mut h = Game::with_dice(*g.options(), Dice::fixed([]));
    for a in &first_game[..n - 2] {
        h = replay_one(h, a);
    }
    let game1 = head(&text, 30);
    let off = |col: usize| -> u8 {
        game1
            .lines()
            .filter(|l| l.contains(')'))
            .map(|l| {
                let cell = if col == 0 { l.get(5..33).unwrap_or("") } else { l.get(33..).unwrap_or("") };
                cell.matches("/0").count() as u8
            })
            .sum()
    };
    let (_, _, borne, _) = h.white_view();
    assert_eq!(borne, [off(0), off(1)]);
    assert_eq!(borne, [5, 13]);
    // Black doubled on line 10, White took on line 11.
    assert_eq!((h.cube().value, h.cube().owner), (2, Some(Player::White)));
    assert_eq!((h.phase(), h.turn()), (Phase::Roll, Player::White));
    // Written back, gnubg's move lines and results come out as they were.
    let ours = mat::export(g, &m.header).unwrap();
    let lines = |t: &str| -> Vec<String> {
        // tabla adds " and the match" to the last result.
        t.lines()
            .filter(|l| l.contains(')') || l.contains("Wins"))
            .map(|l| l.trim_end().trim_end_matches(" and the match").to_string())
            .collect()
    };
    assert_eq!(lines(&ours), lines(&text));
}

/// gnubg's self-play match with dropped doubles, in full: games 1 and 2 end by drops (on the move
/// line itself, "Drops  Wins 1 point", in game 2), game 3 by a resignation on line 49 (a single
/// at cube 2), and the match goes on to its end; every score line agrees.
#[test]
fn bg_resign_mat_imports_a_gnubg_match_with_drops_and_a_resignation() {
    let text = data("gnubgparser_selfplay_drops_7p.mat");
    let m = mat::import(&text, Dice::fixed([])).unwrap();
    assert!(m.game.match_over());
    let passes = m.game.record().iter().filter(|a| matches!(a, Action::Pass { .. })).count();
    assert!(passes >= 2, "{passes}");
    let resigns: Vec<&Action> = m.game.record().iter().filter(|a| matches!(a, Action::Resign { .. })).collect();
    assert!(resigns.contains(&&Action::Resign { player: Player::White, kind: OutcomeKind::Single }), "{resigns:?}");
    let upto = mat::import(&head(&text, 49), Dice::fixed([])).unwrap();
    assert_eq!(upto.game.score(), [1, 3]);
    let o = upto.game.outcome().unwrap();
    assert_eq!((o.winner, o.kind, o.points), (Player::Black, OutcomeKind::Resignation, 2));
}

/// A player rolls 51, does not move and resigns (BG-RESIGN in phase Move): the game ends there,
/// and export writes the roll with no move, then the result, as gnubg did.
#[test]
fn bg_resign_mat_imports_a_roll_then_resignation() {
    let text = data("gnubgparser_roll_then_resign_1p.mat");
    let m = mat::import(&text, Dice::fixed([])).unwrap();
    let o = m.game.outcome().unwrap();
    assert_eq!(
        (o.winner, o.kind, o.resigned, o.points),
        (Player::White, OutcomeKind::Resignation, Some(OutcomeKind::Single), 1)
    );
    assert!(m.game.match_over());
    let n = m.game.record().len();
    assert!(matches!(m.game.record()[n - 3], Action::Roll { player: Player::Black, dice: [5, 1], .. }));
    let ours = mat::export(&m.game, &m.header).unwrap();
    let lines = |t: &str| -> Vec<String> {
        let game = t.lines().skip_while(|l| !l.contains("Game 1"));
        game.filter(|l| !l.trim().is_empty())
            .map(|l| l.trim_end().trim_end_matches(" and the match").to_string())
            .collect()
    };
    assert_eq!(lines(&ours), lines(&text));
}

/// A resignation in a .mat file by the player who is not to act, or worth points no kind gives,
/// is a typed mismatch naming its line.
#[test]
fn bg_resign_mat_refuses_a_resignation_that_does_not_fit() {
    let text = data("gnubgparser_charlot_7p_2305.mat");
    let cut = head(&text, 30);
    // Black (the right column) is the winner on line 31; the left column would make White win
    // while White is to act.
    for (line, why) in [("      Wins 2 points", "to act"), ("                                  Wins 5 points", "worth")]
    {
        let t = format!("{cut}{line}\n");
        match problem(mat::import(&t, Dice::fixed([]))) {
            Err(RecordProblem::Mismatch { line: 31, reason }) => assert!(reason.contains(why), "{reason}"),
            other => panic!("{other:?}"),
        }
    }
}

/// The SGF of the same gnubg match (an excerpt of game 1, README.md) replays to the same
/// position as the `.mat` file, move for move; gnubg's analysis properties are read past.
#[test]
fn sgf_import_of_a_gnubg_file_agrees_with_its_mat() {
    // The excerpt stops after 10 moves: its root's result, RE[B+2R], is the whole game's.
    let excerpt = data("gnubgparser_charlot_7p_2305_game1_head.sgf");
    assert!(excerpt.contains("RE[B+2R]"));
    match problem(sgf::import(&excerpt, Dice::fixed([]))) {
        Err(RecordProblem::Mismatch { reason, .. }) => assert!(reason.contains("RE[B+2R]"), "{reason}"),
        other => panic!("{other:?}"),
    }
    let s = sgf::import(&excerpt.replace("RE[B+2R]", ""), Dice::fixed([])).unwrap();
    assert_eq!(s.players, ["charlot1".to_string(), "charlot2".to_string()]);
    // RE[B+2R] comes with the root, before the moves: the excerpt stops before the game ends
    // (the resignation is checked when the tree is read to its end, see below).
    // The .mat of the same match, cut after White's 6th move (line 12, left cell).
    let text = data("gnubgparser_charlot_7p_2305.mat");
    let mut cut = head(&text, 11);
    cut.push_str(&text.lines().nth(11).unwrap()[..33]);
    cut.push('\n');
    let m = mat::import(&cut, Dice::fixed([])).unwrap();
    assert_eq!(held(s.game.record()), held(m.game.record()));
    assert_eq!(s.game.position_id(), m.game.position_id());
    assert_eq!(s.game.turn(), Player::Black);
    assert_eq!(s.game.options().match_length, 7);
    let plays = s.game.record().iter().filter(|a| matches!(a, Action::Play { .. })).count();
    assert_eq!(plays, 10);
}

/// The whole 4-game gnubg match through SGF: exported from its `.mat`, game 1's resignation is
/// written as gnubg writes it (`RE[B+2R]`, BG-RESIGN), and the SGF reads back to the same match.
#[test]
fn bg_resign_sgf_writes_and_reads_resignations_as_gnubg() {
    let m = mat::import(&data("gnubgparser_charlot_7p_2305.mat"), Dice::fixed([])).unwrap();
    let text = sgf::export(&m.game, &m.header.players).unwrap();
    let first = text.lines().next().unwrap();
    assert!(first.contains("RE[B+2R]"), "{first}");
    assert_eq!(text.matches("(;FF[4]GM[6]").count(), 4);
    let back = sgf::import(&text, Dice::fixed([])).unwrap();
    assert_same_game(&m.game, &back.game, &text);
    // The roll a player made and did not play before resigning, as a move with no checker.
    let r = mat::import(&data("gnubgparser_roll_then_resign_1p.mat"), Dice::fixed([])).unwrap();
    let text = sgf::export(&r.game, &r.header.players).unwrap();
    assert!(text.contains("RE[W+1R]") && text.trim_end().ends_with(";B[51])"), "{text}");
    assert_same_game(&r.game, &sgf::import(&text, Dice::fixed([])).unwrap().game, &text);
}

// ----- errors -----

fn exported_game() -> (Game, String) {
    let mut g = Game::with_seed(Options::default(), 3);
    g.set_dice(3, 1).unwrap();
    g.play("8/5 6/5").unwrap();
    g.set_dice(6, 4).unwrap();
    g.play("24/18 13/9").unwrap();
    g.set_dice(5, 2).unwrap();
    g.play("13/8 13/11").unwrap();
    let text = mat::export(&g, &MatHeader::default()).unwrap();
    (g, text)
}

#[test]
fn mat_illegal_move_is_an_error_with_its_line() {
    let (_, text) = exported_game();
    let line = text.lines().position(|l| l.contains("52: ")).unwrap() + 1;
    let played = text.lines().nth(line - 1).unwrap().split("52: ").nth(1).unwrap().to_string();
    let bad = text.replace(&format!("52: {played}"), "52: 13/8 13/10");
    match mat::import(&bad, Dice::fixed([])) {
        Err(e @ RecordError { problem: RecordProblem::Illegal { .. }, .. }) => {
            let RecordProblem::Illegal { line: at, ref error, .. } = e.problem else { unreachable!() };
            assert_eq!(at, line);
            assert!(matches!(error, GameError::Notation(_)), "{error:?}");
            assert!(e.to_string().starts_with(&format!("line {line}: '52: 13/8 13/10'")), "{e}");
        }
        other => panic!("{other:?}"),
    }
    // A cube action out of place: White takes a double nobody offered.
    let line2 = text.lines().position(|l| l.starts_with("  2) ")).unwrap() + 1;
    let out_of_turn = text.replace("  2) ", "  2)  Takes\n  3) ");
    match problem(mat::import(&out_of_turn, Dice::fixed([]))) {
        Err(RecordProblem::Illegal { line, .. }) | Err(RecordProblem::Mismatch { line, .. }) => assert_eq!(line, line2),
        other => panic!("{other:?}"),
    }
}

#[test]
fn mat_truncated_file_is_an_error_or_a_shorter_game() {
    let (g, text) = exported_game();
    // Cut inside the last move: the half move does not read.
    let cut = &text[..text.find("13/11").unwrap() + 3];
    let line = cut.lines().count();
    match problem(mat::import(cut, Dice::fixed([]))) {
        Err(RecordProblem::Illegal { line: at, .. }) | Err(RecordProblem::Syntax { line: at, .. }) => {
            assert_eq!(at, line)
        }
        other => panic!("{other:?}"),
    }
    // Cut before any game.
    assert_eq!(mat::import(&text[..20], Dice::fixed([])).unwrap_err().problem, RecordProblem::NoGame);
    // Cut at a line end: the game so far.
    let lines = head(&text, text.lines().count() - 1);
    let m = mat::import(&lines, Dice::fixed([])).unwrap();
    assert_eq!(m.game.record().len() + 2, g.record().len());
}

#[test]
fn mat_results_and_scores_must_agree_with_the_replay() {
    let o = Options { match_length: 3, ..Options::default() };
    let mut g = Game::with_seed(o, 3);
    g.set_dice(3, 1).unwrap();
    g.play("8/5 6/5").unwrap();
    g.double().unwrap();
    g.pass().unwrap();
    g.next_game().unwrap();
    let text = mat::export(&g, &MatHeader::default()).unwrap();
    // Black doubled, White dropped: Black's result, in the right column.
    assert!(text.contains(&format!("{:34}Wins 1 point\n", "")), "{text}");
    let wrong_points = text.replace("Wins 1 point", "Wins 2 points");
    assert!(matches!(problem(mat::import(&wrong_points, Dice::fixed([]))), Err(RecordProblem::Mismatch { .. })));
    let wrong_score = text.replace("Black : 1", "Black : 2");
    assert!(
        matches!(problem(mat::import(&wrong_score, Dice::fixed([]))), Err(RecordProblem::Mismatch { .. })),
        "{wrong_score}"
    );
    let wrong_cube = text.replace("Doubles => 2", "Doubles => 4");
    assert!(matches!(problem(mat::import(&wrong_cube, Dice::fixed([]))), Err(RecordProblem::Mismatch { .. })));
    let beaver = text.replace(" Drops", " Beavers");
    assert!(matches!(problem(mat::import(&beaver, Dice::fixed([]))), Err(RecordProblem::Unsupported { .. })));
    let not_at_zero = text.replacen("White : 0", "White : 1", 1);
    assert!(matches!(problem(mat::import(&not_at_zero, Dice::fixed([]))), Err(RecordProblem::Unsupported { .. })));
}

/// Acey-deucey cannot be written in either format; refused with the reason, not written wrong.
#[test]
fn exports_refuse_what_the_formats_cannot_hold() {
    let mut ad = Game::with_seed(Options::new(Variant::AceyDeucey), 1);
    ad.roll().unwrap();
    let e = mat::export(&ad, &MatHeader::default()).unwrap_err();
    assert!(matches!(&e.problem, RecordProblem::CannotExport { reason } if reason.contains("acey-deucey")), "{e}");
    assert!(matches!(problem(sgf::export(&ad, &["a".into(), "b".into()])), Err(RecordProblem::CannotExport { .. })));
    let table = Game::with_seed(Options::new(Variant::Table), 1);
    let e = sgf::export(&table, &["a".into(), "b".into()]).unwrap_err();
    assert!(e.to_string().contains("table"), "{e}");
    let exact = Options { exact_bear_off: true, ..Options::default() };
    assert!(sgf::export(&Game::with_seed(exact, 1), &["a".into(), "b".into()]).is_err());
    // ... but .mat keeps table and house options in tabla's own tags.
    let mut t = Game::with_seed(Options::new(Variant::Table), 1);
    t.set_dice(6, 6).unwrap();
    t.play("24/18(2) 13/7(2)").unwrap();
    let text = mat::export(&t, &MatHeader::default()).unwrap();
    assert!(text.contains("; [Variation \"Table\"]"), "{text}");
    let back = mat::import(&text, Dice::fixed([])).unwrap().game;
    assert_eq!(back.options(), t.options());
    assert_eq!(back.position_id(), t.position_id());
    let from_position = Game::from_position(Position::start(), Player::Black, Options::default(), Dice::fixed([]));
    assert!(mat::export(&from_position, &MatHeader::default()).is_err());
}

#[test]
fn sgf_errors_name_their_line() {
    let mut g = Game::with_seed(Options::default(), 3);
    g.set_dice(3, 1).unwrap();
    g.play("8/5 6/5").unwrap();
    g.set_dice(6, 4).unwrap();
    g.play("24/18 13/9").unwrap();
    let text = sgf::export(&g, &["W".into(), "B".into()]).unwrap();
    assert!(text.contains("\n;W[31hefe]\n;B[64ag"), "{text}");
    // An illegal move on line 3: Black's 6 played from his 23-point, where he has no checker.
    let bad = text.replace(";B[64ag", ";B[64bh");
    match problem(sgf::import(&bad, Dice::fixed([]))) {
        Err(RecordProblem::Illegal { line: 3, .. }) => {}
        other => panic!("{other:?}"),
    }
    match problem(sgf::import(&text[..text.len() - 3], Dice::fixed([]))) {
        Err(RecordProblem::Syntax { reason, .. }) => assert!(reason.contains("truncated"), "{reason}"),
        other => panic!("{other:?}"),
    }
    let go = text.replace("GM[6]", "GM[1]");
    assert!(matches!(problem(sgf::import(&go, Dice::fixed([]))), Err(RecordProblem::Unsupported { line: 1, .. })));
    assert_eq!(sgf::import("", Dice::fixed([])).unwrap_err().problem, RecordProblem::NoGame);
    let setup = text.replace(";W[31hefe]", ";AE[a:y]AW[a][a]");
    assert!(matches!(problem(sgf::import(&setup, Dice::fixed([]))), Err(RecordProblem::Unsupported { line: 2, .. })));
    let wrong_result = text.replace("PB[B]", "PB[B]RE[W+1]");
    assert!(matches!(problem(sgf::import(&wrong_result, Dice::fixed([]))), Err(RecordProblem::Mismatch { .. })));
}

// ----- XGID -----

/// The opening position of XG's documentation, and its gnubg IDs.
#[test]
fn xgid_opening_position_and_its_gnubg_ids() {
    let x = Xgid::parse("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10").unwrap();
    assert_eq!(x.position_on_roll(), Position::start());
    assert_eq!(x.turn, Player::White);
    assert_eq!((x.cube_value, x.cube_owner, x.dice, x.match_length), (1, None, None, 0));
    assert_eq!(x.to_string(), "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10");
    let g = Game::from_position(Position::start(), Player::White, Options::default(), Dice::fixed([]));
    assert_eq!(x.to_gnubg_ids(), (g.position_id(), g.match_id()));
    assert_eq!(x.to_gnubg_ids().0, "4HPwATDgc/ABMA");
    let back = x.to_game(Options::default(), Dice::fixed([])).unwrap();
    assert_eq!(back.position_id(), "4HPwATDgc/ABMA");
}

/// Positions exported by eXtreme Gammon with its analysis (README.md): the plays XG lists for
/// each are legal in tabla's engine with the XGID's dice, and every XGID writes back the same.
#[test]
fn xgid_positions_exported_by_extreme_gammon() {
    let cases: [(&str, &[&str]); 4] = [
        ("XGID=-----bFCB---bB---c-ccA-bA-:0:0:-1:00:2:4:0:7:10", &[]),
        ("XGID=-aa--CCBCa--ca---a-c-bb-CA:0:0:1:52:0:1:0:5:10", &["Bar/20 8/6", "Bar/18", "Bar/23 6/1*"]),
        ("XGID=-c-BBaCAB----B--Acbcc--AA-:0:0:1:42:1:0:0:5:10", &["13/7", "16/12 7/5*", "13/9 7/5*"]),
        ("XGID=-c-BBaCAB----B--Acbcc--AA-:0:0:1:00:1:0:0:5:10", &[]),
    ];
    for (id, plays) in cases {
        let x = Xgid::parse(id).unwrap();
        assert_eq!(x.to_string(), id);
        let p = x.position_on_roll();
        assert_eq!((p.checkers(false), p.checkers(true)), (15, 15), "{id}");
        let (pid, mid) = x.to_gnubg_ids();
        assert_eq!(Xgid::from_gnubg_ids(&pid, &mid).unwrap(), x, "{id}");
        if let Some([a, b]) = x.dice {
            let mut g = Game::from_position(p, x.turn, Options::default(), Dice::fixed([]));
            g.set_dice(a, b).unwrap();
            for play in plays {
                assert!(g.clone().play(play).is_ok(), "{id}: {play}");
            }
        }
    }
    let top = Xgid::parse(cases[0].0).unwrap();
    assert_eq!((top.turn, top.score, top.match_length), (Player::Black, [2, 4], 7));
    // A game starts at the XGID's score (a set-up, backgammon::setup).
    let g = top.to_game(options(Variant::Backgammon, 7, false), Dice::fixed([])).unwrap();
    assert_eq!((g.turn(), g.score()), (Player::Black, [2, 4]));
    // (the same but for the cube limit, the engine's own 4096)
    let written = Xgid::from_game(&g).unwrap().to_string();
    assert_eq!(written.rsplit_once(':').unwrap().0, cases[0].0.rsplit_once(':').unwrap().0);
    // but not with a double offered
    let offered = Xgid::parse("XGID=-----bFCB---bB---c-ccA-bA-:1:0:-1:D:2:4:0:7:10").unwrap();
    assert!(matches!(
        offered.to_game(options(Variant::Backgammon, 7, false), Dice::fixed([])),
        Err(XgidError::Unsupported(_))
    ));
}

#[test]
fn xgid_errors_are_typed() {
    assert_eq!(Xgid::parse("XGID=-b----E-C").unwrap_err(), XgidError::Fields(1));
    assert!(matches!(Xgid::parse("XGID=-b----E-C---eE---c-e----B:0:0:1:00:0:0:0:0:10"), Err(XgidError::Position(_))));
    assert!(matches!(Xgid::parse("XGID=-b----E-C---eE---c-e----Z-:0:0:1:00:0:0:0:0:10"), Err(XgidError::Position(_))));
    // Sixteen white checkers.
    assert!(matches!(Xgid::parse("XGID=-b----F-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10"), Err(XgidError::Board(_))));
    assert!(matches!(
        Xgid::parse("XGID=-b----E-C---eE---c-e----B-:0:0:2:00:0:0:0:0:10"),
        Err(XgidError::Field("turn", _))
    ));
    assert!(matches!(
        Xgid::parse("XGID=-b----E-C---eE---c-e----B-:0:0:1:70:0:0:0:0:10"),
        Err(XgidError::Field("dice", _))
    ));
    assert!(matches!(
        Xgid::parse("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:7:0:0:5:10"),
        Err(XgidError::Field("score", _))
    ));
    // Doubled and offered: the turn is the doubler's; Jacoby flag in money play.
    let x = Xgid::parse("XGID=-b----E-C---eE---c-e----B-:1:-1:1:D:0:0:1:0:10").unwrap();
    assert!(x.double_offered && x.jacoby);
    assert_eq!((x.cube_value, x.cube_owner), (2, Some(Player::Black)));
    let mut ad = Game::with_seed(Options::new(Variant::AceyDeucey), 1);
    ad.roll().unwrap();
    assert!(matches!(Xgid::from_game(&ad), Err(XgidError::Unsupported(_))));
}

/// `RU[NoCube]` and `RU[Jacoby]` carry the cube option and the Jacoby rule both ways.
#[test]
fn sgf_keeps_cube_off_and_jacoby() {
    for o in [Options { cube: false, ..Options::default() }, Options { jacoby: true, ..Options::default() }] {
        let g = random_match(o, 11, 2, 120);
        let text = sgf::export(&g, &["W".into(), "B".into()]).unwrap();
        assert!(text.contains(if o.cube { "RU[Jacoby]" } else { "RU[NoCube]" }), "{text}");
        let back = sgf::import(&text, Dice::fixed([])).unwrap();
        assert_same_game(&g, &back.game, &text);
    }
}
