// Loads the wasm package (www/pkg, built by scripts/build.sh; in the npm package the package
// itself) once, for every board on the page. The page plays on the rules modules: one per game
// family (rules-backgammon.js, rules-draughts.js: the rules engines, saves, PDN/FEN and gnubg
// IDs of that family, without the computer opponents, their network weights, the backgammon
// .mat/.sgf match files and games by link), so that a board becomes playable on its own game's
// code; the other family's module loads once the board takes input (tabla-board.js). In the npm
// package both are its one rules module (rules.js: scripts/build.sh rewrites the paths below).
// The computer opponent's worker loads the full module (index.js), and so does the page for a
// game by link (link.js) or a .mat/.sgf (embed.js). Objects of one module cannot be passed to
// another: they meet as saves (toJSON); a game by link is played on the full module's objects
// (its session sends only those).
const loads = {};

/** Runs `load` once per `key`; a failure allows a retry. */
function once(key, load) {
  if (!loads[key]) {
    loads[key] = load();
    loads[key].catch(() => {
      loads[key] = null;
    });
  }
  return loads[key];
}

/**
 * A rules module's code, compiled as it streams in, off the main thread: started with the load
 * (before the glue's modules have loaded and run, which is when the glue would start it), so the
 * page draws its first frame meanwhile. Resolves to the WebAssembly.Module, or to undefined where
 * it cannot (no streaming compilation, a server that does not send application/wasm): the glue
 * then fetches and compiles the file itself.
 */
function compileRules(url) {
  if (typeof WebAssembly?.compileStreaming !== 'function') return Promise.resolve(undefined);
  return WebAssembly.compileStreaming(fetch(url)).catch(() => undefined);
}

/**
 * Each game kind's rules module (games.js: kind.id): its .wasm as a literal URL beside the glue
 * and its entry as a literal specifier, so that bundlers follow them (the npm package's copy,
 * pkg/board/engine.js, names its own ../tabla_rules_bg.wasm and ../rules.js for both).
 */
const RULES = {
  backgammon: {
    wasm: () => new URL('../pkg/tabla_rules_backgammon_bg.wasm', import.meta.url),
    entry: () => import('../pkg/rules-backgammon.js'),
  },
  draughts: {
    wasm: () => new URL('../pkg/tabla_rules_draughts_bg.wasm', import.meta.url),
    entry: () => import('../pkg/rules-draughts.js'),
  },
};

/** The page's engine: the classes of every rules module loaded so far ({ Backgammon, RussianDraughts, ... }). */
const engine = {};

/** Resolves to one game kind's rules module after init (once per .wasm: the package's two are one). */
function loadRules(kind) {
  const r = RULES[kind] ?? RULES.backgammon;
  const url = r.wasm();
  return once(`rules:${url.href}`, async () => {
    const code = compileRules(url);
    const mod = await r.entry();
    const compiled = await code;
    await mod.default(compiled ? { module_or_path: compiled } : undefined);
    return mod;
  });
}

/**
 * Resolves to the page's engine ({ Backgammon, RussianDraughts, ... }) once the rules module of
 * `kind` (games.js: 'backgammon' or 'draughts') is loaded; without `kind`, once every kind's is.
 * The one object is shared: the classes of a module that loads later are added to it.
 */
export async function loadEngine(kind) {
  const kinds = kind ? [kind] : Object.keys(RULES);
  await Promise.all(kinds.map((k) => loadRules(k).then((m) => Object.assign(engine, m))));
  return engine;
}

/**
 * Resolves to the full module (the rules, the computer opponents, the match files and games by
 * link) after init: the worker's, and the page's for a game by link.
 */
export function loadFullEngine() {
  return once('full', async () => {
    // index.js picks the SIMD build or the plain one, whichever this browser runs
    const mod = await import('../pkg/index.js');
    await mod.default();
    return mod;
  });
}

/** Which computer opponents the package offers (the AI methods arrive later). */
export function aiSupport(mod) {
  return {
    backgammon: !!(mod?.Backgammon && typeof mod.Backgammon.prototype.bestPlay === 'function'),
    draughts: !!(mod?.RussianDraughts && typeof mod.RussianDraughts.prototype.bestMove === 'function'),
  };
}

/**
 * Which computer opponents the worker's full module offers, read from its glue's classes (its
 * .wasm is neither fetched nor compiled here: that is the worker's). `{ backgammon: false,
 * draughts: false }` when the glue cannot be loaded.
 */
export async function loadAiSupport() {
  try {
    return aiSupport(await import('../pkg/tabla.js'));
  } catch {
    return aiSupport(null);
  }
}

// ---- the computer opponent's worker, supervised ---------------------------------------------

/**
 * Time one answer may take, by level (ms), before its worker is taken for hung or dead. The
 * strongest levels search longest; a fresh worker first loads and compiles the .wasm (and solves
 * the bear-off table after its first backgammon answer), so its first two answers get START_MS
 * more.
 */
export const AI_TIMEOUT_MS = { beginner: 8000, easy: 8000, medium: 12000, hard: 20000, master: 40000 };
const START_MS = 20000;

/**
 * The time allowed for one answer at `level` from a worker that has given `answered` answers.
 * `globalThis.tablaAiTimeScale` (a positive number) scales it: the fault tests use 0.1.
 */
export function aiTimeout(level, answered = 2) {
  const scale = globalThis.tablaAiTimeScale > 0 ? globalThis.tablaAiTimeScale : 1;
  return ((AI_TIMEOUT_MS[level] ?? AI_TIMEOUT_MS.medium) + (answered < 2 ? START_MS : 0)) * scale;
}

const isInt = (n) => Number.isInteger(n);
/** What a well-formed answer to each request kind looks like (anything else is nonsense). */
const ANSWER = {
  bg: (r) =>
    !!r &&
    typeof r.notation === 'string' &&
    Array.isArray(r.steps) &&
    r.steps.every((s) => isInt(s?.from) && isInt(s?.to)),
  'bg-cube': (r) => r === 'take' || r === 'pass',
  'bg-doubles': (r) => isInt(r) && r >= 1 && r <= 6,
  ru: (r) => !!r && typeof r.notation === 'string' && r.notation.length > 0 && Array.isArray(r.path),
  'ru-draw': (r) => typeof r === 'boolean',
  'bg-cube-action': (r) => !!r && typeof r.double === 'boolean' && typeof r.take === 'boolean',
  'bg-warm': (r) => r === true,
  'bg-eval': (r) => !!r && typeof r.white === 'number' && r.white >= 0 && r.white <= 1,
  'ru-eval': (r) => !!r && !!r.white && typeof r.white === 'object',
  'bg-resign': (r) => r === null || (typeof r?.kind === 'string' && isInt(r.points)),
  'bg-resign-answer': (r) => !!r && typeof r.accept === 'boolean',
  'bg-hint': (r) =>
    Array.isArray(r) &&
    r.every((h) => typeof h?.notation === 'string' && Array.isArray(h.steps) && typeof h.equity === 'number'),
  'bg-rollout': (r) => !!r && isInt(r.trials) && r.trials > 0 && typeof r.estimate?.equity === 'number',
  'ru-hint': (r) => !!r && typeof r.best?.notation === 'string' && Array.isArray(r.pv) && !!r.score,
  // the game analysis (www/js/analysis.js): one decision per request, then the summary
  'bg-analyze': (r) =>
    !!r && isInt(r.length) && (r.turn === null || (isInt(r.turn?.index) && typeof r.turn.whiteWin === 'number')),
  'bg-analysis-summary': (r) => !!r && typeof r.white?.errorRate === 'number' && typeof r.black?.errorRate === 'number',
  'ru-analyze': (r) =>
    !!r &&
    isInt(r.length) &&
    (r.move === null || (typeof r.move?.played === 'string' && typeof r.move.whiteExpectation === 'number')),
  'ru-analysis-summary': (r) => !!r && isInt(r.white?.decisions) && isInt(r.black?.decisions),
  // the backgammon formats of the full module only (games.js: `full`, needsFull)
  'bg-export': (r) => typeof r === 'string',
  'bg-import': (r) => !!r && r.format === 'tabla-backgammon',
};

/** Why the computer gave up: a `{ code: 'ai-unavailable', reason }` error, reason one of these. */
export const AI_FAULTS = ['timeout', 'crashed', 'garbage'];

/**
 * The computer opponent's worker (www/js/worker.js) behind a supervisor. Invariants: every
 * request settles — with the worker's answer, with the engine's own typed error, or with
 * `{ code: 'ai-unavailable', reason }`; a worker that times out (hung, killed, closed itself),
 * raises an uncaught error or sends a malformed answer is terminated and replaced, and each of its
 * requests is sent once more to the new worker before it fails.
 */
export class AiSupervisor {
  /** `url`: the worker module; `create(url)` makes a Worker (the default: a module worker). */
  constructor(url, create = (u) => new Worker(u, { type: 'module' })) {
    this.url = url;
    this.create = create;
    this.seq = 0;
    this.rec = null;
    /** How many workers were replaced after a fault (for the tests and the curious). */
    this.replaced = 0;
  }

  /** The live worker, if any. */
  get worker() {
    return this.rec?.worker ?? null;
  }

  /** Ask for an answer: `msg` is { kind, game, options, save, level }. */
  request(msg) {
    return new Promise((resolve, reject) => this._attempt(msg, 0, resolve, reject));
  }

  terminate() {
    if (this.rec) this.rec.worker.terminate();
    this.rec = null;
  }

  _spawn() {
    const worker = this.create(this.url);
    const rec = { worker, pending: new Map(), answered: 0 };
    worker.onmessage = (e) => {
      const d = e.data;
      const p = d && typeof d === 'object' ? rec.pending.get(d.id) : undefined;
      if (!p) return this._fault(rec, 'garbage');
      if ('error' in d) {
        if (!d.error || typeof d.error.message !== 'string') return this._fault(rec, 'garbage');
        rec.pending.delete(d.id);
        rec.answered++;
        return p.settle(null, Object.assign(new Error(d.error.message), d.error));
      }
      if (!(ANSWER[p.kind] ?? (() => false))(d.result)) return this._fault(rec, 'garbage');
      rec.pending.delete(d.id);
      rec.answered++;
      p.settle(d.result);
    };
    worker.onerror = (e) => {
      e.preventDefault?.();
      this._fault(rec, 'crashed');
    };
    worker.onmessageerror = () => this._fault(rec, 'garbage');
    return rec;
  }

  _attempt(msg, attempt, resolve, reject) {
    if (!this.rec) {
      try {
        this.rec = this._spawn();
      } catch (e) {
        // the worker cannot even be made (a Content-Security-Policy, a browser without workers)
        const reason = 'crashed';
        return reject(
          Object.assign(new Error(`The computer could not start (${e?.message ?? e}).`), {
            code: 'ai-unavailable',
            reason,
          }),
        );
      }
    }
    const rec = this.rec;
    const id = ++this.seq;
    // a request with a time budget of its own (a rollout's maxMs) gets that much more
    const budget = Math.max(0, Number(msg.maxMs) || 0);
    const timer = setTimeout(() => this._fault(rec, 'timeout'), aiTimeout(msg.level, rec.answered) + budget);
    rec.pending.set(id, {
      kind: msg.kind,
      settle: (result, error) => {
        clearTimeout(timer);
        if (error) reject(error);
        else resolve(result);
      },
      fail: (reason) => {
        clearTimeout(timer);
        if (attempt === 0) return this._attempt(msg, 1, resolve, reject);
        reject(
          Object.assign(new Error(`The computer could not answer (${reason}).`), { code: 'ai-unavailable', reason }),
        );
      },
    });
    try {
      rec.worker.postMessage({ ...msg, id });
    } catch {
      this._fault(rec, 'crashed');
    }
  }

  _fault(rec, reason) {
    if (this.rec === rec) {
      this.rec = null;
      this.replaced++;
    }
    rec.worker.onmessage = rec.worker.onerror = rec.worker.onmessageerror = null;
    rec.worker.terminate();
    const pending = [...rec.pending.values()];
    rec.pending.clear();
    for (const p of pending) p.fail(reason);
  }
}

/** The levels from strongest to weakest; `lowerLevel(l)` is the next weaker one (or null). */
export const LEVELS = ['master', 'hard', 'medium', 'easy', 'beginner'];
export function lowerLevel(level) {
  const i = LEVELS.indexOf(level);
  return i < 0 ? 'easy' : (LEVELS[i + 1] ?? null);
}
