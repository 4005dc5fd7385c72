// Games by link through the package: two sessions play by exchanging link texts only; refused
// links throw coded errors and leave the session as it was (docs/link-protocol.md).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Backgammon, LinkSession, RussianDraughts } from 'tabla';

const coded = (fn, code) =>
  assert.throws(fn, (e) => {
    assert.ok(e instanceof Error);
    assert.equal(e.code, code, e.message);
    return true;
  });

/** One player's turn on the game his session gives, until the engine says to send. */
function turn(session) {
  if (session.state().game === 'russian-draughts') {
    const g = session.draughts();
    if (session.turnDraughts(g) === 'mine') g.play(g.legalMoves()[0].notation);
    return session.sendDraughts(g);
  }
  const g = session.backgammon();
  for (let i = 0; i < 40 && session.turnBackgammon(g) === 'mine'; i++) {
    const s = g.state();
    if (s.phase === 'opening' || s.phase === 'roll') g.roll();
    else if (s.phase === 'move') g.play(g.legalPlays()[0]?.steps ?? []);
    else if (s.phase === 'cube-decision') g.take();
    else if (s.phase === 'choose-doubles') g.chooseDoubles(6);
  }
  return session.sendBackgammon(g);
}

const over = (s) =>
  s.state().game === 'russian-draughts' ? s.draughts().outcome() !== null : s.backgammon().outcome() !== null;

for (const game of ['backgammon', 'table', 'acey-deucey', 'russian-draughts']) {
  test(`a whole game of ${game} by links only`, () => {
    const a = LinkSession.invite({ game });
    const invitation = turn(a);
    const b = LinkSession.join(`https://example.org/tabla/#g=${invitation}`);
    assert.equal(b.state().me, 'friend');
    assert.equal(b.state().player, 'black');
    assert.equal(b.state().id, a.state().id);
    let [cur, other] = [b, a];
    for (let i = 0; i < 4000 && !(over(a) && over(b)); i++) {
      const link = turn(cur);
      assert.equal(other.open(link), 'updated');
      [cur, other] = [other, cur];
    }
    assert.ok(over(a) && over(b), 'the game ended');
    assert.equal(a.link(), b.link());
    assert.equal(a.open(b.link()), 'unchanged');
  });
}

test('a session is saved with its secret and restored, verified again', () => {
  const a = LinkSession.invite({ game: 'table' });
  const invitation = turn(a);
  const b = LinkSession.join(invitation);
  a.open(turn(b));
  const save = JSON.stringify(a);
  const back = LinkSession.fromJSON(save);
  assert.equal(back.link(), a.link());
  assert.equal(back.state().myTurn, true);
  const tampered = JSON.parse(save);
  tampered.secret = '00'.repeat(32);
  coded(() => LinkSession.fromJSON(tampered), 'link-altered');
  coded(() => LinkSession.fromJSON('{"format":"x"}'), 'bad-save');
});

test('refused links throw coded errors and change nothing', () => {
  const a = LinkSession.invite({ game: 'backgammon', options: { cube: false } });
  const b = LinkSession.join(turn(a));
  const accept = turn(b);
  a.open(accept);
  const first = turn(a);
  b.open(first);
  const second = turn(b);
  a.open(second);
  const kept = a.link();
  coded(() => a.open(accept), 'link-stale');
  coded(() => a.open('not a link'), 'bad-link');
  coded(() => a.open(LinkSession.invite({ game: 'table' }).link()), 'link-other-game');
  coded(() => LinkSession.join(second), 'link-out-of-turn');
  coded(() => a.sendBackgammon(a.backgammon()), 'link-incomplete');
  coded(() => b.sendBackgammon(b.backgammon()), 'link-out-of-turn');
  coded(() => a.sendBackgammon(new Backgammon({ seed: 1 })), 'link-altered');
  coded(() => a.draughts(), 'bad-argument');
  coded(() => LinkSession.invite({ game: 'chess' }), 'bad-option');
  coded(() => LinkSession.invite({ game: 'table', colour: 'white' }), 'bad-argument');
  assert.equal(a.link(), kept);
  assert.ok(a.backgammon() instanceof Backgammon);
  assert.ok(LinkSession.invite({ game: 'russian-draughts' }).draughts() instanceof RussianDraughts);
});

test('with the cube in play, the roll waits for the friend: the roller has no dice when he decides', () => {
  const a = LinkSession.invite({ game: 'backgammon' });
  const b = LinkSession.join(turn(a));
  a.open(turn(b));
  let [cur, other] = [a, b];
  for (let i = 0; i < 60; i++) {
    const g = cur.backgammon();
    if (cur.turnBackgammon(g) === 'roll-or-double') {
      coded(() => g.roll(), 'dice-exhausted');
      other.open(cur.sendBackgammon(g));
      assert.equal(other.turnBackgammon(other.backgammon()), 'send');
      const dice = other.backgammon().state().dice;
      cur.open(turn(other));
      assert.deepEqual(cur.backgammon().state().dice, dice);
      assert.equal(cur.turnBackgammon(cur.backgammon()), 'mine');
      return;
    }
    other.open(turn(cur));
    [cur, other] = [other, cur];
  }
  assert.fail('no roll-or-double met');
});
