// A boundary that cannot be broken (issue 15): arguments that throw while they are read
// (getters, Proxies), nest thousands deep, or are not JSON data (BigInt, Symbol, functions,
// cycles) give a tabla Error with a code, and leave the object and the module usable. Before,
// such a call unwound through Rust frames: the object stayed borrowed for ever and the lost
// stack pointer made every call trap after a few hundred of them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Backgammon, RussianDraughts } from 'tabla';
import { rng } from './helpers.mjs';

const deepText = (n) => `{"format":"tabla-backgammon","version":${'['.repeat(n)}${']'.repeat(n)}}`;
const deepObject = (n) => {
  let v = [];
  for (let i = 0; i < n; i++) v = [v];
  return v;
};
const throwingGetter = () =>
  Object.defineProperty({}, 'variant', {
    enumerable: true,
    get() {
      throw new Error('getter says no');
    },
  });
const throwingProxy = () =>
  new Proxy(
    {},
    {
      get() {
        throw new Error('get trap');
      },
      ownKeys() {
        throw new Error('ownKeys trap');
      },
      getPrototypeOf() {
        throw new Error('getPrototypeOf trap');
      },
    },
  );
const revoked = () => {
  const r = Proxy.revocable({}, {});
  r.revoke();
  return r.proxy;
};
const cyclic = () => {
  const o = { variant: 'backgammon' };
  o.self = o;
  return o;
};
const hostileStep = () => [
  Object.defineProperty({ to: 1, die: 1, hit: false }, 'from', {
    enumerable: true,
    get() {
      throw 'a thrown string';
    },
  }),
];

/** The hostile values, each made fresh. */
const hostile = [
  () => deepText(6000),
  () => deepObject(6000),
  () => JSON.parse(`{"a":${'['.repeat(5000)}${']'.repeat(5000)}}`),
  throwingGetter,
  throwingProxy,
  revoked,
  cyclic,
  () => 3n,
  () => Symbol('s'),
  () => () => 1,
  () => ({ seed: 7n }),
  () => ({ level: Symbol('x') }),
  () => new Map([['variant', 'table']]),
  () => '3',
  () => ({ valueOf: () => 3 }),
  hostileStep,
  () => ({
    get depth() {
      throw new RangeError('depth getter');
    },
  }),
];

/** Every call of the API that takes an argument, with the hostile value `v`. */
function calls(bg, dr) {
  return [
    (v) => Backgammon.fromJSON(v),
    (v) => new Backgammon(v),
    (v) => Backgammon.fromPositionId(v),
    (v) => Backgammon.fromPositionId('4HPwATDgc/ABMA', v),
    (v) => Backgammon.fromGnubg(v),
    (v) => Backgammon.defaultOptions(v),
    (v) => bg.setDice(v, 1),
    (v) => bg.setDice(3, v),
    (v) => bg.step(v, 1),
    (v) => bg.stepTo(24, v),
    (v) => bg.destinations(v),
    (v) => bg.play(v),
    (v) => bg.chooseDoubles(v),
    (v) => bg.bestPlay(v),
    (v) => bg.hint(v),
    (v) => bg.evaluate(v),
    (v) => bg.cubeAction(v),
    (v) => RussianDraughts.fromJSON(v),
    (v) => new RussianDraughts(v),
    (v) => RussianDraughts.fromFen(v),
    (v) => RussianDraughts.fromPdn(v),
    (v) => dr.play(v),
    (v) => dr.touch(v),
    (v) => dr.perft(v),
    (v) => dr.bestMove(v),
    (v) => dr.buildEndgames(v),
  ];
}

/** `f()` either works or throws a tabla Error with a code. */
function cleanly(f) {
  try {
    const r = f();
    if (r && typeof r.free === 'function') r.free();
  } catch (e) {
    assert.ok(e instanceof Error, `threw ${String(e)}`);
    assert.equal(typeof e.code, 'string', `no code: ${e.message}`);
    assert.doesNotMatch(
      e.message,
      /recursive use|null pointer|unreachable|memory access|Reflect\.|Cannot read properties/,
    );
    return e;
  }
  return null;
}

test('each hostile kind gives a coded tabla Error', () => {
  const bg = new Backgammon({ seed: 1 });
  bg.roll();
  const dr = new RussianDraughts();
  for (const make of hostile) {
    const e = cleanly(() => Backgammon.fromJSON(make()));
    assert.ok(e, 'fromJSON refuses it');
  }
  assert.equal(cleanly(() => Backgammon.fromJSON(deepText(6000))).code, 'bad-save');
  assert.equal(cleanly(() => Backgammon.fromJSON(deepObject(6000))).code, 'bad-argument');
  assert.equal(cleanly(() => new Backgammon(throwingGetter())).code, 'bad-argument');
  assert.match(cleanly(() => new Backgammon(throwingGetter())).message, /getter says no/);
  assert.equal(cleanly(() => new Backgammon(throwingProxy())).code, 'bad-argument');
  assert.equal(cleanly(() => new Backgammon(revoked())).code, 'bad-argument');
  assert.match(cleanly(() => new Backgammon(cyclic())).message, /cycle/);
  assert.match(cleanly(() => new Backgammon({ seed: 7n })).message, /BigInt/);
  assert.equal(cleanly(() => bg.play(hostileStep())).code, 'bad-argument');
  assert.equal(cleanly(() => dr.analyze({ depth: 3n })).code, 'bad-argument');
  assert.equal(cleanly(() => dr.play(Symbol('x'))).code, 'bad-argument');
  // And the objects still work.
  bg.play(bg.legalPlays()[0].steps);
  dr.play('c3-d4');
});

test('no silent coercion of strings (or anything) to numbers', () => {
  const g = new Backgammon({ seed: 3 });
  g.roll();
  g.play(g.legalPlays()[0].steps);
  for (const bad of ['3', ' 3', { valueOf: () => 3 }, [3], true, null, undefined, 3n]) {
    const e = cleanly(() => g.setDice(bad, 1));
    assert.equal(e?.code, 'bad-argument', String(typeof bad));
    assert.equal(g.state().phase, 'roll', 'the dice are not set');
  }
  assert.equal(cleanly(() => g.setDice('3', true)).code, 'bad-argument');
  g.setDice(3, 1);
  assert.deepEqual(g.state().dice, [3, 1]);
  const d = new RussianDraughts();
  assert.equal(cleanly(() => d.perft('2')).code, 'bad-argument');
  assert.equal(d.perft(2), 49);
  assert.equal(cleanly(() => d.play(42)).code, 'bad-argument');
});

test('free() twice is harmless, and Symbol.dispose frees', () => {
  for (const C of [Backgammon, RussianDraughts]) {
    const g = new C();
    g.free();
    g.free();
    const h = new C();
    h[Symbol.dispose]();
    h.free();
    assert.throws(() => h.state());
  }
});

test('clone() copies, isLegal() never throws', () => {
  const g = new Backgammon({ seed: 9 });
  g.roll();
  const c = g.clone();
  const play = g.legalPlays()[0];
  assert.equal(g.isLegal(play.notation), true);
  assert.equal(g.isLegal(play.steps), true);
  for (const bad of ['24/1', '', 7, null, undefined, throwingProxy(), hostileStep(), deepObject(6000), 3n]) {
    assert.equal(g.isLegal(bad), false);
  }
  g.play(play.steps);
  assert.notEqual(g.state().turn, c.state().turn, 'the clone did not move');
  assert.equal(c.isLegal(play.notation), true);
  const d = new RussianDraughts();
  const e = d.clone();
  assert.equal(d.isLegal('c3-d4'), true);
  for (const bad of ['c3-c4', 'a1-a9', '', 3, Symbol('s'), null, revoked()]) {
    assert.equal(d.isLegal(bad), false);
  }
  d.play('c3-d4');
  assert.equal(e.state().history.length, 0);
  assert.equal(d.state().history.length, 1);
});

test('10,000 hostile calls, then a whole game of each on the same objects', () => {
  const pick = rng(15);
  const bg = new Backgammon({ seed: 4 });
  const dr = new RussianDraughts();
  const list = calls(bg, dr);
  let refused = 0;
  for (let i = 0; i < 10000; i++) {
    // Most calls are the cheap deep ones; all kinds and all calls are reached.
    const make = hostile[pick(hostile.length)];
    const call = list[pick(list.length)];
    if (cleanly(() => call(make()))) refused++;
  }
  assert.ok(refused > 9000, `${refused} refused`);
  for (let i = 0; i < 600; i++) cleanly(() => Backgammon.fromJSON(deepText(6000)));
  // A whole game of backgammon on the same object.
  for (let n = 0; n < 5000 && !bg.outcome(); n++) {
    const s = bg.state();
    if (s.phase === 'opening' || s.phase === 'roll') bg.roll();
    else if (s.phase === 'cube-decision') bg.take();
    else if (s.phase === 'move') {
      const plays = bg.legalPlays();
      if (plays.length === 0) bg.confirm();
      else bg.play(plays[pick(plays.length)].steps);
    }
  }
  assert.ok(bg.outcome(), 'the backgammon game ended');
  assert.ok(Backgammon.fromJSON(JSON.stringify(bg)).outcome());
  // And a whole game of draughts.
  for (let n = 0; n < 2000 && !dr.outcome(); n++) {
    const moves = dr.legalMoves();
    dr.play(moves[pick(moves.length)].notation);
  }
  assert.ok(dr.outcome(), 'the draughts game ended');
  bg.free();
  dr.free();
  bg.free();
});

test('analyze to any depth has a time cap', () => {
  const d = new RussianDraughts();
  const t = Date.now();
  const a = d.analyze({ depth: 20, timeMs: 300 });
  assert.ok(Date.now() - t < 2000, `analyze took ${Date.now() - t} ms`);
  assert.ok(a.depth >= 1);
});

test('analyze({ depth: 20 }) without timeMs stops at its time cap', () => {
  const d = new RussianDraughts();
  const t = Date.now();
  d.analyze({ depth: 20 });
  assert.ok(Date.now() - t < 15000, `analyze took ${Date.now() - t} ms`);
});
