// Match files through the package: .mat, .sgf and XGID in and out of Backgammon, PDN out and back
// in for draughts; the .d.ts and docs/js-api.md list the same Backgammon methods.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { Backgammon, RussianDraughts } from 'tabla';
import { randomBackgammon, rng } from './helpers.mjs';

const data = (f) => readFileSync(new URL(`../data/backgammon/formats/${f}`, import.meta.url), 'utf8');

const coded = (fn, code) =>
  assert.throws(fn, (e) => {
    assert.ok(e instanceof Error);
    assert.equal(e.code, code, e.message);
    return true;
  });

test('a whole random game goes to .mat and back with the same record and position', () => {
  const pick = rng(5);
  for (const variant of ['backgammon', 'table']) {
    const g = randomBackgammon({ variant, seed: 11 }, pick);
    const mat = g.toMat('Ann', 'Bob');
    assert.match(mat, /Ann/);
    const back = Backgammon.fromMat(mat);
    assert.equal(back.positionId(), g.positionId(), variant);
    assert.deepEqual(back.outcome(), g.outcome(), variant);
    assert.equal(back.state().variant, variant);
  }
});

test('a whole random backgammon game goes to .sgf and back', () => {
  const g = randomBackgammon({ seed: 4 }, rng(9));
  const sgf = g.toSgf();
  assert.match(sgf, /^\(;FF\[4\]GM\[6\]/);
  const back = Backgammon.fromSgf(sgf);
  assert.equal(back.positionId(), g.positionId());
  assert.deepEqual(back.outcome(), g.outcome());
});

test('XGID out and back in keeps the position, turn and dice', () => {
  const g = new Backgammon({ seed: 3 });
  g.roll();
  const x = g.xgid();
  assert.match(x, /^XGID=[-A-Oa-o]{26}:/);
  const back = Backgammon.fromXgid(x);
  assert.equal(back.positionId(), g.positionId());
  assert.equal(back.state().turn, g.state().turn);
  assert.deepEqual(back.state().dice, g.state().dice);
  assert.equal(
    Backgammon.fromXgid('XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10').positionId(),
    '4HPwATDgc/ABMA',
  );
});

test('files written by GNU Backgammon import (tests/data/backgammon/formats/README.md: sources)', () => {
  const m = Backgammon.fromMat(data('gnubgparser_charlot_7p_2305.mat'));
  assert.equal(m.state().match.length, 7);
  assert.ok(
    m.toJSON().record.some((a) => a.type === 'next-game'),
    'several games in one match',
  );
  // the excerpt stops after 10 moves: its root's result (a resignation later on) is left out
  const s = Backgammon.fromSgf(data('gnubgparser_charlot_7p_2305_game1_head.sgf').replace(/RE\[[^\]]*\]/, ''));
  assert.equal(s.state().variant, 'backgammon');
});

test('bad files and games the formats cannot hold throw coded errors and change nothing', () => {
  coded(() => Backgammon.fromMat(' 5 point match\n\n Game 1\n White : 0   Black : 0\n  1) 31: 8/5 6/1\n'), 'bad-mat');
  coded(() => Backgammon.fromMat('no game here'), 'bad-mat');
  coded(() => Backgammon.fromSgf('(;FF[4]GM[1])'), 'bad-sgf');
  coded(() => Backgammon.fromXgid('XGID=nonsense'), 'bad-xgid');
  // a game starts at an XGID's cube and score (a set-up, docs/rules.md 1.10), but not at a double offered
  const cubed = Backgammon.fromXgid('XGID=-b----E-C---eE---c-e----B-:1:1:1:00:0:0:0:0:10');
  assert.deepEqual([cubed.state().cube.value, cubed.state().cube.owner], [2, 'white']);
  coded(() => Backgammon.fromXgid('XGID=-b----E-C---eE---c-e----B-:1:1:1:D:0:0:0:0:10'), 'bad-xgid');
  coded(() => Backgammon.fromXgid('XGID=-b----E-C---eE---c-e----B-:0:1:1:00:0:0:0:0:10'), 'setup-cube-owner');
  coded(() => Backgammon.fromMat(42), 'bad-argument');
  coded(() => Backgammon.fromMat('x', { level: 1 }), 'bad-option');
  const ad = new Backgammon({ variant: 'acey-deucey', seed: 1 });
  coded(() => ad.toMat(), 'cannot-export');
  coded(() => ad.toSgf(), 'cannot-export');
  coded(() => new Backgammon({ variant: 'table' }).toSgf(), 'cannot-export');
  assert.equal(ad.state().phase, 'opening');
});

test('Russian PDN carries [GameType "25"] and tabla reads back its own PDN with its options', () => {
  const g = new RussianDraughts({ drawRules: false });
  for (const m of ['c3-d4', 'f6-e5', 'd4xf6']) g.play(m);
  const pdn = g.pdn();
  assert.match(pdn, /\[GameType "25"\]/);
  const back = RussianDraughts.fromPdn(pdn);
  assert.deepEqual(back.toJSON().options, g.toJSON().options);
  assert.deepEqual(back.state().history, g.state().history);
  const two = `${pdn}\n\n${new RussianDraughts().pdn()}`;
  assert.equal(RussianDraughts.parsePdnGames(two).length, 2);
});

test('every Backgammon method of the .d.ts is in docs/js-api.md, and the reverse', () => {
  const dts = readFileSync(new URL('../../pkg/tabla.d.ts', import.meta.url), 'utf8');
  const doc = readFileSync(new URL('../../docs/js-api.md', import.meta.url), 'utf8');
  const block = (text, start) => {
    const i = text.indexOf(start);
    assert.ok(i >= 0, start);
    return text.slice(i, text.indexOf('\n}', i));
  };
  const names = (text) =>
    new Set(
      [...text.matchAll(/(?:^|;)\s*(?:static\s+)?([a-zA-Z]\w*)\(/gm)]
        .map((m) => m[1])
        .filter((n) => n !== 'constructor'),
    );
  const declared = names(block(dts, 'export class Backgammon {'));
  const documented = names(block(doc, 'class Backgammon {'));
  for (const n of ['fromMat', 'toMat', 'fromSgf', 'toSgf', 'fromXgid', 'xgid']) assert.ok(declared.has(n), n);
  const missing = [...declared].filter((n) => !documented.has(n) && !['free'].includes(n));
  assert.deepEqual(missing, [], 'declared in the .d.ts, not in docs/js-api.md');
  const extra = [...documented].filter((n) => !declared.has(n));
  assert.deepEqual(extra, [], 'in docs/js-api.md, not in the .d.ts');
});
