// The committed saves of tests/data/saves (frozen; see generate.mjs there) load through the
// package to the same state, and the app's localStorage saves load as the app loads them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Backgammon, RussianDraughts } from 'tabla';

const dir = new URL('../data/saves/', import.meta.url).pathname;
const read = (f) => readFileSync(join(dir, f), 'utf8');
const fixtures = readdirSync(dir)
  .filter((f) => f.endsWith('.expected.json'))
  .sort()
  .map((f) => ({ name: f, ...JSON.parse(read(f)) }));

function checkBackgammon(g, want) {
  const s = g.state();
  assert.equal(g.positionId(), want.positionId);
  assert.equal(g.matchId(), want.matchId);
  for (const k of ['variant', 'options', 'phase', 'turn', 'dice', 'diceLeft', 'cube', 'match', 'pips'])
    assert.deepEqual(s[k], want[k], k);
  assert.deepEqual(g.outcome(), want.outcome);
}

function checkDraughts(g, want) {
  assert.equal(g.fen(), want.fen);
  assert.equal(g.state().turn, want.turn);
  assert.deepEqual(g.state().history, want.history);
  assert.deepEqual(g.outcome(), want.outcome);
}

test('the save fixtures are all there', () => {
  assert.ok(fixtures.length >= 13, `${fixtures.length} fixtures`);
});

for (const fx of fixtures) {
  test(`save fixture ${fx.file} loads to its expected state`, () => {
    const text = read(fx.file);
    switch (fx.kind) {
      case 'backgammon-save':
        checkBackgammon(Backgammon.fromJSON(text), fx.expected);
        checkBackgammon(Backgammon.fromJSON(JSON.parse(text)), fx.expected);
        break;
      case 'draughts-pdn':
        checkDraughts(RussianDraughts.fromPdn(text, fx.options), fx.expected);
        break;
      case 'draughts-fen':
        checkDraughts(RussianDraughts.fromFen(text.trim(), fx.options), fx.expected);
        break;
      case 'app-save': {
        const save = JSON.parse(text);
        assert.equal(save.format, 'tabla-save');
        if (save.game === 'russian-draughts') {
          // as www/js/tabla-board.js `_engineFromSave`
          const opts = {};
          if ('touchMove' in save.options) opts.touchMove = !!save.options.touchMove;
          if ('drawRules' in save.options) opts.drawRules = !!save.options.drawRules;
          const g = RussianDraughts.fromFen(save.data.fen0, opts);
          for (const mv of save.data.moves) g.play(mv);
          checkDraughts(g, fx.expected);
        } else {
          checkBackgammon(Backgammon.fromJSON(save.data), fx.expected);
        }
        break;
      }
      default:
        assert.fail(`unknown kind ${fx.kind}`);
    }
  });
}
