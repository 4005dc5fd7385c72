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
