// Which parts of the .wasm cost: the module built as scripts/build.sh builds it (plain, without
// SIMD) but with its function names kept, then every function body's size summed by the crate
// and module its name starts with. A size regression is found by running it before and after.
// Usage: node scripts/wasm-parts.mjs [--features ai,formats,link|none] [--top N] [--depth D] [--filter TEXT]
//        node scripts/wasm-parts.mjs --file some.wasm   (a module that kept its name section)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i < 0 ? fallback : process.argv[i + 1];
};
const top = Number(arg('--top', 40));
const depth = Number(arg('--depth', 2));
const filter = arg('--filter', '');
let file = arg('--file', null);
if (!file) {
  const features = arg('--features', 'ai,formats,link');
  const run = (cmd, args) => execFileSync(cmd, args, { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  const cargo = ['build', '--quiet', '--target', 'wasm32-unknown-unknown', '--profile', 'wasm', '--lib'];
  run('cargo', [...cargo, '--no-default-features', ...(features === 'none' ? [] : ['--features', features])]);
  const out = mkdtempSync(join(tmpdir(), 'tabla-parts-'));
  const built = join(root, 'target/wasm32-unknown-unknown/wasm/tabla.wasm');
  run('wasm-bindgen', ['--target', 'web', '--out-name', 'tabla', '--out-dir', out, built]);
  file = join(out, 'tabla_bg.wasm');
  run(join(root, 'node_modules/.bin/wasm-opt'), [
    '-Oz',
    '-g',
    '--enable-bulk-memory',
    '--enable-nontrapping-float-to-int',
    '--enable-sign-ext',
    '--enable-mutable-globals',
    '--enable-reference-types',
    '--enable-multivalue',
    file,
    '-o',
    file,
  ]);
}

const b = readFileSync(file);
let p = 8;
const leb = () => {
  let r = 0;
  let s = 0;
  for (;;) {
    const x = b[p++];
    r += (x & 0x7f) * 2 ** s;
    s += 7;
    if (x < 0x80) return r;
  }
};
const name = () => {
  const n = leb();
  const s = b.toString('utf8', p, p + n);
  p += n;
  return s;
};
let imported = 0;
const bodies = [];
const names = new Map();
const sections = {};
while (p < b.length) {
  const id = b[p++];
  const size = leb();
  const end = p + size;
  if (id === 2) {
    for (let n = leb(); n > 0; n--) {
      name();
      name();
      const kind = b[p++];
      if (kind === 0) {
        leb();
        imported++;
      } else if (kind === 1) {
        p++;
        const f = leb();
        leb();
        if (f & 1) leb();
      } else if (kind === 2) {
        const f = leb();
        leb();
        if (f & 1) leb();
      } else if (kind === 3) p += 2;
    }
  } else if (id === 10) {
    for (let n = leb(); n > 0; n--) {
      const len = leb();
      bodies.push(len);
      p += len;
    }
  } else if (id === 0) {
    const start = p;
    const custom = name();
    sections[`custom ${custom}`] = end - start;
    if (custom === 'name') {
      while (p < end) {
        const sub = b[p++];
        const len = leb();
        const subEnd = p + len;
        if (sub === 1) {
          for (let n = leb(); n > 0; n--) names.set(leb(), name());
        }
        p = subEnd;
      }
    }
  }
  if (id !== 0)
    sections[
      [
        'custom',
        'type',
        'import',
        'function',
        'table',
        'memory',
        'global',
        'export',
        'start',
        'element',
        'code',
        'data',
        'datacount',
      ][id] ?? id
    ] = size;
  p = end;
}

/** Rust's legacy mangling (`_ZN3foo3bar17h0123456789abcdefE`) as `foo::bar`. */
const demangle = (s) => {
  if (!s.startsWith('_ZN')) return s;
  const parts = [];
  let i = 3;
  while (i < s.length && s[i] !== 'E') {
    let n = 0;
    while (s[i] >= '0' && s[i] <= '9') n = n * 10 + Number(s[i++]);
    parts.push(s.slice(i, i + n));
    i += n;
  }
  if (/^h[0-9a-f]{16}$/.test(parts.at(-1))) parts.pop();
  return parts
    .join('::')
    .replace(/\$LT\$/g, '<')
    .replace(/\$GT\$/g, '>')
    .replace(/\$u20\$/g, ' ')
    .replace(/\$RF\$/g, '&')
    .replace(/\$C\$/g, ',')
    .replace(/\.\./g, '::')
    .replace(/\$u7b\$/g, '{')
    .replace(/\$u7d\$/g, '}');
};

const funcs = bodies.map((size, i) => ({ size, name: demangle(names.get(i + imported) ?? `func ${i + imported}`) }));
const total = funcs.reduce((a, f) => a + f.size, 0);
/** The crate and module a function belongs to: the first path of its name, `<T as Trait>` read as T. */
const group = (n) => {
  const inner = n.match(/^<([^ >]+)/);
  const path = (inner ? inner[1] : n).replace(/^&(mut )?/, '').split('::');
  return path.slice(0, depth).join('::');
};
const groups = new Map();
for (const f of funcs) groups.set(group(f.name), (groups.get(group(f.name)) ?? 0) + f.size);
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log(
  `${file}: ${b.length} bytes; sections:`,
  Object.entries(sections)
    .map(([k, v]) => `${k} ${kb(v)}`)
    .join(', '),
);
console.log(`code: ${funcs.length} functions, ${kb(total)}\n\nby crate/module (depth ${depth}):`);
for (const [g, size] of [...groups].sort((x, y) => y[1] - x[1]).slice(0, top)) {
  console.log(`${String(size).padStart(8)}  ${((100 * size) / total).toFixed(1).padStart(5)}%  ${g}`);
}
console.log('\nlargest functions:');
for (const f of funcs
  .filter((f) => f.name.includes(filter))
  .sort((x, y) => y.size - x.size)
  .slice(0, top)) {
  console.log(`${String(f.size).padStart(8)}  ${f.name.slice(0, 150)}`);
}
