// The wasm duel of issue 20: master against the frozen baseline, both played by the engine as
// the browser's worker runs it (the SIMD module build, Date.now for the clock, an 8 MB table,
// endgame databases built as play approaches them), each game through the same duel code as
// the native `tabla duel-draughts` (src/ai/draughts/duel.rs; the binding is src/wasm/duel.rs,
// Cargo feature `duel`, which no shipped module has). Prints the result line with the Elo
// difference and its 95% interval; the games go to --out as JSON lines in the native duel's
// form, and a run resumes from that file.
//
// Usage: node scripts/bench-duel-wasm.mjs [--games 40] [--time-ms 300] [--seed 1]
//          [--opening-plies 3] [--threads 2] [--out target/duel/wasm-master-baseline.jsonl]
//          [--no-build]
// The build (cargo for wasm32 with the `duel` feature, then scripts/wasm-finish.sh) goes to
// target/duel-wasm/; scripts/setup.sh installs what it needs.
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const pkgDir = resolve(root, 'target/duel-wasm/pkg');

async function load() {
  const glue = await import(pathToFileURL(resolve(pkgDir, 'tabla.js')).href);
  glue.initSync({ module: readFileSync(resolve(pkgDir, 'tabla_bg.wasm')) });
  return glue;
}

if (!isMainThread) {
  const glue = await load();
  const { seed, openingPlies, timeMs } = workerData;
  parentPort.on('message', ({ pair, aColor }) => {
    parentPort.postMessage(glue.duelGame(seed, openingPlies, pair, aColor, timeMs));
  });
  parentPort.postMessage(null);
} else {
  const opts = {
    games: 40,
    'time-ms': 300,
    seed: 1,
    'opening-plies': 3,
    threads: 2,
    out: 'target/duel/wasm-master-baseline.jsonl',
    build: true,
  };
  const argv = process.argv.slice(2);
  for (let i = 0; i < argv.length; i++) {
    const key = argv[i].replace(/^--/, '');
    if (key === 'no-build') opts.build = false;
    else if (key in opts && i + 1 < argv.length) opts[key] = argv[++i];
    else {
      console.error(`unknown argument ${argv[i]} (see the usage at the top of this script)`);
      process.exit(2);
    }
  }
  const int = (k, lo, hi) => {
    const n = Number(opts[k]);
    if (!Number.isInteger(n) || n < lo || n > hi) {
      console.error(`--${k} must be a whole number from ${lo} to ${hi}, not ${opts[k]}`);
      process.exit(2);
    }
    return n;
  };
  const games = int('games', 1, 100000);
  const seed = int('seed', 0, 2 ** 32 - 1);
  const openingPlies = int('opening-plies', 0, 10);
  const threads = int('threads', 1, 64);
  const timeMs = Number(opts['time-ms']);
  if (!(timeMs > 0 && timeMs <= 60000)) {
    console.error(`--time-ms must be more than 0 and at most 60000, not ${opts['time-ms']}`);
    process.exit(2);
  }

  if (opts.build) {
    const run = (cmd, args, env = {}) => {
      const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
      if (r.status !== 0) process.exit(r.status ?? 1);
    };
    // The shipped module's build (scripts/build.sh: profile wasm, SIMD) plus the duel binding.
    run(
      'cargo',
      ['build', '--quiet', '--target', 'wasm32-unknown-unknown', '--profile', 'wasm', '--lib'].concat([
        '--no-default-features',
        '--features',
        'duel',
        '--target-dir',
        'target/duel-wasm',
      ]),
      { RUSTFLAGS: '-C target-feature=+simd128' },
    );
    run('bash', [
      'scripts/wasm-finish.sh',
      'target/duel-wasm/wasm32-unknown-unknown/wasm/tabla.wasm',
      pkgDir,
      '--enable-simd',
    ]);
  }

  const out = resolve(root, opts.out);
  mkdirSync(dirname(out), { recursive: true });
  const key = (pair, aColor) => `${pair}/${aColor}`;
  const lines = [];
  const done = new Set();
  if (existsSync(out)) {
    for (const line of readFileSync(out, 'utf8').split('\n')) {
      if (!line.trim()) continue;
      const g = JSON.parse(line);
      if (g.seed === seed && g.a === 'master' && g.b === 'baseline') {
        done.add(key(g.pair, g.a_color));
        lines.push(line);
      }
    }
  }
  const pairs = Math.ceil(games / 2);
  const todo = [];
  for (let pair = 0; pair < pairs; pair++) {
    for (const aColor of [0, 1]) if (!done.has(key(pair, aColor))) todo.push({ pair, aColor });
  }
  const glue = await load();
  console.log(
    `wasm in Node ${process.version}: master vs baseline, ${pairs * 2} games (${pairs} openings of ` +
      `${openingPlies} plies, both colours), ${timeMs} ms a move, seed ${seed}, ${todo.length} to play`,
  );
  const started = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(threads, todo.length) }, () => {
      return new Promise((resolveWorker, reject) => {
        const w = new Worker(fileURLToPath(import.meta.url), { workerData: { seed, openingPlies, timeMs } });
        w.on('error', reject);
        w.on('message', (line) => {
          if (line !== null) {
            appendFileSync(out, `${line}\n`);
            lines.push(line);
            const g = JSON.parse(line);
            console.log(
              `pair ${g.pair} master ${g.a_color === 0 ? 'first' : 'second'}: ${['lost', 'drew', 'won'][g.a_result + 1]} in ${g.plies} plies`,
            );
          }
          const next = todo.shift();
          if (next) w.postMessage(next);
          else w.terminate().then(resolveWorker, reject);
        });
      });
    }),
  );
  const minutes = (performance.now() - started) / 60000;
  console.log(`master vs baseline (wasm, ${timeMs} ms): ${glue.duelSummary(lines.join('\n'))}`);
  console.log(`${minutes.toFixed(1)} minutes`);
}
