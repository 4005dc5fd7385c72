// Russian-draughts play on the canvas: the engine's legal moves become highlights, pointer and
// keyboard input become `play(notation)`. Sources, destinations and capture paths all come from
// `legalMoves()`; when two captures share start and end, the player picks the path by tapping a
// square along it.
import { layout, hitTest, centre, neighbour, parse } from './geometry.js';
import { draw, themeFrom } from './render.js';
import { tween, along, sleep } from '../anim.js';

const other = (p) => (p === 'white' ? 'black' : 'white');

export class DraughtsController {
  constructor(host) {
    this.host = host;
    this.game = null;
    this.state = null;
    this.moves = [];
    this.sel = null; // { from, chosen: [squares clicked after the source], cands: moves }
    this.cursor = null;
    this.drag = null;
    this.view = {};
    this.busy = false;
    this.message = '';
    this.drawOffer = null; // side offering a draw, while the other decides
  }

  get kind() {
    return 'draughts';
  }

  setGame(game) {
    this.game = game;
    this.sel = null;
    this.drag = null;
    this.message = '';
    this.drawOffer = null;
    this.resignAsk = false;
    this.refresh();
  }

  refresh() {
    this.state = this.game.state();
    this.moves = this.state.outcome ? [] : safe(() => this.game.legalMoves(), []);
    this.sel = null;
    this.host.changed();
  }

  name(side) {
    return this.host.t(`player.${side}`);
  }
  isComputer(side) {
    return this.host.computerSide === side;
  }
  humanTurn() {
    return (
      !!this.state &&
      !this.state.outcome &&
      !this.isComputer(this.state.turn) &&
      !this.drawOffer &&
      this.host.hold !== 'turn'
    );
  }
  touchMove() {
    return !!this.host.options?.touchMove;
  }

  sources() {
    return [...new Set(this.moves.map((m) => m.from))];
  }

  /** Candidate moves still matching the selection, and the squares that can be tapped next. */
  targets() {
    if (!this.sel) return [];
    const out = new Set();
    for (const m of this.sel.cands) {
      out.add(m.to);
      const next = m.path[this.sel.chosen.length + 1];
      if (next && next !== m.to && this.ambiguous()) out.add(next);
    }
    return [...out];
  }

  /**
   * While several capture paths from the selected piece are open: the squares that tell them
   * apart, landing or captured, anywhere along the way (on some candidate paths, not on all).
   */
  distinguishing() {
    if (!this.sel || this.sel.cands.length < 2) return [];
    const count = new Map();
    for (const m of this.sel.cands)
      for (const sq of new Set([...m.path.slice(1), ...m.captured])) count.set(sq, (count.get(sq) || 0) + 1);
    return [...count].filter(([, n]) => n < this.sel.cands.length).map(([sq]) => sq);
  }

  ambiguous() {
    if (!this.sel) return false;
    const ends = this.sel.cands.map((m) => m.to);
    return ends.length !== new Set(ends).size;
  }

  // ---- drawing ---------------------------------------------------------------------------

  layout(w, h) {
    this.L = layout(w, h, { flipped: this.host.flipped });
    return this.L;
  }

  draw(ctx, palette) {
    if (!this.L || !this.state) return;
    if (palette !== this._palette) {
      this._palette = palette;
      this._theme = themeFrom(palette);
    }
    // a diagram or a replay (host.still) shows no pieces to pick
    const human = this.humanTurn() && !this.busy && !this.browsed && !this.host.still;
    const view = {
      sources: human && !this.sel ? this.sources() : [],
      selected: this.sel ? this.sel.from : null,
      targets: human ? this.targets() : [],
      paths: this.sel ? this.sel.cands.filter((m) => m.captured.length).map((m) => m.path) : [],
      cursor: this.host.focused && this.host.keyboard ? this.cursor : null,
      ...this.view,
    };
    const hint = this.currentHint() && this.hint.best;
    if (hint) {
      view.paths = [...(view.paths || []), hint.path];
    }
    if (this.drag?.started) {
      const piece = this.pieceAt(this.drag.from);
      view.hidden = [this.drag.from];
      view.floating = [{ x: this.drag.x, y: this.drag.y, color: piece.color, king: piece.king }];
    }
    draw(
      ctx,
      this.L,
      this.browsed?.state || this.state,
      this.browsed ? { ...view, selected: null, hidden: [], floating: [], paths: [], cursor: null } : view,
      this._theme,
    );
  }

  pieceAt(sq) {
    return this.state.pieces.find((p) => p.square === sq) || null;
  }

  // ---- input -----------------------------------------------------------------------------

  pointerDown(x, y) {
    if (!this.humanTurn() || this.busy) return;
    const sq = hitTest(this.L, x, y);
    if (!sq || !this.moves.some((m) => m.from === sq)) return;
    if (this.sel && this.sel.from !== sq && this.locked()) return;
    this.drag = { from: sq, x, y, x0: x, y0: y, started: false };
  }

  pointerMove(x, y) {
    const d = this.drag;
    if (!d) return false;
    d.x = x;
    d.y = y;
    if (!d.started && Math.hypot(x - d.x0, y - d.y0) > 6) {
      d.started = true;
      if (!this.sel || this.sel.from !== d.from) this.select(d.from, { quiet: true });
    }
    if (d.started) this.host.changed({ drawOnly: true });
    return d.started;
  }

  async pointerUp(x, y) {
    const d = this.drag;
    this.drag = null;
    if (d?.started) {
      const sq = hitTest(this.L, x, y);
      if (sq && sq !== d.from && this.sel && this.targets().includes(sq)) {
        await this.choose(sq, { dragged: { x, y } });
      } else {
        if (sq !== d.from) this.refused({ from: d.from, to: sq });
        else this.host.changed();
      }
      return;
    }
    this.activate(hitTest(this.L, x, y));
  }

  pointerCancel() {
    this.drag = null;
    this.host.changed();
  }

  /** Under touch-move a picked-up piece is bound: the engine keeps that rule (touch/release). */
  locked() {
    if (!this.touchMove() || !this.sel) return false;
    if (this.engineTouch()) return !!this.state?.touched;
    return this.sel.cands.length > 0;
  }

  engineTouch() {
    return !!this.game && typeof this.game.touch === 'function';
  }

  /** Tell the engine which piece is in hand (null: put it back). False when it refuses. */
  hold(sq) {
    if (!this.engineTouch() || !this.touchMove()) return true;
    try {
      if (this.state.touched && this.state.touched !== sq) this.game.release();
      if (sq && this.state.touched !== sq) this.game.touch(sq);
    } catch (e) {
      this.error(e);
      return false;
    } finally {
      this.state = this.game.state();
    }
    return true;
  }

  activate(sq) {
    if (!this.humanTurn() || this.busy || !sq) return;
    if (this.sel) {
      if (this.targets().includes(sq) || this.distinguishing().includes(sq)) return this.choose(sq);
      if (sq === this.sel.from) {
        if (!this.locked()) this.deselect();
        return;
      }
      if (this.locked()) {
        this.refused({ from: this.sel.from, to: sq });
        return;
      }
    }
    if (this.moves.some((m) => m.from === sq)) return this.select(sq);
    if (this.sel) this.deselect();
    else this.refused({ from: sq });
  }

  select(sq, { quiet = false } = {}) {
    if (!this.hold(sq)) return;
    this.sel = { from: sq, chosen: [], cands: this.moves.filter((m) => m.from === sq) };
    this.cursor = this.sel.cands[0] ? this.sel.cands[0].to : sq;
    if (!quiet) {
      this.host.announce(
        this.host.t('a11y.selected', { where: sq, list: [...new Set(this.sel.cands.map((m) => m.to))].join(', ') }),
      );
    }
    this.host.changed();
  }

  deselect() {
    if (!this.hold(null)) return;
    if (this.sel) this.cursor = this.sel.from;
    this.sel = null;
    this.message = '';
    this.host.changed();
  }

  async choose(sq, opts = {}) {
    const s = this.sel;
    const ends = s.cands.filter((m) => m.to === sq);
    if (ends.length === 1) return this.play(ends[0], opts);
    // an intermediate landing square: narrow the candidates down
    const k = s.chosen.length + 1;
    let narrowed = s.cands.filter((m) => m.path[k] === sq);
    if (ends.length > 1 && !narrowed.length) narrowed = ends;
    // a square further along (or a piece captured) that tells the open paths apart
    if (!narrowed.length) narrowed = s.cands.filter((m) => m.path.slice(1).includes(sq) || m.captured.includes(sq));
    if (narrowed.length === 1) return this.play(narrowed[0], opts);
    if (!narrowed.length) return this.refused({ from: s.from, to: sq });
    if (narrowed.every((m) => m.path[k] === sq)) s.chosen.push(sq);
    s.cands = narrowed;
    this.message = this.host.t('ru.pathChoice');
    this.host.announce(this.message);
    this.host.changed();
  }

  refused(info) {
    this.message = this.host.t('status.illegal');
    this.host.announce(this.message);
    this.host.emit('illegal', info);
    if (!this.locked()) {
      this.hold(null);
      this.sel = null;
    }
    this.host.changed();
  }

  /** A scripted move (board.play()): its notation or a legal-move object. */
  scripted(move) {
    const m =
      typeof move === 'string'
        ? this.moves.find((x) => x.notation === move) || { notation: move, from: '', to: '', path: [], captured: [] }
        : move;
    return this.play(m);
  }

  async play(move, { dragged } = {}) {
    if (this.busy) return;
    this.busy = true;
    this.sel = null;
    this.message = '';
    const before = this.state;
    const player = before.turn;
    let played;
    try {
      played = this.game.play(move.notation);
    } catch (e) {
      this.busy = false;
      this.error(e);
      return;
    }
    this.host.sound?.(played?.captured?.length ? 'hit' : 'checker');
    const after = this.game.state();
    this.state = after;
    this.moves = [];
    this.host.announce(
      this.host.t('a11y.moved', { player: this.name(player), move: played?.notation || move.notation }),
    );
    if (this.host.motion) await this.animate(before, move, dragged);
    this.view = {};
    this.busy = false;
    this.host.persist();
    this.refresh();
    this.host.emit('move', {
      player,
      notation: played?.notation || move.notation,
      move: played || move,
      state: this.state,
    });
    this.checkOver();
  }

  async animate(before, move, dragged) {
    const L = this.L;
    const piece = before.pieces.find((p) => p.square === move.from) || { color: before.turn, king: false };
    const pts = move.path.map((sq) => centre(L, sq));
    if (dragged) pts[0] = dragged;
    const captured = move.captured.map((sq) => before.pieces.find((p) => p.square === sq)).filter(Boolean);
    const segs = Math.max(1, pts.length - 1);
    const ms = dragged && segs === 1 ? 120 : 190 * segs + 60;
    await tween(ms, (t) => {
      const p = along(pts, t);
      const passed = Math.floor(t * segs + 1e-6);
      this.view = {
        hidden: [move.to],
        // captured pieces stay on the board until the move ends (Turkish strike), fading as jumped
        ghosts: captured.map((c, i) => ({ ...c, alpha: i < passed ? 0.35 : 1 })),
        floating: [{ x: p.x, y: p.y, color: piece.color, king: piece.king }],
        showLast: false,
      };
      this.host.changed({ drawOnly: true });
    });
  }

  undo() {
    // the engine says whether a move can be taken back (under touch-move it cannot)
    if (this.busy || this.thinkingNow || !this.state.canUndo) return;
    try {
      this.game.undo();
      // against the computer, take back its reply too so it is the player's turn again
      if (this.host.computerSide && this.game.state().turn === this.host.computerSide && this.game.state().canUndo)
        this.game.undo();
    } catch (e) {
      return this.error(e);
    }
    this.message = '';
    this.drawOffer = null;
    this.host.persist();
    this.refresh();
  }

  offerDraw() {
    if (this.busy || !this.state || this.state.outcome) return;
    const me = this.state.turn;
    if (this.host.computerSide) {
      // The computer only accepts when its own search says the game is level.
      this.host
        .ai({ kind: 'ru-draw', save: this.saveData() })
        .then((accept) => {
          if (accept === true) this.agreeDraw();
          else {
            this.message = this.host.t('draw.computer');
            this.host.announce(this.message);
            this.host.changed();
          }
        })
        .catch(() => {
          this.message = this.host.t('draw.computer');
          this.host.changed();
        });
      return;
    }
    this.drawOffer = me;
    this.host.announce(this.host.t('draw.offer', { player: this.name(me), other: this.name(other(me)) }));
    this.host.changed();
  }

  /** RU-RESIGN: the side that resigns from this board: the player against the computer, else the side to move. */
  resignSide() {
    const st = this.state;
    if (!st || st.outcome) return null;
    return this.host.computerSide ? other(this.host.computerSide) : st.turn;
  }

  /** Asks (or stops asking) whether to resign. */
  resignMenu(open = !this.resignAsk) {
    this.resignAsk = open && !!this.resignSide();
    this.host.changed();
  }

  resign() {
    const side = this.resignSide();
    this.resignAsk = false;
    if (!side) return;
    try {
      this.game.resign(side);
    } catch (e) {
      return this.error(e);
    }
    this.drawOffer = null;
    this.message = '';
    this.host.persist();
    this.refresh();
    this.checkOver();
  }

  agreeDraw() {
    this.drawOffer = null;
    try {
      this.game.agreeDraw();
    } catch (e) {
      return this.error(e);
    }
    this.host.persist();
    this.refresh();
    this.checkOver();
  }

  declineDraw() {
    this.drawOffer = null;
    this.message = this.host.t('draw.declined');
    this.host.announce(this.message);
    this.host.changed();
  }

  saveData() {
    return this.host.saveData();
  }

  checkOver() {
    const o = this.state.outcome;
    if (!o) return;
    this.host.announce(this.outcomeText(o));
    this.host.emit('gameover', { outcome: o, state: this.state });
  }

  /** Show an engine error in the page's language (by its code; its message only for a code we lack). */
  error(e) {
    this.message = this.host.errorText(e);
    this.host.announce(this.message);
    this.host.changed();
  }

  async computerTurn() {
    const st = this.state;
    if (this.busy || !st || st.outcome || !this.isComputer(st.turn) || this.thinkingNow) return;
    if (this.aiFailed === this.game) return; // it failed on this game: no retry loop
    this.thinkingNow = true;
    this.host.thinking(true);
    const g = this.game;
    const asked = st.fen;
    let stale = false;
    try {
      const started = performance.now();
      const move = await this.host.ai({ kind: 'ru', save: this.saveData(), level: this.host.level });
      const pause = (this.host.motion ? 600 : 50) - (performance.now() - started);
      if (pause > 0) await sleep(pause);
      // a reply to a position that is gone (a new game, a loaded one) is dropped, never played
      if (this.game !== g || this.game.state().fen !== asked) {
        stale = true;
        return;
      }
      this.host.thinking(false);
      const m = this.moves.find((x) => x.notation === move.notation) || move;
      await this.play(m);
    } catch (e) {
      this.aiFailed = this.game;
      this.error(e);
    } finally {
      this.thinkingNow = false;
      this.host.thinking(false);
      if (stale) this.host.changed(); // the computer looks at the position now on the board
    }
  }

  // ---- keyboard --------------------------------------------------------------------------

  key(e) {
    const k = e.key;
    const lower = k.length === 1 ? k.toLowerCase() : k;
    if (lower === 'u' || k === 'Backspace') {
      this.undo();
      return true;
    }
    if (lower === 'f') {
      this.host.flip();
      return true;
    }
    if (lower === 'h') {
      this.showHint();
      return true;
    }
    const dirs = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    if (dirs[k]) {
      if (!this.cursor) this.cursor = this.sources()[0] || 'a1';
      else this.cursor = neighbour(this.L, this.cursor, ...dirs[k]);
      this.host.announce(this.describeSquare(this.cursor));
      this.host.changed();
      return true;
    }
    if (k === 'Enter' || k === ' ') {
      if (!this.cursor) {
        this.cursor = this.sources()[0] || 'a1';
        this.host.changed();
        return true;
      }
      this.activate(this.cursor);
      return true;
    }
    if (k === 'Escape') {
      if (this.sel && !this.locked()) {
        this.deselect();
        this.host.announce(this.host.t('a11y.cancelled'));
        return true;
      }
      return false;
    }
    return false;
  }

  focus() {
    if (!this.cursor) this.cursor = this.sources()[0] || null;
  }

  describeSquare(sq) {
    const p = this.pieceAt(sq),
      t = this.host.t;
    if (!p) return `${sq}: ${t('a11y.empty')}`;
    return `${sq}: ${t(`a11y.${p.king ? 'king' : 'man'}.${p.color}`)}`;
  }

  describe() {
    const st = this.state,
      t = this.host.t;
    if (!st) return '';
    const list = (c) =>
      st.pieces
        .filter((p) => p.color === c)
        .sort((a, b) => parse(a.square).r - parse(b.square).r || a.square.localeCompare(b.square))
        .map((p) => (p.king ? `K${p.square}` : p.square))
        .join(', ');
    return `${t('a11y.position', { white: list('white'), black: list('black') })} ${this.statusText()}`;
  }

  outcomeText(o) {
    if (!o) return '';
    const t = this.host.t;
    const head = o.result === 'draw' ? t('ru.draw') : t('ru.win', { player: this.name(o.result) });
    return `${head}: ${t(`reason.${o.reason}`)}`;
  }

  statusText() {
    const st = this.state,
      t = this.host.t;
    if (!st) return '';
    if (st.outcome) return this.outcomeText(st.outcome);
    if (this.drawOffer)
      return t('draw.offer', { player: this.name(this.drawOffer), other: this.name(other(this.drawOffer)) });
    if (this.message) return this.message;
    return t('status.toMove', { player: this.name(st.turn) });
  }

  players() {
    const st = this.state;
    if (!st) return [];
    return ['white', 'black'].map((side) => {
      const mine = st.pieces.filter((p) => p.color === side);
      const kings = mine.filter((p) => p.king).length;
      return {
        side,
        name: this.name(side),
        tag: this.host.computerSide ? this.host.t(this.isComputer(side) ? 'player.computer' : 'player.you') : '',
        active: !st.outcome && st.turn === side,
        details: [`${mine.length - kings}●${kings ? ` ${kings}♛` : ''}`],
      };
    });
  }

  info() {
    return '';
  }

  /** The key help of draughts (no roll, no cube). */
  keysHelp() {
    return this.host.t('a11y.keysRu');
  }

  // ---- hints -------------------------------------------------------------------------------

  canHint() {
    return this.humanTurn() && !this.busy && this.moves.length > 0 && !this.state.touched;
  }

  /** Asks the engine's search (in the worker) for the best move, its score and line. */
  async showHint() {
    const t = this.host.t;
    if (this.browsed) this.host.browseTo(null);
    if (!this.canHint()) {
      this.host.announce(t('hint.none'));
      return;
    }
    const g = this.game,
      key = this.state.fen;
    let a;
    try {
      a = await this.host.ai({ kind: 'ru-hint', save: this.saveData() });
    } catch (e) {
      return this.error(e);
    }
    if (this.game !== g || this.state.fen !== key || !a?.best) return;
    this.hint = { key, ...a };
    this.host.announce(`${t('hint.ruTitle')}: ${this.currentHint().lines[0].text}`);
    this.host.changed();
  }

  /** The score of a search in words: '+0.35' men, or a win / loss in so many plies. */
  scoreText(score) {
    const t = this.host.t;
    if ('winIn' in score) return t('hint.winIn', { n: score.winIn });
    if ('lossIn' in score) return t('hint.lossIn', { n: score.lossIn });
    const v = score.centi / 100;
    return `${v >= 0 ? '+' : '−'}${Math.abs(v).toFixed(2)}`;
  }

  currentHint() {
    const h = this.hint;
    if (!h || h.key !== this.state?.fen || this.browsed || this.busy) return null;
    const t = this.host.t;
    return {
      title: t('hint.ruTitle'),
      lines: [
        {
          text: t('hint.ru', {
            move: h.best.notation,
            score: this.scoreText(h.score),
            line: h.pv.slice(0, 6).join(' '),
          }),
          shown: true,
          run: () => this.host.announce(this.currentHint()?.lines[0].text),
        },
      ],
    };
  }

  /** The move list: a cell per move played ('c3-d4'), with the number of plies after it. */
  records() {
    const h = this.state?.history || [];
    const first = this.startTurn();
    const cells = h.map((text, i) => ({
      index: i + 1,
      player: (i % 2 === 0) === (first === 'white') ? 'white' : 'black',
      text,
    }));
    return { cells, live: h.length };
  }

  /** Who moved first: the side to move in the game's start position (the engine's). */
  startTurn() {
    return this.positionAt(0)?.turn ?? 'white';
  }

  /** The state after `index` plies: the engine replays the game's moves from its start. */
  positionAt(index) {
    const g = safe(() => this.game.atPly(index), null);
    if (!g) return null;
    const st = safe(() => g.state(), null);
    safe(() => g.free?.(), null);
    return st;
  }

  controls() {
    const st = this.state,
      t = this.host.t;
    if (!st) return [];
    const human = !this.busy && !st.outcome;
    return [
      {
        id: 'undo',
        label: t('btn.undo'),
        key: 'U',
        disabled: !human || !!this.thinkingNow || !st.canUndo || !!this.drawOffer,
        run: () => this.undo(),
      },
      { id: 'hint', label: t('btn.hint'), icon: '?', key: 'H', disabled: !this.canHint(), run: () => this.showHint() },
      { id: 'draw', label: t('btn.offerDraw'), disabled: !this.humanTurn() || this.busy, run: () => this.offerDraw() },
      {
        id: 'resign',
        label: t('btn.resign'),
        icon: '⚐',
        disabled: !this.resignSide() || this.busy || !!this.thinkingNow,
        run: () => this.resignMenu(),
      },
      { id: 'flip', label: t('btn.flip'), key: 'F', run: () => this.host.flip() },
    ];
  }

  panel() {
    const st = this.state,
      t = this.host.t;
    if (!st) return null;
    if (this.resignAsk && this.resignSide()) {
      return {
        id: 'resign',
        title: t('btn.resign'),
        lines: [t('resign.confirm', { player: this.name(this.resignSide()) })],
        buttons: [
          { id: 'resign', label: t('btn.resign'), primary: true, run: () => this.resign() },
          { id: 'cancel', label: t('btn.cancel'), run: () => this.resignMenu(false) },
        ],
      };
    }
    if (this.drawOffer) {
      return {
        id: 'draw',
        title: t('btn.offerDraw'),
        lines: [t('draw.offer', { player: this.name(this.drawOffer), other: this.name(other(this.drawOffer)) })],
        buttons: [
          { id: 'accept', label: t('btn.accept'), primary: true, run: () => this.agreeDraw() },
          { id: 'decline', label: t('btn.decline'), run: () => this.declineDraw() },
        ],
      };
    }
    if (st.outcome) {
      return {
        id: 'over',
        title: t('over.title'),
        lines: [this.outcomeText(st.outcome)],
        buttons: [{ id: 'new', label: t('btn.newGame'), primary: true, run: () => this.host.newGame() }],
      };
    }
    return null;
  }
}

function safe(fn, fallback) {
  try {
    return fn();
  } catch {
    return fallback;
  }
}
