// The play view shows what the engine knows (issue 16): the computer's cube, the last move, the
// game record, hints, and the fixes of the list. Controls are found by role and name.
import { test, expect } from '@playwright/test';
import { watchErrors, boardState, shotPath } from './helpers.js';

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

async function startVsComputer(page, game, human, seed = 5) {
  await page.goto(`/index.html?seed=${seed}`);
  await page.locator(`input[name="game"][value="${game}"]`).check();
  await page.locator('#opp-computer').check();
  await page.locator('select[name="human"]').selectOption(human);
  await page.locator('#setup button[type="submit"]').click();
  await page.waitForFunction((g) => window.tabla.board.state && window.tabla.board.game === g, game);
}

async function importText(page, text) {
  await page.getByRole('button', { name: 'Import' }).click();
  await page.getByRole('textbox', { name: 'Import a game' }).fill(text);
  await page.getByRole('button', { name: 'Load' }).click();
  await expect(page.getByRole('dialog', { name: 'Import a game' })).not.toBeVisible();
}

test('the computer doubles when the engine says so (7N4nAABtdw8AAA, money game)', async ({ page }) => {
  const errors = watchErrors(page);
  await startVsComputer(page, 'backgammon', 'black');
  await importText(page, '7N4nAABtdw8AAA');
  // White (the computer) is on roll; the engine's cubeAction() says double, so it offers the cube
  await page.waitForFunction(() => window.tabla.board.state.phase === 'cube-decision', null, { timeout: 15_000 });
  const st = await boardState(page);
  expect(st.cube.offeredBy).toBe('white');
  expect(st.dice).toEqual([]);
  const board = page.locator('#board');
  await expect(board.getByRole('button', { name: /Take/ })).toBeEnabled();
  await expect(board.getByRole('button', { name: /Pass/ })).toBeEnabled();
  await expect(board.locator('.status')).toContainText('White doubles to 2');
  await page.screenshot({ path: shotPath('playview-computer-doubles.png') });
  // taking: the computer (now without the cube) rolls and plays on
  await board.getByRole('button', { name: /Take/ }).click();
  await page.waitForFunction(() => window.tabla.board.state.turn === 'black', null, { timeout: 15_000 });
  expect((await boardState(page)).cube.owner).toBe('black');
  expect(errors()).toEqual([]);
});

test('the last move stays visible: the dice, the from/to marks, and a replay', async ({ page }) => {
  const errors = watchErrors(page);
  await startVsComputer(page, 'table', 'black'); // table: White (the computer) starts
  await page.waitForFunction(() => window.tabla.board.state.turn === 'black' && !window.tabla.board.ctrl.busy, null, {
    timeout: 15_000,
  });
  const st = await boardState(page);
  const pid = () => page.evaluate(() => window.tabla.board.engine.positionId());
  const before = await pid();
  expect(st.phase).toBe('roll');
  expect(st.dice).toEqual([]);
  // the board keeps the computer's roll on its side and marks each step of its play
  const last = await page.evaluate(() => window.tabla.board.ctrl.lastView());
  expect(last.lastDice.side).toBe('white');
  expect([...last.lastDice.dice].sort()).toEqual([...st.lastPlay.dice].sort());
  expect(last.lastMove.length).toBeGreaterThan(0);
  await page.screenshot({ path: shotPath('playview-last-move.png') });
  // Replay: the position before the play is shown, then the play again; the game is unchanged
  const board = page.locator('#board');
  const replay = board.getByRole('button', { name: /Replay move/ });
  await expect(replay).toBeEnabled();
  await replay.click();
  await page.waitForFunction(() => !window.tabla.board.ctrl.busy && !window.tabla.board.ctrl.replaying);
  const after = await boardState(page);
  expect(await pid()).toBe(before);
  expect(after.phase).toBe('roll');
  // the key L replays too
  await page.locator('#board canvas').focus();
  await page.keyboard.press('l');
  await page.waitForFunction(() => !window.tabla.board.ctrl.busy && !window.tabla.board.ctrl.replaying);
  // the roll replaces the last dice: after it, only the player's dice are shown
  await board.getByRole('button', { name: /^Roll/ }).click();
  await page.waitForFunction(() => window.tabla.board.state.phase !== 'roll');
  expect((await page.evaluate(() => window.tabla.board.ctrl.lastView())).lastDice).toBeUndefined();
  expect(errors()).toEqual([]);
});
