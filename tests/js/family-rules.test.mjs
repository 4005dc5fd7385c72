// The web app's rules modules, one per game family (www/pkg/rules-backgammon.js and
// rules-draughts.js, built by scripts/build.sh with `--cfg tabla_family`): each has its family's
// class only, plays exactly as the package's rules module, reads and writes the same saves, and
// its entry installs the packed hot calls (js/unpack.js) on its one class.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as tabla from 'tabla';

const www = (f) => new URL(`../../www/pkg/${f}`, import.meta.url);

/** A family's entry, its glue initialised from its .wasm (the entry imports the same glue instance). */
async function family(name) {
  const glue = await import(www(`tabla_rules_${name}.js`).href);
  glue.initSync({ module: readFileSync(www(`tabla_rules_${name}_bg.wasm`)) });
  const entry = await import(www(`rules-${name}.js`).href);
  const { eagerOf } = await import(www('unpack.js').href);
  return { glue, entry, eagerOf };
}

test("the backgammon family's module: Backgammon only, the rules module's games and saves, packed hot calls", async () => {
  const { glue, entry, eagerOf } = await family('backgammon');
  assert.equal(entry.RussianDraughts, undefined);
  assert.equal(entry.LinkSession, undefined);
  assert.equal(entry.version(), tabla.version());
  assert.deepEqual(entry.errorCodes(), tabla.errorCodes());
  const eager = eagerOf.get(entry.Backgammon);
  assert.ok(eager, 'rules-backgammon.js installed its readers');
  assert.notEqual(entry.Backgammon.prototype.legalPlays, glue.Backgammon.prototype.__legalPlays);
  assert.deepEqual(entry.Backgammon.optionSpecs(), tabla.Backgammon.optionSpecs());
  for (const variant of ['backgammon', 'table', 'acey-deucey']) {
    const [a, b] = [new tabla.Backgammon({ variant, seed: 7 }), new entry.Backgammon({ variant, seed: 7 })];
    for (let turn = 0; turn < 80 && a.phase() !== 'game-over'; turn++) {
      const phase = a.phase();
      assert.equal(b.phase(), phase);
      if (phase === 'opening' || phase === 'roll') {
        assert.deepEqual(b.roll(), a.roll());
      } else if (phase === 'choose-doubles') {
        a.chooseDoubles(6);
        b.chooseDoubles(6);
      } else if (phase === 'move') {
        const plays = a.legalPlays();
        assert.equal(JSON.stringify(b.legalPlays()), JSON.stringify(plays));
        assert.equal(JSON.stringify(eager.legalPlays.call(b)), JSON.stringify(plays));
        if (plays.length) {
          a.play(plays[turn % plays.length].steps);
          b.play(plays[turn % plays.length].steps);
        } else {
          a.confirm();
          b.confirm();
        }
      } else {
        a.take();
        b.take();
      }
      assert.deepEqual(b.state(), a.state(), variant);
    }
    assert.deepEqual(entry.Backgammon.fromJSON(a.toJSON()).state(), a.state(), variant);
    assert.deepEqual(tabla.Backgammon.fromJSON(b.toJSON()).state(), b.state(), variant);
    a.free();
    b.free();
  }
});

test("the draughts family's module: RussianDraughts only, the rules module's games and saves, packed hot calls", async () => {
  const { entry, eagerOf } = await family('draughts');
  assert.equal(entry.Backgammon, undefined);
  assert.equal(entry.LinkSession, undefined);
  assert.equal(entry.version(), tabla.version());
  assert.deepEqual(entry.errorCodes(), tabla.errorCodes());
  const eager = eagerOf.get(entry.RussianDraughts);
  assert.ok(eager, 'rules-draughts.js installed its readers');
  assert.deepEqual(entry.RussianDraughts.optionSpecs(), tabla.RussianDraughts.optionSpecs());
  const [a, b] = [new tabla.RussianDraughts(), new entry.RussianDraughts()];
  for (let ply = 0; ply < 60 && !a.outcome(); ply++) {
    const moves = a.legalMoves();
    assert.equal(JSON.stringify(b.legalMoves()), JSON.stringify(moves));
    assert.equal(JSON.stringify(eager.legalMoves.call(b)), JSON.stringify(moves));
    assert.deepEqual(b.play(moves[ply % moves.length].notation), a.play(moves[ply % moves.length].notation));
    assert.deepEqual(b.outcome(), a.outcome());
  }
  assert.equal(b.pdn(), a.pdn());
  assert.equal(b.fen(), a.fen());
  assert.deepEqual(entry.RussianDraughts.fromJSON(a.toJSON()).state(), a.state());
  assert.deepEqual(tabla.RussianDraughts.fromJSON(b.toJSON()).state(), b.state());
  assert.deepEqual(entry.RussianDraughts.fromPdn(a.pdn()).state(), a.state());
});
