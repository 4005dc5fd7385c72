// The first visit (issue 15): the served site is the minified build (scripts/site.mjs), and a
// page fetches only what its board needs to become playable; the rest loads on first use.
import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { prepare } from './helpers.js';

/** The files of this origin the page has fetched so far, as paths without the leading slash. */
const fetched = (page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => new URL(e.name))
      .filter((u) => u.origin === location.origin)
      .map((u) => u.pathname.slice(1)),
  );

// loaded on first use only: never for a board that is just played
const LAZY = ['js/editor.js', 'js/games-list.js', 'js/embed.js', 'js/analysis.js', 'js/evalbar.js'];

test('the served scripts and stylesheet are minified, each script with its source map', async ({ request }) => {
  for (const path of ['js/tabla-board.js', 'js/engine.js', 'pkg/tabla_rules_backgammon.js', 'sw.js']) {
    const text = await (await request.get(path)).text();
    const base = path.split('/').pop();
    expect(text, path).toContain(`//# sourceMappingURL=${base}.map`);
    // the comments gone, the names shortened: well under the source's size
    const source = readFileSync(new URL(`../../www/${path}`, import.meta.url), 'utf8');
    expect(text, path).not.toMatch(/^\s*\/\/ /m);
    expect(text.length, path).toBeLessThan(0.75 * source.length);
    const map = await (await request.get(`${path}.map`)).json();
    expect(map.sources, path).toEqual([`www/${path}`]);
    expect(map.sourcesContent[0].length, path).toBeGreaterThan(text.length);
  }
  const css = await (await request.get('css/app.css')).text();
  expect(css.length).toBeLessThan(0.8 * readFileSync(new URL('../../www/css/app.css', import.meta.url), 'utf8').length);
});

/** The files of this origin the page had asked for when its board became playable ('tabla-interactive'). */
const beforeInteractive = (page) =>
  page.evaluate(async () => {
    while (!performance.getEntriesByName('tabla-interactive')[0]) await new Promise((r) => setTimeout(r, 5));
    const t = performance.getEntriesByName('tabla-interactive')[0].startTime;
    return performance
      .getEntriesByType('resource')
      .filter((e) => e.startTime <= t)
      .map((e) => new URL(e.name))
      .filter((u) => u.origin === location.origin)
      .map((u) => u.pathname.slice(1));
  });

test('a backgammon board becomes playable without the draughts code, the editor, the analysis or the embedding', async ({
  page,
}) => {
  const errors = await prepare(page);
  await page.goto('/?game=backgammon#play');
  await page.waitForFunction(() => document.querySelector('#board').state);
  const early = await beforeInteractive(page);
  expect(early).toContain('pkg/tabla_rules_backgammon_bg.wasm');
  // the draughts rules module only once the board takes input (then `ready`: any game loads)
  expect(early).not.toContain('pkg/tabla_rules_draughts_bg.wasm');
  await page.evaluate(() => document.querySelector('#board').ready);
  const files = await fetched(page);
  expect(files).toContain('js/bg/controller.js');
  expect(files).toContain('pkg/tabla_rules_draughts_bg.wasm');
  for (const f of files) expect(f.startsWith('js/draughts/'), f).toBe(false);
  for (const f of LAZY) expect(files, f).not.toContain(f);
  // each rules .wasm fetched once (compiled by engine.js, instantiated by the glue)
  for (const w of ['pkg/tabla_rules_backgammon_bg.wasm', 'pkg/tabla_rules_draughts_bg.wasm'])
    expect(files.filter((f) => f === w)).toHaveLength(1);
  // the first use loads it: the editor opens on the game on the board
  await page.getByRole('button', { name: 'Edit position' }).click();
  await expect(page.getByRole('heading', { name: 'Edit position' })).toBeVisible();
  expect(await fetched(page)).toContain('js/editor.js');
  expect(errors()).toEqual([]);
});

test('a draughts board becomes playable without the backgammon code', async ({ page }) => {
  const errors = await prepare(page);
  await page.goto('/?game=russian-draughts#play');
  await page.waitForFunction(() => document.querySelector('#board').state);
  const early = await beforeInteractive(page);
  expect(early).toContain('pkg/tabla_rules_draughts_bg.wasm');
  expect(early).not.toContain('pkg/tabla_rules_backgammon_bg.wasm');
  const files = await fetched(page);
  expect(files).toContain('js/draughts/controller.js');
  for (const f of files) expect(f.startsWith('js/bg/'), f).toBe(false);
  for (const f of LAZY) expect(files, f).not.toContain(f);
  expect(errors()).toEqual([]);
});
