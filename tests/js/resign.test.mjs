// BG-RESIGN across the JS boundary: resign / accept / decline, the offer in state(), the kinds
// of each scoring, typed errors, and the computer's decisions (bestResignation,
// resignationAnswer), which come from the engine's evaluation (src/ai/backgammon/resign.rs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Backgammon } from 'tabla';

// White on roll: 15 checkers on his 13-point, none off; Black's last checker on his ace point.
// Black bears it off with his first roll: White's gammon is certain, a backgammon impossible.
const LOST_GAMMON = 'AQAAAMD/HwAAAA';
// White's 15 checkers on his 19-point (in Black's home board), Black's last on his ace: a
// backgammon is certain.
const LOST_BACKGAMMON = 'AQAAAADw/wcAAA';

const code = (f) => {
  try {
    f();
  } catch (e) {
    assert.ok(e instanceof Error);
    return e.code;
  }
  assert.fail('no error thrown');
};

test('bg_resign_kinds_are_the_scoring_kinds', () => {
  assert.deepEqual(new Backgammon().resignKinds(), ['single', 'gammon', 'backgammon']);
  assert.deepEqual(new Backgammon({ variant: 'table' }).resignKinds(), ['single', 'mars', 'mars-x4', 'mars-x8']);
  assert.deepEqual(new Backgammon({ variant: 'acey-deucey', scoring: 'per-checker' }).resignKinds(), ['per-checker']);
});

test('bg_resign_accepted_ends_the_game_with_the_conceded_kind', () => {
  const g = Backgammon.fromPositionId(LOST_GAMMON);
  assert.equal(g.resigner(), 'white');
  assert.equal(g.resignationOutcome('gammon').points, 2);
  g.resign('gammon');
  const st = g.state();
  assert.equal(st.phase, 'resignation');
  assert.deepEqual(st.resignation, { player: 'white', kind: 'gammon', points: 2, multiplier: 2, resume: 'roll' });
  assert.equal(g.resigner(), null);
  assert.equal(
    code(() => g.roll()),
    'wrong-phase',
  );
  g.acceptResignation();
  assert.deepEqual(g.outcome(), {
    winner: 'black',
    kind: 'resignation',
    multiplier: 2,
    cube: 1,
    points: 2,
    resigned: 'gammon',
  });
  assert.equal(g.state().resignation, null);
  // the save keeps it: replayed, the game ends the same way
  assert.deepEqual(Backgammon.fromJSON(JSON.stringify(g)).outcome(), g.outcome());
});

test('bg_resign_declined_resumes_where_it_stopped', () => {
  const g = new Backgammon({ seed: 3 });
  while (g.state().phase === 'opening') g.roll();
  const [from, to] = [g.legalSteps()[0].from, g.legalSteps()[0].to];
  g.step(from, to);
  g.resign('single');
  g.declineResignation();
  const st = g.state();
  assert.equal(st.phase, 'move');
  assert.equal(st.canUndo, true, 'the step made before the offer is kept');
  assert.equal(st.resignation, null);
});

test('bg_resign_errors_are_typed', () => {
  const g = Backgammon.fromPositionId(LOST_GAMMON);
  assert.equal(
    code(() => g.resign('mars')),
    'bad-resignation',
  );
  assert.equal(
    code(() => g.resign('pass')),
    'bad-resignation',
  );
  assert.equal(
    code(() => g.resign('lots')),
    'bad-argument',
  );
  assert.equal(
    code(() => g.resign(3)),
    'bad-argument',
  );
  assert.equal(
    code(() => g.acceptResignation()),
    'wrong-phase',
  );
  assert.equal(
    code(() => g.declineResignation()),
    'wrong-phase',
  );
  assert.equal(
    code(() => g.resignationAnswer()),
    'wrong-phase',
  );
  const fresh = new Backgammon();
  assert.equal(
    code(() => fresh.resign('single')),
    'wrong-phase',
    'not in the opening',
  );
});

test('bg_resign_the_computer_resigns_what_it_cannot_save', () => {
  assert.deepEqual(Backgammon.fromPositionId(LOST_GAMMON).bestResignation(), { kind: 'gammon', points: 2 });
  assert.deepEqual(Backgammon.fromPositionId(LOST_BACKGAMMON).bestResignation(), { kind: 'backgammon', points: 3 });
  // the same position with the winner on roll (its Position ID from his side): nothing to resign
  assert.equal(Backgammon.fromPositionId('APD/BwABAAAAAA').bestResignation(), null);
  const start = new Backgammon({ seed: 1 });
  while (start.state().phase === 'opening') start.roll();
  assert.equal(start.bestResignation(), null);
  // table: mars x4 (a checker left outside his home board) is certain
  assert.deepEqual(Backgammon.fromPositionId(LOST_GAMMON, { variant: 'table' }).bestResignation(), {
    kind: 'mars-x4',
    points: 4,
  });
});

test('bg_resign_the_computer_accepts_by_the_value_of_playing_on', () => {
  for (const [kind, accept] of [
    ['single', false],
    ['gammon', true],
    ['backgammon', true],
  ]) {
    const g = Backgammon.fromPositionId(LOST_GAMMON);
    g.resign(kind);
    const a = g.resignationAnswer();
    assert.equal(a.accept, accept, `${kind}: ${JSON.stringify(a)}`);
    assert.ok(Math.abs(a.continuing - 2) < 0.01, JSON.stringify(a));
  }
  // at the start a point is more than the game is worth: accepted
  const g = new Backgammon({ seed: 1 });
  while (g.state().phase === 'opening') g.roll();
  g.resign('single');
  assert.equal(g.resignationAnswer().accept, true);
});
