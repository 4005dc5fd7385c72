//! The `tabla perft russian` command.

use std::process::Command;

fn tabla(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_tabla")).args(args).output().expect("run tabla");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn nodes(stdout: &str) -> Vec<u64> {
    stdout
        .lines()
        .filter(|l| l.starts_with("depth"))
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            let i = f.iter().position(|w| *w == "nodes").unwrap();
            f[i + 1].parse().unwrap()
        })
        .collect()
}

#[test]
fn perft_russian_prints_a_line_per_depth() {
    let (ok, out, _) = tabla(&["perft", "russian", "--depth", "5"]);
    assert!(ok);
    assert_eq!(nodes(&out), [7, 49, 302, 1469, 7482]);
    assert!(out.lines().filter(|l| l.starts_with("depth")).all(|l| l.contains(" time ") && l.contains(" nps ")));
}

#[test]
fn perft_russian_paths_and_fen() {
    let (ok, out, _) = tabla(&["perft", "russian", "--depth", "8", "--paths"]);
    assert!(ok);
    assert_eq!(nodes(&out)[7], 929905);
    let (ok, out, _) = tabla(&["perft", "russian", "--depth", "2", "--fen", "B:Wa1,e1,Kd2,f2,b4,b6:BKg1,d8"]);
    assert!(ok);
    assert_eq!(nodes(&out), [3, 29]);
    let (ok, out, _) = tabla(&["perft", "russian", "--depth", "2", "--divide"]);
    assert!(ok, "{out}");
    assert!(out.contains("c3-d4") && out.contains("total 49"), "{out}");
}

#[test]
fn perft_russian_bad_fen_is_an_error() {
    let (ok, _, err) = tabla(&["perft", "russian", "--depth", "2", "--fen", "W:Wa8"]);
    assert!(!ok);
    assert!(err.contains("invalid FEN"), "{err}");
}
