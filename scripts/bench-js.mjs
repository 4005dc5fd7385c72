// JS-API throughput next to the native engine doing the same work, so the cost of the
// boundary is visible: legal plays/moves listed per second and random games per second.
// Usage: node scripts/bench-js.mjs [seconds per measurement]   (after scripts/build.sh and
// cargo build --release). Prints medians of 3 runs of each side, measured in one run.
import { execFileSync } from 'node:child_process';
import { Backgammon, RussianDraughts } from '../pkg/node.js';

const seconds = Number(process.argv[2] ?? 1);

/** The same xorshift choices as `tabla bench-api`. */
function chooser() {
  let x = 0x9e3779b9;
  return (n) => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x % n;
  };
}

function bgGame(variant, seed, pick) {
  const g = new Backgammon({ variant, seed });
  let listed = 0;
  for (;;) {
    // phase(), as the native loop asks g.phase(): state() would build the whole state each time
    const phase = g.phase();
    if (phase === 'game-over') break;
    if (phase === 'opening' || phase === 'roll') g.roll();
    else if (phase === 'cube-decision') g.take();
    else if (phase === 'choose-doubles') g.chooseDoubles(pick(6) + 1);
    else {
      const plays = g.legalPlays();
      listed += plays.length;
      if (plays.length === 0) g.confirm();
      else g.play(plays[pick(plays.length)].steps);
    }
  }
  g.free();
  return listed;
}

function ruGame(pick) {
  const g = new RussianDraughts();
  let listed = 0;
  while (!g.outcome()) {
    const moves = g.legalMoves();
    listed += moves.length;
    g.play(moves[pick(moves.length)].notation);
  }
  g.free();
  return listed;
}

function timed(work) {
  const start = performance.now();
  let runs = 0,
    items = 0;
  while (performance.now() - start < seconds * 1000) {
    items += work();
    runs++;
  }
  const s = (performance.now() - start) / 1000;
  return { games: runs / s, listed: items / s };
}

function jsRun() {
  const out = {};
  for (const variant of ['backgammon', 'table', 'acey-deucey']) {
    const pick = chooser();
    let seed = 0;
    out[variant] = timed(() => bgGame(variant, ++seed, pick));
  }
  const pick = chooser();
  out.russian = timed(() => ruGame(pick));
  return out;
}

function nativeRun() {
  const bin = new URL('../target/release/tabla', import.meta.url).pathname;
  const text = execFileSync(bin, ['bench-api', '--seconds', String(seconds)], { encoding: 'utf8' });
  const out = {};
  for (const line of text.split('\n')) {
    const m = line.match(/^(\S+)\s+random games\/s\s+([\d.]+)\s+legal \w+ listed\/s\s+([\d.]+)/);
    if (m) out[m[1]] = { games: Number(m[2]), listed: Number(m[3]) };
  }
  return out;
}

const median = (xs) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const js = [],
  native = [];
for (let i = 0; i < 3; i++) {
  js.push(jsRun());
  native.push(nativeRun());
}

console.log(`JS API (wasm in Node ${process.version}) vs native, medians of 3 interleaved runs of ${seconds}s each`);
console.log('game          games/s JS  games/s native   ratio   listed/s JS  listed/s native   ratio');
for (const game of ['backgammon', 'table', 'acey-deucey', 'russian']) {
  const jg = median(js.map((r) => r[game].games)),
    ng = median(native.map((r) => r[game].games));
  const jl = median(js.map((r) => r[game].listed)),
    nl = median(native.map((r) => r[game].listed));
  console.log(
    `${game.padEnd(12)} ${jg.toFixed(1).padStart(11)} ${ng.toFixed(1).padStart(15)} ${(ng / jg).toFixed(2).padStart(7)}x ${jl.toFixed(0).padStart(13)} ${nl.toFixed(0).padStart(16)} ${(nl / jl).toFixed(2).padStart(7)}x`,
  );
}
