// The npm package as a JavaScript developer meets it: `npm pack` of pkg/ (built by
// scripts/build.sh), installed from the tarball into each consumer project of tests/consumers/
// (copied to target/consumers/, so that the committed projects stay clean), built with its own
// tool, then run: the browser bundles in Debian's headless Chromium served from 127.0.0.1, the
// Node ones in Node. Each plays a move of every game and a computer move (shared/play.js).
// Also publint --strict and npm publish --dry-run on the package.
// Offline-safe: the bundlers are the repository's pinned devDependencies (found by Node's
// resolution from target/consumers/*), and the tarball has no dependencies to fetch.
// Prints a table `consumer  result` and `consumers: N passed, M failed`; exits 1 on a failure.
// Usage: node scripts/test-consumers.mjs [NAME ...]   (after bash scripts/build.sh)
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const pkg = join(root, 'pkg');
const work = join(root, 'target', 'consumers');
const only = process.argv.slice(2);

/** Browser consumers: the folder to serve at the root of an origin once built, as a site would
 * deploy it, and the page there (default its index.html). Node consumers: run with `npm start`. */
const consumers = [
  { name: 'vite', site: 'dist' },
  { name: 'vite6', site: 'dist' },
  { name: 'vite-worker', site: 'dist' },
  { name: 'webpack', site: 'dist' },
  { name: 'rollup', site: 'dist' },
  { name: 'esbuild', site: 'dist' },
  { name: 'plain', site: '..', page: 'plain/' }, // it imports ../shared/ unbundled
  // <tabla-board> (`import 'tabla/board'`) bundled by Vite, and loaded by a plain page from the
  // installed package served on another origin (`cdn`, with CORS); both play against the
  // computer opponent in the package's worker
  { name: 'vite-board', site: 'dist' },
  { name: 'board-cdn', site: '..', page: 'board-cdn/', cdn: 'board-cdn/node_modules/tabla' },
  { name: 'node-esm' },
  { name: 'node-require' },
  { name: 'typescript' },
].filter((c) => only.length === 0 || only.includes(c.name));

const results = [];
const started = performance.now();

function run(cmd, args, cwd) {
  const r = spawnSync(cmd, args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, npm_config_update_notifier: 'false', npm_config_fund: 'false', NO_COLOR: '1' },
    maxBuffer: 64 << 20,
  });
  const output = `${r.stdout ?? ''}${r.stderr ?? ''}`;
  if (r.status !== 0) {
    const tail = output.trim().split('\n').slice(-25).join('\n');
    throw new Error(`${cmd} ${args.join(' ')} exited ${r.status ?? r.signal} in ${cwd}\n${tail}`);
  }
  return output;
}

async function record(name, work) {
  const t0 = performance.now();
  try {
    const detail = await work();
    results.push({ name, ok: true, ms: performance.now() - t0, detail });
  } catch (e) {
    results.push({ name, ok: false, ms: performance.now() - t0, detail: String(e?.message ?? e) });
  }
}

if (!existsSync(join(pkg, 'package.json'))) {
  console.error('pkg/ is missing: run bash scripts/build.sh first');
  process.exit(1);
}
rmSync(work, { recursive: true, force: true });
cpSync(join(root, 'tests', 'consumers'), work, { recursive: true });

// The tarball, under a fixed name that the consumers' package.json files depend on.
const packed = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', work], pkg))[0];
renameSync(join(work, packed.filename), join(work, 'tabla.tgz'));
const packedFiles = packed.files.map((f) => f.path).sort();

await record('tarball', () => {
  const missing = ['LICENSE-MIT', 'LICENSE-APACHE', 'README.md', 'package.json'].filter(
    (f) => !packedFiles.includes(f),
  );
  if (missing.length) throw new Error(`missing from the tarball: ${missing.join(', ')}`);
  // The README's relative links must name files that ship; the types must not cite documents
  // that do not (RULES.md, docs/...).
  const readme = readFileSync(join(pkg, 'README.md'), 'utf8');
  const links = [...readme.matchAll(/\]\(([^)#\s]+)[^)]*\)/g)].map((m) => m[1]).filter((l) => !/^[a-z]+:/.test(l));
  const dangling = links.filter((l) => !packedFiles.includes(l.replace(/^\.\//, '')));
  if (dangling.length) throw new Error(`README links to files not in the tarball: ${dangling.join(', ')}`);
  for (const f of packedFiles.filter((f) => f.endsWith('.d.ts'))) {
    const cited = readFileSync(join(pkg, f), 'utf8').match(/\b(RULES|DESIGN)\.md\b|\bdocs\/[\w.-]+/);
    if (cited) throw new Error(`${f} cites ${cited[0]}, which is not in the package`);
  }
  return `${packedFiles.length} files, ${(packed.size / 1024).toFixed(0)} KB packed`;
});
await record('publint --strict', () => {
  const out = run(join(root, 'node_modules', '.bin', 'publint'), ['--strict', '--pack', 'npm', pkg], root);
  return out.trim().split('\n').at(-1);
});
await record('npm publish --dry-run', () => {
  const out = run('npm', ['publish', '--dry-run', '--tag', 'dry-run'], pkg);
  const line = out.split('\n').find((l) => l.includes('+ tabla@'));
  if (!line) throw new Error(`no "+ tabla@" line in:\n${out}`);
  return line.replace(/^npm notice\s*/, '').trim();
});

// Install and build every consumer first, then run them (one browser for all the pages).
const built = [];
for (const c of consumers) {
  const dir = join(work, c.name);
  await record(`${c.name} (build)`, () => {
    run(
      'npm',
      ['install', '--offline', '--no-audit', '--ignore-scripts', '--no-package-lock', '--loglevel=error'],
      dir,
    );
    const scripts = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).scripts ?? {};
    if (!scripts.build) return 'no build step';
    run('npm', ['run', '--silent', 'build'], dir);
    // Both builds must be emitted, so that an engine without SIMD finds its module too; a board's
    // bundle also the rules module its page plays on.
    if (c.site === 'dist') {
      const emitted = new Set(
        readdirSync(join(dir, 'dist'), { recursive: true })
          .filter((f) => f.endsWith('.wasm'))
          .map((f) => readFileSync(join(dir, 'dist', f)).length),
      );
      for (const f of [
        'tabla_bg.wasm',
        'tabla_plain_bg.wasm',
        ...(c.name.includes('board') ? ['tabla_rules_bg.wasm'] : []),
      ]) {
        if (!emitted.has(statSync(join(pkg, f)).size)) throw new Error(`the build did not emit ${f}`);
      }
    }
    return `npm run build: ${scripts.build}`;
  });
  if (results.at(-1).ok) built.push(c);
  else results.push({ name: c.name, ok: false, ms: 0, detail: 'not run: the build failed' });
}

const browserConsumers = built.filter((c) => c.site);
if (browserConsumers.length) {
  let browser;
  try {
    const { chromium } = await import('playwright-core');
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
    });
    for (const c of browserConsumers) {
      const { server, origin } = await serve(join(work, c.name, c.site));
      const cdn = c.cdn ? await serve(join(work, c.cdn), { cors: true }) : null;
      const query = cdn ? `?cdn=${encodeURIComponent(cdn.origin)}` : '';
      await record(c.name, () => runPage(browser, `${origin}/${c.page ?? ''}${query}`)).finally(() => {
        server.close();
        cdn?.server.close();
      });
    }
    // The Vite project once more, through its dev server (which pre-bundles dependencies).
    if (browserConsumers.some((c) => c.name === 'vite')) {
      await record('vite (dev server)', async () => {
        const dev = await viteDev(join(work, 'vite'));
        try {
          return await runPage(browser, dev.origin);
        } finally {
          dev.stop();
        }
      });
    }
  } catch (e) {
    for (const c of browserConsumers) {
      if (!results.some((r) => r.name === c.name)) results.push({ name: c.name, ok: false, ms: 0, detail: String(e) });
    }
  } finally {
    await browser?.close();
  }
}
for (const c of built.filter((c) => !c.site)) {
  await record(c.name, () => run('npm', ['start', '--silent'], join(work, c.name)).trim());
}

// The report.
const width = Math.max(...results.map((r) => r.name.length), 'consumer'.length) + 2;
console.log(`${'consumer'.padEnd(width)}result`);
for (const r of results) {
  const [first, ...rest] = r.detail.split('\n');
  console.log(`${r.name.padEnd(width)}${r.ok ? 'PASS' : 'FAIL'}  ${(r.ms / 1000).toFixed(1)} s  ${first}`);
  if (!r.ok) for (const line of rest) console.log(`${' '.repeat(width)}  | ${line}`);
}
const failed = results.filter((r) => !r.ok).length;
console.log(`(${((performance.now() - started) / 1000).toFixed(1)} s in all)`);
console.log(`consumers: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);

/** Opens a consumer's page; passes when it reports success and nothing failed to load or threw.
 * Gives up at the first such problem (after a moment to collect the others), or after 30 s. */
async function runPage(browser, url) {
  const page = await browser.newPage();
  const problems = [];
  const wasm = new Set();
  let problem;
  const failed = new Promise((resolve) => {
    problem = (text) => {
      problems.push(text);
      setTimeout(resolve, 500);
    };
  });
  page.on('pageerror', (e) => problem(`page error: ${e.message}`));
  page.on('console', (m) => m.type() === 'error' && problem(`console error: ${m.text()}`));
  page.on('requestfailed', (r) => problem(`request failed: ${r.url()}`));
  page.on('response', (r) => {
    if (r.status() >= 400) problem(`HTTP ${r.status()}: ${r.url()}`);
    else if (r.url().endsWith('.wasm')) wasm.add(r.url().split('/').at(-1));
  });
  try {
    await page.goto(url);
    const done = page.waitForFunction(() => window.tablaResult !== undefined, null, { timeout: 30_000 });
    await Promise.race([done, failed]);
    const result = await page.evaluate(() => window.tablaResult);
    if (result && !result.ok) problems.unshift(result.detail);
    if (!result && !problems.length) problems.push('the page reported nothing');
    if (problems.length) throw new Error(problems.join('\n'));
    return `${result.detail}${wasm.size ? ` [${[...wasm].join(', ')}]` : ''}`;
  } finally {
    await page.close();
  }
}

/** Starts `vite` (the dev server) in `dir` on a free port of 127.0.0.1; resolves once it listens. */
async function viteDev(dir) {
  const port = await new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
  const child = spawn(
    join(root, 'node_modules', '.bin', 'vite'),
    ['--host', '127.0.0.1', '--port', port, '--strictPort'],
    {
      cwd: dir,
      env: { ...process.env, NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let log = '';
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the dev server did not start in 20 s:\n${log}`)), 20_000);
    const seen = (chunk) => {
      log += chunk;
      if (log.includes(`127.0.0.1:${port}`)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', seen);
    child.stderr.on('data', seen);
    child.on('exit', (code) => reject(new Error(`the dev server exited (${code}):\n${log}`)));
  });
  return { origin: `http://127.0.0.1:${port}/`, stop: () => child.kill() };
}

/** A static server for `dir` on 127.0.0.1 (a free port), with the MIME types browsers check;
 * `cors`: every answer allows any origin, as a CDN's does. */
function serve(dir, { cors = false } = {}) {
  const types = {
    '.html': 'text/html; charset=utf-8',
    '.js': 'text/javascript; charset=utf-8',
    '.mjs': 'text/javascript; charset=utf-8',
    '.json': 'application/json',
    '.wasm': 'application/wasm',
    '.css': 'text/css',
  };
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname));
    const file = join(dir, path.endsWith('/') ? `${path}index.html` : path);
    if (!file.startsWith(dir) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(200, {
      'content-type': types[extname(file)] ?? 'application/octet-stream',
      ...(cors ? { 'access-control-allow-origin': '*' } : {}),
    });
    res.end(readFileSync(file));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, origin: `http://127.0.0.1:${server.address().port}` })),
  );
}
