// Prints the size of pkg/tabla_bg.wasm raw and gzipped, and gzipped without the neural-network
// weights (issue 4's measure: the engines and bindings). The weights are compiled in verbatim
// (include_bytes!), so they are found in the module and zeroed, which gzip reduces to nothing;
// a module without them (the rules module, pkg/tabla_rules_bg.wasm) is measured whole.
// With --rules-only it first builds the rules module as scripts/build.sh does (no cargo feature:
// the two rules engines and their bindings, without the computer opponents and the backgammon
// file formats; opt-level z) into target/rules/ and measures that instead.
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
  execFileSync(
    'cargo',
    [
      'build',
      '--quiet',
      '--target',
      'wasm32-unknown-unknown',
      '--profile',
      'wasm',
      '--lib',
      '--no-default-features',
      '--target-dir',
      'target/rules',
    ],
    {
      cwd: root.pathname,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, CARGO_PROFILE_WASM_OPT_LEVEL: 'z' },
    },
  );
  const out = mkdtempSync(join(tmpdir(), 'tabla-rules-'));
  run('bash', ['scripts/wasm-finish.sh', 'target/rules/wasm32-unknown-unknown/wasm/tabla.wasm', out]);
  file = join(out, 'tabla_bg.wasm');
}
const wasm = Buffer.from(readFileSync(file));
const gz = (b) => gzipSync(b, { level: 9 }).length;
const total = gz(wasm);

const dir = new URL('src/ai/backgammon/weights/', root);
const nets = readdirSync(dir)
  .filter((n) => n.endsWith('.net'))
  .sort()
  .map((name) => ({ name, net: readFileSync(new URL(name, dir)) }));
// the rules module has none of them; the full module must have every one
const withNets = !rulesOnly && nets.some(({ net }) => wasm.indexOf(net) >= 0);
let weights = 0;
for (const { name, net } of withNets ? nets : []) {
  const at = wasm.indexOf(net);
  if (at < 0) throw new Error(`${name} is not in ${file}`);
  wasm.fill(0, at, at + net.length);
  weights += net.length;
}
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
if (!withNets) {
  console.log(
    `== size: ${rulesOnly ? 'the rules module' : file.replace(/.*\//, '')} (no computer opponents, no network weights): ${wasm.length} bytes raw, ` +
      `${total} gzipped (${kb(total)})`,
  );
  process.exit(0);
}
console.log(
  `== size: ${file.replace(/.*\//, '')} ${wasm.length} bytes raw, ${total} gzipped (${kb(total)}); ` +
    `without the ${weights} bytes of network weights: ${gz(wasm)} gzipped (${kb(gz(wasm))})`,
);
