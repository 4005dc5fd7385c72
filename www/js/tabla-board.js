// <tabla-board game="russian-draughts|backgammon|table|acey-deucey">: a drop-in custom element
// that plays a whole game on a canvas, with its own controls, status line, move list and live
// region. The full app is built from it too.
//
// Attributes: game, options (JSON of the engine's options), orientation ("white"|"black": the side
// at the bottom), home ("right"|"left", backgammon), computer ("white"|"black": the computer plays
// that side), level, animation ("off"), persist (a key: save after every move in localStorage and
// restore on load), lang, fill (take the host's full height), controls ("none": board only).
// Properties and methods: game, engine, state, options, ready, newGame(), save(), load(save),
// exportAs(format), importText(text), play(move), roll(), flip(), refresh().
// Events (CustomEvent, bubbling, composed): "move", "gameover", "illegal", "ready", "error".
import { loadEngine, aiSupport, isDraughts, GAMES } from './engine.js';
import { t, tn, setLanguage, preferredLanguage, language } from './i18n/index.js';
import { motionAllowed } from './anim.js';
import * as store from './storage.js';
import { STYLE } from './board-style.js';

const SAVE_FORMAT = 'tabla-save';
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
];

let langReady = null;
function ensureLanguage(code) {
  if (code && code !== language()) return setLanguage(code, { remember: false });
  if (!langReady) langReady = setLanguage(preferredLanguage(), { remember: false });
  return langReady;
}

export class TablaBoard extends HTMLElement {
  static get observedAttributes() {
    return ATTRS;
  }

  constructor() {
    super();
    this.attachShadow({ mode: 'open' });
    this.shadowRoot.innerHTML = TEMPLATE;
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
    this._aiSeq = 0;
    this._aiWaiting = new Map();
    this._ready = new Promise((r) => {
      this._resolveReady = r;
    });
    this.t = t;
    this.tn = tn;
    this._wire();
  }

  // ---- lifecycle -------------------------------------------------------------------------

  connectedCallback() {
    this._ro = new ResizeObserver(() => this._resize());
    this._ro.observe(this.$.stage);
    this._onLang = () => this._render();
    globalThis.addEventListener('tabla-language', this._onLang);
    this._onDpr = () => this._resize();
    globalThis.addEventListener('resize', this._onDpr);
    this._start();
  }

  disconnectedCallback() {
    this._ro?.disconnect();
    globalThis.removeEventListener('tabla-language', this._onLang);
    globalThis.removeEventListener('resize', this._onDpr);
    if (this._worker) {
      this._worker.terminate();
      this._worker = null;
    }
  }

  attributeChangedCallback(name, oldV, newV) {
    if (oldV === newV || !this._started || this._silent) return;
    if (name === 'game' || name === 'options') this.newGame();
    else if (name === 'orientation') {
      this.flipped = newV === 'black';
      this._relayout();
    } else if (name === 'lang') ensureLanguage(newV).then(() => this._render());
    else if (name === 'computer' && this.ctrl) {
      this._render();
      this._maybeComputer();
    } else this._relayout();
  }

  async _start() {
    if (this._started) return;
    this._started = true;
    this.flipped = this.getAttribute('orientation') === 'black';
    // fetch the engine and this game's board code side by side
    const engine = loadEngine();
    engine.catch(() => {});
    import(isDraughts(this.gameName) ? './draughts/controller.js' : './bg/controller.js').catch(() => {});
    await ensureLanguage(this.getAttribute('lang'));
    this._render();
    try {
      this.mod = await engine;
    } catch (e) {
      this._fatal(t('err.engine'), e);
      return;
    }
    this.aiSupport = aiSupport(this.mod);
    const restored = this.persistKey ? this._restore() : false;
    if (!restored) this._create();
    this._resolveReady(this);
    this.emit('ready', { game: this.gameName });
  }

  /** Resolves once the engine is loaded and a game is on the board. */
  get ready() {
    return this._ready;
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
  get computerSide() {
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
    return this.getAttribute('persist');
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
    const g = this.engine;
    if (isDraughts(this.gameName)) return { fen0: this._fen0, moves: g.state().history, pdn: g.pdn() };
    return g.toJSON();
  }

  /** Load a tabla save (object or JSON text). Throws if it cannot be read. */
  load(save) {
    if (typeof save === 'string') save = JSON.parse(save);
    if (!save || save.format !== SAVE_FORMAT || !GAMES.includes(save.game)) throw new Error('not a tabla save');
    const engine = this._engineFromSave(save);
    this._silent = true;
    this.setAttribute('game', save.game);
    this.setAttribute('options', JSON.stringify(save.options || {}));
    if (save.computer) this.setAttribute('computer', save.computer);
    else this.removeAttribute('computer');
    if (save.level) this.setAttribute('level', save.level);
    this.flipped = save.computer === 'white';
    this._silent = false;
    this._attach(engine, { keepFen0: true });
  }

  /** Text for export: 'json' (tabla save), 'pdn', 'fen' (draughts), 'gnubg' (Position ID:Match ID). */
  exportAs(format) {
    const g = this.engine;
    if (!g) return '';
    if (format === 'json') return JSON.stringify(this.save(), null, 1);
    if (format === 'pdn') return g.pdn();
    if (format === 'fen') return g.fen();
    if (format === 'gnubg') return `${g.positionId()}:${g.matchId()}`;
    throw new Error(`unknown format ${format}`);
  }

  /** Import text: a tabla save, PDN or FEN (draughts), or a gnubg Position ID (backgammon). */
  importText(text) {
    text = String(text || '').trim();
    const M = this.mod;
    if (!M) throw new Error('engine not loaded');
    if (text.startsWith('{')) {
      const obj = JSON.parse(text);
      if (obj.format === SAVE_FORMAT) {
        this.load(obj);
        return { game: obj.game };
      }
      // a bare engine save
      const g = M.Backgammon.fromJSON(obj);
      const variant = g.state().variant;
      this._silent = true;
      this.setAttribute('game', variant);
      this.setAttribute('options', JSON.stringify(g.state().options || {}));
      this._silent = false;
      this._attach(g);
      return { game: variant };
    }
    const gnubgId = /^[A-Za-z0-9+/]{14}(:[A-Za-z0-9+/]{12})?$/.test(text);
    if (!gnubgId) {
      if (!/^\[|^[WB]:/.test(text) && !/(^|\s)(\d+\.\s*)?[a-h][1-8][-:x][a-h][1-8]/.test(text))
        throw new Error('not a PDN, FEN, tabla save or GNU Backgammon ID');
      let g, fen0;
      if (/^[WB]:/.test(text)) {
        g = M.RussianDraughts.fromFen(text, this._draughtsOptions());
        fen0 = g.fen();
      } else {
        g = M.RussianDraughts.fromPdn(text);
        const start = M.RussianDraughts.fromPdn(text);
        while (start.state().history.length) start.undo();
        fen0 = start.fen();
        // replay on a game that carries this page's options (fromPdn has none)
        const withOpts = M.RussianDraughts.fromFen(fen0, this._draughtsOptions());
        for (const mv of g.state().history) withOpts.play(mv);
        g = withOpts;
      }
      this._fen0 = fen0;
      this._silent = true;
      this.setAttribute('game', 'russian-draughts');
      this._silent = false;
      this._attach(g, { keepFen0: true });
      return { game: 'russian-draughts' };
    }
    // gnubg: "PositionID" or "PositionID:MatchID", into the backgammon-family game on the board
    if (isDraughts(this.gameName)) {
      this._silent = true;
      this.setAttribute('game', 'backgammon');
      this._silent = false;
    }
    const [pos, match] = text.split(':').map((s) => s.trim());
    let g;
    if (match && typeof M.Backgammon.fromGnubg === 'function')
      g = M.Backgammon.fromGnubg(pos, match, this._bgOptions());
    else g = M.Backgammon.fromPositionId(pos, this._bgOptions());
    this._attach(g);
    return {
      game: this.gameName,
      note: match && typeof M.Backgammon.fromGnubg !== 'function' ? t('import.matchIdIgnored') : '',
    };
  }

  /** Script a move: draughts notation, or a backgammon play (notation or steps) for the side on roll. */
  play(move) {
    const g = this.engine;
    if (isDraughts(this.gameName)) {
      const m =
        typeof move === 'string'
          ? this.ctrl.moves.find((x) => x.notation === move) || {
              notation: move,
              from: '',
              to: '',
              path: [],
              captured: [],
            }
          : move;
      return this.ctrl.play(m);
    }
    const player = g.state().turn;
    g.play(typeof move === 'string' ? move : move.steps || move);
    const after = g.state();
    this.persist();
    this.ctrl.refresh();
    if (after.lastPlay)
      this.emit('move', { player, notation: after.lastPlay.notation, dice: after.lastPlay.dice, state: after });
    this.ctrl.checkOver();
    return after.lastPlay;
  }

  roll() {
    return this.ctrl?.roll?.();
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

  thinking(on) {
    this._thinking = on;
    this.$.wrap.classList.toggle('thinking', on);
    this._renderStatus();
  }

  persist() {
    if (!this.persistKey || !this.engine) return;
    if (!store.write(`save:${this.persistKey}`, this.save())) this.announce(t('err.storage'));
  }

  /** Ask the computer (in a worker) for a move/decision. */
  ai(req) {
    if (!this._worker) {
      this._worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
      this._worker.onmessage = (e) => {
        const { id, result, error } = e.data;
        const w = this._aiWaiting.get(id);
        if (!w) return;
        this._aiWaiting.delete(id);
        if (error) w.reject(new Error(error));
        else w.resolve(result);
      };
      this._worker.onerror = (e) => {
        for (const w of this._aiWaiting.values()) w.reject(new Error(e.message || 'worker failed'));
        this._aiWaiting.clear();
      };
    }
    const id = ++this._aiSeq;
    return new Promise((resolve, reject) => {
      this._aiWaiting.set(id, { resolve, reject });
      this._worker.postMessage({ id, game: this.gameName, options: this.options, ...req });
    });
  }

  // ---- games -----------------------------------------------------------------------------

  _bgOptions() {
    const KEYS = [
      'seed',
      'start',
      'scoring',
      'cube',
      'jacoby',
      'matchLength',
      'doublesExtraRoll',
      'enterAllBeforePassing',
      'exactBearOff',
    ];
    const o = { variant: this.gameName };
    for (const k of KEYS) if (k in this.options) o[k] = this.options[k];
    return o;
  }

  _draughtsOptions() {
    const o = this.options;
    const out = {};
    if ('touchMove' in o) out.touchMove = !!o.touchMove;
    if ('drawRules' in o) out.drawRules = !!o.drawRules;
    return out;
  }

  _create() {
    const M = this.mod;
    let engine;
    try {
      engine = isDraughts(this.gameName)
        ? new M.RussianDraughts(this._draughtsOptions())
        : new M.Backgammon(this._bgOptions());
    } catch (e) {
      this._fatal(String(e.message || e), e);
      return;
    }
    this._attach(engine);
    this.persist();
  }

  _engineFromSave(save) {
    const M = this.mod;
    if (isDraughts(save.game)) {
      const d = save.data || {};
      const opts = {};
      if (save.options && 'touchMove' in save.options) opts.touchMove = !!save.options.touchMove;
      if (save.options && 'drawRules' in save.options) opts.drawRules = !!save.options.drawRules;
      let g;
      try {
        g = d.fen0 ? M.RussianDraughts.fromFen(d.fen0, opts) : new M.RussianDraughts(opts);
        for (const mv of d.moves || []) g.play(mv);
      } catch (e) {
        if (!d.pdn) throw e;
        g = M.RussianDraughts.fromPdn(d.pdn);
      }
      this._fen0 = d.fen0 || null;
      return g;
    }
    return M.Backgammon.fromJSON(save.data);
  }

  _restore() {
    const key = `save:${this.persistKey}`;
    const raw = store.read(key);
    if (raw === null) return false;
    try {
      const save = JSON.parse(raw);
      this.load(save);
      return true;
    } catch (e) {
      store.setAside(key, raw, e?.message);
      this._notice = t('err.saveBroken');
      this.emit('error', { message: this._notice, cause: String(e?.message || e) });
      return false;
    }
  }

  _attach(engine, { keepFen0 = false } = {}) {
    this.engine = engine;
    const draughts = isDraughts(this.gameName);
    // the position a draughts game started from, for saving as FEN + moves
    if (draughts && !keepFen0 && !engine.state().history.length) this._fen0 = engine.fen();
    const want = draughts ? 'draughts' : 'backgammon';
    const finish = (m) => {
      if (this.engine !== engine) return;
      if (!this.ctrl || this.ctrl.kind !== want)
        this.ctrl = draughts ? new m.DraughtsController(this) : new m.BackgammonController(this);
      this.$.wrap.dataset.kind = want;
      this.$.canvas.setAttribute('aria-label', t('a11y.board', { game: t(`game.${this.gameName}`) }));
      this.ctrl.setGame(engine);
      this._resize();
      if (!this._interactive) {
        this._interactive = true;
        // the first moment the board is drawn and takes input (measured by scripts/budget.mjs)
        if (globalThis.performance && performance.mark) performance.mark('tabla-interactive');
        this.emit('interactive', {});
      }
      this.announce(this.ctrl.statusText());
      if (this._notice) {
        this.ctrl.message = this._notice;
        this._notice = null;
        this._render();
      }
    };
    // same kind of board: switch at once (no await), so `state` is never stale after newGame()
    if (this.ctrl && this.ctrl.kind === want) finish(null);
    else import(draughts ? './draughts/controller.js' : './bg/controller.js').then(finish);
  }

  _fatal(message, e) {
    this.$.status.textContent = message;
    this.$.wrap.classList.add('failed');
    this.emit('error', { message, cause: String(e?.message || e) });
  }

  _maybeComputer() {
    if (!this.ctrl || !this.computerSide) return;
    const supported =
      this.aiSupport && (isDraughts(this.gameName) ? this.aiSupport.draughts : this.aiSupport.backgammon);
    if (!supported) return;
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
    this.ctrl.draw(ctx);
  }

  _render() {
    this._draw();
    this._renderStatus();
    this._renderTools();
    this._renderPanel();
    this._renderMoves();
    if (this.ctrl) this.$.desc.textContent = this.ctrl.describe();
    this.$.canvas.setAttribute('aria-roledescription', t('a11y.board', { game: t(`game.${this.gameName}`) }));
    this.$.keys.textContent = t('a11y.keys');
  }

  _renderStatus() {
    const c = this.ctrl;
    if (!c) {
      if (!this.$.wrap.classList.contains('failed')) this.$.status.textContent = '…';
      return;
    }
    this.$.status.textContent = this._thinking ? t('status.thinking') : c.statusText();
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
    const focusedId = this.shadowRoot.activeElement?.dataset ? this.shadowRoot.activeElement.dataset.id : null;
    tools.innerHTML = list
      .map(
        (b) =>
          `<button type="button" data-id="${b.id}" class="${b.primary ? 'primary' : ''}"${b.disabled ? ' disabled' : ''}${b.key ? ` aria-keyshortcuts="${b.key}"` : ''}>${esc(b.label)}${b.key ? ` <kbd aria-hidden="true">${b.key}</kbd>` : ''}</button>`,
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

  _renderMoves() {
    const c = this.ctrl;
    const rows = c?.moveList ? c.moveList() : null;
    this.$.side.hidden = !rows;
    if (!rows) return;
    this.$.side.querySelector('h2').textContent = t('ru.moves');
    const html = rows
      .map((r) => `<li value="${r.n}"><span>${esc(r.white)}</span><span>${esc(r.black)}</span></li>`)
      .join('');
    if (this.$.moves.innerHTML !== html) {
      this.$.moves.innerHTML = html;
      this.$.moves.parentElement.scrollTop = this.$.moves.parentElement.scrollHeight;
    }
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
      if (!this.ctrl || e.button > 0) return;
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
      if (!this.ctrl || e.button > 0) return;
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
      if (!this.ctrl || e.ctrlKey || e.metaKey || e.altKey) return;
      this.keyboard = true;
      const target = e.composedPath()[0];
      if (target && target.tagName === 'BUTTON' && (e.key === 'Enter' || e.key === ' ')) return;
      if (target && target !== cv && e.key.startsWith('Arrow')) return;
      if (this.ctrl.key(e)) e.preventDefault();
    });
    this.$.tools.addEventListener('click', (e) => {
      const b = e.target.closest('button');
      if (!b || !this._controls) return;
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
  return `<svg viewBox="0 0 4 4" width="32" height="32" style="width:2em;height:2em" aria-hidden="true"><rect x=".15" y=".15" width="3.7" height="3.7" rx=".6" class="die"/>${P.map(([x, y]) => `<circle cx="${x}" cy="${y}" r=".38" class="pip"/>`).join('')}</svg>`;
}

const TEMPLATE = `<style>${STYLE}</style>
<div class="wrap" part="wrap">
  <div class="players" part="players"></div>
  <div class="stage" part="stage">
    <canvas tabindex="0" role="application" aria-describedby="desc keys"></canvas>
    <div class="panel" hidden></div>
  </div>
  <div class="bar" part="bar">
    <p class="status" part="status"></p>
    <p class="info"></p>
    <div class="tools" part="tools" role="toolbar"></div>
  </div>
  <section class="side" part="side" hidden><h2></h2><div class="scroll"><ol class="moves"></ol></div></section>
  <div class="live sr" aria-live="polite" aria-atomic="true"></div>
  <div id="desc" class="sr"></div><div id="keys" class="sr"></div>
</div>`;

if (!customElements.get('tabla-board')) customElements.define('tabla-board', TablaBoard);
