// Writes www/precache.json, the service worker's one versioned set of files: every file the pages
// load (found by following index.html, embed.html and the web manifest, then each module's
// imports, dynamic imports and `new URL('…', import.meta.url)` references; a template literal such
// as `./${code}.js` stands for every file its pattern matches), each with its SHA-256, plus the
// set's version (a hash of the listing). Usage: node scripts/precache.mjs [www-dir]
//
// Invariant: a file a page can fetch from its own origin is in the set, or the build fails here
// (a reference to a missing file); tests/e2e/faults-sw.spec.js checks the listing against the
// requests a real session makes.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, posix, relative } from 'node:path';

const root = process.argv[2] || new URL('../www', import.meta.url).pathname;
const ROOTS = ['index.html', 'embed.html', 'manifest.webmanifest'];

const files = new Set();
const queue = [...ROOTS];
const missing = [];

/** Resolve a reference made by `from` (a path relative to root) to root-relative paths. */
function resolveRef(from, ref) {
  if (/^(data:|https?:|blob:|#|mailto:)/.test(ref) || ref.startsWith('//')) return [];
  const clean = ref.split(/[?#]/)[0];
  if (clean === '' || clean === './') return [];
  if (!clean.includes('${')) return [posix.normalize(posix.join(posix.dirname(from), clean))];
  // a template literal: every file in its directory that matches the pattern
  const pattern = posix.normalize(posix.join(posix.dirname(from), clean));
  const dir = posix.dirname(pattern);
  const esc = posix
    .basename(pattern)
    .split(/\$\{[^}]*\}/)
    .map((s) => s.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
    .join('[^/]+');
  const re = new RegExp(`^${esc}$`);
  const abs = join(root, dir);
  if (!existsSync(abs)) return [];
  return readdirSync(abs)
    .filter((n) => re.test(n))
    .map((n) => posix.join(dir, n));
}

/**
 * The argument text of every call `re` finds (it matches up to the opening parenthesis): up to the
 * parenthesis that closes it, string literals skipped, so that minified code (no newline or `;`
 * after a call) reads as well as the source.
 */
function* callArguments(text, re) {
  for (const m of text.matchAll(re)) {
    const start = m.index + m[0].length;
    let depth = 1;
    let i = start;
    while (i < text.length && depth > 0) {
      const c = text[i];
      if (c === "'" || c === '"' || c === '`') {
        for (i++; i < text.length && text[i] !== c; i++) if (text[i] === '\\') i++;
      } else if (c === '(') depth++;
      else if (c === ')') depth--;
      i++;
    }
    if (depth === 0) yield text.slice(start, i - 1);
  }
}

function references(path, text) {
  const refs = [];
  const add = (r) => refs.push(...resolveRef(path, r));
  if (path.endsWith('.html')) {
    for (const m of text.matchAll(/<(?:script|link|img|source)\b[^>]*?\s(?:src|href)\s*=\s*"([^"]+)"/g)) add(m[1]);
  } else if (path.endsWith('.webmanifest')) {
    const man = JSON.parse(text);
    for (const i of man.icons || []) add(i.src);
  } else if (path.endsWith('.js')) {
    const str = /(['"`])((?:(?!\1)[^\\\n]|\\.)*)\1/g;
    for (const m of text.matchAll(/\b(?:import|export)\b[^'"`;()]*?\bfrom\s*(['"])([^'"]+)\1/g)) add(m[2]);
    for (const m of text.matchAll(/^\s*import\s*(['"])([^'"]+)\1/gm)) add(m[2]);
    // import(…) and new URL(…, import.meta.url): every string literal in the argument
    for (const arg of callArguments(text, /\bimport\s*\(/g)) for (const s of arg.matchAll(str)) add(s[2]);
    for (const m of text.matchAll(/new URL\(\s*([^;]*?),\s*import\.meta\.url\s*\)/g))
      for (const s of m[1].matchAll(str)) add(s[2]);
  } else if (path.endsWith('.css')) {
    for (const m of text.matchAll(/url\(\s*['"]?([^'")]+)['"]?\s*\)/g)) add(m[1]);
  }
  return refs;
}

while (queue.length) {
  const p = queue.shift();
  if (files.has(p)) continue;
  const abs = join(root, p);
  if (!existsSync(abs) || !statSync(abs).isFile()) {
    missing.push(p);
    continue;
  }
  files.add(p);
  if (/\.(html|js|css|webmanifest)$/.test(p)) queue.push(...references(p, readFileSync(abs, 'utf8')));
}
if (missing.length) {
  console.error(`precache: referenced but missing: ${missing.join(', ')}`);
  process.exit(1);
}
// the page's rules modules (one per game family: js/engine.js) and both builds of the full
// module (the worker's: www/sw.js fetches the one this browser runs)
for (const w of [
  'pkg/tabla_rules_backgammon_bg.wasm',
  'pkg/tabla_rules_draughts_bg.wasm',
  'pkg/tabla_bg.wasm',
  'pkg/tabla_plain_bg.wasm',
]) {
  if (!files.has(w)) {
    console.error(`precache: ${w} is not referenced by js/engine.js or pkg/index.js`);
    process.exit(1);
  }
}

const sorted = [...files].sort();
const hashes = {};
for (const p of sorted)
  hashes[p] = createHash('sha256')
    .update(readFileSync(join(root, p)))
    .digest('hex');
const version = createHash('sha256').update(JSON.stringify(hashes)).digest('hex').slice(0, 16);
writeFileSync(join(root, 'precache.json'), `${JSON.stringify({ version, files: hashes }, null, 1)}\n`);
console.log(
  `precache: ${sorted.length} files, version ${version} -> ${relative(process.cwd(), join(root, 'precache.json'))}`,
);
