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

async function startHuman(page, game, seed = 7) {
  await page.goto(`/index.html?seed=${seed}`);
  await page.locator(`input[name="game"][value="${game}"]`).check();
  await page.locator('#setup button[type="submit"]').click();
  await page.waitForFunction((g) => window.tabla.board.state && window.tabla.board.game === g, game);
}

test('the move list: draughts moves, browsed by click, buttons and arrow keys', async ({ page }) => {
  const errors = watchErrors(page);
  await startHuman(page, 'russian-draughts');
  for (const m of ['c3-d4', 'f6-g5', 'g3-f4']) await page.evaluate((n) => window.tabla.board.play(n), m);
  const moves = page.getByRole('region', { name: 'Moves' });
  await expect(moves.getByRole('button', { name: 'c3-d4' })).toBeVisible();
  await expect(moves.getByRole('button', { name: 'g3-f4' })).toBeVisible();
  const fen = await page.evaluate(() => window.tabla.board.engine.fen());
  // a click shows the position after that move; the live game is not touched
  await moves.getByRole('button', { name: 'f6-g5' }).click();
  const status = page.locator('#board .status');
  await expect(status).toContainText('after move f6-g5');
  await expect(moves.getByRole('button', { name: 'f6-g5' })).toHaveAttribute('aria-current', 'step');
  expect(await page.evaluate(() => window.tabla.board.ctrl.browsed.state.pieces.some((p) => p.square === 'g5'))).toBe(
    true,
  );
  expect(await page.evaluate(() => window.tabla.board.engine.fen())).toBe(fen);
  await page.screenshot({ path: shotPath('playview-moves-draughts.png') });
  // the arrow keys in the list, then the buttons
  await page.keyboard.press('ArrowLeft');
  await expect(status).toContainText('after move c3-d4');
  await page.keyboard.press('ArrowLeft');
  await expect(status).toContainText('after move the start');
  await moves.getByRole('button', { name: 'Next move' }).click();
  await expect(status).toContainText('after move c3-d4');
  await moves.getByRole('button', { name: 'Back to the game' }).click();
  await expect(status).toHaveText('Black to move');
  await expect(moves.getByRole('button', { name: 'Back to the game' })).toBeDisabled();
  await moves.getByRole('button', { name: 'First position' }).click();
  await expect(status).toContainText('after move the start');
  await page.keyboard.press('End');
  await expect(status).toHaveText('Black to move');
  expect(await page.evaluate(() => window.tabla.board.engine.fen())).toBe(fen);
  expect(errors()).toEqual([]);
});

test('the move list: backgammon turns in gnubg notation, with the cube, browsed', async ({ page }) => {
  const errors = watchErrors(page);
  await startHuman(page, 'backgammon', 11);
  const turn = async () => {
    await page.evaluate(async () => {
      const b = window.tabla.board;
      while (b.state.phase === 'opening' || b.state.phase === 'roll') await b.roll();
      const p = b.engine.legalPlays()[0];
      b.play(p ? p.steps : []);
    });
  };
  await turn(); // the opening roll and its play
  await page.evaluate(() => {
    const b = window.tabla.board;
    b.ctrl.double();
    b.ctrl.take();
  });
  await turn();
  await turn();
  const moves = page.getByRole('region', { name: 'Moves' });
  const cells = moves.getByRole('list').first().getByRole('button');
  await expect(cells).toHaveCount(5); // play, double, take, play, play
  await expect(cells.nth(0)).toHaveText(/^\d\d: \S+\/\S+/);
  await expect(moves.getByRole('button', { name: 'doubles to 2' })).toBeVisible();
  await expect(moves.getByRole('button', { name: 'takes' })).toBeVisible();
  const pid = await page.evaluate(() => window.tabla.board.engine.positionId());
  await cells.nth(0).click();
  await expect(page.locator('#board .status')).toContainText('after move');
  await page.screenshot({ path: shotPath('playview-moves-backgammon.png') });
  // the board shows the position after the first play: not the live one
  const shown = await page.evaluate(() => window.tabla.board.ctrl.browsed.state.pips);
  const live = await page.evaluate(() => window.tabla.board.state.pips);
  expect(shown).not.toEqual(live);
  await page.keyboard.press('ArrowRight');
  await expect(moves.getByRole('button', { name: 'doubles to 2' })).toHaveAttribute('aria-current', 'step');
  await page.keyboard.press('PageDown');
  await page.keyboard.press('End');
  expect(await page.evaluate(() => window.tabla.board.ctrl.browsed)).toBeNull();
  expect(await page.evaluate(() => window.tabla.board.engine.positionId())).toBe(pid);
  expect(errors()).toEqual([]);
});

test('hints: the best backgammon plays ranked with equity and chances, drawn on the board', async ({ page }) => {
  const errors = watchErrors(page);
  await startHuman(page, 'backgammon', 11);
  const board = page.locator('#board');
  await expect(board.getByRole('button', { name: /^Hint/ })).toHaveCount(0); // nothing to hint before the roll
  await page.evaluate(async () => {
    const b = window.tabla.board;
    while (b.state.phase === 'opening' || b.state.phase === 'roll') await b.roll();
  });
  const hint = board.getByRole('button', { name: /^Hint/ });
  await expect(hint).toBeEnabled();
  await hint.click();
  const box = page.getByRole('region', { name: 'Best plays' });
  const lines = box.getByRole('button');
  await expect(lines.first()).toContainText(/^1\. \S+\/\S+.* · equity [+−]\d\.\d{3} · win \d+\.\d% · gammon \d+\.\d%/);
  expect(await lines.count()).toBeGreaterThan(1);
  await expect(lines.first()).toHaveAttribute('aria-pressed', 'true');
  // the engine's ranking, best first, and the board draws the chosen one
  const best = await page.evaluate(() => window.tabla.board.engine.hint({ ply: 1 })[0].notation);
  await expect(lines.first()).toContainText(best);
  expect(await page.evaluate(() => window.tabla.board.ctrl.hint.plays.length)).toBeGreaterThan(1);
  await page.screenshot({ path: shotPath('playview-hint-backgammon.png') });
  await lines.nth(1).click();
  await expect(lines.nth(1)).toHaveAttribute('aria-pressed', 'true');
  // a step taken: the hint is for another position and goes away
  await page.evaluate(() => {
    const b = window.tabla.board;
    const s = b.engine.legalSteps()[0];
    b.engine.step(s.from, s.to);
    b.refresh();
  });
  await expect(box).toBeHidden();
  expect(errors()).toEqual([]);
});

test('hints: the best draughts move with its score and line, by the key H', async ({ page }) => {
  const errors = watchErrors(page);
  await startHuman(page, 'russian-draughts');
  await page.locator('#board canvas').focus();
  await page.keyboard.press('h');
  const box = page.getByRole('region', { name: 'Best move' });
  await expect(box.getByRole('button')).toContainText(
    /^[a-h][1-8]-[a-h][1-8] · score [+−]\d\.\d\d · line ([a-h][1-8][-:][a-h][1-8] ?)+/,
    {
      timeout: 15_000,
    },
  );
  await page.screenshot({ path: shotPath('playview-hint-draughts.png') });
  // the key help of draughts has no roll and no double
  const keys = await page.evaluate(() => window.tabla.board.shadowRoot.querySelector('#keys').textContent);
  expect(keys).toContain('H: hint');
  expect(keys).not.toMatch(/roll|double/i);
  await page.evaluate(() => window.tabla.board.play('c3-d4'));
  await expect(box).toBeHidden();
  expect(errors()).toEqual([]);
});
