//! `Backgammon`: the JS class over [`crate::backgammon::Game`] (backgammon, table, acey-deucey).

use wasm_bindgen::prelude::*;

use super::{
    JsResult, bad_arg, coded, coded_with, from_js, from_plain, js_err, options_from_js, parse_json, plain,
    seed_from_js, text, to_js, whole,
};
#[cfg(feature = "ai")]
use crate::ai::backgammon::{self as ai, Level, Probabilities};
// `Step` is named only by the computer opponents' bindings (the rules module is built without them)
#[cfg_attr(not(feature = "ai"), allow(unused_imports))]
use crate::backgammon::{
    BoardSetup, Game, OPTION_SPECS, OptionKind, OptionValue, Options, OptionsInput, PlayInfo, Player, Position, Save,
    Step, Variant, format_play,
};
use crate::dice::Dice;

/// `BackgammonSetup` as JS passes it ([`BoardSetup`] with the sides named).
#[derive(serde::Deserialize, serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct JsSetup {
    white: Vec<u8>,
    black: Vec<u8>,
    #[serde(default)]
    unentered: Option<JsPair<u8>>,
    turn: Player,
    #[serde(default)]
    dice: Option<Vec<u8>>,
    #[serde(default)]
    cube: Option<JsCube>,
    #[serde(default)]
    score: Option<JsPair<u32>>,
    #[serde(default)]
    crawford: bool,
}

#[derive(serde::Deserialize, serde::Serialize, Clone, Copy)]
struct JsPair<T> {
    white: T,
    black: T,
}

#[derive(serde::Deserialize, serde::Serialize)]
struct JsCube {
    value: u32,
    owner: Option<Player>,
}

impl JsSetup {
    fn into_setup(self) -> JsResult<BoardSetup> {
        let side = |v: Vec<u8>, name: &str| -> JsResult<[u8; 25]> {
            v.try_into().map_err(|_| bad_arg(&format!("a set-up's '{name}' has 25 counts (points 1-24 and the bar)")))
        };
        let dice = match self.dice.as_deref() {
            None | Some([]) => None,
            Some(&[a, b]) => Some([a, b]),
            Some(_) => return Err(bad_arg("a set-up's 'dice' are two numbers, or empty")),
        };
        let cube = self.cube.unwrap_or(JsCube { value: 1, owner: None });
        let u = self.unentered.unwrap_or(JsPair { white: 0, black: 0 });
        let score = self.score.unwrap_or(JsPair { white: 0, black: 0 });
        Ok(BoardSetup {
            white: side(self.white, "white")?,
            black: side(self.black, "black")?,
            unentered: [u.white, u.black],
            turn: self.turn,
            dice,
            cube_value: cube.value,
            cube_owner: cube.owner,
            score: [score.white, score.black],
            crawford: self.crawford,
        })
    }

    fn from_setup(s: &BoardSetup) -> JsSetup {
        JsSetup {
            white: s.white.to_vec(),
            black: s.black.to_vec(),
            unentered: Some(JsPair { white: s.unentered[0], black: s.unentered[1] }),
            turn: s.turn,
            dice: Some(s.dice.map(|d| d.to_vec()).unwrap_or_default()),
            cube: Some(JsCube { value: s.cube_value, owner: s.cube_owner }),
            score: Some(JsPair { white: s.score[0], black: s.score[1] }),
            crawford: s.crawford,
        }
    }
}

/// The TypeScript types of this class's arguments and results (tests check them against the
/// engine's option table).
#[cfg_attr(not(test), allow(dead_code))] // read by the custom section below (wasm) and the tests
const TS_TEXT: &str = r#"
export type Variant = 'backgammon' | 'table' | 'acey-deucey';
export type Player = 'white' | 'black';
/** Options of a backgammon-family game; each variant has its own defaults (see `Backgammon.defaultOptions`). */
export interface BackgammonOptions {
  /** Default 'backgammon'. */
  variant?: Variant;
  /** Reproducible dice from this seed (0 to 4294967295); absent: cryptographic dice. */
  seed?: number;
  /** 'roll': opening roll (backgammon, acey-deucey); 'white': White starts (table). */
  start?: 'roll' | 'white';
  scoring?: 'standard' | 'table' | 'per-checker';
  /** The doubling cube (default on in backgammon only). */
  cube?: boolean;
  /** Jacoby rule, money play only. */
  jacoby?: boolean;
  /** 0 = money game (default); N = match to N points with the Crawford rule. */
  matchLength?: number;
  /** Acey-deucey house options, off by default. */
  doublesExtraRoll?: boolean;
  enterAllBeforePassing?: boolean;
  exactBearOff?: boolean;
  /** With `fromPositionId` or `fromGnubg`: who is on roll (default 'white'). */
  turn?: Player;
}
/** One option of `Backgammon.optionSpecs()`, the engine's option table. */
export type OptionSpec = ({ kind: 'bool' } | { kind: 'number'; min: number; max: number } | { kind: 'enum'; values: string[] }) & {
  key: keyof BackgammonOptions;
  /** The variants it applies to (another variant refuses a value other than its default). */
  variants: Variant[];
  /** Kept in the game's options and saves (`seed` and `turn` only choose how a game starts). */
  stored: boolean;
  doc: string;
  /** The default in each variant; `null`: absent. */
  defaults: Record<Variant, boolean | number | string | null>;
};
export type BackgammonPhase = 'opening' | 'roll' | 'cube-decision' | 'move' | 'choose-doubles' | 'resignation' | 'game-over';
export type ResignKind = 'single' | 'gammon' | 'backgammon' | 'mars' | 'mars-x4' | 'mars-x8' | 'per-checker';
/** BG-RESIGN: a resignation waiting for the opponent's answer. */
/** `points` = `multiplier` x the cube: `multiplier` is the kind's worth in cubes (after the Jacoby
 * rule), or for `per-checker` the resigner's checkers not borne off. */
export interface ResignOffer { player: Player; kind: ResignKind; points: number; multiplier: number; resume: BackgammonPhase }
/** A line of `moveList()`. `dice`: a play's roll, larger die first (`null` for other lines);
 * `cube`: the value a double offers; `resign`: what a resignation concedes. */
export interface MoveListEntry {
  index: number;
  player: Player;
  kind: 'play' | 'double' | 'take' | 'pass' | 'resign';
  dice: [number, number] | null;
  /** A play's dice as they are played, the larger first, a double four times; [] where `dice` is null. */
  playDice: number[];
  notation: string;
  steps: Step[];
  cube: number | null;
  resign: ResignKind | null;
}
/** One checker moving by one die. Points are the mover's own: 1..24, 25 = bar (or not yet entered), 0 = off. */
export interface Step { from: number; to: number; die: number; hit: boolean }
/** A point one checker can reach now and the steps that take it there (`destinations(from)`). */
export interface Destination { to: number; steps: Step[] }
/** The stable `code` of every error the package throws (`e.code`); `errorCodes()` lists them. */
export type ErrorCode = string;
/** A whole legal play; `positionId` is the position after it with the opponent on roll. */
export interface Play { notation: string; positionId: string; steps: Step[] }
export interface PerPlayer<T> { white: T; black: T }
export interface BackgammonState {
  variant: Variant;
  options: Required<Omit<BackgammonOptions, 'seed' | 'turn'>>;
  /** 24 entries seen from White: index i = White's point i+1; > 0 White's checkers, < 0 Black's. */
  points: number[];
  bar: PerPlayer<number>;
  off: PerPlayer<number>;
  unentered: PerPlayer<number>;
  /** Where each player's next checker entering from 25 comes from: hit checkers on the bar first,
   * then (acey-deucey) those not yet entered; null when he has neither. */
  entersFrom: PerPlayer<'bar' | 'unentered' | null>;
  turn: Player;
  /** The player whose position before his roll `evaluate()` and `rollout()` value; null in the opening and once the game is over. */
  onRoll: Player | null;
  phase: BackgammonPhase;
  /** The current roll ([] before rolling); a double listed twice. */
  dice: number[];
  diceLeft: number[];
  /** The dice of the play as they are played: a double four times; `diceLeft` says which are still to play. */
  playDice: number[];
  openingRoll: PerPlayer<number> | null;
  /** `offeredValue`: while a double waits for take or pass, the value it offers (else null). */
  cube: { value: number; owner: Player | null; offeredBy: Player | null; enabled: boolean; offeredValue: number | null };
  pips: PerPlayer<number>;
  canUndo: boolean;
  canConfirm: boolean;
  canDouble: boolean;
  /** `over`: a player has reached the match length (never in money play). */
  match: { length: number; score: PerPlayer<number>; crawford: boolean; over: boolean };
  lastPlay: { player: Player; dice: number[]; notation: string } | null;
  positionId: string;
  matchId: string;
  resignation: ResignOffer | null;
}
/** Computer levels: beginner, casual, intermediate (0-ply with human-like noise), advanced
 * (0-ply), strong (1-ply lookahead), expert (2-ply lookahead, work bounded to stay well under
 * 300 ms per move in a browser; the default). */
export type BackgammonLevel = 'beginner' | 'casual' | 'intermediate' | 'advanced' | 'strong' | 'expert';
export interface BestPlayOptions { level?: BackgammonLevel; seed?: number }
export interface Probabilities { win: number; winGammon: number; winBackgammon: number; loseGammon: number; loseBackgammon: number }
/** Probabilities and cubeless equity for the player on turn, before he rolls. */
export interface BackgammonEvaluation { probabilities: Probabilities; equity: number; ply: number }
export interface RolloutOptions { trials?: number; ply?: 0 | 1; truncate?: number; seed?: number; maxMs?: number; cubeful?: boolean }
/** A cubeful rollout's equity per unit of the cube at the root: luck-adjusted, and plain. In match
 * play `mwc` is the match winning chances of the side on roll (with `mwcSe`), and the equities are
 * the same chances as gnubg's EMG (+1: winning the cube's value, -1: losing it); null in money play. */
export interface CubefulEstimate { equity: number; se: number; rawEquity: number; rawSe: number; mwc: number | null; mwcSe: number | null }
/** Means and standard errors; `se`: of win, winGammon, winBackgammon, loseGammon, loseBackgammon, equity. */
export interface RolloutEstimate { probabilities: Probabilities; equity: number; se: number[] }
/** `estimate`: luck-adjusted; `raw`: the same trials without the adjustment; `plies`: rolls played in all;
 * `capped`: stopped by `maxMs` before all trials asked for; `cubeAdvice` (cubeful rollouts): the
 * cube decision for the player on roll by the cube model on `estimate`'s probabilities. */
export interface RolloutResult {
  estimate: RolloutEstimate;
  raw: RolloutEstimate;
  trials: number;
  plies: number;
  capped: boolean;
  cubeful: CubefulEstimate | null;
  cubeAdvice: CubeAdvice | null;
}
export interface HintPlay extends Play { probabilities: Probabilities; equity: number; ply: number }
/** Cube advice for the player on turn; `take`: whether his opponent should take a double. */
export interface CubeAdvice { double: boolean; take: boolean; tooGood: boolean; noDouble: number; doubleTake: number; doublePass: number }
/** BG-RESIGN: the resignation the computer would offer (`bestResignation()`). */
export interface ResignAdvice { kind: ResignKind; points: number }
/** BG-RESIGN: the computer's answer to a resignation (`resignationAnswer()`): `offered` and
 * `continuing` are points (money play, cube included) or match winning chances (a match). */
export interface ResignAnswer { accept: boolean; offered: number; continuing: number }
export interface BackgammonOutcome {
  winner: Player;
  kind: ResignKind | 'pass' | 'resignation';
  multiplier: number;
  cube: number;
  points: number;
  /** For kind 'resignation': the kind conceded. */
  resigned?: ResignKind;
}
/** A position set up by hand (`Backgammon.fromSetup`, `setup()`): each side's checkers on his
 * own points (index 0 = his 1-point, 23 = his 24-point, 24 = his bar); the rest are borne off,
 * or in acey-deucey not yet entered (`unentered`). */
export interface BackgammonSetup {
  white: number[];
  black: number[];
  unentered?: PerPlayer<number>;
  turn: Player;
  /** The dice rolled by the player on roll; absent or null: he is to roll. */
  dice?: number[] | null;
  cube?: { value: number; owner: Player | null };
  score?: PerPlayer<number>;
  crawford?: boolean;
}
"#;

#[wasm_bindgen(typescript_custom_section)]
const TS_TYPES: &'static str = TS_TEXT;

/// `BackgammonOptions` as JS passes them: the engine's [`OptionsInput`] resolved (defaults by
/// variant, checks, unknown keys refused by the engine's option table), its `seed` and `turn`.
pub(crate) struct JsOptions {
    pub(crate) options: Options,
    seed: Option<u64>,
    turn: Option<Player>,
}

impl JsOptions {
    fn dice(&self) -> Dice {
        match self.seed {
            Some(s) => Dice::seeded(s),
            None => Dice::crypto(),
        }
    }
}

#[cfg(feature = "ai")]
#[derive(serde::Deserialize, Default)]
#[serde(rename = "BestPlayOptions", rename_all = "camelCase", deny_unknown_fields)]
struct JsAiOptions {
    level: Option<String>,
    seed: Option<f64>,
    ply: Option<u8>,
}

#[cfg(feature = "ai")]
impl JsAiOptions {
    fn parse(options: JsValue, what: &str) -> JsResult<JsAiOptions> {
        let o: JsAiOptions = options_from_js(options, what, |_| Ok(()))?;
        if o.ply.is_some_and(|p| p > 2) {
            return Err(coded("bad-option", "ply is 0, 1 or 2"));
        }
        Ok(o)
    }

    /// The depth of a cube decision: `ply` if given, else the level's
    /// ([`Level::cube_ply`]), else 1.
    fn cube_ply(&self) -> JsResult<u8> {
        match (self.ply, &self.level) {
            (Some(p), _) => Ok(p),
            (None, Some(_)) => Ok(self.level()?.cube_ply()),
            (None, None) => Ok(1),
        }
    }

    fn level(&self) -> JsResult<Level> {
        match &self.level {
            Some(l) => l.parse::<Level>().map_err(|e| coded_with("bad-option", &e, vec![("key", "level".into())])),
            None => Ok(Level::Expert),
        }
    }
}

/// The longest a rollout may run (ms), and its default.
#[cfg(feature = "ai")]
const MAX_ROLLOUT_MS: f64 = 60_000.0;
#[cfg(feature = "ai")]
const ROLLOUT_MS: f64 = 10_000.0;

#[cfg(feature = "ai")]
#[derive(serde::Deserialize, Default)]
#[serde(rename = "RolloutOptions", rename_all = "camelCase", deny_unknown_fields)]
struct JsRolloutOptions {
    trials: Option<u32>,
    ply: Option<u8>,
    truncate: Option<u32>,
    seed: Option<f64>,
    max_ms: Option<f64>,
    cubeful: Option<bool>,
}

#[cfg(feature = "ai")]
#[derive(serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct JsHint {
    // PlayInfo's fields, written out: `#[serde(flatten)]` costs KBs of the .wasm
    notation: String,
    position_id: String,
    steps: Vec<Step>,
    probabilities: Probabilities,
    equity: f32,
    ply: u8,
}

pub(crate) fn parse_options(options: JsValue) -> JsResult<JsOptions> {
    let options = if options.is_undefined() || options.is_null() {
        options
    } else {
        plain(&options, "bad options", "bad-argument")?
    };
    if options.is_object() {
        // Checked here for its own message: a seed is a whole number from 0 to 2^32 - 1.
        let seed = js_sys::Reflect::get(&options, &"seed".into()).unwrap_or(JsValue::UNDEFINED);
        if let Some(x) = seed.as_f64().filter(|x| x.is_finite()) {
            seed_from_js(x)?;
        }
        // And the variant, by the engine's one parser (code bad-option, key variant).
        let variant = js_sys::Reflect::get(&options, &"variant".into()).unwrap_or(JsValue::UNDEFINED);
        if let Some(v) = variant.as_string() {
            v.parse::<Variant>().map_err(js_err)?;
        }
    }
    let input: OptionsInput = options_from_js(options, "bad options", |keys| {
        OptionsInput::check_keys(keys.iter().map(String::as_str)).map_err(js_err)
    })?;
    let options = input.resolve().map_err(js_err)?;
    Ok(JsOptions { options, seed: input.seed.map(u64::from), turn: input.turn })
}

/// The dice of a game read from a file: `{ seed }` or nothing (cryptographic dice).
#[cfg(feature = "formats")]
fn dice_only(options: JsValue) -> JsResult<Dice> {
    #[derive(serde::Deserialize, Default)]
    #[serde(deny_unknown_fields)]
    struct Only {
        seed: Option<f64>,
    }
    let o: Only = options_from_js(options, "bad options", |keys| match keys.iter().find(|k| *k != "seed") {
        Some(k) => Err(coded_with(
            "bad-option",
            &format!("unknown option '{k}' (only 'seed')"),
            vec![("key", k.as_str().into())],
        )),
        None => Ok(()),
    })?;
    Ok(match o.seed.map(seed_from_js).transpose()? {
        Some(s) => Dice::seeded(s),
        None => Dice::crypto(),
    })
}

/// The players' names `[white, black]` for a file (default 'White', 'Black').
#[cfg(feature = "formats")]
fn names(white: JsValue, black: JsValue) -> JsResult<[String; 2]> {
    let one = |v: JsValue, default: &str| -> JsResult<String> {
        if v.is_undefined() || v.is_null() { Ok(default.to_string()) } else { text(&v, "a player's name") }
    };
    Ok([one(white, "White")?, one(black, "Black")?])
}

/// An option's spec as `Backgammon.optionSpecs()` gives it: the engine's [`OptionSpec`] with
/// its default in each variant. The kind's fields are written out (`min`/`max` of a number,
/// `values` of an enum) rather than `#[serde(flatten)]`ed, and the defaults are a list written as
/// a map: serde's flattening and a `BTreeMap` cost several KB of the .wasm for one table.
#[derive(serde::Serialize)]
struct JsOptionSpec {
    key: &'static str,
    kind: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    min: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    max: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    values: Option<&'static [&'static str]>,
    variants: &'static [Variant],
    stored: bool,
    doc: &'static str,
    defaults: Defaults,
}

/// An option's default in each variant, as a JS object keyed by variant name.
struct Defaults(Vec<(&'static str, Option<OptionValue>)>);

impl serde::Serialize for Defaults {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (variant, value) in &self.0 {
            map.serialize_entry(variant, value)?;
        }
        map.end()
    }
}

/// A game (or a match) of backgammon, table or acey-deucey.
///
/// ```js
/// const game = new Backgammon({ variant: 'table', seed: 7 });
/// game.roll();
/// game.play(game.legalPlays()[0].notation);
/// ```
#[wasm_bindgen]
pub struct Backgammon {
    game: Game,
}

#[wasm_bindgen]
impl Backgammon {
    /// A new game with the variant's default rules, changed by `options`.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_optional_param_type = "BackgammonOptions")] options: JsValue,
    ) -> JsResult<Backgammon> {
        let o = parse_options(options)?;
        if o.turn.is_some() {
            return Err(coded_with(
                "bad-option",
                "'turn' is an option of Backgammon.fromPositionId only",
                vec![("key", "turn".into())],
            ));
        }
        Ok(Backgammon { game: Game::with_dice(o.options, o.dice()) })
    }

    /// A variant's default options (every stored option), from the engine's option table.
    #[wasm_bindgen(js_name = defaultOptions, unchecked_return_type = "Required<Omit<BackgammonOptions, 'seed' | 'turn'>>")]
    pub fn default_options(
        #[wasm_bindgen(unchecked_optional_param_type = "Variant")] variant: JsValue,
    ) -> JsResult<JsValue> {
        let variant = match variant.as_string() {
            Some(v) => v.parse::<Variant>().map_err(js_err)?,
            None if variant.is_undefined() || variant.is_null() => Variant::default(),
            None => return Err(bad_arg("a variant is 'backgammon', 'table' or 'acey-deucey'")),
        };
        to_js(&Options::new(variant))
    }

    /// How many checkers each side plays with (15 in every variant): on the board, on the bar,
    /// unentered or borne off, a side's checkers always add up to this. A set-up editor shows the
    /// checkers it has not placed as borne off.
    #[wasm_bindgen(js_name = checkersPerSide)]
    pub fn checkers_per_side() -> u8 {
        crate::backgammon::CHECKERS
    }

    /// Every option: key, kind (`bool`, `number` with `min`/`max`, `enum` with `values`), the
    /// variants it applies to, whether saves store it, a one-line doc and its default in each
    /// variant (`null`: absent by default). The engine's table, as the UI builds its form from it.
    #[wasm_bindgen(js_name = optionSpecs, unchecked_return_type = "OptionSpec[]")]
    pub fn option_specs() -> JsResult<JsValue> {
        let specs: Vec<JsOptionSpec> = OPTION_SPECS
            .iter()
            .map(|s| {
                let (kind, min, max, values) = match s.kind {
                    OptionKind::Bool => ("bool", None, None, None),
                    OptionKind::Number { min, max } => ("number", Some(min), Some(max), None),
                    OptionKind::Enum { values } => ("enum", None, None, Some(values)),
                };
                JsOptionSpec {
                    key: s.key,
                    kind,
                    min,
                    max,
                    values,
                    variants: s.applies.variants(),
                    stored: s.stored,
                    doc: s.doc,
                    defaults: Defaults(Variant::ALL.iter().map(|&v| (v.name(), s.default_for(v))).collect()),
                }
            })
            .collect();
        to_js(&specs)
    }

    /// A game from a gnubg Position ID, with `options.turn` (default White) on roll.
    #[wasm_bindgen(js_name = fromPositionId)]
    pub fn from_position_id(
        #[wasm_bindgen(unchecked_param_type = "string")] id: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "BackgammonOptions")] options: JsValue,
    ) -> JsResult<Backgammon> {
        let id = text(&id, "a Position ID")?;
        let o = parse_options(options)?;
        let position = Position::from_position_id(&id).map_err(js_err)?;
        let game = Game::from_position(position, o.turn.unwrap_or(Player::White), o.options, o.dice());
        Ok(Backgammon { game })
    }

    /// A game from gnubg's `PositionID:MatchID` (or a Position ID alone): the Match ID restores
    /// the player on roll, score, match length, cube value and owner, Crawford, a double offered
    /// and the dice. `options` give the variant and the rules the Match ID does not hold.
    #[wasm_bindgen(js_name = fromGnubg)]
    pub fn from_gnubg(
        #[wasm_bindgen(unchecked_param_type = "string")] id: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "BackgammonOptions")] options: JsValue,
    ) -> JsResult<Backgammon> {
        let text = text(&id, "a gnubg ID")?;
        let o = parse_options(options)?;
        if o.turn.is_some() {
            return Err(coded_with(
                "bad-option",
                "'turn' comes from the Match ID in Backgammon.fromGnubg",
                vec![("key", "turn".into())],
            ));
        }
        let game = Game::from_gnubg(&text, o.options, o.dice()).map_err(js_err)?;
        Ok(Backgammon { game })
    }

    /// A Jellyfish `.mat` file (a match or a money session, as GNU Backgammon, eXtreme Gammon and
    /// BGBlitz write it), replayed through the engine: one object holds the whole match, every
    /// game of the file in its record, at the point where the file ends. `options.seed` gives
    /// the dice for play after that (absent: cryptographic dice); the rules come from the file.
    #[cfg(feature = "formats")]
    #[wasm_bindgen(js_name = fromMat)]
    pub fn from_mat(
        #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "{ seed?: number }")] options: JsValue,
    ) -> JsResult<Backgammon> {
        let text = super::text(&text, "a .mat file")?;
        let dice = dice_only(options)?;
        Ok(Backgammon { game: crate::backgammon::mat::import(&text, dice).map_err(js_err)?.game })
    }

    /// The whole record (every game of the match or session) as a Jellyfish `.mat` file, with
    /// the players' names (default 'White' and 'Black'). Throws `cannot-export` for what the
    /// format cannot hold (acey-deucey, a game from a set-up position).
    #[cfg(feature = "formats")]
    #[wasm_bindgen(js_name = toMat)]
    pub fn to_mat(
        &self,
        #[wasm_bindgen(unchecked_optional_param_type = "string")] white: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "string")] black: JsValue,
    ) -> JsResult<String> {
        let header = crate::backgammon::MatHeader { players: names(white, black)?, tags: Vec::new() };
        crate::backgammon::mat::export(&self.game, &header).map_err(js_err)
    }

    /// A GNU Backgammon `.sgf` file (a game, match or session; the main line of each tree).
    /// `options.seed` as for `fromMat`.
    #[cfg(feature = "formats")]
    #[wasm_bindgen(js_name = fromSgf)]
    pub fn from_sgf(
        #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "{ seed?: number }")] options: JsValue,
    ) -> JsResult<Backgammon> {
        let text = super::text(&text, "an SGF file")?;
        let dice = dice_only(options)?;
        Ok(Backgammon { game: crate::backgammon::sgf::import(&text, dice).map_err(js_err)?.game })
    }

    /// The whole record as GNU Backgammon SGF, one game tree per game (backgammon by the
    /// standard rules only; otherwise `cannot-export`).
    #[cfg(feature = "formats")]
    #[wasm_bindgen(js_name = toSgf)]
    pub fn to_sgf(
        &self,
        #[wasm_bindgen(unchecked_optional_param_type = "string")] white: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "string")] black: JsValue,
    ) -> JsResult<String> {
        crate::backgammon::sgf::export(&self.game, &names(white, black)?).map_err(js_err)
    }

    /// A game at an eXtreme Gammon XGID's position (`XGID=` optional), its player on roll, with
    /// its dice if rolled. `options` give the variant and rules (the match length defaults to
    /// the XGID's). The game starts at the XGID's cube and score, checked as a set-up
    /// (`BoardSetup`: `setup-*` codes); a double offered is refused (`bad-xgid`). In the rules
    /// module too: the position editor's links and the board's XGID diagrams are read on the page.
    #[wasm_bindgen(js_name = fromXgid)]
    pub fn from_xgid(
        #[wasm_bindgen(unchecked_param_type = "string")] xgid: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "BackgammonOptions")] options: JsValue,
    ) -> JsResult<Backgammon> {
        let text = super::text(&xgid, "an XGID")?;
        let mut o = parse_options(options)?;
        if o.turn.is_some() {
            return Err(coded_with("bad-option", "'turn' comes from the XGID", vec![("key", "turn".into())]));
        }
        let x = crate::backgammon::Xgid::parse(&text).map_err(js_err)?;
        if o.options.match_length == 0 {
            o.options.match_length = x.match_length;
        }
        Ok(Backgammon { game: x.to_game(o.options, o.dice()).map_err(js_err)? })
    }

    /// The XGID of the state now (the position at the start of the turn, cube, turn, dice,
    /// score). Throws `cannot-export` where an XGID has no room (acey-deucey checkers not yet
    /// entered).
    pub fn xgid(&self) -> JsResult<String> {
        crate::backgammon::Xgid::from_game(&self.game)
            .map(|x| x.to_string())
            .map_err(|e| coded("cannot-export", &e.to_string()))
    }

    /// A game at a position set up by hand (the position editor), checked by the engine
    /// (`BoardSetup::to_game`): a set-up the rules refuse throws `setup-too-many`,
    /// `setup-shared-point`, `setup-unentered`, `setup-game-over`, `setup-dice`,
    /// `setup-cube-value`, `setup-cube-owner`, `setup-cube-off`, `setup-score` or
    /// `setup-crawford`, with the fields that say where (`player`, `point`, ...). `options` give
    /// the variant, the rules and the match length; `turn` comes from the set-up.
    #[wasm_bindgen(js_name = fromSetup)]
    pub fn from_setup(
        #[wasm_bindgen(unchecked_param_type = "BackgammonSetup")] setup: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "BackgammonOptions")] options: JsValue,
    ) -> JsResult<Backgammon> {
        let s: JsSetup = super::from_js(setup, "a set-up", "bad-argument")?;
        let o = parse_options(options)?;
        if o.turn.is_some() {
            return Err(coded_with("bad-option", "'turn' comes from the set-up", vec![("key", "turn".into())]));
        }
        let setup = s.into_setup()?;
        Ok(Backgammon { game: setup.to_game(o.options, o.dice()).map_err(js_err)? })
    }

    /// The set-up of the game now (the position at the start of the turn, the player on roll,
    /// the dice if rolled, the cube, the score): what `fromSetup` takes.
    #[wasm_bindgen(unchecked_return_type = "BackgammonSetup")]
    pub fn setup(&self) -> JsResult<JsValue> {
        let s = BoardSetup::from_game(&self.game);
        to_js(&JsSetup::from_setup(&s))
    }

    /// A game from the object `toJSON()` gave (or its JSON text). The record is replayed and
    /// checked, so a damaged save is refused with the reason.
    #[wasm_bindgen(js_name = fromJSON)]
    pub fn from_json(#[wasm_bindgen(unchecked_param_type = "string | object")] save: JsValue) -> JsResult<Backgammon> {
        let what = "not a tabla backgammon save";
        let save = match save.as_string() {
            Some(text) => parse_json(&text, what, "bad-save")?,
            None if save.is_object() => plain(&save, what, "bad-argument")?,
            None => save,
        };
        if !save.is_object() {
            return Err(coded("bad-save", "a save is the object toJSON() returned, or its JSON text"));
        }
        // serde-wasm-bindgen asks a nested struct only for the fields it knows: the option keys
        // are checked against the engine's table here, as the native reader does.
        let options = js_sys::Reflect::get(&save, &"options".into()).unwrap_or(JsValue::UNDEFINED);
        if options.is_object() {
            let keys = super::object_keys(&options);
            OptionsInput::check_keys(keys.iter().map(String::as_str)).map_err(js_err)?;
        }
        let save: Save = from_plain(save, what, "bad-save")?;
        Ok(Backgammon { game: Game::from_save(&save).map_err(js_err)? })
    }

    /// The whole game as a plain object (variant, options, dice, record, cube, score); works
    /// with `JSON.stringify`.
    #[wasm_bindgen(js_name = toJSON, unchecked_return_type = "object")]
    pub fn to_json(&self) -> JsResult<JsValue> {
        to_js(&self.game.to_save())
    }

    /// The gnubg Position ID of the position now, from the side on roll.
    #[wasm_bindgen(js_name = positionId)]
    pub fn position_id(&self) -> String {
        self.game.position_id()
    }

    /// gnubg's combined `PositionID:MatchID`, as `Backgammon.fromGnubg` reads it.
    #[wasm_bindgen(js_name = gnubgId)]
    pub fn gnubg_id(&self) -> String {
        self.game.gnubg_id()
    }

    /// The gnubg Match ID (cube, score, dice, whose turn).
    #[wasm_bindgen(js_name = matchId)]
    pub fn match_id(&self) -> String {
        self.game.match_id()
    }

    /// Everything a UI draws.
    #[wasm_bindgen(unchecked_return_type = "BackgammonState")]
    pub fn state(&self) -> JsResult<JsValue> {
        to_js(&self.game.state())
    }

    /// The phase now, `state().phase` without building the rest of the state (a loop that only
    /// asks what to do next crosses the boundary once, for a short string).
    #[wasm_bindgen(unchecked_return_type = "BackgammonPhase")]
    pub fn phase(&self) -> String {
        self.game.phase().name().to_string()
    }

    /// Rolls the dice: the opening roll in phase 'opening' (one die each; ties roll again), else
    /// the turn's two dice.
    #[wasm_bindgen(unchecked_return_type = "number[]")]
    pub fn roll(&mut self) -> JsResult<JsValue> {
        let r = self.game.roll().map_err(js_err)?;
        to_js(&r)
    }

    /// Sets the dice instead of rolling them (analysis, tests, dice rolled at a real table).
    #[wasm_bindgen(js_name = setDice)]
    pub fn set_dice(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] d1: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] d2: JsValue,
    ) -> JsResult<()> {
        let (d1, d2) = (whole(&d1, "a die", 1, 6)?, whole(&d2, "a die", 1, 6)?);
        self.game.set_dice(d1 as u8, d2 as u8).map_err(js_err)
    }

    /// The legal whole plays for the dice, distinct by resulting position.
    #[wasm_bindgen(js_name = legalPlays, unchecked_return_type = "Play[]")]
    pub fn legal_plays(&self) -> JsResult<JsValue> {
        to_js(&self.game.legal_plays())
    }

    /// The single steps that can come next and still lead to a legal whole play.
    #[wasm_bindgen(js_name = legalSteps, unchecked_return_type = "Step[]")]
    pub fn legal_steps(&self) -> JsResult<JsValue> {
        to_js(&self.game.legal_steps())
    }

    /// Moves one checker from `from` to `to` (mover's points; 25 = bar, 0 = off).
    #[wasm_bindgen(unchecked_return_type = "Step")]
    pub fn step(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] from: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] to: JsValue,
    ) -> JsResult<JsValue> {
        let (from, to) =
            (whole(&from, "from (a point, 25 = bar)", 0, 25)?, whole(&to, "to (a point, 0 = off)", 0, 25)?);
        let s = self.game.step(from as u8, to as u8).map_err(js_err)?;
        to_js(&s)
    }

    /// Every point one checker on `from` can reach now with the dice left, with the exact steps
    /// `stepTo(from, to)` makes (the engine's rule: one die if it does; else the shortest chain,
    /// hitting nothing on the way if possible, larger die first; whatever the dice order).
    #[wasm_bindgen(unchecked_return_type = "Destination[]")]
    pub fn destinations(&self, #[wasm_bindgen(unchecked_param_type = "number")] from: JsValue) -> JsResult<JsValue> {
        let from = whole(&from, "from (a point, 25 = bar)", 0, 25)?;
        to_js(&self.game.destinations(from as u8))
    }

    /// Moves one checker from `from` to `to` over one or more dice (a drag), by the path
    /// `destinations(from)` shows; returns the steps made.
    #[wasm_bindgen(js_name = stepTo, unchecked_return_type = "Step[]")]
    pub fn step_to(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] from: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] to: JsValue,
    ) -> JsResult<JsValue> {
        let (from, to) =
            (whole(&from, "from (a point, 25 = bar)", 0, 25)?, whole(&to, "to (a point, 0 = off)", 0, 25)?);
        let steps = self.game.step_to(from as u8, to as u8).map_err(js_err)?;
        to_js(&steps)
    }

    /// Takes back the last step of this turn.
    pub fn undo(&mut self) -> JsResult<()> {
        self.game.undo().map(|_| ()).map_err(js_err)
    }

    /// Ends the turn once the steps form a legal play (or when no move is possible).
    pub fn confirm(&mut self) -> JsResult<()> {
        self.game.confirm().map_err(js_err)
    }

    /// Plays a whole turn, given as text (`24/18 13/11`) or as steps, and ends the turn.
    pub fn play(&mut self, #[wasm_bindgen(unchecked_param_type = "string | Step[]")] play: JsValue) -> JsResult<()> {
        Self::play_on(&mut self.game, &play)
    }

    /// Whether `play` (text or steps, as `play` takes it) is a legal whole play now. Never
    /// throws: anything that `play` would refuse, including an argument of the wrong type, is
    /// `false`.
    #[wasm_bindgen(js_name = isLegal)]
    pub fn is_legal(&self, #[wasm_bindgen(unchecked_param_type = "string | Step[]")] play: JsValue) -> bool {
        self.game.phase() == crate::backgammon::Phase::Move
            && Self::play_on(&mut self.game.without_record(), &play).is_ok()
    }

    /// An independent copy of the game (its record, dice source and state).
    #[wasm_bindgen(js_name = clone)]
    pub fn clone_game(&self) -> Backgammon {
        Backgammon { game: self.game.clone() }
    }

    /// The move list: every play with its roll (larger die first), every double with the cube
    /// it offers, every take, pass and resignation; `index` is the record entries up to the
    /// line (`atRecord(index)` is the position after it).
    #[wasm_bindgen(js_name = moveList, unchecked_return_type = "MoveListEntry[]")]
    pub fn move_list(&self) -> JsResult<JsValue> {
        to_js(&self.game.move_list())
    }

    /// A new game at the position after the first `entries` entries of the record (0: the
    /// start), replayed from the same start and options; its dice come only from `setDice`.
    #[wasm_bindgen(js_name = atRecord)]
    pub fn at_record(&self, #[wasm_bindgen(unchecked_param_type = "number")] entries: JsValue) -> JsResult<Backgammon> {
        let len = u32::try_from(self.game.record().len()).unwrap_or(u32::MAX);
        let n = whole(&entries, "the record entries", 0, len)?;
        Ok(Backgammon { game: self.game.at_record(n as usize).map_err(js_err)? })
    }

    /// Acey-deucey: after the 1 and 2 of a 1-2, the doubles to play (1 to 6).
    #[wasm_bindgen(js_name = chooseDoubles)]
    pub fn choose_doubles(&mut self, #[wasm_bindgen(unchecked_param_type = "number")] n: JsValue) -> JsResult<()> {
        let n = whole(&n, "the doubles to play", 1, 6)?;
        self.game.choose_doubles(n as u8).map_err(js_err)
    }

    /// Offers a double (before rolling).
    pub fn double(&mut self) -> JsResult<()> {
        self.game.double().map_err(js_err)
    }

    /// Takes the offered double.
    pub fn take(&mut self) -> JsResult<()> {
        self.game.take().map_err(js_err)
    }

    /// Passes (declines) the offered double and loses the current stake.
    pub fn pass(&mut self) -> JsResult<()> {
        self.game.pass().map_err(js_err)
    }

    /// BG-RESIGN: the player to act (`resigner()`) offers to resign `kind` (one of
    /// `resignKinds()`); the opponent answers with `acceptResignation()` or
    /// `declineResignation()`. `state().resignation` holds the offer meanwhile. A kind the
    /// game's scoring does not have throws `bad-resignation`; no one to resign, `wrong-phase`.
    pub fn resign(&mut self, #[wasm_bindgen(unchecked_param_type = "ResignKind")] kind: JsValue) -> JsResult<()> {
        let name = text(&kind, "a resignation kind")?;
        let kind = crate::backgammon::OutcomeKind::from_name(&name).ok_or_else(|| {
            bad_arg(&format!("'{name}' is not a resignation kind (single, gammon, backgammon, mars, ...)"))
        })?;
        self.game.resign(kind).map_err(js_err)
    }

    /// BG-RESIGN: the opponent accepts the resignation offered: the game ends (outcome kind
    /// 'resignation', `resigned` the kind conceded).
    #[wasm_bindgen(js_name = acceptResignation)]
    pub fn accept_resignation(&mut self) -> JsResult<()> {
        self.game.accept_resignation().map_err(js_err)
    }

    /// BG-RESIGN: the opponent declines the resignation offered: play goes on where it stopped.
    #[wasm_bindgen(js_name = declineResignation)]
    pub fn decline_resignation(&mut self) -> JsResult<()> {
        self.game.decline_resignation().map_err(js_err)
    }

    /// The kinds of resignation this game's scoring has, smallest first (backgammon: single,
    /// gammon, backgammon; table: single, mars, mars-x4, mars-x8; per checker: per-checker).
    #[wasm_bindgen(js_name = resignKinds, unchecked_return_type = "ResignKind[]")]
    pub fn resign_kinds(&self) -> JsResult<JsValue> {
        to_js(&self.game.resign_kinds())
    }

    /// The player who may resign now (on turn, or answering a double), or `null`.
    #[wasm_bindgen(unchecked_return_type = "Player | null")]
    pub fn resigner(&self) -> JsResult<JsValue> {
        to_js(&self.game.resigner())
    }

    /// What an accepted resignation of `kind` by `resigner()` would give (its points include the
    /// cube and the Jacoby rule).
    #[wasm_bindgen(js_name = resignationOutcome, unchecked_return_type = "BackgammonOutcome")]
    pub fn resignation_outcome(
        &self,
        #[wasm_bindgen(unchecked_param_type = "ResignKind")] kind: JsValue,
    ) -> JsResult<JsValue> {
        let name = text(&kind, "a resignation kind")?;
        let kind = crate::backgammon::OutcomeKind::from_name(&name)
            .ok_or_else(|| bad_arg(&format!("'{name}' is not a resignation kind")))?;
        to_js(&self.game.resignation_outcome(kind).map_err(js_err)?)
    }

    /// The result once the game is over, else `null`.
    #[wasm_bindgen(unchecked_return_type = "BackgammonOutcome | null")]
    pub fn outcome(&self) -> JsResult<JsValue> {
        to_js(&self.game.outcome())
    }

    /// In a match, starts the next game after one ends.
    #[wasm_bindgen(js_name = nextGame)]
    pub fn next_game(&mut self) -> JsResult<()> {
        self.game.next_game().map_err(js_err)
    }
}

impl Backgammon {
    /// Plays `play` (text or steps) on `game`.
    fn play_on(game: &mut Game, play: &JsValue) -> JsResult<()> {
        if let Some(text) = play.as_string() {
            return game.play(&text).map_err(js_err);
        }
        let steps = match super::plain_steps(play) {
            Some(steps) => steps,
            None => {
                from_js(play.clone(), "a play is a text such as '24/18 13/11' or an array of steps", "bad-argument")?
            }
        };
        game.play_steps(&steps).map_err(js_err)
    }

    /// The engine game (for tests).
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The engine game, to change it (for the packed forms of the hot calls, `packed.rs`).
    pub(crate) fn game_mut(&mut self) -> &mut Game {
        &mut self.game
    }

    /// The JS object of an engine game (a game by link: [`super::LinkSession`]).
    #[cfg(feature = "link")]
    pub(crate) fn from_game(game: Game) -> Backgammon {
        Backgammon { game }
    }

    /// A play chosen from the start of the dice, as `legalPlays()` shows it.
    #[cfg_attr(not(feature = "ai"), allow(dead_code))]
    fn play_info(&self, play: &crate::backgammon::Play) -> PlayInfo {
        let start = self.game.turn_start_position();
        PlayInfo {
            notation: format_play(&start, play.steps()),
            position_id: play.result.flip().position_id(),
            steps: play.steps().to_vec(),
        }
    }

    #[cfg_attr(not(feature = "ai"), allow(dead_code))]
    fn phase_error(&self, what: &str) -> JsValue {
        let phase = self.game.phase();
        if phase == crate::backgammon::Phase::GameOver {
            return coded("game-over", &format!("{what}: the game is over"));
        }
        coded_with(
            "wrong-phase",
            &format!("{what}: the game is in the '{phase}' phase"),
            vec![("action", what.into()), ("phase", phase.name().into())],
        )
    }
}

#[cfg(feature = "ai")]
#[wasm_bindgen]
impl Backgammon {
    /// The computer's play for the dice (from the start of the turn; steps already taken are
    /// ignored). It is not played: pass its `steps` to `play`. Levels: beginner … expert.
    #[wasm_bindgen(js_name = bestPlay, unchecked_return_type = "Play")]
    pub fn best_play(
        &self,
        #[wasm_bindgen(unchecked_optional_param_type = "BestPlayOptions")] options: JsValue,
    ) -> JsResult<JsValue> {
        let o = JsAiOptions::parse(options, "bad bestPlay options")?;
        let level = o.level()?;
        let seed = o.seed.map(seed_from_js).transpose()?.unwrap_or(0);
        let c = ai::api::best_play_for_game(&self.game, level, seed)
            .ok_or_else(|| self.phase_error("there is no play to choose"))?;
        to_js(&self.play_info(&c.play))
    }

    /// Every legal play, best first, with its probabilities and equity for the mover, valued at
    /// up to `ply` plies (default 1).
    #[wasm_bindgen(unchecked_return_type = "HintPlay[]")]
    pub fn hint(
        &self,
        #[wasm_bindgen(unchecked_optional_param_type = "{ ply?: number }")] options: JsValue,
    ) -> JsResult<JsValue> {
        let o = JsAiOptions::parse(options, "bad hint options")?;
        let hints = ai::api::hint_for_game(&self.game, o.ply.unwrap_or(1))
            .ok_or_else(|| self.phase_error("there is no play to rank"))?;
        let out: Vec<JsHint> = hints
            .iter()
            .map(|h| {
                let PlayInfo { notation, position_id, steps } = self.play_info(&h.play);
                JsHint { notation, position_id, steps, probabilities: h.probabilities, equity: h.equity, ply: h.ply }
            })
            .collect();
        to_js(&out)
    }

    /// The chances of the player on turn (before his roll), at `ply` plies (default 0).
    #[wasm_bindgen(unchecked_return_type = "BackgammonEvaluation")]
    pub fn evaluate(
        &self,
        #[wasm_bindgen(unchecked_optional_param_type = "{ ply?: number }")] options: JsValue,
    ) -> JsResult<JsValue> {
        let o = JsAiOptions::parse(options, "bad evaluate options")?;
        if self.game.phase() == crate::backgammon::Phase::GameOver {
            return Err(coded("game-over", "the game is over"));
        }
        to_js(&ai::api::evaluate_game(&self.game, o.ply.unwrap_or(0)))
    }

    /// A cubeless rollout of the position `evaluate()` values (the player on turn, before his
    /// roll), both sides played by the net at `ply` 0 or 1: `trials` games (default 1296, at most
    /// 1,000,000) with mirrored dice and luck adjustment, played to the end or stopped after
    /// `truncate` rolls and valued there by the net, from `seed` (default 1: the same result
    /// for the same position). It stops starting trials after `maxMs` (default 10,000, at most
    /// 60,000) and then says `capped`, with the trials it played. Standard errors (`se`) are of
    /// the five probabilities and the equity, in that order. `cubeful: true` (the cube in
    /// play) also plays the game's cube inside the trials and gives `cubeful`: the cubeful
    /// equity per unit of the cube now, and in match play the match winning chances, and
    /// `cubeAdvice`: the cube decision now (as `cubeAction()` gives it) made on the rollout's
    /// probabilities; otherwise both are `null`.
    #[wasm_bindgen(unchecked_return_type = "RolloutResult")]
    pub fn rollout(
        &self,
        #[wasm_bindgen(unchecked_optional_param_type = "RolloutOptions")] options: JsValue,
    ) -> JsResult<JsValue> {
        let o: JsRolloutOptions = options_from_js(options, "bad rollout options", |_| Ok(()))?;
        let max_ms = o.max_ms.unwrap_or(ROLLOUT_MS);
        if !(max_ms.is_finite() && max_ms > 0.0 && max_ms <= MAX_ROLLOUT_MS) {
            return Err(coded(
                "bad-option",
                &format!("maxMs must be more than 0 and at most {MAX_ROLLOUT_MS}, not {max_ms}"),
            ));
        }
        let cube = match o.cubeful {
            Some(true) if !self.game.cube().enabled => {
                return Err(coded("cube-off", "a cubeful rollout: the cube is not in play in this game"));
            }
            Some(true) => Some(ai::api::cube_state(&self.game)),
            _ => None,
        };
        let d = ai::rollout::RolloutConfig::default();
        let cfg = ai::rollout::RolloutConfig {
            trials: o.trials.unwrap_or(d.trials),
            ply: o.ply.unwrap_or(d.ply),
            truncate: o.truncate,
            seed: o.seed.map(seed_from_js).transpose()?.unwrap_or(d.seed),
            cube,
            ..d
        };
        let start = js_sys::Date::now();
        let r = ai::api::rollout_for_game(&self.game, &cfg, &mut || js_sys::Date::now() - start >= max_ms)
            .ok_or_else(|| self.phase_error("there is no position to roll out"))?
            .map_err(|e| coded("bad-option", &format!("bad rollout options: {e}")))?;
        to_js(&r)
    }

    /// Solves the bear-off table now. Otherwise the first race with both sides home solves it,
    /// about a second in wasm, once per module instance. A worker can call this while the
    /// player thinks, so that no later answer waits for it.
    #[wasm_bindgen(js_name = solveBearOff)]
    pub fn solve_bear_off() {
        ai::bearoff::Database::with(|db| db.solve_all());
    }

    /// Acey-deucey, after the 1 and 2 of a 1-2: the doubles the computer would choose.
    #[wasm_bindgen(js_name = bestDoubles)]
    pub fn best_doubles(
        &self,
        #[wasm_bindgen(unchecked_optional_param_type = "BestPlayOptions")] options: JsValue,
    ) -> JsResult<u8> {
        let o = JsAiOptions::parse(options, "bad bestDoubles options")?;
        ai::api::choose_doubles_for_game(&self.game, o.level()?)
            .ok_or_else(|| self.phase_error("there are no doubles to choose"))
    }

    /// Cube advice for the player on turn (double or not; whether the opponent should take),
    /// at `ply` plies, else at the depth of `level`'s cube decisions, else at 1 ply. Throws when
    /// the cube is not in play.
    #[wasm_bindgen(js_name = cubeAction, unchecked_return_type = "CubeAdvice")]
    pub fn cube_action(
        &self,
        #[wasm_bindgen(unchecked_optional_param_type = "{ ply?: number, level?: string }")] options: JsValue,
    ) -> JsResult<JsValue> {
        let o = JsAiOptions::parse(options, "bad cubeAction options")?;
        let advice = ai::api::cube_action_for_game(&self.game, o.cube_ply()?)
            .ok_or_else(|| coded("cube-off", "the cube is not in play in this game"))?;
        to_js(&advice)
    }

    /// BG-RESIGN: whether the player who may resign now should, and what: the largest kind he
    /// cannot do better than losing by the evaluation (at most 1% chance of better; exact in
    /// races the bear-off database settles), or `null` to play on.
    #[wasm_bindgen(js_name = bestResignation, unchecked_return_type = "ResignAdvice | null")]
    pub fn best_resignation(&self) -> JsResult<JsValue> {
        to_js(&ai::resignation_for_game(&self.game))
    }

    /// BG-RESIGN: the computer's answer to the resignation offered (phase 'resignation'): accept
    /// iff the offer is worth at least playing on by the evaluation (points in money play, cube
    /// included; match winning chances in a match).
    #[wasm_bindgen(js_name = resignationAnswer, unchecked_return_type = "ResignAnswer")]
    pub fn resignation_answer(&self) -> JsResult<JsValue> {
        let a = ai::resignation_answer(&self.game).ok_or_else(|| self.phase_error("no resignation is offered"))?;
        to_js(&a)
    }

    /// The computer's answer to a double offered to it: `'take'` or `'pass'` (depth as in
    /// `cubeAction`).
    #[wasm_bindgen(js_name = cubeDecision, unchecked_return_type = "'take' | 'pass'")]
    pub fn cube_decision(
        &self,
        #[wasm_bindgen(unchecked_optional_param_type = "{ ply?: number, level?: string }")] options: JsValue,
    ) -> JsResult<JsValue> {
        if self.game.phase() != crate::backgammon::Phase::CubeDecision {
            return Err(self.phase_error("no double is offered"));
        }
        let o = JsAiOptions::parse(options, "bad cubeDecision options")?;
        let advice = ai::api::cube_action_for_game(&self.game, o.cube_ply()?)
            .ok_or_else(|| coded("cube-off", "the cube is not in play in this game"))?;
        Ok(JsValue::from_str(if advice.take { "take" } else { "pass" }))
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    #[cfg(feature = "ai")]
    #[test]
    fn cube_depth_is_the_ply_else_the_levels_else_one() {
        let o = |level: Option<&str>, ply: Option<u8>| JsAiOptions { level: level.map(String::from), seed: None, ply };
        assert_eq!(o(None, None).cube_ply().ok(), Some(1));
        assert_eq!(o(Some("beginner"), None).cube_ply().ok(), Some(1));
        assert_eq!(o(Some("strong"), None).cube_ply().ok(), Some(1));
        assert_eq!(o(Some("expert"), None).cube_ply().ok(), Some(2));
        assert_eq!(o(Some("expert"), Some(0)).cube_ply().ok(), Some(0));
    }

    /// The `name?: type;` members of `interface NAME { ... }` in TypeScript text.
    pub(crate) fn interface_members(text: &str, name: &str) -> Vec<(String, String)> {
        let start = text.find(&format!("interface {name} {{")).unwrap_or_else(|| panic!("no interface {name}"));
        let body = &text[start..];
        let body = &body[body.find('{').unwrap() + 1..body.find("\n}").unwrap()];
        let mut out = Vec::new();
        for line in body.lines() {
            let code = line.split("//").next().unwrap_or("");
            for member in code.split(';') {
                if let Some((key, ty)) = member.split_once("?:") {
                    out.push((key.trim().to_string(), ty.trim().to_string()));
                }
            }
        }
        out
    }

    fn ts_type(spec: &crate::backgammon::OptionSpec) -> String {
        match spec.kind {
            OptionKind::Bool => "boolean".into(),
            OptionKind::Number { .. } => "number".into(),
            OptionKind::Enum { values } if spec.key == "variant" => {
                assert_eq!(values, Variant::NAMES);
                "Variant".into()
            }
            OptionKind::Enum { values } if values == ["white", "black"] => "Player".into(),
            OptionKind::Enum { values } => values.iter().map(|v| format!("'{v}'")).collect::<Vec<_>>().join(" | "),
        }
    }

    /// The TypeScript `BackgammonOptions` has exactly the engine's option keys, with their types.
    #[test]
    fn typescript_backgammon_options_are_the_engine_option_table() {
        let members = interface_members(TS_TEXT, "BackgammonOptions");
        let want: Vec<(String, String)> = OPTION_SPECS.iter().map(|s| (s.key.to_string(), ts_type(s))).collect();
        let mut a = members.clone();
        let mut b = want.clone();
        a.sort();
        b.sort();
        assert_eq!(a, b);
    }

    /// docs/js-api.md lists exactly the declared option keys.
    #[test]
    fn js_api_doc_lists_exactly_the_declared_options() {
        let doc = include_str!("../../docs/js-api.md");
        let mut keys: Vec<String> = interface_members(doc, "BackgammonOptions").into_iter().map(|m| m.0).collect();
        let mut want: Vec<String> = OPTION_SPECS.iter().map(|s| s.key.to_string()).collect();
        keys.sort();
        want.sort();
        assert_eq!(keys, want, "BackgammonOptions in docs/js-api.md");
        let mut keys: Vec<String> = interface_members(doc, "DraughtsOptions").into_iter().map(|m| m.0).collect();
        let mut want: Vec<String> = crate::draughts::OPTION_SPECS.iter().map(|s| s.key.to_string()).collect();
        keys.sort();
        want.sort();
        assert_eq!(keys, want, "DraughtsOptions in docs/js-api.md");
    }
}
