// The shortcuts a game loop takes through the boundary (issue 15, speed at the boundary) give
// exactly what the general paths give: phase() is state().phase, and steps read straight from
// an array of plain objects play as the same steps read through the general copy.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Backgammon, RussianDraughts } from 'tabla';
import { rng } from './helpers.mjs';

test('phase() is state().phase at every point of random games of each variant', () => {
  for (const variant of ['backgammon', 'table', 'acey-deucey']) {
    const pick = rng(11);
    const g = new Backgammon({ variant, seed: 5 });
    for (let i = 0; i < 3000; i++) {
      const phase = g.phase();
      assert.equal(phase, g.state().phase, `${variant}, action ${i}`);
      if (phase === 'game-over') break;
      if (phase === 'opening' || phase === 'roll') g.roll();
      else if (phase === 'cube-decision') g.take();
      else if (phase === 'choose-doubles') g.chooseDoubles(pick(6) + 1);
      else {
        const plays = g.legalPlays();
        if (plays.length === 0) g.confirm();
        else g.play(plays[pick(plays.length)].steps);
      }
    }
    assert.equal(g.phase(), 'game-over', variant);
    g.free();
  }
});

/** The same steps as objects without a prototype: the general reader's path (plain copy, serde). */
const general = (steps) => steps.map((s) => Object.assign(Object.create(null), s));

test('steps from legalPlays() play as the same steps through the general reader', () => {
  const pick = rng(3);
  const a = new Backgammon({ seed: 21 });
  const b = new Backgammon({ seed: 21 });
  for (let i = 0; i < 400 && a.phase() !== 'game-over'; i++) {
    const phase = a.phase();
    if (phase === 'opening' || phase === 'roll') {
      assert.deepEqual(a.roll(), b.roll());
    } else if (phase === 'cube-decision') {
      a.take();
      b.take();
    } else {
      const plays = a.legalPlays();
      if (plays.length === 0) {
        a.confirm();
        b.confirm();
        continue;
      }
      const play = plays[pick(plays.length)];
      // extra keys are ignored on both paths
      a.play(play.steps.map((s) => ({ ...s, note: 'x' })));
      b.play(general(play.steps));
    }
    assert.equal(a.gnubgId(), b.gnubgId());
  }
  assert.deepEqual(a.toJSON(), b.toJSON());
});

test('steps the shortcut does not take get the general reader errors', () => {
  const g = new Backgammon({ seed: 4 });
  while (g.phase() !== 'move') g.roll(); // the opening roll (ties roll again)
  const steps = g.legalPlays()[0].steps;
  class StepLike {
    constructor(s) {
      Object.assign(this, s);
    }
  }
  const cases = [
    [steps.map((s) => new StepLike(s)), /plain object/],
    [steps.map((s) => ({ ...s, from: String(s.from) })), /from|invalid type/],
    [steps.map((s) => ({ ...s, die: 1.5 })), /die|invalid type/],
    [steps.map(({ hit, ...s }) => s), /hit/],
    [[...steps, ...steps, ...steps, ...steps, steps[0]].slice(0, 9), /./],
  ];
  for (const [bad, message] of cases) {
    const before = g.gnubgId();
    assert.throws(
      () => g.play(bad),
      (e) => typeof e.code === 'string' && message.test(e.message),
    );
    assert.equal(g.gnubgId(), before, 'a refused play leaves the game as it was');
  }
  g.play(steps);
  assert.notEqual(g.phase(), 'move');
});

test('legalMoves() gives each move as play() returns it (same keys, same order)', () => {
  const pick = rng(17);
  for (let game = 0; game < 30; game++) {
    const g = new RussianDraughts();
    for (let ply = 0; ply < 200 && !g.outcome(); ply++) {
      const moves = g.legalMoves();
      assert.ok(moves.length > 0);
      const chosen = moves[pick(moves.length)];
      const probe = g.clone();
      for (const m of moves) {
        const c = probe.clone();
        assert.equal(JSON.stringify(c.play(m.notation)), JSON.stringify(m));
        c.free();
      }
      probe.free();
      assert.equal(JSON.stringify(g.play(chosen.notation)), JSON.stringify(chosen));
    }
    g.free();
  }
});
