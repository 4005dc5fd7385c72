// Thousands of random and malformed calls at both classes: each either works or throws an
// Error with a message, leaves the object as it was when it throws, and the module never dies
// (a Rust panic would poison it: every later call would fail).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Backgammon, RussianDraughts } from 'tabla';
import { randomBackgammon, randomDraughts, rng } from './helpers.mjs';

const pick = rng(20261129);
const junkValues = [
  undefined,
  null,
  NaN,
  Infinity,
  -Infinity,
  -1,
  0,
  1,
  2.5,
  6,
  7,
  25,
  26,
  255,
  256,
  259,
  1e20,
  -0,
  '',
  ' ',
  'x',
  '24/18 13/11',
  'bar/22*',
  '6/off',
  '13/7(2)',
  '25/0',
  '24/18(5)',
  'c3-d4',
  'c3:e5',
  'c3xe5',
  'h6-g5',
  'z9',
  ':',
  '-',
  '/',
  '4HPwATDgc/ABMA',
  'cAkAAAAAAAAA',
  '\u0000',
  '💥'.repeat(50),
  'a'.repeat(10000),
  '24/18 '.repeat(500),
  true,
  false,
  {},
  [],
  [1, 2],
  [{ from: 24, to: 18, die: 6 }],
  [{ from: 'x' }],
  { variant: 'table' },
  { variant: 'x' },
  { seed: 2 ** 40 },
  { matchLength: -3 },
  { touchMove: 'yes' },
  { drawRules: false },
  { format: 'tabla-backgammon' },
  () => 1,
];
const junk = () => junkValues[pick(junkValues.length)];

const bgCalls = [
  (g) => g.roll(),
  (g) => g.setDice(junk(), junk()),
  (g) => g.setDice(1 + pick(6), 1 + pick(6)),
  (g) => g.legalPlays(),
  (g) => g.legalSteps(),
  (g) => g.step(junk(), junk()),
  (g) => {
    const s = g.legalSteps();
    if (s.length) g.step(s[0].from, s[0].to);
  },
  (g) => g.step(pick(27), pick(27)),
  (g) => g.undo(),
  (g) => g.confirm(),
  (g) => g.play(junk()),
  (g) => {
    const p = g.legalPlays();
    if (p.length) g.play(p[pick(p.length)].notation);
  },
  (g) => g.chooseDoubles(junk()),
  (g) => g.chooseDoubles(1 + pick(6)),
  (g) => g.double(),
  (g) => g.take(),
  (g) => g.pass(),
  (g) => g.nextGame(),
  (g) => g.outcome(),
  (g) => g.positionId(),
  (g) => g.matchId(),
  (g) => Backgammon.fromJSON(junk()),
  (g) => Backgammon.fromPositionId(junk(), junk()),
  (g) => new Backgammon(junk()),
  (g) => Backgammon.fromJSON(JSON.stringify(g.toJSON()).slice(0, pick(400))),
];
const ruCalls = [
  (g) => g.play(junk()),
  (g) => g.legalMoves(),
  (g) => {
    const m = g.legalMoves();
    if (m.length) g.play(m[pick(m.length)].notation);
  },
  (g) => g.undo(),
  (g) => g.agreeDraw(),
  (g) => g.touch(junk()),
  (g) => g.release(),
  (g) => g.perft(pick(3)),
  (g) => g.perft(junk()),
  (g) => g.fen(),
  (g) => g.pdn(),
  (g) => g.outcome(),
  (g) => RussianDraughts.fromFen(junk()),
  (g) => RussianDraughts.fromPdn(junk()),
  (g) => RussianDraughts.fromFen(g.fen().slice(0, pick(60))),
  (g) => new RussianDraughts(junk()),
  (g) => RussianDraughts.fromPdn(g.pdn().slice(0, pick(300))),
];

function hammer(make, calls, rounds) {
  let thrown = 0;
  for (let r = 0; r < rounds; r++) {
    const g = make(r);
    for (let i = 0; i < 40; i++) {
      const before = JSON.stringify(g.state());
      try {
        calls[pick(calls.length)](g);
      } catch (e) {
        thrown++;
        assert.ok(e instanceof Error, `threw a non-Error: ${e}`);
        assert.ok(e.message.length > 5, `an empty message: ${e.message}`);
        assert.doesNotMatch(e.message, /unreachable|panicked|RuntimeError/);
        assert.equal(JSON.stringify(g.state()), before, 'a thrown call changed the game');
      }
    }
  }
  return thrown;
}

test('random and malformed calls on Backgammon throw clean Errors and change nothing', () => {
  const variants = ['backgammon', 'table', 'acey-deucey'];
  const thrown = hammer(
    (r) => new Backgammon({ variant: variants[r % 3], seed: r, matchLength: r % 5 === 0 ? 3 : 0 }),
    bgCalls,
    150,
  );
  assert.ok(thrown > 1000, `only ${thrown} calls threw: the test is not hitting bad input`);
});

test('random and malformed calls on RussianDraughts throw clean Errors and change nothing', () => {
  const thrown = hammer((r) => new RussianDraughts({ touchMove: r % 2 === 0 }), ruCalls, 150);
  assert.ok(thrown > 1000, `only ${thrown} calls threw: the test is not hitting bad input`);
});

test('after the barrage both classes still play whole games', () => {
  for (const variant of ['backgammon', 'table', 'acey-deucey']) {
    assert.ok(randomBackgammon({ variant, seed: 99 }, rng(99)).outcome());
  }
  assert.ok(randomDraughts(rng(99)).outcome());
});
