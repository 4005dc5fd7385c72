// Time per move of the computer opponents in wasm (Node), at every level, over fixed committed
// positions: backgammon-family plays for all positions of tests/data/backgammon/bench_contact.txt
// (one seeded roll each), draughts moves over tests/data/draughts_ai/bench.txt. Also the draughts
// search's nodes per second and depth reached in 1 s. Prints medians and worst cases.
// Usage: node scripts/bench-ai.mjs [positions]   (after scripts/build.sh)
import { readFileSync } from 'node:fs';
import { Backgammon, RussianDraughts } from '../pkg/node.js';

const limit = Number(process.argv[2] ?? 40);
const lines = (f) =>
  readFileSync(new URL(`../tests/data/${f}`, import.meta.url), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
const stats = (xs) => {
  const s = xs.slice().sort((a, b) => a - b);
  return { median: s[Math.floor(s.length / 2)], worst: s[s.length - 1] };
};
const ms = (x) => `${x.toFixed(2)} ms`;

console.log(`wasm in Node ${process.version}`);
{
  // The one-sided bear-off table is solved once per module instance, on first use or by
  // solveBearOff() (the front end's worker calls it after its first answer); the moves below
  // are timed after it.
  const t = performance.now();
  Backgammon.solveBearOff();
  console.log(`backgammon bear-off table solved in ${(performance.now() - t).toFixed(0)} ms (once)`);
}
const ids = lines('backgammon/bench_contact.txt').slice(0, limit);
// Each level first answers once untimed, so the timings do not include the JIT's first compile.
for (const level of ['beginner', 'casual', 'intermediate', 'advanced', 'strong', 'expert']) {
  const w = Backgammon.fromPositionId(ids[0]);
  w.setDice(3, 1);
  w.bestPlay({ level });
  w.free();
  const times = [];
  ids.forEach((id, i) => {
    const g = Backgammon.fromPositionId(id);
    g.setDice(1 + ((i * 5) % 6), 1 + ((i * 7 + 3) % 6));
    const t = performance.now();
    g.bestPlay({ level, seed: i });
    times.push(performance.now() - t);
    g.free();
  });
  const { median, worst } = stats(times);
  console.log(
    `backgammon ${level.padEnd(12)} median ${ms(median).padStart(10)}  worst ${ms(worst).padStart(10)}  (${ids.length} positions)`,
  );
}

// Acey-deucey: the positions of seeded games played by the advanced level (fixed by the seeds),
// with their own dice; chosen doubles after a 1-2 are timed as plays too.
const acey = [];
for (let seed = 1; acey.length < limit && seed < 100; seed++) {
  const g = new Backgammon({ variant: 'acey-deucey', seed });
  for (let i = 0; i < 400 && !g.outcome() && acey.length < limit; i++) {
    const s = g.state();
    if (s.phase === 'opening' || s.phase === 'roll') {
      g.roll();
      continue;
    }
    if (s.phase === 'choose-doubles') {
      g.chooseDoubles(g.bestDoubles({ level: 'advanced' }));
      continue;
    }
    if (i % 7 === 0) acey.push(g.toJSON());
    g.play(g.bestPlay({ level: 'advanced', seed: i }).steps);
  }
  g.free();
}
for (const level of ['advanced', 'strong', 'expert']) {
  const times = acey.map((save, i) => {
    const g = Backgammon.fromJSON(save);
    const t = performance.now();
    g.bestPlay({ level, seed: i });
    const dt = performance.now() - t;
    g.free();
    return dt;
  });
  const { median, worst } = stats(times);
  console.log(
    `acey-deucey ${level.padEnd(11)} median ${ms(median).padStart(10)}  worst ${ms(worst).padStart(10)}  (${acey.length} positions)`,
  );
}

const fens = lines('draughts_ai/bench.txt')
  .map((l) => l.split(/\s+#/)[0].trim())
  .slice(0, limit);
for (const level of ['beginner', 'easy', 'medium', 'hard', 'master']) {
  const times = [];
  for (const fen of fens.slice(0, level === 'master' ? 5 : fens.length)) {
    const g = RussianDraughts.fromFen(fen);
    const t = performance.now();
    g.bestMove({ level, seed: 1 });
    times.push(performance.now() - t);
    g.free();
  }
  const { median, worst } = stats(times);
  console.log(
    `draughts   ${level.padEnd(12)} median ${ms(median).padStart(10)}  worst ${ms(worst).padStart(10)}  (${times.length} positions)`,
  );
}
const depths = [],
  nps = [];
for (const fen of fens.slice(0, 10)) {
  const g = RussianDraughts.fromFen(fen);
  const a = g.analyze({ timeMs: 1000 });
  depths.push(a.depth);
  nps.push(a.nodes / (a.timeMs / 1000));
  g.free();
}
console.log(
  `draughts   search: median ${Math.round(stats(nps).median).toLocaleString('en')} nodes/s, median depth in 1 s ${stats(depths).median} (10 positions)`,
);
