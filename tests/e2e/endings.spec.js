// Whole games with input devices alone: the mouse (pointer clicks on the canvas and the buttons)
// and the keyboard. To keep the runs short they start from late positions, imported the way a
// player would (gnubg Position ID, FEN).
import { test, expect } from '@playwright/test';
import { prepare, startGame, bgXY, bgDiceXY, stepLoc, sqXY, boardState, idle } from './helpers.js';
import { shotPath } from './helpers.js';

test.use({ serviceWorkers: 'allow' });

const RACE_ID = 'zQAAwJYAAAAAAA';

async function importBg(page, text) {
  await page.evaluate((t) => window.tabla.board.importText(t), text);
  await page.waitForFunction(() => window.tabla.board.state && window.tabla.board.state.phase !== undefined);
}

test('backgammon to the end with the mouse alone', async ({ page }, info) => {
  test.setTimeout(240_000);
  const errors = await prepare(page);
  await startGame(page, 'backgammon', { query: '?seed=21' });
  // a short bear-off race (6 checkers each, all home; made with GNU Backgammon's position_id)
  await importBg(page, RACE_ID);
  for (let turn = 0; turn < 400; turn++) {
    const st = await boardState(page);
    if (st.phase === 'game-over') break;
    if (st.phase === 'opening' || st.phase === 'roll') {
      const d = await bgDiceXY(page, st.phase === 'opening' ? 'white' : st.turn);
      await page.mouse.click(d.x, d.y);
      await idle(page);
      continue;
    }
    if (st.phase === 'choose-doubles') {
      await page.locator('#board').locator('.dice button').last().click();
      continue;
    }
    if (st.phase === 'cube-decision') {
      await page.getByRole('button', { name: 'Take' }).click();
      continue;
    }
    const ls = await page.evaluate(() => window.tabla.board.engine.legalSteps());
    if (!ls.length) {
      // no move left: confirm (or the turn passes by itself when there was none at all)
      const confirm = page.getByRole('button', { name: /Confirm/ });
      if (await confirm.isEnabled().catch(() => false)) await confirm.click();
      else
        await page.waitForFunction((t) => {
          const s = window.tabla.board.state;
          return s.turn !== t || s.phase !== 'move';
        }, st.turn);
      continue;
    }
    const s = ls[0];
    const a = await bgXY(page, stepLoc(st.turn, s.from, st));
    await page.mouse.click(a.x, a.y);
    const sel = await page.evaluate(() => !!window.tabla.board.ctrl.sel);
    if (sel) {
      // (a lone way off the board is taken by the first click: one-click bear-off)
      const b = await bgXY(page, stepLoc(st.turn, s.to, st));
      await page.mouse.click(b.x, b.y);
    }
    await idle(page);
  }
  const st = await boardState(page);
  expect(st.phase).toBe('game-over');
  await expect(page.locator('#board').locator('[data-panel="over"]')).toBeVisible();
  await page.screenshot({ path: shotPath('backgammon-mouse-end.png') });
  expect(errors()).toEqual([]);
});

const ENDGAME = 'W:Wc3,e3,g3,Kh2:Bb6,d6,f8';

test('draughts to the end with the mouse alone', async ({ page }) => {
  test.setTimeout(240_000);
  const errors = await prepare(page);
  await startGame(page, 'russian-draughts');
  await page.evaluate((f) => window.tabla.board.importText(f), ENDGAME);
  await page.waitForFunction(() => window.tabla.board.state && window.tabla.board.state.pieces.length === 7);
  for (let ply = 0; ply < 300; ply++) {
    const st = await boardState(page);
    if (st.outcome) break;
    const moves = await page.evaluate(() => window.tabla.board.engine.legalMoves());
    moves.sort((x, y) => y.captured.length - x.captured.length || y.promotes - x.promotes);
    const m = moves[ply % Math.min(2, moves.length)];
    const a = await sqXY(page, m.from);
    await page.mouse.click(a.x, a.y);
    // when two captures share start and end, tap the path's squares one by one
    const hops = moves.filter((x) => x.from === m.from && x.to === m.to).length > 1 ? m.path.slice(1) : [m.to];
    for (const sq of hops) {
      const done = await page.evaluate((n) => window.tabla.board.state.history.length > n, st.history.length);
      if (done) break;
      const b = await sqXY(page, sq);
      await page.mouse.click(b.x, b.y);
    }
    await idle(page);
    const after = await boardState(page);
    expect(after.history.length).toBe(st.history.length + 1);
  }
  const st = await boardState(page);
  if (!st.outcome) {
    await page.getByRole('button', { name: /Offer a draw/ }).click();
    await page.locator('#board').locator('[data-panel="draw"] button.primary').click();
  }
  await expect(page.locator('#board').locator('[data-panel="over"]')).toBeVisible();
  expect(errors()).toEqual([]);
});

test('draughts to the end with the keyboard alone', async ({ page }) => {
  test.setTimeout(240_000);
  const errors = await prepare(page);
  await startGame(page, 'russian-draughts');
  await page.evaluate((f) => window.tabla.board.importText(f), ENDGAME);
  await page.waitForFunction(() => window.tabla.board.state && window.tabla.board.state.pieces.length === 7);
  await page.locator('#board canvas').focus();
  const walk = async (to) => {
    for (let i = 0; i < 20; i++) {
      const c = await page.evaluate(() => window.tabla.board.ctrl.cursor);
      if (!c) {
        await page.keyboard.press('ArrowUp');
        continue;
      }
      if (c === to) return;
      const flipped = await page.evaluate(() => window.tabla.board.flipped);
      let dx = to.charCodeAt(0) - c.charCodeAt(0),
        dy = Number(to[1]) - Number(c[1]);
      if (flipped) {
        dx = -dx;
        dy = -dy;
      }
      await page.keyboard.press(dx > 0 ? 'ArrowRight' : dx < 0 ? 'ArrowLeft' : dy > 0 ? 'ArrowUp' : 'ArrowDown');
    }
    throw new Error(`cursor never reached ${to}`);
  };
  for (let ply = 0; ply < 300; ply++) {
    const st = await boardState(page);
    if (st.outcome) break;
    const moves = await page.evaluate(() => window.tabla.board.engine.legalMoves());
    moves.sort((x, y) => y.captured.length - x.captured.length || y.promotes - x.promotes);
    const m = moves[ply % Math.min(2, moves.length)];
    await walk(m.from);
    await page.keyboard.press('Enter');
    const hops = moves.filter((x) => x.from === m.from && x.to === m.to).length > 1 ? m.path.slice(1) : [m.to];
    for (const sq of hops) {
      const done = await page.evaluate((n) => window.tabla.board.state.history.length > n, st.history.length);
      if (done) break;
      await walk(sq);
      await page.keyboard.press('Enter');
    }
    await idle(page);
    expect((await boardState(page)).history.length).toBe(st.history.length + 1);
  }
  const st = await boardState(page);
  if (!st.outcome) {
    await page.keyboard.press('Tab'); // to the toolbar
    await page.getByRole('button', { name: /Offer a draw/ }).focus();
    await page.keyboard.press('Enter');
    await page.locator('#board').locator('[data-panel="draw"] button.primary').focus();
    await page.keyboard.press('Enter');
  }
  await expect(page.locator('#board').locator('[data-panel="over"]')).toBeVisible();
  expect(errors()).toEqual([]);
});

test('backgammon to the end with the keyboard alone', async ({ page }) => {
  test.setTimeout(240_000);
  const errors = await prepare(page);
  await startGame(page, 'backgammon', { query: '?seed=33' });
  await importBg(page, RACE_ID);
  await page.locator('#board canvas').focus();
  const same = (a, b) => a && b && a.kind === b.kind && (a.kind === 'point' ? a.n === b.n : a.side === b.side);
  const cursorTo = async (loc) => {
    for (let i = 0; i < 40; i++) {
      const c = await page.evaluate(() => window.tabla.board.ctrl.cursor);
      if (same(c, loc)) return;
      await page.keyboard.press('ArrowRight');
    }
    throw new Error(`cursor never reached ${JSON.stringify(loc)}`);
  };
  for (let turn = 0; turn < 600; turn++) {
    const st = await boardState(page);
    if (st.phase === 'game-over') break;
    if (st.phase === 'opening' || st.phase === 'roll') {
      await page.keyboard.press('r');
      await idle(page);
      continue;
    }
    if (st.phase === 'choose-doubles') {
      await page.keyboard.press('6');
      continue;
    }
    if (st.phase === 'cube-decision') {
      await page.keyboard.press('t');
      continue;
    }
    const ls = await page.evaluate(() => window.tabla.board.engine.legalSteps());
    if (!ls.length) {
      await page.keyboard.press('c');
      await page.waitForFunction((t) => {
        const s = window.tabla.board.state;
        return s.turn !== t || s.phase !== 'move';
      }, st.turn);
      continue;
    }
    const s = ls[0];
    const from = stepLoc(st.turn, s.from, st),
      to = stepLoc(st.turn, s.to, st);
    await cursorTo(from);
    await page.keyboard.press('Enter');
    const picked = await page.evaluate(() => !!window.tabla.board.ctrl.sel);
    if (picked) {
      await cursorTo(to);
      await page.keyboard.press('Enter');
    }
    await idle(page);
  }
  expect((await boardState(page)).phase).toBe('game-over');
  await expect(page.locator('#board').locator('[data-panel="over"]')).toBeVisible();
  expect(errors()).toEqual([]);
});
