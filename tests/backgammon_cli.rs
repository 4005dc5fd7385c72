//! The `tabla plays` command line.

use std::process::Command;

fn tabla(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_tabla")).args(args).output().expect("runs tabla");
    (out.status.success(), String::from_utf8_lossy(&out.stdout).into_owned(), String::from_utf8_lossy(&out.stderr).into_owned())
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
