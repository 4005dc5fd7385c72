//! The wasm duel of issue 20 (the `duel` feature; only `scripts/bench-duel-wasm.mjs` builds
//! it): master against the frozen baseline, each game played by the engine as the browser's
//! worker runs it (the same module build, `Date.now` for the clock, an 8 MB table, the shared
//! endgame databases built as play approaches them), through the same duel code as the native
//! `tabla duel-draughts` ([`crate::ai::draughts::duel`]).

use std::cell::RefCell;

use wasm_bindgen::prelude::*;

use super::draughts::{ENGINE_TT_MB, check_time, js_clock};
use super::{JsResult, coded};
use crate::ai::draughts::duel::{self, Contestant, EnginePlayer, Tally};
use crate::ai::draughts::{BaselineEngine, Engine, Level, Limits};

type Player = EnginePlayer<fn() -> f64>;

thread_local! {
    /// Master and the baseline, kept across games (each game clears their tables first).
    static PLAYERS: RefCell<Option<(Player, Player)>> = const { RefCell::new(None) };
}

/// Plays game `(pair, aColor)` of the duel of `seed` (master is A; aColor 0: master moves first
/// from the opening) at `timeMs` a move for both, and returns its record as one JSON line, the
/// form `tabla duel-draughts --out` writes (`a`, `b`, `seed`, `pair`, `a_color`, `a_result`,
/// `plies`, `opening`, `moves`).
#[wasm_bindgen(js_name = duelGame)]
pub fn duel_game(seed: u32, opening_plies: u32, pair: u32, a_color: u32, time_ms: f64) -> JsResult<String> {
    check_time(Some(time_ms))?;
    if a_color > 1 || opening_plies > 10 {
        return Err(coded("bad-argument", "aColor is 0 or 1 and openingPlies at most 10"));
    }
    let book = duel::shuffled_openings(opening_plies, seed as u64);
    let Some(&start) = book.get(pair as usize % book.len().max(1)) else {
        return Err(coded("bad-argument", &format!("no opening of {opening_plies} plies")));
    };
    let limits = Limits { time_ms: Some(time_ms), ..Limits::default() };
    PLAYERS.with(|cell| {
        let mut slot = cell.borrow_mut();
        let (master, baseline) = slot.get_or_insert_with(|| {
            let clock: fn() -> f64 = js_clock;
            let live = Contestant::Live { level: Level::Master, engine: Box::new(Engine::new(ENGINE_TT_MB)) };
            let base = Contestant::Baseline(Box::new(BaselineEngine::new(ENGINE_TT_MB)));
            (EnginePlayer::new(live, limits, None, clock), EnginePlayer::new(base, limits, None, clock))
        });
        master.master = limits;
        baseline.master = limits;
        let game_seed = duel::game_seed(seed as u64, pair as usize, a_color as usize);
        let game = if a_color == 0 {
            duel::play_game(start, [master, baseline], game_seed)
        } else {
            duel::play_game(start, [baseline, master], game_seed)
        };
        let a_result = if a_color == 0 { game.result } else { -game.result };
        let line = serde_json::json!({"a": "master", "b": "baseline", "seed": seed, "pair": pair,
            "a_color": a_color, "a_result": a_result, "plies": game.plies, "opening": start.to_fen(),
            "moves": game.moves.join(" ")});
        Ok(line.to_string())
    })
}

/// The duel's result line from the JSON lines of its games (as `duelGame` returns them):
/// `+W =D -L (A's view), score S%, Elo E ± H (95%: L .. H)`.
#[wasm_bindgen(js_name = duelSummary)]
pub fn duel_summary(lines: &str) -> JsResult<String> {
    let mut tally = Tally::default();
    for (i, line) in lines.lines().filter(|l| !l.trim().is_empty()).enumerate() {
        let v: serde_json::Value =
            serde_json::from_str(line).map_err(|e| coded("bad-argument", &format!("line {}: {e}", i + 1)))?;
        let field = |k: &str| v[k].as_i64().ok_or_else(|| coded("bad-argument", &format!("line {}: no {k}", i + 1)));
        tally.add(field("pair")? as usize, field("a_color")? as usize, field("a_result")? as i32);
    }
    Ok(match tally.summary() {
        Some(s) => format!("{} games: {s}", tally.games()),
        None => "no games".to_string(),
    })
}
