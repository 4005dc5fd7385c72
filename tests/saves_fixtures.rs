//! The committed saves of tests/data/saves (written by the build of 4ae32c1, see generate.mjs there)
//! load in this build to the same position: Position ID, Match ID, phase, score, cube and options
//! for backgammon; FEN, history and outcome for draughts; and the app's localStorage save of each
//! kind. A save that lacks an option key loads with that option's default.

use std::fs;
use std::path::{Path, PathBuf};

use serde_json::Value;
use tabla::backgammon::{Game as BgGame, Player};
use tabla::draughts::{Game as DGame, GameOptions};

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/saves")
}

fn fixtures() -> Vec<(String, Value)> {
    let mut out: Vec<(String, Value)> = fs::read_dir(dir())
        .unwrap()
        .filter_map(|e| {
            let p = e.unwrap().path();
            let name = p.file_name()?.to_str()?.to_string();
            name.ends_with(".expected.json")
                .then(|| (name, serde_json::from_str(&fs::read_to_string(&p).unwrap()).unwrap()))
        })
        .collect();
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

fn text(file: &str) -> String {
    fs::read_to_string(dir().join(file)).unwrap()
}

fn player(p: Player) -> Value {
    Value::String(p.name().to_string())
}

fn check_backgammon(name: &str, g: &BgGame, want: &Value) {
    assert_eq!(g.position_id(), want["positionId"], "{name}: position");
    assert_eq!(g.match_id(), want["matchId"], "{name}: match ID");
    assert_eq!(g.phase().name(), want["phase"], "{name}: phase");
    assert_eq!(player(g.turn()), want["turn"], "{name}: turn");
    let options = serde_json::to_value(g.options()).unwrap();
    assert_eq!(options, want["options"], "{name}: options");
    let score = g.score();
    assert_eq!(score[0], want["match"]["score"]["white"].as_u64().unwrap() as u32, "{name}: score");
    assert_eq!(score[1], want["match"]["score"]["black"].as_u64().unwrap() as u32, "{name}: score");
    assert_eq!(g.cube().value as u64, want["cube"]["value"].as_u64().unwrap(), "{name}: cube");
    let owner = g.cube().owner.map(player).unwrap_or(Value::Null);
    assert_eq!(owner, want["cube"]["owner"], "{name}: cube owner");
    assert_eq!(serde_json::to_value(g.dice_left()).unwrap(), want["diceLeft"], "{name}: dice left");
    assert_eq!(g.outcome().is_some(), !want["outcome"].is_null(), "{name}: outcome");
}

fn check_draughts(name: &str, g: &DGame, want: &Value) {
    assert_eq!(g.fen(), want["fen"], "{name}: FEN");
    let history: Vec<&str> = g.history().iter().map(|p| p.notation.as_str()).collect();
    assert_eq!(serde_json::to_value(history).unwrap(), want["history"], "{name}: history");
    assert_eq!(g.outcome().is_some(), !want["outcome"].is_null(), "{name}: outcome");
}

fn draughts_options(v: &Value) -> GameOptions {
    let d = GameOptions::default();
    GameOptions {
        touch_move: v.get("touchMove").and_then(Value::as_bool).unwrap_or(d.touch_move),
        draw_rules: v.get("drawRules").and_then(Value::as_bool).unwrap_or(d.draw_rules),
    }
}

#[test]
fn every_committed_save_fixture_loads_to_its_expected_state() {
    let all = fixtures();
    assert!(all.len() >= 13, "fixtures missing: {}", all.len());
    for (name, fx) in &all {
        let file = fx["file"].as_str().unwrap();
        let want = &fx["expected"];
        match fx["kind"].as_str().unwrap() {
            "backgammon-save" => {
                let g = BgGame::from_json(&text(file)).unwrap_or_else(|e| panic!("{name}: {e}"));
                check_backgammon(name, &g, want);
            }
            "draughts-pdn" => {
                let g = DGame::from_pdn_with(&text(file), draughts_options(&fx["options"]))
                    .unwrap_or_else(|e| panic!("{name}: {e}"));
                check_draughts(name, &g, want);
            }
            "draughts-fen" => {
                let g = DGame::from_fen(text(file).trim(), draughts_options(&fx["options"]))
                    .unwrap_or_else(|e| panic!("{name}: {e}"));
                check_draughts(name, &g, want);
            }
            "app-save" => {
                let save: Value = serde_json::from_str(&text(file)).unwrap();
                assert_eq!(save["format"], "tabla-save", "{name}");
                if save["game"] == "russian-draughts" {
                    // As www/js/tabla-board.js `_engineFromSave`: the start FEN, then the moves.
                    let d = &save["data"];
                    let mut g =
                        DGame::from_fen(d["fen0"].as_str().unwrap(), draughts_options(&save["options"])).unwrap();
                    for mv in d["moves"].as_array().unwrap() {
                        g.play(mv.as_str().unwrap()).unwrap_or_else(|e| panic!("{name}: {e}"));
                    }
                    check_draughts(name, &g, want);
                } else {
                    let g = BgGame::from_json(&save["data"].to_string()).unwrap_or_else(|e| panic!("{name}: {e}"));
                    check_backgammon(name, &g, want);
                }
            }
            k => panic!("{name}: unknown kind {k}"),
        }
    }
}
