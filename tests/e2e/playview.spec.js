// The play view shows what the engine knows (issue 16): the computer's cube, the last move, the
// game record, hints, and the fixes of the list. Controls are found by role and name.
import { test, expect } from '@playwright/test';
import { watchErrors, boardState, shotPath, startVsComputer, importText, submitSetup } from './helpers.js';

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
  await submitSetup(page);
  await page.waitForFunction((g) => window.tabla.board.state && window.tabla.board.game === g, game);
}

/** The dice of the first `turns` rolls of a human game of backgammon on the board (opening included). */
const firstDice = (page, turns) =>
  page.evaluate(async (n) => {
    const b = window.tabla.board;
    const dice = [];
    for (let i = 0; i < n; i++) {
      while (b.state.phase === 'opening' || b.state.phase === 'roll') {
        await b.roll();
        const o = b.state.openingRoll;
        dice.push(b.state.phase === 'move' ? [...b.state.dice] : o ? [o.white, o.black] : []);
      }
      const p = b.engine.legalPlays()[0];
      b.play(p ? p.steps : []);
    }
    return dice;
  }, turns);

test('a game started before the engine has loaded keeps the seed of the page (?seed=)', async ({ page }) => {
  const errors = watchErrors(page);
  // the reference: the form submitted once everything has loaded
  await startHuman(page, 'backgammon', 11);
  await page.waitForFunction(() => window.tabla.ai !== undefined);
  const want = await firstDice(page, 4);
  // the same page, submitted while the draughts rules module (which the form waits for) is still on its way
  await page.evaluate(() => localStorage.clear());
  await page.route('**/tabla_rules_draughts_bg.wasm', async (route) => {
    await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
  await page.goto('/index.html?seed=11');
  await page.locator('input[name="game"][value="backgammon"]').check();
  await submitSetup(page);
  expect(await firstDice(page, 4)).toEqual(want);
  expect(errors()).toEqual([]);
});

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
  // (asked of the full module: the board's engine is the rules module, the worker's has the AI)
  const best = await page.evaluate(async () => {
    const { loadFullEngine } = await import(new URL('js/engine.js', document.baseURI).href);
    const F = await loadFullEngine();
    return F.Backgammon.fromJSON(window.tabla.board.engine.toJSON()).hint({ ply: 1 })[0].notation;
  });
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

test('hints in a draughts ending: the endgame databases give the win and its length (issue 20)', async ({ page }) => {
  const errors = watchErrors(page);
  await startHuman(page, 'russian-draughts');
  // two men and a king against a king: a database win in 45 plies, beyond what a search sees in
  // the hint's time; each hint builds a part of the databases, the worker more between requests
  await importText(page, 'W:Wb2,a3,Kd4:BKh4');
  const box = page.getByRole('region', { name: 'Best move' });
  await expect(async () => {
    await page.locator('#board canvas').focus();
    await page.keyboard.press('h');
    await expect(box.getByRole('button')).toContainText(/score win in 45 · line/, { timeout: 4_000 });
  }).toPass({ timeout: 60_000 });
  await page.screenshot({ path: shotPath('playview-hint-draughts-endgame.png') });
  expect(errors()).toEqual([]);
});

/**
 * gnubg's Position ID of a position given as checker counts of the player on roll and of his
 * opponent, each from its own side (index 0: its 1-point, 24: the bar). gnubg writes the
 * opponent's first.
 */
function positionId(onRoll, opponent) {
  const bits = [];
  for (const side of [opponent, onRoll])
    for (let i = 0; i < 25; i++) {
      for (let k = 0; k < (side[i] || 0); k++) bits.push(1);
      bits.push(0);
    }
  const bytes = new Uint8Array(10);
  bits.forEach((b, i) => {
    if (b) bytes[i >> 3] |= 1 << (i & 7);
  });
  return Buffer.from(bytes).toString('base64').slice(0, 14);
}

test('fixes: dice double-click, an empty board refused, the reason for ×4 in table', async ({ page }) => {
  const errors = watchErrors(page);
  await startHuman(page, 'backgammon', 11);
  const board = page.locator('#board');
  // a double-click on the dice rolls once and says nothing about an illegal move
  const d = await page.evaluate(() => {
    const b = window.tabla.board;
    const [c] = b.layout.dice.slots('white', 1);
    const r = b.canvas.getBoundingClientRect();
    return { x: r.left + c.x, y: r.top + c.y };
  });
  await page.mouse.dblclick(d.x, d.y);
  await page.waitForFunction(
    () => window.tabla.board.state.phase !== 'opening' || window.tabla.board.state.openingRoll,
  );
  await page.waitForTimeout(300);
  await expect(board.locator('.status')).not.toContainText('Not a legal move');
  // an empty board is refused with a message, and the game on the board stays
  await importTextExpectError(page, 'AAAAAAAAAAAAAA', 'no checkers on the board');
  // table: White bears off its last checker while Black has borne off none and has checkers
  // outside his home board: a mars ×4, and the end screen says why
  await startHuman(page, 'table', 3);
  const white = Array(25).fill(0);
  white[0] = 1;
  const black = Array(25).fill(0);
  black[22] = 15;
  await importText(page, positionId(white, black));
  await page.evaluate(async () => {
    const b = window.tabla.board;
    while (b.state.phase === 'roll') await b.roll();
    b.play(b.engine.legalPlays()[0].steps);
  });
  const over = page.getByRole('dialog', { name: 'Game over' });
  await expect(over).toContainText('×4');
  await expect(over).toContainText('bore off no checker and still has one outside his own home board');
  // the money session's points, on the player cards and the end screen; Next game keeps them
  await expect(board.locator('.player.white')).toContainText('points 4');
  await expect(over).toContainText('White 4 – 0 Black');
  await page.screenshot({ path: shotPath('playview-table-x4.png') });
  await over.getByRole('button', { name: 'Next game' }).click();
  await expect(board.locator('.player.white')).toContainText('points 4');
  expect((await boardState(page)).phase).not.toBe('game-over');
  expect(errors()).toEqual([]);
});

async function importTextExpectError(page, text, message) {
  await page.getByRole('button', { name: 'Import' }).click();
  await page.getByRole('textbox', { name: 'Import a game' }).fill(text);
  await page.getByRole('button', { name: 'Load' }).click();
  await expect(page.getByRole('alert')).toContainText(message);
  await page.getByRole('dialog', { name: 'Import a game' }).getByRole('button', { name: 'Cancel' }).click();
}

async function sqXY(page, sq) {
  return page.evaluate(async (sq) => {
    const b = window.tabla.board;
    const geo = await import(new URL('js/draughts/geometry.js', document.baseURI).href);
    const c = geo.centre(b.layout, sq);
    const r = b.canvas.getBoundingClientRect();
    return { x: r.left + c.x, y: r.top + c.y };
  }, sq);
}
const tap = async (page, sq) => {
  const p = await sqXY(page, sq);
  await page.mouse.click(p.x, p.y);
};

test('draughts: two capture paths to one square, told apart by a square further along', async ({ page }) => {
  const errors = watchErrors(page);
  await startHuman(page, 'russian-draughts');
  // the king on f8 takes e7 and then either b2 (via a3, c1) or c3 (via b4, d2), then e3, to f4
  await importText(page, 'W:WKb8,Kf8:Be3,a5,h8,c3,h6,b2,e7');
  await tap(page, 'f8');
  await tap(page, 'f4');
  await expect(page.locator('#board .status')).toContainText('Several capture paths end here');
  // c1 is on one path only (not the first landing): the selection holds and that path is played
  await tap(page, 'c1');
  await page.waitForFunction(() => window.tabla.board.state.history.length === 1);
  const st = await boardState(page);
  expect(st.history[0]).toBe('f8:a3:f4');
  expect(st.pieces.some((p) => p.square === 'b2')).toBe(false);
  expect(st.pieces.some((p) => p.square === 'c3')).toBe(true);
  // the other way: tapping the captured piece that only the other path takes
  await page.getByRole('region', { name: 'Moves' }).getByRole('button', { name: 'First position' }).click();
  await importText(page, 'W:WKb8,Kf8:Be3,a5,h8,c3,h6,b2,e7');
  await tap(page, 'f8');
  await tap(page, 'f4');
  await tap(page, 'c3');
  await page.waitForFunction(() => window.tabla.board.state.history.length === 1);
  expect((await boardState(page)).history[0]).toBe('f8:b4:f4');
  expect(errors()).toEqual([]);
});

test('draughts against the computer: Undo waits while it thinks; a draw at move 0 is declined', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/index.html?seed=5');
  await page.locator('input[name="game"][value="russian-draughts"]').check();
  await page.locator('#opp-computer').check();
  await page.locator('select[name="human"]').selectOption('white');
  await page.locator('select[name="level"]').selectOption('master');
  await submitSetup(page);
  await page.waitForFunction(() => window.tabla.board.state && window.tabla.board.game === 'russian-draughts');
  const board = page.locator('#board');
  // a draw offered before any move, the game level: the computer declines
  await board.getByRole('button', { name: 'Offer a draw' }).click();
  await expect(board.locator('.status')).toHaveText('The computer declines the draw.');
  expect((await boardState(page)).outcome).toBeNull();
  await page.evaluate(() => window.tabla.board.play('c3-d4'));
  // while it thinks (checked in one go, so its reply cannot come in between): Undo is disabled,
  // and the key U is refused
  await page.locator('#board canvas').focus();
  const during = await page.evaluate(async () => {
    const b = window.tabla.board;
    while (!b.ctrl.thinkingNow) await new Promise((r) => setTimeout(r, 5));
    const undo = b.shadowRoot.querySelector('button[data-id="undo"]');
    b.canvas.dispatchEvent(new KeyboardEvent('keydown', { key: 'u', bubbles: true, composed: true }));
    return { thinking: b.ctrl.thinkingNow, disabled: undo.disabled, history: b.state.history };
  });
  expect(during).toEqual({ thinking: true, disabled: true, history: ['c3-d4'] });
  await page.waitForFunction(() => window.tabla.board.state.history.length === 2, null, { timeout: 20_000 });
  await expect(board.locator('.status')).toHaveText('White to move');
  await expect(board.getByRole('button', { name: /^Undo/ })).toBeEnabled();
  expect(errors()).toEqual([]);
});
