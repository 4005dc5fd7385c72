// Russian draughts through the npm package, as a user drives it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RussianDraughts } from 'tabla';
import { randomDraughts, rng } from './helpers.mjs';

test('the start position has 7 moves and 12 men a side', () => {
  const g = new RussianDraughts();
  const s = g.state();
  assert.equal(s.turn, 'white');
  assert.equal(s.pieces.length, 24);
  assert.equal(g.legalMoves().length, 7);
  assert.equal(g.fen(), 'W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8');
});

test('perft from the start matches RULES.md 2.5', () => {
  const g = new RussianDraughts();
  assert.deepEqual(
    [1, 2, 3, 4, 5, 6].map((d) => g.perft(d)),
    [7, 49, 302, 1469, 7482, 37986],
  );
});

test('a capture is compulsory, accepted with : or x, and reported with its path', () => {
  const g = RussianDraughts.fromFen('W:Wc3:Bd4,h8');
  const moves = g.legalMoves();
  assert.deepEqual(
    moves.map((m) => m.notation),
    ['c3:e5'],
  );
  assert.deepEqual(moves[0].captured, ['d4']);
  const m = g.play('c3xe5');
  assert.equal(m.notation, 'c3:e5');
  assert.deepEqual(m.path, ['c3', 'e5']);
});

test('a man promoted mid-capture goes on capturing as a king', () => {
  // f6 takes e7 and lands on d8, the last rank; only a king can then take b6 from a distance.
  const g = RussianDraughts.fromFen('W:Wf6:Be7,b6');
  const moves = g.legalMoves();
  assert.equal(moves.length, 1);
  assert.equal(moves[0].notation, 'f6:a5');
  assert.deepEqual(moves[0].captured, ['e7', 'b6']);
  assert.equal(moves[0].promotes, true);
  g.play('f6:a5');
  assert.deepEqual(g.state().pieces, [{ square: 'a5', color: 'white', king: true }]);
});

test('bad input throws an Error that says what was wrong, and leaves the game unchanged', () => {
  const g = new RussianDraughts();
  const before = JSON.stringify(g.state());
  assert.throws(() => g.play('c3-c4'), /c3-c4|not/);
  assert.throws(() => g.play('z9-a1'), Error);
  assert.throws(() => g.play(''), Error);
  assert.throws(() => g.undo(), /take back|undo/);
  assert.throws(() => RussianDraughts.fromFen('W:Wa2'), Error);
  assert.throws(() => RussianDraughts.fromFen('W:Wh8:Bb8'), /promotion|rank|man/i);
  assert.throws(() => RussianDraughts.fromPdn('1. c3-c4'), Error);
  assert.throws(() => new RussianDraughts({ drawRule: false }), /unknown option 'drawRule'/);
  assert.throws(() => g.perft(2.5), /whole number/);
  assert.equal(JSON.stringify(g.state()), before);
});

test('PDN round-trips a whole random game, outcome included', () => {
  for (let seed = 1; seed <= 10; seed++) {
    const g = randomDraughts(rng(seed));
    const copy = RussianDraughts.fromPdn(g.pdn());
    assert.equal(copy.fen(), g.fen());
    assert.deepEqual(copy.state().history, g.state().history);
    assert.deepEqual(copy.outcome(), g.outcome());
  }
});

test('undo takes back moves exactly', () => {
  const g = new RussianDraughts();
  const pick = rng(77);
  const fens = [g.fen()];
  for (let i = 0; i < 30 && !g.outcome(); i++) {
    const moves = g.legalMoves();
    g.play(moves[pick(moves.length)].notation);
    fens.push(g.fen());
  }
  while (fens.length > 1) {
    fens.pop();
    g.undo();
    assert.equal(g.fen(), fens.at(-1));
  }
});

test('a draw by agreement ends the game', () => {
  const g = new RussianDraughts();
  g.play('c3-d4');
  g.agreeDraw();
  assert.deepEqual(g.outcome(), { result: 'draw', reason: 'agreement' });
  assert.deepEqual(g.legalMoves(), []);
  assert.throws(() => g.play('f6-g5'), /over/);
});

test('atPly replays the first plies from the game start (a FEN start keeps its side to move)', () => {
  const g = RussianDraughts.fromFen('B:Wc3,e3:Bd6,f6');
  g.play(g.legalMoves()[0].notation);
  g.play(g.legalMoves()[0].notation);
  assert.equal(g.atPly(0).state().turn, 'black');
  assert.equal(g.atPly(0).fen(), 'B:Wc3,e3:Bd6,f6');
  assert.equal(g.atPly(2).fen(), g.fen());
  assert.deepEqual(g.atPly(1).state().history, g.state().history.slice(0, 1));
  assert.throws(
    () => g.atPly(3),
    (e) => e.code === 'bad-argument',
  );
  assert.equal(g.state().history.length, 2);
});
