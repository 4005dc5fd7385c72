// Optional sound (issue 16): dice and checkers synthesized with Web Audio (no files), off by
// default, a switch in the settings, persisted; nothing fails where AudioContext is missing.
import { test, expect } from '@playwright/test';
import { prepare, startGame, submitSetup } from './helpers.js';

test.use({ serviceWorkers: 'block' });

async function setSwitch(page, name, on) {
  await page.getByRole('button', { name: 'Settings' }).click();
  const box = page.getByRole('checkbox', { name });
  if (on) await box.check();
  else await box.uncheck();
  await page.getByRole('dialog', { name: 'Settings' }).getByRole('button', { name: 'Close' }).click();
}

/** Counts the sounds the page starts (AudioBufferSourceNode.start), without changing them. */
async function countSounds(page) {
  await page.addInitScript(() => {
    window.__sounds = 0;
    const proto = globalThis.AudioBufferSourceNode?.prototype;
    if (!proto) return;
    const start = proto.start;
    proto.start = function (...a) {
      window.__sounds++;
      return start.apply(this, a);
    };
  });
}

async function rollOnce(page) {
  const board = page.locator('#board');
  await board.getByRole('button', { name: /Roll/ }).click();
  // rolled: the dice are on the board, or the opening roll is shown (a tie too: "roll again")
  await page.waitForFunction(() => {
    const s = window.tabla.board.state;
    return s.phase !== 'opening' || s.dice.length || s.openingRoll !== null;
  });
}

test('sound: off by default; the switch turns dice sounds on and off, and is kept', async ({ page }) => {
  const errors = await prepare(page);
  await countSounds(page);
  await startGame(page, 'backgammon', { query: '?seed=3' });
  await rollOnce(page);
  expect(await page.evaluate(() => window.__sounds)).toBe(0);
  await setSwitch(page, 'Sound', true);
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('tabla:settings')).sound)).toBe(true);
  // a roll rattles: several short hits
  await page.evaluate(() => window.tabla.board.newGame());
  await page.waitForFunction(() => window.tabla.board.state.phase === 'opening');
  await rollOnce(page);
  const n = await page.evaluate(() => window.__sounds);
  expect(n).toBeGreaterThan(0);
  await setSwitch(page, 'Sound', false);
  await page.evaluate(() => window.tabla.board.newGame());
  await page.waitForFunction(() => window.tabla.board.state.phase === 'opening');
  await rollOnce(page);
  expect(await page.evaluate(() => window.__sounds)).toBe(n);
  expect(errors()).toEqual([]);
});

for (const missing of [false, true]) {
  test(`sound on: a game against the computer plays with no console errors${missing ? ', without AudioContext' : ''}`, async ({
    page,
  }) => {
    const errors = await prepare(page, { animations: true });
    if (missing)
      await page.addInitScript(() => {
        delete window.AudioContext;
        delete window.webkitAudioContext;
      });
    await page.addInitScript(() => {
      const s = JSON.parse(localStorage.getItem('tabla:settings') || '{}');
      localStorage.setItem('tabla:settings', JSON.stringify({ ...s, sound: true }));
    });
    await page.goto('/index.html?seed=11');
    await page.locator('input[name="game"][value="table"]').check();
    await page.locator('#opp-computer').check();
    await page.locator('select[name="human"]').selectOption('black');
    await submitSetup(page);
    await page.waitForFunction(() => window.tabla.board.state);
    // the computer (White) starts in table; three of its turns and the player's in between
    for (let turn = 0; turn < 3; turn++) {
      await page.waitForFunction(
        () =>
          window.tabla.board.state.turn === 'black' &&
          window.tabla.board.state.phase === 'roll' &&
          !window.tabla.board.ctrl.busy,
        null,
        { timeout: 45_000 },
      );
      await page.locator('#board').getByRole('button', { name: /Roll/ }).click();
      await page.waitForFunction(() => window.tabla.board.state.phase === 'move' && !window.tabla.board.ctrl.busy);
      await page.evaluate(() => {
        const b = window.tabla.board;
        const plays = b.engine.legalPlays();
        b.play(plays.length ? plays[0].notation : []);
      });
    }
    expect(errors()).toEqual([]);
  });
}
