// Colour themes: the board's colours are CSS custom properties (--tabla-*) read by the canvas
// renderers, a light palette follows prefers-color-scheme, the settings force light or dark, and
// every text in both palettes passes WCAG AA contrast (4.5:1).
import { test, expect } from '@playwright/test';
import { prepare, startGame, idle, shotPath } from './helpers.js';

/** In the page: WCAG contrast ratios of text/background pairs of the app and of the board. */
async function contrasts(page) {
  return page.evaluate(() => {
    const cv = document.createElement('canvas').getContext('2d');
    const rgba = (css) => {
      cv.fillStyle = '#000';
      cv.fillStyle = css;
      const v = cv.fillStyle;
      if (v.startsWith('#')) return [1, 3, 5].map((i) => Number.parseInt(v.slice(i, i + 2), 16)).concat(1);
      const m = v.match(/[\d.]+/g).map(Number);
      return [m[0], m[1], m[2], m[3] ?? 1];
    };
    // a translucent colour is seen over the background under it
    const over = (fg, bg) =>
      fg
        .slice(0, 3)
        .map((c, i) => c * fg[3] + bg[i] * (1 - fg[3]))
        .concat(1);
    const lum = ([r, g, b]) =>
      [r, g, b]
        .map((c) => c / 255)
        .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
        .reduce((s, c, i) => s + c * [0.2126, 0.7152, 0.0722][i], 0);
    const ratio = (fgCss, bgCss, underCss) => {
      let bg = rgba(bgCss);
      if (underCss) bg = over(bg, rgba(underCss));
      const fg = over(rgba(fgCss), bg);
      const [a, b] = [lum(fg), lum(bg)].sort((x, y) => y - x);
      return Math.round(((a + 0.05) / (b + 0.05)) * 100) / 100;
    };
    const cs = (el) => getComputedStyle(el);
    const root = cs(document.documentElement);
    const v = (name) => root.getPropertyValue(name).trim();
    const p = document.querySelector('#board').palette();
    return {
      'page text': ratio(v('--fg'), v('--bg')),
      'muted text': ratio(v('--muted'), v('--field')),
      'button text': ratio(v('--fg'), v('--button')),
      'primary button': ratio(v('--accent-fg'), v('--accent')),
      'error text': ratio(v('--error'), v('--field')),
      'toast text': ratio(v('--fg'), v('--toast')),
      'menu bar text': ratio(v('--fg'), v('--top')),
      'board status': ratio(p.fg, p.bg),
      'board player card': ratio(p.fg, p.panel),
      'board button': ratio(p['button-fg'], p.button),
      'board primary button': ratio(p['accent-fg'], p.accent),
      'board card': ratio(p.fg, p.card, p.bg),
      'point numbers (frame)': ratio(p.label, p.frame),
      'point numbers (frame, dark end)': ratio(p.label, p['frame-2']),
    };
  });
}

for (const scheme of ['dark', 'light']) {
  test(`${scheme} palette (prefers-color-scheme: ${scheme}): every text passes WCAG AA`, async ({ page }) => {
    const errors = await prepare(page);
    await page.emulateMedia({ colorScheme: scheme });
    await startGame(page, 'backgammon', { query: '?seed=3' });
    await idle(page);
    const c = await contrasts(page);
    for (const [what, r] of Object.entries(c)) expect(r, `${what} contrast ${r}`).toBeGreaterThanOrEqual(4.5);
    await page.screenshot({ path: shotPath(`theme-${scheme}-backgammon.png`) });
    await startGame(page, 'russian-draughts');
    await idle(page);
    await page.screenshot({ path: shotPath(`theme-${scheme}-draughts.png`) });
    await page.goto('/index.html');
    await expect(page.locator('input[name="cube"]')).toBeVisible();
    await page.screenshot({ path: shotPath(`theme-${scheme}-home.png`), fullPage: true });
    expect(errors()).toEqual([]);
  });
}

/** The colour of a canvas pixel on the felt (a quarter into the first half, halfway down: no point, checker or die there). */
async function feltPixel(page, selector = '#board') {
  return page.locator(selector).evaluate((b) => {
    const h = b.layout.halves[0];
    const dpr = b.canvas.width / b.canvas.getBoundingClientRect().width;
    const x = Math.round((h.x + h.w * 0.22) * dpr);
    const y = Math.round((h.y + h.h / 2) * dpr);
    const d = b.canvas.getContext('2d').getImageData(x, y, 1, 1).data;
    return [d[0], d[1], d[2]];
  });
}

test('the settings switch the palette: automatic, light, dark; the canvas follows', async ({ page }) => {
  const errors = await prepare(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await startGame(page, 'backgammon', { query: '?seed=3' });
  await idle(page);
  const dark = await feltPixel(page);
  await page.getByRole('button', { name: 'Settings' }).click();
  const colours = page.getByRole('combobox', { name: 'Colours' });
  await expect(colours).toHaveValue('auto');
  await colours.selectOption('light');
  await expect(page.locator('#board')).toHaveAttribute('theme', 'light');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.getByRole('button', { name: 'Close' }).click();
  await page.evaluate(() => window.tabla.board.refresh());
  const light = await feltPixel(page);
  expect(light).not.toEqual(dark);
  // brighter felt in the light palette
  expect(light.reduce((a, b) => a + b)).toBeGreaterThan(dark.reduce((a, b) => a + b));
  // kept across a reload
  await page.reload();
  await expect(page.locator('#board')).toHaveAttribute('theme', 'light');
  // back to automatic: the system's (dark) palette again
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('combobox', { name: 'Colours' }).selectOption('auto');
  await expect(page.locator('#board')).not.toHaveAttribute('theme', /./);
  await page.getByRole('button', { name: 'Close' }).click();
  await idle(page);
  await page.evaluate(() => window.tabla.board.refresh());
  expect(await feltPixel(page)).toEqual(dark);
  expect(errors()).toEqual([]);
});

test('a page themes an embedded board with --tabla-* custom properties', async ({ page }) => {
  const errors = await prepare(page);
  await page.goto('/embed.html');
  const board = page.locator('#themed');
  await board.evaluate((b) => b.ready);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  // the page's own colours, set on an ancestor of the element, reach the canvas
  const set = await board.evaluate((b) => {
    const p = b.palette();
    return { board: p.board, 'point-dark': p['point-dark'] };
  });
  expect(set).toEqual({ board: '#24456b', 'point-dark': '#c2185b' });
  // the felt is the page's blue, not the built-in green
  const [r, g, b] = await feltPixel(page, '#themed');
  expect(b).toBeGreaterThan(g + 20);
  expect(b).toBeGreaterThan(r + 40);
  await board.screenshot({ path: shotPath('theme-embedded-custom.png') });
  expect(errors()).toEqual([]);
});
