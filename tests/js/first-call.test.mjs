// The module's very first packed call (js/unpack.js) is a play: no earlier call has viewed the
// module's memory yet. Its own file, so that it runs in a fresh process with a fresh module.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Backgammon, RussianDraughts } from 'tabla';

test("the module's first packed call, a draughts play() on a new object, returns the move played", () => {
  const g = new RussianDraughts();
  const move = g.play('c3-d4');
  assert.deepEqual(
    { ...move },
    { notation: 'c3-d4', from: 'c3', to: 'd4', path: ['c3', 'd4'], captured: [], promotes: false },
  );
  assert.equal(g.state().turn, 'black');
  const b = new Backgammon({ seed: 1 });
  assert.equal(b.phase(), 'opening');
  for (const x of [g, b]) x.free();
});
