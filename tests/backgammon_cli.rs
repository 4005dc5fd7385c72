//! The command line: `tabla plays`, and the net tools `tabla ensemble`, `tabla average-weights`
//! and `tabla distill`.

use std::process::Command;

fn tabla(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_tabla")).args(args).output().expect("runs tabla");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn plays_prints_one_play_a_line_with_the_resulting_position_id() {
    let (ok, out, _) = tabla(&["plays", "--variant", "backgammon", "--position-id", "4HPwATDgc/ABMA", "--dice", "3-1"]);
    assert!(ok);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 16);
    assert!(lines.contains(&"8/5 6/5 sGfwATDgc/ABMA"), "{out}");
    for l in lines {
        let (_, id) = l.rsplit_once(' ').unwrap();
        assert_eq!(id.len(), 14);
    }
    let (ok, out, _) = tabla(&["plays", "--dice", "6-6"]);
    assert!(ok);
    assert_eq!(out.lines().count(), 11);
}

#[test]
fn plays_reports_bad_input_clearly() {
    let (ok, _, err) = tabla(&["plays", "--dice", "7-1"]);
    assert!(!ok);
    assert!(err.contains("1 to 6"), "{err}");
    let (ok, _, err) = tabla(&["plays", "--dice", "3-1", "--position-id", "nope"]);
    assert!(!ok);
    assert!(err.contains("14 characters"), "{err}");
    let (ok, _, err) = tabla(&["plays", "--dice", "3-1", "--variant", "chess"]);
    assert!(!ok);
    assert!(err.contains("unknown variant"), "{err}");
}

/// `tabla ensemble` joins nets into one, `tabla average-weights` averages them; `tabla distill --teacher` labels with that net and fits
/// the student to it.
#[test]
fn ensemble_and_distill_from_a_teacher() {
    let dir = std::env::temp_dir().join(format!("tabla-cli-ensemble-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let weights = concat!(env!("CARGO_MANIFEST_DIR"), "/src/ai/backgammon/weights/backgammon.net");
    let ens = dir.join("ensemble.net");
    let (ok, out, err) = tabla(&["ensemble", ens.to_str().unwrap(), weights, weights]);
    assert!(ok, "{err}");
    let hidden = |out: &str| -> usize {
        out.split(" nets, ").nth(1).unwrap().split_whitespace().next().unwrap().parse().unwrap()
    };
    assert!(out.contains("the ensemble of 2 nets, "), "{out}");
    let two = hidden(&out);
    let (ok, out, err) = tabla(&["ensemble", dir.join("three.net").to_str().unwrap(), weights, weights, weights]);
    assert!(ok, "{err}");
    assert_eq!(2 * hidden(&out), 3 * two, "an ensemble has its members' hidden units side by side: {out}");
    let (ok, out, err) = tabla(&["average-weights", dir.join("mean.net").to_str().unwrap(), weights, weights]);
    assert!(ok, "{err}");
    assert!(out.contains(&format!("the mean of 2 nets, {} hidden units", two / 2)), "a mean keeps the shape: {out}");
    let (ok, out, err) = tabla(&[
        "distill",
        "--weights",
        weights,
        "--teacher",
        ens.to_str().unwrap(),
        "--dir",
        dir.to_str().unwrap(),
        "--games",
        "4",
        "--ply",
        "0",
        "--threads",
        "1",
        "--epochs",
        "1",
        "--eval-pairs",
        "0",
    ]);
    assert!(ok, "{err}");
    assert!(out.contains("epoch 0"), "{out}");
    assert!(dir.join("backgammon-distilled-0.net").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

/// `tabla distill` keeps its labels in chunk files and refuses a damaged one (naming it) rather
/// than fitting on what is left of it; once the file is removed, the chunk is labelled again.
#[test]
fn distill_refuses_a_damaged_labels_file() {
    let dir = std::env::temp_dir().join(format!("tabla-cli-distill-cache-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let weights = concat!(env!("CARGO_MANIFEST_DIR"), "/src/ai/backgammon/weights/backgammon.net");
    let args = [
        "distill",
        "--weights",
        weights,
        "--dir",
        dir.to_str().unwrap(),
        "--games",
        "2",
        "--ply",
        "0",
        "--threads",
        "1",
        "--epochs",
        "0",
        "--eval-pairs",
        "0",
    ];
    let (ok, first, err) = tabla(&args);
    assert!(ok, "{err}");
    let chunk = dir.join("samples-backgammon-ply0-00000000.bin");
    let bytes = std::fs::read(&chunk).unwrap();
    assert!(bytes.len() > 1, "two games give labelled positions");
    std::fs::write(&chunk, &bytes[..bytes.len() - 1]).unwrap();
    let (ok, _, err) = tabla(&args);
    assert!(!ok, "a truncated labels file is refused");
    assert!(err.contains("samples-backgammon-ply0-00000000.bin") && err.contains("not a whole file"), "{err}");
    std::fs::remove_file(&chunk).unwrap();
    let (ok, again, err) = tabla(&args);
    assert!(ok, "{err}");
    let positions = |out: &str| out.split("positions").next().unwrap().rsplit(' ').nth(1).unwrap().to_string();
    assert_eq!(positions(&again), positions(&first), "the same games give the same labels: {again}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `tabla duel --part K --parts N` plays the pairs i ≡ K (mod N) of the whole duel: the parts'
/// sums add up to the whole duel's points.
#[test]
fn duel_parts_add_up_to_the_whole() {
    let args = ["duel", "--a", "advanced", "--b", "pubeval", "--games", "40", "--seed", "3"];
    let (ok, out, err) = tabla(&args);
    assert!(ok, "{err}");
    let ppg: f64 = out.split("): ").nth(1).unwrap().split_whitespace().next().unwrap().parse().unwrap();
    let mut sum = 0.0;
    let dir = std::env::temp_dir().join(format!("tabla-cli-duel-parts-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut logs = Vec::new();
    for k in ["0", "1", "2"] {
        let (ok, out, err) = tabla(&[&args[..], &["--part", k, "--parts", "3", "--threads", "2"]].concat());
        assert!(ok, "{err}");
        let log = dir.join(format!("part{k}.log"));
        std::fs::write(&log, &out).unwrap();
        logs.push(log.to_str().unwrap().to_owned());
        let line = out.lines().find(|l| l.starts_with(&format!("part {k}/3: pairs "))).expect("part line");
        sum += line.split(" sum ").nth(1).unwrap().split_whitespace().next().unwrap().parse::<f64>().unwrap();
    }
    assert!((sum / 40.0 - ppg).abs() < 0.0005, "{sum} / 40 vs {ppg}");
    // `tabla duel-merge` reads those lines back and prints the whole duel's figure.
    let (ok, out, err) = tabla(&[&["duel-merge"][..], &logs.iter().map(String::as_str).collect::<Vec<_>>()].concat());
    assert!(ok, "{err}");
    assert!(out.contains(&format!("3 parts, 40 games: {ppg:+.3} ± ")), "{out}");
    let (ok, _, err) = tabla(&["duel-merge", concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml")]);
    assert!(!ok && err.contains("no `part K/N"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
    let (ok, _, err) = tabla(&[&args[..], &["--part", "3", "--parts", "3"]].concat());
    assert!(!ok && err.contains("--part must be below --parts"), "{err}");
}

/// `tabla distill --rollouts` reads every directory given, and `--rollouts-weight K` counts each
/// of their labels K times.
#[test]
fn distill_weighs_the_labels_of_several_rollout_jobs() {
    let dir = std::env::temp_dir().join(format!("tabla-cli-distill-rollouts-{}", std::process::id()));
    let (a, b) = (dir.join("a"), dir.join("b"));
    std::fs::create_dir_all(&a).unwrap();
    std::fs::create_dir_all(&b).unwrap();
    let line = |i: u32, id: &str| format!("{i}\tplain\t{id}\t0\t0\t0.6\t0.1\t0.0\t0.1\t0.0\t0.1\t0.01\t72\n");
    std::fs::write(a.join("chunk-000000.tsv"), line(0, "4HPwATDgc/ABMA") + &line(1, "33eAACC2DcyAAw")).unwrap();
    std::fs::write(b.join("chunk-000000.tsv"), line(0, "mJklkgb3AgAAAQ")).unwrap();
    let weights = concat!(env!("CARGO_MANIFEST_DIR"), "/src/ai/backgammon/weights/backgammon.net");
    let fit = |extra: &[&str]| {
        let mut args = vec!["distill", "--weights", weights, "--dir", dir.to_str().unwrap(), "--games", "0"];
        args.extend_from_slice(&["--epochs", "1", "--eval-pairs", "0", "--threads", "1"]);
        args.extend_from_slice(extra);
        tabla(&args)
    };
    let (ok, out, err) = fit(&["--rollouts", a.to_str().unwrap(), "--rollouts", b.to_str().unwrap()]);
    assert!(ok, "{err}");
    assert!(out.contains("fitting 3 samples"), "{out}");
    let (ok, out, err) =
        fit(&["--rollouts", a.to_str().unwrap(), "--rollouts", b.to_str().unwrap(), "--rollouts-weight", "4"]);
    assert!(ok, "{err}");
    assert!(out.contains("2 positions, each counted 4 times") && out.contains("fitting 12 samples"), "{out}");
    assert!(dir.join("backgammon-distilled-0.net").exists());
    let (ok, _, err) = fit(&["--rollouts", a.to_str().unwrap(), "--rollouts-weight", "0"]);
    assert!(!ok && err.contains("--rollouts-weight"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}
