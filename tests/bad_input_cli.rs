//! The command line given bad input as a careless user would (issue 21): every reproduction is a
//! one-line error and a non-zero exit code, within seconds: never a panic (exit 101) or an
//! endless run. `ai-serve` answers a bad line with an `error:` line and keeps serving.

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Longest any of these runs may take.
const CAP: Duration = Duration::from_secs(20);

/// Runs tabla with `args` and `stdin`; (exit code, stdout, stderr). Fails past [`CAP`].
fn tabla(args: &[&str], stdin: &str) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabla"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs tabla");
    let mut input = child.stdin.take().unwrap();
    let text = stdin.to_string();
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(text.as_bytes());
    });
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > CAP {
            child.kill().unwrap();
            panic!("tabla {args:?} ran past {CAP:?}");
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    writer.join().unwrap();
    let out = child.wait_with_output().unwrap();
    let code = out.status.code().unwrap_or(-1);
    (code, String::from_utf8_lossy(&out.stdout).into_owned(), String::from_utf8_lossy(&out.stderr).into_owned())
}

/// A clean refusal: exit code 2, no panic, and the error's first line names the problem.
fn assert_refused(args: &[&str], want: &str) {
    let (code, out, err) = tabla(args, "");
    assert_eq!(code, 2, "tabla {args:?}: {out}{err}");
    assert!(!err.contains("panicked"), "tabla {args:?}: {err}");
    let first = err.lines().next().unwrap_or("");
    assert!(first.contains(want), "tabla {args:?}: {first:?} should say {want:?}");
}

const START: &str = "4HPwATDgc/ABMA";

/// Serves `lines`; (exit code, the answer lines, stderr).
fn serve(lines: &str) -> (i32, Vec<String>, String) {
    let (code, out, err) = tabla(&["ai-serve"], lines);
    assert!(!err.contains("panicked"), "{err}");
    (code, out.lines().map(str::to_string).collect(), err)
}

#[test]
fn ai_serve_answers_eval_without_a_position_with_an_error_line() {
    let (code, out, err) = serve("eval\n");
    assert_eq!(code, 2, "{err}");
    assert_eq!(out, ["error: `eval POSITION_ID [PLY]` has 2 or 3 fields, not 1"]);
    assert_eq!(err.trim(), "tabla: ai-serve: 1 bad line");
}

#[test]
fn ai_serve_answers_a_position_id_alone_or_with_one_die_with_an_error_line() {
    let (code, out, _) = serve(&format!("{START}\n{START} 3\n{START} 3 1 expert extra\n"));
    assert_eq!(code, 2);
    assert_eq!(out.len(), 3, "{out:?}");
    for line in &out {
        assert!(line.starts_with("error: `POSITION_ID D1 D2 [LEVEL]` has 3 or 4 fields"), "{line}");
    }
}

#[test]
fn ai_serve_refuses_dice_outside_1_to_6() {
    for dice in ["0 3", "3 7", "255 255", "-1 2", "x 2"] {
        for level in ["", " pubeval", " advanced"] {
            let (code, out, _) = serve(&format!("{START} {dice}{level}\n"));
            assert_eq!(code, 2);
            assert_eq!(out.len(), 1);
            assert!(out[0].starts_with("error: a die is 1 to 6, not "), "{dice}{level}: {}", out[0]);
        }
    }
}

/// `eval POSITION 9` searched nine plies (about 400 times more work a ply past 2) and never
/// answered; the AI's deepest search is `ai::MAX_PLY` (2).
#[test]
fn ai_serve_refuses_an_eval_deeper_than_the_ai_searches() {
    let (code, out, _) = serve(&format!("eval {START} 9\neval {START} 300\neval {START} -1\n"));
    assert_eq!(code, 2);
    assert_eq!(out.len(), 3);
    for line in &out {
        assert!(line.starts_with("error: the ply is 0 to 2, not "), "{line}");
    }
}

#[test]
fn ai_serve_keeps_serving_after_bad_lines() {
    let lines = format!(
        "eval\nnonsense here\n\n{START} 3 1\neval {START}\n{START} 3 1 grandmaster\neval nope 1\n{START} 6 5 pubeval\n"
    );
    let (code, out, err) = serve(&lines);
    assert_eq!(code, 2);
    assert_eq!(out.len(), 7, "one answer a non-empty line: {out:?}");
    assert!(out[0].starts_with("error:") && out[1].starts_with("error:"));
    assert_eq!(out[2].len(), 14, "a Position ID: {}", out[2]);
    assert_eq!(out[3].split(' ').filter(|p| p.parse::<f32>().is_ok()).count(), 5, "{}", out[3]);
    assert!(out[4].starts_with("error: unknown level 'grandmaster'"), "{}", out[4]);
    assert!(out[5].starts_with("error: position nope"), "{}", out[5]);
    assert_eq!(out[6].len(), 14);
    assert_eq!(err.trim(), "tabla: ai-serve: 4 bad lines");
    // Good lines only: exit code 0.
    let (code, out, _) = serve(&format!("{START} 3 1\neval {START} 1\n"));
    assert_eq!((code, out.len()), (0, 2));
}

#[test]
fn ai_serve_refuses_a_finished_game_to_move_in() {
    // White (on roll) has borne off all 15: nothing to play.
    let (code, out, _) = serve("AAAAAAAAAAAAAA 3 1\n");
    assert_eq!(code, 2);
    assert!(out[0].starts_with("error:"), "{out:?}");
}

#[test]
fn analyze_draughts_refuses_a_transposition_table_beyond_its_cap() {
    // 18446744073709551615 panicked (capacity overflow), 100000000 aborted (out of memory).
    for mb in ["18446744073709551615", "100000000", "4097", "0", "-1"] {
        assert_refused(&["analyze-draughts", &format!("--tt-mb={mb}")], "--tt-mb");
    }
}

/// `--time-ms inf` searched for ever; NaN, zero, negative and over-the-cap times are refused too.
#[test]
fn time_limits_must_be_finite_positive_and_capped() {
    for t in ["inf", "-inf", "NaN", "0", "-5", "600001", "1e400", "soon"] {
        let t = &format!("--time-ms={t}");
        assert_refused(&["analyze-draughts", t], "--time-ms");
        assert_refused(&["bench-draughts", t], "--time-ms");
        assert_refused(&["duel-draughts", "--a", "master", "--b", "master", t], "--time-ms");
        assert_refused(&["tactics-draughts", t], "--time-ms");
    }
}

/// `bench --seconds NaN` measured for ever.
#[test]
fn bench_seconds_must_be_finite_positive_and_capped() {
    for s in ["NaN", "inf", "0", "-1", "601"] {
        let s = &format!("--seconds={s}");
        assert_refused(&["bench", s], "--seconds");
        assert_refused(&["bench-api", s], "--seconds");
    }
}

/// `duel-draughts --opening-plies 1000` generated every position 1000 plies deep.
#[test]
fn duel_draughts_refuses_opening_plies_beyond_its_cap() {
    assert_refused(&["duel-draughts", "--a", "beginner", "--b", "beginner", "--opening-plies", "1000"], "0..=10");
    assert_refused(&["duel-draughts", "--a", "beginner", "--b", "beginner", "--games", "0"], "--games");
    assert_refused(&["duel-draughts", "--a", "beginner", "--b", "beginner", "--threads", "0"], "--threads");
    assert_refused(&["duel-draughts", "--a", "grandmaster", "--b", "beginner"], "--a");
}

#[test]
fn depths_plies_and_counts_are_range_checked() {
    assert_refused(&["analyze-draughts", "--depth", "0"], "--depth");
    assert_refused(&["analyze-draughts", "--depth", "65"], "1..=64");
    assert_refused(&["analyze-draughts", "--nodes", "0"], "--nodes");
    assert_refused(&["perft", "russian", "--depth", "16"], "1..=15");
    assert_refused(&["ai-hint", START, "3-1", "--ply", "3"], "0..=2");
    assert_refused(&["ai-hint", START, "0-1"], "1 to 6");
    assert_refused(&["plays", "--dice", "3-1", "--unentered", "16"], "--unentered");
    assert_refused(&["duel", "--a", "expert", "--games", "0"], "--games");
    assert_refused(&["duel", "--a", "gnubg"], "--a");
    assert_refused(&["duel", "--a", "expert", "--part", "2", "--parts", "2"], "--part must be below --parts");
    assert_refused(&["distill", "--weights", "w", "--dir", "d", "--ply", "3"], "--ply");
    assert_refused(&["train", "--lambda", "1.5"], "--lambda");
    assert_refused(&["train", "--variant", "chess"], "unknown variant");
    assert_refused(&["train", "--mix", "1,1"], "--mix has 2 shares for 1 variants");
    assert_refused(&["train"], "--games 0 trains until stopped and needs --dir");
    assert_refused(&["ai-bench", "--moves", "0"], "--moves");
    assert_refused(&["tune-draughts", "--l2", "NaN"], "--l2");
    assert_refused(&["replay", "--game", "chess", "f"], "--game");
}

/// A search given only a depth stops at the time cap; a short time limit is kept.
#[test]
fn a_search_with_a_short_time_limit_finishes_at_once() {
    let start = Instant::now();
    let (code, out, err) = tabla(&["analyze-draughts", "--depth", "64", "--time-ms", "100"], "");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("best "), "{out}");
    assert!(start.elapsed() < Duration::from_secs(5));
}

#[test]
fn duel_merge_refuses_impossible_part_lines() {
    for line in
        ["part 0/2: pairs NaN sum 1 sumsq 1", "part 0/2: pairs 2 sum 1e9 sumsq 1", "part 0/2: pairs -3 sum 0 sumsq 0"]
    {
        let (code, _, err) = tabla(&["duel-merge", "-"], line);
        assert_eq!(code, 2, "{line}: {err}");
        assert!(err.contains("impossible"), "{err}");
    }
}

#[test]
fn nets_that_cannot_play_are_refused_by_the_commands_that_play() {
    let dir = std::env::temp_dir().join(format!("tabla-bad-net-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // A well-formed net file of the wrong shape (5 inputs), and a cut one.
    let narrow = dir.join("narrow.net");
    std::fs::write(&narrow, tabla::ai::backgammon::Net::random(5, 3, 1).to_bytes()).unwrap();
    let cut = dir.join("cut.net");
    std::fs::write(&cut, b"TBNN").unwrap();
    for (net, want) in [(&narrow, "cannot play"), (&cut, "not a tabla network file")] {
        let net = net.to_str().unwrap();
        let (code, out, err) = tabla(&["ai-serve", "--weights", net], &format!("{START} 3 1\n"));
        assert_eq!(code, 2, "{out}{err}");
        assert!(err.contains(want) && !err.contains("panicked"), "{err}");
        assert_refused(&["duel", "--a", "advanced", "--games", "2", "--a-weights", net], want);
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// `replay` reads a PDN only up to the engine's bound, and refuses a longer one by its size.
#[test]
fn replay_refuses_a_pdn_past_the_engines_byte_bound() {
    let path = std::env::temp_dir().join(format!("tabla-huge-{}.pdn", std::process::id()));
    std::fs::write(&path, " ".repeat(tabla::draughts::MAX_PDN_BYTES + 10)).unwrap();
    assert_refused(&["replay", "--game", "russian", path.to_str().unwrap()], "more than the");
    std::fs::remove_file(&path).ok();
}
