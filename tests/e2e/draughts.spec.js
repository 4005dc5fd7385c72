// Russian draughts in the browser: clicks at square centres from the geometry module.
import { test, expect } from '@playwright/test';
import { prepare, startGame, sqXY, boardState, idle } from './helpers.js';
import { shotPath } from './helpers.js';

test.use({ serviceWorkers: 'allow' });

const click = async (page, sq) => {
  const p = await sqXY(page, sq);
  await page.mouse.click(p.x, p.y);
};

test('legal moves by clicking, and the move list', async ({ page }, info) => {
  const errors = await prepare(page);
  await startGame(page, 'russian-draughts');
  await click(page, 'c3');
  await click(page, 'd4');
  await idle(page);
  await click(page, 'f6');
  await click(page, 'e5');
  await idle(page);
  const st = await boardState(page);
  expect(st.history).toEqual(['c3-d4', 'f6-e5']);
  await expect(page.locator('#board').locator('.moves li')).toHaveCount(1);
  // white must capture: only d4 is offered as a source
  const sources = await page.evaluate(() => window.tabla.board.ctrl.sources());
  expect(sources).toEqual(['d4']);
  await click(page, 'd4');
  await click(page, 'f6');
  await idle(page);
  expect((await boardState(page)).history.at(-1)).toBe('d4:f6');
  await page.screenshot({ path: shotPath('draughts-after-capture.png') });
  expect(errors()).toEqual([]);
});

test('an illegal drop is refused and changes nothing', async ({ page }) => {
  const errors = await prepare(page);
  await startGame(page, 'russian-draughts');
  const before = await boardState(page);
  const refused = page.evaluate(
    () => new Promise((r) => window.tabla.board.addEventListener('illegal', () => r(true), { once: true })),
  );
  const a = await sqXY(page, 'c3'),
    b = await sqXY(page, 'c5');
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(b.x, b.y, { steps: 6 });
  await page.mouse.up();
  expect(await refused).toBe(true);
  const after = await boardState(page);
  expect(after.fen).toBe(before.fen);
  expect(after.history).toEqual([]);
  // a drag to a legal square does move
  const d = await sqXY(page, 'd4');
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(d.x, d.y, { steps: 6 });
  await page.mouse.up();
  await idle(page);
  expect((await boardState(page)).history).toEqual(['c3-d4']);
  expect(errors()).toEqual([]);
});

test('a multi-capture is played by tapping its end, and shown as a path', async ({ page }, info) => {
  const errors = await prepare(page);
  await startGame(page, 'russian-draughts');
  await page.evaluate(() => window.tabla.board.importText('W:Wc3,a1:Bd4,f6,b8'));
  await page.waitForFunction(() => window.tabla.board.state && window.tabla.board.state.pieces.length === 5);
  await click(page, 'c3');
  await page.screenshot({ path: shotPath('draughts-capture-path.png') });
  await click(page, 'g7');
  await idle(page);
  const st = await boardState(page);
  expect(st.history).toEqual(['c3:g7']);
  expect(st.lastMove.captured).toEqual(['d4', 'f6']);
  expect(errors()).toEqual([]);
});

test('keyboard alone: arrows, Enter', async ({ page }) => {
  const errors = await prepare(page);
  await startGame(page, 'russian-draughts');
  await page.locator('#board canvas').focus();
  await page.keyboard.press('ArrowRight'); // the cursor appears on the first movable piece
  const cursor = await page.evaluate(() => window.tabla.board.ctrl.cursor);
  expect(cursor).toBeTruthy();
  // walk the cursor to c3, pick up, walk to d4, put down
  const walk = async (to) => {
    for (let i = 0; i < 20; i++) {
      const [c] = await page.evaluate(() => [window.tabla.board.ctrl.cursor]);
      if (c === to) return;
      const dx = to.charCodeAt(0) - c.charCodeAt(0),
        dy = Number(to[1]) - Number(c[1]);
      await page.keyboard.press(dx > 0 ? 'ArrowRight' : dx < 0 ? 'ArrowLeft' : dy > 0 ? 'ArrowUp' : 'ArrowDown');
    }
  };
  await walk('c3');
  await page.keyboard.press('Enter');
  await walk('d4');
  await page.keyboard.press('Enter');
  await idle(page);
  expect((await boardState(page)).history).toEqual(['c3-d4']);
  await expect(page.locator('#board').locator('.live')).toContainText('c3-d4');
  await page.keyboard.press('u');
  expect((await boardState(page)).history).toEqual([]);
  expect(errors()).toEqual([]);
});

test('a whole game to its end, scripted through the element', async ({ page }, info) => {
  test.setTimeout(180_000);
  const errors = await prepare(page);
  await startGame(page, 'russian-draughts');
  const over = page.evaluate(
    () => new Promise((r) => window.tabla.board.addEventListener('gameover', (e) => r(e.detail), { once: true })),
  );
  await page.evaluate(async () => {
    const b = window.tabla.board;
    for (let i = 0; i < 400 && !b.engine.state().outcome; i++) {
      const moves = b.engine.legalMoves();
      // prefer captures and promotions, else the most advanced man: games end quickly
      moves.sort((x, y) => y.captured.length - x.captured.length || y.promotes - x.promotes);
      await b.play(moves[(i * 7) % Math.min(moves.length, 3)].notation);
    }
    if (!b.engine.state().outcome) {
      b.ctrl.agreeDraw();
    }
  });
  const detail = await over;
  expect(['white', 'black', 'draw']).toContain(detail.outcome.result);
  await expect(page.locator('#board').locator('[data-panel="over"]')).toBeVisible();
  await page.screenshot({ path: shotPath('draughts-game-over.png') });
  expect(errors()).toEqual([]);
});

test('draw offer, flip, and the game restored after a reload', async ({ page }) => {
  const errors = await prepare(page);
  await startGame(page, 'russian-draughts');
  await click(page, 'c3');
  await click(page, 'd4');
  await idle(page);
  await click(page, 'f6');
  await click(page, 'g5');
  await idle(page);
  const before = await boardState(page);
  await page.reload();
  await page.waitForFunction(() => window.tabla.board.ctrl?.state);
  const after = await boardState(page);
  expect(after.fen).toBe(before.fen);
  expect(after.history).toEqual(before.history);
  // flip: the square under a point changes
  const a = await sqXY(page, 'a1');
  await page.getByRole('button', { name: /Flip/ }).click();
  const b = await sqXY(page, 'a1');
  expect(Math.round(b.y)).toBeLessThan(Math.round(a.y));
  // offer a draw; the other side accepts
  await page.getByRole('button', { name: /Offer a draw/ }).click();
  await page.locator('#board').locator('[data-panel="draw"] button.primary').click();
  const st = await boardState(page);
  expect(st.outcome).toEqual({ result: 'draw', reason: 'agreement' });
  await expect(page.locator('#board').locator('[data-panel="over"]')).toContainText('agreement');
  expect(errors()).toEqual([]);
});

test('touch-move: a piece picked up must be the one moved', async ({ page }) => {
  const errors = await prepare(page);
  await startGame(page, 'russian-draughts', { check: ['touchMove'] });
  expect(await page.evaluate(() => window.tabla.board.options.touchMove)).toBe(true);
  await idle(page);
  const inHand = () => page.evaluate(() => window.tabla.board.ctrl.sel?.from ?? null);
  await click(page, 'c3');
  await expect.poll(inHand).toBe('c3');
  // the refusals counted by a listener in place before the click
  await page.evaluate(() => {
    window.refusals = 0;
    window.tabla.board.addEventListener('illegal', () => window.refusals++);
  });
  await click(page, 'e3'); // another movable piece: refused, c3 stays in hand
  await expect.poll(() => page.evaluate(() => window.refusals)).toBe(1);
  expect(await inHand()).toBe('c3');
  await click(page, 'c3'); // cannot put it back either
  expect(await page.evaluate(() => window.tabla.board.ctrl.sel?.from)).toBe('c3');
  await click(page, 'b4');
  await idle(page);
  expect((await boardState(page)).history).toEqual(['c3-b4']);
  expect(errors()).toEqual([]);
});
