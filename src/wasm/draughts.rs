//! `RussianDraughts`: the JS class over [`crate::draughts::Game`].

#[cfg(feature = "ai")]
use serde::Deserialize;
use serde::Serialize;
use wasm_bindgen::prelude::*;

#[cfg(feature = "ai")]
use super::coded_with;
use super::packed::Listed;
#[cfg(feature = "ai")]
use super::seed_from_js;
use super::{JsResult, bad_arg, coded, js_err, options_from_js, text, to_js, whole};
#[cfg(feature = "ai")]
use crate::ai::draughts::{Engine, Level, Limits, Score, SearchResult, SearchRoot};
use crate::draughts::{Game, GameOptions, Move, OPTION_SPECS, Outcome, Position, Save, Square};

/// The TypeScript types of this class's arguments and results (tests check them against the
/// engine's option table).
#[cfg_attr(not(test), allow(dead_code))] // read by the custom section below (wasm) and the tests
const TS_TEXT: &str = r#"
export interface DraughtsOptions {
  /** RU-TOUCH-MOVE: a picked-up piece with a legal move must be moved, and a move made cannot be taken back (default false). */
  touchMove?: boolean;
  /** The automatic draws, those of `DrawReason` but 'agreement' (default true). */
  drawRules?: boolean;
}
/** One option of `RussianDraughts.optionSpecs()`. */
export interface DraughtsOptionSpec { key: keyof DraughtsOptions; kind: 'bool'; doc: string; default: boolean }
export interface DraughtsMove {
  /** 'c3-d4', 'c3:e5'; intermediate squares ('c3:e5:g7') only when needed to tell moves apart. */
  notation: string;
  from: string;
  to: string;
  /** Every square visited, from the first to the last. */
  path: string[];
  /** The captured pieces' squares, in capture order. */
  captured: string[];
  promotes: boolean;
}
/** A comment of a PDN game (`RussianDraughts.pdnComments`), after `ply` plies (0: before the first move). */
export interface PdnComment { ply: number; text: string }
export interface DraughtsPiece { square: string; color: 'white' | 'black'; king: boolean }
/** A position set up by hand (`RussianDraughts.fromSetup`); a state's `pieces` and `turn` are one. */
export interface DraughtsSetup { pieces: DraughtsPiece[]; turn: 'white' | 'black' }
export type DrawReason = 'repetition' | 'three-kings-vs-king' | 'kings-only-15' | 'thirty-sixty' | 'five-moves' | 'agreement';
export interface DraughtsOutcome {
  result: 'white' | 'black' | 'draw';
  /** 'recorded': a result read from a PDN file (a resignation, a loss on time); 'resignation': `resign(side)`. */
  reason: 'no-pieces' | 'no-moves' | 'recorded' | 'resignation' | DrawReason;
}
export interface DraughtsState {
  pieces: DraughtsPiece[];
  turn: 'white' | 'black';
  /** The moves played, in notation. */
  history: string[];
  lastMove: DraughtsMove | null;
  outcome: DraughtsOutcome | null;
  fen: string;
  /** The piece picked up under the touch-move rule, if any. */
  touched: string | null;
  /** Whether `undo()` is allowed now (something to take back, and touch-move does not forbid it). */
  canUndo: boolean;
}
export type DraughtsLevel = 'beginner' | 'easy' | 'medium' | 'hard' | 'master';
export interface BestMoveOptions {
  /** Default 'medium'. */
  level?: DraughtsLevel;
  /** Overrides the level's time budget, in milliseconds. */
  timeMs?: number;
  /** Varies the lower levels' mistakes; the same seed gives the same move. */
  seed?: number;
}
export interface AnalyzeOptions { depth?: number; timeMs?: number }
export interface BuildEndgamesOptions {
  /** How long to build for, in milliseconds (default 200, at most 60000). */
  timeMs?: number;
}
/** `centi`: hundredths of a man for the side to move; or a win/loss in so many plies. */
export type DraughtsScore = { centi: number } | { winIn: number } | { lossIn: number };
export interface DraughtsAnalysis {
  best: DraughtsMove;
  score: DraughtsScore;
  depth: number;
  nodes: number;
  /** The principal variation, in notation, starting with the best move. */
  pv: string[];
  timeMs: number;
}
"#;

#[wasm_bindgen(typescript_custom_section)]
const TS_TYPES: &'static str = TS_TEXT;

#[cfg(feature = "ai")]
#[derive(Deserialize, Default)]
#[serde(rename = "BestMoveOptions", rename_all = "camelCase", deny_unknown_fields)]
struct JsBestMoveOptions {
    level: Option<String>,
    time_ms: Option<f64>,
    seed: Option<f64>,
}

#[cfg(feature = "ai")]
#[derive(Deserialize, Default)]
#[serde(rename = "BuildEndgamesOptions", rename_all = "camelCase", deny_unknown_fields)]
struct JsBuildEndgamesOptions {
    time_ms: Option<f64>,
}

#[cfg(feature = "ai")]
#[derive(Deserialize, Default)]
#[serde(rename = "AnalyzeOptions", rename_all = "camelCase", deny_unknown_fields)]
struct JsAnalyzeOptions {
    depth: Option<u32>,
    time_ms: Option<f64>,
}

#[cfg(feature = "ai")]
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
enum JsScore {
    Centi(i32),
    WinIn(u32),
    LossIn(u32),
}

#[cfg(feature = "ai")]
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct JsAnalysis {
    best: JsMove,
    score: JsScore,
    depth: u32,
    nodes: u64,
    pv: Vec<String>,
    time_ms: f64,
}

#[cfg(feature = "ai")]
/// The transposition table of the computer opponent, in MB (wasm memory grows by this once).
pub(crate) const ENGINE_TT_MB: usize = 8;
#[cfg(feature = "ai")]
/// The longest search the bindings accept (a tab that thinks for minutes looks dead).
const MAX_TIME_MS: f64 = 60_000.0;
#[cfg(feature = "ai")]
/// Analysis without limits thinks this long.
const DEFAULT_ANALYSIS_MS: f64 = 1_000.0;
#[cfg(feature = "ai")]
/// `buildEndgames()` without `timeMs`: short enough not to hold up a request behind it.
const DEFAULT_ENDGAME_BUILD_MS: f64 = 200.0;
#[cfg(feature = "ai")]
/// Analysis to a depth without `timeMs` stops after this long whatever the depth (depth 20 from
/// the start takes minutes): every search of the bindings has a time cap.
const DEPTH_ANALYSIS_MS: f64 = 10_000.0;
#[cfg(feature = "ai")]
/// The deepest analysis accepted.
const MAX_DEPTH: u32 = 64;

#[cfg(feature = "ai")]
/// Milliseconds from the JS clock (`Date.now`, in browsers, workers and Node alike).
pub(crate) fn js_clock() -> f64 {
    js_sys::Date::now()
}

#[cfg(feature = "ai")]
pub(crate) fn check_time(time_ms: Option<f64>) -> JsResult<Option<f64>> {
    match time_ms {
        Some(t) if !(t.is_finite() && t > 0.0 && t <= MAX_TIME_MS) => {
            Err(coded("bad-option", &format!("timeMs must be more than 0 and at most {MAX_TIME_MS}, not {t}")))
        }
        t => Ok(t),
    }
}

/// `DraughtsOptions`: the engine's [`GameOptions`] (missing keys default, unknown keys refused
/// by the engine's option table).
pub(crate) fn parse_options(options: JsValue) -> JsResult<GameOptions> {
    options_from_js(options, "bad options", |keys| {
        GameOptions::check_keys(keys.iter().map(String::as_str)).map_err(js_err)
    })
}

/// An option as `RussianDraughts.optionSpecs()` gives it.
#[derive(Serialize)]
struct JsOptionSpec {
    key: &'static str,
    kind: &'static str,
    doc: &'static str,
    default: bool,
}

#[derive(Serialize)]
struct JsMove {
    notation: String,
    from: String,
    to: String,
    path: Vec<String>,
    captured: Vec<String>,
    promotes: bool,
}

impl JsMove {
    fn new(mv: &Move, notation: String) -> JsMove {
        JsMove {
            notation,
            from: mv.from().to_string(),
            to: mv.to().to_string(),
            path: mv.path().map(|s| s.to_string()).collect(),
            captured: mv.captures().map(|s| s.to_string()).collect(),
            promotes: mv.promotes(),
        }
    }
}

thread_local! {
    /// The 32 square names and the keys of a move as JS strings, made once per module instance:
    /// a move list otherwise decodes a fresh JS string for every square of every move.
    static MOVE_STRINGS: (Vec<JsValue>, [JsValue; 6]) = (
        Square::ALL.iter().map(|s| JsValue::from_str(&s.to_string())).collect(),
        ["notation", "from", "to", "path", "captured", "promotes"].map(JsValue::from_str),
    );
}

/// Legal moves as JS objects, the shape of [`JsMove`] (the same keys in the same order; the tests
/// compare them with the moves `play` returns through serde), built with the cached strings: the
/// list a game loop asks for at every move.
fn js_moves(moves: &[(Move, String)]) -> JsValue {
    MOVE_STRINGS.with(|(squares, keys)| {
        let square = |s: Square| &squares[s.index()];
        let squares_of = |it: &mut dyn Iterator<Item = Square>| {
            let a = js_sys::Array::new();
            for s in it {
                a.push(square(s));
            }
            a
        };
        let out = js_sys::Array::new();
        for (mv, notation) in moves {
            let o = js_sys::Object::new();
            // properties of a fresh plain object: setting them cannot fail
            let _ = js_sys::Reflect::set(&o, &keys[0], &JsValue::from_str(notation));
            let _ = js_sys::Reflect::set(&o, &keys[1], square(mv.from()));
            let _ = js_sys::Reflect::set(&o, &keys[2], square(mv.to()));
            let _ = js_sys::Reflect::set(&o, &keys[3], &squares_of(&mut mv.path()));
            let _ = js_sys::Reflect::set(&o, &keys[4], &squares_of(&mut mv.captures()));
            let _ = js_sys::Reflect::set(&o, &keys[5], &JsValue::from_bool(mv.promotes()));
            out.push(&o);
        }
        out.into()
    })
}

#[derive(Serialize)]
struct JsPiece {
    square: String,
    color: &'static str,
    king: bool,
}

#[derive(Serialize)]
struct JsOutcome {
    result: &'static str,
    reason: &'static str,
}

impl From<Outcome> for JsOutcome {
    fn from(o: Outcome) -> JsOutcome {
        JsOutcome { result: o.result_str(), reason: o.reason_str() }
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct JsState {
    pieces: Vec<JsPiece>,
    turn: &'static str,
    history: Vec<String>,
    last_move: Option<JsMove>,
    outcome: Option<JsOutcome>,
    fen: String,
    touched: Option<String>,
    can_undo: bool,
}

/// The deepest perft the bindings run (depth 12 from the start is already minutes of work).
const MAX_PERFT_DEPTH: u32 = 14;

/// A game of Russian draughts (shashki).
///
/// ```js
/// const game = new RussianDraughts();
/// game.play('c3-d4');
/// game.legalMoves().map(m => m.notation);
/// ```
#[wasm_bindgen]
pub struct RussianDraughts {
    game: Game,
    /// The legal moves last packed for js/unpack.js, kept with what they depend on (`packed.rs`).
    listed: Listed,
}

#[cfg(feature = "ai")]
thread_local! {
    /// The computer opponent of the module instance, made on first use and kept: one
    /// transposition table for every game object, so that a timed search (master, analysis)
    /// starts from what the searches before it learnt, also where a new game object is made
    /// for each request (the web app's worker), and a page with many games holds one table.
    static ENGINE: std::cell::Cell<Option<Box<Engine>>> = const { std::cell::Cell::new(None) };
}

/// Runs `f` with the module's engine ([`ENGINE`]). The engine is taken out of its slot for the
/// call, so a call made from inside it (a JS clock replaced by a function that calls tabla)
/// gets an engine of its own and cannot find it borrowed.
#[cfg(feature = "ai")]
fn with_engine<R>(f: impl FnOnce(&mut Engine) -> R) -> R {
    let mut engine = ENGINE.take().unwrap_or_else(|| Box::new(Engine::new(ENGINE_TT_MB)));
    let r = f(&mut engine);
    ENGINE.set(Some(engine));
    r
}

#[wasm_bindgen]
impl RussianDraughts {
    /// A new game from the start position.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_optional_param_type = "DraughtsOptions")] options: JsValue,
    ) -> JsResult<RussianDraughts> {
        Ok(RussianDraughts::from_game(Game::new(parse_options(options)?)))
    }

    /// The default options, from the engine.
    #[wasm_bindgen(js_name = defaultOptions, unchecked_return_type = "Required<DraughtsOptions>")]
    pub fn default_options() -> JsResult<JsValue> {
        to_js(&GameOptions::default())
    }

    /// Every option: key, kind (`bool`), a one-line doc and its default; the engine's table.
    #[wasm_bindgen(js_name = optionSpecs, unchecked_return_type = "DraughtsOptionSpec[]")]
    pub fn option_specs() -> JsResult<JsValue> {
        let specs: Vec<JsOptionSpec> = OPTION_SPECS
            .iter()
            .map(|s| JsOptionSpec { key: s.key, kind: "bool", doc: s.doc, default: s.default_value() })
            .collect();
        to_js(&specs)
    }

    /// A game from a PDN FEN (`W:Wa1,c1,...:Bb8,...`; numeric squares accepted).
    #[wasm_bindgen(js_name = fromFen)]
    pub fn from_fen(
        #[wasm_bindgen(unchecked_param_type = "string")] fen: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "DraughtsOptions")] options: JsValue,
    ) -> JsResult<RussianDraughts> {
        let fen = text(&fen, "a FEN")?;
        let game = Game::from_fen(&fen, parse_options(options)?).map_err(js_err)?;
        Ok(RussianDraughts::from_game(game))
    }

    /// A game at a position set up by hand (the position editor), checked by the engine
    /// (`DraughtsSetup::to_game`): a set-up the rules refuse throws `setup-square`,
    /// `setup-shared-square`, `setup-too-many`, `setup-promotion-row`, `setup-game-over` or
    /// `setup-no-moves`, with the fields that say where (`square`, `player`, ...).
    #[wasm_bindgen(js_name = fromSetup)]
    pub fn from_setup(
        #[wasm_bindgen(unchecked_param_type = "DraughtsSetup")] setup: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "DraughtsOptions")] options: JsValue,
    ) -> JsResult<RussianDraughts> {
        #[derive(serde::Deserialize)]
        struct Piece {
            square: String,
            color: String,
            #[serde(default)]
            king: bool,
        }
        #[derive(serde::Deserialize)]
        struct Setup {
            pieces: Vec<Piece>,
            turn: String,
        }
        let color = |c: &str| match c {
            "white" => Ok(crate::draughts::Color::White),
            "black" => Ok(crate::draughts::Color::Black),
            _ => Err(bad_arg(&format!("a set-up's colour is 'white' or 'black', not '{c}'"))),
        };
        let s: Setup = super::from_js(setup, "a set-up", "bad-argument")?;
        let setup = crate::draughts::DraughtsSetup {
            pieces: s
                .pieces
                .into_iter()
                .map(|p| Ok(crate::draughts::SetupPiece { color: color(&p.color)?, square: p.square, king: p.king }))
                .collect::<JsResult<_>>()?,
            turn: color(&s.turn)?,
        };
        let game = setup.to_game(parse_options(options)?).map_err(js_err)?;
        Ok(RussianDraughts::from_game(game))
    }

    /// A game from PDN text (`[GameType "25"]`), its moves replayed and checked under the
    /// given options.
    #[wasm_bindgen(js_name = fromPdn)]
    pub fn from_pdn(
        #[wasm_bindgen(unchecked_param_type = "string")] pdn: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "DraughtsOptions")] options: JsValue,
    ) -> JsResult<RussianDraughts> {
        let pdn = text(&pdn, "PDN")?;
        let game = Game::from_pdn_with(&pdn, parse_options(options)?).map_err(js_err)?;
        Ok(RussianDraughts::from_game(game))
    }

    /// Every game of a PDN text (`fromPdn` reads a text of one game and refuses more), each
    /// replayed and checked under the given options.
    #[wasm_bindgen(js_name = parsePdnGames)]
    pub fn parse_pdn_games(
        #[wasm_bindgen(unchecked_param_type = "string")] pdn: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "DraughtsOptions")] options: JsValue,
    ) -> JsResult<Vec<RussianDraughts>> {
        let pdn = text(&pdn, "PDN")?;
        let games = crate::draughts::pdn::parse_games_with(&pdn, parse_options(options)?).map_err(js_err)?;
        Ok(games.into_iter().map(RussianDraughts::from_game).collect())
    }

    /// The comments of every game of a PDN text, game by game as `parsePdnGames` reads them:
    /// `{ ply, text }` each, `ply` the number of plies played before the comment (0: before the
    /// first move). For a viewer showing an annotated game beside its moves.
    #[wasm_bindgen(js_name = pdnComments, unchecked_return_type = "PdnComment[][]")]
    pub fn pdn_comments(#[wasm_bindgen(unchecked_param_type = "string")] pdn: JsValue) -> JsResult<JsValue> {
        let pdn = text(&pdn, "PDN")?;
        to_js(&crate::draughts::pdn::parse_comments(&pdn).map_err(js_err)?)
    }

    /// The whole game as a plain object (options, start FEN, moves, draw agreed, tags); works
    /// with `JSON.stringify`. Unlike PDN, it keeps the options.
    #[wasm_bindgen(js_name = toJSON, unchecked_return_type = "object")]
    pub fn to_json(&self) -> JsResult<JsValue> {
        to_js(&self.game.to_save())
    }

    /// A game from the object `toJSON()` gave (or its JSON text), its moves replayed and
    /// checked under its saved options.
    #[wasm_bindgen(js_name = fromJSON)]
    pub fn from_json(
        #[wasm_bindgen(unchecked_param_type = "string | object")] save: JsValue,
    ) -> JsResult<RussianDraughts> {
        let what = "not a tabla draughts save";
        let save = match save.as_string() {
            Some(text) => super::parse_json(&text, what, "bad-save")?,
            None if save.is_object() => super::plain(&save, what, "bad-argument")?,
            None => save,
        };
        if !save.is_object() {
            return Err(coded("bad-save", "a save is the object toJSON() returned, or its JSON text"));
        }
        let options = js_sys::Reflect::get(&save, &"options".into()).unwrap_or(JsValue::UNDEFINED);
        if options.is_object() {
            let keys = super::object_keys(&options);
            GameOptions::check_keys(keys.iter().map(String::as_str)).map_err(js_err)?;
        }
        let save: Save = super::from_plain(save, what, "bad-save")?;
        Ok(RussianDraughts::from_game(Game::from_save(&save).map_err(js_err)?))
    }

    /// The position now, as PDN FEN with algebraic squares.
    pub fn fen(&self) -> String {
        self.game.fen()
    }

    /// The game as PDN, with its tags and result.
    pub fn pdn(&self) -> String {
        self.game.to_pdn()
    }

    /// Everything a UI draws.
    #[wasm_bindgen(unchecked_return_type = "DraughtsState")]
    pub fn state(&self) -> JsResult<JsValue> {
        let pos: &Position = self.game.position();
        let state = JsState {
            pieces: pos
                .piece_list()
                .map(|(sq, p)| JsPiece { square: sq.to_string(), color: p.color.name(), king: p.king })
                .collect(),
            turn: pos.turn().name(),
            history: self.game.history().iter().map(|p| p.notation.clone()).collect(),
            last_move: self.game.history().last().map(|p| JsMove::new(&p.mv, p.notation.clone())),
            outcome: self.game.outcome().map(JsOutcome::from),
            fen: self.game.fen(),
            touched: self.game.touched().map(|s| s.to_string()),
            can_undo: self.game.can_undo(),
        };
        to_js(&state)
    }

    /// The legal moves now (none once the game is over).
    #[wasm_bindgen(js_name = legalMoves, unchecked_return_type = "DraughtsMove[]")]
    pub fn legal_moves(&self) -> JsResult<JsValue> {
        Ok(js_moves(&self.game.legal_moves_with_notation()))
    }

    /// Plays a move given in notation (`c3-d4`, `c3:e5`, `c3xe5`, or with intermediate squares).
    #[wasm_bindgen(unchecked_return_type = "DraughtsMove")]
    pub fn play(&mut self, #[wasm_bindgen(unchecked_param_type = "string")] notation: JsValue) -> JsResult<JsValue> {
        let notation = text(&notation, "a move")?;
        let mv = self.game.play(&notation).map_err(js_err)?;
        let text = self.game.history().last().map(|p| p.notation.clone()).unwrap_or_default();
        to_js(&JsMove::new(&mv, text))
    }

    /// Whether `notation` is a legal move now (as `play` reads it, touch-move included). Never
    /// throws: anything `play` would refuse, including an argument that is not a string, is
    /// `false`.
    #[wasm_bindgen(js_name = isLegal)]
    pub fn is_legal(&self, #[wasm_bindgen(unchecked_param_type = "string")] notation: JsValue) -> bool {
        notation.as_string().is_some_and(|n| self.game.clone().play(&n).is_ok())
    }

    /// An independent copy of the game (the computer opponent's table is not copied).
    #[wasm_bindgen(js_name = clone)]
    pub fn clone_game(&self) -> RussianDraughts {
        RussianDraughts::from_game(self.game.clone())
    }

    /// A new game at the position after the first `plies` moves (0: the start), replayed from
    /// the same start and options.
    #[wasm_bindgen(js_name = atPly)]
    pub fn at_ply(&self, #[wasm_bindgen(unchecked_param_type = "number")] plies: JsValue) -> JsResult<RussianDraughts> {
        let len = u32::try_from(self.game.history().len()).unwrap_or(u32::MAX);
        let n = whole(&plies, "the plies", 0, len)?;
        self.game
            .at_ply(n as usize)
            .map(RussianDraughts::from_game)
            .ok_or_else(|| bad_arg("the game's moves do not replay"))
    }

    /// Takes back the last move.
    pub fn undo(&mut self) -> JsResult<()> {
        self.game.undo().map(|_| ()).map_err(js_err)
    }

    /// RU-RESIGN: `side` ('white' or 'black') resigns; his opponent wins (reason
    /// 'resignation'). Throws `game-over` once the game is over.
    pub fn resign(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "'white' | 'black'")] side: JsValue,
    ) -> JsResult<()> {
        let loser = match text(&side, "a side")?.as_str() {
            "white" => crate::draughts::Color::White,
            "black" => crate::draughts::Color::Black,
            other => return Err(bad_arg(&format!("'{other}' is not a side (white or black)"))),
        };
        self.game.resign(loser).map_err(js_err)
    }

    /// Ends the game as a draw by agreement.
    #[wasm_bindgen(js_name = agreeDraw)]
    pub fn agree_draw(&mut self) -> JsResult<()> {
        self.game.agree_draw().map_err(js_err)
    }

    /// Picks up the piece on `square` (binding under the touch-move option).
    pub fn touch(&mut self, #[wasm_bindgen(unchecked_param_type = "string")] square: JsValue) -> JsResult<()> {
        let sq = parse_square(&text(&square, "a square")?)?;
        self.game.touch(sq).map_err(js_err)
    }

    /// Puts the picked-up piece back (refused while the touch-move rule binds it).
    pub fn release(&mut self) -> JsResult<()> {
        self.game.release().map_err(js_err)
    }

    /// The result once the game is over, else `null`.
    #[wasm_bindgen(unchecked_return_type = "DraughtsOutcome | null")]
    pub fn outcome(&self) -> JsResult<JsValue> {
        to_js(&self.game.outcome().map(JsOutcome::from))
    }
}

#[cfg(feature = "ai")]
#[wasm_bindgen]
impl RussianDraughts {
    /// The computer's move at a level (it is not played: pass its notation to `play`).
    #[wasm_bindgen(js_name = bestMove, unchecked_return_type = "DraughtsMove")]
    pub fn best_move(
        &mut self,
        #[wasm_bindgen(unchecked_optional_param_type = "BestMoveOptions")] options: JsValue,
    ) -> JsResult<JsValue> {
        let o: JsBestMoveOptions = options_from_js(options, "bad bestMove options", |_| Ok(()))?;
        let level = match &o.level {
            Some(l) => l
                .parse::<Level>()
                .map_err(|e| coded_with("bad-option", &e.to_string(), vec![("key", "level".into())]))?,
            None => Level::Medium,
        };
        let time_ms = check_time(o.time_ms)?;
        let seed = o.seed.map(seed_from_js).transpose()?.unwrap_or(0);
        let root = self.search_root()?;
        let result = with_engine(|engine| engine.best_move_shared(&root, level, time_ms, seed, &js_clock))
            .ok_or_else(|| coded("game-over", "there is no move to search: the game is over"))?;
        to_js(&self.js_move(&result.best))
    }

    /// The engine's view of the position: best move, score, depth, nodes and the principal
    /// variation. Without limits it thinks for one second; to a `depth` without `timeMs`, at
    /// most ten seconds; never more than `timeMs` (at most 60 s).
    #[wasm_bindgen(unchecked_return_type = "DraughtsAnalysis")]
    pub fn analyze(
        &mut self,
        #[wasm_bindgen(unchecked_optional_param_type = "AnalyzeOptions")] options: JsValue,
    ) -> JsResult<JsValue> {
        let o: JsAnalyzeOptions = options_from_js(options, "bad analyze options", |_| Ok(()))?;
        let time_ms = check_time(o.time_ms)?;
        if let Some(d) = o.depth {
            if d == 0 || d > MAX_DEPTH {
                return Err(coded("bad-option", &format!("depth must be from 1 to {MAX_DEPTH}, not {d}")));
            }
        }
        let limits = Limits {
            depth: o.depth,
            nodes: None,
            time_ms: Some(time_ms.unwrap_or(if o.depth.is_none() { DEFAULT_ANALYSIS_MS } else { DEPTH_ANALYSIS_MS })),
        };
        let root = self.search_root()?;
        let r: SearchResult = with_engine(|engine| engine.analyze(&root, &limits, &js_clock))
            .ok_or_else(|| coded("game-over", "there is nothing to analyse: the game is over"))?;
        let analysis = JsAnalysis {
            best: self.js_move(&r.best),
            score: match r.score() {
                Score::Centi(c) => JsScore::Centi(c),
                Score::WinIn(n) => JsScore::WinIn(n),
                Score::LossIn(n) => JsScore::LossIn(n),
            },
            depth: r.depth,
            nodes: r.nodes,
            pv: r.pv_text(self.game.position()),
            time_ms: r.time_ms,
        };
        to_js(&analysis)
    }

    /// Builds, for at most `timeMs` (default 200 ms), the endgame databases (every position
    /// of up to 4 pieces, by material) that play from this position can reach, once the board
    /// has few pieces (`ai::draughts::build_endgames`). Master's moves and `analyze()` use
    /// them, and with fewer pieces still build them too in a part of their time; a worker can
    /// call this while the player thinks, so that they need not. Built once per module
    /// instance, a few milliseconds at a time (a part built is kept). Returns `true` when
    /// nothing is left to build for this position.
    #[wasm_bindgen(js_name = buildEndgames)]
    pub fn build_endgames(
        &self,
        #[wasm_bindgen(unchecked_optional_param_type = "BuildEndgamesOptions")] options: JsValue,
    ) -> JsResult<bool> {
        let o: JsBuildEndgamesOptions = options_from_js(options, "bad buildEndgames options", |_| Ok(()))?;
        let time_ms = check_time(o.time_ms)?.unwrap_or(DEFAULT_ENDGAME_BUILD_MS);
        let deadline = js_clock() + time_ms;
        Ok(crate::ai::draughts::build_endgames(self.game.position(), &js_clock, deadline))
    }

    /// Whether the computer, the side not on move, accepts a draw offered by the side on move:
    /// only when it stands worse by a 300 ms search or behind in material with a score not in
    /// its favour (RU-AI-DRAW-OFFER, `ai::draughts::draw_offer`). Throws `game-over` when the
    /// game is over.
    #[wasm_bindgen(js_name = acceptsDraw)]
    pub fn accepts_draw(&mut self) -> JsResult<bool> {
        let root = self.search_root()?;
        with_engine(|engine| crate::ai::draughts::draw_offer::accepts_draw(engine, &root, &js_clock))
            .ok_or_else(|| coded("game-over", "there is no draw to offer: the game is over"))
    }
}

#[wasm_bindgen]
impl RussianDraughts {
    /// The number of move sequences of `depth` plies from here (one move per start, end and
    /// captured set), for testing move generators.
    pub fn perft(&self, #[wasm_bindgen(unchecked_param_type = "number")] depth: JsValue) -> JsResult<f64> {
        let depth = whole(&depth, "the perft depth", 0, MAX_PERFT_DEPTH)?;
        Ok(self.game.perft(depth) as f64)
    }
}

fn parse_square(text: &str) -> JsResult<Square> {
    Square::parse(text).ok_or_else(|| bad_arg(&format!("'{text}' is not a dark square such as c3")))
}

impl RussianDraughts {
    /// The engine game (for tests).
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The JS object of an engine game (also a game by link: [`super::LinkSession`]).
    pub(crate) fn from_game(game: Game) -> RussianDraughts {
        RussianDraughts { game, listed: Listed::default() }
    }

    /// The engine game, to change it, and the legal moves last packed (for the packed forms of
    /// the hot calls, `packed.rs`).
    pub(crate) fn listed_mut(&mut self) -> (&mut Game, &mut Listed) {
        (&mut self.game, &mut self.listed)
    }

    #[cfg(feature = "ai")]
    fn search_root(&self) -> JsResult<SearchRoot> {
        if let Some(o) = self.game.outcome() {
            return Err(coded("game-over", &format!("the game is over ({o})")));
        }
        Ok(SearchRoot::from_game(&self.game))
    }

    /// A move of the current position with its notation, as `legalMoves()` gives it.
    #[cfg_attr(not(feature = "ai"), allow(dead_code))]
    fn js_move(&self, mv: &Move) -> JsMove {
        JsMove::new(mv, self.game.position().move_text(mv))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The TypeScript `DraughtsOptions` has exactly the engine's option keys, all booleans.
    #[test]
    fn typescript_draughts_options_are_the_engine_option_table() {
        let mut members = super::super::backgammon::tests::interface_members(TS_TEXT, "DraughtsOptions");
        let mut want: Vec<(String, String)> =
            OPTION_SPECS.iter().map(|s| (s.key.to_string(), "boolean".to_string())).collect();
        members.sort();
        want.sort();
        assert_eq!(members, want);
    }
}
