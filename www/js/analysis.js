// The game analysis (issue 16) of a board: asks the engine, in the computer's worker, one
// decision at a time (so a progress bar moves and the page never waits), then for the players'
// figures. Every judgement is the engine's (src/ai/*/analysis.rs: analyzeTurn / analyzeMove /
// analysisSummary); this module only maps the results onto the move list and draws them.

const BG_SYMBOL = { doubtful: '?!', bad: '?', 'very-bad': '??' };
const RU_SYMBOL = { mistake: '?', blunder: '??' };
const LUCK_SYMBOL = { 'very-lucky': '⇈', lucky: '↑', unlucky: '↓', 'very-unlucky': '⇊' };
const ORDER = ['doubtful', 'mistake', 'bad', 'blunder', 'very-bad'];
const worst = (a, b) => (ORDER.indexOf(a) >= ORDER.indexOf(b) ? a : b);
const num = (x, d = 3) => (x >= 0 ? '+' : '−') + Math.abs(x).toFixed(d);
/** The engine's cube advice in words: the doubler's action, then the taker's. */
const cubeWords = (t, a) =>
  `${t(a.tooGood ? 'an.cube.tooGood' : a.double ? 'an.cube.double' : 'an.cube.noDouble')}, ${t(a.take ? 'an.cube.take' : 'an.cube.pass')}`;
/** How long the page lets a rollout run (ms): the engine stops starting trials then. */
export const ROLLOUT_MS = 8000;
/** The position a rollout is of: the one the board shows (an earlier one while browsing). */
const shownKey = (c) => {
  const st = c.browsed?.state ?? c.state;
  return st ? `${c.browsed ? c.browsed.index : 'live'}:${st.positionId}:${st.turn}:${st.phase}` : '';
};

export class GameAnalysis {
  /** `board`: the <tabla-board> element (its ai(), ctrl, gameName, t). */
  constructor(board) {
    this.board = board;
    this.run = 0;
    this.reset();
  }

  reset() {
    this.run++;
    this.roll = null; // the last rollout: { key, status: 'running' | 'done' | 'failed', result, error }
    this.status = 'idle'; // 'idle' | 'running' | 'done' | 'failed'
    this.done = 0;
    this.total = 0;
    this.items = [];
    this.summary = null;
    this.error = null;
    this.ms = 0;
    this.firstMs = 0;
  }

  get bg() {
    return this.board.gameName !== 'russian-draughts';
  }

  /** Analyses the game as it is now, decision by decision, in the worker. */
  async start() {
    const board = this.board;
    const c = board.ctrl;
    if (!c || this.status === 'running') return;
    const bg = this.bg;
    const save = bg ? c.game.toJSON() : c.saveData();
    this.reset();
    const run = this.run;
    this.status = 'running';
    this.family = bg ? 'bg' : 'ru';
    board._renderAnalysis();
    const started = performance.now();
    try {
      for (let i = 0, n = 1; i < n; i++) {
        const r = await board.ai({ kind: bg ? 'bg-analyze' : 'ru-analyze', save, index: i });
        if (run !== this.run) return;
        // the first answer includes the worker's start (loading the .wasm) when it had none yet
        if (i === 0) this.firstMs = performance.now() - started;
        n = r.length;
        this.total = n;
        const item = bg ? r.turn : r.move;
        if (item) this.items.push(item);
        this.done = i + 1;
        // the marks appear in the move list as the analysis reaches them
        board._renderMoves();
      }
      const summary = await board.ai({
        kind: bg ? 'bg-analysis-summary' : 'ru-analysis-summary',
        tallies: this.items.map((x) => x.tally),
      });
      if (run !== this.run) return;
      this.summary = summary;
      this.ms = performance.now() - started;
      this.status = 'done';
      board._renderMoves();
      board.announce(board.t('an.done', { n: this.items.length, s: (this.ms / 1000).toFixed(1) }));
    } catch (e) {
      if (run !== this.run) return;
      this.status = 'failed';
      this.error = String(e?.message || e);
      board.announce(board.t('an.failed', { msg: this.error }));
    }
    board._renderAnalysis();
  }

  /** Whether the position the board shows can be rolled out: backgammon, and someone is on roll there (the engine's `onRoll`). */
  canRollout() {
    const c = this.board.ctrl;
    const st = c?.browsed?.state ?? c?.state;
    return this.bg && !!st?.onRoll && this.roll?.status !== 'running';
  }

  /**
   * A cubeless rollout (the engine's, in the worker) of the position the board shows, for the
   * player on roll there, before his roll; kept while the board shows that position.
   */
  async rollout() {
    const board = this.board;
    const c = board.ctrl;
    if (!this.canRollout()) return;
    let save;
    try {
      if (c.browsed) {
        const g = c.game.atRecord(c.browsed.index);
        save = g.toJSON();
        g.free?.();
      } else save = c.game.toJSON();
    } catch (e) {
      save = null;
      this.roll = { key: shownKey(c), status: 'failed', error: board.errorText(e) };
    }
    if (save) {
      const run = this.run;
      const roll = { key: shownKey(c), status: 'running' };
      this.roll = roll;
      board._renderAnalysis();
      board.announce(board.t('an.rollingOut'));
      try {
        roll.result = await board.ai({ kind: 'bg-rollout', save, maxMs: ROLLOUT_MS });
        roll.status = 'done';
      } catch (e) {
        roll.status = 'failed';
        roll.error = board.errorText(e);
      }
      if (run !== this.run || this.roll !== roll) return;
    }
    const text = this.rolloutText();
    if (text) board.announce(text);
    board._renderAnalysis();
  }

  /** The last rollout in words, if it is of the position the board shows now; else ''. */
  rolloutText() {
    const r = this.roll;
    const c = this.board.ctrl;
    if (!r || !c || r.key !== shownKey(c)) return '';
    const t = this.board.t;
    if (r.status === 'running') return t('an.rollingOut');
    if (r.status === 'failed') return t('an.rolloutFailed', { msg: r.error });
    const e = r.result.estimate;
    const pct = (x) => (100 * x).toFixed(1);
    const cube = r.result.cubeful;
    const advice = r.result.cubeAdvice;
    return (
      t('an.rolloutResult', {
        player: t(`player.${r.result.turn}`),
        n: r.result.trials,
        eq: num(e.equity),
        se: e.se[5].toFixed(3),
        win: pct(e.probabilities.win),
        wg: pct(e.probabilities.winGammon),
        lg: pct(e.probabilities.loseGammon),
      }) +
      (cube ? t('an.rolloutCubeful', { eq: num(cube.equity), se: cube.se.toFixed(3) }) : '') +
      // match play: the engine's match winning chances beside the equity (EMG)
      (cube?.mwc != null ? t('an.rolloutMatch', { mwc: pct(cube.mwc), se: pct(cube.mwcSe) }) : '') +
      // the cube decision made on the rollout's values (closer to the best programs' than a search's)
      (advice ? t('an.rolloutCube', { advice: cubeWords(t, advice) }) : '')
    );
  }

  /**
   * What the analysis says of each cell of the move list: a Map from the cell's record index to
   * { mark, symbol, words, detail } (only cells the analysis reached).
   */
  cellMarks(rec) {
    const out = new Map();
    if (!this.items.length || !rec) return out;
    const t = this.board.t;
    if (this.family === 'ru') {
      this.items.forEach((m) => {
        const cell = rec.cells[m.index];
        if (!cell) return;
        m.cell = cell.index;
        const mark = m.missedWin ? 'blunder' : m.mark;
        const words = [mark && t(`an.mark.${mark}`), m.missedWin && t('an.mark.missed-win')].filter(Boolean);
        out.set(cell.index, {
          mark,
          symbol: mark ? RU_SYMBOL[mark] : '',
          words: words.join(', '),
          detail: t('an.ruDetail', {
            played: m.played,
            lost: (m.lost / 100).toFixed(2),
            best: m.best,
            line: m.bestLine.slice(0, 6).join(' '),
          }),
          item: m,
        });
      });
      return out;
    }
    // backgammon: each turn's play is the next 'play' row, its double the next 'double' row
    const rows = this.board.ctrl?.rows || [];
    let at = 0;
    const next = (kinds) => {
      while (at < rows.length && !kinds.includes(rows[at].kind)) at++;
      return at < rows.length ? rows[at++] : null;
    };
    const put = (row, mark, words, detail, luck) => {
      if (!row) return;
      const prev = out.get(row.index);
      const m = prev?.mark && mark ? worst(prev.mark, mark) : prev?.mark || mark;
      out.set(row.index, {
        mark: m,
        symbol: (m ? BG_SYMBOL[m] : '') + (luck ? LUCK_SYMBOL[luck] : ''),
        words: [prev?.words, ...words].filter(Boolean).join(', '),
        detail: [prev?.detail, detail].filter(Boolean).join(' '),
      });
    };
    const cubeText = (cu, answer) =>
      t('an.cubeDetail', {
        what: t(answer ? `an.cube.${cu.response}` : cu.doubled ? 'an.cube.double' : 'an.cube.noDouble'),
        advice: answer
          ? t(cu.advice.take ? 'an.cube.take' : 'an.cube.pass')
          : t(cu.advice.double ? 'an.cube.double' : 'an.cube.noDouble'),
        lost: (answer ? cu.responseError : cu.doubleError).toFixed(3),
      });
    for (const turn of this.items) {
      const cu = turn.cube;
      if (cu?.doubled) {
        put(next(['double']), cu.doubleMark, [cu.doubleMark && t(`an.mark.${cu.doubleMark}`)], cubeText(cu, false));
        if (cu.response)
          put(
            next(['take', 'pass']),
            cu.responseMark,
            [cu.responseMark && t(`an.mark.${cu.responseMark}`)],
            cubeText(cu, true),
          );
      }
      if (turn.play) {
        const p = turn.play;
        const row = next(['play']);
        if (row) turn.cell = row.index;
        const luck = turn.luck?.mark;
        const missed = cu && !cu.doubled && cu.doubleMark ? cu.doubleMark : null;
        const words = [
          p.mark && t(`an.mark.${p.mark}`),
          missed && t(`an.mark.${missed}`),
          luck && t(`an.luck.${luck}`),
        ];
        const detail = [
          missed ? cubeText(cu, false) : '',
          t('an.bgDetail', {
            played: p.played || '—',
            eq: num(p.playedEquity),
            best: p.best || '—',
            beq: num(p.bestEquity),
            lost: p.equityLost.toFixed(3),
          }),
        ]
          .filter(Boolean)
          .join(' ');
        put(row, p.mark && missed ? worst(p.mark, missed) : p.mark || missed, words, detail, luck);
      }
    }
    return out;
  }

  /** White's chances after each analysed decision (0..1), for the chart. */
  chances() {
    return this.items.map((x) => (this.family === 'ru' ? x.whiteExpectation : x.whiteWin));
  }
}

/** The chart of White's chances as SVG markup: a line over the game, 50% dashed, marks as dots. */
export function chartSvg(values, marked, selected) {
  const n = values.length;
  const x = (i) => (n < 2 ? 50 : (i / (n - 1)) * 100);
  const y = (v) => 38 - v * 36;
  const pts = values.map((v, i) => `${x(i).toFixed(2)},${y(v).toFixed(2)}`).join(' ');
  const dots = marked
    .map(
      ({ i, mark }) =>
        `<circle class="dot ${mark}" cx="${x(i).toFixed(2)}" cy="${y(values[i]).toFixed(2)}" r="1.6"></circle>`,
    )
    .join('');
  const sel =
    selected >= 0 && selected < n
      ? `<line class="sel" x1="${x(selected)}" x2="${x(selected)}" y1="1" y2="39"></line>`
      : '';
  return `<rect class="frame" x="0" y="1" width="100" height="38"></rect><line class="mid" x1="0" x2="100" y1="20" y2="20"></line>${sel}<polyline class="line" points="${pts}"></polyline>${dots}`;
}
