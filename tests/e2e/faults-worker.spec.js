// The computer opponent's worker under faults (issue 17): killed mid-think, throwing, hung,
// closing itself, answering nonsense. Each is replaced and the request sent once more; when the
// new one fails too the player is told and chooses how to go on; a new game always works.
// Faulty workers are served in place of js/worker.js by routing; the replacement is the real one.
import { test, expect } from '@playwright/test';
import { watchErrors, submitSetup } from './helpers.js';

test.use({ serviceWorkers: 'block' });

const FAULTS = {
  kill: 'self.onmessage = () => {};', // thinks for ever; the test terminates it
  throw: "self.onmessage = () => { throw new Error('injected fault'); };",
  hang: 'self.onmessage = () => { for (;;); };',
  close: 'self.onmessage = () => self.close();',
  garbage: 'self.onmessage = (e) => self.postMessage({ id: e.data.id, result: { notation: 42 } });',
  'garbage-no-id': "self.onmessage = () => self.postMessage('<html>nonsense</html>');",
};

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => {
    globalThis.tablaAiTimeScale = 0.1; // a hung worker is noticed in seconds
    if (!sessionStorage.getItem('init')) {
      sessionStorage.setItem('init', '1');
      localStorage.setItem('tabla:settings', '{"animations":false}');
      localStorage.setItem('tabla:lang', 'en');
    }
  });
});

/** Serve `fault`'s worker for the next `times` workers the page starts, then the real one. */
async function faultyWorkers(page, fault, times) {
  const served = { n: 0 };
  await page.route('**/js/worker.js', (route) => {
    if (served.n++ < times)
      return route.fulfill({ contentType: 'text/javascript', body: `${FAULTS[fault]}\n// fault ${fault}` });
    return route.continue();
  });
  return served;
}

async function startVsComputer(page, game, human) {
  await page.goto('/index.html?seed=5');
  await page.locator(`input[name="game"][value="${game}"]`).check();
  await expect(page.locator('#opp-computer')).toBeEnabled();
  await page.locator('#opp-computer').check();
  await page.locator('select[name="human"]').selectOption(human);
  await submitSetup(page);
  await page.waitForFunction((g) => window.tabla.board.state && window.tabla.board.game === g, game);
}

const failedToast = (page) => page.locator('#toast', { hasText: 'The computer could not answer' });
const drHistory = (page) => page.evaluate(() => window.tabla.board.state.history.length);

for (const fault of Object.keys(FAULTS)) {
  test(`worker ${fault}: replaced, the move asked again, the computer answers`, async ({ page }) => {
    const errors = watchErrors(page);
    const served = await faultyWorkers(page, fault, 1);
    await startVsComputer(page, 'russian-draughts', 'black'); // the computer (White) opens
    if (fault === 'kill') {
      await page.waitForFunction(() => window.tabla.board._ai?.worker);
      await page.evaluate(() => window.tabla.board._ai.worker.terminate());
    }
    await page.waitForFunction(() => window.tabla.board.state.history.length === 1, null, { timeout: 20_000 });
    expect(served.n).toBe(2);
    expect(await page.evaluate(() => window.tabla.board._ai.replaced)).toBe(1);
    await expect(failedToast(page)).toBeHidden();
    // the game goes on: the human answers, the computer replies from the new worker
    const m = await page.evaluate(() => window.tabla.board.engine.legalMoves()[0].notation);
    await page.evaluate((n) => window.tabla.board.play(n), m);
    await page.waitForFunction(() => window.tabla.board.state.history.length === 3, null, { timeout: 20_000 });
    expect(errors().filter((e) => !/injected fault/.test(e))).toEqual([]);
  });
}

test('backgammon worker answering nonsense steps: replaced, the computer moves', async ({ page }) => {
  const served = await faultyWorkers(page, 'garbage', 1);
  await startVsComputer(page, 'table', 'black'); // table: White (the computer) starts
  await page.waitForFunction(
    () => window.tabla.board.state.turn === 'black' && window.tabla.board.state.lastPlay,
    null,
    {
      timeout: 20_000,
    },
  );
  expect(served.n).toBe(2);
  await expect(failedToast(page)).toBeHidden();
});

test('a worker that fails twice: the player is told and plays on as two players', async ({ page }) => {
  await faultyWorkers(page, 'throw', 100);
  await startVsComputer(page, 'russian-draughts', 'black');
  await expect(failedToast(page)).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('#board')).not.toHaveClass(/thinking/);
  expect(
    await page.evaluate(() => window.tabla.board.shadowRoot.querySelector('.wrap').classList.contains('thinking')),
  ).toBe(false);
  await failedToast(page).getByRole('button', { name: 'Two players' }).click();
  expect(await page.evaluate(() => window.tabla.board.computerSide)).toBe(null);
  // White's move is now the player's
  const m = await page.evaluate(() => window.tabla.board.engine.legalMoves()[0].notation);
  await page.evaluate((n) => window.tabla.board.play(n), m);
  expect(await drHistory(page)).toBe(1);
  // the choice is kept in the save
  expect(
    await page.evaluate(
      () => JSON.parse(localStorage.getItem(`tabla:save:${window.tabla.board.persistKey}`)).computer ?? null,
    ),
  ).toBe(null);
});

test('a worker that fails twice: play on at a lower level, or try again', async ({ page }) => {
  const served = await faultyWorkers(page, 'hang', 2);
  await startVsComputer(page, 'russian-draughts', 'black');
  await expect(failedToast(page)).toBeVisible({ timeout: 30_000 });
  expect(await drHistory(page)).toBe(0);
  await failedToast(page).getByRole('button', { name: 'Lower level' }).click();
  expect(await page.evaluate(() => window.tabla.board.level)).toBe('easy');
  await page.waitForFunction(() => window.tabla.board.state.history.length === 1, null, { timeout: 20_000 });
  expect(served.n).toBe(3);
  await expect(failedToast(page)).toBeHidden();
});

test('after the computer failed, a new game always works', async ({ page }) => {
  const served = await faultyWorkers(page, 'close', 2);
  await startVsComputer(page, 'russian-draughts', 'black');
  await expect(failedToast(page)).toBeVisible({ timeout: 30_000 });
  expect(served.n).toBe(2);
  await page.evaluate(() => window.tabla.board.newGame());
  await page.waitForFunction(() => window.tabla.board.state.history.length === 1, null, { timeout: 20_000 });
});
