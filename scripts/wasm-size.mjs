// Prints the size of pkg/tabla_bg.wasm raw and gzipped, and gzipped without the neural-network
// weights (issue 4's measure: the engines and bindings). The weights are compiled in verbatim
// (include_bytes!), so they are found in the module and zeroed, which gzip reduces to nothing.
// With --rules-only it first builds the module without the computer opponents (cargo feature
// `ai` off: the two rules engines and their bindings only) into target/rules-only/ and measures
// that instead.
// Usage: node scripts/wasm-size.mjs [file.wasm] | node scripts/wasm-size.mjs --rules-only
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const root = new URL('..', import.meta.url);
const rulesOnly = process.argv[2] === '--rules-only';
let file = process.argv[2] ?? new URL('pkg/tabla_bg.wasm', root).pathname;
if (rulesOnly) {
  const run = (cmd, args) => execFileSync(cmd, args, { cwd: root.pathname, stdio: ['ignore', 'ignore', 'inherit'] });
  run('cargo', [
    'build',
    '--quiet',
    '--target',
    'wasm32-unknown-unknown',
    '--profile',
    'wasm',
    '--lib',
    '--no-default-features',
    '--target-dir',
    'target/rules-only',
  ]);
  const out = mkdtempSync(join(tmpdir(), 'tabla-rules-'));
  run('bash', ['scripts/wasm-finish.sh', 'target/rules-only/wasm32-unknown-unknown/wasm/tabla.wasm', out]);
  file = join(out, 'tabla_bg.wasm');
}
const wasm = Buffer.from(readFileSync(file));
const gz = (b) => gzipSync(b, { level: 9 }).length;
const total = gz(wasm);

const dir = new URL('src/ai/backgammon/weights/', root);
let weights = 0;
for (const name of rulesOnly
  ? []
  : readdirSync(dir)
      .filter((n) => n.endsWith('.net'))
      .sort()) {
  const net = readFileSync(new URL(name, dir));
  const at = wasm.indexOf(net);
  if (at < 0) throw new Error(`${name} is not in ${file}`);
  wasm.fill(0, at, at + net.length);
  weights += net.length;
}
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
if (rulesOnly) {
  console.log(
    `== size without the computer opponents (rules engines and bindings): ${wasm.length} bytes raw, ` +
      `${total} gzipped (${kb(total)})`,
  );
  process.exit(0);
}
console.log(
  `== size: ${file.replace(/.*\//, '')} ${wasm.length} bytes raw, ${total} gzipped (${kb(total)}); ` +
    `without the ${weights} bytes of network weights: ${gz(wasm)} gzipped (${kb(gz(wasm))})`,
);
