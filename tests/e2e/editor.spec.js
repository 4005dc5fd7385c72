// The position editor (issue 18): positions built by mouse and keyboard, refused with the
// engine's reason, played from (by the computer and by a person), and shared as a link.
import { test, expect } from '@playwright/test';
import { prepare, idle, submitSetup } from './helpers.js';

const shot = (name) => new URL(`../../artifacts/${name}`, import.meta.url).pathname;

/** Opens the editor from the menu and waits for the engine's first answer. */
async function openEditor(page, query = '?seed=3') {
  await page.goto(`/index.html${query}`);
  await page.waitForFunction(() => window.tabla?.ai !== undefined);
  await page.getByRole('button', { name: 'Edit position' }).click();
  await expect(page.getByRole('heading', { name: 'Edit position' })).toBeVisible();
  await expect(page.locator('#editor-ok')).toHaveText('A legal position: it can be played.');
}

const canvas = (page) => page.getByRole('application', { name: 'Position editor board' });
async function at(page, name) {
  await canvas(page).scrollIntoViewIfNeeded();
  return page.evaluate((n) => window.tabla.editor.clientCentre(n), name);
}
const setup = (page) => page.evaluate(() => window.tabla.editor.setup());

async function click(page, name, button = 'left') {
  const c = await at(page, name);
  await page.mouse.click(c.x, c.y, { button });
}

async function drag(page, from, to) {
  const a = await at(page, from);
  const b = await at(page, to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 4 });
  await page.mouse.move(b.x, b.y, { steps: 4 });
  await page.mouse.up();
}

test('backgammon: a position built by mouse and keyboard, then the computer plays from exactly it', async ({
  page,
}) => {
  const errors = await prepare(page);
  await openEditor(page);
  await page.getByRole('button', { name: 'Clear' }).click();
  // an empty board: the engine says why it cannot be played
  await expect(page.getByRole('alert')).toHaveText('White has nothing left on the board: the game would be over.');
  await expect(page.getByRole('button', { name: 'Play from here' })).toBeDisabled();

  // by mouse: three White checkers on the 6-point, two on the 5 (one taken off by right-click),
  // one dragged from the 6 to the 4
  await page.locator('input[name="editor-tool"][value="white"]').check();
  for (let i = 0; i < 3; i++) await click(page, 'p6');
  await click(page, 'p5');
  await click(page, 'p5');
  await click(page, 'p5', 'right');
  await drag(page, 'p6', 'p4');
  // Black: two on his 6-point (White's 19) with the Remove tool's help
  await page.locator('input[name="editor-tool"][value="black"]').check();
  for (let i = 0; i < 3; i++) await click(page, 'p19');
  await page.locator('input[name="editor-tool"][value="remove"]').check();
  await click(page, 'p19');

  // by keyboard: the cursor follows the pointer (a click with the Remove tool on the empty
  // 1-point); B places Black there, the arrow moves the cursor to the 2-point (the layout
  // decides), W places White, X removes, T switches the side to move
  await click(page, 'p1');
  await canvas(page).focus();
  await page.keyboard.press('b');
  await page.keyboard.press('b');
  await page.keyboard.press('ArrowLeft');
  expect(await page.evaluate(() => window.tabla.editor.cursor)).toBe('p2');
  await expect(page.locator('#editor-cursor')).toHaveText('Point 2: White 0, Black 0');
  await page.keyboard.press('w');
  await page.keyboard.press('w');
  await page.keyboard.press('x');
  await page.keyboard.press('t'); // Black to move
  await expect(page.getByRole('radio', { name: 'Black' }).nth(1)).toBeChecked();

  const s = await setup(page);
  const own = (arr, points) => Object.fromEntries(points.map((p) => [p, arr[p - 1]]));
  expect(own(s.white, [2, 4, 5, 6])).toEqual({ 2: 1, 4: 1, 5: 1, 6: 2 });
  expect(s.white.reduce((a, b) => a + b, 0)).toBe(5);
  // Black's own numbering: White's 19 is his 6-point, White's 1 his 24-point
  expect(own(s.black, [6, 24])).toEqual({ 6: 2, 24: 2 });
  expect(s.black.reduce((a, b) => a + b, 0)).toBe(4);
  expect(s.turn).toBe('black');

  // dice 5-2 rolled; the computer plays Black, the side to move
  await page.getByRole('combobox', { name: 'First die' }).selectOption('5');
  await page.getByRole('combobox', { name: 'Second die' }).selectOption('2');
  await expect(page.getByRole('alert')).toHaveText('');
  await page.getByRole('combobox', { name: 'Opponent' }).selectOption('black');
  // the plays the engine allows from the set-up (the position after each, White on roll)
  const allowed = await page.evaluate(() => {
    const g = window.tabla.editor.build();
    const ids = g.legalPlays().map((p) => p.positionId);
    g.free();
    return ids;
  });
  expect(allowed.length).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Play from here' }).click();
  await expect(page.locator('#play')).toBeVisible();
  await page.waitForFunction(() => window.tabla.board.state?.turn === 'white');
  await idle(page);
  const st = await page.evaluate(() => window.tabla.board.state);
  expect(st.lastPlay.player).toBe('black');
  expect(st.lastPlay.dice.slice().sort()).toEqual([2, 5]);
  expect(allowed).toContain(st.positionId);
  expect(errors()).toEqual([]);
});

test('backgammon: an illegal set-up shows the reason and cannot be played or shared', async ({ page }) => {
  const errors = await prepare(page);
  await openEditor(page);
  await page.locator('input[name="editor-tool"][value="white"]').check();
  await click(page, 'p6'); // a sixteenth White checker
  await expect(page.getByRole('alert')).toHaveText('White has 16; a side has at most 15.');
  for (const name of ['Play from here', 'Analyse', 'Share as link'])
    await expect(page.getByRole('button', { name })).toBeDisabled();
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: shot('editor-error.png'), fullPage: true });
  await click(page, 'p6', 'right');
  await expect(page.getByRole('alert')).toHaveText('');
  // both sides on one point: one of Black's checkers dragged from his 6-point to White's 8-point
  await drag(page, 'p19', 'p8');
  await expect(page.getByRole('alert')).toHaveText('Both sides have checkers on the 8-point.');
  await page.getByRole('button', { name: 'Starting position' }).click();
  await expect(page.getByRole('alert')).toHaveText('');
  // the cube: a cube at 1 has no owner; a score at the match length
  await page.getByRole('combobox', { name: 'Cube owner' }).selectOption('white');
  await expect(page.getByRole('alert')).toHaveText('A cube at 1 stays in the middle: nobody owns it yet.');
  await page.getByRole('combobox', { name: 'Cube', exact: true }).selectOption('2');
  await expect(page.getByRole('alert')).toHaveText('');
  await page.getByRole('combobox', { name: 'Match length' }).selectOption('5');
  await page.getByRole('spinbutton', { name: "Black's score" }).fill('5');
  await page.getByRole('spinbutton', { name: "Black's score" }).press('Tab');
  await expect(page.getByRole('alert')).toHaveText("Black's score 5 would already have won a match to 5.");
  await expect(page.getByRole('button', { name: 'Play from here' })).toBeDisabled();
  await page.getByRole('spinbutton', { name: "Black's score" }).fill('4');
  await page.getByRole('spinbutton', { name: "Black's score" }).press('Tab');
  await page.getByRole('checkbox', { name: 'Crawford game' }).check();
  // the Crawford game has no cube
  await expect(page.getByRole('alert')).toContainText('The cube is not in play in this game');
  expect(errors()).toEqual([]);
});

test('backgammon: a position with cube, score and dice shared as a link opens in the editor', async ({
  page,
  context,
}) => {
  const errors = await prepare(page);
  await openEditor(page);
  await drag(page, 'p13', 'p7');
  await drag(page, 'p13', 'p7');
  await page.getByRole('combobox', { name: 'Match length' }).selectOption('7');
  await page.getByRole('spinbutton', { name: "White's score" }).fill('2');
  await page.getByRole('spinbutton', { name: "White's score" }).press('Tab');
  await page.getByRole('spinbutton', { name: "Black's score" }).fill('3');
  await page.getByRole('spinbutton', { name: "Black's score" }).press('Tab');
  await page.getByRole('combobox', { name: 'Cube', exact: true }).selectOption('4');
  await page.getByRole('combobox', { name: 'Cube owner' }).selectOption('black');
  await page.getByRole('combobox', { name: 'First die' }).selectOption('6');
  await page.getByRole('combobox', { name: 'Second die' }).selectOption('6');
  await expect(page.getByRole('alert')).toHaveText('');
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: shot('editor-backgammon.png'), fullPage: true });
  const before = await setup(page);
  await page.getByRole('button', { name: 'Share as link' }).click();
  const url = await page.getByRole('textbox', { name: 'Link to this position' }).inputValue();
  expect(url).toContain('#setup=backgammon%2FXGID%3D');
  // the other person opens it: the same set-up in the editor
  const other = await context.newPage();
  const otherErrors = await prepare(other);
  await other.goto(url);
  await expect(other.getByRole('heading', { name: 'Edit position' })).toBeVisible();
  await other.waitForFunction(() => window.tabla.editor?.model?.matchLength === 7);
  expect(await setup(other)).toEqual(before);
  await expect(other.getByRole('combobox', { name: 'Cube', exact: true })).toHaveValue('4');
  // and plays it with a friend on the device: White is to move with 6-6 at 2-3, cube 4 Black's
  await other.getByRole('button', { name: 'Play from here' }).click();
  await other.waitForFunction(() => window.tabla.board.state?.phase === 'move');
  const st = await other.evaluate(() => window.tabla.board.state);
  expect(st.dice).toEqual([6, 6]);
  expect(st.cube).toMatchObject({ value: 4, owner: 'black' });
  expect(st.match).toMatchObject({ length: 7, score: { white: 2, black: 3 } });
  expect(st.points[6]).toBe(2); // the two checkers dragged to White's 7-point
  expect(errors()).toEqual([]);
  expect(otherErrors()).toEqual([]);
});

test('draughts: a king placed, Black to move, played from the position and shared', async ({ page, context }) => {
  const errors = await prepare(page);
  await openEditor(page);
  await page.getByRole('combobox', { name: 'Game' }).selectOption('russian-draughts');
  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(page.getByRole('alert')).toHaveText('White has nothing left on the board: the game would be over.');
  await page.locator('input[name="editor-tool"][value="white"]').check();
  await click(page, 'c3');
  await click(page, 'a2'); // a light square: the engine refuses it
  await expect(page.getByRole('alert')).toHaveText('Pieces stand on the dark squares only (a2 is not one).');
  await click(page, 'a2', 'right');
  // a White man on the 8th rank, where White promotes
  await click(page, 'b8');
  await expect(page.getByRole('alert')).toHaveText('A man of White on b8 stands on its promotion row: make it a king.');
  await click(page, 'b8'); // a second click makes it a king
  await expect(page.getByRole('alert')).toHaveText('Black has nothing left on the board: the game would be over.');
  await click(page, 'b8'); // a third empties the square
  // by keyboard: a black king on e5 (B places a man, K crowns it), then Black to move
  await canvas(page).focus();
  await page.evaluate(() => {
    window.tabla.editor.cursor = 'e5';
  });
  await page.keyboard.press('b');
  await page.keyboard.press('k');
  await page.getByRole('radio', { name: 'Black' }).nth(1).check();
  await expect(page.getByRole('alert')).toHaveText('');
  await canvas(page).focus();
  expect(await setup(page)).toEqual({
    pieces: [
      { square: 'c3', color: 'white', king: false },
      { square: 'e5', color: 'black', king: true },
    ],
    turn: 'black',
  });
  await page.keyboard.press('ArrowRight');
  expect(await page.evaluate(() => window.tabla.editor.cursor)).toBe('f5');
  await page.keyboard.press('ArrowLeft');
  await expect(page.locator('#editor-cursor')).toHaveText('e5: Black king');
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: shot('editor-draughts.png'), fullPage: true });

  await page.getByRole('button', { name: 'Share as link' }).click();
  const url = await page.getByRole('textbox', { name: 'Link to this position' }).inputValue();
  expect(url).toContain('#setup=russian-draughts%2FB%3AWc3%3ABKe5');

  // two people on the device: Black's king must take c3 from exactly this position
  await page.getByRole('button', { name: 'Play from here' }).click();
  await expect(page.locator('#play')).toBeVisible();
  await page.waitForFunction(() => window.tabla.board.game === 'russian-draughts' && window.tabla.board.state);
  const moves = await page.evaluate(() =>
    window.tabla.board.engine
      .legalMoves()
      .map((m) => m.notation)
      .sort(),
  );
  expect(moves).toEqual(['e5:a1', 'e5:b2']);
  await page.evaluate(() => window.tabla.board.play('e5:b2'));
  await page.waitForFunction(() => window.tabla.board.state?.outcome?.result === 'black');

  // the link opens the position in the editor; the computer plays White from it
  const other = await context.newPage();
  const otherErrors = await prepare(other);
  await other.goto(url);
  await other.waitForFunction(() => window.tabla.editor?.model?.game === 'russian-draughts');
  await expect(other.getByRole('combobox', { name: 'Game' })).toHaveValue('russian-draughts');
  await other.getByRole('radio', { name: 'White' }).nth(1).check(); // White to move now
  await other.getByRole('combobox', { name: 'Opponent' }).selectOption('white');
  await other.getByRole('button', { name: 'Play from here' }).click();
  await other.waitForFunction(() => window.tabla.board.state?.history?.length === 1);
  const st = await other.evaluate(() => window.tabla.board.state);
  expect(['c3-b4', 'c3-d4']).toContain(st.history[0]);
  expect(errors()).toEqual([]);
  expect(otherErrors()).toEqual([]);
});

test('the editor opens on the game on the board, and Analyse asks the engine', async ({ page }) => {
  const errors = await prepare(page);
  await page.goto('/index.html?seed=3');
  await page.locator('input[name="game"][value="backgammon"]').check();
  await submitSetup(page);
  await page.waitForFunction(() => window.tabla.board.state);
  const played = await page.evaluate(() => window.tabla.board.engine.setup());
  await page.getByRole('button', { name: 'Edit position' }).click();
  await expect(page.getByRole('heading', { name: 'Edit position' })).toBeVisible();
  expect(await setup(page)).toEqual(played);
  await page.getByRole('combobox', { name: 'First die' }).selectOption('3');
  await page.getByRole('combobox', { name: 'Second die' }).selectOption('1');
  await page.getByRole('button', { name: 'Analyse' }).click();
  await expect(page.locator('#play')).toBeVisible();
  // the hint: the engine's best plays for the opening roll, under the moves
  await expect(page.locator('#board').locator('.hintbox')).toBeVisible({ timeout: 30_000 });
  expect(errors()).toEqual([]);
});

test('Edit position clicked while the other game family is still loading opens the editor once it has', async ({
  page,
}) => {
  const errors = await prepare(page);
  // the draughts rules module comes late: the backgammon board takes input before `ready`
  await page.route('**/tabla_rules_draughts_bg.wasm', async (route) => {
    await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
  await page.goto('/index.html?seed=3');
  await page.locator('input[name="game"][value="backgammon"]').check();
  await submitSetup(page);
  await page.waitForFunction(() => window.tabla.board.state);
  await page.getByRole('button', { name: 'Edit position' }).click();
  await expect(page.getByRole('heading', { name: 'Edit position' })).toBeVisible();
  expect(errors()).toEqual([]);
});
