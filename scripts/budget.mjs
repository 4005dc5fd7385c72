#!/usr/bin/env node
// Performance budget of the front end, measured in Debian's Chromium with Playwright, each page
// loaded cold (a fresh profile) TABLA_BUDGET_RUNS times (3), the median printed:
//  1. time to interactive on localhost: navigation start until the board is drawn and takes input
//     (the page's `tabla-interactive` performance mark), cold, and warm (service worker);
//  2. bytes before interactive: what the page fetched before that mark (the page, its modules,
//     the rules module), each file counted at its gzip -9 size, as a server that compresses would
//     send it (Python's http.server does not compress, so we compute it);
//  3. the whole first visit: every response that came over the network (the page, its modules,
//     what the service worker precaches: the full module with the computer opponents, ...), also
//     gzip -9. A response served by the service worker or the HTTP cache costs nothing.
// Aims (issue 15): interactive <= 300 ms, <= 180 KB before it, < 400 KB in all.
// Time to interactive is taken from loads of their own: the byte count reads every response's
// body through the DevTools protocol, which slows the page it measures (by 100-200 ms here), so
// the loads that are timed carry no listener. The files are served by a static server in this
// process (node:http, each file read from disk per request, with Last-Modified and 304s, as a
// static host would send it);
// TABLA_BUDGET_SERVER=python serves them with Python's http.server instead (single process, it
// adds 40-70 ms to a cold load here).
// Usage: node scripts/budget.mjs [--strict] (exit 1 when over).
import { chromium } from 'playwright-core';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The served site: site/ (scripts/site.mjs, run by scripts/build.sh). TABLA_BUDGET_WWW: another
// built copy (www/ itself, unminified, or an older version, for a side-by-side measure)
const WWW = process.env.TABLA_BUDGET_WWW ? path.resolve(process.env.TABLA_BUDGET_WWW) : path.join(ROOT, 'site');
const PORT = Number(process.env.TABLA_BUDGET_PORT || 8125);
const BASE = `http://127.0.0.1:${PORT}`;
const AIM_TOTAL_KB = 400,
  AIM_BEFORE_KB = 180,
  AIM_MS = 300;
const strict = process.argv.includes('--strict');
const RUNS = Number(process.env.TABLA_BUDGET_RUNS || 3);
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

async function waitForServer() {
  for (let i = 0; i < 100; i++) {
    try {
      const r = await fetch(`${BASE}/index.html`);
      if (r.ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the static server did not start');
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

/** Where a URL points under BASE, without its fragment ('/index.html?game=...'). */
const local = (u) => u.replace(BASE, '').replace(/#.*/, '');

/** Resolves to the `tabla-interactive` mark's time (ms, rounded), or null after 15 s. */
const markTime = (page) =>
  page.evaluate(
    () =>
      new Promise((resolve) => {
        const find = () => performance.getEntriesByName('tabla-interactive')[0];
        const t = setInterval(() => {
          if (find()) {
            clearInterval(t);
            resolve(find().startTime);
          }
        }, 10);
        setTimeout(() => {
          clearInterval(t);
          resolve(null);
        }, 15000);
      }),
  );

/** One cold load with nothing listening: the `tabla-interactive` mark (ms) or null. */
async function timedVisit(browser, url) {
  const context = await browser.newContext({ serviceWorkers: 'allow' });
  const page = await context.newPage();
  await page.goto(url);
  const mark = await markTime(page);
  await context.close();
  return mark === null ? null : Math.round(mark);
}

async function firstVisit(browser, url) {
  const context = await browser.newContext({ serviceWorkers: 'allow' });
  const rows = [];
  const pending = [];
  const onResponse = (res) => {
    pending.push(
      (async () => {
        const req = res.request();
        let sent = null;
        try {
          sent = (await req.sizes()).responseBodySize;
        } catch {
          /* unknown: taken as sent */
        }
        let body = Buffer.alloc(0);
        try {
          body = await res.body();
        } catch {
          /* the service worker's own fetches may not expose bodies */
        }
        if (!body.length && res.status() === 200 && sent !== 0) {
          // a body that came over the network but is not exposed here: take the served file
          const file = path.join(WWW, decodeURIComponent(new URL(res.url()).pathname));
          try {
            body = readFileSync(file.endsWith(path.sep) ? path.join(file, 'index.html') : file);
          } catch {
            /* gone */
          }
        }
        rows.push({
          url: local(res.url()),
          status: res.status(),
          raw: body.length,
          gz: body.length ? gzipSync(body, { level: 9 }).length : 0,
          by: req.serviceWorker() ? 'sw' : 'page',
          // over the network: not answered by the service worker, not a revalidated cache entry
          network: !res.fromServiceWorker() && sent !== 0,
        });
      })(),
    );
  };
  context.on('response', onResponse);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(url);
  const mark = await markTime(page);
  // what the page had asked for before the mark: its document and the resources started before it
  const early =
    mark === null
      ? []
      : await page.evaluate(
          (t) => [
            ...performance.getEntriesByType('navigation').map((e) => e.name),
            ...performance
              .getEntriesByType('resource')
              .filter((e) => e.startTime <= t)
              .map((e) => e.name),
          ],
          mark,
        );
  // let the service worker finish precaching (it is part of the first visit's transfer)
  await page
    .evaluate(async () => {
      const reg = await navigator.serviceWorker?.ready;
      if (!reg) return;
      for (let i = 0; i < 300; i++) {
        const ready = await (await caches.open('tabla-meta')).match(new URL('__ready', reg.scope).href);
        if (ready) return;
        await new Promise((r) => setTimeout(r, 50));
      }
    })
    .catch(() => null);
  await page.waitForTimeout(500);
  await Promise.all(pending);
  const first = rows.filter((r) => r.status < 400);
  const wanted = new Set(early.map(local));
  const before = first.filter((r) => r.network && r.by === 'page' && wanted.has(r.url));
  // a second visit in the same context: served by the service worker (not listened to)
  context.off('response', onResponse);
  await page.goto('about:blank');
  await page.goto(url);
  const warm = await markTime(page);
  await context.close();
  return {
    rows: first,
    missing: rows.filter((r) => r.status >= 400),
    before: new Set(before.map((r) => r.url)),

    beforeGz: mark === null ? null : before.reduce((s, r) => s + r.gz, 0),
    totalGz: first.filter((r) => r.network).reduce((s, r) => s + r.gz, 0),
    warm: warm === null ? null : Math.round(warm),
    errors,
  };
}

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.webmanifest': 'application/manifest+json',
};
/** The static server: `{ kill() }` either way. */
function serve() {
  if (process.env.TABLA_BUDGET_SERVER === 'python')
    return spawn('python3', ['-m', 'http.server', '-d', WWW, String(PORT), '--bind', '127.0.0.1'], { stdio: 'ignore' });
  const http = createServer((req, res) => {
    let file = path.join(WWW, decodeURIComponent(new URL(req.url, BASE).pathname));
    if (!file.startsWith(WWW)) file = WWW;
    try {
      if (statSync(file).isDirectory()) file = path.join(file, 'index.html');
      // Last-Modified and If-Modified-Since, as static hosts (and http.server) answer them: a
      // revalidation (the service worker fetching what the page already has) costs no body
      const modified = new Date(Math.floor(statSync(file).mtimeMs / 1000) * 1000);
      const since = Date.parse(req.headers['if-modified-since'] ?? '');
      if (since >= modified.getTime()) {
        res.writeHead(304);
        return res.end();
      }
      const body = readFileSync(file);
      res.writeHead(200, {
        'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
        'last-modified': modified.toUTCString(),
      });
      res.end(body);
    } catch {
      res.writeHead(404);
      res.end();
    }
  }).listen(PORT, '127.0.0.1');
  return { kill: () => http.close() };
}
const server = serve();
let failed = false;
try {
  await waitForServer();
  const hasPkg = existsSync(path.join(WWW, 'pkg', 'tabla_rules_backgammon_bg.wasm'));
  if (!hasPkg)
    console.log(
      `note: ${path.relative(ROOT, WWW) || '.'}/pkg is missing (bash scripts/build.sh builds the package and the site): the engine is missing from these numbers and the board never becomes interactive`,
    );
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', args: ARGS });
  // one load first, not counted: the browser's own start-up (its first renderer, caches) is
  // not the page's cost
  await timedVisit(browser, `${BASE}/index.html`);
  const results = [];
  // each page RUNS times from cold (a fresh profile each time); the median counts, the machine is shared
  const median = (a) => {
    const v = a.filter((x) => x !== null).sort((x, y) => x - y);
    return v.length ? v[Math.floor((v.length - 1) / 2)] : null;
  };
  for (const [name, url] of [
    ['home page', `${BASE}/index.html`],
    ['backgammon', `${BASE}/index.html?game=backgammon#play`],
    ['draughts', `${BASE}/index.html?game=russian-draughts#play`],
  ]) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await firstVisit(browser, url));
    const times = [];
    for (let i = 0; i < RUNS; i++) times.push(await timedVisit(browser, url));
    const m = (k) => median(runs.map((r) => r[k]));
    results.push({
      name,
      first: runs[0],
      tti: median(times),
      beforeGz: m('beforeGz'),
      totalGz: m('totalGz'),
      warm: m('warm'),
      all: times,
      errors: runs.flatMap((r) => r.errors),
    });
  }
  await browser.close();

  const r0 = results[0].first;
  console.log('\nfirst visit of the home page, per file (gzip -9 / raw; * fetched before interactive):');
  for (const r of [...r0.rows].sort((a, b) => b.gz - a.gz))
    console.log(
      `  ${r0.before.has(r.url) ? '*' : ' '} ${r.by.padEnd(4)} ${r.network ? 'net  ' : 'cache'} ${r.status} ${kb(r.gz).padStart(9)} ${kb(r.raw).padStart(10)}  ${r.url}`,
    );
  if (r0.missing.length) console.log(`  (not found: ${r0.missing.map((r) => r.url).join(', ')})`);
  console.log('\nmedian of the cold first visits:');
  const verdict = (ok) => (ok ? 'OK' : 'OVER');
  for (const r of results) {
    const ttiOk = r.tti !== null && r.tti <= AIM_MS;
    const beforeOk = r.beforeGz !== null && r.beforeGz / 1024 <= AIM_BEFORE_KB;
    const totalOk = r.totalGz / 1024 < AIM_TOTAL_KB;
    if (!ttiOk || !beforeOk || !totalOk) failed = true;
    console.log(
      `${r.name}: interactive ${r.tti === null ? 'NEVER' : `${r.tti} ms`} (runs ${r.all.map((x) => x ?? '—').join(', ')}; aim <= ${AIM_MS} ms: ${verdict(ttiOk)}), ` +
        `before it ${r.beforeGz === null ? '—' : kb(r.beforeGz)} (aim <= ${AIM_BEFORE_KB} KB: ${verdict(beforeOk)}), ` +
        `first visit ${kb(r.totalGz)} (aim < ${AIM_TOTAL_KB} KB: ${verdict(totalOk)}); warm (service worker) ${r.warm === null ? '—' : `${r.warm} ms`}`,
    );
    if (r.errors.length) console.log(`  page errors: ${r.errors.join(' | ')}`);
  }
} finally {
  server.kill();
}
if (strict && failed) process.exit(1);
