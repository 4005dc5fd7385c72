// The position editor (issue 18): set up a backgammon-family or draughts position by click, drag
// and keyboard, with the side to move, dice, cube and score; the engine says whether it is legal
// (Backgammon.fromSetup / RussianDraughts.fromSetup, errors `setup-*`) and starts the game from it.
// No rule lives here: the editor only holds what was placed and shows the engine's answer.
//
// Markup: the #editor section of index.html. The page gives the hooks (PositionEditor options):
// engine() the package module, t/errorText the translator, play(game, { computer }) and
// analyse(game) to put the engine object on the board, linkOf(fragment) to make a URL.
import * as bgGeo from './bg/geometry.js';
import * as bgRender from './bg/render.js';
import * as ruGeo from './draughts/geometry.js';
import * as ruRender from './draughts/render.js';
import { isGame, kindOf } from './games.js';
import { SETUP_FRAGMENT } from './link.js';

const SIDES = ['white', 'black'];
/** The cube values and match lengths the controls offer (a presentation choice: the engine checks). */
const CUBE_VALUES = [1, 2, 4, 8, 16, 32, 64];
const MATCH_LENGTHS = [0, 1, 3, 5, 7, 9, 11, 13, 15, 17, 21, 25];
/** The fragment of a link that opens a position in the editor: #setup=<game>/<XGID or FEN>. */
export const FRAGMENT = SETUP_FRAGMENT;

const other = (side) => (side === 'white' ? 'black' : 'white');

/** A location of the backgammon board by name: 'p1'..'p24' (White's numbering), 'bar-white', 'bar-black'. */
function bgLoc(name) {
  if (name.startsWith('bar-')) return { kind: 'bar', side: name.slice(4) };
  return { kind: 'point', n: Number(name.slice(1)) };
}
const bgLocName = (loc) => (loc.kind === 'bar' ? `bar-${loc.side}` : `p${loc.n}`);
const BG_LOCS = [...Array.from({ length: 24 }, (_, i) => `p${i + 1}`), 'bar-white', 'bar-black'];

/** The index of a location in one side's own-view counts (index 0 = his 1-point, 24 = his bar). */
function ownIndex(side, loc) {
  if (loc.kind === 'bar') return 24;
  return side === 'white' ? loc.n - 1 : 24 - loc.n;
}

export class PositionEditor {
  constructor(root, hooks) {
    this.root = root;
    this.hooks = hooks;
    this.$ = (s) => root.querySelector(s);
    this.canvas = this.$('#editor-canvas');
    this.ctx = this.canvas.getContext('2d');
    this.model = null;
    this.cursor = null;
    this.drag = null;
    this.result = { game: null, error: null };
    this._wire();
    new ResizeObserver(() => this.draw()).observe(this.canvas.parentElement);
  }

  get M() {
    return this.hooks.engine();
  }
  /** The set-up calls of the game's kind (games.js). */
  get kind() {
    return kindOf(this.model?.game);
  }
  /** Backgammon's kind edits points, the bar and the dice; draughts' edits squares. */
  get isBg() {
    return this.kind.id === 'backgammon';
  }
  get tool() {
    return this.root.querySelector('input[name="editor-tool"]:checked')?.value ?? 'white';
  }

  // ---- opening -------------------------------------------------------------------------

  /** Opens the editor on a game's starting position. */
  openStart(game) {
    this.model = this._startModel(game);
    this.cursor = null;
    this._sync();
  }

  /** Opens the editor on the position of an engine object (the game on the board). */
  openGame(game, engineObj) {
    try {
      this.model = this._modelOf(game, engineObj);
    } catch {
      this.model = this._startModel(game);
    }
    this.cursor = null;
    this._sync();
  }

  /**
   * Opens the position a link's fragment holds (#setup=<game>/<XGID or FEN>): the engine reads
   * it (fromXgid / fromFen); throws the engine's error when it cannot.
   */
  openLink(hash) {
    const body = decodeURIComponent(hash.slice(FRAGMENT.length));
    const slash = body.indexOf('/');
    const game = body.slice(0, slash);
    const text = body.slice(slash + 1);
    const M = this.M;
    if (!isGame(game)) throw Object.assign(new Error(`no game '${game}'`), { code: 'bad-argument' });
    const obj = kindOf(game).setup.fromText(M, game, text);
    try {
      this.model = this._modelOf(game, obj);
    } finally {
      obj.free?.();
    }
    this.cursor = null;
    this._sync();
  }

  _startModel(game) {
    const g = kindOf(game).setup.start(this.M, game);
    try {
      return this._modelOf(game, g);
    } finally {
      g.free?.();
    }
  }

  _modelOf(game, g) {
    if (kindOf(game).id === 'backgammon') {
      const s = g.setup();
      const st = g.state();
      return {
        game,
        white: s.white.slice(),
        black: s.black.slice(),
        unentered: { ...s.unentered },
        turn: s.turn,
        // each die as chosen (0: not chosen); a roll is both
        dice: s.dice?.length === 2 ? s.dice.slice() : [0, 0],
        cube: { value: s.cube.value, owner: s.cube.owner },
        score: { ...s.score },
        crawford: !!s.crawford,
        matchLength: st.match.length,
        cubeOption: st.options.cube,
      };
    }
    const st = g.state();
    const pieces = {};
    for (const p of st.pieces) pieces[p.square] = { color: p.color, king: p.king };
    return { game, pieces, turn: st.turn };
  }

  // ---- what the engine says ------------------------------------------------------------

  /** The set-up in the engine's shape (BackgammonSetup / DraughtsSetup). */
  setup() {
    const m = this.model;
    if (this.isBg)
      return {
        white: m.white.slice(),
        black: m.black.slice(),
        unentered: { ...m.unentered },
        turn: m.turn,
        dice: m.dice[0] && m.dice[1] ? m.dice.slice() : [],
        cube: { ...m.cube },
        score: { ...m.score },
        crawford: m.crawford,
      };
    return {
      pieces: Object.entries(m.pieces).map(([square, p]) => ({ square, color: p.color, king: p.king })),
      turn: m.turn,
    };
  }

  /** The engine options of the game being set up (the variant's defaults; the match length). */
  options() {
    const m = this.model;
    const seed = new URLSearchParams(location.search).get('seed');
    const o = this.isBg ? { variant: m.game, matchLength: m.matchLength } : {};
    if (this.isBg && seed !== null && seed !== '') o.seed = Number(seed) >>> 0;
    return o;
  }

  /** A new engine object at the set-up, or throws the engine's reason. */
  build() {
    const M = this.M;
    return this.kind.setup.build(M, this.setup(), this.options());
  }

  _check() {
    this.result.game?.free?.();
    try {
      this.result = { game: this.build(), error: null };
    } catch (e) {
      this.result = { game: null, error: e };
    }
    const err = this.result.error;
    this.$('#editor-error').textContent = err ? this.hooks.errorText(err) : '';
    this.$('#editor-ok').textContent = err ? '' : this.hooks.t('editor.ok');
    for (const id of ['#editor-play', '#editor-analyse', '#editor-share']) this.$(id).disabled = !!err;
  }

  // ---- editing -------------------------------------------------------------------------

  _bgCount(side, loc) {
    return this.model[side][ownIndex(side, loc)];
  }

  /** Places a checker or piece of `color` at a location (a name: 'p6', 'bar-white', 'c3'). */
  place(name, color) {
    const m = this.model;
    if (this.isBg) {
      const loc = bgLoc(name);
      const side = loc.kind === 'bar' ? loc.side : color;
      m[side][ownIndex(side, loc)]++;
    } else {
      const p = m.pieces[name];
      // a click cycles: empty -> man -> king -> empty (of the chosen colour)
      if (!p || p.color !== color) m.pieces[name] = { color, king: false };
      else if (!p.king) p.king = true;
      else delete m.pieces[name];
    }
    this._changed();
  }

  /** Removes one checker (the top one) or the piece at a location. */
  remove(name) {
    const m = this.model;
    if (this.isBg) {
      const loc = bgLoc(name);
      const side = SIDES.find((s) => (loc.kind !== 'bar' || loc.side === s) && this._bgCount(s, loc) > 0);
      if (side) m[side][ownIndex(side, loc)]--;
    } else delete m.pieces[name];
    this._changed();
  }

  /** Makes the draughts man at a location a king, or the king a man. */
  toggleKing(name) {
    const p = this.model.pieces?.[name];
    if (!p) return;
    p.king = !p.king;
    this._changed();
  }

  /** Moves one checker, or the piece, from one location to another. */
  move(from, to) {
    if (from === to) return;
    const m = this.model;
    if (this.isBg) {
      const a = bgLoc(from),
        b = bgLoc(to);
      const side = SIDES.find((s) => (a.kind !== 'bar' || a.side === s) && this._bgCount(s, a) > 0);
      if (!side || (b.kind === 'bar' && b.side !== side)) return;
      m[side][ownIndex(side, a)]--;
      m[side][ownIndex(side, b)]++;
    } else {
      if (!m.pieces[from]) return;
      m.pieces[to] = m.pieces[from];
      delete m.pieces[from];
    }
    this._changed();
  }

  /** Applies the chosen tool at a location. */
  apply(name) {
    if (this.tool === 'remove') this.remove(name);
    else this.place(name, this.tool);
  }

  clear() {
    const m = this.model;
    if (this.isBg) {
      m.white.fill(0);
      m.black.fill(0);
      m.unentered = { white: 0, black: 0 };
      m.dice = [0, 0];
    } else m.pieces = {};
    this._changed();
  }

  setTurn(side) {
    this.model.turn = side;
    this._changed();
  }

  _changed() {
    this._fillControls();
    this._check();
    this.draw();
    this.hooks.changed?.();
  }

  // ---- controls ------------------------------------------------------------------------

  _sync() {
    this.$('#editor-game').value = this.model.game;
    this.$('#editor-bg').hidden = !this.isBg;
    this.$('#editor-ad').hidden = this.model.game !== 'acey-deucey';
    this.$('#editor-link-box').hidden = true;
    this.translate();
    this._changed();
  }

  /** Texts set from code (the static ones are data-i18n of the page). */
  translate() {
    const t = this.hooks.t;
    this.canvas.setAttribute('aria-label', t('editor.board'));
    const die = (sel) => {
      const v = sel.value;
      sel.innerHTML = `<option value="">${t('editor.notRolled')}</option>${[1, 2, 3, 4, 5, 6].map((d) => `<option>${d}</option>`).join('')}`;
      sel.value = v;
    };
    die(this.$('#editor-die1'));
    die(this.$('#editor-die2'));
    const owner = this.$('#editor-cube-owner');
    const ov = owner.value;
    owner.innerHTML = ['', ...SIDES]
      .map((s) => `<option value="${s}">${s ? t(`player.${s}`) : t('editor.cubeMiddle')}</option>`)
      .join('');
    owner.value = ov;
    const ml = this.$('#editor-match');
    const mv = ml.value;
    ml.innerHTML = MATCH_LENGTHS.map((n) => `<option value="${n}">${n === 0 ? t('editor.money') : n}</option>`).join(
      '',
    );
    ml.value = mv;
    this.$('#editor-cube').innerHTML = CUBE_VALUES.map((v) => `<option>${v}</option>`).join('');
    if (this.model) this._changed();
  }

  _fillControls() {
    const m = this.model;
    for (const r of this.root.querySelectorAll('input[name="editor-turn"]')) r.checked = r.value === m.turn;
    const t = this.hooks.t;
    if (this.isBg) {
      this.$('#editor-die1').value = m.dice[0] ? String(m.dice[0]) : '';
      this.$('#editor-die2').value = m.dice[1] ? String(m.dice[1]) : '';
      const cube = this.$('#editor-cube');
      if (!CUBE_VALUES.includes(m.cube.value)) cube.insertAdjacentHTML('beforeend', `<option>${m.cube.value}</option>`);
      cube.value = String(m.cube.value);
      this.$('#editor-cube-owner').value = m.cube.owner ?? '';
      const ml = this.$('#editor-match');
      if (!MATCH_LENGTHS.includes(m.matchLength))
        ml.insertAdjacentHTML('beforeend', `<option>${m.matchLength}</option>`);
      ml.value = String(m.matchLength);
      this.$('#editor-score-white').value = m.score.white;
      this.$('#editor-score-black').value = m.score.black;
      this.$('#editor-crawford').checked = m.crawford;
      this.$('#editor-unentered-white').value = m.unentered.white;
      this.$('#editor-unentered-black').value = m.unentered.black;
      for (const id of ['#editor-score-white', '#editor-score-black', '#editor-crawford'])
        this.$(id).disabled = m.matchLength === 0;
      const n = (side) => m[side].reduce((a, b) => a + b, 0) + m.unentered[side];
      this.$('#editor-counts').textContent = t('editor.counts', { white: n('white'), black: n('black') });
    } else {
      const n = (c) => Object.values(m.pieces).filter((p) => p.color === c).length;
      this.$('#editor-counts').textContent = t('editor.counts', { white: n('white'), black: n('black') });
    }
  }

  _wire() {
    const $ = this.$;
    $('#editor-game').addEventListener('change', (e) => this.openStart(e.target.value));
    for (const r of this.root.querySelectorAll('input[name="editor-turn"]'))
      r.addEventListener('change', () => this.setTurn(r.value));
    const dice = () => {
      // one die alone is not a roll: the set-up has the dice once both are chosen
      this.model.dice = [Number($('#editor-die1').value) || 0, Number($('#editor-die2').value) || 0];
      this._changed();
    };
    $('#editor-die1').addEventListener('change', dice);
    $('#editor-die2').addEventListener('change', dice);
    $('#editor-cube').addEventListener('change', (e) => {
      this.model.cube.value = Number(e.target.value);
      this._changed();
    });
    $('#editor-cube-owner').addEventListener('change', (e) => {
      this.model.cube.owner = e.target.value || null;
      this._changed();
    });
    $('#editor-match').addEventListener('change', (e) => {
      this.model.matchLength = Number(e.target.value);
      if (this.model.matchLength === 0) {
        this.model.score = { white: 0, black: 0 };
        this.model.crawford = false;
      }
      this._changed();
    });
    for (const side of SIDES) {
      $(`#editor-score-${side}`).addEventListener('change', (e) => {
        this.model.score[side] = Math.max(0, Math.floor(Number(e.target.value) || 0));
        this._changed();
      });
      $(`#editor-unentered-${side}`).addEventListener('change', (e) => {
        this.model.unentered[side] = Math.max(0, Math.floor(Number(e.target.value) || 0));
        this._changed();
      });
    }
    $('#editor-crawford').addEventListener('change', (e) => {
      this.model.crawford = e.target.checked;
      this._changed();
    });
    $('#editor-clear').addEventListener('click', () => this.clear());
    $('#editor-start').addEventListener('click', () => this.openStart(this.model.game));
    $('#editor-play').addEventListener('click', () => this._play());
    $('#editor-analyse').addEventListener('click', () => this._analyse());
    $('#editor-share').addEventListener('click', () => this._share());
    $('#editor-copy').addEventListener('click', async (e) => {
      try {
        await navigator.clipboard.writeText($('#editor-link').value);
        e.target.textContent = this.hooks.t('btn.copied');
      } catch {
        $('#editor-link').select();
      }
    });
    this._wirePointer();
    this.canvas.addEventListener('keydown', (e) => this._key(e));
    this.canvas.addEventListener('focus', () => {
      if (!this.cursor) this.cursor = this.isBg ? 'p1' : 'a1';
      this.draw();
    });
    this.canvas.addEventListener('blur', () => this.draw());
  }

  /** The computer plays the side the Opponent control names (or nobody: two people). */
  _play() {
    let g;
    try {
      g = this.build();
    } catch {
      return;
    }
    const v = this.$('#editor-opponent').value;
    const computer = SIDES.includes(v) ? v : null;
    this.hooks.play(this.model.game, g, { computer });
  }

  _analyse() {
    let g;
    try {
      g = this.build();
    } catch {
      return;
    }
    this.hooks.analyse(this.model.game, g);
  }

  /** The position as a link: the engine writes its XGID or FEN (cannot-export when it has none). */
  _share() {
    const box = this.$('#editor-link-box');
    let text;
    try {
      const g = this.build();
      text = this.isBg ? g.xgid() : g.fen();
      g.free?.();
    } catch (e) {
      this.$('#editor-error').textContent = this.hooks.errorText(e);
      box.hidden = true;
      return;
    }
    const url = this.hooks.linkOf(`${FRAGMENT}${encodeURIComponent(`${this.model.game}/${text}`)}`);
    this.$('#editor-link').value = url;
    this.$('#editor-copy').textContent = this.hooks.t('btn.copy');
    box.hidden = false;
  }

  // ---- pointer and keyboard ------------------------------------------------------------

  /** The location name under a point of the canvas (CSS pixels), or null. */
  _hit(x, y) {
    if (!this.L) return null;
    if (this.isBg) {
      const h = bgGeo.hitTest(this.L, x, y);
      return h && (h.kind === 'point' || h.kind === 'bar') ? bgLocName(h) : null;
    }
    return ruGeo.hitTest(this.L, x, y);
  }

  /** The centre of a location in CSS pixels of the canvas (for the pointer, the cursor, the tests). */
  centreOf(name) {
    if (this.isBg) {
      const loc = bgLoc(name);
      const r = loc.kind === 'bar' ? this.L.bar[loc.side].hit : this.L.points[loc.n].hit;
      return bgGeo.centre(r);
    }
    return ruGeo.centre(this.L, name);
  }

  /** The centre of a location in the page's client coordinates (the tests click there). */
  clientCentre(name) {
    const r = this.canvas.getBoundingClientRect();
    const c = this.centreOf(name);
    return { x: r.left + c.x, y: r.top + c.y };
  }

  _wirePointer() {
    const cv = this.canvas;
    const at = (e) => {
      const r = cv.getBoundingClientRect();
      return { x: e.clientX - r.left, y: e.clientY - r.top };
    };
    cv.addEventListener('contextmenu', (e) => {
      e.preventDefault();
      const p = at(e);
      const name = this._hit(p.x, p.y);
      if (name) {
        this.cursor = name;
        this.remove(name);
      }
    });
    cv.addEventListener('pointerdown', (e) => {
      if (e.button !== 0) return;
      const p = at(e);
      const name = this._hit(p.x, p.y);
      if (!name) return;
      cv.setPointerCapture?.(e.pointerId);
      this.drag = { from: name, x0: p.x, y0: p.y, moved: false, x: p.x, y: p.y, color: this._colorAt(name) };
    });
    cv.addEventListener('pointermove', (e) => {
      if (!this.drag) return;
      const p = at(e);
      Object.assign(this.drag, p);
      if (Math.hypot(p.x - this.drag.x0, p.y - this.drag.y0) > 6 && this.drag.color) this.drag.moved = true;
      if (this.drag.moved) this.draw();
    });
    cv.addEventListener('pointerup', (e) => {
      const d = this.drag;
      this.drag = null;
      if (!d) return;
      const p = at(e);
      const to = this._hit(p.x, p.y);
      this.cursor = to ?? d.from;
      if (d.moved) {
        if (to) this.move(d.from, to);
        else this.draw();
      } else this.apply(d.from);
      cv.focus({ preventScroll: true });
    });
    cv.addEventListener('pointercancel', () => {
      this.drag = null;
      this.draw();
    });
  }

  /** The colour of the piece at a location (the top checker), or null when empty. */
  _colorAt(name) {
    if (this.isBg) {
      const loc = bgLoc(name);
      return SIDES.find((s) => (loc.kind !== 'bar' || loc.side === s) && this._bgCount(s, loc) > 0) ?? null;
    }
    return this.model.pieces[name]?.color ?? null;
  }

  _key(e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const dirs = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    const cur = this.cursor ?? (this.isBg ? 'p1' : 'a1');
    const k = e.key.length === 1 ? e.key.toLowerCase() : e.key;
    if (dirs[k]) this.cursor = this._nearest(cur, ...dirs[k]);
    else if (k === 'w' || k === 'b') this.place(cur, k === 'w' ? 'white' : 'black');
    else if (k === 'k' && !this.isBg) this.toggleKing(cur);
    else if (k === 'Delete' || k === 'Backspace' || k === 'x') this.remove(cur);
    else if (k === ' ' || k === 'Enter') this.apply(cur);
    else if (k === 'c') {
      const tool = this.tool === 'black' ? 'white' : 'black';
      this.root.querySelector(`input[name="editor-tool"][value="${tool}"]`).checked = true;
    } else if (k === 't') this.setTurn(other(this.model.turn));
    else return;
    e.preventDefault();
    this.cursor = this.cursor ?? cur;
    this._announce();
    this.draw();
  }

  /** What is under the keyboard cursor, for a screen reader (the live line under the board). */
  _announce() {
    const t = this.hooks.t;
    const name = this.cursor;
    let text = '';
    if (name && this.isBg) {
      const loc = bgLoc(name);
      text =
        loc.kind === 'bar'
          ? t('editor.atBar', { player: t(`player.${loc.side}`), count: this._bgCount(loc.side, loc) })
          : t('editor.atPoint', { n: loc.n, white: this._bgCount('white', loc), black: this._bgCount('black', loc) });
    } else if (name) {
      const p = this.model.pieces[name];
      const piece = p
        ? t(p.king ? 'editor.piece.king' : 'editor.piece.man', { player: t(`player.${p.color}`) })
        : t('editor.piece.empty');
      text = t('editor.atSquare', { square: name, piece });
    }
    this.$('#editor-cursor').textContent = text;
  }

  /** The location nearest to `from` in the screen direction (dx, dy): the layout decides. */
  _nearest(from, dx, dy) {
    const names = this.isBg ? BG_LOCS : ruGeo.ALL_DARK.concat(lightSquares());
    const a = this.centreOf(from);
    let best = from,
      bestScore = Infinity;
    for (const n of names) {
      if (n === from) continue;
      const c = this.centreOf(n);
      const along = (c.x - a.x) * dx + (c.y - a.y) * dy;
      if (along <= 1) continue;
      const across = Math.abs((c.x - a.x) * dy) + Math.abs((c.y - a.y) * dx);
      const score = along + 3 * across;
      if (score < bestScore) {
        bestScore = score;
        best = n;
      }
    }
    return best;
  }

  // ---- drawing -------------------------------------------------------------------------

  draw() {
    if (!this.model || this.root.hidden) return;
    const cv = this.canvas;
    const box = cv.parentElement.getBoundingClientRect();
    const w = Math.max(100, Math.floor(box.width)),
      h = Math.max(100, Math.floor(box.height));
    const dpr = window.devicePixelRatio || 1;
    if (cv.width !== Math.round(w * dpr) || cv.height !== Math.round(h * dpr)) {
      cv.width = Math.round(w * dpr);
      cv.height = Math.round(h * dpr);
      cv.style.width = `${w}px`;
      cv.style.height = `${h}px`;
    }
    this.ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    const focused = document.activeElement === cv;
    const d = this.drag?.moved ? this.drag : null;
    if (this.isBg) {
      this.L = bgGeo.layout(w, h, { portrait: false });
      const { state, shared } = this._bgState(d);
      const view = {
        numbersFor: 'white',
        targets: shared,
        cursor: focused && this.cursor ? bgLoc(this.cursor) : null,
        floating: d ? [{ x: d.x, y: d.y, side: d.color }] : [],
      };
      bgRender.draw(this.ctx, this.L, state, view);
    } else {
      this.L = ruGeo.layout(w, h, {});
      const pieces = Object.entries(this.model.pieces)
        .filter(([sq]) => !d || sq !== d.from)
        .map(([square, p]) => ({ square, color: p.color, king: p.king }));
      const view = {
        cursor: focused && this.cursor ? this.cursor : null,
        floating: d ? [{ x: d.x, y: d.y, color: d.color, king: this.model.pieces[d.from]?.king }] : [],
        showLast: false,
      };
      ruRender.draw(this.ctx, this.L, { pieces, turn: this.model.turn, lastMove: null }, view);
    }
  }

  /** A BackgammonState-shaped picture of the set-up for the renderer (and the shared points). */
  _bgState(drag) {
    const m = this.model;
    const white = m.white.slice(),
      black = m.black.slice();
    if (drag) {
      const side = drag.color;
      const arr = side === 'white' ? white : black;
      arr[ownIndex(side, bgLoc(drag.from))]--;
    }
    const points = [];
    const shared = [];
    for (let n = 1; n <= 24; n++) {
      const w = white[n - 1],
        b = black[24 - n];
      if (w > 0 && b > 0) shared.push({ kind: 'point', n });
      points.push(w > 0 ? w : -b);
    }
    const sum = (a) => a.reduce((x, y) => x + y, 0);
    // the checkers not placed are shown borne off (the engine's count; it checks the set-up)
    const all = this.kind.setup.checkersPerSide(this.M);
    const off = {
      white: Math.max(0, all - sum(m.white) - m.unentered.white),
      black: Math.max(0, all - sum(m.black) - m.unentered.black),
    };
    const dice = m.dice[0] && m.dice[1] ? m.dice.slice() : [];
    return {
      shared,
      state: {
        points,
        bar: { white: white[24], black: black[24] },
        off,
        unentered: { ...m.unentered },
        turn: m.turn,
        phase: dice.length ? 'move' : 'roll',
        // the roll as it is set (the engine says how it is played once the game starts)
        dice,
        playDice: dice,
        diceLeft: dice,
        cube: { value: m.cube.value, owner: m.cube.owner, offeredBy: null, enabled: true, offeredValue: null },
        openingRoll: null,
        lastPlay: null,
      },
    };
  }
}

function lightSquares() {
  const out = [];
  for (let r = 0; r < 8; r++) for (let f = 0; f < 8; f++) if ((f + r) % 2 === 1) out.push(ruGeo.name(f, r));
  return out;
}
