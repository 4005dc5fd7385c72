// The computer opponent runs here, off the page's thread, on its own copy of the wasm package.
// Requests: { id, kind, game, options, save, level } -> { id, result } | { id, error }.
import { loadEngine } from './engine.js';
import { kindOf } from './games.js';

// The bear-off table is solved on first use (1-3 s in wasm, once per worker). The worker does
// that right after its first backgammon answer, while the player thinks, so no later answer
// waits for it.
let bearOffReady = false;
const solveBearOff = (M) => {
  bearOffReady = true;
  M.Backgammon.solveBearOff();
};

self.onmessage = async (e) => {
  const { id, kind, game, options, save } = e.data;
  // the home page's one scale of levels, in the engine's own names (games.js)
  const level = kindOf(game).aiLevels[e.data.level] || undefined;
  try {
    const M = await loadEngine();
    let result;
    const load = () => kindOf(game).fromData(M, save, options);
    if (kind === 'bg') {
      const g = load();
      const play = g.bestPlay({ level });
      result = {
        notation: play.notation,
        steps: play.steps.map((s) => ({ from: s.from, to: s.to, die: s.die, hit: s.hit })),
      };
    } else if (kind === 'bg-cube') {
      const g = load();
      result = g.cubeDecision();
    } else if (kind === 'bg-doubles') {
      const g = load();
      result = g.bestDoubles({ level });
    } else if (kind === 'ru') {
      const g = load();
      const m = g.bestMove({ level });
      result = {
        notation: m.notation,
        from: m.from,
        to: m.to,
        path: m.path,
        captured: m.captured,
        promotes: m.promotes,
      };
    } else if (kind === 'ru-draw') {
      const g = load();
      const a = g.analyze({ timeMs: 300 });
      // accept only when the search says the position is level (within 0.3 of a man)
      result = 'centi' in a.score && Math.abs(a.score.centi) < 30;
    } else {
      throw new Error(`unknown request ${kind}`);
    }
    self.postMessage({ id, result });
    if (kind.startsWith('bg') && !bearOffReady) solveBearOff(M);
  } catch (err) {
    // an engine error keeps its code and fields (they are plain data) for the page to translate
    const error = { message: String(err?.message || err) };
    if (err && typeof err === 'object')
      for (const [k, v] of Object.entries(err)) if (v === null || typeof v !== 'object') error[k] = v;
    self.postMessage({ id, error });
  }
};
