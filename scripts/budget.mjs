#!/usr/bin/env node
// Performance budget of the front end, measured in Debian's Chromium with Playwright:
//  1. first-visit transfer: every response of a cold first visit (the page, its modules, the
//     .wasm, and what the service worker precaches), counted at its gzip -9 size, as a server
//     that compresses would send it (Python's http.server does not compress, so we compute it);
//  2. time to interactive on localhost: navigation start until the board is drawn and takes input
//     (the page's `tabla-interactive` performance mark), cold and warm (service worker).
// Aims: < 400 KB and < 500 ms. Usage: node scripts/budget.mjs [--strict] (exit 1 when over).
import { chromium } from 'playwright-core';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WWW = path.join(ROOT, 'www');
const PORT = Number(process.env.TABLA_BUDGET_PORT || 8125);
const BASE = `http://127.0.0.1:${PORT}`;
const AIM_KB = 400,
  AIM_MS = 500;
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

async function firstVisit(browser, url) {
  const context = await browser.newContext({ serviceWorkers: 'allow' });
  const rows = [];
  const pending = [];
  context.on('response', (res) => {
    pending.push(
      (async () => {
        const req = res.request();
        let body = Buffer.alloc(0);
        try {
          body = await res.body();
        } catch {
          /* the service worker's own fetches may not expose bodies */
        }
        if (!body.length && res.status() === 200) {
          // a body that came over the network but is not exposed here: take the served file;
          // a revalidated one (304 turned 200 from the HTTP cache) cost no body at all
          let sent = 1;
          try {
            sent = (await req.sizes()).responseBodySize;
          } catch {
            /* unknown: assume sent */
          }
          const file = path.join(WWW, decodeURIComponent(new URL(res.url()).pathname));
          if (sent > 0) {
            try {
              body = readFileSync(file.endsWith(path.sep) ? path.join(file, 'index.html') : file);
            } catch {
              /* gone */
            }
          }
        }
        rows.push({
          url: res.url().replace(BASE, ''),
          status: res.status(),
          raw: body.length,
          gz: body.length ? gzipSync(body, { level: 9 }).length : 0,
          by: req.serviceWorker() ? 'sw' : 'page',
        });
      })(),
    );
  });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(url);
  const tti = await page.evaluate(
    () =>
      new Promise((resolve) => {
        const find = () => performance.getEntriesByName('tabla-interactive')[0];
        const done = () => resolve(Math.round(find().startTime));
        if (find()) return done();
        const t = setInterval(() => {
          if (find()) {
            clearInterval(t);
            done();
          }
        }, 10);
        setTimeout(() => {
          clearInterval(t);
          resolve(null);
        }, 15000);
      }),
  );
  // let the service worker finish precaching (it is part of the first visit's transfer)
  await page.evaluate(() => navigator.serviceWorker?.ready).catch(() => null);
  await page.waitForTimeout(1500);
  await Promise.all(pending);
  const first = rows.slice();
  // a second visit in the same context: served by the service worker
  await page.goto('about:blank');
  await page.goto(url);
  const warm = await page.evaluate(
    () =>
      new Promise((resolve) => {
        const t = setInterval(() => {
          const e = performance.getEntriesByName('tabla-interactive')[0];
          if (e) {
            clearInterval(t);
            resolve(Math.round(e.startTime));
          }
        }, 10);
        setTimeout(() => {
          clearInterval(t);
          resolve(null);
        }, 15000);
      }),
  );
  await context.close();
  return { rows: first, tti, warm, errors };
}

const server = spawn('python3', ['-m', 'http.server', '-d', WWW, String(PORT), '--bind', '127.0.0.1'], {
  stdio: 'ignore',
});
let failed = false;
try {
  await waitForServer();
  const hasPkg = existsSync(path.join(WWW, 'pkg', 'tabla_bg.wasm'));
  if (!hasPkg)
    console.log(
      'note: www/pkg is not built (bash scripts/build.sh): the engine is missing from these numbers and the board never becomes interactive',
    );
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', args: ARGS });
  const results = [];
  // each page three times from cold (a fresh profile each time); the median counts, the machine is shared
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
    results.push({
      name,
      ...runs[0],
      tti: median(runs.map((r) => r.tti)),
      warm: median(runs.map((r) => r.warm)),
      all: runs.map((r) => r.tti),
      errors: runs.flatMap((r) => r.errors),
    });
  }
  await browser.close();

  const r0 = results[0];
  const ok = r0.rows.filter((r) => r.status < 400);
  const byPage = ok.filter((r) => r.by === 'page'),
    bySw = ok.filter((r) => r.by === 'sw');
  const sum = (a, k) => a.reduce((s, r) => s + r[k], 0);
  console.log('\nfirst visit of the home page, per file (gzip -9 / raw):');
  for (const r of [...ok].sort((a, b) => b.gz - a.gz))
    console.log(`  ${r.by.padEnd(4)} ${r.status} ${kb(r.gz).padStart(9)} ${kb(r.raw).padStart(10)}  ${r.url}`);
  const missing = r0.rows.filter((r) => r.status >= 400);
  if (missing.length) console.log(`  (not found: ${missing.map((r) => r.url).join(', ')})`);
  const pageGz = sum(byPage, 'gz'),
    allGz = sum(ok, 'gz');
  console.log(
    `\nfirst-visit transfer (gzipped): ${kb(allGz)} in ${ok.length} responses ` +
      `(${kb(pageGz)} loaded by the page, ${kb(sum(bySw, 'gz'))} precached by the service worker); raw ${kb(sum(ok, 'raw'))}` +
      ` — aim < ${AIM_KB} KB: ${allGz / 1024 < AIM_KB ? 'OK' : 'OVER'}`,
  );
  if (allGz / 1024 >= AIM_KB) failed = true;
  for (const r of results) {
    const verdict = r.tti === null ? 'NOT INTERACTIVE' : r.tti < AIM_MS ? 'OK' : 'OVER';
    if (verdict !== 'OK') failed = true;
    console.log(
      `time to interactive, ${r.name}: ${r.tti === null ? '—' : `${r.tti} ms`} cold (median of ${r.all.map((x) => x ?? '—').join(', ')}), ${r.warm === null ? '—' : `${r.warm} ms`} warm (service worker) — aim < ${AIM_MS} ms: ${verdict}`,
    );
    if (r.errors.length) console.log(`  page errors: ${r.errors.join(' | ')}`);
  }
} finally {
  server.kill();
}
if (strict && failed) process.exit(1);
