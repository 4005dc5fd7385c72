// Node benchmark of the draughts AI in WebAssembly (no bindings): nodes per second, depth
// reached in a fixed time, and the time limit as seen from outside.
// cargo build --release --target wasm32-unknown-unknown   (in this folder)
// node bench.mjs [time_ms] [suite: bench|tactics]
import { readFileSync } from 'node:fs';
const wasmPath = new URL('./target/wasm32-unknown-unknown/release/tabla_draughts_ai_wasm_bench.wasm', import.meta.url);
const timeMs = Number(process.argv[2] ?? 1000);
const which = process.argv[3] ?? 'bench';
const module = new WebAssembly.Module(readFileSync(wasmPath));
// The only import used is env.now (the injected clock); wasm-bindgen's placeholders pulled in
// by the crate's other dependencies are never called here and are stubbed to throw.
const imports = { env: { now: () => performance.now() } };
for (const imp of WebAssembly.Module.imports(module)) {
  imports[imp.module] ??= {};
  imports[imp.module][imp.name] ??= () => { throw new Error(`unexpected import ${imp.module}.${imp.name}`); };
}
const instance = new WebAssembly.Instance(module, imports);
const ex = instance.exports;
const lines = readFileSync(new URL(`../${which}.txt`, import.meta.url), 'utf8').split('\n')
  .map(l => l.split('#')[0].trim()).filter(Boolean);
let nodes = 0, ms = 0, worst = 0, solved = 0;
const depths = [];
const name = i => { const r = Math.floor(i / 4); const f = (i % 4) * 2 + (r % 2); return 'abcdefgh'[f] + (r + 1); };
for (const line of lines) {
  const [fen, want] = line.split(/\s+/);
  const bytes = new TextEncoder().encode(fen + '\0');
  new Uint8Array(ex.memory.buffer, ex.input_ptr(), 256).set(bytes);
  const t0 = performance.now();
  if (ex.search(timeMs, 0) !== 0) throw new Error('search failed: ' + fen);
  const wall = performance.now() - t0;
  const [n, d, t, mv] = new Float64Array(ex.memory.buffer, ex.result_ptr(), 4);
  const best = name(Math.floor(mv / 32)) + name(mv % 32);
  const ok = want ? best === want.replace(/[-:x]/g, '').slice(0, 2) + want.replace(/[-:x]/g, '').slice(-2) : true;
  solved += ok;
  nodes += n; ms += wall; worst = Math.max(worst, wall); depths.push(d);
  console.log(`${ok ? 'ok  ' : 'MISS'} depth ${String(d).padStart(2)} ${String(n).padStart(9)} nodes ${wall.toFixed(0).padStart(5)} ms (limit ${timeMs}) ${best}${want ? ' want ' + want : ''} ${fen}`);
}
depths.sort((a, b) => a - b);
console.log(`wasm: ${nodes} nodes in ${ms.toFixed(0)} ms = ${(nodes / ms * 1000).toFixed(0)} nodes/s; depth in ${timeMs} ms: mean ${(depths.reduce((a, b) => a + b, 0) / depths.length).toFixed(1)}, min ${depths[0]}, max ${depths.at(-1)}; slowest ${worst.toFixed(0)} ms; ${which === 'tactics' ? `solved ${solved}/${lines.length}` : ''}`);
