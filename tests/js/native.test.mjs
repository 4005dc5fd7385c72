// Random games played through the JS API agree with the native engine: the same seed and the
// same moves, replayed natively by `tabla replay`, give the same final position and outcome.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBackgammon, randomDraughts, rng } from './helpers.mjs';

const bin = fileURLToPath(new URL('../../target/release/tabla', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'tabla-native-'));

function native(game, text, name) {
  assert.ok(existsSync(bin), `${bin} is missing: run cargo build --release first`);
  const file = join(dir, name);
  writeFileSync(file, text);
  return JSON.parse(execFileSync(bin, ['replay', '--game', game, file], { encoding: 'utf8' }));
}

for (const variant of ['backgammon', 'table', 'acey-deucey']) {
  test(`${variant}: random JS games end as the native engine says`, () => {
    for (let seed = 1; seed <= 8; seed++) {
      const options = { variant, seed, matchLength: seed % 4 === 0 && variant === 'backgammon' ? 5 : 0 };
      const g = randomBackgammon(options, rng(seed * 7919));
      const n = native('backgammon', JSON.stringify(g), `${variant}-${seed}.json`);
      const s = g.state();
      assert.equal(n.positionId, g.positionId());
      assert.equal(n.phase, s.phase);
      assert.deepEqual(n.outcome, g.outcome());
      assert.deepEqual(n.score, [s.match.score.white, s.match.score.black]);
    }
  });
}

test('russian draughts: random JS games end as the native engine says', () => {
  for (let seed = 1; seed <= 12; seed++) {
    const g = randomDraughts(rng(seed * 104729));
    const n = native('russian', g.pdn(), `russian-${seed}.pdn`);
    assert.equal(n.fen, g.fen());
    assert.deepEqual(n.outcome, g.outcome());
    assert.equal(n.moves, g.state().history.length);
  }
});
