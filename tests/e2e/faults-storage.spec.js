// Saves under faults (issue 17): every corrupted-save kind is told, copied aside (the copy really
// exists), the right game kind restored or started, other stored games intact; a newer save
// version refused with a message; a full storage told visibly with a way out, and an unreadable
// save that cannot be copied aside is never overwritten; settings and language read defensively.
import { test, expect } from '@playwright/test';
import { startGame, watchErrors } from './helpers.js';

test.use({ serviceWorkers: 'block' });

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => {
    if (!sessionStorage.getItem('init')) {
      sessionStorage.setItem('init', '1');
      localStorage.setItem('tabla:settings', '{"animations":false}');
      localStorage.setItem('tabla:lang', 'en');
    }
    // a storage that refuses writes while the flag is set (as a full quota does)
    const real = Storage.prototype.setItem;
    Storage.prototype.setItem = function (k, v) {
      if (localStorage === this && sessionStorage.getItem('full') && k !== 'tabla-test') {
        throw new DOMException('injected: quota exceeded', 'QuotaExceededError');
      }
      return real.call(this, k, v);
    };
  });
});

/** A real save of `game` with a move or two in it, and the key the board keeps it under. */
async function realSave(page, game) {
  await startGame(page, game);
  if (game === 'russian-draughts') await page.evaluate(() => window.tabla.board.play('c3-d4'));
  return page.evaluate(() => ({ save: window.tabla.board.save(), key: window.tabla.board.persistKey }));
}

// another game in the list beside the broken one (a real record): it must come through untouched
const OTHER_KEY = 'g:other';
const OTHER = JSON.stringify({
  format: 'tabla-save',
  version: 1,
  game: 'russian-draughts',
  options: {},
  computer: null,
  level: 'medium',
  data: { moves: ['c3-d4', 'f6-g5'] },
  savedAt: '2026-11-30T10:00:00.000Z',
});

/** Store `text` as the game this tab plays (and another game beside it), reload into the game. */
async function reloadWith(page, key, text) {
  // off the app first: the page must not save its game over the text
  await page.goto('/icon.svg');
  await page.evaluate(
    ({ key, text, otherKey, other }) => {
      localStorage.setItem(`tabla:save:${key}`, text);
      localStorage.setItem(`tabla:save:${otherKey}`, other);
    },
    { key, text, otherKey: OTHER_KEY, other: OTHER },
  );
  await page.goto('/index.html#play');
  await page.waitForFunction(() => window.tabla?.board?.state);
}

const asides = (page, key) =>
  page.evaluate(
    (key) =>
      Object.keys(localStorage)
        .filter((k) => k.startsWith(`tabla:broken:save:${key}:`))
        .map((k) => JSON.parse(localStorage.getItem(k)).raw),
    key,
  );

const toast = (page) => page.locator('#toast');

const BG = 'backgammon';
const RU = 'russian-draughts';
const BROKEN = /The saved game could not be read.*It was set aside and a new game started/;
const deep = (n) => {
  let v = 0;
  for (let i = 0; i < n; i++) v = [v];
  return v;
};
const MISMATCH = (named, held) => `said ${named} but held a ${held} game`;

// Every kind of corrupted save: [name, base game, mutate(save) -> stored value (a string is stored
// as it is), the game expected on the board, the message]. The envelope is checked by the page
// (storage.js checkSave); whatever is in `data` is the engine's to refuse (fromJSON, with codes).
const CASES = [
  // not JSON, or JSON of the wrong shape
  ['not JSON', RU, () => '{"format":"tabla-save",', null, BROKEN],
  [
    'truncated JSON (half a real save)',
    BG,
    (s) => JSON.stringify(s).slice(0, JSON.stringify(s).length >> 1),
    null,
    BROKEN,
  ],
  ['an empty string', BG, () => '', null, BROKEN],
  ['JSON null', BG, () => 'null', null, BROKEN],
  ['a JSON array', BG, () => '[1,2]', null, BROKEN],
  ['a JSON number', BG, () => '42', null, BROKEN],
  ['a JSON string', RU, () => '"tabla"', null, BROKEN],
  // the envelope: each field missing or of the wrong type
  ['wrong format', BG, (s) => ({ ...s, format: 'other' }), null, BROKEN],
  ['format missing', BG, ({ format, ...s }) => s, null, BROKEN],
  ['unknown game', BG, (s) => ({ ...s, game: 'chess' }), null, BROKEN],
  ['game missing', RU, ({ game, ...s }) => s, null, BROKEN],
  ['game a number', BG, (s) => ({ ...s, game: 5 }), null, BROKEN],
  ['game "__proto__"', BG, (s) => ({ ...s, game: '__proto__' }), null, BROKEN],
  ['version 99', BG, (s) => ({ ...s, version: 99 }), BG, 'made by a newer tabla (save version 99)'],
  ['version "1" (a string)', RU, (s) => ({ ...s, version: '1' }), RU, BROKEN],
  ['version 0', BG, (s) => ({ ...s, version: 0 }), BG, BROKEN],
  ['version 1.5', BG, (s) => ({ ...s, version: 1.5 }), BG, BROKEN],
  ['version 1e308 (huge)', RU, (s) => ({ ...s, version: 1e308 }), RU, BROKEN],
  ['data missing', BG, ({ data, ...s }) => s, BG, BROKEN],
  ['data a string', BG, (s) => ({ ...s, data: 'x' }), BG, BROKEN],
  ['data an array', RU, (s) => ({ ...s, data: [] }), RU, BROKEN],
  ['options a string', BG, (s) => ({ ...s, options: 'x' }), BG, BROKEN],
  ['options an array', RU, (s) => ({ ...s, options: [] }), RU, BROKEN],
  ['bad computer field', BG, (s) => ({ ...s, computer: 'green' }), BG, BROKEN],
  ['computer a number', RU, (s) => ({ ...s, computer: 1 }), RU, BROKEN],
  ['unknown level', BG, (s) => ({ ...s, level: 'godlike' }), BG, BROKEN],
  ['level a huge string', RU, (s) => ({ ...s, level: 'x'.repeat(100_000) }), RU, BROKEN],
  // draughts data the page can tell is wrong
  ['draughts data:null', RU, (s) => ({ ...s, data: null }), RU, BROKEN],
  ['draughts moves:["x"]', RU, (s) => ({ ...s, data: { moves: ['x'] } }), RU, BROKEN],
  ['draughts pdn:5', RU, (s) => ({ ...s, data: { pdn: 5 } }), RU, BROKEN],
  ['draughts moves a string', RU, (s) => ({ ...s, data: { moves: 'c3-d4' } }), RU, BROKEN],
  ['draughts fen0 a number', RU, (s) => ({ ...s, data: { moves: [], fen0: 7 } }), RU, BROKEN],
  // data the engine refuses (fromJSON): it says why, the page reports it
  ['draughts json corrupted', RU, (s) => ({ ...s, data: { json: { nonsense: true } } }), RU, BROKEN],
  [
    'draughts json with an illegal move',
    RU,
    (s) => ({ ...s, data: { json: { ...s.data.json, moves: ['c3-d4', 'a1-h8'] } } }),
    RU,
    BROKEN,
  ],
  [
    'draughts json start not a position',
    RU,
    (s) => ({ ...s, data: { json: { ...s.data.json, start: 'W:garbage' } } }),
    RU,
    BROKEN,
  ],
  ['draughts json a huge string', RU, (s) => ({ ...s, data: { json: 'x'.repeat(500_000) } }), RU, BROKEN],
  [
    'draughts json nested 3000 deep',
    RU,
    (s) => ({ ...s, data: { json: { ...s.data.json, moves: deep(3000) } } }),
    RU,
    BROKEN,
  ],
  [
    'draughts moves 20000 long, illegal from the second',
    RU,
    (s) => ({ ...s, data: { moves: Array(20_000).fill('c3-d4') } }),
    RU,
    BROKEN,
  ],
  ['backgammon data of another format', BG, (s) => ({ ...s, data: { ...s.data, format: 'tabla-chess' } }), BG, BROKEN],
  ['backgammon record not a list', BG, (s) => ({ ...s, data: { ...s.data, record: 'x' } }), BG, BROKEN],
  [
    'backgammon record with an illegal play',
    BG,
    (s) => ({
      ...s,
      data: {
        ...s.data,
        record: [
          ...s.data.record,
          { type: 'play', player: 'white', notation: '24/1', steps: [{ from: 24, to: 1, die: 6, hit: false }] },
        ],
      },
    }),
    BG,
    BROKEN,
  ],
  [
    'backgammon huge match length',
    BG,
    (s) => ({ ...s, data: { ...s.data, options: { ...s.data.options, matchLength: 1e9 } } }),
    BG,
    BROKEN,
  ],
  [
    'backgammon data with a prototype key',
    BG,
    (s) => ({ ...s, data: JSON.parse('{"__proto__":{"record":[]}}') }),
    BG,
    BROKEN,
  ],
  // a whole game of another kind under a save that names the wrong one: that game comes back
  [
    'game russian-draughts with backgammon data',
    BG,
    (s) => ({ ...s, game: RU }),
    BG,
    MISMATCH('Russian draughts', 'Backgammon'),
  ],
  ['game table with backgammon data', BG, (s) => ({ ...s, game: 'table' }), BG, MISMATCH('Table', 'Backgammon')],
  [
    'game acey-deucey with backgammon data',
    BG,
    (s) => ({ ...s, game: 'acey-deucey' }),
    BG,
    MISMATCH('Acey-deucey', 'Backgammon'),
  ],
  [
    'game backgammon with draughts data',
    RU,
    (s) => ({ ...s, game: BG }),
    RU,
    MISMATCH('Backgammon', 'Russian draughts'),
  ],
];

for (const [name, base, mutate, expected, message] of CASES) {
  test(`corrupted save, ${name}: told, set aside, the right game, others intact`, async ({ page }) => {
    const errors = watchErrors(page);
    const { save, key } = await realSave(page, base);
    const m = mutate(structuredClone(save));
    const text = typeof m === 'string' ? m : JSON.stringify(m);
    await reloadWith(page, key, text);
    // told, visibly
    await expect(toast(page)).toContainText(message, { ignoreCase: true });
    // set aside: the copy exists and is the stored text, byte for byte
    expect(await asides(page, key)).toEqual([text]);
    // the right game kind
    if (expected) expect(await page.evaluate(() => window.tabla.board.game)).toBe(expected);
    // the other game is untouched, and the list still reads it
    expect(await page.evaluate((k) => localStorage.getItem(`tabla:save:${k}`), OTHER_KEY)).toBe(OTHER);
    await page.getByRole('button', { name: 'Games' }).click();
    const other = page.getByRole('dialog', { name: 'Games' }).locator(`tr[data-key="${OTHER_KEY}"]`);
    await expect(other).toContainText('Russian draughts');
    await expect(other).toContainText('2 moves');
    await page.keyboard.press('Escape');
    // the game on the board is saved again, readable
    const now = await page.evaluate(() =>
      JSON.parse(localStorage.getItem(`tabla:save:${window.tabla.board.persistKey}`) || 'null'),
    );
    expect(now?.format).toBe('tabla-save');
    // a save holding another kind's game gives that game back, moves and all
    if (typeof message === 'string' && message.startsWith('said'))
      expect(await page.evaluate(() => window.tabla.board.save().data)).toEqual(save.data);
    // (the detour through icon.svg asks for a favicon the server does not have)
    expect(errors().filter((e) => !/status of 404/.test(e))).toEqual([]);
  });
}

// Fields only shown in the list (date, summary, revision): wrong values there are not worth losing
// a game for; the game is restored as it was and the list shows what it can.
for (const [name, mutate] of [
  ['savedAt a number', (s) => ({ ...s, savedAt: 5 })],
  ['summary garbage', (s) => ({ ...s, summary: 'x' })],
  ['rev and stamp of the wrong type', (s) => ({ ...s, rev: 'x', stamp: 7, base: [] })],
]) {
  test(`a save with ${name}: the game is restored, nothing set aside`, async ({ page }) => {
    const errors = watchErrors(page);
    const { save, key } = await realSave(page, RU);
    await reloadWith(page, key, JSON.stringify(mutate(save)));
    expect(await page.evaluate(() => window.tabla.board.state.history)).toEqual(['c3-d4']);
    expect(await asides(page, key)).toEqual([]);
    await page.evaluate(() => window.tabla.board.play('f6-g5'));
    const now = await page.evaluate((k) => JSON.parse(localStorage.getItem(`tabla:save:${k}`)), key);
    expect(now.data.json.moves).toEqual(['c3-d4', 'f6-g5']);
    expect(errors().filter((e) => !/status of 404/.test(e))).toEqual([]);
  });
}

test('storage full: a move not saved is told visibly, with export and a way to free space', async ({ page }) => {
  const { key } = await realSave(page, 'russian-draughts');
  // a set-aside copy takes space; freeing it is offered
  await page.evaluate(() => localStorage.setItem('tabla:broken:save:app:old', '{"raw":"x"}'));
  await page.evaluate(() => sessionStorage.setItem('full', '1'));
  await page.evaluate(() => window.tabla.board.play('f6-g5'));
  const t = toast(page);
  await expect(t).toContainText('could not be saved');
  await expect(t.getByRole('button', { name: 'Export' })).toBeVisible();
  await expect(t.getByRole('button', { name: 'Delete set-aside saves' })).toBeVisible();
  const stored = await page.evaluate((k) => JSON.parse(localStorage.getItem(`tabla:save:${k}`)).data.json, key);
  expect(stored.moves).toEqual(['c3-d4']);
  // space comes back: the next save succeeds and says so; the set-aside copy is gone
  await page.evaluate(() => sessionStorage.removeItem('full'));
  await t.getByRole('button', { name: 'Delete set-aside saves' }).click();
  await expect(toast(page)).toContainText('saved again');
  expect(await page.evaluate(() => localStorage.getItem('tabla:broken:save:app:old'))).toBe(null);
  expect(await page.evaluate(() => window.tabla.board.state.history.length)).toBe(2);
  await page.reload();
  await page.waitForFunction(() => window.tabla?.board?.state);
  expect(await page.evaluate(() => window.tabla.board.state.history.length)).toBe(2);
});

test('storage full and an unreadable save: not set aside falsely, never overwritten', async ({ page }) => {
  const { key } = await realSave(page, 'russian-draughts');
  const text = '{"format":"tabla-save","version":1,"game":"russian-draughts","data":{"moves":["x"]}}';
  await page.goto('/icon.svg');
  await page.evaluate(
    ({ key, text }) => {
      localStorage.setItem(`tabla:save:${key}`, text);
      sessionStorage.setItem('full', '1');
    },
    { key, text },
  );
  await page.goto('/index.html#play');
  await page.waitForFunction(() => window.tabla?.board?.state);
  await expect(toast(page)).toContainText('no room to set it aside');
  expect(await asides(page, key)).toEqual([]);
  await page.evaluate(() => window.tabla.board.play('c3-d4'));
  expect(await page.evaluate((k) => localStorage.getItem(`tabla:save:${k}`), key)).toBe(text);
  await expect(toast(page)).toContainText('not saved over it');
  // the way out: the list offers it (export the unreadable record, or delete it)
  await toast(page).getByRole('button', { name: 'Games' }).click();
  const row = page.getByRole('dialog', { name: 'Games' }).getByRole('row', { name: /Russian draughts/ });
  await expect(row.getByRole('button', { name: /^Export/ })).toBeVisible();
});

test('the old single save, unreadable: set aside under its own key, the list and the other games intact', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await page.goto('/icon.svg');
  const text = '{"format":"tabla-save","version":1,"game":"russian-draughts","data":{"moves":["x"]}}';
  await page.evaluate(
    ({ text, otherKey, other }) => {
      localStorage.setItem('tabla:save:app', text);
      localStorage.setItem(`tabla:save:${otherKey}`, other);
      // the old save is the newest: the one to continue
      localStorage.setItem('tabla:last', 'app');
    },
    { text, otherKey: OTHER_KEY, other: OTHER },
  );
  await page.goto('/index.html#play');
  await page.waitForFunction(() => window.tabla?.board?.state);
  await expect(toast(page)).toContainText(BROKEN);
  expect(await asides(page, 'app')).toEqual([text]);
  expect(await page.evaluate(() => window.tabla.board.game)).toBe('russian-draughts');
  expect(await page.evaluate((k) => localStorage.getItem(`tabla:save:${k}`), OTHER_KEY)).toBe(OTHER);
  expect(errors().filter((e) => !/status of 404/.test(e))).toEqual([]);
});

test('settings and language read defensively (tabla:lang = "__proto__", odd settings)', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/index.html');
  await page.evaluate(() => {
    localStorage.setItem('tabla:lang', '__proto__');
    localStorage.setItem('tabla:settings', '{"__proto__":{"animations":true},"animations":"yes","theme":7}');
  });
  await page.reload();
  await page.waitForFunction(() => window.tabla?.ai);
  await expect(page.locator('#setup button[type="submit"]')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
  await startGame(page, 'backgammon');
  expect(errors()).toEqual([]);
});

// Settings, language and the pointers to the game to continue, each garbage in its own way: the
// page starts, in English with the default settings, and a game can be started and saved.
for (const [name, values] of [
  ['settings not JSON', { 'tabla:settings': '{"animations":' }],
  ['settings an array', { 'tabla:settings': '[true,false]' }],
  ['settings a huge string', { 'tabla:settings': JSON.stringify({ theme: 'x'.repeat(200_000) }) }],
  ['an unknown language', { 'tabla:lang': 'zz' }],
  ['an empty language', { 'tabla:lang': '' }],
  ['language "constructor"', { 'tabla:lang': 'constructor' }],
  ['last game "__proto__"', { 'tabla:last': '__proto__' }],
  ['last game a key with no record', { 'tabla:last': 'g:gone' }],
  ['last game a set-aside key', { 'tabla:last': '../broken:x' }],
]) {
  test(`${name}: read defensively, the page starts and saves`, async ({ page }) => {
    const errors = watchErrors(page);
    await page.goto('/icon.svg');
    await page.evaluate((values) => {
      for (const [k, v] of Object.entries(values)) localStorage.setItem(k, v);
      sessionStorage.setItem('tabla:tab-game', 'g:nothing-here');
    }, values);
    await page.goto('/index.html#play');
    await page.waitForFunction(() => window.tabla?.ai);
    await expect(page.locator('#setup button[type="submit"]')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await startGame(page, 'russian-draughts');
    await page.evaluate(() => window.tabla.board.play('c3-d4'));
    const key = await page.evaluate(() => window.tabla.board.persistKey);
    expect(key).toMatch(/^g:/);
    expect(
      await page.evaluate((k) => JSON.parse(localStorage.getItem(`tabla:save:${k}`)).data.json.moves, key),
    ).toEqual(['c3-d4']);
    expect(errors().filter((e) => !/status of 404/.test(e))).toEqual([]);
  });
}
