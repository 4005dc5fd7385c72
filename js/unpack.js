// The calls a game loop makes at every move, built here from the compact results of the module
// (src/wasm/packed.rs): legalPlays(), play(steps), roll() and phase() of Backgammon, legalMoves(),
// play() and outcome() of RussianDraughts. Each gives what the method of the bare glue gives
// (the same values, keys and key order: tests/js/speed-paths.test.mjs compares them) with one
// crossing of the boundary per call instead of one per field. The engine still computes every
// value; this file only reads the buffer. `install` is called by each entry on its own module's
// classes: index.js (and so node.js) on the full module's, rules.js on the rules module's.
//
// The packed results lie in one buffer of the module's memory, read here through a view of it
// (no copy, no ArrayBuffer per call). The mutating hot calls also bring what a loop asks next:
// the phase after a backgammon roll() or play(), whether a draughts game is over and its legal
// moves after play(). They are kept on the object (under CACHE) and dropped by every other
// method of the class but the read-only ones named in PURE: a method not listed there (one added
// later too) counts as changing the game. tests/js/cache.test.mjs checks the kept answers against
// a fresh object after each mutating call of both classes.

/** The methods of the bare glue of each module installed, by its Backgammon class (tests compare with them). */
export const eagerOf = new Map();

const decoder = new TextDecoder();
const SEP = '\n';

/** One-character strings of the ASCII codes. */
const ASCII = Array.from({ length: 128 }, (_, c) => String.fromCharCode(c));

/** Short texts (up to 7 ASCII characters: most draughts moves) by their bytes, made once each. */
const short = new Map();
const SHORT_MAX = 4096;

/**
 * Texts of five characters, letter digit sign letter digit (most draughts moves: 'c3-d4',
 * 'c3:e5'), by their bytes: a lookup cheaper than `short`'s.
 */
const five = new Array(8 * 8 * 2 * 8 * 8);

/** The text of bytes `a` to `e` of `b`, all ASCII; through `five` or `short` when it has at most 7. */
function ascii(b, a, e) {
  if (e - a === 5) {
    const f1 = b[a] - 97;
    const r1 = b[a + 1] - 49;
    const sign = b[a + 2];
    const f2 = b[a + 3] - 97;
    const r2 = b[a + 4] - 49;
    if ((f1 | r1 | f2 | r2) >>> 0 < 8 && (sign === 45 || sign === 58)) {
      const i = (((f1 * 8 + r1) * 2 + (sign === 58 ? 1 : 0)) * 8 + f2) * 8 + r2;
      let s = five[i];
      if (s === undefined)
        s = five[i] = ASCII[b[a]] + ASCII[b[a + 1]] + ASCII[sign] + ASCII[b[a + 3]] + ASCII[b[a + 4]];
      return s;
    }
  }
  if (e - a <= 7) {
    let key = 0;
    for (let i = a; i < e; i++) key = key * 128 + b[i];
    key = key * 8 + (e - a);
    let s = short.get(key);
    if (s === undefined) {
      s = '';
      for (let i = a; i < e; i++) s += ASCII[b[i]];
      if (short.size < SHORT_MAX) short.set(key, s);
    }
    return s;
  }
  let s = '';
  for (let i = a; i < e; i++) s += ASCII[b[i]];
  return s;
}

/**
 * The texts of a packed list, from byte `at` to `end`, split at SEP. A short list (a few draughts
 * moves) is read here, which costs less than a TextDecoder call when it is ASCII (notation always
 * is); anything else goes through the decoder (one call for the whole list).
 */
function texts(b, at, end) {
  if (end - at <= 96) {
    const out = [];
    let i = at;
    let start = at;
    for (; i < end && b[i] < 128; i++) {
      if (b[i] === 10) {
        out.push(ascii(b, start, i));
        start = i + 1;
      }
    }
    if (i === end) {
      out.push(ascii(b, start, end));
      return out;
    }
  }
  return decoder.decode(b.subarray(at, end)).split(SEP);
}

/** The count at byte `at` of a packed list (u32, little-endian). */
const count = (b, at) => (b[at] | (b[at + 1] << 8) | (b[at + 2] << 16) | (b[at + 3] << 24)) >>> 0;

/** The answers kept on an object (see the top of this file). */
const CACHE = Symbol('tabla.cache');

/**
 * The read-only methods of each class: they leave the answers kept. Every other method drops
 * them (a safe default: a method wrongly missing here only costs a crossing).
 */
export const PURE = {
  backgammon: [
    'phase',
    'legalPlays',
    'state',
    'outcome',
    'positionId',
    'gnubgId',
    'matchId',
    'xgid',
    'setup',
    'toJSON',
    'isLegal',
    'clone',
    'legalSteps',
    'destinations',
    'resignKinds',
    'resigner',
  ],
  draughts: ['legalMoves', 'outcome', 'state', 'fen', 'pdn', 'toJSON', 'isLegal', 'clone', 'perft'],
};

/** Makes every method of `proto` but `pure` (and the constructor) drop the answers kept. */
function dropOnChange(proto, pure) {
  for (const key of Reflect.ownKeys(proto)) {
    // the packed readers are called only by the methods below, which set the answers themselves
    const packedReader = typeof key === 'string' && key.startsWith('__') && key !== '__destroy_into_raw';
    if (key === 'constructor' || packedReader || pure.includes(key)) continue;
    const d = Object.getOwnPropertyDescriptor(proto, key);
    if (typeof d.value !== 'function') continue;
    const method = d.value;
    const name = typeof key === 'string' ? key : method.name;
    const wrapped = {
      [name](...args) {
        this[CACHE] = undefined;
        try {
          return method.apply(this, args);
        } finally {
          // also after: whatever the caller's getters did while the arguments were read
          this[CACHE] = undefined;
        }
      },
    }[name];
    Object.defineProperty(proto, key, { ...d, value: wrapped });
  }
}

/** A glue method that drops the answers kept before it runs (for `eagerOf`, whose mutators tests call). */
const dropping = (method) =>
  function (...args) {
    this[CACHE] = undefined;
    try {
      return method.apply(this, args);
    } finally {
      this[CACHE] = undefined;
    }
  };

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
 * readers; the glue's own methods stay in `eagerOf.get(Backgammon)` (or, for a module without
 * Backgammon, `eagerOf.get(RussianDraughts)`). Either class may be missing: the web app's
 * per-game rules modules (www/js/engine.js) have one each.
 */
export function install(Backgammon, RussianDraughts) {
  const key = Backgammon ?? RussianDraughts;
  if (eagerOf.has(key)) return;
  const bg = Backgammon?.prototype;
  const ru = RussianDraughts?.prototype;
  const eager = {
    legalPlays: bg?.legalPlays,
    backgammonPlay: bg && dropping(bg.play),
    roll: bg && dropping(bg.roll),
    phase: bg?.phase,
    legalMoves: ru?.legalMoves,
    draughtsPlay: ru && dropping(ru.play),
    outcome: ru?.outcome,
  };
  eagerOf.set(key, eager);
  const packed = {
    legalPlays: bg?.__legalPlays,
    playSteps: bg?.__playSteps,
    roll: bg?.__roll,
    phase: bg?.__phase,
    legalMoves: ru?.__legalMoves,
    play: ru?.__play,
    playIndex: ru?.__playIndex,
    isOver: ru?.__isOver,
  };
  if (bg) dropOnChange(bg, PURE.backgammon);
  if (ru) dropOnChange(ru, PURE.draughts);

  // A view of the module's memory (asked on first use: the module may not be initialised yet),
  // made again when the memory has grown: growing detaches the old buffer, whose views then have
  // no bytes (a test of the view's length, cheaper than asking the memory for its buffer at
  // every call).
  let view = new Uint8Array(0);
  /** The view of the module's memory, made again if the memory has grown. */
  const live = () => {
    if (view.byteLength === 0) view = new Uint8Array(key.__memory().buffer);
    return view;
  };
  /** Where the last packed result read lies (its number first: `packed` in src/wasm/packed.rs). */
  let last = -1;
  /** The packed result `r` (its address plus its length times 2^32): sets `view`, returns where its body starts (after its number). */
  const locate = (r) => {
    live();
    last = r % 4294967296;
    return last + 4;
  };
  /** The length of the body of the packed result `r`. */
  const lengthOf = (r) => Math.floor(r / 4294967296) - 4;

  if (bg) installBackgammon();
  if (ru) installDraughts();

  function installBackgammon() {
    bg.legalPlays = function legalPlays() {
      const r = packed.legalPlays.call(this);
      const start = locate(r);
      const end = start + lengthOf(r);
      const b = view;
      const n = count(b, start);
      const plays = new Array(n);
      let at = start + 4;
      for (let i = 0; i < n; i++) {
        const k = b[at++];
        const steps = new Array(k);
        for (let j = 0; j < k; j++, at += 4) {
          steps[j] = { from: b[at], to: b[at + 1], die: b[at + 2], hit: b[at + 3] === 1 };
        }
        plays[i] = { notation: '', positionId: '', steps };
      }
      const t = texts(b, at, end);
      for (let i = 0; i < n; i++) {
        plays[i].notation = t[2 * i];
        plays[i].positionId = t[2 * i + 1];
      }
      return plays;
    };

    // A Backgammon keeps the index of its phase: { phase }.
    bg.play = function play(steps) {
      const n = typeof steps === 'string' ? -1 : packSteps(steps);
      // after packSteps, which runs the caller's getters (they may call this object)
      this[CACHE] = undefined;
      if (n < 0) return eager.backgammonPlay.call(this, steps);
      this[CACHE] = { phase: packed.playSteps.call(this, n, low >>> 0, high >>> 0) };
    };

    bg.roll = function roll() {
      this[CACHE] = undefined;
      const r = packed.roll.call(this);
      this[CACHE] = { phase: r >>> 16 };
      return [r & 255, (r >>> 8) & 255];
    };

    /** Each phase's name by its index, learnt from the glue's phase() the first time it is seen. */
    const phases = [];
    bg.phase = function phase() {
      let c = this[CACHE];
      if (c === undefined) c = this[CACHE] = { phase: packed.phase.call(this) };
      const i = c.phase;
      if (phases[i] === undefined) phases[i] = eager.phase.call(this);
      return phases[i];
    };
  }

  function installDraughts() {
    /** The square names by index (from the module, on first use: it may not be initialised yet). */
    let squares;

    /**
     * The notations naming only a move's first and last squares (most moves: 'c3-d4', 'c3:e5'), by
     * (first * 32 + last) * 2 + (1 for a capture), spelled once each.
     */
    const pairs = new Array(32 * 32 * 2);

    /**
     * The notation of the move packed at byte `at` of `b` (`pack_move`): the squares of its path
     * the engine's notation prefix names, then its last square, joined by '-' for a plain move and
     * ':' for a capture.
     */
    function spell(b, at) {
      const k = b[at];
      const c = b[at + 1 + k];
      const m = b[at + 3 + k + c];
      const first = b[at + 1];
      const last = b[at + k];
      if (m === 1) {
        const key = ((first << 5) | last) * 2 + (c > 0 ? 1 : 0);
        let s = pairs[key];
        if (s === undefined) s = pairs[key] = squares[first] + (c > 0 ? ':' : '-') + squares[last];
        return s;
      }
      let s = '';
      for (let j = 0; j < m; j++) s += squares[b[at + 1 + j]] + (c > 0 ? ':' : '-');
      return s + squares[last];
    }

    /** The bytes of the move packed at byte `at` of `b` (`pack_move`). */
    const moveBytes = (b, at) => 4 + b[at] + b[at + 1 + b[at]];

    /** The move packed at byte `at` of `b` (`pack_move`), as legalMoves() and play() give it. */
    function decode(b, at) {
      const notation = spell(b, at);
      const k = b[at];
      const from = squares[b[at + 1]];
      const to = squares[b[at + k]];
      let path;
      if (k === 2) path = [from, to];
      else {
        path = new Array(k);
        for (let j = 0; j < k; j++) path[j] = squares[b[at + 1 + j]];
      }
      at += 1 + k;
      const c = b[at++];
      let captured;
      if (c === 0) captured = [];
      else if (c === 1) captured = [squares[b[at]]];
      else {
        captured = new Array(c);
        for (let j = 0; j < c; j++) captured[j] = squares[b[at + j]];
      }
      return { notation, from, to, path, captured, promotes: b[at + c] === 1 };
    }

    /**
     * The moves from index `first` of the packed draughts turn (`pack_turn`) at byte `at` of `b`
     * (`__play` and `__playIndex` put the move played first, then the legal moves).
     */
    function moves(b, at, first) {
      const n = count(b, at + 1);
      const out = new Array(n - first);
      at += 5;
      for (let i = 0; i < first; i++) at += moveBytes(b, at);
      for (let i = first; i < n; i++) {
        out[i - first] = decode(b, at);
        at += moveBytes(b, at);
      }
      return out;
    }

    // A RussianDraughts keeps whether its game is over and, when known, where its packed turn
    // lies in the module's buffer, with the number of that result: { over, at, number, first },
    // the legal moves being those from index `first` of the turn at byte `at` (0: none kept). The
    // turn is read in place for as long as the buffer holds it (no other packed call since, by
    // any object: the buffer starts with the same number), and asked for again after that.
    /** Keeps the packed turn `r` on `game`, its legal moves from index `first`. */
    function keep(game, r, first) {
      const at = locate(r);
      const c = game[CACHE];
      if (c === undefined) {
        const kept = { over: view[at], at, number: count(view, at - 4), first };
        game[CACHE] = kept;
        return kept;
      }
      c.over = view[at];
      c.at = at;
      c.number = count(view, at - 4);
      c.first = first;
      return c;
    }

    /** Whether the module's buffer still holds the turn kept in `c` (then in `view`). */
    const holds = (c) => c.at === last + 4 && count(live(), last) === c.number;

    ru.legalMoves = function legalMoves() {
      squares ??= RussianDraughts.__squares().split(' ');
      let c = this[CACHE];
      if (c === undefined || c.at === 0 || !holds(c)) c = keep(this, packed.legalMoves.call(this), 0);
      return moves(view, c.at, c.first);
    };

    /**
     * Plays `notation` by its index among the legal moves kept in `c` (held in `view`) when it is
     * the notation of one of them (the calls a loop makes with a notation of legalMoves());
     * returns the packed turn after it, or -1 (nothing played) when it is not one of them.
     */
    function playListed(game, c, notation) {
      const b = view;
      const n = count(b, c.at + 1);
      let at = c.at + 5;
      for (let i = 0; i < n; i++) {
        if (i >= c.first && spell(b, at) === notation) {
          // the first and last squares, which the module checks against its own list
          return packed.playIndex.call(game, i - c.first, b[at + 1], b[at + b[at]]);
        }
        at += moveBytes(b, at);
      }
      return -1;
    }

    ru.play = function play(notation) {
      const old = this[CACHE];
      this[CACHE] = undefined;
      if (typeof notation !== 'string') return eager.draughtsPlay.call(this, notation);
      squares ??= RussianDraughts.__squares().split(' ');
      let r = -1;
      if (old !== undefined && old.at !== 0 && holds(old)) r = playListed(this, old, notation);
      if (r < 0) r = packed.play.call(this, notation);
      // the object of the previous answer is reused for this one
      this[CACHE] = old;
      // `view` read after keep(), which makes it again if the memory grew during the play
      const at = keep(this, r, 1).at;
      return decode(view, at + 5);
    };

    ru.outcome = function outcome() {
      let c = this[CACHE];
      if (c === undefined) c = this[CACHE] = { over: packed.isOver.call(this) ? 1 : 0, at: 0, number: 0, first: 0 };
      return c.over === 1 ? eager.outcome.call(this) : null;
    };
  }
}
