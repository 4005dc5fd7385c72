// The game analysis through the JS API (issue 16): Backgammon.analyzeTurn / analysisLength /
// analysisSummary and RussianDraughts.analyzeMove / analysisLength / analysisSummary; the
// .d.ts and docs/js-api.md name them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { Backgammon, RussianDraughts } from 'tabla';

const markOf = (loss) => (loss >= 0.16 ? 'very-bad' : loss >= 0.08 ? 'bad' : loss >= 0.04 ? 'doubtful' : null);

test('a whole backgammon game analysed turn by turn: marks by gnubg thresholds, chances, error rates', () => {
  const g = new Backgammon({ variant: 'backgammon', seed: 5 });
  let plays = 0;
  for (let i = 0; i < 3000 && !g.outcome(); i++) {
    const s = g.state();
    if (s.phase === 'opening' || s.phase === 'roll') g.roll();
    else if (s.phase === 'cube-decision') g.take();
    else if (s.phase === 'move') {
      g.play(g.bestPlay({ level: 'beginner', seed: i }).steps);
      plays++;
    }
  }
  assert.ok(g.outcome());
  const n = g.analysisLength();
  assert.equal(n, plays);
  const started = Date.now();
  const turns = [];
  for (let i = 0; i < n; i++) turns.push(g.analyzeTurn(i, { ply: 0 }));
  console.log(`${n} turns analysed at 0-ply in wasm (Node) in ${Date.now() - started} ms`);
  let marked = 0;
  for (const [i, t] of turns.entries()) {
    assert.equal(t.index, i);
    assert.ok(t.whiteWin >= 0 && t.whiteWin <= 1);
    assert.ok(t.play.equityLost >= 0);
    assert.equal(t.play.mark, t.play.forced ? null : markOf(t.play.equityLost));
    if (t.play.mark) marked++;
    if (t.play.mark) assert.notEqual(t.play.played, t.play.best);
  }
  assert.ok(marked > 0, 'the beginner makes mistakes');
  const s = Backgammon.analysisSummary(turns.map((t) => t.tally));
  for (const side of ['white', 'black']) {
    const p = s[side];
    assert.ok(p.decisions > 0);
    assert.ok(Math.abs(p.errorRate - (1000 * p.equityLost) / p.decisions) < 1e-3);
  }
  assert.throws(
    () => g.analyzeTurn(n),
    (e) => e.code === 'bad-argument',
  );
  assert.throws(
    () => g.analyzeTurn(0, { ply: 3 }),
    (e) => e.code === 'bad-option',
  );
  assert.throws(
    () => Backgammon.analysisSummary([{ nonsense: true }]),
    (e) => e.code === 'bad-argument',
  );
});

test('draughts: a missed win is found and the winning move is not marked', () => {
  const g = RussianDraughts.fromFen('W:We5,g7:Bh8');
  g.play('e5-d6');
  assert.equal(g.analysisLength(), 1);
  const a = g.analyzeMove(0);
  assert.equal(a.best, 'e5-f6');
  assert.equal(a.missedWin, true);
  assert.equal(a.mark, 'blunder');
  const w = RussianDraughts.fromFen('W:We5,g7:Bh8');
  w.play('e5-f6');
  const b = w.analyzeMove(0, { nodes: 10000 });
  assert.equal(b.lost, 0);
  assert.equal(b.mark, null);
  const s = RussianDraughts.analysisSummary([a.tally]);
  assert.equal(s.white.blunders, 1);
  assert.equal(s.white.missedWins, 1);
  assert.throws(
    () => g.analyzeMove(1),
    (e) => e.code === 'bad-argument',
  );
  assert.throws(
    () => g.analyzeMove(0, { nodes: 0 }),
    (e) => e.code === 'bad-option',
  );
});

test('the .d.ts and docs/js-api.md name the analysis API', () => {
  const dts = readFileSync(new URL('../../pkg/tabla.d.ts', import.meta.url), 'utf8');
  const doc = readFileSync(new URL('../../docs/js-api.md', import.meta.url), 'utf8');
  for (const name of ['analysisLength', 'analyzeTurn', 'analyzeMove', 'analysisSummary']) {
    assert.ok(dts.includes(`${name}(`), `.d.ts: ${name}`);
    assert.ok(doc.includes(`${name}(`), `docs/js-api.md: ${name}`);
  }
  for (const type of ['TurnAnalysis', 'PlayerAnalysisSummary', 'DraughtsMoveAnalysis', 'DraughtsAnalysisSummary']) {
    assert.ok(dts.includes(`interface ${type}`), `.d.ts: ${type}`);
    assert.ok(doc.includes(`interface ${type}`), `docs/js-api.md: ${type}`);
  }
});
