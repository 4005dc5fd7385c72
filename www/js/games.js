// The kinds of game the UI knows, and everything that differs between them: which engine class,
// controller and board renderer, the options (from the engine's own declaration), how a game is
// saved, loaded, exported and imported, and which computer opponent plays it. The rest of the UI
// asks `kindOf(game)` and never branches on the game's name. No rule lives here: options, their
// defaults, saves and notations all come from the engine (the package's optionSpecs(),
// defaultOptions(), toJSON()/fromJSON(), gnubgId()/fromGnubg(), pdn()/fromPdn(), fen()/fromFen()).
//
// This module has no DOM dependency: the computer opponent's worker loads games through it too.

/**
 * One option of the engine's declaration (`optionSpecs()`, docs/js-api.md).
 * @typedef {{ key: string, kind: 'bool'|'number'|'enum', values?: string[], min?: number, max?: number,
 *   variants?: string[], stored?: boolean, doc?: string }} OptionSpec
 */

/**
 * Whether the option form shows a spec: not the game itself (`variant`, chosen above the form)
 * nor what the engine does not keep in a game's options (`stored: false`: the dice seed, given
 * by ?seed= for tests and reproducible links, and fromPositionId's turn).
 */
const inForm = (s) => s.key !== 'variant' && s.stored !== false;

/** The options of `options` that `specs` declares; any other key is left out. */
function pick(specs, options) {
  const out = {};
  for (const s of specs) if (options && s.key in options) out[s.key] = options[s.key];
  return out;
}

/**
 * The `format` of a save given as JSON text ('tabla-backgammon', 'tabla-save', ...), or null
 * (also for a PDN text that opens with a `{comment}`).
 */
export function saveFormat(text) {
  if (!text.startsWith('{')) return null;
  try {
    return JSON.parse(text).format ?? null;
  } catch {
    return null;
  }
}

/** A Jellyfish .mat match file: "N point match" or a " Game 1" line before any move. */
const matText = (text) => /^\s*\d+\s+point match\s*$/im.test(text) || /^\s*Game 1\s*$/m.test(text);

/** A GNU Backgammon SGF file (GM[6]). */
const sgfText = (text) => text.startsWith('(;') && /GM\[6\]/.test(text);

/** Specs for one game: those that apply to it (a spec without `variants` applies to every one). */
const forGame = (specs, game) => specs.filter((s) => !s.variants || s.variants.includes(game));

/**
 * Loads a board's controller module with the modules it imports requested at the same time (one
 * round trip instead of one per level of imports): the first module's export `name`.
 */
const withDeps = (modules, name) => Promise.all(modules).then((m) => m[0][name]);

const BACKGAMMON = {
  id: 'backgammon',
  games: ['backgammon', 'table', 'acey-deucey'],
  /** A game by link's calls for this kind (the session's game, its next message, whose turn). */
  link: {
    game: (session) => session.backgammon(),
    send: (session, engine) => session.sendBackgammon(engine),
    turn: (session, engine) => session.turnBackgammon(engine),
  },
  /** The board's controller class (it brings its geometry and renderer). */
  controller: () =>
    withDeps(
      [import('./bg/controller.js'), import('./bg/render.js'), import('./bg/geometry.js')],
      'BackgammonController',
    ),
  aiSupported: (support) => !!support?.backgammon,
  /**
   * The home page offers one scale of levels; each engine names its own. Backgammon's are
   * beginner, casual, intermediate, advanced, strong (1-ply), expert (2-ply, work bounded).
   */
  aiLevels: { beginner: 'beginner', easy: 'casual', medium: 'intermediate', hard: 'strong', master: 'expert' },
  /** The options this game has, in the engine's order, as the engine declares them. */
  /** Whether the page's engine `M` has this kind's rules (engine.js: one module per kind). */
  loaded: (M) => typeof M?.Backgammon === 'function',
  optionSpecs: (M, game) => forGame(M.Backgammon.optionSpecs(), game),
  formSpecs(M, game) {
    return this.optionSpecs(M, game).filter(inForm);
  },
  defaultOptions: (M, game) => M.Backgammon.defaultOptions(game),
  /** The engine's options for `game` from a page's (possibly partial, possibly stale) options. */
  engineOptions(M, game, options) {
    return { ...pick(this.optionSpecs(M, game), options), variant: game };
  },
  create(M, game, options) {
    return new M.Backgammon(this.engineOptions(M, game, options));
  },
  /** The set-up editor's calls: a game at a set-up, a position's link text read, the checker count. */
  setup: {
    build: (M, setup, options) => M.Backgammon.fromSetup(setup, options),
    fromText: (M, game, text) => M.Backgammon.fromXgid(text, { variant: game }),
    start: (M, game) => new M.Backgammon({ variant: game, seed: 0 }),
    checkersPerSide: (M) => M.Backgammon.checkersPerSide(),
  },
  /** What a tabla save keeps of a game (its `data`). */
  saveData: (engine) => engine.toJSON(),
  fromData: (M, data) => M.Backgammon.fromJSON(data),
  /**
   * What the Games list shows of a game without loading it: the engine's outcome and match score
   * (a money session keeps its running score there too). `finished`: nothing more to play (a
   * match won, or a single game over).
   */
  summary(engine) {
    const s = engine.state();
    const o = engine.outcome();
    const m = s.match;
    const finished = !!o && (m.length === 0 || m.over === true);
    return {
      finished,
      winner: o?.winner ?? null,
      points: o?.points ?? 0,
      match: { length: m.length, score: { white: m.score.white, black: m.score.black } },
    };
  },
  /** The game (variant) an engine plays, and its options, e.g. after an import. */
  describe: (engine) => ({ game: engine.state().variant, options: engine.state().options || {} }),
  /**
   * `full`: written by the package's full module only (the worker's: Cargo feature `formats`),
   * not by the rules module a board plays on; ask the worker ('bg-export').
   */
  exports: [
    { format: 'json', label: 'export.json', ext: 'json' },
    { format: 'gnubg', label: 'export.gnubg', ext: 'txt' },
    { format: 'xgid', label: 'export.xgid', ext: 'txt' },
    { format: 'mat', label: 'export.mat', ext: 'mat', full: true },
    { format: 'sgf', label: 'export.sgf', ext: 'sgf', full: true },
  ],
  exportAs(engine, format) {
    if (format === 'gnubg') return engine.gnubgId();
    if (format === 'xgid') return engine.xgid();
    if (format === 'mat') return engine.toMat();
    if (format === 'sgf') return engine.toSgf();
    return null;
  },
  /**
   * Texts this kind imports: an engine save (toJSON's, as JSON), gnubg's "PositionID[:MatchID]",
   * an XGID, a Jellyfish .mat match file or a GNU Backgammon SGF file (the engine reads them all).
   */
  recognises(text) {
    return (
      saveFormat(text) === 'tabla-backgammon' ||
      /^[A-Za-z0-9+/]{14}(:[A-Za-z0-9+/]{12})?$/.test(text) ||
      /^(XGID=)?[-A-Oa-o]{26}:/.test(text) ||
      matText(text) ||
      sgfText(text)
    );
  },
  /**
   * Whether only the full module reads `text` (a .mat or an SGF file): a board's rules module
   * cannot; the worker turns it into an engine save first ('bg-import').
   */
  needsFull: (text) => sgfText(text) || matText(text),
  /** Import into `game` (the page's backgammon-family game, or backgammon): the engine reads it. */
  importText(M, text, { game, options }) {
    if (text.startsWith('{')) return M.Backgammon.fromJSON(JSON.parse(text));
    if (sgfText(text)) return M.Backgammon.fromSgf(text);
    if (matText(text)) return M.Backgammon.fromMat(text);
    const g = this.games.includes(game) ? game : 'backgammon';
    if (/^(XGID=)?[-A-Oa-o]{26}:/.test(text)) return M.Backgammon.fromXgid(text, this.engineOptions(M, g, options));
    return M.Backgammon.fromGnubg(text, this.engineOptions(M, g, options));
  },
  /** A text holds one match (.mat, .sgf: every game is in the one object): nothing to choose. */
  choices: () => null,
};

const DRAUGHTS = {
  id: 'draughts',
  games: ['russian-draughts'],
  link: {
    game: (session) => session.draughts(),
    send: (session, engine) => session.sendDraughts(engine),
    turn: (session, engine) => session.turnDraughts(engine),
  },
  controller: () =>
    withDeps(
      [import('./draughts/controller.js'), import('./draughts/render.js'), import('./draughts/geometry.js')],
      'DraughtsController',
    ),
  aiSupported: (support) => !!support?.draughts,
  aiLevels: { beginner: 'beginner', easy: 'easy', medium: 'medium', hard: 'hard', master: 'master' },
  loaded: (M) => typeof M?.RussianDraughts === 'function',
  optionSpecs: (M) => M.RussianDraughts.optionSpecs(),
  formSpecs(M, game) {
    return this.optionSpecs(M, game).filter(inForm);
  },
  defaultOptions: (M) => M.RussianDraughts.defaultOptions(),
  engineOptions(M, game, options) {
    return pick(this.optionSpecs(M, game), options);
  },
  create(M, game, options) {
    return new M.RussianDraughts(this.engineOptions(M, game, options));
  },
  /** The set-up editor's calls: a game at a set-up, a position's link text (FEN) read. */
  setup: {
    build: (M, setup) => M.RussianDraughts.fromSetup(setup),
    fromText: (M, _game, text) => M.RussianDraughts.fromFen(text),
    start: (M) => new M.RussianDraughts(),
  },
  /**
   * The engine's save (toJSON: position, history and options), plus the moves as PDN so that a
   * save stays readable by other programs. Older saves had only { fen0, moves, pdn }.
   */
  saveData: (engine) => ({ json: engine.toJSON(), pdn: engine.pdn() }),
  fromData(M, data, options) {
    if (data?.json) return M.RussianDraughts.fromJSON(data.json);
    // a save from before toJSON(): replay the moves from the start position with the options
    const opts = this.engineOptions(M, 'russian-draughts', options);
    try {
      const g = data?.fen0 ? M.RussianDraughts.fromFen(data.fen0, opts) : new M.RussianDraughts(opts);
      for (const mv of data?.moves || []) g.play(mv);
      return g;
    } catch (e) {
      if (data?.pdn) return M.RussianDraughts.fromPdn(data.pdn, opts);
      throw e;
    }
  },
  describe: (engine) => ({ game: 'russian-draughts', options: engine.toJSON().options }),
  /** What the Games list shows: the engine's outcome (result and reason) and the moves played. */
  summary(engine) {
    const s = engine.state();
    const o = s.outcome;
    return { finished: !!o, result: o?.result ?? null, reason: o?.reason ?? null, moves: s.history.length };
  },
  exports: [
    { format: 'pdn', label: 'export.pdn', ext: 'pdn' },
    { format: 'fen', label: 'export.fen', ext: 'txt' },
    { format: 'json', label: 'export.json', ext: 'json' },
  ],
  exportAs(engine, format) {
    if (format === 'pdn') return engine.pdn();
    if (format === 'fen') return engine.fen();
    return null;
  },
  /** Every format draughts reads is in the rules module. */
  needsFull: () => false,
  /** An engine save (toJSON's), FEN ("W:W...:B...") or PDN (tags, or numbered moves like "1. c3-d4"). */
  recognises(text) {
    return (
      saveFormat(text) === 'tabla-draughts' ||
      /^[WB]:/.test(text) ||
      /^\[/.test(text) ||
      /(^|\s)(\d+\.\s*)?[a-h][1-8][-:x][a-h][1-8]/.test(text)
    );
  },
  /**
   * How this kind reads a text it recognises: 'json' (an engine save), 'fen' or 'pdn' (a game
   * record, whose comments a board can show). The one place that tells them apart.
   */
  textFormat(text) {
    if (saveFormat(text) !== null) return 'json';
    return /^[WB]:/.test(text) ? 'fen' : 'pdn';
  },
  /** `index`: which game of a PDN file with several (see `choices`); the first by default. */
  importText(M, text, { options, index = 0 }) {
    const format = this.textFormat(text);
    if (format === 'json') return M.RussianDraughts.fromJSON(JSON.parse(text));
    const opts = this.engineOptions(M, 'russian-draughts', options);
    if (format === 'fen') return M.RussianDraughts.fromFen(text, opts);
    const games = M.RussianDraughts.parsePdnGames(text, opts);
    const chosen = games[index] ?? games[0];
    for (const g of games) if (g !== chosen) g.free();
    if (!chosen) return M.RussianDraughts.fromPdn(text, opts); // no game: the engine says why
    return chosen;
  },
  /**
   * The games of a PDN file with more than one, to choose from: `{ moves, result }` each (the
   * engine's reading); null for one game, a FEN or a save.
   */
  choices(M, text, { options }) {
    if (this.textFormat(text) !== 'pdn') return null;
    const games = M.RussianDraughts.parsePdnGames(text, this.engineOptions(M, 'russian-draughts', options));
    const list = games.map((g) => {
      const s = g.state();
      g.free();
      return { moves: s.history.length, result: s.outcome?.result ?? null };
    });
    return list.length > 1 ? list : null;
  },
};

/** Every kind, in the order the home page lists their games. */
export const KINDS = [BACKGAMMON, DRAUGHTS];

/** Every game name a <tabla-board game="..."> accepts. */
export const GAMES = KINDS.flatMap((k) => k.games);

/** Whether `game` is a game name some kind plays. */
export const isGame = (game) => GAMES.includes(game);

/** The kind that plays `game` (backgammon's for an unknown name). */
export function kindOf(game) {
  return KINDS.find((k) => k.games.includes(game)) || BACKGAMMON;
}

/** The kind whose importer recognises `text`, or null. */
export function kindForText(text) {
  return KINDS.find((k) => k.recognises(text)) || null;
}
