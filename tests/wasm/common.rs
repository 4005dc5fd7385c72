//! Tests of the bindings that run as wasm, shared by the Node and the browser runs.

use serde_json::{Value, json};
use tabla::DiceSource;
use tabla::wasm::{Backgammon, LinkSession, RussianDraughts};
use wasm_bindgen::JsValue;

/// A JSON value as the plain JS value a user would pass (objects, not `Map`s).
fn js(v: Value) -> JsValue {
    use serde::Serialize;
    v.serialize(&serde_wasm_bindgen::Serializer::json_compatible()).expect("a JSON value converts")
}

fn rs(v: JsValue) -> Value {
    serde_wasm_bindgen::from_value(v).expect("a plain JS value converts")
}

pub fn crypto_dice_cover_all_faces() {
    let mut dice = tabla::Dice::crypto();
    let mut seen = [false; 6];
    for _ in 0..500 {
        seen[dice.die().expect("the platform's random generator works").value() as usize - 1] = true;
    }
    assert!(seen.iter().all(|&s| s));
}

/// Plays a seeded random game of `variant` through the bindings and returns its outcome.
pub fn random_backgammon_game(variant: &str, seed: u32) -> Value {
    let mut g = Backgammon::new(js(json!({ "variant": variant, "seed": seed }))).expect("valid options");
    let mut choice = seed.wrapping_mul(2_654_435_761) | 1;
    let mut next = |n: usize| {
        choice ^= choice << 13;
        choice ^= choice >> 17;
        choice ^= choice << 5;
        choice as usize % n
    };
    for _ in 0..20_000 {
        let state = rs(g.state().unwrap());
        match state["phase"].as_str().unwrap() {
            "game-over" => return rs(g.outcome().unwrap()),
            "opening" | "roll" => drop(g.roll().unwrap()),
            "cube-decision" => g.take().unwrap(),
            "choose-doubles" => g.choose_doubles(JsValue::from_f64((next(6) + 1) as f64)).unwrap(),
            "move" => {
                let plays = rs(g.legal_plays().unwrap());
                let plays = plays.as_array().unwrap();
                if plays.is_empty() {
                    g.confirm().unwrap();
                } else {
                    let play = &plays[next(plays.len())];
                    g.play(js(play["steps"].clone())).unwrap();
                }
            }
            other => panic!("unexpected phase {other}"),
        }
    }
    panic!("the game did not end")
}

pub fn backgammon_games_end_in_wasm() {
    for variant in ["backgammon", "table", "acey-deucey"] {
        for seed in 1..=3 {
            let o = random_backgammon_game(variant, seed);
            assert!(o["points"].as_u64().unwrap() >= 1, "{variant} {seed}: {o}");
        }
    }
}

pub fn bad_input_is_an_error_not_a_panic() {
    assert!(Backgammon::new(js(json!({ "variant": "chess" }))).is_err());
    assert!(Backgammon::from_position_id("????".into(), JsValue::UNDEFINED).is_err());
    let mut g = Backgammon::new(JsValue::UNDEFINED).unwrap();
    assert!(g.set_dice(0.into(), 3.into()).is_err());
    assert!(g.step(24.into(), 18.into()).is_err());
    assert!(RussianDraughts::from_fen("W:Wa2".into(), JsValue::UNDEFINED).is_err());
    let mut d = RussianDraughts::new(JsValue::UNDEFINED).unwrap();
    assert!(d.play("c3-c4".into()).is_err());
    assert!(d.undo().is_err());
}

pub fn draughts_perft_in_wasm() {
    let d = RussianDraughts::new(JsValue::UNDEFINED).unwrap();
    assert_eq!(d.perft(6.into()).unwrap(), 37986.0);
}

/// Issue 15: 600 saves nested 6,000 deep (each once overflowed the wasm stack; a few hundred
/// made every later call trap), then a whole game on the module; strings are not numbers.
pub fn deep_and_coerced_arguments_are_refused_and_the_module_lives() {
    let deep = format!("{{\"format\":\"tabla-backgammon\",\"version\":{}{}}}", "[".repeat(6000), "]".repeat(6000));
    for _ in 0..600 {
        assert!(Backgammon::from_json(JsValue::from_str(&deep)).is_err());
    }
    let mut g = Backgammon::new(js(json!({ "seed": 5 }))).unwrap();
    g.roll().unwrap();
    g.play(js(rs(g.legal_plays().unwrap())[0]["steps"].clone())).unwrap();
    assert!(g.set_dice("3".into(), JsValue::TRUE).is_err());
    assert!(g.set_dice(3.into(), 1.into()).is_ok());
    let o = random_backgammon_game("backgammon", 11);
    assert!(o["points"].as_u64().unwrap() >= 1);
}

/// What an embedded board reads (www/js/embed.js): a game link's game on its own
/// (`LinkSession.read`), a PDN game's comments (`RussianDraughts.pdnComments`); bad text is a
/// coded error, never a panic.
pub fn embed_readers_read_links_and_comments() {
    let mut inviter = LinkSession::invite(js(json!({ "game": "russian-draughts" }))).unwrap();
    let mut g = inviter.draughts().unwrap();
    g.play("c3-d4".into()).unwrap();
    let link = inviter.send_draughts(&g).unwrap();
    // the game object of the link (a RussianDraughts), read without a session
    let read = LinkSession::read(link.into()).unwrap();
    assert!(read.is_object());
    for bad in [JsValue::from_str("not a link"), JsValue::from_f64(3.0), JsValue::UNDEFINED] {
        assert!(LinkSession::read(bad).is_err());
    }
    let comments = rs(RussianDraughts::pdn_comments("{Start} 1. c3-d4 {after one} *".into()).unwrap());
    assert_eq!(comments, json!([[{ "ply": 0, "text": "Start" }, { "ply": 1, "text": "after one" }]]));
    assert!(RussianDraughts::pdn_comments("1. c3-d4 {open".into()).is_err());
    assert!(RussianDraughts::pdn_comments(JsValue::NULL).is_err());
}
