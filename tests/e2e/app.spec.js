// The app around the boards: home page, languages, saved games, embedding, offline, screenshots.
import { test, expect } from '@playwright/test';
import { prepare, startGame, watchErrors } from './helpers.js';
import { shotPath } from './helpers.js';

test.use({ serviceWorkers: 'allow' });

test('home page lists the games and the options, without console errors', async ({ page }, info) => {
  const errors = await prepare(page);
  await page.goto('/');
  for (const g of ['backgammon', 'table', 'acey-deucey', 'russian-draughts'])
    await expect(page.locator(`input[name="game"][value="${g}"]`)).toHaveCount(1);
  await page.locator('input[value="acey-deucey"]').check();
  await expect(page.locator('input[name="doublesExtraRoll"]')).toBeVisible();
  await page.locator('input[value="russian-draughts"]').check();
  await expect(page.locator('input[name="touchMove"]')).toBeVisible();
  await expect(page.locator('input[name="start"]')).toHaveCount(0);
  await page.waitForFunction(() => window.tabla.ai);
  const ai = await page.evaluate(() => window.tabla.ai);
  // the computer is offered only when the package has it (bestMove for draughts)
  if (ai.draughts) await expect(page.locator('#opp-computer')).toBeEnabled();
  else {
    await expect(page.locator('#opp-computer')).toBeDisabled();
    await expect(page.locator('#ai-note')).toBeVisible();
  }
  await page.screenshot({ path: shotPath('home.png'), fullPage: true });
  expect(errors()).toEqual([]);
});

test('the language can be switched and is remembered', async ({ page }) => {
  const errors = await prepare(page);
  await page.goto('/');
  await page.locator('#m-settings').click();
  await page.locator('#lang').selectOption('ro');
  await expect(page.locator('#home-title')).toHaveText('Jocuri de masă clasice, în browser');
  await page.keyboard.press('Escape');
  await page.reload();
  await expect(page.locator('#home-title')).toHaveText('Jocuri de masă clasice, în browser');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ro');
  for (const [code, text] of [
    ['ru', 'Русские шашки'],
    ['bg', 'Руски шашки'],
    ['hu', 'Orosz dáma'],
  ]) {
    await page.locator('#m-settings').click();
    await page.locator('#lang').selectOption(code);
    await page.keyboard.press('Escape');
    await expect(page.locator('label:has(input[value="russian-draughts"]) .gname')).toHaveText(text);
  }
  expect(errors()).toEqual([]);
});

test('an unreadable save is set aside with a message, never a crash', async ({ page }) => {
  const errors = await prepare(page);
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('broken-done')) {
      sessionStorage.setItem('broken-done', '1');
      localStorage.setItem('tabla:save:app', '{"format":"tabla-save","game":"backgammon","data":{"nonsense":1}');
    }
  });
  await page.goto('/index.html#play');
  await expect(page.locator('#toast')).toContainText('could not be read');
  const keys = await page.evaluate(() => Object.keys(localStorage));
  expect(keys.some((k) => k.startsWith('tabla:broken:save:app:'))).toBe(true);
  await page.waitForFunction(() => window.tabla.board.state);
  expect(errors()).toEqual([]);
});

test('the element in a bare page: two lines, events with detail', async ({ page }, info) => {
  const errors = await prepare(page);
  await page.route('**/bare.html', (r) =>
    r.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><link rel="icon" href="data:,"><script type="module" src="js/tabla-board.js"></script>\n<tabla-board game="russian-draughts" animation="off"></tabla-board>',
    }),
  );
  await page.goto('/bare.html');
  await page.waitForFunction(() => document.querySelector('tabla-board').state);
  const detail = await page.evaluate(
    () =>
      new Promise((resolve) => {
        const b = document.querySelector('tabla-board');
        b.addEventListener(
          'move',
          (e) => resolve({ notation: e.detail.notation, game: e.detail.game, player: e.detail.player }),
          { once: true },
        );
        b.play('c3-d4');
      }),
  );
  expect(detail).toEqual({ notation: 'c3-d4', game: 'russian-draughts', player: 'white' });
  await page.evaluate(() => {
    document.querySelector('tabla-board').setAttribute('game', 'acey-deucey');
  });
  await page.waitForFunction(() => {
    const b = document.querySelector('tabla-board');
    return b.state && b.state.variant === 'acey-deucey';
  });
  await page.screenshot({ path: shotPath('bare-acey-deucey.png') });
  await page.goto('/embed.html');
  await page.waitForFunction(() => [...document.querySelectorAll('tabla-board')].every((b) => b.state));
  await page.screenshot({ path: shotPath('embed.png'), fullPage: true });
  expect(errors()).toEqual([]);
});

for (const [w, h] of [
  [320, 640],
  [1920, 1080],
]) {
  test(`every board at ${w}x${h}`, async ({ page }, info) => {
    await page.setViewportSize({ width: w, height: h });
    const errors = await prepare(page);
    for (const g of ['backgammon', 'table', 'acey-deucey', 'russian-draughts']) {
      await startGame(page, g, { query: '?seed=1' });
      await page.evaluate(() => {
        const b = window.tabla.board;
        if (b.state.phase === 'opening' || b.state.phase === 'roll') b.roll();
      });
      await page.waitForFunction(() => !window.tabla.board.ctrl.busy);
      await page.screenshot({ path: shotPath(`${g}-${w}x${h}.png`) });
      // the targets are big enough to touch: points/squares at least 30 px even at 320 wide
      const unit = await page.evaluate(() => {
        const L = window.tabla.board.layout;
        return L.unit || L.size;
      });
      expect(unit).toBeGreaterThanOrEqual(w <= 320 ? 30 : 44);
    }
    expect(errors()).toEqual([]);
  });
}

test('offline after one visit: the page, scripts and wasm come from the service worker', async ({ page, context }) => {
  const errors = watchErrors(page);
  await page.goto('/');
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(async () => {
    const keys = await caches.keys();
    for (const k of keys) {
      const c = await caches.open(k);
      if (await c.match(new URL('pkg/tabla_bg.wasm', location.href).href)) return true;
    }
    return false;
  });
  await context.setOffline(true);
  await page.reload();
  await startGame(page, 'russian-draughts');
  await page.evaluate(() => window.tabla.board.play('c3-d4'));
  await page.waitForFunction(() => window.tabla.board.state.history.length === 1);
  await page.reload();
  if (await page.locator('#continue-btn').isVisible()) await page.locator('#continue-btn').click();
  await expect(page.locator('#play')).toBeVisible();
  await page.waitForFunction(() => window.tabla.board.state && window.tabla.board.state.history.length === 1);
  await context.setOffline(false);
  expect(errors().filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch/.test(e))).toEqual([]);
});
