// The computer opponent's path through the UI: the home page option, the Web Worker that loads
// its own copy of the real package and asks its AI (bestMove / bestPlay), the human pause, and
// the board's orientation.
import { test, expect } from '@playwright/test';
import { watchErrors, boardState, submitSetup } from './helpers.js';

test.use({ serviceWorkers: 'block' });

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => {
    if (!sessionStorage.getItem('init')) {
      sessionStorage.setItem('init', '1');
      localStorage.setItem('tabla:settings', '{"animations":false}');
      localStorage.setItem('tabla:lang', 'en');
    }
  });
});

async function startVsComputer(page, game, human) {
  await page.goto('/index.html?seed=5');
  await page.locator(`input[name="game"][value="${game}"]`).check();
  await expect(page.locator('#opp-computer')).toBeEnabled();
  await page.locator('#opp-computer').check();
  await page.locator('select[name="human"]').selectOption(human);
  await submitSetup(page);
  await page.waitForFunction((g) => window.tabla.board.state && window.tabla.board.game === g, game);
}

test('draughts against the computer: it answers from its worker', async ({ page }) => {
  const errors = watchErrors(page);
  await startVsComputer(page, 'russian-draughts', 'black');
  // the player is Black: the board is turned, and the computer (White) opens
  expect(await page.evaluate(() => window.tabla.board.flipped)).toBe(true);
  await page.waitForFunction(() => window.tabla.board.state.history.length === 1, null, { timeout: 10_000 });
  await expect(page.locator('#board').locator('.player.white small')).toHaveText('(computer)');
  const m = await page.evaluate(() => window.tabla.board.engine.legalMoves()[0]);
  await page.evaluate((n) => window.tabla.board.play(n), m.notation);
  await page.waitForFunction(() => window.tabla.board.state.history.length === 3, null, { timeout: 10_000 });
  // undo takes back the computer's reply too
  await page.getByRole('button', { name: /Undo/ }).click();
  expect((await boardState(page)).history.length).toBe(1);
  expect(errors()).toEqual([]);
});

test('backgammon against the computer: it rolls, moves and confirms', async ({ page }) => {
  const errors = watchErrors(page);
  await startVsComputer(page, 'table', 'black'); // table: White (the computer) starts
  await page.waitForFunction(
    () => {
      const s = window.tabla.board.state;
      return s.turn === 'black' && s.lastPlay;
    },
    null,
    { timeout: 15_000 },
  );
  const st = await boardState(page);
  expect(st.lastPlay.player).toBe('white');
  // the human's controls are live again
  await expect(page.getByRole('button', { name: /Roll/ })).toBeEnabled();
  expect(errors()).toEqual([]);
});
