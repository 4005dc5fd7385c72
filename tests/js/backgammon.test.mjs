// Backgammon through the npm package, as a user drives it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Backgammon } from 'tabla';
import { randomBackgammon, rng } from './helpers.mjs';

test('a new backgammon game starts with the opening roll from the standard position', () => {
  const g = new Backgammon({ seed: 1 });
  const s = g.state();
  assert.equal(s.variant, 'backgammon');
  assert.equal(s.phase, 'opening');
  assert.equal(g.positionId(), '4HPwATDgc/ABMA');
  assert.deepEqual(s.pips, { white: 167, black: 167 });
  assert.equal(s.points.length, 24);
  assert.equal(s.points[5], 5); // White's 6-point
  assert.equal(s.points[18], -5); // Black's 6-point seen from White
  assert.equal(s.lastPlay, null);
  assert.equal(g.outcome(), null);
});

test('table starts with White rolling both dice, without an opening roll', () => {
  const g = new Backgammon({ variant: 'table', seed: 3 });
  assert.equal(g.state().phase, 'roll');
  assert.equal(g.state().turn, 'white');
  assert.equal(g.state().options.scoring, 'table');
  assert.equal(g.roll().length, 2);
  assert.equal(g.state().phase, 'move');
});

test('the opening 3-1 has 16 distinct plays, each with steps and a Position ID', () => {
  const g = Backgammon.fromPositionId('4HPwATDgc/ABMA');
  g.setDice(3, 1);
  const plays = g.legalPlays();
  assert.equal(plays.length, 16);
  for (const p of plays) {
    assert.equal(typeof p.notation, 'string');
    assert.equal(p.positionId.length, 14);
    assert.ok(p.steps.length === 2);
  }
  assert.ok(plays.some((p) => p.notation === '8/5 6/5'));
});

test('the engine says who is on roll (onRoll) and how the dice are played (playDice: a double four times)', () => {
  const g = new Backgammon({ seed: 1 });
  assert.equal(g.state().onRoll, null, 'no one is on roll in the opening');
  const h = Backgammon.fromPositionId('4HPwATDgc/ABMA', { turn: 'black' });
  assert.equal(h.state().onRoll, 'black');
  assert.deepEqual(h.state().playDice, []);
  h.setDice(5, 5);
  assert.deepEqual(
    [h.state().dice, h.state().playDice],
    [
      [5, 5],
      [5, 5, 5, 5],
    ],
  );
  h.step(13, 8);
  assert.deepEqual(h.state().diceLeft, [5, 5, 5]);
  assert.deepEqual(h.state().playDice, [5, 5, 5, 5], 'the dice played stay shown');
  h.undo();
  h.play(h.legalPlays()[0].notation);
  h.setDice(2, 6);
  assert.deepEqual(h.state().playDice, [2, 6]);
  const list = h.moveList();
  assert.deepEqual(
    [list[0].dice, list[0].playDice],
    [
      [5, 5],
      [5, 5, 5, 5],
    ],
  );
});

test('steps, legal steps, undo and confirm make one turn', () => {
  const g = Backgammon.fromPositionId('4HPwATDgc/ABMA', { turn: 'white' });
  g.setDice(3, 1);
  const first = g.legalSteps();
  assert.ok(first.some((s) => s.from === 8 && s.to === 5));
  const before = JSON.stringify(g.state());
  g.step(8, 5);
  assert.equal(g.state().canUndo, true);
  assert.deepEqual(g.state().diceLeft, [1]);
  g.undo();
  assert.equal(JSON.stringify(g.state()), before);
  g.step(8, 5);
  g.step(6, 5);
  assert.equal(g.state().canConfirm, true);
  g.confirm();
  assert.equal(g.state().turn, 'black');
  assert.equal(g.state().lastPlay.notation, '8/5 6/5');
});

test('bad input throws an Error that says what was wrong, and leaves the game unchanged', () => {
  const g = new Backgammon({ seed: 5 });
  const cases = [
    [() => new Backgammon({ variant: 'chess' }), /unknown variant/],
    [() => new Backgammon({ varient: 'table' }), /unknown option 'varient'/],
    [() => new Backgammon({ seed: -1 }), /seed/],
    [() => new Backgammon({ matchLength: 2.5 }), /matchLength|invalid type/],
    // JSON.stringify would turn these into null, i.e. "not given": refused instead.
    [() => new Backgammon({ seed: NaN }), /NaN is not a finite number/],
    [() => new Backgammon({ matchLength: Infinity }), /Infinity is not a finite number/],
    [() => g.bestPlay({ seed: -Infinity }), /not a finite number/],
    [() => new Backgammon(new Map([['variant', 'table']])), /not a Map or Set/],
    [() => new Backgammon(['table']), /not an array/],
    [() => Backgammon.fromPositionId('not an id'), /Position ID/i],
    [() => Backgammon.fromJSON('{"format":"nope"}'), /save/i],
    [() => g.setDice(7, 1), /1 to 6/],
    [() => g.setDice(259, 3), /1 to 6/],
    [() => g.step(24, 21), /cannot move now/],
    [() => g.play('24/18 13/11'), /cannot/],
    [() => g.chooseDoubles(3), /cannot/],
    [() => g.take(), /cannot|cube/],
  ];
  const before = JSON.stringify(g.state());
  for (const [call, message] of cases) {
    assert.throws(call, (e) => e instanceof Error && message.test(e.message), String(call));
  }
  assert.equal(JSON.stringify(g.state()), before);
});

test('an illegal play is refused with the reason', () => {
  const g = Backgammon.fromPositionId('4HPwATDgc/ABMA');
  g.setDice(6, 5);
  assert.throws(() => g.play('24/18 18/12'), /not|illegal|cannot/i);
  g.play('24/13');
  assert.equal(g.state().lastPlay.notation, '24/13');
});

test('toJSON and fromJSON round-trip a game in the middle of a turn', () => {
  const g = new Backgammon({ variant: 'backgammon', seed: 11 });
  while (g.state().phase === 'opening') g.roll(); // a tied opening roll is rolled again
  const steps = g.legalSteps();
  g.step(steps[0].from, steps[0].to);
  const copy = Backgammon.fromJSON(JSON.stringify(g));
  assert.deepEqual(copy.state(), g.state());
  const copy2 = Backgammon.fromJSON(g.toJSON());
  assert.deepEqual(copy2.state(), g.state());
});

test('a corrupted save is refused, never half-loaded', () => {
  const g = randomBackgammon({ seed: 4 }, rng(4));
  const save = g.toJSON();
  save.record = save.record.slice(0, -3).concat(save.record.slice(-2));
  assert.throws(() => Backgammon.fromJSON(save), Error);
  assert.throws(() => Backgammon.fromJSON('{"truncated": '), Error);
  assert.throws(() => Backgammon.fromJSON(42), Error);
});

test('the cube: double, take, and a pass ends the game at the current stake', () => {
  const g = new Backgammon({ variant: 'backgammon', seed: 2 });
  g.roll(); // the opening roll, played at once
  g.play(g.legalPlays()[0].steps);
  g.double();
  assert.equal(g.state().phase, 'cube-decision');
  g.take();
  assert.equal(g.state().cube.value, 2);
  g.roll();
  g.play(g.legalPlays()[0].steps);
  g.double();
  g.pass();
  const o = g.outcome();
  assert.equal(o.kind, 'pass');
  assert.equal(o.points, 2);
});

test('acey-deucey: checkers start off the board and a 1-2 asks for doubles', () => {
  const g = new Backgammon({ variant: 'acey-deucey', seed: 9 });
  const s = g.state();
  assert.deepEqual(s.unentered, { white: 15, black: 15 });
  assert.ok(s.points.every((n) => n === 0));
  let sawChoice = false;
  const pick = rng(9);
  for (let i = 0; i < 4000 && !g.outcome(); i++) {
    const st = g.state();
    if (st.phase === 'choose-doubles') {
      sawChoice = true;
      g.chooseDoubles(6);
      continue;
    }
    if (st.phase === 'opening' || st.phase === 'roll') {
      g.roll();
      continue;
    }
    const plays = g.legalPlays();
    if (plays.length === 0) g.confirm();
    else g.play(plays[pick(plays.length)].steps);
  }
  assert.ok(sawChoice, 'a 1-2 came up and asked for the doubles');
});

test('random games of every variant end with a consistent outcome', () => {
  for (const variant of ['backgammon', 'table', 'acey-deucey']) {
    for (let seed = 1; seed <= 5; seed++) {
      const g = randomBackgammon({ variant, seed }, rng(seed));
      const o = g.outcome();
      assert.ok(o, `${variant} ${seed} ended`);
      assert.equal(g.state().phase, 'game-over');
      const s = g.state();
      assert.equal(s.off[o.winner], 15);
      assert.equal(o.points, o.multiplier * o.cube);
    }
  }
});

test('checkersPerSide() is the count every side has in each variant: on points, bar, unentered and off', () => {
  const n = Backgammon.checkersPerSide();
  assert.equal(n, 15);
  for (const variant of ['backgammon', 'table', 'acey-deucey']) {
    const s = new Backgammon({ variant, seed: 3 }).setup();
    for (const side of ['white', 'black']) {
      const placed = s[side].reduce((a, b) => a + b, 0) + s.unentered[side];
      assert.equal(placed, n, `${variant} ${side}`);
    }
  }
  // one checker more than the count is a set-up the engine refuses
  const s = new Backgammon({ seed: 3 }).setup();
  s.white[0] += 1;
  assert.throws(
    () => Backgammon.fromSetup(s),
    (e) => e.code === 'setup-too-many',
  );
});

test('the move list and the position after any line come from the engine (moveList, atRecord)', () => {
  const g = new Backgammon({ seed: 5, matchLength: 5 });
  g.roll();
  g.play(g.legalPlays()[0].steps);
  g.double();
  assert.equal(g.state().cube.offeredValue, 2, 'a waiting double offers twice the cube');
  g.take();
  assert.equal(g.state().cube.offeredValue, null);
  const rows = g.moveList();
  assert.deepEqual(
    rows.map((r) => r.kind),
    ['play', 'double', 'take'],
  );
  const [play, double] = rows;
  assert.ok(play.dice[0] >= play.dice[1], 'the larger die first');
  assert.equal(double.cube, 2);
  assert.equal(double.player, g.state().turn);
  // the position after each line, replayed by the engine; the live game is untouched
  const before = g.atRecord(play.index - 1);
  assert.equal(before.state().phase, 'move');
  assert.equal(before.state().turn, play.player);
  const after = g.atRecord(play.index);
  assert.equal(after.state().lastPlay.notation, play.notation);
  assert.equal(g.atRecord(g.toJSON().record.length).positionId(), g.positionId());
  for (const bad of [-1, 1.5, g.toJSON().record.length + 1, '2']) {
    assert.throws(
      () => g.atRecord(bad),
      (e) => e.code === 'bad-argument',
      String(bad),
    );
  }
  assert.equal(g.state().phase, 'roll');
});

test('BG-BAR-FIRST: state().entersFrom says where a step from 25 takes its checker', () => {
  assert.deepEqual(new Backgammon({ seed: 1 }).state().entersFrom, { white: null, black: null });
  const a = new Backgammon({ variant: 'acey-deucey', seed: 4 });
  assert.deepEqual(a.state().entersFrom, { white: 'unentered', black: 'unentered' });
  // a hit checker on the bar enters before those not yet entered
  for (let i = 0; i < 400 && !a.outcome(); i++) {
    const s = a.state();
    for (const side of ['white', 'black']) {
      const want = s.bar[side] > 0 ? 'bar' : s.unentered[side] > 0 ? 'unentered' : null;
      assert.equal(s.entersFrom[side], want, `${side} at turn ${i}`);
    }
    if (s.phase === 'opening' || s.phase === 'roll') a.roll();
    else if (s.phase === 'choose-doubles') a.chooseDoubles(6);
    else if (s.phase === 'move') {
      const plays = a.legalPlays();
      a.play(plays.length ? plays[i % plays.length].steps : []);
    } else break;
  }
});
