// The bear-off table built before it is needed (issue 16): the page asks the computer's worker
// to build it ('bg-warm') as soon as a backgammon game against the computer is on the board, so
// the first answer in a race does not stall while it is built (3.3 s before).
import { test, expect } from '@playwright/test';
import { prepare } from './helpers.js';

test.use({ serviceWorkers: 'block' });

test('the first race answer of a fresh worker: slow cold, fast after bg-warm', async ({ page }) => {
  const errors = await prepare(page);
  await page.goto('/index.html');
  const times = await page.evaluate(async () => {
    const { AiSupervisor, loadEngine } = await import('./js/engine.js');
    const M = await loadEngine();
    // 15 checkers on each side's 6-point, rolled: the answer needs most of the bear-off table
    const g = M.Backgammon.fromPositionId('4P8PAADg/w8AAA', { seed: 1 });
    g.roll();
    const req = { kind: 'bg', game: 'backgammon', options: {}, save: g.toJSON(), level: 'medium' };
    const url = new URL('./js/worker.js', location.href);
    const timed = async (ai) => {
      const t = performance.now();
      await ai.request(req);
      return performance.now() - t;
    };
    const cold = new AiSupervisor(url);
    await cold
      .request({ kind: 'bg-cube-action', game: 'backgammon', options: {}, save: new M.Backgammon().toJSON() })
      .catch(() => null); // a loaded worker, its table not built
    const coldMs = await timed(cold);
    cold.terminate();
    const warm = new AiSupervisor(url);
    const t0 = performance.now();
    await warm.request({ kind: 'bg-warm', game: 'backgammon', options: {}, level: 'medium' });
    const warmBuildMs = performance.now() - t0;
    const warmMs = await timed(warm);
    warm.terminate();
    return { coldMs, warmBuildMs, warmMs };
  });
  console.log(
    `bear-off: first race answer cold ${Math.round(times.coldMs)} ms; bg-warm ${Math.round(times.warmBuildMs)} ms, then the answer ${Math.round(times.warmMs)} ms`,
  );
  expect(times.warmMs).toBeLessThan(1000);
  expect(times.coldMs).toBeGreaterThan(times.warmMs);
  expect(errors()).toEqual([]);
});
