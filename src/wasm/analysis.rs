//! Game analysis (issue 16) on both classes: `analysisLength()`, `analyzeTurn(i, opts)` /
//! `analyzeMove(i, opts)` and the static `analysisSummary(tallies)`; thin calls of
//! [`crate::ai::backgammon::analysis`] and [`crate::ai::draughts::analysis`]. One call per
//! decision, so a worker can report progress between them.

use serde::Deserialize;
use wasm_bindgen::prelude::*;

#[cfg(not(tabla_family = "draughts"))]
use super::backgammon::Backgammon;
#[cfg(not(tabla_family = "backgammon"))]
use super::draughts::RussianDraughts;
use super::{JsResult, bad_arg, coded, from_js, options_from_js, to_js, whole};
#[cfg(not(tabla_family = "draughts"))]
use crate::ai::backgammon::MAX_PLY;
#[cfg(not(tabla_family = "draughts"))]
use crate::ai::backgammon::analysis::{self as bg, AnalysisError, AnalysisOptions, Tally};
#[cfg(not(tabla_family = "backgammon"))]
use crate::ai::draughts::Engine;
#[cfg(not(tabla_family = "backgammon"))]
use crate::ai::draughts::analysis::{self as ru, DraughtsAnalysisOptions, DraughtsTally};

/// The TypeScript types of the analysis results.
#[cfg_attr(not(test), allow(dead_code))] // read by the custom section below (wasm)
const TS_TEXT: &str = r#"
/** gnubg's marks by equity lost: doubtful >= 0.04, bad >= 0.08, very bad >= 0.16. */
export type AnalysisMark = 'doubtful' | 'bad' | 'very-bad';
/** gnubg's luck marks: very lucky >= 0.6, lucky >= 0.3, unlucky <= -0.3, very unlucky <= -0.6. */
export type LuckMark = 'very-unlucky' | 'unlucky' | 'lucky' | 'very-lucky';
export interface AnalysisAlternative { notation: string; equity: number; win: number }
export interface PlayAnalysis {
  played: string; best: string; playedEquity: number; bestEquity: number;
  /** best minus played, never negative */
  equityLost: number; mark: AnalysisMark | null;
  /** one legal play or none: not a decision */
  forced: boolean;
  alternatives: AnalysisAlternative[]; ply: number;
}
export interface CubeAnalysis {
  doubled: boolean; response: 'take' | 'pass' | null; advice: CubeAdvice;
  doubleError: number; doubleMark: AnalysisMark | null;
  responseError: number | null; responseMark: AnalysisMark | null;
}
/** What a turn adds to its player's figures; pass the tallies to `Backgammon.analysisSummary`. */
export interface AnalysisTally {
  player: Player | null; decisions: number; equityLost: number; marks: [number, number, number];
  luck: number; response: [number, AnalysisMark | null] | null;
}
export interface TurnAnalysis {
  index: number; game: number; player: Player; dice: [number, number] | null;
  cube: CubeAnalysis | null; luck: { value: number; mark: LuckMark | null } | null;
  play: PlayAnalysis | null;
  /** White's cubeless chance of winning this game after the turn */
  whiteWin: number;
  tally: AnalysisTally;
}
export interface PlayerAnalysisSummary {
  decisions: number; equityLost: number;
  /** thousandths of equity lost per unforced decision (mEMG per decision) */
  errorRate: number; doubtful: number; bad: number; veryBad: number; luck: number;
}
export type DraughtsMark = 'mistake' | 'blunder';
export interface DraughtsMoveAnalysis {
  index: number; color: 'white' | 'black'; played: string; best: string; bestLine: string[];
  /** hundredths of a man for the mover, positional scores within +-1000, a proven win 2000 */
  bestValue: number; playedValue: number; lost: number;
  /** mistake: lost >= 50; blunder: lost >= 100 */
  mark: DraughtsMark | null; missedWin: boolean; forced: boolean;
  /** White's expectation after the move, 1 / (1 + e^(-value/100)) */
  whiteExpectation: number;
}
export interface DraughtsTally { white: boolean; forced: boolean; lost: number; mark: DraughtsMark | null; missedWin: boolean }
export interface DraughtsAnalysisSummary { decisions: number; mistakes: number; blunders: number; missedWins: number; averageLost: number }
"#;

#[wasm_bindgen(typescript_custom_section)]
const TS_TYPES: &'static str = TS_TEXT;

#[cfg(not(tabla_family = "draughts"))]
#[derive(Deserialize, Default)]
#[serde(rename = "AnalyzeTurnOptions", rename_all = "camelCase", deny_unknown_fields)]
struct JsTurnOptions {
    ply: Option<u8>,
}

#[cfg(not(tabla_family = "backgammon"))]
#[derive(Deserialize, Default)]
#[serde(rename = "AnalyzeMoveOptions", rename_all = "camelCase", deny_unknown_fields)]
struct JsMoveOptions {
    nodes: Option<f64>,
}

/// The most nodes a draughts analysis search may take (two per move).
#[cfg(not(tabla_family = "backgammon"))]
const MAX_NODES: f64 = 5_000_000.0;

#[cfg(not(tabla_family = "draughts"))]
fn analysis_error(e: AnalysisError) -> JsValue {
    match e {
        AnalysisError::NoTurn { .. } => bad_arg(&e.to_string()),
        _ => coded("bad-save", &e.to_string()),
    }
}

#[cfg(not(tabla_family = "draughts"))]
#[wasm_bindgen]
impl Backgammon {
    /// How many turns `analyzeTurn` can analyse: the record's plays (and passed doubles).
    #[wasm_bindgen(js_name = analysisLength)]
    pub fn analysis_length(&self) -> JsResult<u32> {
        bg::turn_count(self.game()).map(|n| n as u32).map_err(analysis_error)
    }

    /// Turn `index` of the game analysed: checker play against the best at `ply` (default 1,
    /// the Hint's depth), the cube decision, the roll's luck, White's winning chance after it.
    #[wasm_bindgen(js_name = analyzeTurn, unchecked_return_type = "TurnAnalysis")]
    pub fn analyze_turn(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] index: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "{ ply?: number }")] options: JsValue,
    ) -> JsResult<JsValue> {
        let index = whole(&index, "the turn index", 0, u32::MAX)? as usize;
        let o: JsTurnOptions = options_from_js(options, "bad analyzeTurn options", |_| Ok(()))?;
        if o.ply.is_some_and(|p| p > MAX_PLY) {
            return Err(coded("bad-option", "ply is 0, 1 or 2"));
        }
        let options = AnalysisOptions { ply: o.ply.unwrap_or(bg::HINT_PLY) };
        to_js(&bg::analyze_turn(self.game(), index, &options).map_err(analysis_error)?)
    }

    /// Both players' figures from the `tally` of each analysed turn: `{ white, black }`.
    #[wasm_bindgen(js_name = analysisSummary, unchecked_return_type = "PerPlayer<PlayerAnalysisSummary>")]
    pub fn analysis_summary(
        #[wasm_bindgen(unchecked_param_type = "AnalysisTally[]")] tallies: JsValue,
    ) -> JsResult<JsValue> {
        let tallies: Vec<Tally> =
            from_js(tallies, "tallies are the `tally` fields of analyzeTurn's results", "bad-argument")?;
        let [white, black] = bg::summarize(&tallies);
        to_js(&serde_json::json!({ "white": white, "black": black }))
    }
}

#[cfg(not(tabla_family = "backgammon"))]
#[wasm_bindgen]
impl RussianDraughts {
    /// How many moves `analyzeMove` can analyse: the game's history.
    #[wasm_bindgen(js_name = analysisLength)]
    pub fn analysis_length(&self) -> u32 {
        ru::move_count(self.game()) as u32
    }

    /// Move `index` of the game analysed: the best move and line, the score lost, its mark
    /// (mistake, blunder), a missed win. Deterministic: node-limited searches (`nodes`, default
    /// 60,000 per search).
    #[wasm_bindgen(js_name = analyzeMove, unchecked_return_type = "DraughtsMoveAnalysis")]
    pub fn analyze_move(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] index: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "{ nodes?: number }")] options: JsValue,
    ) -> JsResult<JsValue> {
        let index = whole(&index, "the move index", 0, u32::MAX)? as usize;
        let o: JsMoveOptions = options_from_js(options, "bad analyzeMove options", |_| Ok(()))?;
        let nodes = match o.nodes {
            Some(n) if !(n.fract() == 0.0 && (1.0..=MAX_NODES).contains(&n)) => {
                return Err(coded(
                    "bad-option",
                    &format!("nodes must be a whole number from 1 to {MAX_NODES}, not {n}"),
                ));
            }
            Some(n) => n as u64,
            None => ru::DEFAULT_NODES,
        };
        let mut engine = Engine::new(4);
        let a = ru::analyze_move(&mut engine, self.game(), index, &DraughtsAnalysisOptions { nodes })
            .map_err(|e| bad_arg(&e.to_string()))?;
        to_js(&a)
    }

    /// Both sides' figures from the `tally` of each analysed move: `{ white, black }`.
    #[wasm_bindgen(js_name = analysisSummary, unchecked_return_type = "{ white: DraughtsAnalysisSummary; black: DraughtsAnalysisSummary }")]
    pub fn analysis_summary(
        #[wasm_bindgen(unchecked_param_type = "DraughtsTally[]")] tallies: JsValue,
    ) -> JsResult<JsValue> {
        let tallies: Vec<DraughtsTally> =
            from_js(tallies, "tallies are the `tally` fields of analyzeMove's results", "bad-argument")?;
        let [white, black] = ru::summarize(&tallies);
        to_js(&serde_json::json!({ "white": white, "black": black }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The .d.ts text declares every type the bindings name, and states the engine's thresholds.
    #[test]
    fn typescript_analysis_types_are_declared_with_the_engine_thresholds() {
        for name in [
            "TurnAnalysis",
            "AnalysisTally",
            "PlayerAnalysisSummary",
            "DraughtsMoveAnalysis",
            "DraughtsTally",
            "DraughtsAnalysisSummary",
        ] {
            assert!(TS_TEXT.contains(&format!("export interface {name} ")), "{name}");
        }
        for (word, value) in [("doubtful", bg::DOUBTFUL), ("bad", bg::BAD), ("very bad", bg::VERY_BAD)] {
            assert!(TS_TEXT.contains(&format!("{word} >= {value}")), "{word} >= {value}");
        }
        for (word, value) in [("very lucky", bg::VERY_LUCKY), ("lucky", bg::LUCKY)] {
            assert!(TS_TEXT.contains(&format!("{word} >= {value}")), "{word} >= {value}");
        }
        assert!(TS_TEXT.contains(&format!("mistake: lost >= {}; blunder: lost >= {}", ru::MISTAKE, ru::BLUNDER)));
    }
}
