//! The draughts AI commands added for issue 20: the frozen baseline as a duel player and the
//! endgame databases.

use std::process::Command;

fn tabla(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_tabla")).args(args).output().expect("run tabla");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// `--b baseline` plays the frozen engine; the result line carries the Elo and its 95% interval.
#[test]
fn duel_draughts_against_the_baseline() {
    let (ok, out, err) =
        tabla(&["duel-draughts", "--a", "master", "--b", "baseline", "--games", "2", "--master-nodes", "300"]);
    assert!(ok, "{err}");
    assert!(out.contains("master vs baseline: 2 games: +") && out.contains("(95%: "), "{out}");
    let (ok, _, err) = tabla(&["duel-draughts", "--a", "master", "--b", "nobody", "--games", "2"]);
    assert!(!ok);
    assert!(err.contains("or baseline"), "{err}");
}

/// `--paired-with` compares a run with another on the same openings: a fixed-node run replayed
/// matches its first run game for game; an unreadable file is refused before any game.
#[test]
fn duel_draughts_pairs_a_run_with_another() {
    let dir = std::env::temp_dir().join(format!("tabla-paired-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (first, second) = (dir.join("first.jsonl"), dir.join("second.jsonl"));
    let run = |out: &std::path::Path, paired: Option<&std::path::Path>| {
        let out = out.display().to_string();
        let paired = paired.map(|p| p.display().to_string());
        let mut args =
            vec!["duel-draughts", "--a", "master", "--b", "baseline", "--games", "4", "--master-nodes", "300"];
        args.extend_from_slice(&["--out", &out]);
        if let Some(p) = &paired {
            args.extend_from_slice(&["--paired-with", p]);
        }
        tabla(&args)
    };
    let (ok, out, err) = run(&first, None);
    assert!(ok, "{err}");
    assert!(!out.contains("paired with"), "{out}");
    let (ok, out, err) = run(&second, Some(&first));
    assert!(ok, "{err}");
    assert!(
        out.contains("2 opening pairs in both: A's score +0.0000 ± 0.0000 a game against the other run's; the same result in 4 of 4 games"),
        "{out}"
    );
    let missing = dir.join("missing.jsonl");
    let (ok, out, err) = run(&dir.join("third.jsonl"), Some(&missing));
    assert!(!ok && !out.contains("games:"), "{out}");
    assert!(err.contains("--paired-with") && err.contains("missing.jsonl"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

/// `endgame-draughts` prints the size, the time and a position's value with its line.
#[test]
fn endgame_draughts_prints_figures_and_a_value() {
    let (ok, out, err) = tabla(&["endgame-draughts", "--pieces", "2", "--fen", "W:WKa1:Bc3"]);
    assert!(ok, "{err}");
    assert!(
        out.contains("up to 2 pieces: 4 materials, 3488 positions") && out.contains(" bytes, generated in "),
        "{out}"
    );
    assert!(out.contains("value: win in 1 plies") && out.contains("line: a1:d4"), "{out}");
    let (ok, _, err) = tabla(&["endgame-draughts", "--pieces", "5"]);
    assert!(!ok);
    assert!(err.contains("5 is not in 1..=4"), "{err}");
}

/// `--weights` gives the live engine other evaluation weights: all of them, in the order of
/// `eval::FEATURE_NAMES` (what `tune-draughts` prints), once (flat) or twice (a full board's,
/// then the endgame's); a list of another length is refused.
#[test]
fn duel_draughts_takes_weights_of_the_right_length() {
    let d = tabla::ai::draughts::Weights::DEFAULT;
    let list = |v: &[i32]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(",");
    let tapered = format!("{},{}", list(&d.w), list(&d.e));
    for (weights, extra) in [(tapered, &["--aspiration", "30", "--history-malus", "1"][..]), (list(&d.w), &[][..])] {
        let arg = format!("--weights={weights}");
        let mut args =
            vec!["duel-draughts", "--a", "master", "--b", "baseline", "--games", "2", "--master-nodes", "300", &arg];
        args.extend_from_slice(extra);
        let (ok, out, err) = tabla(&args);
        assert!(ok, "{err}");
        assert!(out.contains("master vs baseline: 2 games: +"), "{out}");
    }
    let (ok, _, err) = tabla(&["duel-draughts", "--a", "master", "--b", "baseline", "--weights=100,280,3"]);
    assert!(!ok);
    assert!(err.contains("3 weights, 56 (the same at every number of pieces) or 112 expected"), "{err}");
}
