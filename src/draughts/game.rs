//! A game: a start position, the moves played, undo, the outcome and the draw rules
//! (docs/rules.md 2.3), and the touch-move option (RU-TOUCH-MOVE).
//!
//! Invariants: `position` is `start` with every move of `history` applied; each history entry
//! keeps the position and draw counters from before its move, so [`Game::undo`] restores
//! position, hash and counters exactly; `outcome` is always the outcome of the current state.
//! Every method that fails leaves the game untouched.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::draw::{DrawCounters, DrawReason};
use super::moves::Move;
use super::notation::{MoveError, MoveText};
use super::position::Position;
use super::square::{Color, Square};
use crate::errors::{ErrorCode, Field};

/// Options of a game, declared once in [`OPTION_SPECS`] (JS keys, defaults, docs). Read with
/// serde, a missing key takes its default and an unknown key is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
pub struct GameOptions {
    /// Apply the automatic draw rules of docs/rules.md 2.3 (default `true`). Draw by agreement is
    /// always available.
    pub draw_rules: bool,
    /// RU-TOUCH-MOVE (default `false`): a piece picked up with [`Game::touch`] that has a legal
    /// move must be the piece moved.
    pub touch_move: bool,
}

impl Default for GameOptions {
    fn default() -> GameOptions {
        GameOptions { draw_rules: true, touch_move: false }
    }
}

/// One draughts option (all are booleans): its JS key and one line for people. Its default is
/// [`GameOptions::default`]'s ([`OptionSpec::default_value`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OptionSpec {
    pub key: &'static str,
    pub doc: &'static str,
}

impl OptionSpec {
    /// The option's default.
    pub fn default_value(&self) -> bool {
        GameOptions::default().value(self.key).unwrap_or(false)
    }
}

/// Every option of a Russian-draughts game (`RussianDraughts.optionSpecs()` in JS).
pub const OPTION_SPECS: &[OptionSpec] = &[
    OptionSpec {
        key: "touchMove",
        doc: "RU-TOUCH-MOVE: a picked-up piece with a legal move must be moved, and a move made cannot be taken back.",
    },
    OptionSpec { key: "drawRules", doc: "The automatic draw rules: threefold repetition and the move-count rules." },
];

impl GameOptions {
    /// The value of the option `key`, `None` if there is no such option.
    pub fn value(&self, key: &str) -> Option<bool> {
        match key {
            "touchMove" => Some(self.touch_move),
            "drawRules" => Some(self.draw_rules),
            _ => None,
        }
    }

    /// Sets the option `key` (one of [`OPTION_SPECS`]).
    pub fn set(&mut self, key: &str, value: bool) -> Result<(), OptionError> {
        match key {
            "touchMove" => self.touch_move = value,
            "drawRules" => self.draw_rules = value,
            _ => return Err(OptionError { key: key.to_string() }),
        }
        Ok(())
    }

    /// Refuses a key that is not one of [`OPTION_SPECS`] (code `bad-option`, field `key`).
    pub fn check_keys<'a>(keys: impl IntoIterator<Item = &'a str>) -> Result<(), OptionError> {
        for key in keys {
            if !OPTION_SPECS.iter().any(|s| s.key == key) {
                return Err(OptionError { key: key.to_string() });
            }
        }
        Ok(())
    }
}

/// A key that is not a draughts option.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionError {
    pub key: String,
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let keys: Vec<&str> = OPTION_SPECS.iter().map(|s| s.key).collect();
        write!(f, "unknown option '{}' (the options are {})", self.key, keys.join(", "))
    }
}

impl std::error::Error for OptionError {}

impl ErrorCode for OptionError {
    fn code(&self) -> &'static str {
        "bad-option"
    }
    fn fields(&self) -> Vec<(&'static str, Field)> {
        vec![("key", self.key.as_str().into())]
    }
}

/// How a side won (RU-WIN).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WinReason {
    /// The loser has no pieces left.
    NoPieces,
    /// The loser, to move, has no legal move.
    NoMoves,
    /// A result read from a game file (PDN `1-0`, `0-1`, or a save of such a game) that the
    /// rules did not produce: a resignation, a loss on time, an adjudication. The game is over.
    Recorded,
    /// RU-RESIGN: the loser resigned.
    Resignation,
}

impl WinReason {
    /// The JS API's spelling: `no-pieces` or `no-moves`.
    pub fn as_str(self) -> &'static str {
        match self {
            WinReason::NoPieces => "no-pieces",
            WinReason::NoMoves => "no-moves",
            WinReason::Recorded => "recorded",
            WinReason::Resignation => "resignation",
        }
    }
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    Win { winner: Color, reason: WinReason },
    Draw(DrawReason),
}

impl Outcome {
    /// The winner, if not a draw.
    pub fn winner(self) -> Option<Color> {
        match self {
            Outcome::Win { winner, .. } => Some(winner),
            Outcome::Draw(_) => None,
        }
    }

    /// The JS API's `result`: `white`, `black` or `draw`.
    pub fn result_str(self) -> &'static str {
        match self {
            Outcome::Win { winner, .. } => winner.name(),
            Outcome::Draw(_) => "draw",
        }
    }

    /// The JS API's `reason` (see [`WinReason::as_str`], [`DrawReason::as_str`]).
    pub fn reason_str(self) -> &'static str {
        match self {
            Outcome::Win { reason, .. } => reason.as_str(),
            Outcome::Draw(r) => r.as_str(),
        }
    }

    /// The PDN result token: `1-0`, `0-1` or `1/2-1/2`.
    pub fn pdn_result(self) -> &'static str {
        match self {
            Outcome::Win { winner: Color::White, .. } => "1-0",
            Outcome::Win { winner: Color::Black, .. } => "0-1",
            Outcome::Draw(_) => "1/2-1/2",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win { winner, reason: WinReason::NoPieces } => {
                write!(f, "{winner} wins: {} has no pieces left", winner.opposite())
            }
            Outcome::Win { winner, reason: WinReason::NoMoves } => {
                write!(f, "{winner} wins: {} has no legal move", winner.opposite())
            }
            Outcome::Win { winner, reason: WinReason::Recorded } => {
                write!(f, "{winner} wins (the result recorded in the game file)")
            }
            Outcome::Win { winner, reason: WinReason::Resignation } => {
                write!(f, "{winner} wins: {} resigned", winner.opposite())
            }
            Outcome::Draw(r) => write!(f, "draw: {r}"),
        }
    }
}

/// Why a game action was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameError {
    /// The move text is malformed, illegal or ambiguous.
    Move(MoveError),
    /// The game is over; nothing more can be played or agreed.
    GameOver(Outcome),
    /// There is no move to take back.
    NothingToUndo,
    /// RU-TOUCH-MOVE: the touched piece has a legal move and must be the one moved.
    TouchMove { touched: Square },
    /// RU-TOUCH-MOVE: with the option on, a move made (or a piece picked up) cannot be taken
    /// back. `touched`: the piece picked up, if that is what undo would take back.
    TouchMoveUndo { touched: Option<Square> },
    /// Only a piece of the side to move can be picked up.
    CannotTouch { square: Square, reason: String },
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::Move(e) => write!(f, "{e}"),
            GameError::GameOver(o) => write!(f, "the game is over ({o})"),
            GameError::NothingToUndo => write!(f, "there is no move to take back"),
            GameError::TouchMove { touched } => write!(
                f,
                "the piece on {touched} was picked up and has a legal move, so it must be moved (touch-move rule)"
            ),
            GameError::CannotTouch { square, reason } => {
                write!(f, "cannot pick up {square}: {reason}")
            }
            GameError::TouchMoveUndo { touched: Some(t) } => {
                write!(f, "the piece on {t} was picked up: under the touch-move rule it cannot be put back by undo")
            }
            GameError::TouchMoveUndo { touched: None } => {
                write!(f, "under the touch-move rule a move made cannot be taken back")
            }
        }
    }
}

impl std::error::Error for GameError {}

impl ErrorCode for GameError {
    fn code(&self) -> &'static str {
        match self {
            GameError::Move(e) => e.code(),
            GameError::GameOver(_) => "game-over",
            GameError::NothingToUndo => "nothing-to-undo",
            GameError::TouchMove { .. } | GameError::TouchMoveUndo { .. } => "touch-move",
            GameError::CannotTouch { .. } => "cannot-touch",
        }
    }
    fn fields(&self) -> Vec<(&'static str, Field)> {
        match self {
            GameError::Move(e) => e.fields(),
            GameError::TouchMove { touched } | GameError::TouchMoveUndo { touched: Some(touched) } => {
                vec![("square", touched.to_string().into())]
            }
            GameError::CannotTouch { square, .. } => vec![("square", square.to_string().into())],
            _ => Vec::new(),
        }
    }
}

impl From<MoveError> for GameError {
    fn from(e: MoveError) -> GameError {
        GameError::Move(e)
    }
}

/// One move of a game's history.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ply {
    /// The move played.
    pub mv: Move,
    /// Its notation in the position where it was played (shortest unambiguous form).
    pub notation: String,
    /// The position before the move.
    pub before: Position,
    /// The draw counters before the move.
    pub counters_before: DrawCounters,
}

/// A game of Russian draughts.
///
/// ```
/// use tabla::draughts::{Game, GameOptions};
/// let mut g = Game::new(GameOptions::default());
/// g.play("c3-d4").unwrap();
/// g.play("f6-e5").unwrap();
/// let m = g.play("d4xf6").unwrap();        // a capture, compulsory here
/// assert_eq!(m.capture_count(), 1);
/// g.undo().unwrap();
/// assert_eq!(g.history().len(), 2);
/// ```
#[derive(Clone, Debug)]
pub struct Game {
    options: GameOptions,
    start: Position,
    position: Position,
    counters: DrawCounters,
    history: Vec<Ply>,
    agreed_draw: bool,
    /// RU-RESIGN: the side that resigned.
    resigned: Option<Color>,
    touched: Option<Square>,
    outcome: Option<Outcome>,
    /// PDN tags carried along (other than GameType, FEN, SetUp and Result, which are derived).
    pub(crate) tags: Vec<(String, String)>,
    /// A result recorded in a PDN file that the rules do not produce (e.g. a resignation).
    pub(crate) recorded_result: Option<String>,
}

impl Default for Game {
    fn default() -> Game {
        Game::new(GameOptions::default())
    }
}

impl Game {
    /// A game from the starting position.
    pub fn new(options: GameOptions) -> Game {
        Game::from_position(Position::start(), options)
    }

    /// A game from any position; the draw counters start at zero.
    pub fn from_position(position: Position, options: GameOptions) -> Game {
        let mut g = Game {
            options,
            start: position,
            position,
            counters: DrawCounters::default(),
            history: Vec::new(),
            agreed_draw: false,
            resigned: None,
            touched: None,
            outcome: None,
            tags: Vec::new(),
            recorded_result: None,
        };
        g.outcome = g.compute_outcome();
        g
    }

    /// A game from a PDN FEN.
    pub fn from_fen(fen: &str, options: GameOptions) -> Result<Game, super::FenError> {
        Ok(Game::from_position(Position::from_fen(fen)?, options))
    }

    /// A new game at the position after the first `plies` moves of this one (its start for 0),
    /// replayed from the same start and options: the draw counters and repetitions are the
    /// replay's, and nothing after those moves (a resignation, an agreed draw, a recorded
    /// result) is kept. `None` for more plies than were played.
    pub fn at_ply(&self, plies: usize) -> Option<Game> {
        let moves = self.history.get(..plies)?;
        let mut g = Game::from_position(self.start, self.options);
        for ply in moves {
            g.play_move(&ply.mv).ok()?;
        }
        Some(g)
    }

    /// The options.
    pub fn options(&self) -> GameOptions {
        self.options
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The position the game started from.
    pub fn start_position(&self) -> &Position {
        &self.start
    }

    /// The side to move.
    pub fn turn(&self) -> Color {
        self.position.turn()
    }

    /// The draw counters in the current position.
    pub fn counters(&self) -> DrawCounters {
        self.counters
    }

    /// The moves played so far, oldest first.
    pub fn history(&self) -> &[Ply] {
        &self.history
    }

    /// The last move played.
    pub fn last_move(&self) -> Option<&Move> {
        self.history.last().map(|p| &p.mv)
    }

    /// The outcome, if the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// The current FEN.
    pub fn fen(&self) -> String {
        self.position.to_fen()
    }

    /// The piece picked up with [`touch`](Self::touch), if any.
    pub fn touched(&self) -> Option<Square> {
        self.touched
    }

    /// The touched square when RU-TOUCH-MOVE binds: the option is on and the touched piece has a
    /// legal move.
    fn binding_touch(&self, legal: &[Move]) -> Option<Square> {
        let t = self.touched?;
        (self.options.touch_move && legal.iter().any(|m| m.from() == t)).then_some(t)
    }

    /// The legal moves now: none once the game is over; only the touched piece's moves when
    /// RU-TOUCH-MOVE binds.
    pub fn legal_moves(&self) -> Vec<Move> {
        if self.outcome.is_some() {
            return Vec::new();
        }
        let mut legal = self.position.legal_moves();
        if let Some(t) = self.binding_touch(&legal) {
            legal.retain(|m| m.from() == t);
        }
        legal
    }

    /// Replaces the contents of `out` with [`legal_moves`](Self::legal_moves) (one buffer
    /// reused: the packed lists of the JS bindings).
    pub fn legal_moves_into(&self, out: &mut Vec<Move>) {
        out.clear();
        if self.outcome.is_some() {
            return;
        }
        self.position.legal_moves_into(out);
        if let Some(t) = self.binding_touch(out) {
            out.retain(|m| m.from() == t);
        }
    }

    /// The legal moves with their notation.
    pub fn legal_moves_with_notation(&self) -> Vec<(Move, String)> {
        let legal = self.legal_moves();
        let texts = self.position.notate(&legal);
        legal.into_iter().zip(texts).collect()
    }

    /// Plays a move given in notation (`c3-d4`, `c3:e5`, `c3xe5`, see
    /// [`notation`](super::notation)) and returns it.
    pub fn play(&mut self, text: &str) -> Result<Move, GameError> {
        if let Some(o) = self.outcome {
            return Err(GameError::GameOver(o));
        }
        let mt = MoveText::parse(text)?;
        let legal = self.position.legal_moves();
        let paths = if legal.first().is_some_and(Move::is_capture) { self.position.legal_paths() } else { Vec::new() };
        let mv = self.position.resolve(text, &mt, &legal, Some(&paths))?;
        self.commit(mv, &legal, &paths)
    }

    /// Plays a move (matched against the legal moves by start, end and captured set) and
    /// returns the legal move played.
    pub fn play_move(&mut self, mv: &Move) -> Result<Move, GameError> {
        if let Some(o) = self.outcome {
            return Err(GameError::GameOver(o));
        }
        let legal = self.position.legal_moves();
        let Some(m) = legal.iter().find(|m| m.same_move(mv)).copied() else {
            return Err(GameError::Move(MoveError::Illegal {
                text: mv.long_text(),
                legal: self.position.notate(&legal),
                hint: None,
            }));
        };
        let paths = if m.is_capture() { self.position.legal_paths() } else { Vec::new() };
        self.commit(m, &legal, &paths)
    }

    /// Plays `legal[index]`, where `legal` is [`legal_moves`](Self::legal_moves) now and `paths`
    /// the position's capture paths when it holds a capture (`Position::notation_paths`): a move
    /// chosen from a list already made, without generating the moves again (the JS bindings keep
    /// the list they gave). Returns the move played; `None` when `index` is past the list's end.
    // used by the draughts bindings only, which the backgammon family's rules module leaves out
    #[cfg_attr(tabla_family = "backgammon", allow(dead_code))]
    pub(crate) fn play_listed(
        &mut self,
        legal: &[Move],
        paths: &[Move],
        index: usize,
    ) -> Option<Result<Move, GameError>> {
        let mv = *legal.get(index)?;
        if let Some(o) = self.outcome {
            return Some(Err(GameError::GameOver(o)));
        }
        Some(self.commit(mv, legal, paths))
    }

    fn commit(&mut self, mv: Move, legal: &[Move], paths: &[Move]) -> Result<Move, GameError> {
        if let Some(t) = self.binding_touch(legal) {
            if mv.from() != t {
                return Err(GameError::TouchMove { touched: t });
            }
        }
        let notation = if mv.is_capture() { super::notation::short_capture_text(paths, &mv) } else { mv.long_text() };
        let before = self.position;
        let after = before.after(&mv);
        let counters = self.counters.after(&before, &mv, &after);
        self.history.push(Ply { mv, notation, before, counters_before: self.counters });
        self.position = after;
        self.counters = counters;
        self.touched = None;
        self.recorded_result = None;
        self.outcome = self.compute_outcome();
        Ok(mv)
    }

    /// Takes back the last move, restoring position, hash and draw counters exactly, and
    /// returns it. A draw agreed after that move is cancelled with it; a draw agreed before any
    /// move is cancelled alone (returning `Ok(None)`).
    ///
    /// RU-TOUCH-MOVE: with the option on, undo is refused ([`GameError::TouchMoveUndo`]): a
    /// move made stands, and so does a piece picked up. [`Game::can_undo`] says whether undo is
    /// allowed now.
    pub fn undo(&mut self) -> Result<Option<Move>, GameError> {
        if self.options.touch_move && (!self.history.is_empty() || self.touched.is_some()) {
            return Err(GameError::TouchMoveUndo { touched: self.touched });
        }
        if self.resigned.take().is_some() {
            // RU-RESIGN: a resignation is taken back alone
            self.touched = None;
            self.outcome = self.compute_outcome();
            return Ok(None);
        }
        match self.history.pop() {
            None if self.agreed_draw => {
                self.agreed_draw = false;
                self.touched = None;
                self.outcome = self.compute_outcome();
                Ok(None)
            }
            None => Err(GameError::NothingToUndo),
            Some(ply) => {
                self.position = ply.before;
                self.counters = ply.counters_before;
                self.touched = None;
                self.agreed_draw = false;
                self.resigned = None;
                self.recorded_result = None;
                self.outcome = self.compute_outcome();
                Ok(Some(ply.mv))
            }
        }
    }

    /// Whether [`Game::undo`] would succeed now: something to take back, and the touch-move rule
    /// (when on) does not forbid it.
    pub fn can_undo(&self) -> bool {
        if self.options.touch_move && (!self.history.is_empty() || self.touched.is_some()) {
            return false;
        }
        !self.history.is_empty() || self.agreed_draw || self.resigned.is_some()
    }

    /// Whether a draw was agreed.
    pub fn agreed_draw(&self) -> bool {
        self.agreed_draw
    }

    /// Changes the options (used by saves, which replay the moves first).
    pub(crate) fn set_options(&mut self, options: GameOptions) {
        self.options = options;
        self.outcome = self.compute_outcome();
    }

    /// RU-RESIGN: `loser` resigns (either side, at any time before the game is over): the game
    /// ends and his opponent wins ([`WinReason::Resignation`]). [`Game::undo`] takes back the
    /// resignation alone.
    pub fn resign(&mut self, loser: Color) -> Result<(), GameError> {
        if let Some(o) = self.outcome {
            return Err(GameError::GameOver(o));
        }
        self.resigned = Some(loser);
        self.outcome = self.compute_outcome();
        Ok(())
    }

    /// RU-RESIGN: the side that resigned, if one did.
    pub fn resigned(&self) -> Option<Color> {
        self.resigned
    }

    /// Ends the game as a draw by agreement (the UI offers it; both players must have agreed).
    pub fn agree_draw(&mut self) -> Result<(), GameError> {
        if let Some(o) = self.outcome {
            return Err(GameError::GameOver(o));
        }
        self.agreed_draw = true;
        self.outcome = self.compute_outcome();
        Ok(())
    }

    /// Picks up the piece on `square` (RU-TOUCH-MOVE). With the option off this only records
    /// the square. With it on, once a piece with a legal move is picked up, that piece must be
    /// moved: picking up another one fails with [`GameError::TouchMove`]. A piece without a
    /// legal move may be put back and another picked up.
    pub fn touch(&mut self, square: Square) -> Result<(), GameError> {
        if let Some(o) = self.outcome {
            return Err(GameError::GameOver(o));
        }
        match self.position.piece_at(square) {
            None => {
                return Err(GameError::CannotTouch { square, reason: "the square is empty".into() });
            }
            Some(p) if p.color != self.turn() => {
                return Err(GameError::CannotTouch {
                    square,
                    reason: format!("the piece is {}'s and {} is to move", p.color, self.turn()),
                });
            }
            Some(_) => {}
        }
        let legal = self.position.legal_moves();
        if let Some(t) = self.binding_touch(&legal) {
            if t != square {
                return Err(GameError::TouchMove { touched: t });
            }
        }
        self.touched = Some(square);
        Ok(())
    }

    /// Puts the touched piece back; refused while RU-TOUCH-MOVE binds it.
    pub fn release(&mut self) -> Result<(), GameError> {
        let legal = self.position.legal_moves();
        if let Some(t) = self.binding_touch(&legal) {
            return Err(GameError::TouchMove { touched: t });
        }
        self.touched = None;
        Ok(())
    }

    /// How many times the current position (with the same side to move) has occurred in this
    /// game, counting the current one.
    pub fn repetitions(&self) -> u32 {
        let n = self.history.len();
        let window = (self.counters.kings_only_plies as usize).min(n);
        let mut count = 1;
        let mut back = 2;
        while back <= window {
            if self.history[n - back].before == self.position {
                count += 1;
            }
            back += 2;
        }
        count
    }

    fn compute_outcome(&self) -> Option<Outcome> {
        let pos = &self.position;
        let loser = pos.turn();
        if pos.pieces(loser) == 0 {
            return Some(Outcome::Win { winner: loser.opposite(), reason: WinReason::NoPieces });
        }
        if !pos.has_legal_move() {
            return Some(Outcome::Win { winner: loser.opposite(), reason: WinReason::NoMoves });
        }
        if self.agreed_draw {
            return Some(Outcome::Draw(DrawReason::Agreement));
        }
        if let Some(loser) = self.resigned {
            return Some(Outcome::Win { winner: loser.opposite(), reason: WinReason::Resignation });
        }
        match self.recorded_result.as_deref() {
            Some("1-0") => return Some(Outcome::Win { winner: Color::White, reason: WinReason::Recorded }),
            Some("0-1") => return Some(Outcome::Win { winner: Color::Black, reason: WinReason::Recorded }),
            _ => {}
        }
        if self.options.draw_rules {
            if self.repetitions() >= 3 {
                return Some(Outcome::Draw(DrawReason::Repetition));
            }
            if let Some(r) = self.counters.draw_reason(pos) {
                return Some(Outcome::Draw(r));
            }
        }
        None
    }

    /// Records a result the rules did not produce (`1-0` or `0-1` from a game file) and ends
    /// the game with it ([`WinReason::Recorded`]); only while the game is not over.
    pub(crate) fn record_result(&mut self, result: &str) {
        if self.outcome.is_none() && matches!(result, "1-0" | "0-1") {
            self.recorded_result = Some(result.to_string());
            self.outcome = self.compute_outcome();
        }
    }

    /// Perft from the current position (one move per start, end and captured set).
    pub fn perft(&self, depth: u32) -> u64 {
        super::perft::perft(&self.position, depth)
    }
}

#[cfg(test)]
mod option_tests {
    use super::*;

    /// The option table and the struct agree: serde writes exactly the table's keys, each with
    /// the default the table reports, and a missing key reads as its default.
    #[test]
    fn draughts_option_specs_match_the_options_struct() {
        let json = serde_json::to_value(GameOptions::default()).unwrap();
        let mut keys: Vec<&str> = json.as_object().unwrap().keys().map(String::as_str).collect();
        let mut specs: Vec<&str> = OPTION_SPECS.iter().map(|s| s.key).collect();
        keys.sort();
        specs.sort();
        assert_eq!(keys, specs);
        for s in OPTION_SPECS {
            assert_eq!(json[s.key], s.default_value(), "{}", s.key);
        }
        let o: GameOptions = serde_json::from_str(r#"{"drawRules":false}"#).unwrap();
        assert_eq!(o, GameOptions { draw_rules: false, ..GameOptions::default() });
        assert!(serde_json::from_str::<GameOptions>(r#"{"drawRule":false}"#).is_err());
        assert_eq!(GameOptions::check_keys(["drawRule"]).unwrap_err().key, "drawRule");
    }
}

#[cfg(test)]
mod listing_tests {
    use super::*;

    /// `legal_moves_into` lists what `legal_moves` lists, into a buffer holding other moves:
    /// every move of a game, a touched piece that binds, and none once the game is over; and
    /// `play_listed` plays the move at its index as `play_move` does, refusing an index past the
    /// end.
    #[test]
    fn legal_moves_into_and_play_listed_agree_with_legal_moves_and_play_move() {
        let mut g = Game::new(GameOptions { touch_move: true, ..GameOptions::default() });
        let mut buffer = Position::start().legal_moves();
        buffer.extend(buffer.clone());
        for ply in 0..400 {
            if ply % 3 == 0 {
                if let Some(m) = g.legal_moves().last() {
                    g.touch(m.from()).unwrap();
                }
            }
            g.legal_moves_into(&mut buffer);
            assert_eq!(buffer, g.legal_moves(), "ply {ply}");
            if g.is_over() {
                break;
            }
            let paths = g.position().notation_paths(&buffer);
            assert!(g.clone().play_listed(&buffer, &paths, buffer.len()).is_none());
            let i = (ply * 7) % buffer.len();
            let mut by_move = g.clone();
            let played = g.play_listed(&buffer, &paths, i).unwrap().unwrap();
            assert_eq!(by_move.play_move(&buffer[i]).unwrap(), played);
            assert_eq!(by_move.history().last().unwrap().notation, g.history().last().unwrap().notation);
            assert_eq!(by_move.fen(), g.fen());
        }
        assert!(g.is_over());
        g.legal_moves_into(&mut buffer);
        assert!(buffer.is_empty());
    }
}
