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

// The package's entry builds the hot results from compact buffers (js/unpack.js); the glue's own
// methods, which build them field by field from Rust, are the reference.
const { eagerOf } = await import(new URL('./unpack.js', import.meta.resolve('tabla')));
const eager = eagerOf.get(Backgammon);

/** A value as JSON text: equal texts mean equal values, keys and key order. */
const same = (a, b, what) => {
  assert.deepStrictEqual(a, b, what);
  assert.equal(JSON.stringify(a), JSON.stringify(b), what);
};

test('packed legalPlays(), phase(), roll() and play(steps) give what the glue gives, in random games of every variant', () => {
  let plays = 0;
  for (const variant of ['backgammon', 'table', 'acey-deucey']) {
    for (let seed = 1; seed <= 6; seed++) {
      const pick = rng(seed * 7 + variant.length);
      const g = new Backgammon({ variant, seed, ...(variant === 'backgammon' ? { matchLength: 3 } : {}) });
      for (let i = 0; i < 3000; i++) {
        const phase = g.phase();
        same(phase, eager.phase.call(g), `${variant} ${seed}: phase at action ${i}`);
        same(g.legalPlays(), eager.legalPlays.call(g), `${variant} ${seed}: plays at action ${i}`);
        if (phase === 'game-over') break;
        if (phase === 'opening' || phase === 'roll') {
          const copy = g.clone();
          same(g.roll(), eager.roll.call(copy), `${variant} ${seed}: roll at action ${i}`);
          assert.equal(copy.gnubgId(), g.gnubgId());
          copy.free();
        } else if (phase === 'cube-decision') g.take();
        else if (phase === 'choose-doubles') g.chooseDoubles(pick(6) + 1);
        else {
          const list = g.legalPlays();
          if (list.length === 0) {
            g.confirm();
            continue;
          }
          const chosen = list[pick(list.length)];
          // the notation names the same play: played as text it gives the same game
          const byText = g.clone();
          const byGlue = g.clone();
          byText.play(chosen.notation);
          eager.backgammonPlay.call(byGlue, chosen.steps);
          g.play(chosen.steps);
          plays++;
          assert.equal(byText.gnubgId(), g.gnubgId(), `${variant} ${seed}: ${chosen.notation}`);
          same(byGlue.toJSON(), g.toJSON(), `${variant} ${seed}: play(steps) at action ${i}`);
          byText.free();
          byGlue.free();
        }
      }
      g.free();
    }
  }
  assert.ok(plays > 1000, `only ${plays} plays`);
});

test('packed play(steps) accepts and refuses what the glue does, with the same errors', () => {
  const g = new Backgammon({ seed: 9 });
  while (g.phase() !== 'move') g.roll();
  const steps = g.legalPlays()[0].steps;
  const cases = [
    [],
    steps.slice(0, 1),
    [...steps, ...steps],
    steps.toReversed(),
    steps.map((s) => ({ ...s, hit: !s.hit })),
    steps.map((s) => ({ ...s, to: s.to === 0 ? 1 : s.to - 1 })),
    steps.map((s) => ({ ...s, die: 7 - s.die })),
    steps.map((s) => ({ ...s, die: 0 })),
    steps.map((s) => ({ ...s, from: 25 })),
    steps.map((s) => ({ ...s, from: 0, to: 0 })),
    steps,
  ];
  let refused = 0;
  for (const play of cases) {
    const outcome = (g, call) => {
      try {
        call(g);
        return JSON.stringify(g.toJSON());
      } catch (e) {
        refused++;
        return `${e.code}: ${e.message} (game ${g.gnubgId()})`;
      }
    };
    const [a, b] = [g.clone(), g.clone()];
    assert.equal(
      outcome(a, (x) => x.play(play)),
      outcome(b, (x) => eager.backgammonPlay.call(x, play)),
      JSON.stringify(play),
    );
    a.free();
    b.free();
  }
  assert.ok(refused >= 10, `only ${refused / 2} refused`);
});

test('packed legalMoves(), play() and outcome() give what the glue gives, in random draughts games', () => {
  let moves = 0;
  for (let game = 0; game < 40; game++) {
    const pick = rng(100 + game);
    const g = new RussianDraughts(game % 2 ? { touchMove: true } : undefined);
    for (let ply = 0; ply < 300; ply++) {
      same(g.outcome(), eager.outcome.call(g), `game ${game}: outcome at ply ${ply}`);
      const list = g.legalMoves();
      same(list, eager.legalMoves.call(g), `game ${game}: moves at ply ${ply}`);
      if (g.outcome()) break;
      const chosen = list[pick(list.length)];
      const copy = g.clone();
      same(g.play(chosen.notation), eager.draughtsPlay.call(copy, chosen.notation), `game ${game}: play at ply ${ply}`);
      assert.equal(copy.pdn(), g.pdn());
      copy.free();
      moves++;
    }
    assert.ok(g.outcome(), `game ${game} did not end`);
    same(g.outcome(), eager.outcome.call(g));
    g.free();
  }
  assert.ok(moves > 1000, `only ${moves} moves`);
});

test("packed draughts play() without legalMoves() first gives what the glue gives: after another object's call, after the memory grew (tests/js/first-call.test.mjs: the module's first call)", () => {
  const first = new RussianDraughts();
  const glue = new RussianDraughts();
  same(first.play('c3-d4'), eager.draughtsPlay.call(glue, 'c3-d4'), 'play of a new object');
  const pick = rng(7);
  const other = new RussianDraughts();
  for (let ply = 0; ply < 200 && !first.outcome(); ply++) {
    const list = eager.legalMoves.call(glue);
    const notation = list[pick(list.length)].notation;
    other.legalMoves(); // another object's packed answer now fills the buffer
    const copy = glue.clone();
    same(first.play(notation), eager.draughtsPlay.call(glue, notation), `play at ply ${ply}`);
    copy.free();
    if (ply === 20) {
      // grow the module's memory (which detaches the views of its old buffer)
      const kept = Array.from({ length: 3000 }, () => new RussianDraughts().clone());
      for (const k of kept) k.legalMoves();
      for (const k of kept) k.free();
    }
  }
  assert.equal(first.pdn(), glue.pdn());
  for (const g of [first, glue, other]) g.free();
});

test('packed draughts play() refuses what the glue refuses, with the same error', () => {
  const g = new RussianDraughts();
  for (const bad of ['c3-c4', 'z9', '', 'c3:e5', 42, null, undefined, {}, 'h6-g5']) {
    let fast;
    let glue;
    try {
      g.play(bad);
    } catch (e) {
      fast = e;
    }
    try {
      eager.draughtsPlay.call(g, bad);
    } catch (e) {
      glue = e;
    }
    assert.ok(fast && glue, `${String(bad)} was accepted`);
    assert.equal(fast.code, glue.code, String(bad));
    assert.equal(fast.message, glue.message, String(bad));
  }
  assert.equal(g.pdn(), new RussianDraughts().pdn());
});

test('packed draughts play() of a listed notation plays that move; the hidden __playIndex plays only the listed move it names', () => {
  const squares = RussianDraughts.__squares().split(' ');
  const at = (name) => squares.indexOf(name);
  const g = new RussianDraughts();
  const list = g.legalMoves();
  const start = g.pdn();
  // the squares of another move than the one at the index: nothing played
  assert.equal(g.__playIndex(0, at(list[1].from), at(list[1].to)), -1);
  assert.equal(g.pdn(), start);
  for (const index of [list.length, -1, 2 ** 32 - 1]) {
    assert.throws(
      () => g.__playIndex(index, 0, 0),
      (e) => e.code === 'bad-argument',
      String(index),
    );
  }
  assert.equal(g.pdn(), start);
  const ref = new RussianDraughts();
  ref.play(list[2].notation);
  assert.ok(g.__playIndex(2, at(list[2].from), at(list[2].to)) >= 0);
  assert.equal(g.pdn(), ref.pdn());
  // a capture named by an intermediate square (a notation prefix longer than one square) and
  // the same capture by its other spellings all play through the documented play()
  // d2 takes f4 and g5, then on two ways round to h2: named 'd2:f4:h6:h2'
  const fen = 'W:Wc1,e1,d2,f2,c3,h4:Be3,g3,g5,b6,f6,e7,g7,b8';
  const a = RussianDraughts.fromFen(fen);
  const long = a.legalMoves().find((m) => m.notation.split(':').length > 2);
  assert.ok(long, JSON.stringify(a.legalMoves()));
  for (const text of [long.notation, long.path.join(':'), long.path.join('x')]) {
    const b = RussianDraughts.fromFen(fen);
    b.legalMoves();
    assert.deepEqual(b.play(text), long, text);
    assert.equal(JSON.stringify(b.legalMoves()), JSON.stringify(eager.legalMoves.call(b)), text);
    b.free();
  }
  for (const x of [g, ref, a]) x.free();
});
