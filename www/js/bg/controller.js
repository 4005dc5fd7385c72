// Backgammon-family play on the canvas: turns the engine's state and legal steps into highlights,
// and pointer/keyboard input into engine calls. Every rule stays in the engine: sources come from
// `legalSteps()`, destinations and the steps that reach them from `destinations(from)` (the
// engine's one-checker-over-several-dice decision, the same as `stepTo`), and anything the engine
// refuses is refused here too.
import {
  layout,
  hitTest,
  diceAt,
  engineToLoc,
  locToEngine,
  sameLoc,
  nearestLoc,
  locCentre,
  MAX_STACK,
} from './geometry.js';
import { draw, themeFrom } from './render.js';
import { tween, lerp, sleep } from '../anim.js';

/** The hit checker's trip to the bar (ms, unhurried). */
const HIT_MS = 320;

/**
 * The computer's turn with animations, in ms: a pause before it acts (overlapping its first
 * questions to the worker), its dice tumble (overlapping its think), the least time its dice are
 * seen before a checker moves, the most a whole play's checkers take (each step gets its share,
 * at least `stepMin`), and how long a roll it cannot play is shown. The turn passes as its last
 * checker lands: the play stays marked and its dice shown (lastView). Without motion the first
 * pause is PAUSE_STILL_MS and nothing animates.
 */
export const COMPUTER_MS = { pause: 60, tumble: 250, diceSeen: 100, play: 350, stepMin: 90, noMove: 700 };
const PAUSE_STILL_MS = 50;

/** Which roll of which position (gnubg's Position ID and Match ID, the dice included). */
const turnId = (g) => safe(() => g.gnubgId(), null);

const other = (p) => (p === 'white' ? 'black' : 'white');
const locKey = (l) => (l.kind === 'point' ? `p${l.n}` : `${l.kind}-${l.side}`);

export class BackgammonController {
  constructor(host) {
    this.host = host;
    this.game = null;
    this.state = null;
    this.steps = [];
    this.sel = null; // { loc, from, dests: Map(to -> the engine's Step[]) }
    this.cursor = null;
    this.drag = null;
    this.view = {};
    this.busy = false; // an animation or the computer is moving
    this.message = '';
    this.noMoveTimer = 0;
    this.rolling = null; // dice faces shown while rolling
    this.save = null; // the engine's save (toJSON) now: its record is the game record
    this.rows = []; // the engine's moveList(): the move list
    this.replaying = null; // a state shown instead of the live one while the last play is replayed
  }

  get kind() {
    return 'backgammon';
  }

  setGame(game) {
    this.game = game;
    this.sel = null;
    this.cursor = null;
    this.drag = null;
    this.message = '';
    this.resignChoice = false;
    this.refresh();
  }

  // ---- state -----------------------------------------------------------------------------

  refresh({ keepSelection = false } = {}) {
    const g = this.game;
    this.state = g.state();
    this.save = safe(() => g.toJSON(), null);
    this.rows = safe(() => g.moveList(), []);
    this.steps = this.state.phase === 'move' ? safe(() => g.legalSteps(), []) : [];
    if (!keepSelection) this.sel = null;
    clearTimeout(this.noMoveTimer);
    const st = this.state;
    if (st.phase === 'move' && !this.steps.length && !st.canUndo && !this.isComputer(st.turn) && !this.host.still) {
      // No legal move at all: say so and pass without fuss (Confirm skips the pause).
      this.message = this.host.t('status.noMove', { player: this.name(st.turn) });
      this.host.announce(this.message);
      this.noMoveTimer = setTimeout(() => {
        if (this.game === g && this.state.phase === 'move' && !this.steps.length) this.confirm();
      }, 1400);
    }
    this.host.changed();
  }

  name(side) {
    return this.host.t(`player.${side}`);
  }
  isComputer(side) {
    return this.host.computerSide === side;
  }
  humanTurn() {
    const st = this.state;
    if (!st || st.phase === 'game-over' || this.host.hold === 'turn') return false;
    if (st.phase === 'opening') return true;
    if (st.phase === 'cube-decision') return !this.isComputer(other(st.cube.offeredBy || st.turn));
    return !this.isComputer(st.turn);
  }

  mover() {
    return this.state.turn;
  }

  sources() {
    const st = this.state,
      seen = new Map();
    for (const s of this.steps) {
      const loc = engineToLoc(st.turn, s.from, st);
      seen.set(locKey(loc), loc);
    }
    return [...seen.values()].sort((a, b) => locToEngine(st.turn, b, st) - locToEngine(st.turn, a, st));
  }

  /**
   * Where one checker from engine point `from` can go this turn, and the engine's steps to get
   * there: Map(to -> Step[]). A move over several dice plays exactly these steps.
   */
  destinations(from) {
    return new Map(safe(() => this.game.destinations(from), []).map((d) => [d.to, d.steps]));
  }

  destLocs() {
    if (!this.sel) return [];
    const st = this.state;
    return [...this.sel.dests.keys()]
      .sort((a, b) => b - a)
      .map((to) => engineToLoc(st.turn, to, st))
      .map((l) => (l.kind === 'tray' ? { kind: 'tray', side: st.turn } : l));
  }

  // ---- the last play -------------------------------------------------------------------------

  /** The last play in the record (a line of the engine's moveList()), or null. */
  lastPlayRow() {
    for (let i = this.rows.length - 1; i >= 0; i--) if (this.rows[i].kind === 'play') return this.rows[i];
    return null;
  }

  /**
   * What the board shows of the last play: its steps marked (until the next player takes a
   * step) and its roll on its side (until the next roll).
   */
  lastView() {
    const st = this.state;
    const row = this.lastPlayRow();
    if (!row || st.phase === 'opening') return {};
    const marks = ['roll', 'cube-decision', 'game-over'].includes(st.phase) || (st.phase === 'move' && !st.canUndo);
    const out = {};
    if (marks) out.lastMove = this.stepLocs(row.player, row.steps, st);
    if (['roll', 'cube-decision', 'game-over'].includes(st.phase) && row.playDice?.length)
      out.lastDice = { side: row.player, dice: row.playDice };
    return out;
  }

  stepLocs(player, steps, st) {
    return steps.map((s) => ({
      from: engineToLoc(player, s.from, st),
      to: s.to === 0 ? { kind: 'tray', side: player } : engineToLoc(player, s.to, st),
    }));
  }

  canReplay() {
    return !!this.lastPlayRow()?.steps.length && !this.busy && this.state.phase !== 'move';
  }

  /** Plays the last play again on the board, from the position before it (the live game is kept). */
  async replay() {
    const row = this.lastPlayRow();
    if (!this.canReplay() || !row) return;
    const g = safe(() => this.game.atRecord(row.index - 1), null);
    if (!g) return;
    this.busy = true;
    this.host.changed();
    const live = this.game;
    try {
      this.replaying = g.state();
      this.host.changed({ drawOnly: true });
      await sleep(this.host.motion ? 350 : 60);
      for (const s of row.steps) {
        if (this.game !== live) return;
        const before = this.replaying;
        const step = g.step(s.from, s.to);
        const after = g.state();
        await this.slide(row.player, s.from, s.to, step?.hit, before, after, null, (st) => {
          this.replaying = st;
        });
        this.replaying = after;
        this.host.changed({ drawOnly: true });
        await sleep(this.host.motion ? 120 : 40);
      }
      this.host.announce(this.host.t('a11y.moved', { player: this.name(row.player), move: row.notation || '—' }));
    } finally {
      this.replaying = null;
      this.busy = false;
      safe(() => g.free?.(), null);
      if (this.game === live) this.refresh();
    }
  }

  // ---- the game record ---------------------------------------------------------------------

  /**
   * The move list: a cell per play (gnubg's '31: 8/5 6/5') and per cube action, each with the
   * record index of the position after it; `live` is the game's own index.
   */
  records() {
    const t = this.host.t;
    const cells = this.rows.map((r) => {
      let text;
      if (r.kind === 'play') text = `${r.dice ? r.dice.join('') : ''}: ${r.notation || t('rec.noMove')}`;
      else if (r.kind === 'double') text = t('rec.double', { n: r.cube });
      else text = t(`rec.${r.kind}`);
      return { index: r.index, player: r.player, text };
    });
    return { cells, live: this.save?.record?.length ?? 0 };
  }

  /** The state after the first `index` entries of the record (the engine replays them), or null. */
  positionAt(index) {
    const g = safe(() => this.game.atRecord(index), null);
    if (!g) return null;
    const st = g.state();
    safe(() => g.free?.(), null);
    return st;
  }

  // ---- hints -------------------------------------------------------------------------------

  /** A hint is for the player's whole play: after the roll, before the first step. */
  canHint() {
    const st = this.state;
    return st.phase === 'move' && this.humanTurn() && !this.busy && !st.canUndo && this.steps.length > 0;
  }

  hintKey() {
    const st = this.state;
    return `${safe(() => this.game.positionId(), '')}:${st.turn}:${(st.dice || []).join('')}:${st.phase}`;
  }

  /** Asks the engine (in the worker) for the best plays, ranked, and draws the first. */
  async showHint() {
    const t = this.host.t;
    if (this.browsed) this.host.browseTo(null);
    if (!this.canHint()) {
      this.host.announce(t('hint.none'));
      return;
    }
    const g = this.game,
      key = this.hintKey();
    let plays;
    try {
      plays = await this.host.ai({ kind: 'bg-hint', save: g.toJSON() });
    } catch (e) {
      return this.error(e);
    }
    if (this.game !== g || this.hintKey() !== key || !plays?.length) return;
    this.hint = { key, plays, shown: 0 };
    this.host.announce(`${t('hint.title')}: ${this.currentHint().lines[0].text}`);
    this.host.changed();
  }

  /** The hint for this position ({ title, lines }), or null once the position has changed. */
  currentHint() {
    const h = this.hint;
    if (!h || h.key !== this.hintKey() || this.browsed || this.busy) return null;
    const t = this.host.t;
    const pct = (x) => (x * 100).toFixed(1);
    return {
      title: t('hint.title'),
      lines: h.plays.map((p, i) => ({
        text: t('hint.bg', {
          n: i + 1,
          play: p.notation,
          eq: `${p.equity >= 0 ? '+' : '−'}${Math.abs(p.equity).toFixed(3)}`,
          win: pct(p.probabilities.win),
          gammon: pct(p.probabilities.winGammon),
        }),
        shown: i === h.shown,
        run: () => {
          h.shown = i;
          this.host.announce(this.currentHint()?.lines[i].text);
          this.host.changed();
        },
      })),
    };
  }

  // ---- drawing ---------------------------------------------------------------------------

  layout(w, h) {
    this.L = layout(w, h, { homeLeft: this.host.homeLeft, flipped: this.host.flipped });
    return this.L;
  }

  draw(ctx, palette) {
    if (!this.L || !this.state) return;
    if (palette !== this._palette) {
      this._palette = palette;
      this._theme = themeFrom(palette);
    }
    const st = this.state;
    const human = this.humanTurn() && !this.busy;
    const view = {
      numbersFor: this.host.computerSide
        ? other(this.host.computerSide)
        : st.phase === 'opening'
          ? this.host.flipped
            ? 'black'
            : 'white'
          : st.turn,
      rollable: human && (st.phase === 'opening' || st.phase === 'roll'),
      sources: human && !this.sel ? this.sources() : [],
      selected: this.sel ? this.sel.loc : null,
      targets: human ? this.destLocs() : [],
      cursor: this.host.focused && this.host.keyboard ? this.cursor : null,
      hidden: [],
      floating: [],
      ...(this.replaying ? {} : this.lastView()),
      ...this.view,
    };
    const hint = this.currentHint() && this.hint.plays[this.hint.shown];
    if (hint) view.hintMove = this.stepLocs(st.turn, hint.steps, st);
    if (this.browsed) {
      // an earlier position of the record: its play marked, nothing to pick
      const row = this.rows.find((r) => r.index === this.browsed.index && r.kind === 'play');
      const bst = this.browsed.state;
      Object.assign(view, {
        lastMove: row ? this.stepLocs(row.player, row.steps, bst) : undefined,
        lastDice: undefined,
        hidden: [],
        floating: [],
        cursor: null,
      });
    }
    if (this.replaying || this.browsed || this.host.still) {
      view.sources = [];
      view.targets = [];
      view.selected = null;
      view.rollable = false;
    }
    if (this.drag?.started && !this.browsed) {
      view.hidden = [...view.hidden, { loc: this.drag.loc, count: 1 }];
      view.floating = [...view.floating, { x: this.drag.x, y: this.drag.y, side: st.turn, scale: 1.08 }];
      view.selected = null;
    }
    const base = this.browsed?.state || this.replaying || st;
    const shown = this.rolling ? { ...base, ...this.rolling } : base;
    draw(ctx, this.L, shown, view, this._theme);
  }

  // ---- pointer input ---------------------------------------------------------------------

  pointerDown(x, y) {
    if (!this.humanTurn() || this.busy) return;
    const hit = hitTest(this.L, x, y);
    const st = this.state;
    if (st.phase !== 'move' || !hit) return;
    const from = locToEngine(st.turn, hit, st);
    if (from === null || !this.steps.some((s) => s.from === from)) return;
    this.drag = { loc: engineToLoc(st.turn, from, st), from, x, y, x0: x, y0: y, started: false };
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
      const target = nearestLoc(this.L, x, y, this.destLocs(), this.tolerance());
      const to = target ? locToEngine(this.state.turn, target, this.state) : null;
      if (to && this.sel?.dests.has(to)) {
        await this.moveAlong(this.sel.dests.get(to), { dragged: { x, y } });
      } else {
        this.refused({ x, y, loc: d.loc });
      }
      return;
    }
    this.click(x, y);
  }

  pointerCancel() {
    this.drag = null;
    this.host.changed();
  }

  tolerance() {
    return Math.max(8, 22 - this.L.unit * 0.2);
  }

  click(x, y) {
    if (!this.humanTurn() || this.busy) return;
    const st = this.state;
    if (st.phase === 'opening' || st.phase === 'roll') {
      if (diceAt(this.L, x, y)) this.roll();
      return;
    }
    if (st.phase !== 'move') return;
    // the dice are not a move (nor the second click of a double-click that rolled them); once the
    // checkers moved form a whole play, a click on them ends the turn, as Confirm does (the one
    // way by mouse on a board without its toolbar, controls="none")
    if (diceAt(this.L, x, y) && !this.sel) {
      if (st.canConfirm && st.canUndo) this.confirm();
      return;
    }
    const hit = hitTest(this.L, x, y);
    this.activate(hit, x, y);
  }

  /** A click (or Enter) on a location during the move phase. */
  activate(hit, x, y) {
    const st = this.state;
    if (this.sel) {
      // a tap near a highlighted destination counts (forgiving on small screens)
      let target = hit && this.destLocs().find((l) => sameLoc(l, hit));
      if (!target && x !== undefined) target = nearestLoc(this.L, x, y, this.destLocs(), this.tolerance());
      if (target) {
        const to = locToEngine(st.turn, target, st);
        if (to !== null && this.sel.dests.has(to)) return this.moveAlong(this.sel.dests.get(to));
      }
      if (hit && sameLoc(hit, this.sel.loc)) {
        // second click on the same checker: bear it off if it can go off, else put it down
        if (this.sel.dests.has(0)) return this.moveAlong(this.sel.dests.get(0));
        this.deselect();
        return;
      }
    }
    const from = hit ? locToEngine(st.turn, hit, st) : null;
    if (from !== null && this.steps.some((s) => s.from === from)) {
      this.select(from);
      // one-click bear-off (and any checker with a single way to go off)
      if (this.sel.dests.size === 1 && this.sel.dests.has(0)) return this.moveAlong(this.sel.dests.get(0));
      return;
    }
    if (this.sel) this.deselect();
    else if (hit && hit.kind !== 'dice') this.refused({});
  }

  select(from, { quiet = false } = {}) {
    const st = this.state;
    const loc = engineToLoc(st.turn, from, st);
    this.sel = { loc, from, dests: this.destinations(from) };
    this.cursor = this.destLocs()[0] || loc;
    if (!quiet) {
      this.host.announce(
        this.host.t('a11y.selected', {
          where: this.locName(loc),
          list: this.destLocs()
            .map((l) => this.locName(l))
            .join(', '),
        }),
      );
    }
    this.host.changed();
  }

  deselect() {
    if (this.sel) this.cursor = this.sel.loc;
    this.sel = null;
    this.host.changed();
  }

  refused(info) {
    this.message = this.host.t('status.illegal');
    this.host.announce(this.message);
    this.host.emit('illegal', { ...info });
    this.sel = null;
    this.host.changed();
  }

  // ---- actions ---------------------------------------------------------------------------

  /**
   * Roll the dice (the opening roll in phase 'opening'). `rolled()` is called as soon as the engine
   * has rolled, before the dice animation: the computer asks for its play then (computerTurn).
   */
  async roll({ rolled, tumbleMs } = {}) {
    const st = this.state;
    if (this.busy || this.host.hold || !(st.phase === 'opening' || st.phase === 'roll')) return;
    this.busy = true;
    this.message = '';
    try {
      let result;
      try {
        result = this.game.roll();
      } catch (e) {
        this.error(e);
        return;
      }
      rolled?.();
      this.host.sound?.('dice');
      await this.tumble(st.phase === 'opening', tumbleMs);
      const after = this.game.state();
      if (st.phase === 'opening') {
        const o = after.openingRoll;
        if (o && o.white === o.black) this.message = this.host.t('status.openingTie', { n: o.white });
        else if (o)
          this.message = this.host.t('status.openingWon', { player: this.name(o.white > o.black ? 'white' : 'black') });
        this.host.announce(
          `${this.name('white')} ${o ? o.white : ''}, ${this.name('black')} ${o ? o.black : ''}. ${this.message}`,
        );
      } else {
        this.host.announce(
          this.host.t('a11y.rolled', { player: this.name(st.turn), dice: (result || after.dice).join(', ') }),
        );
      }
    } finally {
      this.busy = false;
      this.host.persist();
      this.refresh();
    }
  }

  async tumble(opening, ms = 380) {
    if (!this.host.motion) return;
    const rnd = () => 1 + Math.floor(Math.random() * 6);
    const until = performance.now() + ms;
    while (performance.now() < until) {
      this.rolling = opening
        ? { openingRoll: { white: rnd(), black: rnd() }, dice: [] }
        : { dice: [rnd(), rnd()], diceLeft: [] };
      this.host.changed({ drawOnly: true });
      await sleep(Math.min(60, until - performance.now()));
    }
    this.rolling = null;
  }

  /** Play one checker along the engine's steps ([{ from, to }, ...]), animating each. */
  async moveAlong(path, { dragged } = {}) {
    if (this.busy) return;
    this.busy = true;
    const player = this.state.turn;
    this.sel = null;
    try {
      for (let i = 0; i < path.length; i++) {
        const { from, to } = path[i];
        await this.stepAnimated(from, to, i === 0 ? dragged : null);
      }
    } catch (e) {
      this.error(e);
    } finally {
      this.busy = false;
      this.message = '';
      this.host.persist();
      this.refresh();
      const st = this.state;
      if (st.phase === 'move' && !this.steps.length && st.canConfirm) {
        this.message = this.host.t('status.confirm', { player: this.name(player) });
        this.host.changed();
      }
    }
  }

  /** `budget`: at most this many ms for the step's animation (the computer's plays are bounded). */
  async stepAnimated(from, to, dragged, budget) {
    const before = this.state;
    const player = before.turn;
    const step = this.game.step(from, to);
    const after = this.game.state();
    this.state = after;
    this.steps = [];
    const t = this.host.t;
    this.host.announce(
      t('a11y.moved', {
        player: this.name(player),
        move: `${from === 25 ? t('a11y.bar') : from}/${to === 0 ? t('a11y.off') : to}${step?.hit ? '*' : ''}`,
      }),
    );
    await this.slide(player, from, to, step?.hit, before, after, dragged, null, budget);
    this.host.sound?.(step?.hit ? 'hit' : 'checker');
  }

  /**
   * Animates one checker of `player` from engine point `from` to `to` (and a hit one to the bar),
   * in at most `budget` ms when given (the hit checker's trip included).
   */
  async slide(player, from, to, hit, before, after, dragged, setShown, budget = Infinity) {
    if (!this.host.motion) return;
    const fromLoc = engineToLoc(player, from, before);
    const start = dragged || locCentre(this.L, fromLoc, before);
    const toLoc = to === 0 ? { kind: 'tray', side: player } : engineToLoc(player, to, after);
    setShown?.(after);
    const end = locCentre(this.L, toLoc, after);
    const hitLoc = hit ? { kind: 'bar', side: other(player) } : null;
    const move = Math.min(420, 160 + Math.hypot(end.x - start.x, end.y - start.y) * 0.6);
    const scale = Math.min(1, budget / (move + (hitLoc ? HIT_MS : 0)));
    await tween(move * scale, (t) => {
      const p = lerp(start, end, t);
      this.view = {
        hidden: [{ loc: toLoc, count: 1 }, ...(hitLoc ? [{ loc: hitLoc, count: 1 }] : [])],
        floating: [{ x: p.x, y: p.y, side: player }, ...(hitLoc ? [{ ...end, side: other(player) }] : [])],
      };
      this.host.changed({ drawOnly: true });
    });
    if (hitLoc) {
      const barAt = locCentre(this.L, hitLoc, after);
      await tween(HIT_MS * scale, (t) => {
        const p = lerp(end, barAt, t);
        this.view = { hidden: [{ loc: hitLoc, count: 1 }], floating: [{ x: p.x, y: p.y, side: other(player) }] };
        this.host.changed({ drawOnly: true });
      });
    }
    this.view = {};
  }

  undo() {
    if (this.busy || !this.state.canUndo || !this.humanTurn()) return;
    try {
      this.game.undo();
    } catch (e) {
      return this.error(e);
    }
    this.message = '';
    this.host.persist();
    this.refresh();
  }

  confirm() {
    if (this.busy) return;
    const st = this.state;
    if (st.phase !== 'move') return;
    clearTimeout(this.noMoveTimer);
    try {
      this.game.confirm();
    } catch (e) {
      return this.error(e);
    }
    const after = this.game.state();
    this.message = '';
    if (after.lastPlay && after.lastPlay.player === st.turn) {
      this.host.announce(
        this.host.t('a11y.moved', { player: this.name(st.turn), move: after.lastPlay.notation || '—' }),
      );
      this.host.emit('move', {
        player: st.turn,
        notation: after.lastPlay.notation,
        dice: after.lastPlay.dice,
        state: after,
      });
    }
    this.host.persist();
    this.refresh();
    this.checkOver();
  }

  canDouble() {
    const st = this.state;
    // the engine's rule (state().canDouble: cube ownership, Crawford, the phase)
    return st?.phase === 'roll' && st.canDouble === true;
  }

  double() {
    if (this.busy || !this.canDouble() || !this.humanTurn()) return;
    this.offerDouble();
  }

  /** The side on roll offers the cube (the player by button or key, the computer by the engine). */
  offerDouble() {
    const st = this.state;
    let offered;
    try {
      this.game.double();
      offered = this.game.state().cube.offeredValue;
    } catch (e) {
      return this.error(e);
    }
    this.host.announce(
      this.host.t('status.cubeOffered', {
        player: this.name(st.turn),
        value: offered,
        other: this.name(other(st.turn)),
      }),
    );
    this.host.persist();
    this.refresh();
  }

  take() {
    this.cube('take');
  }
  pass() {
    this.cube('pass');
  }
  cube(what) {
    if (this.busy || this.state.phase !== 'cube-decision') return;
    try {
      this.game[what]();
    } catch (e) {
      return this.error(e);
    }
    this.host.persist();
    this.refresh();
    this.checkOver();
  }

  // ---- resignation (BG-RESIGN: the engine's resign / acceptResignation / declineResignation) --

  /** The player who may resign now, if it is a person at this board (not the computer). */
  humanResigner() {
    const r = safe(() => this.game.resigner(), null);
    return r && !this.isComputer(r) ? r : null;
  }

  /** Opens (or closes) the player's choice of what to resign. */
  resignMenu(open = !this.resignChoice) {
    if (open && (this.busy || !this.humanResigner())) return;
    this.resignChoice = open;
    this.host.changed();
  }

  /** What resigning `kind` concedes, in words: "a gammon (2 points)". */
  resignText(kind, points, multiplier) {
    return `${this.host.t(`kind.${kind}`, { n: multiplier })} (${this.host.tn('over.points', points)})`;
  }

  /** The side to act offers to resign `kind` (the player from the menu, the computer by the engine). */
  resign(kind, { computer = false } = {}) {
    this.resignChoice = false;
    if (this.busy && !computer) return;
    if (!computer && !this.humanResigner()) return;
    try {
      this.game.resign(kind);
    } catch (e) {
      return this.error(e);
    }
    this.message = '';
    this.host.persist();
    this.refresh();
    if (this.state.resignation) this.host.announce(this.resignationLine('resign.offer'));
  }

  /** The opponent of the resigner accepts (the game ends) or declines (play goes on). */
  answerResignation(accept) {
    const offer = this.state?.resignation;
    if (this.busy || this.state?.phase !== 'resignation' || !offer) return;
    try {
      if (accept) this.game.acceptResignation();
      else this.game.declineResignation();
    } catch (e) {
      return this.error(e);
    }
    this.message = accept ? '' : this.host.t('resign.declined', { player: this.name(other(offer.player)) });
    if (this.message) this.host.announce(this.message);
    this.host.persist();
    this.refresh();
    if (!accept) {
      this.resignDeclined = this.game;
      this.resignDeclinedAt = this.save?.record?.length;
    }
    this.checkOver();
  }

  chooseDoubles(n) {
    if (this.busy || this.state.phase !== 'choose-doubles') return;
    try {
      this.game.chooseDoubles(n);
    } catch (e) {
      return this.error(e);
    }
    this.host.announce(
      this.host.t('a11y.rolled', { player: this.name(this.state.turn), dice: `${n}, ${n}, ${n}, ${n}` }),
    );
    this.host.persist();
    this.refresh();
  }

  nextGame() {
    try {
      this.game.nextGame();
    } catch (e) {
      return this.error(e);
    }
    this.host.persist();
    this.refresh();
  }

  /** A scripted play (board.play()): notation or steps, for the side on roll; returns lastPlay. */
  scripted(move) {
    const g = this.game;
    const player = g.state().turn;
    g.play(typeof move === 'string' ? move : move.steps || move);
    const after = g.state();
    this.host.persist();
    this.refresh();
    if (after.lastPlay)
      this.host.emit('move', { player, notation: after.lastPlay.notation, dice: after.lastPlay.dice, state: after });
    this.checkOver();
    return after.lastPlay;
  }

  checkOver() {
    const st = this.state;
    if (st.phase !== 'game-over') return;
    const outcome = safe(() => this.game.outcome(), null);
    this.host.announce(this.outcomeText(outcome));
    this.host.emit('gameover', { outcome, state: st });
  }

  /** Show an engine error in the page's language (by its code; its message only for a code we lack). */
  error(e) {
    this.message = this.host.errorText(e);
    this.host.announce(this.message);
    this.host.changed();
  }

  // ---- the computer's turn -----------------------------------------------------------------

  async computerTurn() {
    const st = this.state;
    if (this.busy || !st || !this.host.computerSide) return;
    if (this.aiFailed === this.game) return; // it failed on this game: no retry loop
    const me = this.host.computerSide;
    let mine = st.turn === me && ['roll', 'move', 'choose-doubles'].includes(st.phase);
    if (st.phase === 'cube-decision') mine = st.cube.offeredBy && other(st.cube.offeredBy) === me;
    if (st.phase === 'resignation') mine = !!st.resignation && other(st.resignation.player) === me;
    if (!mine) return;
    this.busy = true;
    this.host.thinking(true);
    const g = this.game;
    const motion = this.host.motion;
    // a short, human pause: it runs while the worker answers, not after
    const pause = sleep(motion ? COMPUTER_MS.pause : PAUSE_STILL_MS);
    try {
      if (st.phase === 'resignation') {
        // BG-RESIGN offered to the computer: the engine accepts iff it is worth playing on
        const [answer] = await Promise.all([this.host.ai({ kind: 'bg-resign-answer', save: g.toJSON() }), pause]);
        if (this.game !== g) return;
        this.busy = false;
        this.answerResignation(answer.accept);
        return;
      }
      if (st.phase === 'roll') {
        // Before the cube: the engine says whether the game is lost single / gammon / backgammon
        // (bestResignation()); the computer offers that and the player answers.
        // (not again right after its offer was declined: it plays that turn out)
        const declined = this.resignDeclined === g && this.save?.record?.length === this.resignDeclinedAt;
        // both questions go to the worker at once (it answers them in turn, without a round trip)
        const resignQ = declined ? null : this.host.ai({ kind: 'bg-resign', save: g.toJSON() }).catch(() => null);
        const cubeQ = this.canDouble()
          ? this.host.ai({ kind: 'bg-cube-action', save: g.toJSON(), level: this.host.level }).catch(() => null)
          : null;
        const resign = await resignQ;
        if (this.game !== g) return;
        if (resign) {
          await pause;
          this.busy = false;
          this.host.thinking(false);
          this.resign(resign.kind, { computer: true });
          return;
        }
        // The cube: the engine decides (money or match, Crawford, Jacoby: cubeAction()).
        const advice = await cubeQ;
        await pause;
        if (this.game !== g) return;
        if (advice?.double) {
          this.busy = false;
          this.host.thinking(false);
          this.offerDouble();
          return;
        }
        this.busy = false;
        this.host.thinking(false);
        // its play is asked for as soon as the dice are known: the think runs during the tumble
        await this.roll({ rolled: () => this.askPlay(g), tumbleMs: COMPUTER_MS.tumble });
        return;
      }
      if (st.phase === 'cube-decision') {
        const [answer] = await Promise.all([
          this.host.ai({ kind: 'bg-cube', save: g.toJSON(), level: this.host.level }).catch(() => 'take'),
          pause,
        ]);
        this.busy = false;
        this.cube(answer === 'pass' ? 'pass' : 'take');
        return;
      }
      if (st.phase === 'choose-doubles') {
        const [n] = await Promise.all([this.host.ai({ kind: 'bg-doubles', save: g.toJSON() }).catch(() => 6), pause]);
        this.busy = false;
        this.chooseDoubles(n);
        return;
      }
      // move: the play asked for at the roll (askPlay), or now; its dice are seen a moment first
      const asked =
        this.asked?.game === g && this.asked.id !== null && this.asked.id === turnId(g) ? this.asked.play : null;
      this.asked = null;
      if (this.steps.length) {
        const [play] = await Promise.all([
          asked ?? this.host.ai({ kind: 'bg', save: g.toJSON(), level: this.host.level }),
          sleep(motion ? COMPUTER_MS.diceSeen : 0),
        ]);
        if (this.game !== g) return;
        // the whole play in a bounded time, every step still drawn
        const each = Math.max(COMPUTER_MS.stepMin, COMPUTER_MS.play / Math.max(1, play.steps.length));
        for (const s of play.steps) await this.stepAnimated(s.from, s.to, null, each);
      } else {
        // a roll it cannot play: said, and its dice seen a while before the turn passes
        this.message = this.host.t('status.noMove', { player: this.name(me) });
        this.host.announce(this.message);
        this.host.thinking(false);
        await Promise.all([pause, sleep(motion ? COMPUTER_MS.noMove : 0)]);
      }
      this.busy = false;
      // (no pause after its last checker: the play stays marked on the board and its dice shown)
      this.confirm();
    } catch (e) {
      this.aiFailed = this.game;
      this.error(e);
    } finally {
      this.busy = false;
      this.host.thinking(false);
      if (this.game === g) this.host.changed();
    }
  }

  /**
   * The computer has just rolled: ask the worker for its play now (answered while the dice
   * tumble); computerTurn takes the answer if the game is still at that roll.
   */
  askPlay(g) {
    const st = g.state();
    if (st.phase !== 'move' || st.turn !== this.host.computerSide) return;
    const play = this.host.ai({ kind: 'bg', save: g.toJSON(), level: this.host.level });
    play.catch(() => {}); // awaited (and its failure told) by computerTurn
    this.asked = { game: g, id: turnId(g), play };
  }

  // ---- keyboard --------------------------------------------------------------------------

  key(e) {
    const k = e.key;
    const st = this.state;
    if (!st) return false;
    const lower = k.length === 1 ? k.toLowerCase() : k;
    if (lower === 'r') {
      this.roll();
      return true;
    }
    if (lower === 'u' || k === 'Backspace') {
      this.undo();
      return true;
    }
    if (lower === 'c') {
      this.confirm();
      return true;
    }
    if (lower === 'd') {
      this.double();
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
    if (lower === 'l') {
      this.replay();
      return true;
    }
    if (lower === 't' && st.phase === 'cube-decision') {
      this.take();
      return true;
    }
    if (lower === 'p' && st.phase === 'cube-decision') {
      this.pass();
      return true;
    }
    if (st.phase === 'choose-doubles' && /^[1-6]$/.test(k)) {
      this.chooseDoubles(Number(k));
      return true;
    }
    if (['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End'].includes(k)) {
      const list = this.sel ? [this.sel.loc, ...this.destLocs()] : this.sources();
      if (!list.length) return true;
      let i = this.cursor ? list.findIndex((l) => sameLoc(l, this.cursor)) : -1;
      if (k === 'Home') i = 0;
      else if (k === 'End') i = list.length - 1;
      else if (i < 0) i = 0;
      else i = (i + (k === 'ArrowRight' || k === 'ArrowDown' ? 1 : list.length - 1)) % list.length;
      this.cursor = list[i];
      this.host.announce(this.describeLoc(this.cursor));
      this.host.changed();
      return true;
    }
    if (k === 'Enter' || k === ' ') {
      if (st.phase === 'opening' || st.phase === 'roll') {
        this.roll();
        return true;
      }
      if (st.phase === 'move') {
        if (!this.steps.length) {
          this.confirm();
          return true;
        }
        if (!this.cursor) {
          this.cursor = this.sources()[0] || null;
          this.host.changed();
          return true;
        }
        if (this.humanTurn() && !this.busy) this.activate(this.cursor);
      }
      return true;
    }
    if (k === 'Escape') {
      if (this.sel) {
        this.deselect();
        this.host.announce(this.host.t('a11y.cancelled'));
      }
      return !!this.sel;
    }
    return false;
  }

  focus() {
    if (!this.cursor) this.cursor = this.sources()[0] || null;
  }

  // ---- words -------------------------------------------------------------------------------

  locName(loc) {
    const st = this.state,
      t = this.host.t;
    if (loc.kind === 'point') return t('a11y.point', { n: st.turn === 'white' ? loc.n : 25 - loc.n });
    if (loc.kind === 'bar') return t('a11y.bar');
    return st.unentered && st.unentered[loc.side] > 0 ? t('a11y.waiting') : t('a11y.off');
  }

  describeLoc(loc) {
    const st = this.state,
      t = this.host.t;
    let count = 0,
      color = st.turn;
    if (loc.kind === 'point') {
      const v = st.points[loc.n - 1];
      count = Math.abs(v);
      color = v > 0 ? 'white' : 'black';
    } else if (loc.kind === 'bar') {
      count = st.bar[loc.side];
      color = loc.side;
    } else {
      count = st.unentered?.[loc.side] || st.off[loc.side];
      color = loc.side;
    }
    const what = count ? this.host.tn(`a11y.checkers.${color}`, count) : t('a11y.empty');
    return `${this.locName(loc)}: ${what}`;
  }

  describe() {
    const st = this.state,
      t = this.host.t;
    if (!st) return '';
    const side = (p) => {
      const parts = [];
      for (let n = 24; n >= 1; n--) {
        const v = st.points[n - 1];
        if ((p === 'white' && v > 0) || (p === 'black' && v < 0))
          parts.push(`${p === 'white' ? n : 25 - n}: ${Math.abs(v)}`);
      }
      if (st.bar[p]) parts.push(`${t('a11y.bar')}: ${st.bar[p]}`);
      if (st.unentered?.[p]) parts.push(`${t('a11y.waiting')}: ${st.unentered[p]}`);
      if (st.off[p]) parts.push(`${t('a11y.off')}: ${st.off[p]}`);
      return parts.join(', ');
    };
    return `${t('a11y.position', { white: side('white'), black: side('black') })} ${this.statusText()}`;
  }

  outcomeText(o) {
    if (!o) return '';
    const t = this.host.t,
      tn = this.host.tn;
    if (o.kind === 'resignation') {
      const kind = t(`kind.${o.resigned}`, { n: o.multiplier });
      return `${t('over.bgResigned', { player: this.name(o.winner), kind })}: ${tn('over.points', o.points)}`;
    }
    const kind = t(`kind.${o.kind}`, { n: o.multiplier });
    return `${t('over.bg', { player: this.name(o.winner), kind })}: ${tn('over.points', o.points)}`;
  }

  statusText() {
    const st = this.state,
      t = this.host.t;
    if (!st) return '';
    if (this.message) return this.message;
    const p = this.name(st.turn);
    switch (st.phase) {
      case 'opening':
        return t('status.opening');
      case 'roll':
        return t('status.toRoll', { player: p });
      case 'cube-decision':
        return t('status.cubeOffered', {
          player: this.name(st.cube.offeredBy || st.turn),
          value: st.cube.offeredValue,
          other: this.name(other(st.cube.offeredBy || st.turn)),
        });
      case 'choose-doubles':
        return t('status.chooseDoubles', { player: p });
      case 'resignation':
        return this.resignationLine('resign.waiting');
      case 'move':
        return st.diceLeft?.length
          ? t('status.toMoveDice', { player: p, dice: st.diceLeft.join('-') })
          : t('status.confirm', { player: p });
      case 'game-over':
        return this.outcomeText(safe(() => this.game.outcome(), null));
      default:
        return '';
    }
  }

  /** The pending resignation in words, by the text `key` ('resign.offer' or 'resign.waiting'). */
  resignationLine(key) {
    const offer = this.state?.resignation;
    if (!offer) return '';
    return this.host.t(key, {
      player: this.name(offer.player),
      kind: this.host.t(`kind.${offer.kind}`, { n: offer.multiplier }),
      points: this.host.tn('over.points', offer.points),
      other: this.name(other(offer.player)),
    });
  }

  players() {
    const st = this.state;
    if (!st) return [];
    const m = st.match || { length: 0, score: { white: 0, black: 0 } };
    return ['white', 'black'].map((side) => ({
      side,
      name: this.name(side),
      tag: this.host.computerSide ? this.host.t(this.isComputer(side) ? 'player.computer' : 'player.you') : '',
      active: st.onRoll === side,
      details: [
        this.host.t('bg.pips', { n: st.pips[side] }),
        // a match's score, or the points won so far in a money session (the engine keeps both)
        ...(m.length
          ? [this.host.t('bg.score', { n: m.score[side] })]
          : m.score.white || m.score.black
            ? [this.host.t('bg.moneyScore', { n: m.score[side] })]
            : []),
      ],
    }));
  }

  info() {
    const st = this.state,
      t = this.host.t;
    if (!st?.match?.length) return '';
    return `${t('bg.matchTo', { n: st.match.length })}${st.match.crawford ? ` · ${t('bg.crawford')}` : ''}`;
  }

  controls() {
    const st = this.state,
      t = this.host.t;
    if (!st) return [];
    const human = this.humanTurn() && !this.busy;
    const out = [];
    if (st.phase === 'opening' || st.phase === 'roll') {
      // a game by link whose dice come with the friend's answer (host.hold) offers no Roll
      if (!this.host.hold)
        out.push({
          id: 'roll',
          label: t('btn.roll'),
          key: 'R',
          primary: true,
          disabled: !human,
          run: () => this.roll(),
        });
      if (st.phase === 'roll' && st.cube && st.cube.enabled)
        out.push({
          id: 'double',
          label: t('btn.double'),
          key: 'D',
          disabled: !human || !this.canDouble(),
          run: () => this.double(),
        });
      if (this.lastPlayRow()?.steps.length)
        out.push({
          id: 'replay',
          label: t('btn.replay'),
          key: 'L',
          disabled: !this.canReplay() || !this.humanTurn(),
          run: () => this.replay(),
        });
    } else if (st.phase === 'move') {
      if (!this.isComputer(st.turn))
        out.push({
          id: 'hint',
          label: t('btn.hint'),
          icon: '?',
          key: 'H',
          disabled: !this.canHint(),
          run: () => this.showHint(),
        });
      out.push({ id: 'undo', label: t('btn.undo'), key: 'U', disabled: !human || !st.canUndo, run: () => this.undo() });
      out.push({
        id: 'confirm',
        label: t('btn.confirm'),
        key: 'C',
        primary: st.canConfirm,
        disabled: !human || !st.canConfirm,
        run: () => this.confirm(),
      });
    } else if (st.phase === 'cube-decision') {
      out.push({ id: 'take', label: t('btn.take'), key: 'T', primary: true, disabled: !human, run: () => this.take() });
      out.push({ id: 'pass', label: t('btn.pass'), key: 'P', disabled: !human, run: () => this.pass() });
    }
    // BG-RESIGN: whoever may resign now, if a person at this board: before his roll, or answering
    // a double (the engine also allows it while moving; the toolbar keeps to three controls
    // then, so that a 320 px board keeps its size)
    if (['roll', 'cube-decision'].includes(st.phase) && this.humanResigner())
      out.push({ id: 'resign', label: t('btn.resign'), icon: '⚐', disabled: this.busy, run: () => this.resignMenu() });
    return out;
  }

  panel() {
    const st = this.state,
      t = this.host.t;
    if (!st) return null;
    if (st.phase === 'resignation' && st.resignation) {
      const accepter = other(st.resignation.player);
      if (this.isComputer(accepter)) return null;
      return {
        id: 'resign-offer',
        title: t('btn.resign'),
        lines: [this.resignationLine('resign.offer')],
        buttons: [
          { id: 'accept', label: t('btn.accept'), primary: true, run: () => this.answerResignation(true) },
          { id: 'decline', label: t('btn.decline'), run: () => this.answerResignation(false) },
        ],
      };
    }
    if (this.resignChoice && this.humanResigner()) {
      const kinds = safe(() => this.game.resignKinds(), []);
      const buttons = [];
      for (const k of kinds) {
        const o = safe(() => this.game.resignationOutcome(k), null);
        if (!o) continue;
        buttons.push({
          id: `resign-${k}`,
          label: this.resignText(k, o.points, o.multiplier),
          run: () => this.resign(k),
        });
      }
      buttons.push({ id: 'cancel', label: t('btn.cancel'), run: () => this.resignMenu(false) });
      return { id: 'resign', title: t('resign.choose'), lines: [], buttons };
    }
    if (st.phase === 'choose-doubles' && this.humanTurn()) {
      return {
        id: 'doubles',
        title: t('status.chooseDoubles', { player: this.name(st.turn) }),
        dice: [1, 2, 3, 4, 5, 6].map((n) => ({ value: n, side: st.turn, run: () => this.chooseDoubles(n) })),
      };
    }
    if (st.phase === 'game-over') {
      const o = safe(() => this.game.outcome(), null);
      const m = st.match || { length: 0, score: { white: 0, black: 0 } };
      const matchOver = !!o && m.over === true;
      const lines = [this.outcomeText(o)];
      if (o && (o.kind === 'mars-x4' || o.kind === 'mars-x8')) lines.push(t(`over.reason.${o.kind}`));
      if (m.length)
        lines.push(
          `${t('bg.matchTo', { n: m.length })}: ${this.name('white')} ${m.score.white} – ${m.score.black} ${this.name('black')}`,
        );
      else lines.push(`${this.name('white')} ${m.score.white} – ${m.score.black} ${this.name('black')}`);
      if (matchOver) lines.unshift(t('over.match', { player: this.name(o.winner) }));
      return {
        id: 'over',
        title: t('over.title'),
        lines,
        buttons: matchOver
          ? [{ id: 'new', label: t('btn.newGame'), primary: true, run: () => this.host.newGame() }]
          : m.length
            ? [{ id: 'next', label: t('btn.nextGame'), primary: true, run: () => this.nextGame() }]
            : [
                // money play: the next game keeps the session's points; a new game starts from 0
                { id: 'next', label: t('btn.nextGame'), primary: true, run: () => this.nextGame() },
                { id: 'new', label: t('btn.newGame'), run: () => this.host.newGame() },
              ],
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

export { MAX_STACK };
