// <tabla-board game="russian-draughts|backgammon|table|acey-deucey">: a drop-in custom element
// that plays a whole game on a canvas, with its own controls, status line, move list and live
// region. The full app is built from it too.
//
// Attributes: game, options (JSON of the engine's options), orientation ("white"|"black": the side
// at the bottom), home ("right"|"left", backgammon), computer ("white"|"black": the computer plays
// that side), level, animation ("off"), persist (a key: save after every move in localStorage and
// restore on load), lang, fill (take the host's full height), controls ("none": board only),
// theme ("light"|"dark"; without it the page's prefers-color-scheme decides); for a position or a
// game shown on a page (embed.js): position, position-format, record (or src, or a child
// <script type="text/plain">), record-format, mode ("view"|"replay"|"play"), ply.
// Colours: the CSS custom properties --tabla-<name> of board-style.js (THEME_NAMES), on the
// element or an ancestor, e.g. --tabla-board, --tabla-point-light, --tabla-point-dark.
// Properties and methods: game, engine, state, options, ready (resolves once the board is
// playable), newGame(), save(), load(save), exportAs(format), importText(text), play(move), roll(),
// actions() / act(id) / confirm() / undo() (the toolbar's controls, for a page that hides them with
// controls="none"), flip(), refresh(), and the game record: browseTo(index) (the position after
// `index` entries of the move list's record; null: the game) and browse('first' | 'prev' | 'next' |
// 'last').
// Events (CustomEvent, bubbling, composed): "move", "gameover", "illegal", "ready", "interactive",
// "actions", "error", "ai-failed", "save-failed", "save-ok", "save-conflict",
// "save-reloaded", "save-removed".
// The reference for users: js/README.md, "The board" (the npm package ships this element as
// `tabla/board`, scripts/build.sh).
// Saving (persist="<key>", docs/storage.md): resume() puts the game saved under the key on the
// board; "save-failed" / "save-ok" tell a write refused and the next that worked; another tab's
// write to the key is "save-reloaded" (it continued this game: loaded) or "save-conflict" (this
// board's game is not the one saved there: the page keeps it elsewhere), a removal "save-removed".
import { loadEngine, loadAiSupport, AiSupervisor, lowerLevel } from './engine.js';
import { GAMES, KINDS, kindOf, kindForText, saveFormat } from './games.js';
import { translator, loadLanguage, preferredLanguage, pageLanguage } from './i18n/index.js';
import { motionAllowed } from './anim.js';
import * as store from './storage.js';
import { playSound } from './sound.js';
import { STYLE, THEME_NAMES } from './board-style.js';
import * as embedAttrs from './embed-attrs.js';

// Loaded on first use, not before the board is playable: the game analysis and its chart (once a
// move list is shown), the evaluation bar (the `evalbar` attribute), the reading and drawing of a
// position or a game given to the board (embed.js: its attributes, embed-attrs.js, come with the
// board). Each a literal import(), so that bundlers and scripts/precache.mjs see the file.
let analysisModule = null;
const loadAnalysis = () => import('./analysis.js');
const loadEvalBar = () => import('./evalbar.js');
let embed = null;
const loadEmbed = () =>
  import('./embed.js').then((m) => {
    embed = m;
    return m;
  });

const SAVE_FORMAT = 'tabla-save';
const isDraughtsGame = (game) => kindOf(game).id !== kindOf('backgammon').id;
/** The computer levels a save may name (the page's scale, games.js aiLevels). */
const LEVELS = Object.keys(kindOf('backgammon').aiLevels);
const ATTRS = [
  'game',
  'options',
  'orientation',
  'home',
  'computer',
  'level',
  'animation',
  'lang',
  'controls',
  'persist',
  'theme',
  'evalbar',
  'sound',
  ...embedAttrs.EMBED_ATTRS,
];

/**
 * The texts a board speaks: its own `lang` attribute's language; without one, the language the
 * page chose (i18n setLanguage, as the app does), else the reader's. It never changes the page's
 * language or another board's.
 */
async function boardTranslator(lang) {
  if (!lang && pageLanguage()) return translator(undefined);
  return translator(await loadLanguage(lang || preferredLanguage()));
}

export class TablaBoard extends HTMLElement {
  static get observedAttributes() {
    return ATTRS;
  }

  constructor() {
    super();
    this.attachShadow({ mode: 'open' });
    this.shadowRoot.innerHTML = TEMPLATE;
    // the board's styles as a constructable stylesheet: no inline <style>, so a page's
    // Content-Security-Policy `style-src 'self'` holds (docs/csp.md)
    this.shadowRoot.adoptedStyleSheets = [boardSheet(), embedAttrs.embedSheet()];
    const $ = (s) => this.shadowRoot.querySelector(s);
    this.$ = {
      wrap: $('.wrap'),
      canvas: $('canvas'),
      stage: $('.stage'),
      tools: $('.tools'),
      status: $('.status'),
      players: $('.players'),
      panel: $('.panel'),
      moves: $('.moves'),
      live: $('.live'),
      desc: $('#desc'),
      info: $('.info'),
      side: $('.side'),
      keys: $('#keys'),
    };
    this.ctx = this.$.canvas.getContext('2d');
    this.ctrl = null;
    this.engine = null;
    this.mod = null;
    this.focused = false;
    this.flipped = false;
    this._thinking = false;
    this._pending = 0;
    // this board's saves: who writes (one id per element) and the stamp of the record it last
    // wrote or read (storage.js writeGame: a record with another stamp is never written over)
    this._writer = globalThis.crypto?.randomUUID?.() ?? Math.random().toString(36).slice(2);
    this._stamp = null;
    this._ready = new Promise((resolve, reject) => {
      // once: resolved with the board when it is playable, or rejected with the fatal error
      this._settleReady = (error) => {
        this._settleReady = () => {};
        if (error) reject(error);
        else resolve(this);
      };
    });
    this._ready.catch(() => {}); // a page that never reads `ready` is told by the `error` event
    // this board's language (boardTranslator); the controllers read `host.t` without `this`
    this._tr = translator('en');
    this.t = (key, params) => this._tr.t(key, params);
    this.tn = (key, n, params) => this._tr.tn(key, n, params);
    this.errorText = (e) => this._tr.errorText(e);
    this.analysis = null; // a GameAnalysis once analysis.js is loaded (_renderAnalysis)
    this._evalBar = null; // an EvalBar once evalbar.js is loaded (_updateEvalBar)
    this._wire();
  }

  // ---- lifecycle -------------------------------------------------------------------------

  connectedCallback() {
    this._ro = new ResizeObserver(() => this._resize());
    this._ro.observe(this.$.stage);
    // the page's language changed: a board without its own `lang` follows it
    this._onLang = () => {
      if (!this.getAttribute('lang')) this._setLang().then(() => this._render());
    };
    globalThis.addEventListener('tabla-language', this._onLang);
    this._onDpr = () => this._resize();
    globalThis.addEventListener('resize', this._onDpr);
    // the built-in palette follows the page's colour scheme (unless theme="light"|"dark")
    this._scheme = globalThis.matchMedia?.('(prefers-color-scheme: light)');
    this._onScheme = () => this._draw();
    this._scheme?.addEventListener?.('change', this._onScheme);
    this._onStorage = (e) => this._storageChanged(e);
    globalThis.addEventListener('storage', this._onStorage);
    this._start();
  }

  disconnectedCallback() {
    this._ro?.disconnect();
    globalThis.removeEventListener('tabla-language', this._onLang);
    globalThis.removeEventListener('resize', this._onDpr);
    this._scheme?.removeEventListener?.('change', this._onScheme);
    globalThis.removeEventListener('storage', this._onStorage);
    this._ai?.terminate();
    this._ai = null;
  }

  attributeChangedCallback(name, oldV, newV) {
    // another key is another game's record: nothing of this one's was read or written there
    if (name === 'persist' && oldV !== newV) {
      this._stamp = null;
      this._holdSaves = false;
      this._saveFailing = false;
      return;
    }
    if (oldV === newV || !this._started || this._silent) return;
    if (name === 'ply' && this._embed && this.ctrl?.records) this.browseTo(embed.startIndex(this, this.ctrl.records()));
    else if (embedAttrs.EMBED_ATTRS.includes(name)) {
      // a board with a position or a game (or one that had one) shows the new data
      if (this.mod && (this._embed || embedAttrs.embedData(this))) this._create();
    } else if (name === 'game' || name === 'options') this.newGame();
    else if (name === 'orientation') {
      this.flipped = newV === 'black';
      this._relayout();
    } else if (name === 'lang') this._setLang().then(() => this._render());
    else if (name === 'computer' && this.ctrl) {
      this._render();
      this._maybeComputer();
    } else this._relayout();
  }

  async _start() {
    if (this._started) return;
    this._started = true;
    this.flipped = this.getAttribute('orientation') === 'black';
    // fetch this game's rules module and board code side by side, once the page's own script
    // has run (a board in the page is defined and started by the import of this module, before
    // the importing script sets its game: the app's ?game=...), so that only this game's are
    // fetched; the other game family's rules module loads once the board takes input (_attach)
    const engine = new Promise((resolve) => queueMicrotask(() => resolve(loadEngine(this.kind.id))));
    engine.catch(() => {});
    queueMicrotask(() => this.kind.controller().catch(() => {}));
    await this._setLang();
    this._render();
    try {
      this.mod = await engine;
    } catch (e) {
      this._fatal(this.t('err.engine'), e);
      return;
    }
    // the board plays on the rules module; the computer's full module is the worker's, and which
    // opponents it has is known once the board is playable (its glue is read then, not before)
    this.aiSupport = null;
    this._ready
      .then(
        () => loadAiSupport(),
        () => null,
      )
      .then((support) => {
        if (!support) return;
        this.aiSupport = support;
        this._warmAi();
        this._maybeComputer();
      });
    const raw = this.persistKey ? await store.readGame(this.persistKey) : null;
    const restored = raw !== null ? await this._restoreLoading(raw) : false;
    if (!restored) this._create();
    // `ready` and the `ready` event come when the game is on the board and takes input and every
    // game family's rules module is loaded (_attach)
  }

  /** Whether the page's engine has every game family's rules module (engine.js). */
  get _allRules() {
    return KINDS.every((k) => k.loaded(this.mod));
  }

  /**
   * `_restore(raw)` with the rules module of the game the save names loaded first, and every
   * family's when the save holds another kind's data (a mismatch, found by trying each kind).
   */
  async _restoreLoading(raw) {
    let named = null;
    try {
      named = kindOf(JSON.parse(raw)?.game)?.id ?? null;
    } catch {
      /* unreadable: _restore says so */
    }
    if (named && named !== this.kind.id) await loadEngine(named).catch(() => null);
    const restored = this._restore(raw);
    if (restored !== null) return restored;
    await loadEngine().catch(() => null);
    return this._restore(raw) ?? false;
  }

  /**
   * Resolves (to the board) once the engine is loaded and a game is on the board and takes input:
   * `state`, `play()` and the rest work from then on. Rejects when the board cannot start (the
   * engine failed to load, or the first game could not be created; an `error` event says so too).
   */
  get ready() {
    return this._ready;
  }

  /** Takes this board's language from its `lang` attribute (or the page's); the last call wins. */
  async _setLang() {
    const want = this.getAttribute('lang');
    const tr = await boardTranslator(want);
    if (this.getAttribute('lang') !== want) return;
    this._tr = tr;
    // the shadow content is marked with the language it is in (screen readers, hyphenation)
    this.$.wrap.lang = tr.lang;
  }

  // ---- public API ------------------------------------------------------------------------

  get game() {
    return this.gameName;
  }
  set game(v) {
    this.setAttribute('game', v);
  }
  get gameName() {
    const g = this.getAttribute('game');
    return GAMES.includes(g) ? g : 'backgammon';
  }
  /** The kind of game on the board (games.js): what differs between backgammon and draughts. */
  get kind() {
    return kindOf(this.gameName);
  }
  get options() {
    try {
      return JSON.parse(this.getAttribute('options') || '{}');
    } catch {
      return {};
    }
  }
  set options(v) {
    this.setAttribute('options', JSON.stringify(v || {}));
  }
  get state() {
    return this.ctrl && this.ctrl.game === this.engine ? this.ctrl.state : null;
  }
  /** The state of the position the board shows: the one browsed to in the move list, else `state`. */
  get shownState() {
    return this.ctrl?.browsed?.state ?? this.state;
  }
  get computerSide() {
    if (this.still) return null; // a diagram or a replay: nobody plays, no worker starts
    const c = this.getAttribute('computer');
    return c === 'white' || c === 'black' ? c : null;
  }
  get level() {
    return this.getAttribute('level') || 'medium';
  }
  get motion() {
    return motionAllowed(this.getAttribute('animation') !== 'off');
  }
  get homeLeft() {
    return this.getAttribute('home') === 'left';
  }
  get persistKey() {
    // a diagram or a replay on somebody's page never writes (nor reads) a saved game
    return this.still ? null : this.getAttribute('persist');
  }
  /**
   * What the host page holds back from the player at this board, for a game played elsewhere in
   * part (a game by link): 'turn' (the side to play is the friend's: no input, no controls for
   * it), 'dice' (the roll comes with the friend's answer: no Roll) or null (the default).
   */
  get hold() {
    return this._hold ?? null;
  }
  set hold(v) {
    this._hold = v === 'turn' || v === 'dice' ? v : null;
    this.refresh();
  }
  /** A diagram (mode "view") or a replay (mode "replay"): the game takes no moves. */
  get still() {
    const m = embedAttrs.modeOf(this);
    return m === 'view' || m === 'replay';
  }

  /** Start a new game with the current attributes (or new ones: {game, options, computer, level}). */
  newGame(conf) {
    if (conf) {
      this._silent = true;
      if (conf.game) this.setAttribute('game', conf.game);
      if (conf.options) this.setAttribute('options', JSON.stringify(conf.options));
      if ('computer' in conf) {
        if (conf.computer) this.setAttribute('computer', conf.computer);
        else this.removeAttribute('computer');
      }
      if (conf.level) this.setAttribute('level', conf.level);
      this._silent = false;
    }
    if (!this.mod) return;
    this._create();
  }

  /**
   * Put the game saved under the `persist` key on the board (after the key was changed): true
   * when it was restored; an unreadable save is set aside and told, and a new game started.
   */
  async resume() {
    if (!this.mod) return false;
    const key = this.persistKey;
    const raw = key ? await store.readGame(key) : null;
    if (key !== this.persistKey) return false; // another game was chosen meanwhile
    const restored = raw !== null ? await this._restoreLoading(raw) : false;
    if (key !== this.persistKey) return false;
    if (!restored) this._create();
    return restored;
  }

  flip() {
    this.flipped = !this.flipped;
    this._relayout();
  }
  refresh() {
    if (this.ctrl) this.ctrl.refresh();
  }

  /** The tabla save: { format, version, game, options, computer, level, data }. */
  save() {
    if (!this.engine) return null;
    return {
      format: SAVE_FORMAT,
      version: 1,
      game: this.gameName,
      options: this.options,
      computer: this.computerSide,
      level: this.level,
      data: this.saveData(),
      savedAt: new Date().toISOString(),
    };
  }

  saveData() {
    return this.kind.saveData(this.engine);
  }

  /** Load a tabla save (object or JSON text). Throws if it cannot be read. */
  load(save) {
    if (typeof save === 'string') save = JSON.parse(save);
    if (!save || save.format !== SAVE_FORMAT || !GAMES.includes(save.game)) throw new Error(this.t('import.unknown'));
    const engine = kindOf(save.game).fromData(this.mod, save.data, save.options);
    this._silent = true;
    this.setAttribute('game', save.game);
    this.setAttribute('options', JSON.stringify(save.options || {}));
    if (save.computer) this.setAttribute('computer', save.computer);
    else this.removeAttribute('computer');
    if (save.level) this.setAttribute('level', save.level);
    this.flipped = save.computer === 'white';
    this._silent = false;
    this._attach(engine);
  }

  /** Text for export: 'json' (tabla save), 'pdn', 'fen' (draughts), 'gnubg' (Position ID:Match ID). */
  exportAs(format) {
    const g = this.engine;
    if (!g) return '';
    if (format === 'json') return JSON.stringify(this.save(), null, 1);
    const text = this.kind.exports.some((x) => x.format === format) ? this.kind.exportAs(g, format) : null;
    if (text === null) throw new Error(`unknown format ${format}`);
    return text;
  }

  /**
   * The games of a text that holds several separate games (a PDN file), to choose from with
   * `importText(text, { index })`: `{ moves, result }` each; null when there is nothing to choose.
   */
  importChoices(text) {
    text = String(text || '').trim();
    const kind = this.mod && saveFormat(text) === null ? kindForText(text) : null;
    return kind?.choices?.(this.mod, text, { options: this.options }) ?? null;
  }

  /** Import text: a tabla save, or whatever a game kind reads (games.js: PDN, FEN, gnubg IDs, ...). */
  importText(text, { index = 0 } = {}) {
    text = String(text || '').trim();
    const M = this.mod;
    if (!M) throw new Error('engine not loaded');
    // a save is JSON; a PDN game may open with a {comment} too
    if (saveFormat(text) !== null) {
      const obj = JSON.parse(text);
      if (obj.format === SAVE_FORMAT) {
        this.load(obj);
        return { game: obj.game };
      }
    }
    const kind = kindForText(text);
    if (!kind) throw new Error(this.t('import.unknown'));
    const engine = kind.importText(M, text, { game: this.gameName, options: this.options, index });
    // a position the engine says is over before a move (e.g. a Position ID of an empty board)
    if (!text.startsWith('{') && (engine.outcome?.() || engine.state().phase === 'game-over'))
      throw Object.assign(new Error('that position has nothing to play'), { code: 'empty-position' });
    return { game: this.adopt(engine) };
  }

  /** Play on an engine object made elsewhere (an import, a game by link): returns its game. */
  adopt(engine) {
    const { game, options } = kindOf(engine.state().variant || 'russian-draughts').describe(engine);
    this._silent = true;
    this.setAttribute('game', game);
    if (options) this.setAttribute('options', JSON.stringify(options));
    this._silent = false;
    this._attach(engine);
    return game;
  }

  /** Script a move: draughts notation, or a backgammon play (notation or steps) for the side on roll. */
  play(move) {
    if (this.still)
      throw Object.assign(new Error(`a board in mode "${this.mode}" takes no moves`), { code: 'embed-still' });
    return this.ctrl.scripted(move);
  }

  roll() {
    if (this.still) return undefined;
    return this.ctrl?.roll?.();
  }

  /**
   * What the player on turn may do now, as the board's toolbar offers it: `[{ id, label, key,
   * disabled, primary }]`, `label` in the board's language. Backgammon ids: roll, double, replay,
   * hint, undo, confirm, take, pass; draughts: its own (undo, hint, draw offers, ...). A page that
   * hides the toolbar (`controls="none"`) draws its own buttons from this list and runs them with
   * `act(id)`; the `actions` event says when the list changed.
   */
  actions() {
    return (this.ctrl ? this.ctrl.controls() : []).map((c) => ({
      id: c.id,
      label: c.label,
      key: c.key ?? null,
      disabled: !!c.disabled,
      primary: !!c.primary,
    }));
  }

  /** Runs the action `id` of `actions()`, as its button would; false when it is not offered now. */
  act(id) {
    const c = this.still ? null : this.ctrl?.controls().find((x) => x.id === id);
    if (!c || c.disabled) return false;
    if (this.ctrl.browsed) this.browseTo(null);
    c.run();
    return true;
  }

  /** Backgammon: ends the turn once the checkers moved form a legal play (`act('confirm')`). */
  confirm() {
    return this.act('confirm');
  }

  /** Takes back the last checker moved (backgammon) or the last move (draughts): `act('undo')`. */
  undo() {
    return this.act('undo');
  }

  // ---- host services for the controllers --------------------------------------------------

  emit(type, detail) {
    this.dispatchEvent(
      new CustomEvent(type, { detail: { game: this.gameName, ...detail }, bubbles: true, composed: true }),
    );
  }

  announce(text) {
    if (!text) return;
    // replace the text so repeated messages are read again
    this.$.live.textContent = '';
    clearTimeout(this._liveT);
    this._liveT = setTimeout(() => {
      this.$.live.textContent = text;
    }, 30);
  }

  changed({ drawOnly = false } = {}) {
    if (drawOnly) {
      this._draw();
      return;
    }
    this._render();
    this._maybeComputer();
  }

  /** A sound for the controllers ('dice', 'checker', 'hit'), when the `sound` attribute is on. */
  sound(kind) {
    if (this.hasAttribute('sound') && this.getAttribute('sound') !== 'off') playSound(kind);
  }

  thinking(on) {
    this._thinking = on;
    this.$.wrap.classList.toggle('thinking', on);
    this._renderStatus();
    this._renderTools(); // what the player may do changes (draughts: no Undo while it thinks)
  }

  /**
   * Save after a change, as one whole record (storage.js writeGame). A failed write is told
   * visibly (`save-failed`, and the status line) every time until one succeeds; while an
   * unreadable save could not be set aside, it is not overwritten; a record another board (another
   * tab) wrote since this one last read it is never written over: `save-conflict` is emitted and
   * the page decides (the app keeps this board's game as a game of its own).
   */
  persist() {
    if (!this.persistKey || !this.engine) return;
    if (this._holdSaves) {
      if (store.read(`save:${this.persistKey}`) !== null) return this._saveFailed(this.t('err.saveKept'));
      this._holdSaves = false;
    }
    let summary = null;
    try {
      summary = this.kind.summary(this.engine);
    } catch {
      /* the list shows what the save itself says */
    }
    const r = store.writeGame(this.persistKey, { ...this.save(), summary }, this._stamp, this._writer);
    if (r.result === 'ok') {
      this._stamp = r.stamp;
      if (this._saveFailing) {
        this._saveFailing = false;
        this.emit('save-ok', {});
      }
      return;
    }
    if (r.result === 'conflict') {
      this.emit('save-conflict', { key: this.persistKey });
      return;
    }
    // too large for localStorage (or it is full): the whole record to IndexedDB, a stub here
    if (store.bigAvailable()) return this._spill({ ...this.save(), summary });
    this._saveFailed(this.t('err.storage'));
  }

  /** Saves to IndexedDB, one after the other, each judged against the stamp the last one left. */
  _spill(save) {
    const key = this.persistKey;
    this._spillQueue = (this._spillQueue || Promise.resolve()).then(async () => {
      if (key !== this.persistKey) return;
      const r = await store.spillGame(key, save, this._stamp, this._writer);
      if (key !== this.persistKey) return;
      if (r.result === 'ok') {
        this._stamp = r.stamp;
        if (this._saveFailing) {
          this._saveFailing = false;
          this.emit('save-ok', {});
        }
      } else if (r.result === 'conflict') this.emit('save-conflict', { key });
      else this._saveFailed(this.t('err.storage'));
    });
    return this._spillQueue;
  }

  /**
   * Another tab changed this board's record: a record written on top of the one this board
   * showed (its `base` is this board's stamp) is loaded (`save-reloaded`); one written without
   * seeing this board's last save is a conflict (`save-conflict`: this board's game is not
   * saved there any more); a removed record is `save-removed` (the next move saves it again).
   */
  _storageChanged(e) {
    if (!this.persistKey || !this.engine || e.key !== `tabla:save:${this.persistKey}`) return;
    // what is stored now decides (the event may be older than this board's own last write: then
    // the record this board wrote over is the other board's to keep, and it is told so itself)
    const now = store.read(`save:${this.persistKey}`);
    if (now === null) {
      this._stamp = null;
      this.emit('save-removed', { key: this.persistKey });
      return;
    }
    let rec = null;
    try {
      rec = JSON.parse(now);
    } catch {
      /* garbage: a conflict, never read as a game */
    }
    const theirs = typeof rec?.stamp === 'string' ? rec.stamp : null;
    if (theirs !== null && theirs === this._stamp) return;
    if (rec?.format === SAVE_FORMAT && (rec.base ?? null) === this._stamp && !this._saveFailing) {
      const key = this.persistKey;
      const take = (full) => {
        if (key !== this.persistKey) return;
        try {
          this.load(full);
          this._stamp = theirs;
          this.emit('save-reloaded', { key });
        } catch {
          this.emit('save-conflict', { key }); // not readable here: keep this board's game
        }
      };
      if (rec.spilled !== true) return take(rec);
      store.readGame(key).then((text) => {
        let full = null;
        try {
          full = JSON.parse(text);
        } catch {
          /* a conflict below */
        }
        if (full?.stamp === theirs) take(full);
        else if (key === this.persistKey) this.emit('save-conflict', { key });
      });
      return;
    }
    this.emit('save-conflict', { key: this.persistKey });
  }

  _saveFailed(message) {
    this._saveFailing = true;
    this.announce(message);
    this.emit('save-failed', { message });
  }

  /**
   * Ask the computer (in a supervised worker, engine.js) for a move/decision. When it cannot
   * answer even after its worker was replaced, the board emits `ai-failed` ({ message, reason })
   * and waits: `aiRecover('retry' | 'lower' | 'humans')` lets the player go on.
   */
  ai(req) {
    if (!this._ai) this._ai = new AiSupervisor(null, createAiWorker);
    const p = this._ai.request({ game: this.gameName, options: this.options, level: this.level, ...req });
    // a move the game waits for (a cube answer or doubles choice has its own fallback)
    p.catch((e) => {
      if (e?.code === 'ai-unavailable' && (req.kind === 'bg' || req.kind === 'ru'))
        this.emit('ai-failed', { message: this.errorText(e), reason: e.reason });
    });
    return p;
  }

  /** After `ai-failed`: ask again, ask again one level lower, or hand the computer's side to a player. */
  aiRecover(how) {
    if (how === 'lower') {
      const l = lowerLevel(this.level);
      if (l) this.setAttribute('level', l);
    } else if (how === 'humans') this.removeAttribute('computer');
    if (this.ctrl) {
      this.ctrl.aiFailed = null;
      this.ctrl.message = '';
    }
    this.persist();
    this._render();
    this._maybeComputer();
  }

  // ---- games -----------------------------------------------------------------------------

  _create() {
    if (embedAttrs.embedData(this)) return this._createEmbedded();
    this._embed = null;
    embed?.showEmbedError(this, '');
    // another game family than the page's first, asked for before its rules module has loaded
    if (!this.kind.loaded(this.mod)) {
      const kind = this.kind;
      loadEngine(kind.id).then(
        () => this.kind === kind && this._create(),
        (e) => this._fatal(this.t('err.engine'), e),
      );
      return;
    }
    let engine;
    try {
      engine = this.kind.create(this.mod, this.gameName, this.options);
    } catch (e) {
      this._fatal(this.errorText(e), e);
      return;
    }
    this._attach(engine);
    this.persist();
  }

  /**
   * The position or game of the board's attributes (embed.js), read by the engine; bad data is
   * told inside the board and by an `error` event with the engine's `code`. The last call wins.
   */
  async _createEmbedded() {
    const token = {};
    this._embedToken = token;
    let read;
    try {
      // the data may be of either family (it names its reader): every rules module first
      const [reader] = await Promise.all([loadEmbed(), loadEngine()]);
      read = await reader.readEmbedded(this.mod, this);
    } catch (e) {
      if (this._embedToken !== token) return;
      const message = this.errorText(e);
      this._embed = { comments: null, failed: true };
      embed?.showEmbedError(this, message);
      this.emit('error', {
        message,
        cause: String(e?.message || e),
        code: typeof e?.code === 'string' ? e.code : null,
      });
      this._settleReady(Object.assign(new Error(message), { cause: e, code: e?.code }));
      return;
    }
    if (this._embedToken !== token) return read.engine.free?.();
    this._embed = { comments: read.comments, failed: false };
    embed.showEmbedError(this, '');
    this.adopt(read.engine);
    this.persist();
  }

  /**
   * Restore the persisted save. A save that cannot be used is copied aside (the copy read back)
   * before anything replaces it, and the player is told: a save whose data is another kind's game
   * restores that game; otherwise a new game of the kind the save names (if it names one) starts.
   * When the copy cannot be written the original stays and this board does not overwrite it.
   */
  _restore(raw) {
    const key = `save:${this.persistKey}`;
    if (raw === null) return false;
    let save;
    try {
      save = JSON.parse(raw);
    } catch (e) {
      return this._unreadable(key, raw, 'json', null, e);
    }
    const problem = store.checkSave(save, GAMES, isDraughtsGame, LEVELS);
    if (problem?.reason === 'version') return this._unreadable(key, raw, 'version', problem.game, null, save.version);
    if (problem && problem.reason !== 'data') return this._unreadable(key, raw, problem.reason, problem.game);
    // the engine reads the data (fromJSON): what it refuses, it says with a code
    let refused = null;
    if (!problem) {
      try {
        const engine = kindOf(save.game).fromData(this.mod, save.data, save.options);
        // the data must be the game the save names (Table data is not a backgammon game)
        if (kindOf(save.game).describe(engine).game === save.game) {
          this.load(save);
          this._stamp = typeof save.stamp === 'string' ? save.stamp : null;
          return true;
        }
      } catch (e) {
        refused = e; /* tried as another kind below */
      }
    }
    // the data may be a whole game of another kind: keep the player's moves (null: that needs
    // every family's rules module, not loaded yet: _restoreLoading loads them and asks again)
    if (!this._allRules) return null;
    for (const game of GAMES) {
      if (game === save?.game || store.checkSave({ ...save, game }, GAMES, isDraughtsGame, LEVELS)) continue;
      try {
        const engine = kindOf(game).fromData(this.mod, save.data, save.options);
        const found = kindOf(game).describe(engine).game;
        if (found !== game) continue;
        if (!this._setAsideOrHold(key, raw, `mismatch: ${save.game} held ${game}`)) return false;
        this._stamp = null;
        this.load({ ...save, game });
        this._tell(this.t('err.saveMismatch', { named: this.t(`game.${save.game}`), game: this.t(`game.${game}`) }));
        this.persist();
        return true;
      } catch {
        /* not this kind either */
      }
    }
    return this._unreadable(
      key,
      raw,
      'data',
      problem?.game ?? (GAMES.includes(save?.game) ? save.game : null),
      refused,
    );
  }

  /** Copy the raw save aside; on failure keep it, stop persisting, and say so. */
  _setAsideOrHold(key, raw, reason) {
    if (store.setAside(key, raw, reason)) return true;
    this._holdSaves = true;
    this._tell(this.t('err.saveKept'));
    return false;
  }

  _unreadable(key, raw, reason, game, e, version) {
    // the new game is of the kind the save names (a broken draughts save stays draughts)
    if (game && game !== this.gameName) {
      this._silent = true;
      this.setAttribute('game', game);
      this.setAttribute('options', '{}');
      this._silent = false;
    }
    const code = typeof e?.code === 'string' ? e.code : null;
    if (!this._setAsideOrHold(key, raw, `${reason}${code ? ` [${code}]` : ''}${e ? `: ${e.message}` : ''}`))
      return false;
    // the engine's own words for what it refused (its error code's text), when it said why
    const why = code ? this.errorText(e) : '';
    this._tell(
      reason === 'version'
        ? this.t('err.saveVersion', { version: String(version) })
        : why
          ? this.t('err.saveBrokenWhy', { why })
          : this.t('err.saveBroken'),
    );
    return false;
  }

  _tell(message) {
    this._notice = message;
    this.emit('error', { message, cause: message });
  }

  _attach(engine) {
    this.engine = engine;
    const kind = this.kind;
    const finish = (Controller) => {
      if (this.engine !== engine) return;
      if (!this.ctrl || this.ctrl.kind !== kind.id) this.ctrl = new Controller(this);
      this.$.wrap.dataset.kind = kind.id;
      this.$.canvas.setAttribute('aria-label', this.t('a11y.board', { game: this.t(`game.${this.gameName}`) }));
      this.ctrl.browsed = null;
      this.$.wrap.classList.remove('browsing');
      this.analysis?.reset();
      this.ctrl.setGame(engine);
      if (this._embed && this.ctrl.records) this.browseTo(embed.startIndex(this, this.ctrl.records()));
      this._warmAi();
      this._resize();
      if (!this._interactive) {
        this._interactive = true;
        // the first moment the board is drawn and takes input (measured by scripts/budget.mjs)
        if (globalThis.performance && performance.mark) performance.mark('tabla-interactive');
        this.emit('interactive', {});
        // the other game family's rules module, now that this one's game takes input: `ready`
        // promises a board that loads and imports any game (a failure leaves this game playable)
        loadEngine()
          .catch(() => null)
          .then(() => {
            this._settleReady(null);
            this.emit('ready', {});
          });
      }
      this.announce(this.ctrl.statusText());
      if (this._notice) {
        this.ctrl.message = this._notice;
        this._notice = null;
        this._render();
      }
    };
    // same kind of board: switch at once (no await), so `state` is never stale after newGame()
    if (this.ctrl && this.ctrl.kind === kind.id) finish(null);
    else kind.controller().then(finish);
  }

  _fatal(message, e) {
    this.$.status.textContent = message;
    this.$.wrap.classList.add('failed');
    this.emit('error', { message, cause: String(e?.message || e) });
    this._settleReady(Object.assign(new Error(message), { cause: e }));
  }

  /** Against the computer at backgammon: the worker builds its bear-off table now, once. */
  _warmAi() {
    if (this._aiWarm || !this.computerSide || this.kind.id !== 'backgammon') return;
    if (!this.kind.aiSupported(this.aiSupport)) return;
    this._aiWarm = true;
    this.ai({ kind: 'bg-warm' }).catch(() => {
      this._aiWarm = false;
    });
  }

  _maybeComputer() {
    if (!this.ctrl || !this.computerSide) return;
    if (!this.kind.aiSupported(this.aiSupport)) return;
    // a task, not a microtask: a failing computer must never starve the page
    clearTimeout(this._aiTimer);
    this._aiTimer = setTimeout(() => this.ctrl?.computerTurn(), 0);
  }

  // ---- rendering -------------------------------------------------------------------------

  _relayout() {
    this._resize();
    this._render();
  }

  _resize() {
    const c = this.$.canvas;
    const r = this.$.stage.getBoundingClientRect();
    const w = Math.max(50, Math.floor(r.width)),
      h = Math.max(50, Math.floor(r.height));
    const dpr = Math.min(4, globalThis.devicePixelRatio || 1);
    if (c.width !== Math.round(w * dpr) || c.height !== Math.round(h * dpr)) {
      c.width = Math.round(w * dpr);
      c.height = Math.round(h * dpr);
    }
    c.style.width = `${w}px`;
    c.style.height = `${h}px`;
    this._dpr = dpr;
    this._size = { w, h };
    if (this.ctrl) this.ctrl.layout(w, h);
    this._draw();
  }

  /** The current layout (geometry) of the board, in CSS pixels relative to the canvas. */
  get layout() {
    return this.ctrl ? this.ctrl.L : null;
  }
  get canvas() {
    return this.$.canvas;
  }

  _draw() {
    if (!this.ctrl?.L) return;
    const ctx = this.ctx;
    ctx.setTransform(this._dpr, 0, 0, this._dpr, 0, 0);
    this.ctrl.draw(ctx, this.palette());
  }

  /**
   * The board colours now in force: every --tabla-<name> custom property (board-style.js), as
   * the page set it or the built-in light/dark palette. Read at each drawing, so a page that
   * changes a property or the colour scheme sees the board follow at its next frame.
   */
  palette() {
    const cs = getComputedStyle(this);
    const sig = THEME_NAMES.map((k) => cs.getPropertyValue(`--tb-${k}`).trim()).join('|');
    if (sig !== this._paletteSig) {
      this._paletteSig = sig;
      const values = sig.split('|');
      this._palette = Object.fromEntries(THEME_NAMES.map((k, i) => [k, values[i]]));
    }
    return this._palette;
  }

  _render() {
    this._draw();
    this._renderStatus();
    this._renderTools();
    this._renderPanel();
    this._renderMoves();
    // a board that never had a position or a game given has nothing of embed.js to draw
    embed?.renderEmbed(this);
    this._updateEvalBar();
    if (this.ctrl) this.$.desc.textContent = this.ctrl.describe();
    this.$.canvas.setAttribute('aria-roledescription', this.t('a11y.board', { game: this.t(`game.${this.gameName}`) }));
    this.$.keys.textContent = this.ctrl?.keysHelp ? this.ctrl.keysHelp() : this.t('a11y.keys');
  }

  /** The evaluation bar: shown with the `evalbar` attribute, its module loaded then. */
  _updateEvalBar() {
    if (this._evalBar) return this._evalBar.update();
    if (!this.hasAttribute('evalbar')) return; // the template's bar is hidden
    this._evalBarLoad ??= loadEvalBar().then(({ EvalBar }) => {
      this._evalBar = new EvalBar(this, this.shadowRoot.querySelector('.evalbar'));
      this._evalBar.update();
    });
  }

  _renderStatus() {
    const c = this.ctrl;
    if (!c) {
      if (!this.$.wrap.classList.contains('failed')) this.$.status.textContent = '…';
      return;
    }
    this.$.status.textContent = c.browsed
      ? this._browseText()
      : this._thinking
        ? this.t('status.thinking')
        : c.statusText();
    this.$.info.textContent = c.info();
    const players = c.players();
    const html = players
      .map(
        (p) => `<div class="player ${p.side}${p.active ? ' active' : ''}" part="player">
      ${p.active ? '<span class="turn" aria-hidden="true">▶</span>' : ''}<span class="swatch" aria-hidden="true"></span>
      <span class="pname">${esc(p.name)}${p.tag ? ` <small>(${esc(p.tag)})</small>` : ''}</span>
      <span class="pdetails">${p.details.map(esc).join(' · ')}</span>
      </div>`,
      )
      .join('');
    if (this.$.players.innerHTML !== html) this.$.players.innerHTML = html;
  }

  _renderTools() {
    const c = this.ctrl;
    const tools = this.$.tools;
    const list = c ? c.controls() : [];
    const sig = JSON.stringify(list.map((b) => [b.id, b.label, b.disabled, b.primary]));
    if (tools.dataset.sig === sig) {
      this._controls = list;
      return;
    }
    tools.dataset.sig = sig;
    this._controls = list;
    if (this.ctrl) this.emit('actions', { actions: this.actions() });
    const focusedId = this.shadowRoot.activeElement?.dataset ? this.shadowRoot.activeElement.dataset.id : null;
    tools.innerHTML = list
      .map(
        (b) =>
          // a control with an icon shows only the icon on a small board (its name stays the label)
          `<button type="button" data-id="${b.id}" class="${b.primary ? 'primary' : ''}"${b.disabled ? ' disabled' : ''}${b.key ? ` aria-keyshortcuts="${b.key}"` : ''}${b.icon ? ` data-icon aria-label="${esc(b.label)}" title="${esc(b.label)}"` : ''}>${b.icon ? `<span class="bicon" aria-hidden="true">${esc(b.icon)}</span><span class="blabel" aria-hidden="true">${esc(b.label)}</span>` : esc(b.label)}${b.key ? ` <kbd aria-hidden="true">${b.key}</kbd>` : ''}</button>`,
      )
      .join('');
    if (focusedId) {
      const el = tools.querySelector(`[data-id="${focusedId}"]`);
      if (el && !el.disabled) el.focus();
    }
  }

  _renderPanel() {
    const c = this.ctrl;
    const p = c ? c.panel() : null;
    const el = this.$.panel;
    const sig = p
      ? JSON.stringify([p.id, p.title, p.lines, (p.buttons || []).map((b) => b.label), (p.dice || []).length])
      : '';
    this._panel = p;
    if (el.dataset.sig === sig) return;
    el.dataset.sig = sig;
    if (!p) {
      el.hidden = true;
      el.innerHTML = '';
      return;
    }
    el.hidden = false;
    el.innerHTML = `<div class="card" role="dialog" aria-modal="false" aria-labelledby="ptitle" data-panel="${p.id}">
      <h2 id="ptitle">${esc(p.title)}</h2>
      ${(p.lines || []).map((l) => `<p>${esc(l)}</p>`).join('')}
      ${p.dice ? `<div class="dice">${p.dice.map((d, i) => `<button type="button" data-die="${i}" aria-label="${d.value}-${d.value}">${dieSvg(d.value)}<span>${d.value}</span></button>`).join('')}</div>` : ''}
      ${p.buttons ? `<div class="pbuttons">${p.buttons.map((b, i) => `<button type="button" data-pb="${i}" class="${b.primary ? 'primary' : ''}">${esc(b.label)}</button>`).join('')}</div>` : ''}
    </div>`;
    const first = el.querySelector('button.primary, button');
    if (first && (this.focused || this.shadowRoot.activeElement)) first.focus();
  }

  /**
   * The move list: the controller's record cells ({ index, player, text }, `index` the position
   * after the cell), two players to a row, each a button that shows the position after it.
   */
  /** The controller's hint ({ title, lines: [{ text, run }] }), a button per line, under the moves. */
  _renderHints() {
    const box = this.$.side.querySelector('.hintbox');
    const h = this.ctrl?.currentHint ? this.ctrl.currentHint() : null;
    this._hintRun = h ? (i) => h.lines[i]?.run?.() : null;
    const sig = h ? JSON.stringify([h.title, h.lines.map((l) => [l.text, !!l.shown])]) : '';
    if (box.dataset.sig === sig) return;
    box.dataset.sig = sig;
    box.hidden = !h;
    if (!h) return;
    box.querySelector('h3').textContent = h.title;
    box.querySelector('ol').innerHTML = h.lines
      .map(
        (l, i) =>
          `<li><button type="button" data-hint="${i}"${l.shown ? ' aria-pressed="true"' : ' aria-pressed="false"'}>${esc(l.text)}</button></li>`,
      )
      .join('');
  }

  _renderMoves() {
    const c = this.ctrl;
    const rec = c?.records ? c.records() : null;
    const hint = c?.currentHint ? c.currentHint() : null;
    // nothing to browse and no hint yet: the board gets the room (small screens)
    this.$.side.hidden = !rec || (!rec.cells.length && !hint);
    if (!rec) return;
    this.$.side.querySelector('h2').textContent = this.t('ru.moves');
    const nav = this.$.side.querySelector('.nav');
    nav.setAttribute('aria-label', this.t('nav.label'));
    const cur = c.browsed ? c.browsed.index : rec.live;
    const stops = this._stops(rec);
    for (const b of nav.querySelectorAll('button')) {
      const which = b.dataset.nav;
      b.setAttribute('aria-label', this.t(`nav.${which}`));
      b.title = this.t(`nav.${which}`);
      b.disabled = which === 'first' || which === 'prev' ? cur <= stops[0] : !c.browsed;
    }
    const rows = [];
    for (const cell of rec.cells) {
      const row = rows[rows.length - 1];
      if (row && !row[cell.player] && (cell.player === 'black' || (!row.white && !row.black))) row[cell.player] = cell;
      else rows.push({ [cell.player]: cell });
    }
    const marks = this.analysis ? this.analysis.cellMarks(rec) : new Map();
    this._marks = marks;
    // a mark of the analysis: its symbol shown, its words read (the cell's name says them)
    const markHtml = (m) =>
      m
        ? `${m.symbol ? `<span class="mark" aria-hidden="true">${esc(m.symbol)}</span>` : ''}${m.words ? `<span class="sr">, ${esc(m.words)}</span>` : ''}`
        : '';
    const cellHtml = (cell) =>
      cell
        ? `<button type="button" data-index="${cell.index}"${marks.get(cell.index)?.mark ? ` data-mark="${marks.get(cell.index).mark}"` : ''}${c.browsed && c.browsed.index === cell.index ? ' aria-current="step"' : ''}>${esc(cell.text)}${markHtml(marks.get(cell.index))}</button>`
        : '';
    const html = rows
      .map((r, i) => `<li value="${i + 1}"><span>${cellHtml(r.white)}</span><span>${cellHtml(r.black)}</span></li>`)
      .join('');
    if (this.$.moves.innerHTML !== html) {
      const focusedIndex = this.shadowRoot.activeElement?.dataset?.index;
      this.$.moves.innerHTML = html;
      const scroll = this.$.moves.parentElement;
      const current = this.$.moves.querySelector('[aria-current]');
      if (current) current.scrollIntoView({ block: 'nearest' });
      else scroll.scrollTop = scroll.scrollHeight;
      if (focusedIndex !== undefined) this.$.moves.querySelector(`[data-index="${focusedIndex}"]`)?.focus();
    }
    this._renderHints();
    this._renderAnalysis();
  }

  /** The analysis region under the moves: its button, progress bar, figures, detail and chart. */
  _renderAnalysis() {
    const box = this.$.side.querySelector('.analysis');
    const c = this.ctrl;
    const rec = c?.records ? c.records() : null;
    const a = this.analysis;
    box.hidden = !rec?.cells.length || !a;
    if (!rec?.cells.length) return;
    if (!a) {
      // the first move list with moves: the analysis comes with its module
      this._analysisLoad ??= loadAnalysis().then((m) => {
        analysisModule = m;
        this.analysis = new m.GameAnalysis(this);
        this._renderMoves();
      });
      return;
    }
    box.querySelector('h3').textContent = this.t('an.title');
    const run = box.querySelector('.an-run');
    run.textContent = this.t(a.status === 'done' || a.status === 'failed' ? 'an.again' : 'an.run');
    run.disabled = a.status === 'running';
    const roll = box.querySelector('.an-rollout');
    roll.hidden = !a.bg;
    roll.textContent = this.t('an.rollout');
    roll.disabled = !a.canRollout();
    const rollText = a.rolloutText();
    const rollP = box.querySelector('.an-roll');
    if (rollP.textContent !== rollText) rollP.textContent = rollText;
    rollP.hidden = !rollText;
    box.dataset.rollout = a.roll?.status ?? 'idle';
    const bar = box.querySelector('.an-progress');
    bar.hidden = a.status !== 'running';
    bar.setAttribute('aria-label', this.t('an.progress'));
    bar.setAttribute('aria-valuemax', String(Math.max(1, a.total)));
    bar.setAttribute('aria-valuenow', String(a.done));
    bar.setAttribute('aria-valuetext', this.t('an.running', { done: a.done, n: a.total || '…' }));
    bar.firstElementChild.style.width = `${a.total ? (100 * a.done) / a.total : 0}%`;
    box.dataset.status = a.status;
    box.dataset.ms = String(Math.round(a.ms));
    box.dataset.firstMs = String(Math.round(a.firstMs));
    const sum = box.querySelector('.an-summary');
    const lines = [];
    if (a.status === 'failed') lines.push(this.t('an.failed', { msg: a.error }));
    if (a.summary)
      for (const side of ['white', 'black']) {
        const s = a.summary[side];
        const player = this.t(`player.${side}`);
        lines.push(
          a.family === 'bg'
            ? this.t('an.bgSummary', {
                player,
                rate: s.errorRate.toFixed(1),
                n: s.decisions,
                d: s.doubtful,
                b: s.bad,
                vb: s.veryBad,
                luck: (s.luck >= 0 ? '+' : '−') + Math.abs(s.luck).toFixed(2),
              })
            : this.t('an.ruSummary', {
                player,
                m: s.mistakes,
                b: s.blunders,
                w: s.missedWins,
                avg: (s.averageLost / 100).toFixed(2),
              }),
        );
      }
    const sumHtml = lines.map((l) => `<p>${esc(l)}</p>`).join('');
    if (sum.innerHTML !== sumHtml) sum.innerHTML = sumHtml;
    const marks = this._marks || new Map();
    const detail = box.querySelector('.an-detail');
    const sel = c.browsed ? marks.get(c.browsed.index) : null;
    const text = sel ? [sel.words, sel.detail].filter(Boolean).join(': ') : '';
    if (detail.textContent !== text) detail.textContent = text;
    detail.hidden = !text;
    const chart = box.querySelector('.an-chart');
    const values = a.chances();
    chart.toggleAttribute('hidden', values.length < 1);
    if (values.length) {
      // the chart's dots: the analysed decisions whose cell has a mark
      const marked = [];
      a.items.forEach((x, i) => {
        const m = marks.get(x.cell);
        if (m?.mark) marked.push({ i, mark: m.mark });
      });
      // the decision the move list shows, if any, as a line across the chart
      const selected = c.browsed ? a.items.findIndex((x) => x.cell === c.browsed.index) : -1;
      const svg = analysisModule.chartSvg(values, marked, selected);
      const inner = chart.querySelector('g');
      if (inner.innerHTML !== svg) inner.innerHTML = svg;
      const pct = (v) => Math.round(100 * v);
      chart.querySelector('title').textContent = this.t('an.chartTitle');
      const desc = this.t('an.chart', {
        n: values.length,
        first: pct(values[0]),
        last: pct(values[values.length - 1]),
        min: pct(Math.min(...values)),
        max: pct(Math.max(...values)),
      });
      chart.setAttribute('aria-label', desc);
    }
  }

  /** The positions the record can show: the start, after each cell, and the live one. */
  _stops(rec) {
    return [...new Set([0, ...rec.cells.map((x) => x.index), rec.live])].sort((a, b) => a - b);
  }

  /**
   * Shows the position after `index` record entries (null or the live index: the game itself).
   * The live game is not touched: the controller draws the replayed position instead of it.
   */
  browseTo(index) {
    const c = this.ctrl;
    if (!c?.records) return;
    const rec = c.records();
    if (index === null || index >= rec.live) c.browsed = null;
    else {
      const state = c.positionAt(Math.max(0, index));
      if (!state) return;
      c.browsed = { index: Math.max(0, index), state };
    }
    this.$.wrap.classList.toggle('browsing', !!c.browsed);
    this._render();
    // a button that is now disabled (First at the start, Last at the game) hands focus on
    const a = this.shadowRoot.activeElement;
    if (a?.disabled)
      (
        this.$.moves.querySelector('[aria-current]') || this.$.side.querySelector('.nav button:not(:disabled)')
      )?.focus();
    this.announce(
      this._embed && this.mode === 'replay'
        ? embed.replayAnnouncement(this)
        : c.browsed
          ? this._browseText()
          : c.statusText(),
    );
  }

  /** Moves through the record: 'first' | 'prev' | 'next' | 'last'. */
  browse(which) {
    const c = this.ctrl;
    if (!c?.records) return;
    const rec = c.records();
    const stops = this._stops(rec);
    const cur = c.browsed ? c.browsed.index : rec.live;
    if (which === 'first') this.browseTo(stops[0]);
    else if (which === 'last') this.browseTo(null);
    else if (which === 'prev') this.browseTo([...stops].reverse().find((s) => s < cur) ?? stops[0]);
    else this.browseTo(stops.find((s) => s > cur) ?? null);
  }

  _browseText() {
    const c = this.ctrl;
    const cell = c.records().cells.find((x) => x.index === c.browsed.index);
    return this.t('moves.browsing', { n: cell ? cell.text : this.t('moves.start') });
  }

  // ---- input wiring ------------------------------------------------------------------------

  _wire() {
    const cv = this.$.canvas;
    const pos = (e) => {
      const r = cv.getBoundingClientRect();
      return { x: e.clientX - r.left, y: e.clientY - r.top };
    };
    cv.addEventListener('pointerdown', (e) => {
      this.keyboard = false;
      if (!this.ctrl || e.button > 0 || this.ctrl.browsed || this.still) return;
      const { x, y } = pos(e);
      this.ctrl.pointerDown(x, y);
      if (this.ctrl.drag) {
        try {
          cv.setPointerCapture(e.pointerId);
        } catch {
          /* ignore */
        }
      }
    });
    cv.addEventListener('pointermove', (e) => {
      if (!this.ctrl?.drag) return;
      const { x, y } = pos(e);
      if (this.ctrl.pointerMove(x, y)) e.preventDefault();
    });
    cv.addEventListener('pointerup', (e) => {
      if (!this.ctrl || e.button > 0 || this.ctrl.browsed || this.still) return;
      const { x, y } = pos(e);
      this.ctrl.pointerUp(x, y);
    });
    cv.addEventListener('pointercancel', () => this.ctrl?.pointerCancel());
    cv.addEventListener('focus', () => {
      this.focused = true;
      if (this.ctrl) {
        this.ctrl.focus();
        this._draw();
      }
    });
    cv.addEventListener('blur', () => {
      this.focused = false;
      this._draw();
    });
    this.shadowRoot.addEventListener('keydown', (e) => {
      if (!this.ctrl || e.ctrlKey || e.metaKey || e.altKey || this.mode === 'view') return;
      this.keyboard = true;
      const target = e.composedPath()[0];
      // the game record: Page Up / Page Down anywhere, the arrows and Home / End in the list
      // (in a replay anywhere on the board: it has nothing else to do with them)
      const replay = this.still;
      const inList = target && (replay || this.$.side.contains(target));
      const nav = { PageUp: 'prev', PageDown: 'next' };
      if (inList)
        Object.assign(nav, {
          ArrowLeft: 'prev',
          ArrowUp: 'prev',
          ArrowRight: 'next',
          ArrowDown: 'next',
          Home: 'first',
          End: 'last',
        });
      if (nav[e.key] && this.ctrl.records) {
        this.browse(nav[e.key]);
        if (inList && this.$.side.contains(target)) (this.$.moves.querySelector('[aria-current]') || target).focus();
        e.preventDefault();
        return;
      }
      if (replay) return;
      if (target && target.tagName === 'BUTTON' && (e.key === 'Enter' || e.key === ' ')) return;
      if (this.ctrl.browsed && e.key.length === 1) {
        // a key for the game while browsing: back to the game first
        this.browseTo(null);
      }
      if (target && target !== cv && e.key.startsWith('Arrow')) return;
      if (this.ctrl.key(e)) e.preventDefault();
    });
    this.$.side.addEventListener('click', (e) => {
      const b = e.target.closest('button');
      if (!b) return;
      if (b.dataset.nav) this.browse(b.dataset.nav);
      else if (b.dataset.index !== undefined) this.browseTo(Number(b.dataset.index));
      else if (b.dataset.hint !== undefined) this._hintRun?.(Number(b.dataset.hint));
      else if (b.classList.contains('an-run')) this.analysis?.start();
      else if (b.classList.contains('an-rollout')) this.analysis?.rollout();
    });
    this.$.tools.addEventListener('click', (e) => {
      const b = e.target.closest('button');
      if (!b || !this._controls) return;
      if (this.ctrl?.browsed) this.browseTo(null);
      const c = this._controls.find((x) => x.id === b.dataset.id);
      if (c && !c.disabled) c.run();
    });
    this.$.panel.addEventListener('click', (e) => {
      const b = e.target.closest('button');
      if (!b || !this._panel) return;
      if (b.dataset.die !== undefined) this._panel.dice[Number(b.dataset.die)].run();
      else if (b.dataset.pb !== undefined) this._panel.buttons[Number(b.dataset.pb)].run();
    });
  }
}

let workerShim = null;
/**
 * The computer opponent's worker (worker.js beside this module). From the page's own origin it is
 * the module itself, written as the literal form bundlers recognise and bundle. From another
 * origin (the package on a CDN) a Worker cannot be constructed from its URL, so a same-origin
 * blob module imports it; worker.js and the package then load from their own origin (its server
 * must allow cross-origin module loads, CORS, as CDNs do).
 */
function createAiWorker() {
  if (new URL(import.meta.url).origin === globalThis.location?.origin)
    return new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
  // The name in a variable: a literal here would be taken by bundlers for an asset of its own
  // (Vite inlines a small one as a data: URL, whose imports then cannot resolve).
  const file = './worker.js';
  const url = new URL(file, import.meta.url).href;
  if (workerShim?.target !== url) {
    const text = `import ${JSON.stringify(url)};`;
    workerShim = { target: url, href: URL.createObjectURL(new Blob([text], { type: 'text/javascript' })) };
  }
  return new Worker(workerShim.href, { type: 'module' });
}

function esc(s) {
  return String(s).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c],
  );
}

function dieSvg(n) {
  const P = {
    1: [[2, 2]],
    2: [
      [1, 1],
      [3, 3],
    ],
    3: [
      [1, 1],
      [2, 2],
      [3, 3],
    ],
    4: [
      [1, 1],
      [3, 1],
      [1, 3],
      [3, 3],
    ],
    5: [
      [1, 1],
      [3, 1],
      [2, 2],
      [1, 3],
      [3, 3],
    ],
    6: [
      [1, 1],
      [3, 1],
      [1, 2],
      [3, 2],
      [1, 3],
      [3, 3],
    ],
  }[n];
  return `<svg viewBox="0 0 4 4" width="32" height="32" class="die-icon" aria-hidden="true"><rect x=".15" y=".15" width="3.7" height="3.7" rx=".6" class="die"/>${P.map(([x, y]) => `<circle cx="${x}" cy="${y}" r=".38" class="pip"/>`).join('')}</svg>`;
}

let sheet = null;
/** One stylesheet shared by every board on the page. */
function boardSheet() {
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(`${STYLE}\nsvg.die-icon { width: 2em; height: 2em; }`);
  }
  return sheet;
}

const TEMPLATE = `
<div class="wrap" part="wrap">
  <div class="players" part="players"></div>
  <div class="stage" part="stage">
    <canvas tabindex="0" role="application" aria-describedby="desc keys"></canvas>
    <div class="evalbar" part="evalbar" role="meter" aria-valuemin="0" aria-valuemax="100" hidden><div class="fill"></div><span class="val" aria-hidden="true"></span></div>
    <div class="panel" hidden></div>
  </div>
  <div class="bar" part="bar">
    <p class="status" part="status"></p>
    <p class="info"></p>
    <div class="tools" part="tools" role="toolbar"></div>
  </div>
  <section class="side" part="side" aria-labelledby="moves-title" hidden>
    <div class="head"><h2 id="moves-title"></h2>
    <div class="nav" role="group">
      <button type="button" data-nav="first"><span aria-hidden="true">|◀</span></button>
      <button type="button" data-nav="prev" aria-keyshortcuts="PageUp"><span aria-hidden="true">◀</span></button>
      <button type="button" data-nav="next" aria-keyshortcuts="PageDown"><span aria-hidden="true">▶</span></button>
      <button type="button" data-nav="last"><span aria-hidden="true">▶|</span></button>
    </div></div>
    <div class="scroll"><ol class="moves"></ol></div>
    <div class="hintbox" role="region" aria-labelledby="hint-title" hidden><h3 id="hint-title"></h3><ol class="hints"></ol></div>
    <div class="analysis" role="region" aria-labelledby="an-title" hidden><h3 id="an-title"></h3>
      <button type="button" class="an-run"></button> <button type="button" class="an-rollout" hidden></button>
      <p class="an-roll" hidden></p>
      <div class="an-progress" role="progressbar" aria-valuemin="0" hidden><div class="an-fill"></div></div>
      <div class="an-summary"></div><p class="an-detail" aria-live="polite" hidden></p>
      <svg class="an-chart" role="img" viewBox="0 0 100 40" preserveAspectRatio="none" hidden><title></title><g></g></svg>
    </div>
  </section>
  <div class="live sr" aria-live="polite" aria-atomic="true"></div>
  <div id="desc" class="sr"></div><div id="keys" class="sr"></div>
</div>`;

// position, record, src, positionFormat, recordFormat, mode, ply: the attributes (embed.js)
embedAttrs.defineEmbedProperties(TablaBoard);

if (!customElements.get('tabla-board')) customElements.define('tabla-board', TablaBoard);
