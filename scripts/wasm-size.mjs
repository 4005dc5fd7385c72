// Prints the size of pkg/tabla_bg.wasm raw and gzipped, and gzipped without the neural-network
// weights (issue 4's measure: the engines and bindings). The weights are compiled in verbatim
// (include_bytes!), so they are found in the module and zeroed, which gzip reduces to nothing.
// Usage: node scripts/wasm-size.mjs [file.wasm]
import { readFileSync, readdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const root = new URL('..', import.meta.url);
const file = process.argv[2] ?? new URL('pkg/tabla_bg.wasm', root).pathname;
const wasm = Buffer.from(readFileSync(file));
const gz = (b) => gzipSync(b, { level: 9 }).length;
const total = gz(wasm);

const dir = new URL('src/ai/backgammon/weights/', root);
let weights = 0;
for (const name of readdirSync(dir).filter((n) => n.endsWith('.net')).sort()) {
  const net = readFileSync(new URL(name, dir));
  const at = wasm.indexOf(net);
  if (at < 0) throw new Error(`${name} is not in ${file}`);
  wasm.fill(0, at, at + net.length);
  weights += net.length;
}
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log(`== size: ${file.replace(/.*\//, '')} ${wasm.length} bytes raw, ${total} gzipped (${kb(total)}); `
  + `without the ${weights} bytes of network weights: ${gz(wasm)} gzipped (${kb(gz(wasm))})`);
