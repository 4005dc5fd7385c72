// A static server for the fault tests: serves a private copy of the built site (site/, which the
// Playwright web server builds with scripts/site.mjs before the tests), so that a test can "deploy"
// a new version into it; can fail or replace chosen files, and can send a Content-Security-Policy.
import { execFileSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';

const WWW = new URL('../../site', import.meta.url).pathname;
const PRECACHE = new URL('../../scripts/precache.mjs', import.meta.url).pathname;
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.wasm': 'application/wasm',
};

/**
 * Start a server over a fresh copy of the site. Returns { url, dir, fail, override, headers, log,
 * deploy(tag, { only }), close() }: `fail` is a Set of paths answered with HTTP 500, `override` a
 * Map of path -> Buffer served instead of the file, `headers` extra headers on every answer.
 */
export async function startServer() {
  const dir = mkdtempSync(join(tmpdir(), 'tabla-www-'));
  cpSync(WWW, dir, { recursive: true });
  execFileSync('node', [PRECACHE, dir]);
  const fail = new Set();
  const override = new Map();
  const headers = {};
  const log = [];
  const server = createServer((req, res) => {
    let path = decodeURIComponent(new URL(req.url, 'http://x').pathname).slice(1);
    if (path === '' || path.endsWith('/')) path += 'index.html';
    path = normalize(path);
    log.push(path);
    if (fail.has(path)) {
      res.writeHead(500);
      res.end('injected failure');
      return;
    }
    let body;
    try {
      body = override.get(path) ?? readFileSync(join(dir, path));
    } catch {
      res.writeHead(404);
      res.end('not found');
      return;
    }
    res.writeHead(200, {
      'Content-Type': TYPES[extname(path)] || 'application/octet-stream',
      'Cache-Control': 'no-cache',
      ...headers,
    });
    res.end(body);
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${server.address().port}/`;

  /**
   * A new version: a marker comment in every .js file and a custom section in every .wasm (still
   * valid modules), then the precache manifest rebuilt. `only` limits the files changed.
   */
  function deploy(tag, { only = null } = {}) {
    const manifest = JSON.parse(readFileSync(join(dir, 'precache.json'), 'utf8'));
    for (const p of Object.keys(manifest.files)) {
      if (only && !only.includes(p)) continue;
      const abs = join(dir, p);
      if (p.endsWith('.js')) appendFileSync(abs, `\n// deploy ${tag}\n`);
      if (p.endsWith('.wasm')) appendFileSync(abs, customSection(`deploy-${tag}`));
    }
    execFileSync('node', [PRECACHE, dir]);
  }

  return {
    url,
    dir,
    fail,
    override,
    headers,
    log,
    deploy,
    file: (p) => readFileSync(join(dir, p)),
    close: () =>
      new Promise((r) => {
        server.closeAllConnections?.();
        server.close(() => {
          rmSync(dir, { recursive: true, force: true });
          r();
        });
      }),
  };
}

/** A wasm custom section (id 0) named `name`: appending it keeps the module valid. */
function customSection(name) {
  const n = Buffer.from(name);
  const payload = Buffer.concat([Buffer.from([n.length]), n]);
  return Buffer.concat([Buffer.from([0, payload.length]), payload]);
}
