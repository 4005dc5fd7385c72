// BG-RESIGN in the play view (issue 16): the player resigns (the computer accepts or declines by
// the engine's resignationAnswer()), the computer resigns a lost position (bestResignation())
// and the player answers; draughts (RU-RESIGN). Controls are found by role and name.
import { test, expect } from '@playwright/test';
import { watchErrors, boardState, shotPath, startVsComputer, importText } from './helpers.js';

test.use({ serviceWorkers: 'block' });

// White on roll: 15 checkers on his 13-point, none off; Black's last checker on his ace point.
// Black bears it off with his first roll: White's gammon is certain, a backgammon impossible.
const LOST_GAMMON = 'AQAAAMD/HwAAAA';

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => {
    if (!sessionStorage.getItem('init')) {
      sessionStorage.setItem('init', '1');
      localStorage.setItem('tabla:settings', '{"animations":false}');
      localStorage.setItem('tabla:lang', 'en');
    }
  });
});

test('the player resigns a gammon in a lost position and the computer accepts', async ({ page }) => {
  const errors = watchErrors(page);
  await startVsComputer(page, 'backgammon', 'white');
  await importText(page, LOST_GAMMON);
  const board = page.locator('#board');
  await board.getByRole('button', { name: 'Resign' }).click();
  const menu = board.getByRole('dialog', { name: 'Resign: what do you concede?' });
  await expect(menu.getByRole('button', { name: 'a single game (1 point)' })).toBeVisible();
  await expect(menu.getByRole('button', { name: 'a backgammon (3 points)' })).toBeVisible();
  await page.screenshot({ path: shotPath('resign-menu.png') });
  await menu.getByRole('button', { name: 'a gammon (2 points)' }).click();
  await page.waitForFunction(() => window.tabla.board.state.phase === 'game-over', null, { timeout: 15_000 });
  const over = board.getByRole('dialog', { name: 'Game over' });
  await expect(over).toContainText('Black wins a gammon by resignation: 2 points');
  const outcome = await page.evaluate(() => window.tabla.board.engine.outcome());
  expect(outcome).toMatchObject({ winner: 'black', kind: 'resignation', resigned: 'gammon', points: 2 });
  await page.screenshot({ path: shotPath('resign-accepted.png') });
  expect(errors()).toEqual([]);
});

test('the player offers only a single in a certain gammon: the computer declines and play goes on', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await startVsComputer(page, 'backgammon', 'white');
  await importText(page, LOST_GAMMON);
  const board = page.locator('#board');
  await board.getByRole('button', { name: 'Resign' }).click();
  await board.getByRole('button', { name: 'a single game (1 point)' }).click();
  await expect(board.locator('.status')).toContainText('Black declines the resignation; play goes on.', {
    timeout: 15_000,
  });
  const st = await boardState(page);
  expect(st.phase).toBe('roll');
  expect(st.turn).toBe('white');
  expect(st.resignation).toBeNull();
  await expect(board.getByRole('button', { name: /Roll/ })).toBeEnabled();
  expect(errors()).toEqual([]);
});

test('the computer resigns a lost position before rolling; the player accepts or declines', async ({ page }) => {
  const errors = watchErrors(page);
  await startVsComputer(page, 'backgammon', 'black');
  await importText(page, LOST_GAMMON);
  // White (the computer) is on roll, hopelessly lost: the engine's bestResignation() says gammon
  await page.waitForFunction(() => window.tabla.board.state.phase === 'resignation', null, { timeout: 15_000 });
  const st = await boardState(page);
  expect(st.resignation).toMatchObject({ player: 'white', kind: 'gammon', points: 2 });
  expect(st.dice).toEqual([]);
  const board = page.locator('#board');
  const offer = board.getByRole('dialog', { name: 'Resign' });
  await expect(offer).toContainText('White resigns a gammon (2 points). Black, do you accept?');
  await page.screenshot({ path: shotPath('resign-computer-offers.png') });
  // declined: the computer plays the turn out (it does not offer again before rolling)
  await offer.getByRole('button', { name: 'Decline' }).click();
  await page.waitForFunction(() => window.tabla.board.state.turn === 'black', null, { timeout: 15_000 });
  expect((await boardState(page)).phase).not.toBe('game-over');
  // a new game from the same position: accepted, the game ends by resignation
  await importText(page, LOST_GAMMON);
  await page.waitForFunction(() => window.tabla.board.state.phase === 'resignation', null, { timeout: 15_000 });
  await board.getByRole('dialog', { name: 'Resign' }).getByRole('button', { name: 'Accept' }).click();
  await expect(board.getByRole('dialog', { name: 'Game over' })).toContainText(
    'Black wins a gammon by resignation: 2 points',
  );
  await page.screenshot({ path: shotPath('resign-computer-accepted.png') });
  expect(errors()).toEqual([]);
});

test('draughts: the player resigns (RU-RESIGN)', async ({ page }) => {
  const errors = watchErrors(page);
  await startVsComputer(page, 'russian-draughts', 'white');
  const board = page.locator('#board');
  await board.getByRole('button', { name: 'Resign' }).click();
  const ask = board.getByRole('dialog', { name: 'Resign' });
  await expect(ask).toContainText('White resigns this game: the opponent wins.');
  await ask.getByRole('button', { name: 'Resign' }).click();
  await expect(board.getByRole('dialog', { name: 'Game over' })).toContainText('the opponent resigned');
  const o = await page.evaluate(() => window.tabla.board.engine.outcome());
  expect(o).toEqual({ result: 'black', reason: 'resignation' });
  await page.screenshot({ path: shotPath('resign-draughts.png') });
  expect(errors()).toEqual([]);
});
