// Backgammon, table and acey-deucey in the browser: clicks at coordinates from the geometry
// module, legality always read back from the engine.
import { test, expect } from '@playwright/test';
import { prepare, startGame, bgXY, bgDiceXY, stepLoc, boardState, idle } from './helpers.js';
import { shotPath } from './helpers.js';

test.use({ serviceWorkers: 'allow' });

const VARIANTS = ['backgammon', 'table', 'acey-deucey'];

/** Roll by clicking the dice strip until the side on roll has steps to play (or no move at all). */
async function rollToMove(page) {
  for (let i = 0; i < 20; i++) {
    const st = await boardState(page);
    if (st.phase === 'move') return st;
    if (st.phase === 'choose-doubles') {
      await page.evaluate(() => window.tabla.board.ctrl.chooseDoubles(6));
      continue;
    }
    const side = st.phase === 'opening' ? 'white' : st.turn;
    const d = await bgDiceXY(page, side);
    await page.mouse.click(d.x, d.y);
    await idle(page);
  }
  throw new Error('never reached the move phase');
}

for (const variant of VARIANTS) {
  test.describe(variant, () => {
    test('roll and play legal steps by clicking the canvas', async ({ page }, info) => {
      const errors = await prepare(page);
      await startGame(page, variant, { query: '?seed=7' });
      let st = await rollToMove(page);
      const steps = await page.evaluate(() => window.tabla.board.engine.legalSteps());
      if (!steps.length) {
        // no legal move: the turn passes by itself
        await expect.poll(async () => (await boardState(page)).phase, { timeout: 5000 }).not.toBe('move');
        return;
      }
      const s = steps[0];
      const before = st.diceLeft.length;
      const a = await bgXY(page, stepLoc(st.turn, s.from, st));
      await page.mouse.click(a.x, a.y);
      const b = await bgXY(page, stepLoc(st.turn, s.to, st));
      await page.mouse.click(b.x, b.y);
      await idle(page);
      st = await boardState(page);
      expect(st.diceLeft.length).toBeLessThan(before);
      expect(st.canUndo).toBe(true);
      await page.screenshot({ path: shotPath(`${variant}-after-step.png`) });
      // undo by button, then play on to the end of the turn by clicks and confirm
      await page.getByRole('button', { name: /Undo/ }).click();
      expect((await boardState(page)).diceLeft.length).toBe(before);
      for (let k = 0; k < 8; k++) {
        st = await boardState(page);
        const ls = await page.evaluate(() => window.tabla.board.engine.legalSteps());
        if (st.phase !== 'move' || !ls.length) break;
        const p = await bgXY(page, stepLoc(st.turn, ls[0].from, st));
        await page.mouse.click(p.x, p.y);
        const q = await bgXY(page, stepLoc(st.turn, ls[0].to, st));
        await page.mouse.click(q.x, q.y);
        await idle(page);
      }
      const turn = (await boardState(page)).turn;
      if ((await boardState(page)).phase === 'move') await page.getByRole('button', { name: /Confirm/ }).click();
      // the turn ends: the other side's turn, or (acey-deucey after 1-2) the doubles to choose
      await expect
        .poll(async () => {
          const s = await boardState(page);
          return s.turn !== turn || s.phase !== 'move';
        })
        .toBe(true);
      expect(errors()).toEqual([]);
    });

    test('an illegal drop is refused and changes nothing', async ({ page }) => {
      const errors = await prepare(page);
      await startGame(page, variant, { query: '?seed=11' });
      const st = await rollToMove(page);
      const steps = await page.evaluate(() => window.tabla.board.engine.legalSteps());
      test.skip(!steps.length, 'no legal move with this roll');
      const s = steps[0];
      const legalTo = new Set(steps.filter((x) => x.from === s.from).map((x) => x.to));
      // a point that is no destination of this checker (nor reachable with both dice)
      const dests = await page.evaluate((from) => [...window.tabla.board.ctrl.destinations(from).keys()], s.from);
      let bad = 1;
      while (legalTo.has(bad) || dests.includes(bad) || bad === s.from) bad++;
      const refused = page.evaluate(
        () => new Promise((r) => window.tabla.board.addEventListener('illegal', () => r(true), { once: true })),
      );
      const a = await bgXY(page, stepLoc(st.turn, s.from, st));
      const b = await bgXY(page, stepLoc(st.turn, bad, st));
      await page.mouse.move(a.x, a.y);
      await page.mouse.down();
      await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 4 });
      await page.mouse.move(b.x, b.y, { steps: 4 });
      await page.mouse.up();
      expect(await refused).toBe(true);
      const after = await boardState(page);
      expect(after.points).toEqual(st.points);
      expect(after.diceLeft).toEqual(st.diceLeft);
      await expect(page.locator('#board'))
        .toHaveJSProperty('state.phase', 'move')
        .catch(() => {});
      expect(errors()).toEqual([]);
    });

    test('a whole game to its end, scripted through the element', async ({ page }, info) => {
      test.setTimeout(180_000);
      const errors = await prepare(page);
      await startGame(page, variant, { query: '?seed=3' });
      const over = page.evaluate(
        () => new Promise((r) => window.tabla.board.addEventListener('gameover', (e) => r(e.detail), { once: true })),
      );
      const result = await page.evaluate(() => {
        const b = window.tabla.board;
        const g = b.engine;
        for (let i = 0; i < 5000; i++) {
          const st = g.state();
          if (st.phase === 'game-over') break;
          if (st.phase === 'opening' || st.phase === 'roll') g.roll();
          else if (st.phase === 'cube-decision') g.take();
          else if (st.phase === 'choose-doubles') g.chooseDoubles(6);
          else if (st.phase === 'move') {
            const plays = g.legalPlays();
            if (!plays.length || !plays[0].steps.length) g.confirm();
            else b.play(plays[plays.length - 1].notation); // through the element: events, saving
          }
        }
        b.refresh();
        b.ctrl.checkOver();
        return g.state().phase;
      });
      expect(result).toBe('game-over');
      const detail = await over;
      expect(['white', 'black']).toContain(detail.outcome.winner);
      await expect(page.locator('#board').locator('[data-panel="over"]')).toBeVisible();
      await page.screenshot({ path: shotPath(`${variant}-game-over.png`) });
      expect(errors()).toEqual([]);
    });

    test('the game is restored after a reload', async ({ page }) => {
      const errors = await prepare(page);
      await startGame(page, variant, { query: '?seed=5' });
      await rollToMove(page);
      await page.evaluate(() => {
        const b = window.tabla.board;
        const plays = b.engine.legalPlays();
        if (plays.length && plays[0].steps.length) b.play(plays[0].notation);
        else {
          b.engine.confirm();
          b.refresh();
          b.persist();
        }
      });
      const before = await boardState(page);
      await page.reload();
      await page.waitForFunction(() => window.tabla.board.ctrl?.state);
      const after = await boardState(page);
      expect(after.points).toEqual(before.points);
      expect(after.turn).toBe(before.turn);
      expect(after.phase).toBe(before.phase);
      expect(after.variant).toBe(variant);
      expect(await page.locator('#play').isVisible()).toBe(true);
      expect(errors()).toEqual([]);
    });
  });
}

test('keyboard alone: roll, choose, move, confirm', async ({ page }) => {
  const errors = await prepare(page);
  await startGame(page, 'backgammon', { query: '?seed=9' });
  const canvas = page.locator('#board canvas');
  await canvas.focus();
  for (let i = 0; i < 6 && (await boardState(page)).phase !== 'move'; i++) {
    await page.keyboard.press('r');
    await idle(page);
  }
  let st = await boardState(page);
  expect(st.phase).toBe('move');
  const left = st.diceLeft.length;
  await page.keyboard.press('ArrowRight'); // a movable checker
  await page.keyboard.press('Enter'); // pick it up: the cursor goes to its first destination
  await expect(page.locator('#board').locator('.live')).toContainText('Destinations');
  await page.keyboard.press('Enter'); // put it down there
  await idle(page);
  st = await boardState(page);
  expect(st.diceLeft.length).toBeLessThan(left);
  // finish the turn from the keyboard
  for (let i = 0; i < 6; i++) {
    st = await boardState(page);
    if (st.phase !== 'move' || !st.diceLeft.length) break;
    const ls = await page.evaluate(() => window.tabla.board.engine.legalSteps());
    if (!ls.length) break;
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await idle(page);
  }
  const turn = (await boardState(page)).turn;
  await page.keyboard.press('c');
  await expect.poll(async () => (await boardState(page)).turn).not.toBe(turn);
  await expect(page.locator('#board').locator('.live')).not.toBeEmpty();
  expect(errors()).toEqual([]);
});
