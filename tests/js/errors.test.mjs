// Every error the package throws is an Error with a stable `code` from errorCodes() and the
// fields that matter; each code is provoked through the JS API here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Backgammon, errorCodes, LinkSession, RussianDraughts } from 'tabla';
import { rng } from './helpers.mjs';

const CODES = new Set(errorCodes());
const seen = new Map();

/** Runs `f`, which must throw a coded Error; records and returns it. */
function coded(f, want) {
  try {
    f();
  } catch (e) {
    assert.ok(e instanceof Error, `${e} is an Error`);
    assert.equal(typeof e.code, 'string', `${e.message} has a code`);
    assert.ok(CODES.has(e.code), `${e.code} is in errorCodes()`);
    assert.ok(!/Error: /.test(e.message), `no doubled prefix: ${e.message}`);
    if (want) assert.equal(e.code, want, e.message);
    seen.set(e.code, e);
    return e;
  }
  assert.fail('no error thrown');
}

test('errorCodes() lists unique kebab-case codes', () => {
  const codes = errorCodes();
  assert.equal(new Set(codes).size, codes.length);
  for (const c of codes) assert.match(c, /^[a-z]+(-[a-z]+)*$/);
});

test('arguments, options, saves and IDs', () => {
  coded(() => new Backgammon({ variant: 'chess' }), 'bad-option');
  const e = coded(() => new Backgammon({ varient: 'table' }), 'bad-option');
  assert.equal(e.key, 'varient');
  assert.equal(e.message.startsWith('unknown option'), true);
  coded(() => new Backgammon({ seed: -1 }), 'bad-option');
  coded(() => new Backgammon({ seed: NaN }), 'bad-argument');
  coded(() => new Backgammon().setDice(0, 3), 'bad-argument');
  coded(() => Backgammon.fromJSON('{'), 'bad-save');
  const future = new Backgammon({ seed: 1 }).toJSON();
  future.version = 99;
  assert.equal(coded(() => Backgammon.fromJSON(future), 'save-too-new').version, 99);
  coded(() => Backgammon.fromPositionId('????'), 'bad-position-id');
  coded(() => Backgammon.fromGnubg('4HPwATDgc/ABMA:??'), 'bad-match-id');
  coded(() => RussianDraughts.fromFen('W:Wz9'), 'bad-fen');
  coded(() => RussianDraughts.fromPdn('[GameType "20"]\n*'), 'bad-pdn');
  coded(() => RussianDraughts.fromJSON('{"format":"x"}'), 'bad-save');
  coded(() => new RussianDraughts({ drawRule: false }), 'bad-option');
});

test('backgammon game flow and the cube', () => {
  const g = new Backgammon({ seed: 1 });
  const e = coded(() => g.confirm(), 'wrong-phase');
  assert.equal(e.phase, 'opening');
  coded(() => g.undo(), 'wrong-phase');
  g.setDice(3, 1);
  coded(() => g.undo(), 'nothing-to-undo');
  coded(() => g.confirm(), 'incomplete-play');
  coded(() => g.play('nonsense'), 'parse-error');
  coded(() => g.play('24/1'), 'illegal-play');
  const step = coded(() => g.step(24, 20));
  assert.equal(step.from, 24);
  assert.equal(step.to, 20);
  coded(() => new Backgammon({ variant: 'table' }).double(), 'cube-off');
  const m = new Backgammon({ seed: 2, matchLength: 1 });
  m.setDice(3, 1);
  m.play(m.legalPlays()[0].steps);
  m.double();
  m.pass();
  coded(() => m.roll(), 'game-over');
  coded(() => m.nextGame(), 'match-over');
  const c = new Backgammon({ seed: 3, variant: 'table', cube: true, start: 'white' });
  c.double();
  c.take();
  c.setDice(3, 1);
  c.play(c.legalPlays()[0].steps);
  c.setDice(3, 1);
  c.play(c.legalPlays()[0].steps);
  coded(() => c.double(), 'cube-owned');
  const crawford = Backgammon.fromGnubg('4HPwATDgc/ABMA:cImwAAAAAAAA');
  if (crawford.state().match.crawford) coded(() => crawford.double(), 'crawford-game');
  const fixed = new Backgammon({ seed: 4 });
  fixed.setDice(3, 1);
  const save = fixed.toJSON();
  save.dice = { source: 'fixed' };
  const f = Backgammon.fromJSON(save);
  f.play(f.legalPlays()[0].steps);
  coded(() => f.roll(), 'dice-exhausted');
});

test('refused steps name their rule, found over random games of every variant', () => {
  const pick = rng(14);
  const variants = [
    { variant: 'backgammon' },
    { variant: 'table' },
    { variant: 'acey-deucey', exactBearOff: true, enterAllBeforePassing: true },
    { variant: 'backgammon', exactBearOff: true },
  ];
  for (let n = 0; n < 24; n++) {
    const g = new Backgammon({ ...variants[n % variants.length], seed: n });
    for (let turn = 0; turn < 400 && !g.outcome(); turn++) {
      const s = g.state();
      if (s.phase === 'opening' || s.phase === 'roll') g.roll();
      else if (s.phase === 'cube-decision') g.take();
      else if (s.phase === 'choose-doubles') g.chooseDoubles(1 + pick(6));
      else if (s.phase === 'move') {
        if (turn % 3 === 0) {
          for (let from = 0; from <= 26; from++)
            for (let to = 0; to <= 25; to += 1 + pick(3)) {
              try {
                g.step(from, to);
                g.undo();
              } catch (e) {
                coded(() => {
                  throw e;
                });
              }
            }
        }
        const plays = g.legalPlays();
        if (plays.length === 0) g.confirm();
        else g.play(plays[pick(plays.length)].steps);
      }
    }
  }
  for (const c of [
    'no-die',
    'no-checker',
    'bar-first',
    'point-closed',
    'wrong-direction',
    'bad-point',
    'play-complete',
    'bear-off-not-home',
    'bear-off-exact',
    'bear-off-higher',
    'enter-all-first',
    'must-use-both',
    'larger-die',
    'bad-argument',
  ])
    assert.ok(seen.has(c), `${c} provoked`);
});

test('destinations and stepTo: the engine path, the same whatever the dice order', () => {
  for (const [d1, d2] of [
    [2, 6],
    [6, 2],
  ]) {
    const g = Backgammon.fromPositionId('xP8PAADg/wMAMA');
    g.setDice(d1, d2);
    const d = g.destinations(24).find((x) => x.to === 16);
    assert.deepEqual(
      d.steps.map((s) => [s.from, s.to, s.hit]),
      [
        [24, 18, false],
        [18, 16, false],
      ],
    );
    assert.deepEqual(g.stepTo(24, 16), d.steps);
    assert.equal(g.state().canUndo, true);
  }
  const g = Backgammon.fromPositionId('xP8PAADg/wMAMA');
  g.setDice(6, 2);
  coded(() => g.stepTo(24, 2), 'no-path');
  assert.deepEqual(new Backgammon({ seed: 1 }).destinations(24), []);
});

test('fromGnubg restores a 5-point match at a score with the cube, and gnubgId gives it back', () => {
  const g = new Backgammon({ seed: 21, matchLength: 5 });
  const toRoll = () => {
    while (g.state().phase !== 'roll') {
      if (g.state().phase === 'opening') g.roll();
      else if (g.legalPlays().length) g.play(g.legalPlays()[0].steps);
      else g.confirm();
    }
  };
  toRoll();
  g.double();
  g.pass();
  g.nextGame();
  toRoll();
  g.double();
  g.take();
  g.roll();
  const id = g.gnubgId();
  assert.equal(id, `${g.positionId()}:${g.matchId()}`);
  const h = Backgammon.fromGnubg(id);
  const [a, b] = [g.state(), h.state()];
  for (const k of ['turn', 'phase', 'dice', 'cube', 'match', 'points', 'bar', 'off']) assert.deepEqual(b[k], a[k], k);
  assert.equal(h.gnubgId(), id);
  assert.equal(b.match.length, 5);
  assert.equal(b.cube.value, 2);
  const back = Backgammon.fromJSON(JSON.stringify(h.toJSON()));
  assert.equal(back.gnubgId(), id);
  coded(() => Backgammon.fromGnubg(id, { turn: 'black' }), 'bad-option');
});

test('draughts: codes, toJSON/fromJSON keep the options, touch-move refuses undo', () => {
  const d = new RussianDraughts();
  coded(() => d.undo(), 'nothing-to-undo');
  coded(() => d.play('b2-c3'), 'illegal-move');
  coded(() => d.play('zz'), 'parse-error');
  coded(() => d.touch('a5'), 'cannot-touch');
  coded(() => d.touch('zz'), 'bad-argument');
  const off = new RussianDraughts({ drawRules: false });
  off.play('c3-d4');
  const back = RussianDraughts.fromJSON(JSON.stringify(off.toJSON()));
  assert.deepEqual(back.toJSON().options, { touchMove: false, drawRules: false });
  assert.equal(back.fen(), off.fen());
  assert.deepEqual(back.state().history, ['c3-d4']);
  const t = new RussianDraughts({ touchMove: true });
  assert.equal(t.state().canUndo, false);
  t.touch('c3');
  coded(() => t.touch('e3'), 'touch-move');
  assert.equal(coded(() => t.undo(), 'touch-move').square, 'c3');
  t.play('c3-d4');
  assert.equal(t.state().canUndo, false);
  coded(() => t.undo(), 'touch-move');
  const free = new RussianDraughts();
  free.play('c3-d4');
  assert.equal(free.state().canUndo, true);
  free.agreeDraw();
  coded(() => free.play('f6-e5'), 'game-over');
});

test('backgammon: a resignation of a kind the scoring lacks (BG-RESIGN)', () => {
  const g = Backgammon.fromPositionId('4HPwATDgc/ABMA');
  const e = coded(() => g.resign('mars-x8'), 'bad-resignation');
  assert.equal(e.kind, 'mars-x8');
  coded(() => new Backgammon({ variant: 'table', start: 'white' }).resign('gammon'), 'bad-resignation');
});

test('match files: bad-mat, bad-sgf, bad-xgid, cannot-export', () => {
  assert.equal(coded(() => Backgammon.fromMat(' Game 1\n White : 0  Black : 0\n  1) 31: 8/1\n'), 'bad-mat').line, 3);
  coded(() => Backgammon.fromSgf('(;GM[1])'), 'bad-sgf');
  coded(() => Backgammon.fromXgid('XGID=-:0'), 'bad-xgid');
  coded(() => new Backgammon({ variant: 'acey-deucey' }).toMat(), 'cannot-export');
});

test('games by link: bad-link, link-stale, link-other-game, link-out-of-turn, link-incomplete, link-altered', () => {
  const a = LinkSession.invite({ game: 'table' });
  const invitation = a.sendBackgammon(a.backgammon());
  const b = LinkSession.join(invitation);
  const accept = b.sendBackgammon(b.backgammon());
  a.open(accept);
  coded(() => a.open('%%%'), 'bad-link');
  coded(() => a.open(invitation), 'link-stale');
  coded(() => a.open(LinkSession.invite({ game: 'table' }).link()), 'link-other-game');
  coded(() => b.sendBackgammon(b.backgammon()), 'link-out-of-turn');
  coded(() => a.sendBackgammon(a.backgammon()), 'link-incomplete');
  const d = LinkSession.invite({ game: 'russian-draughts' });
  coded(() => d.sendBackgammon(new Backgammon({ variant: 'table' })), 'link-altered');
});

test('set-ups of the position editor: every setup-* code, with its fields', () => {
  const start = () => new Backgammon({ seed: 1 }).setup();
  const s = start();
  s.white[5] += 1;
  const e = coded(() => Backgammon.fromSetup(s), 'setup-too-many');
  assert.deepEqual([e.player, e.count, e.max], ['white', 16, 15]);
  const shared = start();
  shared.black[23] -= 1;
  shared.black[16] = 1; // Black's 17-point is White's 8-point
  assert.equal(coded(() => Backgammon.fromSetup(shared), 'setup-shared-point').point, 8);
  coded(() => Backgammon.fromSetup({ ...start(), unentered: { white: 0, black: 1 } }), 'setup-too-many');
  const few = start();
  few.white[5] = 0;
  coded(() => Backgammon.fromSetup({ ...few, unentered: { white: 5, black: 0 } }), 'setup-unentered');
  const none = start();
  none.black.fill(0);
  assert.equal(coded(() => Backgammon.fromSetup(none), 'setup-game-over').player, 'black');
  assert.equal(coded(() => Backgammon.fromSetup({ ...start(), dice: [7, 1] }), 'setup-dice').die, 7);
  coded(() => Backgammon.fromSetup({ ...start(), cube: { value: 3, owner: null } }), 'setup-cube-value');
  coded(() => Backgammon.fromSetup({ ...start(), cube: { value: 1, owner: 'white' } }), 'setup-cube-owner');
  coded(
    () => Backgammon.fromSetup({ ...start(), cube: { value: 2, owner: 'white' } }, { variant: 'table' }),
    'setup-cube-off',
  );
  const score = coded(
    () => Backgammon.fromSetup({ ...start(), score: { white: 5, black: 0 } }, { matchLength: 5 }),
    'setup-score',
  );
  assert.deepEqual([score.player, score.score, score.length], ['white', 5, 5]);
  coded(() => Backgammon.fromSetup({ ...start(), crawford: true }, { matchLength: 5 }), 'setup-crawford');
  coded(() => Backgammon.fromSetup({ ...start(), white: [1, 2] }), 'bad-argument');
  // the same set-up is accepted, and gives itself back
  const ok = Backgammon.fromSetup({ ...start(), dice: [3, 1], turn: 'black' });
  assert.deepEqual(ok.setup(), { ...start(), dice: [3, 1], turn: 'black' });
  const piece = (square, color, king = false) => ({ square, color, king });
  const d =
    (pieces, turn = 'white') =>
    () =>
      RussianDraughts.fromSetup({ pieces, turn });
  assert.equal(coded(d([piece('a2', 'white'), piece('h8', 'black', true)]), 'setup-square').square, 'a2');
  coded(d([piece('c3', 'white'), piece('c3', 'black')]), 'setup-shared-square');
  const many = new RussianDraughts().state().pieces.concat([piece('d4', 'white')]);
  coded(d(many), 'setup-too-many');
  const promo = coded(d([piece('b8', 'white'), piece('a1', 'black', true)]), 'setup-promotion-row');
  assert.deepEqual([promo.player, promo.square], ['white', 'b8']);
  assert.equal(coded(d([piece('c3', 'white')]), 'setup-game-over').player, 'black');
  coded(d([piece('a1', 'white'), piece('b2', 'black'), piece('c3', 'black')]), 'setup-no-moves');
  assert.equal(
    RussianDraughts.fromSetup({ pieces: [piece('c3', 'white'), piece('e5', 'black', true)], turn: 'black' }).fen(),
    'B:Wc3:BKe5',
  );
});

test('every code that JS can meet was provoked', () => {
  const unreachable = new Set(['internal', 'no-entropy']);
  // Not provoked here yet (each has its Rust test in tests/error_codes.rs or needs a long game).
  const rare = new Set([
    'max-doubles',
    'cube-max',
    'extra-roll',
    'crawford-game',
    'ambiguous-play',
    'ambiguous-move',
    'bad-dice',
    // games by link: each attack has its Rust test in tests/link_protocol.rs
    'link-withheld-reveal',
    'link-bad-reveal',
    'link-bad-dice',
    'link-illegal',
    'link-exhausted',
  ]);
  const missing = errorCodes().filter((c) => !seen.has(c) && !unreachable.has(c) && !rare.has(c));
  assert.deepEqual(missing, []);
});
