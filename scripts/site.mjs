#!/usr/bin/env node
// Builds the served web app into site/ (gitignored) from www/: the same files at the same paths,
// every script (the app's modules, the service worker, the generated glue in www/pkg) and the
// stylesheet minified by esbuild one file at a time (ES modules stay ES modules, so each import,
// dynamic import and `new URL(..., import.meta.url)` keeps naming the file it named), each .js with
// its source map beside it (sources embedded: the maps are fetched only by developer tools);
// everything else copied as is. Then scripts/precache.mjs lists the built files and their hashes
// for the service worker. Run by scripts/build.sh (after www/pkg is built), scripts/serve.sh and
// the Playwright web server; takes about a second.
// Usage: node scripts/site.mjs [out-dir] (default site/).
import { transform } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WWW = path.join(ROOT, 'www');
const OUT = path.resolve(process.argv[2] || path.join(ROOT, 'site'));
// the browsers the app supports: module workers, top-level await not needed, optional chaining
const TARGET = ['chrome100', 'firefox100', 'safari15.4'];

if (!existsSync(path.join(WWW, 'pkg', 'tabla_rules_backgammon.js')))
  console.warn('site: www/pkg is not built (bash scripts/build.sh): the site has no engine');

const started = Date.now();
rmSync(OUT, { recursive: true, force: true });
// precache.json is the site's own, written below from the built files; the glue's .d.ts is not served
cpSync(WWW, OUT, {
  recursive: true,
  filter: (src) => path.relative(WWW, src) !== 'precache.json' && !src.endsWith('.d.ts'),
});

function* walk(dir) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) yield* walk(p);
    else yield p;
  }
}

let raw = 0,
  min = 0;
const jobs = [];
for (const file of walk(OUT)) {
  const rel = path.relative(OUT, file).split(path.sep).join('/');
  const isJs = rel.endsWith('.js');
  if (!isJs && !rel.endsWith('.css')) continue;
  const code = readFileSync(file, 'utf8');
  jobs.push(
    transform(code, {
      loader: isJs ? 'js' : 'css',
      minify: true,
      target: TARGET,
      // the glue's and the app's licence headers stay (/*! ... */ and @license comments)
      legalComments: 'inline',
      // non-ASCII text (the translations) as UTF-8, not \u escapes: ru.js and bg.js are a third
      // smaller raw and smaller gzipped (the page is served as UTF-8: <meta charset>)
      charset: 'utf8',
      ...(isJs ? { sourcemap: 'external', sourcefile: `www/${rel}`, sourcesContent: true } : {}),
    }).then((r) => {
      raw += code.length;
      min += r.code.length;
      const base = path.basename(file);
      if (isJs) {
        writeFileSync(file, `${r.code}//# sourceMappingURL=${base}.map\n`);
        writeFileSync(`${file}.map`, r.map);
      } else writeFileSync(file, r.code);
    }),
  );
}
await Promise.all(jobs);
execFileSync('node', [path.join(ROOT, 'scripts', 'precache.mjs'), OUT], { stdio: 'inherit' });
console.log(
  `site: ${jobs.length} scripts and stylesheets minified, ${(raw / 1024).toFixed(0)} KB -> ${(min / 1024).toFixed(0)} KB, in ${Date.now() - started} ms -> ${path.relative(process.cwd(), OUT) || '.'}`,
);
