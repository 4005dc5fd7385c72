// The computer opponents through the npm package (wasm in Node): legal answers, the time limit
// kept, the tactics suite solved within a second each, valid probabilities.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { Backgammon, RussianDraughts } from 'tabla';
import { rng } from './helpers.mjs';

const tactics = readFileSync(new URL('../data/draughts_ai/tactics.txt', import.meta.url), 'utf8')
  .split('\n')
  .map((l) => l.trim())
  .filter((l) => l && !l.startsWith('#'))
  .map((l) => {
    const [fen, move] = l.split(/\s+/);
    return { fen, move };
  });

test('the draughts tactics suite: every shot found within 1 s in wasm', () => {
  assert.ok(tactics.length >= 30, `only ${tactics.length} positions`);
  const missed = [];
  for (const { fen, move } of tactics) {
    const g = RussianDraughts.fromFen(fen);
    const start = performance.now();
    const a = g.analyze({ timeMs: 1000 });
    const ms = performance.now() - start;
    if (a.best.notation !== move) missed.push(`${fen} ${move}: played ${a.best.notation}`);
    assert.ok(ms < 1500, `${fen}: ${ms.toFixed(0)} ms`);
  }
  assert.deepEqual(missed, []);
});

test('draughts: every level answers with a legal move, and time limits hold', () => {
  const g = new RussianDraughts();
  const pick = rng(3);
  for (let i = 0; i < 10; i++) {
    const m = g.legalMoves();
    g.play(m[pick(m.length)].notation);
  }
  const legal = g.legalMoves().map((m) => m.notation);
  for (const level of ['beginner', 'easy', 'medium', 'hard']) {
    assert.ok(legal.includes(g.bestMove({ level, seed: 1 }).notation), level);
  }
  for (const timeMs of [50, 200]) {
    const start = performance.now();
    const m = g.bestMove({ level: 'master', timeMs });
    const ms = performance.now() - start;
    assert.ok(legal.includes(m.notation));
    assert.ok(ms < timeMs + 250, `asked ${timeMs} ms, took ${ms.toFixed(0)} ms`);
  }
});

test('draughts: one engine for the module; the node-limited levels do not depend on the searches before them', () => {
  // medium's move, then hard and master thinking about the same position (filling the module's
  // table), then medium again on a new object: the same move, as the table is emptied for it.
  // hard is node-limited, so whether it chose differently from medium does not depend on the
  // machine's speed (master's 150 ms may reach only medium's depth on a slow machine).
  const g = new RussianDraughts();
  const pick = rng(11);
  let differ = 0;
  // (with these random moves hard first differs from medium at ply 21)
  for (let i = 0; i < 30 && !g.outcome(); i++) {
    const first = g.bestMove({ level: 'medium' }).notation;
    const hard = g.bestMove({ level: 'hard' }).notation;
    const master = g.bestMove({ level: 'master', timeMs: 150 }).notation;
    if (hard !== first) differ++;
    const again = RussianDraughts.fromJSON(JSON.stringify(g)).bestMove({ level: 'medium' }).notation;
    assert.equal(
      again,
      first,
      `ply ${i}: medium played ${first}, then ${again} after hard's ${hard}, master's ${master}`,
    );
    const m = g.legalMoves();
    g.play(m[pick(m.length)].notation);
  }
  assert.ok(differ > 0, 'hard and medium chose differently somewhere, so the check could fail');
});

test('draughts endgame databases: built by the timed searches or ahead (buildEndgames), then used', () => {
  // a full board needs none yet
  assert.equal(new RussianDraughts().buildEndgames(), true);
  // three kings against a lone king off the main road: built a little at a time, then known
  const g = RussianDraughts.fromFen('W:WKa1,Kc3,Ke1:BKh4');
  let calls = 0;
  while (!g.buildEndgames({ timeMs: 5 })) assert.ok(++calls < 2000, 'the build ends');
  assert.equal(g.buildEndgames({ timeMs: 5 }), true);
  const a = g.analyze({ timeMs: 1000 });
  assert.deepEqual(a.score, { winIn: 19 });
  assert.equal(a.pv.length, 19, 'the line runs to the end in the databases');
  assert.ok(a.nodes < 50_000, `${a.nodes} nodes: known from the databases, not searched`);
  for (const bad of [{ timeMs: 0 }, { timeMs: 1e9 }, { timeMs: '5' }, { depth: 3 }, 7]) {
    let err = null;
    try {
      g.buildEndgames(bad);
    } catch (e) {
      err = e;
    }
    assert.ok(err instanceof Error && typeof err.code === 'string', JSON.stringify(bad));
  }
  // RU-DRAW-3K1K in the package: master, with the databases, wins three kings against a lone
  // king under the referee's draw rules (within 15 moves), the lone king's side playing master too
  const game = RussianDraughts.fromFen('W:WKa1,Kc3,Ke1:BKh4');
  for (let i = 0; i < 40 && !game.outcome(); i++) game.play(game.bestMove({ level: 'master', timeMs: 100 }).notation);
  assert.equal(game.outcome()?.result, 'white', JSON.stringify(game.outcome()));
  assert.ok(game.state().history.length <= 29, game.state().history.join(' '));
});

test('backgammon: the computer plays legal plays at every level and its chances are probabilities', () => {
  for (const variant of ['backgammon', 'table', 'acey-deucey']) {
    const g = new Backgammon({ variant, seed: 12 });
    for (let i = 0; i < 200 && !g.outcome(); i++) {
      const s = g.state();
      if (s.phase === 'opening' || s.phase === 'roll') {
        g.roll();
        continue;
      }
      if (s.phase === 'choose-doubles') {
        g.chooseDoubles(g.bestDoubles({ level: 'expert' }));
        continue;
      }
      if (s.phase === 'cube-decision') {
        g.take();
        continue;
      }
      const e = g.evaluate();
      const p = e.probabilities;
      assert.ok(p.win >= 0 && p.win <= 1 && p.winGammon <= p.win + 1e-6 && p.winBackgammon <= p.winGammon + 1e-6);
      assert.ok(p.loseGammon <= 1 - p.win + 1e-6 && p.loseBackgammon <= p.loseGammon + 1e-6);
      const level = ['beginner', 'advanced', 'expert'][i % 3];
      const best = g.bestPlay({ level, seed: i });
      assert.ok(
        g.legalPlays().some((q) => q.positionId === best.positionId),
        `${variant}: ${best.notation}`,
      );
      g.play(best.steps);
    }
  }
});

test('solveBearOff: the bear-off table solved ahead values races as solving on first use does', () => {
  // 15 checkers on each side's 6-point: the mover rolls first in a symmetric race.
  const g = Backgammon.fromPositionId('4P8PAADg/w8AAA');
  const before = g.evaluate();
  Backgammon.solveBearOff();
  Backgammon.solveBearOff();
  const after = g.evaluate();
  assert.deepEqual(after, before);
  assert.ok(after.probabilities.win > 0.5 && after.probabilities.win < 1, String(after.probabilities.win));
  g.free();
});

test('backgammon rollout(): seeded and repeatable, its error shrinks with luck adjustment, capped by maxMs', () => {
  const g = Backgammon.fromPositionId('4HPwATDgc/ABMA');
  const opts = { trials: 32, truncate: 4, seed: 9 };
  const a = g.rollout(opts);
  assert.deepEqual(g.rollout(opts), a, 'the same seed, the same figures');
  assert.equal(a.trials, 32);
  assert.equal(a.capped, false);
  const p = a.estimate.probabilities;
  for (const x of [p.win, p.winGammon, p.loseGammon]) assert.ok(x >= -0.01 && x <= 1.01, String(x));
  assert.ok(Math.abs(a.estimate.equity) < 0.5, 'the start is about even');
  assert.equal(a.estimate.se.length, 6);
  assert.ok(a.estimate.se[5] < a.raw.se[5], 'luck adjustment lowers the standard error');
  assert.notDeepEqual(g.rollout({ ...opts, seed: 10 }).estimate, a.estimate);
  // the clock: far more trials than fit in 50 ms stop early and say so
  const t0 = Date.now();
  const c = g.rollout({ trials: 1_000_000, maxMs: 50 });
  assert.ok(Date.now() - t0 < 5000);
  assert.equal(c.capped, true);
  assert.ok(c.trials > 0 && c.trials < 1_000_000);
  for (const bad of [
    { trials: 0 },
    { ply: 2 },
    { truncate: 0 },
    { maxMs: 0 },
    { maxMs: 1e9 },
    { trials: '8' },
    { turns: 3 },
  ]) {
    assert.throws(
      () => g.rollout(bad),
      (e) => e.code === 'bad-option' || e.code === 'bad-argument',
      JSON.stringify(bad),
    );
  }
  assert.throws(
    () => new Backgammon({ seed: 1 }).rollout(),
    (e) => e.code === 'wrong-phase',
  );
  assert.deepEqual(g.rollout(opts), a, 'still usable after the errors');
});

test('backgammon rollout({ cubeful: true }): the game cube played in the trials, money play and match play', () => {
  const g = Backgammon.fromPositionId('4HPwATDgc/ABMA');
  const opts = { trials: 32, truncate: 6, seed: 3 };
  const cubeless = g.rollout(opts);
  assert.equal(cubeless.cubeful, null);
  const r = g.rollout({ ...opts, cubeful: true });
  assert.deepEqual(r.estimate, cubeless.estimate, 'the cubeless estimate does not change');
  for (const k of ['equity', 'se', 'rawEquity', 'rawSe']) assert.equal(typeof r.cubeful[k], 'number', k);
  assert.ok(Math.abs(r.cubeful.equity) < 1, String(r.cubeful.equity));
  assert.deepEqual([r.cubeful.mwc, r.cubeful.mwcSe], [null, null], 'no match chances in money play');
  // the cube decision made on the rollout's own probabilities: the shape of cubeAction()'s
  assert.equal(cubeless.cubeAdvice, null, 'a cubeless rollout makes no cube decision');
  assert.deepEqual(Object.keys(r.cubeAdvice).sort(), Object.keys(g.cubeAction()).sort());
  for (const k of ['double', 'take', 'tooGood']) assert.equal(typeof r.cubeAdvice[k], 'boolean', k);
  for (const k of ['noDouble', 'doubleTake', 'doublePass']) assert.equal(typeof r.cubeAdvice[k], 'number', k);
  assert.equal(r.cubeAdvice.doublePass, 1, 'money play: a pass is worth the cube now');
  assert.throws(
    () => new Backgammon({ seed: 2, cube: false }).rollout({ cubeful: true }),
    (e) => e.code === 'wrong-phase' || e.code === 'cube-off',
  );
  const off = Backgammon.fromPositionId('4HPwATDgc/ABMA', { cube: false });
  assert.throws(
    () => off.rollout({ ...opts, cubeful: true }),
    (e) => e.code === 'cube-off',
  );
  const match = Backgammon.fromPositionId('4HPwATDgc/ABMA', { matchLength: 5 });
  const m = match.rollout({ ...opts, cubeful: true });
  assert.deepEqual(m.estimate, cubeless.estimate, 'the cubeless estimate does not change in a match either');
  assert.ok(m.cubeful.mwc > 0.3 && m.cubeful.mwc < 0.7, String(m.cubeful.mwc));
  assert.ok(m.cubeful.mwcSe > 0 && m.cubeful.mwcSe < 0.05, String(m.cubeful.mwcSe));
  assert.ok(Math.abs(m.cubeful.equity) < 1, String(m.cubeful.equity));
  assert.equal(match.rollout(opts).cubeful, null);
  assert.ok(m.cubeAdvice.doublePass > 0.5 && m.cubeAdvice.doublePass < 1, 'match play: the chances after a pass');
  assert.equal(match.rollout(opts).cubeAdvice, null);
});
