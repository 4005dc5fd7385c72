// The optional evaluation bar (issue 16): off by default, a switch in the settings, persisted;
// backgammon shows the win probability of the side at the bottom from the engine's evaluate(),
// draughts the search's score, both computed in the computer's worker.
import { test, expect } from '@playwright/test';
import { prepare, startGame, shotPath } from './helpers.js';

test.use({ serviceWorkers: 'block' });

// White on roll, 15 checkers on his 13-point; Black's last checker on his ace: White has lost.
const LOST_GAMMON = 'AQAAAMD/HwAAAA';

async function setSwitch(page, name, on) {
  await page.getByRole('button', { name: 'Settings' }).click();
  const box = page.getByRole('checkbox', { name });
  if (on) await box.check();
  else await box.uncheck();
  await page.getByRole('dialog', { name: 'Settings' }).getByRole('button', { name: 'Close' }).click();
}

async function importText(page, text) {
  await page.getByRole('button', { name: 'Import' }).click();
  await page.getByRole('textbox', { name: 'Import a game' }).fill(text);
  await page.getByRole('button', { name: 'Load' }).click();
  await expect(page.getByRole('dialog', { name: 'Import a game' })).not.toBeVisible();
}

const meterValue = async (meter) => Number(await meter.getAttribute('aria-valuenow'));

test('the evaluation bar: off by default, switched on in the settings, kept after a reload', async ({ page }) => {
  const errors = await prepare(page);
  await startGame(page, 'backgammon');
  const board = page.locator('#board');
  const meter = board.getByRole('meter', { name: 'Evaluation' });
  await expect(board.locator('.evalbar')).toBeHidden();
  await setSwitch(page, 'Evaluation bar', true);
  await importText(page, LOST_GAMMON);
  // White (at the bottom) has no chance: the engine's evaluate() says so, through the worker
  await expect(meter).toBeVisible();
  await expect(meter).toHaveAttribute('aria-valuenow', /.+/, { timeout: 15_000 });
  expect(await meterValue(meter)).toBeLessThan(5);
  await expect(meter).toHaveAttribute('aria-valuetext', /^White: \d+%$/);
  await page.screenshot({ path: shotPath('evalbar-backgammon.png') });
  // flipped, Black is at the bottom: his share
  await page.evaluate(() => window.tabla.board.flip());
  await expect(meter).toHaveAttribute('aria-valuetext', /^Black: \d+%$/);
  expect(await meterValue(meter)).toBeGreaterThan(95);
  // persisted
  await page.reload();
  await page.waitForFunction(() => window.tabla.board.state);
  await expect(board.getByRole('meter', { name: 'Evaluation' })).toBeVisible();
  const settings = await page.evaluate(() => JSON.parse(localStorage.getItem('tabla:settings')));
  expect(settings.evalBar).toBe(true);
  await setSwitch(page, 'Evaluation bar', false);
  await expect(board.locator('.evalbar')).toBeHidden();
  expect(errors()).toEqual([]);
});

test('the evaluation bar in draughts: the search score of the side at the bottom', async ({ page }) => {
  const errors = await prepare(page);
  await startGame(page, 'russian-draughts');
  await setSwitch(page, 'Evaluation bar', true);
  const meter = page.locator('#board').getByRole('meter', { name: 'Evaluation' });
  await expect(meter).toHaveAttribute('aria-valuetext', /^White: [+−]\d+\.\d\d$/, { timeout: 15_000 });
  const v = await meterValue(meter);
  expect(v).toBeGreaterThan(20);
  expect(v).toBeLessThan(80);
  await page.screenshot({ path: shotPath('evalbar-draughts.png') });
  expect(errors()).toEqual([]);
});
