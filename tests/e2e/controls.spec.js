// The rest of the controls: doubling cube, acey-deucey doubles picker, export/import dialogs,
// animations (on, and off by the system's reduced-motion setting).
import { test, expect } from '@playwright/test';
import { prepare, startGame, bgDiceXY, boardState, idle, submitSetup } from './helpers.js';
import { shotPath } from './helpers.js';

test.use({ serviceWorkers: 'allow' });

test('doubling cube: offer, take, then the cube belongs to the taker', async ({ page }, info) => {
  const errors = await prepare(page);
  await startGame(page, 'backgammon', { query: '?seed=2' });
  // play the first turn through, to reach a "roll" phase where doubling is allowed
  await page.evaluate(() => {
    const b = window.tabla.board,
      g = b.engine;
    while (g.state().phase === 'opening') g.roll();
    if (g.state().phase === 'roll') g.roll();
    const plays = g.legalPlays();
    if (plays.length && plays[0].steps.length) g.play(plays[0].notation);
    else g.confirm();
    b.refresh();
  });
  const st = await boardState(page);
  expect(st.phase).toBe('roll');
  await page.getByRole('button', { name: /Double/ }).click();
  await expect.poll(async () => (await boardState(page)).phase).toBe('cube-decision');
  await page.screenshot({ path: shotPath('cube-offered.png') });
  await page.getByRole('button', { name: /Take/ }).click();
  const after = await boardState(page);
  expect(after.cube.value).toBe(2);
  expect(after.cube.owner).toBe(st.turn === 'white' ? 'black' : 'white');
  expect(errors()).toEqual([]);
});

test('acey-deucey: after 1-2 the player picks any doubles from the panel', async ({ page }, info) => {
  const errors = await prepare(page);
  await startGame(page, 'acey-deucey', { query: '?seed=4' });
  await page.evaluate(() => {
    const b = window.tabla.board,
      g = b.engine;
    while (g.state().phase === 'opening') g.roll();
    g.setDice(1, 2);
    b.refresh();
  });
  // play the 1 and the 2 (entering checkers) by the element, then confirm
  await page.evaluate(() => {
    const b = window.tabla.board,
      g = b.engine;
    for (let i = 0; i < 2; i++) {
      const s = g.legalSteps()[0];
      if (s) g.step(s.from, s.to);
    }
    b.refresh();
  });
  const st0 = await boardState(page);
  if (st0.phase === 'move' && st0.canConfirm) await page.getByRole('button', { name: /Confirm/ }).click();
  await expect.poll(async () => (await boardState(page)).phase).toBe('choose-doubles');
  const panel = page.locator('#board').locator('[data-panel="doubles"]');
  await expect(panel).toBeVisible();
  await expect(panel.locator('.dice button')).toHaveCount(6);
  await page.screenshot({ path: shotPath('acey-deucey-doubles.png') });
  await panel.locator('.dice button').nth(3).click(); // 4-4
  const st = await boardState(page);
  expect(st.phase).toBe('move');
  expect(st.dice.slice(0, 2)).toEqual([4, 4]);
  expect(st.diceLeft).toEqual([4, 4, 4, 4]);
  expect(errors()).toEqual([]);
});

test('export and import: PDN for draughts, tabla save and gnubg IDs for backgammon', async ({ page }) => {
  const errors = await prepare(page);
  await startGame(page, 'russian-draughts');
  await page.evaluate(async () => {
    await window.tabla.board.play('c3-d4');
    await window.tabla.board.play('f6-g5');
  });
  await page.locator('#m-export').click();
  const pdn = await page.locator('textarea[data-format="pdn"]').inputValue();
  expect(pdn).toContain('c3-d4');
  await page.locator('#export button[value="close"]').click();
  // a new game, then import the PDN back
  await page.evaluate(() => window.tabla.board.newGame());
  expect((await boardState(page)).history).toEqual([]);
  await page.locator('#m-import').click();
  await page.locator('#import-text').fill(pdn);
  await page.locator('#import-load').click();
  await expect(page.locator('#import')).not.toBeVisible();
  await page.waitForFunction(() => window.tabla.board.state && window.tabla.board.state.history.length === 2);
  // garbage is refused with a message and changes nothing
  await page.locator('#m-import').click();
  await page.locator('#import-text').fill('this is not a game');
  await page.locator('#import-load').click();
  await expect(page.locator('#import-error')).toContainText('Could not import');
  await page.locator('#import button[value="cancel"]').click();
  expect((await boardState(page)).history.length).toBe(2);

  await startGame(page, 'backgammon', { query: '?seed=8' });
  await page.locator('#m-export').click();
  const json = await page.locator('textarea[data-format="json"]').inputValue();
  const gnubg = await page.locator('textarea[data-format="gnubg"]').inputValue();
  expect(JSON.parse(json).format).toBe('tabla-save');
  expect(gnubg).toMatch(/^[A-Za-z0-9+/]{14}:[A-Za-z0-9+/]{12}$/);
  await page.locator('#export button[value="close"]').click();
  await page.locator('#m-import').click();
  await page.locator('#import-text').fill(json);
  await page.locator('#import-load').click();
  await expect(page.locator('#import')).not.toBeVisible();
  expect((await boardState(page)).variant).toBe('backgammon');
  expect(errors()).toEqual([]);
});

test('export and import: .mat, .sgf and XGID for backgammon; a PDN of two games offers a list', async ({ page }) => {
  const errors = await prepare(page);
  await startGame(page, 'backgammon', { query: '?seed=8' });
  await page.evaluate(() => {
    const g = window.tabla.board.engine;
    while (g.state().phase === 'opening') g.roll();
    g.play(g.legalPlays()[0].steps);
    g.roll();
    g.play(g.legalPlays()[0].steps);
    window.tabla.board.refresh();
  });
  const id = await page.evaluate(() => window.tabla.board.engine.positionId());
  await page.locator('#m-export').click();
  // these three are written by the worker's full module (the page plays on the rules module)
  for (const f of ['mat', 'sgf', 'xgid'])
    await expect(page.locator(`textarea[data-format="${f}"]`)).not.toHaveValue('');
  const mat = await page.locator('textarea[data-format="mat"]').inputValue();
  const sgf = await page.locator('textarea[data-format="sgf"]').inputValue();
  const xgid = await page.locator('textarea[data-format="xgid"]').inputValue();
  expect(mat).toContain('Game 1');
  expect(sgf).toMatch(/^\(;FF\[4\]GM\[6\]/);
  expect(xgid).toMatch(/^XGID=/);
  await page.locator('#export button[value="close"]').click();
  for (const text of [mat, sgf, xgid]) {
    await page.evaluate(() => window.tabla.board.newGame());
    await page.locator('#m-import').click();
    await page.locator('#import-text').fill(text);
    await page.locator('#import-load').click();
    await expect(page.locator('#import')).not.toBeVisible();
    expect(await page.evaluate(() => window.tabla.board.engine.positionId())).toBe(id);
  }
  // draughts: a file of two games lists them; the second is chosen
  await startGame(page, 'russian-draughts');
  const two = '[Event "one"]\n1. c3-d4 f6-g5 *\n\n[Event "two"]\n1. e3-f4 *\n';
  await page.locator('#m-import').click();
  await page.locator('#import-text').fill(two);
  await page.locator('#import-load').click();
  await expect(page.getByRole('radio')).toHaveCount(2);
  await page.getByRole('radio', { name: /Game 2/ }).check();
  await page.locator('#import-load').click();
  await expect(page.locator('#import')).not.toBeVisible();
  expect((await boardState(page)).history).toEqual(['e3-f4']);
  expect(errors()).toEqual([]);
});

test('animations run without errors, and reduced motion turns them off', async ({ page }) => {
  const errors = await prepare(page, { animations: true });
  await startGame(page, 'russian-draughts');
  const t0 = Date.now();
  await page.evaluate(() => window.tabla.board.play('c3-d4'));
  await page.waitForFunction(() => window.tabla.board.state.history.length === 1);
  await idle(page);
  const animated = Date.now() - t0;
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const t1 = Date.now();
  await page.evaluate(() => window.tabla.board.play('f6-g5'));
  await idle(page);
  expect(Date.now() - t1).toBeLessThan(Math.max(150, animated));
  expect(await page.evaluate(() => window.tabla.board.motion)).toBe(false);
  // backgammon: roll (dice tumble) and a step (slide) with motion back on
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await startGame(page, 'backgammon', { query: '?seed=12' });
  const d = await bgDiceXY(page, 'white');
  await page.mouse.click(d.x, d.y);
  await idle(page);
  expect(['move', 'opening', 'roll']).toContain((await boardState(page)).phase);
  expect(errors()).toEqual([]);
});

test('a match: the end-of-game panel shows the match score and starts the next game', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = await prepare(page);
  await page.goto('/index.html?seed=13');
  await page.locator('input[name="game"][value="backgammon"]').check();
  await page.locator('select[name="matchLength"]').selectOption('3');
  await submitSetup(page);
  await page.waitForFunction(() => window.tabla.board.state && window.tabla.board.state.match.length === 3);
  await page.evaluate(() => {
    const b = window.tabla.board,
      g = b.engine;
    for (let i = 0; i < 5000 && g.state().phase !== 'game-over'; i++) {
      const st = g.state();
      if (st.phase === 'opening' || st.phase === 'roll') g.roll();
      else if (st.phase === 'cube-decision') g.take();
      else if (st.phase === 'move') {
        const p = g.legalPlays();
        if (!p.length || !p[0].steps.length) g.confirm();
        else g.play(p[0].notation);
      }
    }
    b.refresh();
    b.ctrl.checkOver();
  });
  const panel = page.locator('#board').locator('[data-panel="over"]');
  await expect(panel).toContainText('Match to 3');
  const st = await page.evaluate(() => window.tabla.board.state);
  const total = st.match.score.white + st.match.score.black;
  expect(total).toBeGreaterThan(0);
  if (Math.max(st.match.score.white, st.match.score.black) < 3) {
    await panel.getByRole('button', { name: 'Next game' }).click();
    const next = await page.evaluate(() => window.tabla.board.state);
    expect(next.phase).not.toBe('game-over');
    expect(next.match.score.white + next.match.score.black).toBe(total);
  } else {
    await expect(panel).toContainText('wins the match');
  }
  expect(errors()).toEqual([]);
});
