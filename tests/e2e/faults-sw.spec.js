// The service worker under deploys and network faults (issue 17): one versioned, hash-checked set
// of files; a generation promoted only when complete; a running tab never switched; the update
// prompt in every tab that runs an older generation. Each test serves its own copy of www/.
import { test, expect } from '@playwright/test';
import { startServer } from './faults-server.js';
import { watchErrors, submitSetup } from './helpers.js';

let server;
test.beforeEach(async ({ context }) => {
  server = await startServer();
  await context.addInitScript(() => {
    if (!sessionStorage.getItem('init')) {
      sessionStorage.setItem('init', '1');
      localStorage.setItem('tabla:settings', '{"animations":false}');
      localStorage.setItem('tabla:lang', 'en');
    }
  });
});
test.afterEach(async () => {
  await server.close();
});

const version = () => JSON.parse(server.file('precache.json')).version;

/** The generation the service worker has marked ready (null before the first complete fill). */
const readyGen = (page) =>
  page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    const r = await (await caches.open('tabla-meta')).match(new URL('__ready', reg.scope).href);
    return r ? r.text() : null;
  });

async function waitReady(page, v) {
  await expect.poll(() => readyGen(page), { timeout: 20_000 }).toBe(`tabla-${v}`);
  await page.waitForFunction(() => !!navigator.serviceWorker.controller);
}

/** Ask the service worker to look for a new deploy now (the page does it 4 s after loading). */
const check = (page) => page.evaluate(() => navigator.serviceWorker.controller.postMessage({ type: 'check' }));

/** Which deploy the files this page fetches come from ('v1' = the first copy). */
const deployOf = (page, file = 'js/i18n/ru.js') =>
  page.evaluate(async (f) => {
    const text = await (await fetch(f)).text();
    return [...text.matchAll(/deploy[ -](v\d+)/g)].pop()?.[1] || 'v1';
  }, file);

/** The engine loaded in this page and a backgammon game with a computer move works. */
async function playsComputerGame(page) {
  await page.locator('input[name="game"][value="table"]').check();
  await expect(page.locator('#opp-computer')).toBeEnabled();
  await page.locator('#opp-computer').check();
  await page.locator('select[name="human"]').selectOption('black');
  await submitSetup(page);
  await page.waitForFunction(
    () => window.tabla.board.state?.turn === 'black' && window.tabla.board.state.lastPlay,
    null,
    {
      timeout: 20_000,
    },
  );
}

const prompt = (page) => page.locator('#toast', { hasText: 'A new version of tabla is ready.' });

test('every file a session loads is in the precache set', async ({ page, context }) => {
  const loaded = new Set();
  const note = (r) => {
    const u = new URL(r.url());
    if (u.origin === new URL(server.url).origin) loaded.add(u.pathname.slice(1) || 'index.html');
  };
  context.on('request', note);
  page.on('worker', (w) => w.on('request', note));
  await page.goto(`${server.url}index.html`);
  await waitReady(page, version());
  await playsComputerGame(page);
  // the other kinds and every language: their lazily imported modules
  await page.goto(`${server.url}index.html?game=russian-draughts#play`);
  await page.waitForFunction(() => window.tabla.board.state && window.tabla.board.game === 'russian-draughts');
  for (const lang of ['ro', 'hu', 'bg', 'ru', 'en'])
    await page.evaluate(async (l) => {
      const i18n = await import(new URL('js/i18n/index.js', document.baseURI).href);
      await i18n.setLanguage(l, { remember: false });
    }, lang);
  await page.goto(`${server.url}embed.html`);
  await page.waitForLoadState('networkidle');
  for (const p of server.log) loaded.add(p);
  const set = Object.keys(JSON.parse(server.file('precache.json')).files);
  const notPrecached = [...loaded].filter((p) => !set.includes(p) && !['precache.json', 'sw.js'].includes(p));
  expect(notPrecached).toEqual([]);
  // and the set was built from these same files
  for (const p of [
    'index.html',
    'pkg/tabla_bg.wasm',
    'pkg/tabla_plain_bg.wasm',
    'pkg/tabla_rules_backgammon_bg.wasm',
    'pkg/tabla_rules_draughts_bg.wasm',
    'js/worker.js',
    'js/i18n/ru.js',
  ])
    expect(set).toContain(p);
});

test('deploy: the prompt appears, a reload switches to the new set whole', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto(`${server.url}index.html`);
  const v1 = version();
  await waitReady(page, v1);
  server.deploy('v2');
  await check(page);
  await expect(prompt(page)).toBeVisible({ timeout: 20_000 });
  expect(await deployOf(page)).toBe('v1'); // the running page keeps its files
  await prompt(page).getByRole('button', { name: 'Reload' }).click();
  await page.waitForFunction(() => window.tabla?.ai);
  expect(await deployOf(page)).toBe('v2');
  expect(await deployOf(page, 'pkg/tabla.js')).toBe('v2');
  expect(await page.evaluate(() => window.tabla.ai.backgammon)).toBe(true);
  await playsComputerGame(page);
  expect(errors().filter((e) => !/update not taken/.test(e))).toEqual([]);
});

test('half-finished deploy (new glue, old .wasm): never promoted, the old set keeps working', async ({ page }) => {
  await page.goto(`${server.url}index.html`);
  const v1 = version();
  await waitReady(page, v1);
  const oldWasm = server.file('pkg/tabla_bg.wasm');
  const oldPlain = server.file('pkg/tabla_plain_bg.wasm');
  server.deploy('v2');
  // the CDN still hands out the old .wasm for the new manifest
  server.override.set('pkg/tabla_bg.wasm', oldWasm);
  server.override.set('pkg/tabla_plain_bg.wasm', oldPlain);
  await check(page);
  await page.waitForTimeout(3000);
  expect(await readyGen(page)).toBe(`tabla-${v1}`);
  await expect(prompt(page)).toBeHidden();
  // two loads in a row: the old set whole, the engine loads
  for (let i = 0; i < 2; i++) {
    await page.reload();
    await page.waitForFunction(() => window.tabla?.ai);
    expect(await deployOf(page, 'pkg/tabla.js')).toBe('v1');
    expect(await page.evaluate(() => window.tabla.ai.backgammon)).toBe(true);
  }
  // once the .wasm arrives the new set is taken
  server.override.clear();
  await check(page);
  await waitReady(page, version());
  await expect(prompt(page)).toBeVisible();
});

test('a failed .wasm fetch during the background fill: not promoted, offline play still works', async ({
  page,
  context,
}) => {
  await page.goto(`${server.url}index.html`);
  const v1 = version();
  await waitReady(page, v1);
  server.deploy('v2');
  // the full module's build this browser runs (Chromium: SIMD); the service worker never asks for the other
  server.fail.add('pkg/tabla_bg.wasm');
  const asked = server.log.length;
  await check(page);
  // the fill fails at the .wasm, however long the files before it take on a loaded machine: once
  // the .wasm was asked for, its partial generation is deleted, and the ready one stays the old
  await expect.poll(() => server.log.slice(asked).includes('pkg/tabla_bg.wasm'), { timeout: 20_000 }).toBe(true);
  await expect
    .poll(async () => (await page.evaluate(() => caches.keys())).filter((k) => k !== 'tabla-meta'), {
      timeout: 20_000,
    })
    .toEqual([`tabla-${v1}`]);
  await page.waitForTimeout(1000);
  expect(await readyGen(page)).toBe(`tabla-${v1}`);
  const gens = await page.evaluate(() => caches.keys());
  expect(gens.filter((k) => k !== 'tabla-meta')).toEqual([`tabla-${v1}`]);
  await context.setOffline(true);
  await page.reload();
  await page.waitForFunction(() => window.tabla?.ai);
  expect(await page.evaluate(() => window.tabla.ai.backgammon)).toBe(true);
  await playsComputerGame(page);
  await context.setOffline(false);
});

test('two tabs: the new tab takes the new set, the running tab keeps its own and is told', async ({ context }) => {
  const a = await context.newPage();
  await a.goto(`${server.url}index.html`);
  const v1 = version();
  await waitReady(a, v1);
  server.deploy('v3');
  await check(a);
  await waitReady(a, version());
  await expect(prompt(a)).toBeVisible({ timeout: 20_000 });
  const b = await context.newPage();
  await b.goto(`${server.url}index.html`);
  await b.waitForFunction(() => window.tabla?.ai);
  expect(await deployOf(b)).toBe('v3');
  await expect(prompt(b)).toBeHidden();
  // tab A, still running, fetches modules it had not loaded yet: from its own set, and its
  // computer opponent (a worker started now) runs its own set's glue and .wasm
  expect(await deployOf(a)).toBe('v1');
  expect(await deployOf(a, 'pkg/tabla_bg.wasm')).toBe('v1');
  expect(await deployOf(a, 'pkg/tabla_rules_backgammon_bg.wasm')).toBe('v1');
  await a.evaluate(async () => {
    const i18n = await import(new URL('js/i18n/ru.js', document.baseURI).href);
    if (!i18n.default) throw new Error('no translation');
  });
  await playsComputerGame(a);
  // a check from tab B tells tab A again; tab B is current, so it is not told
  await a.evaluate(() => {
    document.querySelector('#toast').hidden = true;
  });
  await check(b);
  await expect(prompt(a)).toBeVisible({ timeout: 20_000 });
  await b.waitForTimeout(1000);
  await expect(prompt(b)).toBeHidden();
  await a.reload();
  await a.waitForFunction(() => window.tabla?.ai);
  expect(await deployOf(a)).toBe('v3');
});
