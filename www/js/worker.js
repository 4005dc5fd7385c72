// The computer opponent runs here, off the page's thread, on the package's full module (the
// page plays on the rules module, engine.js): the computer opponents and their network weights.
// Requests: { id, kind, game, options, save, level } -> { id, result } | { id, error }.
import { loadFullEngine } from './engine.js';
import { kindOf, kindForText } from './games.js';

// The bear-off table is solved on first use (1-3 s in wasm, once per worker). The page asks for
// it ('bg-warm') as soon as a backgammon-family game against the computer is on the board, so the
// worker builds it while the player looks at the board; failing that, right after the worker's
// first backgammon answer. Either way no answer in a race waits for it.
let bearOffReady = false;
const solveBearOff = (M) => {
  bearOffReady = true;
  M.Backgammon.solveBearOff();
};

// The draughts endgame databases (every position of up to 4 pieces): the engine builds those a
// position can reach once few pieces are left, master's moves and analyses in a quarter of their
// time. After the computer's move, a hint or an evaluation the worker goes on building them while
// the player thinks, in slices short enough to let a request in between, so that the next
// searches need not.
let endgameTimer = null;
const buildEndgames = (g) => {
  clearTimeout(endgameTimer);
  const slice = () => {
    let done = true;
    try {
      done = g.buildEndgames({ timeMs: 100 });
    } catch {
      // an engine error here only means the searches build what they need themselves
    }
    endgameTimer = done ? null : setTimeout(slice, 0);
  };
  endgameTimer = setTimeout(slice, 0);
};

// The page's rollouts: at most this many trials, each played to the end (the page's time runs
// out first). Fewer trials than truncated ones in the same time, but closer to the best
// programs' values: the cube decisions made on them agree with GNU Backgammon's more often than
// those on 12-roll trials at the same cost (docs/bg-ai.md, "The cube decided on rollouts").
const ROLLOUT_TRIALS = 1296;

// The game the analysis requests are about (they come one decision at a time, all with the same
// save): loaded and measured once, not replayed from the save for every decision.
let analysed = null;
const analysisGame = (load, game, save) => {
  const key = `${game}:${JSON.stringify(save)}`;
  if (analysed?.key !== key) {
    analysed?.g.free?.();
    const g = load();
    analysed = { key, g, length: g.analysisLength() };
  }
  return analysed;
};

self.onmessage = async (e) => {
  const { id, kind, game, options, save } = e.data;
  // the home page's one scale of levels, in the engine's own names (games.js)
  const level = kindOf(game).aiLevels[e.data.level] || undefined;
  try {
    const M = await loadFullEngine();
    let result;
    // work to do once the answer is sent
    let after = null;
    const load = () => kindOf(game).fromData(M, save, options);
    if (kind === 'bg-warm') {
      if (!bearOffReady) solveBearOff(M);
      result = true;
    } else if (kind === 'bg') {
      const g = load();
      const play = g.bestPlay({ level });
      result = {
        notation: play.notation,
        steps: play.steps.map((s) => ({ from: s.from, to: s.to, die: s.die, hit: s.hit })),
      };
    } else if (kind === 'bg-cube') {
      const g = load();
      result = g.cubeDecision({ level });
    } else if (kind === 'bg-cube-action') {
      // before its roll: whether the computer doubles (CubeAdvice, docs/js-api.md)
      result = load().cubeAction({ level });
    } else if (kind === 'bg-eval') {
      // the evaluation bar: White's chance of winning (the engine's evaluate(), 1 ply)
      const g = load();
      const o = g.outcome();
      if (o) result = { white: o.winner === 'white' ? 1 : 0 };
      else {
        const win = g.evaluate({ ply: 1 }).probabilities.win;
        result = { white: g.state().turn === 'white' ? win : 1 - win };
      }
    } else if (kind === 'ru-eval') {
      // the evaluation bar: the search's score for White (hundredths of a man, or a forced result)
      const g = load();
      const o = g.outcome();
      const mover = g.state().turn;
      if (o)
        result = { white: o.result === 'draw' ? { centi: 0 } : o.result === 'white' ? { winIn: 0 } : { lossIn: 0 } };
      else {
        const s = g.analyze({ timeMs: 250 }).score;
        after = () => buildEndgames(g);
        const flip = mover !== 'white';
        if ('centi' in s) result = { white: { centi: flip ? -s.centi : s.centi } };
        else if ('winIn' in s) result = { white: flip ? { lossIn: s.winIn } : { winIn: s.winIn } };
        else result = { white: flip ? { winIn: s.lossIn } : { lossIn: s.lossIn } };
      }
    } else if (kind === 'bg-resign') {
      // before its roll: whether the computer resigns, and what (ResignAdvice or null)
      result = load().bestResignation() ?? null;
    } else if (kind === 'bg-resign-answer') {
      // a resignation offered to the computer: accepted iff worth playing on (ResignAnswer)
      const a = load().resignationAnswer();
      result = { accept: a.accept, offered: a.offered, continuing: a.continuing };
    } else if (kind === 'bg-hint') {
      // the player's Hint: the best plays, ranked by the engine (at most five)
      result = load()
        .hint({ ply: 1 })
        .slice(0, 5)
        .map((h) => ({
          notation: h.notation,
          steps: h.steps.map((s) => ({ from: s.from, to: s.to })),
          equity: h.equity,
          probabilities: h.probabilities,
        }));
    } else if (kind === 'bg-rollout') {
      // a rollout of the position the page shows (the engine's rollout(), issue 19), bounded by
      // the page's maxMs; the same seed gives the same figures for the same position
      const g = load();
      const opts = { trials: ROLLOUT_TRIALS, maxMs: e.data.maxMs };
      let r;
      try {
        // cubeful too where the engine rolls the cube out (the cube in play; money or match)
        r = g.rollout({ ...opts, cubeful: true });
      } catch (err) {
        if (err?.code !== 'cube-off') throw err;
        r = g.rollout(opts);
      }
      result = {
        estimate: r.estimate,
        cubeful: r.cubeful,
        cubeAdvice: r.cubeAdvice,
        trials: r.trials,
        capped: r.capped,
        turn: g.state().turn,
      };
    } else if (kind === 'ru-hint') {
      const g = load();
      const a = g.analyze({ timeMs: 600 });
      after = () => buildEndgames(g);
      result = {
        best: { notation: a.best.notation, from: a.best.from, to: a.best.to, path: a.best.path },
        score: a.score,
        pv: a.pv,
        depth: a.depth,
      };
    } else if (kind === 'bg-analyze') {
      // one turn of the game analysis (issue 16), so the page can show progress between turns
      const { g, length: n } = analysisGame(load, game, save);
      const i = e.data.index;
      result = { length: n, turn: i < n ? g.analyzeTurn(i, { ply: e.data.ply ?? 1 }) : null };
    } else if (kind === 'bg-analysis-summary') {
      result = M.Backgammon.analysisSummary(e.data.tallies);
    } else if (kind === 'ru-analyze') {
      const { g, length: n } = analysisGame(load, game, save);
      const i = e.data.index;
      result = { length: n, move: i < n ? g.analyzeMove(i, e.data.nodes ? { nodes: e.data.nodes } : {}) : null };
    } else if (kind === 'ru-analysis-summary') {
      result = M.RussianDraughts.analysisSummary(e.data.tallies);
    } else if (kind === 'bg-export') {
      // a format only the full module writes (games.js: `full`), of the page's game
      result = kindOf(game).exportAs(load(), e.data.format);
    } else if (kind === 'bg-import') {
      // a text only the full module reads (games.js: needsFull), as the engine's save for the page
      const k = kindForText(String(e.data.text ?? ''));
      if (k?.id !== 'backgammon') throw new Error('not a backgammon text');
      const g = k.importText(M, String(e.data.text), { game, options });
      // as the board's importText refuses a position that is over before a move
      const over = !!g.outcome() || g.state().phase === 'game-over';
      result = over ? null : g.toJSON();
      g.free();
      if (over) throw Object.assign(new Error('that position has nothing to play'), { code: 'empty-position' });
    } else if (kind === 'bg-doubles') {
      const g = load();
      result = g.bestDoubles({ level });
    } else if (kind === 'ru') {
      const g = load();
      const m = g.bestMove({ level });
      after = () => buildEndgames(g);
      result = {
        notation: m.notation,
        from: m.from,
        to: m.to,
        path: m.path,
        captured: m.captured,
        promotes: m.promotes,
      };
    } else if (kind === 'ru-draw') {
      // a draw offered by the player on move: the engine's answer (RU-AI-DRAW-OFFER)
      result = load().acceptsDraw();
    } else {
      throw new Error(`unknown request ${kind}`);
    }
    self.postMessage({ id, result });
    if (kind.startsWith('bg') && !bearOffReady) solveBearOff(M);
    after?.();
  } catch (err) {
    // an engine error keeps its code and fields (they are plain data) for the page to translate
    const error = { message: String(err?.message || err) };
    if (err && typeof err === 'object')
      for (const [k, v] of Object.entries(err)) if (v === null || typeof v !== 'object') error[k] = v;
    self.postMessage({ id, error });
  }
};
