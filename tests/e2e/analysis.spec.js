// The game analysis (issue 16): a whole recorded game of each family imported, "Analyse game"
// run in the computer's worker with a progress bar, the moves marked, the figures and the chart
// shown; the time a 60-turn backgammon game takes is printed.
import { test, expect } from '@playwright/test';
import { prepare, startGame, idle, shotPath } from './helpers.js';

/**
 * A finished backgammon game of at least `turns` plays, made in the page by the engine's computer
 * opponents (the full module, loaded here for the test: the board's own is the rules module).
 */
async function importLongBackgammonGame(page, turns) {
  return page.evaluate(async (turns) => {
    const { loadFullEngine } = await import(new URL('js/engine.js', document.baseURI).href);
    const M = await loadFullEngine();
    for (let seed = 1; seed < 200; seed++) {
      const g = new M.Backgammon({ variant: 'backgammon', seed });
      let plays = 0;
      for (let i = 0; i < 3000 && !g.outcome(); i++) {
        const s = g.state();
        if (s.phase === 'opening' || s.phase === 'roll') g.roll();
        else if (s.phase === 'move') {
          g.play(g.bestPlay({ level: i % 2 ? 'beginner' : 'casual', seed: i }).steps);
          plays++;
        }
      }
      if (plays >= turns) {
        window.tabla.board.importText(JSON.stringify(g.toJSON()));
        return plays;
      }
    }
    return 0;
  }, turns);
}

test('backgammon: a whole game analysed, marked and charted, 60 turns timed', async ({ page }) => {
  test.setTimeout(180_000);
  const errors = await prepare(page);
  await startGame(page, 'backgammon', { query: '?seed=3' });
  const plays = await importLongBackgammonGame(page, 60);
  expect(plays).toBeGreaterThanOrEqual(60);
  await idle(page);
  const board = page.locator('#board');
  const region = board.getByRole('region', { name: 'Analysis' });
  const run = region.getByRole('button', { name: 'Analyse game' });
  await expect(run).toBeVisible();
  await run.click();
  const bar = region.getByRole('progressbar', { name: 'Analysis progress' });
  await expect(bar).toBeVisible();
  // the page stays responsive while the worker analyses
  const t0 = Date.now();
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r())));
  expect(Date.now() - t0).toBeLessThan(1000);
  await page.waitForTimeout(300);
  await page.screenshot({ path: shotPath('analysis-bg-progress.png') });
  await expect(region).toHaveAttribute('data-status', 'done', { timeout: 120_000 });
  const ms = Number(await region.getAttribute('data-ms'));
  const first = Number(await region.getAttribute('data-first-ms'));
  console.log(
    `analysis of a ${plays}-turn backgammon game in the browser: ${(ms / 1000).toFixed(2)} s (the first turn, with the worker's start: ${(first / 1000).toFixed(2)} s)`,
  );
  expect(ms).toBeLessThan(60_000); // a generous cap; the goal is under 15 s
  await expect(bar).toBeHidden();
  await expect(region.getByText(/White: error rate [\d.]+ mEMG per decision/)).toBeVisible();
  await expect(region.getByText(/Black: error rate [\d.]+ mEMG per decision/)).toBeVisible();
  const chart = region.getByRole('img', { name: /Winning chances of White over \d+ moves/ });
  await expect(chart).toBeVisible();
  // beginner and casual players make mistakes the analysis marks in the move list
  const moves = board.getByRole('region', { name: 'Moves' });
  const marked = moves.getByRole('button', { name: /doubtful|bad/ });
  expect(await marked.count()).toBeGreaterThan(0);
  await marked.first().click();
  await expect(region.getByText(/Best: .+, equity/)).toBeVisible();
  await page.screenshot({ path: shotPath('analysis-bg.png') });
  // by keyboard: the button again, with Enter
  const again = region.getByRole('button', { name: 'Analyse again' });
  await again.focus();
  await page.keyboard.press('Enter');
  await expect(region).toHaveAttribute('data-status', 'running');
  await expect(region).toHaveAttribute('data-status', 'done', { timeout: 120_000 });
  expect(errors()).toEqual([]);
});

test('draughts: a whole game analysed, a missed win marked, figures and chart', async ({ page }) => {
  test.setTimeout(180_000);
  const errors = await prepare(page);
  await startGame(page, 'russian-draughts');
  // a short game from a position where White can win at once (e5-f6) and plays e5-d6 instead
  await page.evaluate(async () => {
    const { loadFullEngine } = await import(new URL('js/engine.js', document.baseURI).href);
    const M = await loadFullEngine();
    const g = M.RussianDraughts.fromFen('W:We5,g7:Bh8');
    g.play('e5-d6');
    for (let i = 0; i < 12 && !g.outcome(); i++) g.play(g.bestMove({ level: 'easy', seed: i }).notation);
    window.tabla.board.importText(JSON.stringify(g.toJSON()));
  });
  await idle(page);
  const board = page.locator('#board');
  const region = board.getByRole('region', { name: 'Analysis' });
  await region.getByRole('button', { name: 'Analyse game' }).click();
  await expect(region).toHaveAttribute('data-status', 'done', { timeout: 120_000 });
  const ms = Number(await region.getAttribute('data-ms'));
  const n = await page.evaluate(async () => {
    const { loadFullEngine } = await import(new URL('js/engine.js', document.baseURI).href);
    return (await loadFullEngine()).RussianDraughts.fromJSON(window.tabla.board.engine.toJSON()).analysisLength();
  });
  console.log(`analysis of a ${n}-move draughts game in the browser: ${(ms / 1000).toFixed(2)} s`);
  await expect(region.getByText(/White: mistakes \d+, blunders \d+, missed wins 1/)).toBeVisible();
  await expect(region.getByRole('img', { name: /Winning chances of White/ })).toBeVisible();
  const moves = board.getByRole('region', { name: 'Moves' });
  const missed = moves.getByRole('button', { name: /missed win/ });
  await expect(missed).toHaveCount(1);
  await missed.click();
  await expect(region.getByText(/Best: e5-f6/)).toBeVisible();
  await page.screenshot({ path: shotPath('analysis-draughts.png') });
  expect(errors()).toEqual([]);
});

/**
 * Puts on the board a backgammon game the engine plays `plays` plays into (level advanced), from
 * the start or, with `score`, from the start position at that score of a `matchLength` match.
 */
async function importPlayed(page, { seed, plays, matchLength = 0, score = null }) {
  await page.evaluate(
    async ({ seed, plays, matchLength, score }) => {
      const { loadFullEngine } = await import(new URL('js/engine.js', document.baseURI).href);
      const M = await loadFullEngine();
      const fresh = new M.Backgammon({ variant: 'backgammon', seed, matchLength });
      const g = score ? M.Backgammon.fromSetup({ ...fresh.setup(), score }, { matchLength, seed }) : fresh;
      for (let n = 0; n < plays; ) {
        const s = g.state();
        if (s.phase === 'opening' || s.phase === 'roll') g.roll();
        else {
          g.play(g.bestPlay({ level: 'advanced' }).steps);
          n++;
        }
      }
      window.tabla.board.importText(JSON.stringify(g.toJSON()));
    },
    { seed, plays, matchLength, score },
  );
}

test('backgammon: the position shown is rolled out in the worker (live, then a browsed one)', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = await prepare(page);
  await startGame(page, 'backgammon', { query: '?seed=3' });
  // a game of eight plays, not finished, made by the engine
  await importPlayed(page, { seed: 12, plays: 8 });
  await idle(page);
  const board = page.locator('#board');
  const region = board.getByRole('region', { name: 'Analysis' });
  const roll = region.getByRole('button', { name: 'Position rollout' });
  await expect(roll).toBeEnabled();
  const live = await page.evaluate(() => document.querySelector('#board').state);
  await roll.click();
  await expect(region).toHaveAttribute('data-rollout', 'running');
  await expect(roll).toBeDisabled();
  await expect(region).toHaveAttribute('data-rollout', 'done', { timeout: 60_000 });
  const text = region.locator('.an-roll');
  const name = live.turn === 'white' ? 'White' : 'Black';
  await expect(text).toContainText(`Rollout, ${name} on roll (`);
  const said = await text.textContent();
  const [, n] = said.match(/\((\d+) games played to the end\): equity [+−]\d\.\d{3} ± \d\.\d{3}/) ?? [];
  expect(Number(n)).toBeGreaterThan(0);
  // a money game with the cube in play: the cube played out in the trials too
  // and the cube decision the engine makes on the rollout's values
  expect(said).toMatch(
    /; cubeful equity [+−]\d\.\d{3} ± \d\.\d{3}; cube by the rollout: (no double|double|too good to double), (take|pass)$/,
  );
  await page.screenshot({ path: shotPath('analysis-bg-rollout.png') });
  // an earlier position: the live one's figures are not shown for it; its own rollout is of it
  await page.evaluate(() =>
    window.tabla.board.browseTo(document.querySelector('#board').ctrl.records().cells[2].index),
  );
  await expect(text).toBeHidden();
  const browsed = await page.evaluate(() => document.querySelector('#board').ctrl.browsed.state);
  await roll.click();
  await expect(region).toHaveAttribute('data-rollout', 'done', { timeout: 60_000 });
  await expect(text).toContainText(`Rollout, ${browsed.turn === 'white' ? 'White' : 'Black'} on roll (`);
  // back to the live position: the rollout shown was of the browsed one, so none is shown
  await page.evaluate(() => window.tabla.board.browseTo(null));
  await expect(text).toBeHidden();
  expect(errors()).toEqual([]);
});

test('backgammon: a match position rolled out cubeful gives the match winning chances', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = await prepare(page);
  await startGame(page, 'backgammon', { query: '?seed=3' });
  // a 5-point match at 2-1, six plays into its game, made by the engine
  await importPlayed(page, { seed: 4, plays: 6, matchLength: 5, score: { white: 2, black: 1 } });
  await idle(page);
  const region = page.locator('#board').getByRole('region', { name: 'Analysis' });
  await region.getByRole('button', { name: 'Position rollout' }).click();
  await expect(region).toHaveAttribute('data-rollout', 'done', { timeout: 60_000 });
  const said = await region.locator('.an-roll').textContent();
  expect(said).toMatch(
    /; cubeful equity [+−]\d\.\d{3} ± \d\.\d{3}; match winning chances \d+\.\d% ± \d\.\d; cube by the rollout: (no double|double|too good to double), (take|pass)$/,
  );
  await page.screenshot({ path: shotPath('analysis-bg-rollout-match.png') });
  expect(errors()).toEqual([]);
});
