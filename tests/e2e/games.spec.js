// The Games list (issue 16 "Several games", issue 17 storage): every game its own record, resumed
// in turn, deleted after a confirmation, exported; a new game never replaces an unfinished one;
// two tabs never overwrite each other's games. Found by role and name.
import { test, expect } from '@playwright/test';
import { prepare, startGame, boardState, idle, shotPath } from './helpers.js';

test.use({ serviceWorkers: 'block' });

const board = (page) => page.evaluate(() => window.tabla.board.persistKey);
const stored = (page) =>
  page.evaluate(() =>
    Object.keys(localStorage)
      .filter((k) => k.startsWith('tabla:save:'))
      .map((k) => ({ key: k.slice('tabla:save:'.length), save: JSON.parse(localStorage.getItem(k)) })),
  );

/** Roll until the side on roll has a move, then play the engine's first legal play. */
async function backgammonMove(page) {
  await idle(page);
  return page.evaluate(() => {
    const b = window.tabla.board;
    for (let i = 0; i < 20 && b.engine.state().phase !== 'move'; i++) b.roll();
    const plays = b.engine.legalPlays();
    b.play(plays[0].notation);
    return plays[0].notation;
  });
}

/** From the play view: New game, pick `game` by its name, start it. */
async function newGameFromMenu(page, name) {
  await page.getByRole('button', { name: 'New game' }).click();
  await page.getByRole('radio', { name }).check();
  await page.getByRole('button', { name: 'Start a new game' }).click();
  await page.waitForFunction(() => !document.querySelector('#play').hidden && window.tabla.board.state);
}

const gamesDialog = (page) => page.getByRole('dialog', { name: 'Games' });

test('two saved games resumed in turn', async ({ page }) => {
  const errors = await prepare(page);
  await startGame(page, 'backgammon', { query: '?seed=5' });
  await backgammonMove(page);
  await idle(page);
  const bg = await page.evaluate(() => ({
    position: window.tabla.board.engine.positionId(),
    match: window.tabla.board.engine.matchId(),
    key: window.tabla.board.persistKey,
  }));

  // a draughts game started from the menu: the backgammon game is kept, and the player is told
  await newGameFromMenu(page, 'Russian draughts');
  await expect(page.locator('#toast')).toContainText('The unfinished Backgammon game is kept');
  await page.evaluate(() => window.tabla.board.play('c3-d4'));
  await idle(page);
  const ru = await page.evaluate(() => ({ fen: window.tabla.board.engine.fen(), key: window.tabla.board.persistKey }));
  expect(ru.key).not.toBe(bg.key);
  expect((await stored(page)).map((g) => g.key).sort()).toEqual([bg.key, ru.key].sort());

  // the list: both games, with game, opponent, score and date; the one on the board marked
  await page.getByRole('button', { name: 'Games' }).click();
  const dlg = gamesDialog(page);
  await expect(dlg).toBeVisible();
  const rows = dlg.getByRole('row');
  await expect(rows).toHaveCount(3); // the header and two games
  const bgRow = dlg.getByRole('row', { name: /Backgammon/ });
  const ruRow = dlg.getByRole('row', { name: /Russian draughts/ });
  await expect(bgRow).toContainText('Two players');
  await expect(bgRow).toContainText('In progress');
  await expect(ruRow).toContainText('1 move');
  await expect(ruRow).toContainText('(on the board)');
  await expect(ruRow).toHaveAttribute('aria-current', 'true');
  await expect(bgRow.getByRole('cell').nth(2)).toHaveText(/\d{4}/); // the date
  await page.screenshot({ path: shotPath('games-list.png') });

  // resume the first: its position, exactly
  await bgRow.getByRole('button', { name: /^Resume/ }).click();
  await expect(dlg).toBeHidden();
  await page.waitForFunction(() => window.tabla.board.game === 'backgammon' && window.tabla.board.state);
  expect(
    await page.evaluate(() => [window.tabla.board.engine.positionId(), window.tabla.board.engine.matchId()]),
  ).toEqual([bg.position, bg.match]);
  expect(await board(page)).toBe(bg.key);

  // and the second, by keyboard: Games, then the first Resume button has the focus (newest first)
  await page.getByRole('button', { name: 'Games' }).focus();
  await page.keyboard.press('Enter');
  await expect(dlg).toBeVisible();
  await expect(dlg.getByRole('row').nth(1)).toContainText('Russian draughts');
  await expect(dlg.getByRole('button', { name: /^Resume: Russian draughts/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => window.tabla.board.game === 'russian-draughts' && window.tabla.board.state);
  expect(await page.evaluate(() => window.tabla.board.engine.fen())).toBe(ru.fen);
  expect((await boardState(page)).history).toEqual(['c3-d4']);

  // a reload continues this tab's game; the other is still in the list
  await page.reload();
  await page.waitForFunction(() => window.tabla.board.state);
  expect(await page.evaluate(() => window.tabla.board.engine.fen())).toBe(ru.fen);
  expect((await stored(page)).length).toBe(2);
  expect(errors()).toEqual([]);
});

test('delete: asked first, cancel keeps it; the game on the board deleted goes home; finished games in one go', async ({
  page,
}) => {
  const errors = await prepare(page);
  await startGame(page, 'russian-draughts');
  await page.evaluate(() => window.tabla.board.play('c3-d4'));
  const first = await board(page);
  await newGameFromMenu(page, 'Backgammon');
  const second = await board(page);
  await page.getByRole('button', { name: 'Games' }).click();
  const dlg = gamesDialog(page);
  const ruRow = dlg.getByRole('row', { name: /Russian draughts/ });

  // cancel: nothing deleted
  await ruRow.getByRole('button', { name: /^Delete/ }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Delete this game (Russian draughts');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(ruRow).toBeVisible();
  expect((await stored(page)).map((g) => g.key)).toContain(first);

  // confirm: gone from the list and from storage; the other game untouched
  const before = await page.evaluate((k) => localStorage.getItem(`tabla:save:${k}`), second);
  await ruRow.getByRole('button', { name: /^Delete/ }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(dlg.getByRole('row')).toHaveCount(2);
  await expect(page.locator('#toast')).toContainText('1 game deleted');
  expect((await stored(page)).map((g) => g.key)).toEqual([second]);
  expect(await page.evaluate((k) => localStorage.getItem(`tabla:save:${k}`), second)).toBe(before);

  // a finished game (a draughts game resigned in the record, read by the engine) and "Delete
  // finished games": only the finished one goes
  await page.evaluate(() => {
    const g = window.tabla.board.mod.RussianDraughts.fromPdn('[Result "1-0"]\n[GameType "25"]\n\n1. c3-d4 1-0\n');
    const fin = {
      format: 'tabla-save',
      version: 1,
      game: 'russian-draughts',
      options: {},
      computer: 'black',
      level: 'hard',
      data: { json: g.toJSON(), pdn: g.pdn() },
      savedAt: '2026-11-30T10:00:00.000Z',
    };
    localStorage.setItem('tabla:save:g:finished', JSON.stringify(fin));
  });
  await dlg.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'Games' }).click();
  const finRow = dlg.getByRole('row', { name: /Russian draughts/ });
  await expect(finRow).toContainText('Finished');
  await expect(finRow).toContainText('White won');
  await expect(finRow).toContainText('Computer (Hard, Black)');
  await dlg.getByRole('button', { name: 'Delete finished games' }).click();
  await expect(confirm).toContainText('Delete 1 finished game?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  // the dialog's close event (which deletes) is a task of its own, after the click
  await expect.poll(async () => (await stored(page)).map((g) => g.key)).toEqual([second]);

  // the game on the board deleted: back home, nothing saved under its key again
  await dlg.getByRole('button', { name: /^Delete: Backgammon/ }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(dlg.getByText('No saved games yet.')).toBeVisible();
  await dlg.getByRole('button', { name: 'Close' }).click();
  await expect(page.locator('#home')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Continue/ })).toBeHidden();
  expect(await stored(page)).toEqual([]);
  expect(errors()).toEqual([]);
});

test('export from the list: the stored record, which Import reads back', async ({ page }) => {
  const errors = await prepare(page);
  await startGame(page, 'russian-draughts');
  await page.evaluate(() => window.tabla.board.play('c3-d4'));
  await page.getByRole('button', { name: 'Games' }).click();
  const download = page.waitForEvent('download');
  await gamesDialog(page)
    .getByRole('button', { name: /^Export: Russian draughts/ })
    .click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^tabla-russian-draughts-\d{4}-\d\d-\d\d\.json$/);
  const text = await (await file.createReadStream()).toArray().then((c) => Buffer.concat(c).toString('utf8'));
  const save = JSON.parse(text);
  expect(save.format).toBe('tabla-save');
  expect(save.data.json.moves).toEqual(['c3-d4']);
  await gamesDialog(page).getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'Import' }).click();
  await page.locator('#import-text').fill(text);
  await page.getByRole('button', { name: 'Load' }).click();
  expect((await boardState(page)).history).toEqual(['c3-d4']);
  expect(errors()).toEqual([]);
});

test('two tabs never overwrite each other: a move in one is loaded in the other; concurrent moves make two games', async ({
  context,
}) => {
  const a = await context.newPage();
  const errorsA = await prepare(a);
  await startGame(a, 'russian-draughts');
  await a.evaluate(() => window.tabla.board.play('c3-d4'));
  const key = await board(a);

  // the second tab continues the same game (the last one played)
  const b = await context.newPage();
  const errorsB = await prepare(b);
  await b.goto('/index.html');
  await b.getByRole('button', { name: /^Continue: Russian draughts/ }).click();
  await b.waitForFunction(() => window.tabla.board.state);
  expect(await board(b)).toBe(key);
  expect((await boardState(b)).history).toEqual(['c3-d4']);

  // a move in A: B shows it and says so; a move in B: A shows it
  await a.evaluate(() => window.tabla.board.play('f6-g5'));
  await b.waitForFunction(() => window.tabla.board.state.history.length === 2);
  await expect(b.locator('#toast')).toContainText('played on in another tab');
  await b.evaluate(() => window.tabla.board.play('g3-h4'));
  await a.waitForFunction(() => window.tabla.board.state.history.length === 3);
  expect((await boardState(a)).history).toEqual(['c3-d4', 'f6-g5', 'g3-h4']);

  // both move at once (B busy while A saves: its copy of the storage is stale when it saves):
  // neither game is lost; one stays under the key, the other becomes a game of its own
  const busy = b.evaluate(() => {
    const until = Date.now() + 1500;
    while (Date.now() < until) {
      /* busy: B sees A's save only afterwards */
    }
    window.tabla.board.play('b6-a5');
  });
  await a.waitForTimeout(300);
  await a.evaluate(() => window.tabla.board.play('b6-c5'));
  await busy;
  const histA = ['c3-d4', 'f6-g5', 'g3-h4', 'b6-c5'];
  const histB = ['c3-d4', 'f6-g5', 'g3-h4', 'b6-a5'];
  // the page that lost the race is told and keeps its game under a new key
  await expect.poll(async () => (await board(a)) !== (await board(b)), { timeout: 10_000 }).toBe(true);
  const forked = (await board(a)) === key ? b : a;
  await expect(forked.locator('#toast')).toContainText('kept as a separate game');
  for (const [page, hist] of [
    [a, histA],
    [b, histB],
  ]) {
    expect((await boardState(page)).history).toEqual(hist);
    const k = await board(page);
    await expect
      .poll(() => page.evaluate((k) => JSON.parse(localStorage.getItem(`tabla:save:${k}`)).data.json.moves, k))
      .toEqual(hist);
  }
  const games = await stored(a);
  expect(games.length).toBe(2);
  // the toast's Games button opens the list, with both
  await forked.locator('#toast').getByRole('button', { name: 'Games' }).click();
  await expect(gamesDialog(forked).getByRole('row', { name: /Russian draughts/ })).toHaveCount(2);
  await forked.screenshot({ path: shotPath('games-list-two-tabs.png') });
  test.info().annotations.push({ type: 'forked', description: forked === a ? 'A (overwritten)' : 'B (saw A first)' });
  expect(errorsA()).toEqual([]);
  expect(errorsB()).toEqual([]);
});

test('the Games list in five languages', async ({ page }) => {
  const errors = await prepare(page);
  await startGame(page, 'backgammon');
  for (const [lang, name] of [
    ['ro', 'Jocuri'],
    ['hu', 'Játékok'],
    ['bg', 'Игри'],
    ['ru', 'Игры'],
    ['en', 'Games'],
  ]) {
    await page.evaluate(async (l) => {
      const i18n = await import(new URL('js/i18n/index.js', document.baseURI).href);
      await i18n.setLanguage(l);
      document.querySelector('#lang').value = l;
      document.querySelector('#lang').dispatchEvent(new Event('change'));
    }, lang);
    await page.getByRole('button', { name, exact: true }).click();
    const dlg = page.getByRole('dialog', { name });
    await expect(dlg.getByRole('row')).toHaveCount(2);
    const text = await dlg.textContent();
    expect(text).not.toMatch(/games\.|btn\.|\{/); // no key or placeholder shown untranslated
    if (lang === 'ru') await page.screenshot({ path: shotPath('games-list-ru.png') });
    await dlg.getByRole('button').last().click();
  }
  expect(errors()).toEqual([]);
});

test('the list says what each game is: a match score, a finished game, a computer opponent, an unreadable save', async ({
  page,
}) => {
  const errors = await prepare(page);
  await startGame(page, 'backgammon');
  await page.evaluate(() => {
    const M = window.tabla.board.mod;
    const put = (key, save) => localStorage.setItem(`tabla:save:${key}`, JSON.stringify(save));
    // a 5-point match, two games played to the end by the engine (no summary: the list asks it)
    const g = new M.Backgammon({ variant: 'backgammon', matchLength: 5, seed: 11 });
    for (let done = 0, i = 0; done < 2 && i < 5000; i++) {
      const st = g.state();
      if (st.phase === 'game-over') {
        done++;
        if (done < 2) g.nextGame();
      } else if (st.phase === 'opening' || st.phase === 'roll') g.roll();
      else if (st.phase === 'cube-decision') g.take();
      else if (st.phase === 'move') {
        const plays = g.legalPlays();
        if (!plays.length || !plays[0].steps.length) g.confirm();
        else g.play(plays[0].notation);
      }
    }
    put('g:match', {
      format: 'tabla-save',
      version: 1,
      game: 'backgammon',
      options: { matchLength: 5 },
      computer: 'black',
      level: 'master',
      data: g.toJSON(),
      savedAt: '2026-11-29T18:05:00.000Z',
    });
    const d = M.RussianDraughts.fromPdn('[Result "0-1"]\n[GameType "25"]\n\n1. c3-d4 f6-g5 0-1\n');
    put('g:lost', {
      format: 'tabla-save',
      version: 1,
      game: 'russian-draughts',
      options: {},
      computer: 'black',
      level: 'easy',
      data: { json: d.toJSON(), pdn: d.pdn() },
      savedAt: '2026-11-28T09:00:00.000Z',
    });
    localStorage.setItem(
      'tabla:save:g:broken',
      '{"format":"tabla-save","version":1,"game":"table","data":{"nonsense":1}}',
    );
  });
  await page.getByRole('button', { name: 'Games' }).click();
  const dlg = gamesDialog(page);
  await expect(dlg.getByRole('row')).toHaveCount(5);
  const match = dlg.locator('tr[data-key="g:match"]');
  await expect(match).toContainText('Computer (Master, Black)');
  await expect(match).toContainText(/White \d – Black \d, match to 5/);
  const lost = dlg.locator('tr[data-key="g:lost"]');
  await expect(lost).toContainText('Finished');
  await expect(lost).toContainText('Black won');
  const broken = dlg.locator('tr[data-key="g:broken"]');
  await expect(broken).toContainText('Cannot be read');
  await page.screenshot({ path: shotPath('games-list-kinds.png') });
  // resuming the unreadable one: told, set aside, a Table game started in its place
  await broken.getByRole('button', { name: /^Resume/ }).click();
  await expect(page.locator('#toast')).toContainText('could not be read');
  expect(await page.evaluate(() => window.tabla.board.game)).toBe('table');
  expect(
    await page.evaluate(
      () => Object.keys(localStorage).filter((k) => k.startsWith('tabla:broken:save:g:broken:')).length,
    ),
  ).toBe(1);
  expect(errors()).toEqual([]);
});

/** Fill localStorage until about `free` characters are left (the quota is ~5 million). */
async function fillStorage(page, free) {
  await page.evaluate((free) => {
    let n = 0;
    for (const size of [262_144, 16_384, 1024]) {
      const chunk = 'f'.repeat(size);
      try {
        for (;;) localStorage.setItem(`fill:${n++}`, chunk);
      } catch {
        /* full at this size: smaller pieces next */
      }
    }
    // give back `free` characters
    let back = 0;
    for (let i = n - 1; i >= 0 && back < free; i--) {
      const v = localStorage.getItem(`fill:${i}`);
      if (v === null) continue;
      back += v.length + `fill:${i}`.length;
      localStorage.removeItem(`fill:${i}`);
    }
  }, free);
}

/** A money session of `games` backgammon games in one engine, as a tabla save, put on the board. */
async function longSession(page, games) {
  return page.evaluate(async (games) => {
    const b = window.tabla.board;
    const g = new b.mod.Backgammon({ variant: 'backgammon', seed: 7 });
    for (let done = 0, i = 0; done < games && i < 200_000; i++) {
      const st = g.state();
      if (st.phase === 'game-over') {
        done++;
        if (done < games) g.nextGame();
      } else if (st.phase === 'opening' || st.phase === 'roll') g.roll();
      else if (st.phase === 'cube-decision') g.take();
      else if (st.phase === 'move') {
        const plays = g.legalPlays();
        if (!plays.length || !plays[0].steps.length) g.confirm();
        else g.play(plays[0].notation);
      }
    }
    const save = { format: 'tabla-save', version: 1, game: 'backgammon', options: {}, computer: null, level: 'medium' };
    b.load({ ...save, data: g.toJSON() });
    b.persist();
    await b._spillQueue;
    return { positionId: g.positionId(), score: g.state().match.score, chars: JSON.stringify(g.toJSON()).length };
  }, games);
}

test('a game too large for localStorage is kept whole in IndexedDB and comes back after a reload', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = await prepare(page);
  await startGame(page, 'backgammon');
  const key = await board(page);
  await fillStorage(page, 60_000);
  const session = await longSession(page, 40);
  expect(session.chars).toBeGreaterThan(200_000);
  // localStorage has the stub (the list's summary, the stamps); the data is in IndexedDB
  const stub = await page.evaluate((k) => JSON.parse(localStorage.getItem(`tabla:save:${k}`)), key);
  expect(stub.spilled).toBe(true);
  expect(stub.data).toBe(null);
  expect(stub.summary.match.score).toEqual(session.score);
  await expect(page.locator('#toast')).not.toContainText('could not be saved');
  await page.reload();
  await page.waitForFunction(() => window.tabla.board.state);
  expect(await page.evaluate(() => window.tabla.board.engine.positionId())).toBe(session.positionId);
  expect(await page.evaluate(() => window.tabla.board.state.match.score)).toEqual(session.score);
  // the list reads the stub; Resume and Export read IndexedDB
  await page.getByRole('button', { name: 'Games' }).click();
  const row = gamesDialog(page).getByRole('row', { name: /Backgammon/ });
  await expect(row).toContainText(`White ${session.score.white} – Black ${session.score.black}`);
  const download = page.waitForEvent('download');
  await row.getByRole('button', { name: /^Export/ }).click();
  const text = await (await (await download).createReadStream())
    .toArray()
    .then((c) => Buffer.concat(c).toString('utf8'));
  expect(JSON.parse(text).data.record.length).toBeGreaterThan(100);
  // deleted: gone from both stores
  await row.getByRole('button', { name: /^Delete/ }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect
    .poll(() =>
      page.evaluate(
        (k) =>
          new Promise((r) => {
            const req = indexedDB.open('tabla', 1);
            req.onsuccess = () => {
              const g = req.result.transaction('records').objectStore('records').get(k);
              g.onsuccess = () => r(g.result ?? null);
            };
          }),
        key,
      ),
    )
    .toBe(null);
  expect(errors()).toEqual([]);
});

test('too large for localStorage and no IndexedDB: the failed save is told, with the ways out', async ({ page }) => {
  test.setTimeout(120_000);
  await page.addInitScript(() => Object.defineProperty(window, 'indexedDB', { value: undefined }));
  const errors = await prepare(page);
  await startGame(page, 'backgammon');
  const key = await board(page);
  const before = await page.evaluate((k) => localStorage.getItem(`tabla:save:${k}`), key);
  await fillStorage(page, 60_000);
  await longSession(page, 40);
  const toast = page.locator('#toast');
  await expect(toast).toContainText('could not be saved');
  await expect(toast.getByRole('button', { name: 'Export' })).toBeVisible();
  await expect(toast.getByRole('button', { name: 'Games' })).toBeVisible();
  // the last good record is still there, whole
  expect(await page.evaluate((k) => localStorage.getItem(`tabla:save:${k}`), key)).toBe(before);
  expect(errors()).toEqual([]);
});

test('the Games list on a phone: every game a block, the buttons reachable', async ({ page }) => {
  const errors = await prepare(page);
  await page.setViewportSize({ width: 360, height: 740 });
  await startGame(page, 'russian-draughts');
  await page.evaluate(() => window.tabla.board.play('c3-d4'));
  await newGameFromMenu(page, 'Backgammon');
  await page.getByRole('button', { name: 'Games' }).click();
  const dlg = gamesDialog(page);
  await expect(dlg.getByRole('row', { name: /Russian draughts/ })).toBeVisible();
  // nothing wider than the dialog
  expect(
    await page.evaluate(
      () => document.querySelector('.games-scroll').scrollWidth <= document.querySelector('.games-scroll').clientWidth,
    ),
  ).toBe(true);
  await page.screenshot({ path: shotPath('games-list-phone.png') });
  await dlg
    .getByRole('row', { name: /Russian draughts/ })
    .getByRole('button', { name: /^Resume/ })
    .click();
  expect((await boardState(page)).history).toEqual(['c3-d4']);
  expect(errors()).toEqual([]);
});
