// The calls a game loop makes at every move, built here from the compact results of the module
// (src/wasm/packed.rs): legalPlays(), play(steps), roll() and phase() of Backgammon, legalMoves(),
// play() and outcome() of RussianDraughts. Each gives what the method of the bare glue gives
// (the same values, keys and key order: tests/js/speed-paths.test.mjs compares them) with one
// crossing of the boundary per call instead of one per field. The engine still computes every
// value; this file only reads the buffer. `install` is called by each entry on its own module's
// classes: index.js (and so node.js) on the full module's, rules.js on the rules module's.

/** The methods of the bare glue of each module installed, by its Backgammon class (tests compare with them). */
export const eagerOf = new Map();

const decoder = new TextDecoder();
const SEP = '\n';

/** One-character strings of the ASCII codes. */
const ASCII = Array.from({ length: 128 }, (_, c) => String.fromCharCode(c));

/**
 * The texts of a packed list, from byte `at` to the end, split at SEP. A short list (a few
 * draughts moves) is read here, character by character, which costs less than a TextDecoder
 * call when it is ASCII (notation always is); anything else goes through the decoder (one call
 * for the whole list).
 */
function texts(b, at) {
  if (b.length - at <= 64) {
    const out = [];
    let s = '';
    let i = at;
    for (; i < b.length && b[i] < 128; i++) {
      if (b[i] === 10) {
        out.push(s);
        s = '';
      } else s += ASCII[b[i]];
    }
    if (i === b.length) {
      out.push(s);
      return out;
    }
  }
  return decoder.decode(b.subarray(at)).split(SEP);
}

/** The count at the start of a packed list (u32, little-endian). */
const count = (b) => (b[0] | (b[1] << 8) | (b[2] << 16) | (b[3] << 24)) >>> 0;

// The two words of packed steps, set by packSteps.
let low = 0;
let high = 0;

/**
 * Packs `play` (14 bits a step: from, to, die, hit) when it is an array of at most four plain
 * objects with whole `from` and `to` from 0 to 25, `die` from 0 to 7 and a boolean `hit`; returns
 * the step count, or -1 for anything else (which the glue's `play` then reads and judges, with
 * its own errors). Reading runs the caller's getters or Proxy traps: whatever they throw only
 * sends the play to the glue's reader, which reports it.
 */
function packSteps(play) {
  try {
    if (!Array.isArray(play) || Object.getPrototypeOf(play) !== Array.prototype) return -1;
    const n = play.length;
    if (n > 4) return -1;
    low = 0;
    high = 0;
    for (let i = 0; i < n; i++) {
      const s = play[i];
      if (typeof s !== 'object' || s === null || Object.getPrototypeOf(s) !== Object.prototype) return -1;
      const { from, to, die, hit } = s;
      if (!(Number.isInteger(from) && Number.isInteger(to) && Number.isInteger(die))) return -1;
      if (from < 0 || from > 25 || to < 0 || to > 25 || die < 0 || die > 7 || typeof hit !== 'boolean') return -1;
      const code = from | (to << 5) | (die << 10) | (hit ? 1 << 13 : 0);
      if (i < 2) low |= code << (14 * i);
      else high |= code << (14 * (i - 2));
    }
    return n;
  } catch {
    return -1;
  }
}

/**
 * Replaces the hot methods of one module's `Backgammon` and `RussianDraughts` with the packed
 * readers; the glue's own methods stay in `eagerOf.get(Backgammon)`.
 */
export function install(Backgammon, RussianDraughts) {
  if (eagerOf.has(Backgammon)) return;
  const bg = Backgammon.prototype;
  const ru = RussianDraughts.prototype;
  const eager = {
    legalPlays: bg.legalPlays,
    backgammonPlay: bg.play,
    roll: bg.roll,
    phase: bg.phase,
    legalMoves: ru.legalMoves,
    draughtsPlay: ru.play,
    outcome: ru.outcome,
  };
  eagerOf.set(Backgammon, eager);
  const packed = {
    legalPlays: bg.__legalPlays,
    playSteps: bg.__playSteps,
    roll: bg.__roll,
    phase: bg.__phase,
    legalMoves: ru.__legalMoves,
    play: ru.__play,
    isOver: ru.__isOver,
  };

  bg.legalPlays = function legalPlays() {
    const b = packed.legalPlays.call(this);
    const n = count(b);
    const plays = new Array(n);
    let at = 4;
    for (let i = 0; i < n; i++) {
      const k = b[at++];
      const steps = new Array(k);
      for (let j = 0; j < k; j++, at += 4) {
        steps[j] = { from: b[at], to: b[at + 1], die: b[at + 2], hit: b[at + 3] === 1 };
      }
      plays[i] = { notation: '', positionId: '', steps };
    }
    const t = texts(b, at);
    for (let i = 0; i < n; i++) {
      plays[i].notation = t[2 * i];
      plays[i].positionId = t[2 * i + 1];
    }
    return plays;
  };

  bg.play = function play(steps) {
    const n = typeof steps === 'string' ? -1 : packSteps(steps);
    if (n < 0) return eager.backgammonPlay.call(this, steps);
    return packed.playSteps.call(this, n, low >>> 0, high >>> 0);
  };

  bg.roll = function roll() {
    const r = packed.roll.call(this);
    return [r & 255, r >>> 8];
  };

  /** Each phase's name by its index, learnt from the glue's phase() the first time it is seen. */
  const phases = [];
  bg.phase = function phase() {
    const i = packed.phase.call(this);
    if (phases[i] === undefined) phases[i] = eager.phase.call(this);
    return phases[i];
  };

  /** The square names by index (from the module, on first use: it may not be initialised yet). */
  let squares;

  /** The moves of a packed draughts list. */
  function moves(b) {
    squares ??= RussianDraughts.__squares().split(' ');
    const n = count(b);
    const out = new Array(n);
    let at = 4;
    for (let i = 0; i < n; i++) {
      const from = squares[b[at]];
      const to = squares[b[at + 1]];
      const k = b[at + 2];
      at += 3;
      const path = new Array(k);
      for (let j = 0; j < k; j++) path[j] = squares[b[at++]];
      const c = b[at++];
      const captured = new Array(c);
      for (let j = 0; j < c; j++) captured[j] = squares[b[at++]];
      out[i] = { notation: '', from, to, path, captured, promotes: b[at++] === 1 };
    }
    const t = texts(b, at);
    for (let i = 0; i < n; i++) out[i].notation = t[i];
    return out;
  }

  ru.legalMoves = function legalMoves() {
    return moves(packed.legalMoves.call(this));
  };

  ru.play = function play(notation) {
    if (typeof notation !== 'string') return eager.draughtsPlay.call(this, notation);
    return moves(packed.play.call(this, notation))[0];
  };

  ru.outcome = function outcome() {
    return packed.isOver.call(this) ? eager.outcome.call(this) : null;
  };
}
