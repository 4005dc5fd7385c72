//! The tactics suite (tests/data/draughts_ai/tactics.txt): at least 30 shots, each solved by a
//! search of at most 300,000 nodes (deterministic; about 0.2 s natively, well under 1 s in wasm).
//! The same suite with a 1 s time limit: `tabla tactics-draughts --time-ms 1000`.

use tabla::ai::draughts::{Engine, Limits, NoClock, SearchRoot};
use tabla::draughts::Position;

const SUITE: &str = include_str!("data/draughts_ai/tactics.txt");
const NODES: u64 = 300_000;

fn suite() -> Vec<(Position, String)> {
    SUITE
        .lines()
        .map(|l| l.split('#').next().unwrap().trim())
        .filter(|l| !l.is_empty())
        .map(|l| {
            let mut it = l.split_whitespace();
            let p = Position::from_fen(it.next().unwrap()).unwrap();
            (p, it.next().unwrap().to_string())
        })
        .collect()
}

#[test]
fn tactics_suite_is_solved() {
    let suite = suite();
    assert!(suite.len() >= 30, "only {} positions", suite.len());
    let mut engine = Engine::new(16);
    let mut missed = Vec::new();
    for (p, want) in &suite {
        let want_mv = p.parse_move(want).unwrap_or_else(|e| panic!("{p:?} {want}: {e}"));
        // A shot: no capture now, and the opponent must capture after it.
        assert!(!p.has_capture(), "{p:?}");
        assert!(p.after(&want_mv).has_capture(), "{p:?} {want} is not a sacrifice");
        engine.clear();
        let r =
            engine.search(&SearchRoot::new(*p), &Limits { nodes: Some(NODES), ..Limits::default() }, &NoClock).unwrap();
        if !r.best.same_move(&want_mv) {
            missed.push(format!("{} want {want}, played {} ({})", p.to_fen(), p.move_text(&r.best), r.score()));
        }
    }
    assert!(missed.is_empty(), "missed {} of {}:\n{}", missed.len(), suite.len(), missed.join("\n"));
}
