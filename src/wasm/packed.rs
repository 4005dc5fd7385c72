//! Compact forms of the results a game loop asks for at every move, which `js/unpack.js` (loaded
//! by the package's entries) turns back into the documented objects of `legalPlays()`,
//! `legalMoves()`, `play()`, `roll()`, `phase()` and `outcome()`.
//!
//! Why: building a result object field by field from Rust crosses the boundary once per field,
//! property key and string (about 25 crossings for one backgammon play, 15 for a draughts move),
//! which cost more than the engine's work (issue 15, speed at the boundary). Here a whole list is
//! one byte buffer: the numbers, then every text of the list in one UTF-8 block (one decode in
//! JS); a draughts move carries no text but the number of its path's squares its notation names
//! (the engine's `notation_prefix`), from which js/unpack.js spells it. The engine computes the
//! same values as for the eager methods; tests/js/speed-paths.test.mjs checks that the objects
//! built from them equal the eager ones.
//!
//! A draughts object keeps the legal moves it last packed ([`Listed`]): a `play()` of one of
//! their notations is `__playIndex`, the move's index in that list, which plays it without a
//! string crossing, a reading of the notation or a second listing of the moves.
//!
//! The lists are packed into one buffer of the module's memory, reused by every call ([`OUT`]):
//! js/unpack.js reads them there through a view of the memory (`__memory`), so a call allocates
//! neither a `Vec` to hand over nor a JS `ArrayBuffer` to copy it into (the copies and their
//! garbage cost more than the decoding). The mutating hot calls also answer what a game loop asks
//! next, in the same crossing: the phase after a backgammon `roll()` or `play()`, whether the
//! draughts game is over and its legal moves after `play()`. js/unpack.js keeps these answers on
//! the object and drops them on every call that could change the game
//! (tests/js/cache.test.mjs checks them against a fresh object after each such call); the
//! draughts moves it keeps where they lie, in [`OUT`], read there for as long as [`OUT`] holds
//! them (each result starts with its number, [`SEQUENCE`]) and asked for again once another
//! result has replaced them.
//!
//! These methods are hidden from the TypeScript declarations: the documented methods are the
//! contract, and without `js/unpack.js` (the bare wasm-bindgen glue) they still give the eager
//! results.

use std::cell::{Cell, RefCell};

use wasm_bindgen::prelude::*;

#[cfg(not(tabla_family = "draughts"))]
use super::Backgammon;
#[cfg(not(tabla_family = "backgammon"))]
use super::RussianDraughts;
use super::{JsResult, js_err};
#[cfg(not(tabla_family = "draughts"))]
use crate::backgammon::{PlayInfo, Step};
#[cfg(not(tabla_family = "backgammon"))]
use crate::draughts::notation::notation_prefix;
#[cfg(not(tabla_family = "backgammon"))]
use crate::draughts::{Game, GameOptions, MAX_CAPTURES, Move, Position, Square};

/// Separates the texts of a packed list: no play or move notation and no Position ID holds one.
#[cfg(not(tabla_family = "draughts"))]
const SEP: u8 = b'\n';

/// The bits of one step in [`Backgammon::play_packed`]: from (5), to (5), die (3), hit (1).
#[cfg(not(tabla_family = "draughts"))]
const STEP_BITS: u32 = 14;

/// The most steps [`Backgammon::play_packed`] carries (a play of doubles has four).
#[cfg(not(tabla_family = "draughts"))]
const MAX_PACKED_STEPS: u32 = 4;

thread_local! {
    /// The packed result of the last call, read by js/unpack.js before its next call into the
    /// module (the module runs on one thread, and no packed call calls back into JS). Its
    /// capacity is kept, so a game loop's calls do not allocate it again.
    static OUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    /// The number of the last result packed into [`OUT`], written at its start: a draughts
    /// object reads the legal moves packed by its last call in place, for as long as [`OUT`]
    /// still holds that result's number (no other packed call since).
    static SEQUENCE: Cell<u32> = const { Cell::new(0) };
}

/// Fills [`OUT`] with the result's number ([`SEQUENCE`], u32, little-endian), then `fill`, and
/// says where it lies: its address plus its length times 2^32, a
/// whole number below 2^53 (an address below 2^32 on wasm32, a length below 2^21: the longest
/// list, a play of doubles in acey-deucey, is a few hundred plays of under 60 bytes).
fn packed(fill: impl FnOnce(&mut Vec<u8>)) -> f64 {
    OUT.with_borrow_mut(|out| {
        out.clear();
        let number = SEQUENCE.get().wrapping_add(1);
        SEQUENCE.set(number);
        out.extend_from_slice(&number.to_le_bytes());
        fill(out);
        (out.as_ptr() as usize as f64) + (out.len() as f64) * 4_294_967_296.0
    })
}

#[cfg(not(tabla_family = "draughts"))]
/// Plays as bytes: the play count (u32, little-endian); each play's step count and its steps,
/// four bytes each (from, to, die, hit 0 or 1); then each play's notation and Position ID, every
/// text followed by [`SEP`].
fn pack_plays(out: &mut Vec<u8>, plays: &[PlayInfo]) {
    out.extend_from_slice(&(plays.len() as u32).to_le_bytes());
    for p in plays {
        out.push(p.steps.len() as u8);
        for s in &p.steps {
            out.extend_from_slice(&[s.from, s.to, s.die, u8::from(s.hit)]);
        }
    }
    for p in plays {
        out.extend_from_slice(p.notation.as_bytes());
        out.push(SEP);
        out.extend_from_slice(p.position_id.as_bytes());
        out.push(SEP);
    }
}

#[cfg(not(tabla_family = "draughts"))]
/// The steps of [`Backgammon::play_packed`]: `count` steps, the first two in `low`, the others in
/// `high`, [`STEP_BITS`] bits each. `None` for a count above [`MAX_PACKED_STEPS`].
fn unpack_steps(count: u32, low: u32, high: u32) -> Option<Vec<Step>> {
    if count > MAX_PACKED_STEPS {
        return None;
    }
    Some(
        (0..count)
            .map(|i| {
                let word = if i < 2 { low } else { high };
                let bits = word >> (STEP_BITS * (i % 2));
                Step {
                    from: (bits & 31) as u8,
                    to: ((bits >> 5) & 31) as u8,
                    die: ((bits >> 10) & 7) as u8,
                    hit: (bits >> 13) & 1 == 1,
                }
            })
            .collect(),
    )
}

#[cfg(not(tabla_family = "draughts"))]
#[wasm_bindgen]
impl Backgammon {
    /// `legalPlays()` packed (`pack_plays`), in the shared buffer (`packed`).
    #[wasm_bindgen(js_name = __legalPlays, skip_typescript)]
    pub fn legal_plays_packed(&self) -> f64 {
        let plays = self.game().legal_plays();
        packed(|out| pack_plays(out, &plays))
    }

    /// `phase()` as the index of the engine's phase (js/unpack.js names each index once, by
    /// `phase()`).
    #[wasm_bindgen(js_name = __phase, skip_typescript)]
    pub fn phase_index(&self) -> u8 {
        self.game().phase() as u8
    }

    /// `roll()` packed: the first die in the low byte, the second in the next, and the phase
    /// after the roll (`__phase`) in the third.
    #[wasm_bindgen(js_name = __roll, skip_typescript)]
    pub fn roll_packed(&mut self) -> JsResult<u32> {
        let [a, b] = self.game_mut().roll().map_err(js_err)?;
        Ok(u32::from(a) | u32::from(b) << 8 | u32::from(self.phase_index()) << 16)
    }

    /// `play(steps)` with the steps packed (`unpack_steps`): the same engine call as `play`
    /// makes with steps read from JS. Returns the phase after the play (`__phase`).
    #[wasm_bindgen(js_name = __playSteps, skip_typescript)]
    pub fn play_packed(&mut self, count: u32, low: u32, high: u32) -> JsResult<u8> {
        let steps = unpack_steps(count, low, high)
            .ok_or_else(|| super::bad_arg(&format!("at most {MAX_PACKED_STEPS} packed steps, not {count}")))?;
        self.game_mut().play_steps(&steps).map_err(js_err)?;
        Ok(self.phase_index())
    }

    /// The module's memory, as `RussianDraughts.__memory` (js/unpack.js asks either class: the
    /// web app's backgammon rules module has no RussianDraughts).
    #[wasm_bindgen(js_name = __memory, skip_typescript)]
    pub fn memory() -> JsValue {
        wasm_bindgen::memory()
    }
}

#[cfg(not(tabla_family = "backgammon"))]
/// The legal moves last packed for js/unpack.js ([`pack_turn`]), with their capture paths and
/// notations and what they depend on: `__playIndex` plays one of them without listing the moves
/// again (js/unpack.js calls it with the index of a notation it gave in the list it keeps).
#[derive(Default)]
pub(crate) struct Listed {
    /// What the game's legal moves depend on when they were listed: the position, whether the
    /// game is over, the touched piece and the options (touch-move). `None`: nothing listed yet.
    key: Option<(Position, bool, Option<Square>, GameOptions)>,
    moves: Vec<Move>,
    /// The position's capture paths when it holds a capture (`Position::notation_paths`).
    paths: Vec<Move>,
    /// Each move's [`notation_prefix`].
    prefixes: Vec<u8>,
}

#[cfg(not(tabla_family = "backgammon"))]
impl Listed {
    /// Lists `game`'s legal moves now, unless they are those kept.
    fn refresh(&mut self, game: &Game) {
        let key = (*game.position(), game.is_over(), game.touched(), game.options());
        if self.key == Some(key) {
            return;
        }
        game.legal_moves_into(&mut self.moves);
        game.position().notation_paths_into(&self.moves, &mut self.paths);
        self.prefixes.clear();
        self.prefixes.extend(self.moves.iter().map(|m| notation_prefix(&self.paths, m) as u8));
        self.key = Some(key);
    }

    /// The notation prefix of `mv` if it is one of the moves kept.
    fn prefix_of(&self, mv: &Move) -> Option<u8> {
        self.moves.iter().position(|m| m == mv).map(|i| self.prefixes[i])
    }
}

#[cfg(not(tabla_family = "backgammon"))]
/// One draughts move packed: its path's length and squares, its captures' count and squares
/// (square indexes, a1 = 0 as in [`Square::ALL`]), whether it promotes (0 or 1) and its
/// [`notation_prefix`] (js/unpack.js spells the notation from the path with it).
fn pack_move(out: &mut Vec<u8>, mv: &Move, prefix: u8) {
    // the move's own bytes (it keeps its squares as these indexes), copied a slice at a time
    let (k, c) = (mv.path_len(), mv.capture_count());
    out.push(k as u8);
    out.extend_from_slice(&mv.path[..k]);
    out.push(c as u8);
    out.extend_from_slice(&mv.order[..c]);
    out.extend_from_slice(&[u8::from(mv.promotes()), prefix]);
}

#[cfg(not(tabla_family = "backgammon"))]
/// What a draughts game loop asks after each change, packed: whether the game is over (one
/// byte, 0 or 1), the move count (u32, little-endian), then `played` (the move just played with
/// its notation prefix, if any) and the legal moves of `game` (listed in `listed`), each as
/// [`pack_move`] writes it.
fn pack_turn(game: &Game, listed: &mut Listed, played: Option<(Move, u8)>) -> f64 {
    listed.refresh(game);
    packed(|out| {
        out.push(u8::from(game.is_over()));
        let n = listed.moves.len() + usize::from(played.is_some());
        // the most bytes a move takes (`pack_move`): no growing while the moves are written
        out.reserve(4 + n * (2 * MAX_CAPTURES + 5));
        out.extend_from_slice(&(n as u32).to_le_bytes());
        if let Some((mv, prefix)) = played {
            pack_move(out, &mv, prefix);
        }
        for (mv, &prefix) in listed.moves.iter().zip(&listed.prefixes) {
            pack_move(out, mv, prefix);
        }
    })
}

#[cfg(not(tabla_family = "backgammon"))]
#[wasm_bindgen]
impl RussianDraughts {
    /// Whether the game is over and `legalMoves()`, packed (`pack_turn`), in the shared buffer (`packed`).
    #[wasm_bindgen(js_name = __legalMoves, skip_typescript)]
    pub fn legal_moves_packed(&mut self) -> f64 {
        let (game, listed) = self.listed_mut();
        pack_turn(game, listed, None)
    }

    /// `play(notation)`, then whether the game is over and its legal moves, in one crossing:
    /// packed (`pack_turn`) as the move played followed by the legal moves after it, in the
    /// shared buffer (`packed`). js/unpack.js passes only strings (the glue's `play` reports
    /// anything else); the text is copied in by the glue, without the call back into JS that
    /// reading a `JsValue` as a string makes.
    #[wasm_bindgen(js_name = __play, skip_typescript)]
    pub fn play_packed(&mut self, notation: &str) -> JsResult<f64> {
        let (game, listed) = self.listed_mut();
        listed.refresh(game);
        let mv = game.play(notation).map_err(js_err)?;
        // the move played is one of the legal moves listed before it (the same notation: the
        // history's text is the shortest, as the list's)
        let prefix = listed.prefix_of(&mv).unwrap_or(mv.path_len() as u8 - 1);
        Ok(pack_turn(game, listed, Some((mv, prefix))))
    }

    /// `play(legalMoves()[index].notation)` as `__play` answers it: the move at `index` of the
    /// legal moves now, as packed by the last `__legalMoves` or `__play` (kept in `Listed`,
    /// listed again if the game has changed since), played without reading a notation or
    /// listing the moves again. `first` and `last` are the indexes of the move's first and last
    /// squares in js/unpack.js's copy of the list: when the move at `index` does not start and
    /// end there, nothing is played and the answer is -1 (js/unpack.js then passes the
    /// notation to `__play`). An index past the list's end is refused (`bad-argument`).
    #[wasm_bindgen(js_name = __playIndex, skip_typescript)]
    pub fn play_index_packed(&mut self, index: u32, first: u32, last: u32) -> JsResult<f64> {
        let (game, listed) = self.listed_mut();
        listed.refresh(game);
        let i = index as usize;
        if listed.moves.get(i).is_some_and(|m| (m.from().index() as u32, m.to().index() as u32) != (first, last)) {
            return Ok(-1.0);
        }
        let mv = game
            .play_listed(&listed.moves, &listed.paths, i)
            .ok_or_else(|| super::bad_arg(&format!("no legal move at index {index}")))?
            .map_err(js_err)?;
        let prefix = listed.prefixes[i];
        Ok(pack_turn(game, listed, Some((mv, prefix))))
    }

    /// Whether the game is over (`outcome() !== null`).
    #[wasm_bindgen(js_name = __isOver, skip_typescript)]
    pub fn is_over(&self) -> bool {
        self.game().is_over()
    }

    /// The module's memory, where js/unpack.js reads the packed results of both classes
    /// (`packed`).
    #[wasm_bindgen(js_name = __memory, skip_typescript)]
    pub fn memory() -> JsValue {
        wasm_bindgen::memory()
    }

    /// The names of the 32 squares in index order, separated by spaces (the names of the
    /// indexes in `pack_moves`).
    #[wasm_bindgen(js_name = __squares, skip_typescript)]
    pub fn square_names() -> String {
        Square::ALL.iter().map(|s| s.to_string()).collect::<Vec<_>>().join(" ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every step the engine can make packs and unpacks to itself, four to a play.
    #[test]
    fn packed_steps_round_trip() {
        let mut steps = Vec::new();
        for from in 0..=25u8 {
            for to in 0..=25u8 {
                for die in 1..=6u8 {
                    for hit in [false, true] {
                        steps.push(Step { from, to, die, hit });
                    }
                }
            }
        }
        for chunk in steps.chunks(4) {
            let code =
                |s: &Step| u32::from(s.from) | u32::from(s.to) << 5 | u32::from(s.die) << 10 | u32::from(s.hit) << 13;
            let (mut low, mut high) = (0u32, 0u32);
            for (i, s) in chunk.iter().enumerate() {
                let word = if i < 2 { &mut low } else { &mut high };
                *word |= code(s) << (STEP_BITS * (i as u32 % 2));
            }
            assert_eq!(unpack_steps(chunk.len() as u32, low, high).as_deref(), Some(chunk));
        }
        assert_eq!(unpack_steps(5, 0, 0), None);
    }

    /// A packed list holds each play's steps and texts, in order.
    #[test]
    fn packed_plays_layout() {
        let plays = vec![
            PlayInfo {
                notation: "24/18 13/11".into(),
                position_id: "4HPwATDgc/ABMA".into(),
                steps: vec![
                    Step { from: 24, to: 18, die: 6, hit: false },
                    Step { from: 13, to: 11, die: 2, hit: true },
                ],
            },
            PlayInfo { notation: String::new(), position_id: "x".into(), steps: vec![] },
        ];
        let mut b = Vec::new();
        pack_plays(&mut b, &plays);
        assert_eq!(&b[..4], &2u32.to_le_bytes());
        assert_eq!(&b[4..14], &[2, 24, 18, 6, 0, 13, 11, 2, 1, 0]);
        assert_eq!(std::str::from_utf8(&b[14..]).unwrap(), "24/18 13/11\n4HPwATDgc/ABMA\n\nx\n");
    }
}
