// The built npm package, imported exactly as a user would: `import ... from 'tabla'`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import * as tabla from 'tabla';

test('the package imports in Node without an explicit init', () => {
  assert.equal(typeof tabla.version, 'function');
});

test('the version matches package.json', () => {
  const pkg = JSON.parse(readFileSync(new URL('../../pkg/package.json', import.meta.url)));
  assert.equal(tabla.version(), pkg.version);
});

test('package.json is an ESM package with types in its exports map', () => {
  const pkg = JSON.parse(readFileSync(new URL('../../pkg/package.json', import.meta.url)));
  assert.equal(pkg.name, 'tabla');
  assert.equal(pkg.type, 'module');
  assert.equal(pkg.exports['.'].types, './index.d.ts');
  assert.equal(pkg.exports['.'].node.types, './node.d.ts');
  for (const f of pkg.files) {
    const url = new URL(`../../pkg/${f}`, import.meta.url);
    if (f.endsWith('/')) assert.ok(statSync(url).isDirectory(), f);
    else readFileSync(url);
  }
});

test("the board ships as 'tabla/board': the element's modules, the engine taken from the package", () => {
  const pkg = JSON.parse(readFileSync(new URL('../../pkg/package.json', import.meta.url)));
  for (const key of ['./board', './board.js']) {
    assert.deepEqual(pkg.exports[key], { types: './board.d.ts', default: './board.js' }, key);
  }
  for (const f of ['board.js', 'board/tabla-board.js']) assert.ok(pkg.sideEffects.includes(`./${f}`), f);
  // every module of the web app's element is there, and the engine is the package's own index.js
  const www = new URL('../../www/js/', import.meta.url);
  const board = new URL('../../pkg/board/', import.meta.url);
  for (const f of readdirSync(www, { recursive: true }).filter((f) => f.endsWith('.js'))) {
    if (f === 'app.js') continue; // the app's page, not the element
    const shipped = readFileSync(new URL(f, board), 'utf8');
    const mine = readFileSync(new URL(f, www), 'utf8');
    if (f === 'engine.js') {
      for (const m of ['rules', 'index', 'tabla'])
        assert.ok(shipped.includes(`import('../${m}.js')`), `board/engine.js loads the package's ${m}.js`);
      assert.ok(
        shipped.includes("new URL('../tabla_rules_bg.wasm'"),
        "board/engine.js compiles the package's rules .wasm",
      );
      assert.equal(
        shipped,
        mine
          // the web app's per-family rules modules are the package's one rules module
          .replace(/'\.\.\/pkg\/rules-(backgammon|draughts)\.js'/g, "'../pkg/rules.js'")
          .replace(/'\.\.\/pkg\/tabla_rules_(backgammon|draughts)_bg\.wasm'/g, "'../pkg/tabla_rules_bg.wasm'")
          .replaceAll("import('../pkg/", "import('../")
          .replaceAll("new URL('../pkg/", "new URL('../"),
      );
    } else assert.equal(shipped, mine, f);
  }
});

test('Node runs the SIMD build, and both builds are in the package', () => {
  assert.equal(tabla.simd, true);
  for (const f of ['tabla_bg.wasm', 'tabla_plain_bg.wasm']) {
    const bytes = readFileSync(new URL(`../../pkg/${f}`, import.meta.url));
    assert.ok(WebAssembly.validate(bytes), f);
  }
});

test('the rules module (the board plays on it) plays as the full module, without the AI and the formats', async () => {
  const rules = await import(new URL('../../pkg/tabla_rules.js', import.meta.url).href);
  rules.initSync({ module: readFileSync(new URL('../../pkg/tabla_rules_bg.wasm', import.meta.url)) });
  assert.equal(rules.version(), tabla.version());
  assert.deepEqual(rules.errorCodes(), tabla.errorCodes());
  // what the page leaves to the full module: the computer opponents (Cargo feature `ai`), the
  // backgammon .mat/.sgf bindings (`formats`) and games by link (`link`); XGIDs stay
  for (const m of ['bestPlay', 'hint', 'evaluate', 'toMat', 'toSgf'])
    assert.equal(rules.Backgammon.prototype[m], undefined, m);
  for (const m of ['fromMat', 'fromSgf']) assert.equal(rules.Backgammon[m], undefined, m);
  const x = 'XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10';
  assert.equal(rules.Backgammon.fromXgid(x).xgid(), tabla.Backgammon.fromXgid(x).xgid());
  for (const m of ['bestMove', 'analyze']) assert.equal(rules.RussianDraughts.prototype[m], undefined, m);
  assert.equal(rules.LinkSession, undefined);
  assert.equal(typeof tabla.LinkSession.invite, 'function');
  assert.equal(typeof rules.RussianDraughts.prototype.pdn, 'function');
  // the same seed gives the same game; a save of one module loads in the other
  for (const variant of ['backgammon', 'acey-deucey']) {
    const [a, b] = [new tabla.Backgammon({ variant, seed: 5 }), new rules.Backgammon({ variant, seed: 5 })];
    for (let turn = 0; turn < 60 && a.state().phase !== 'game-over'; turn++) {
      const phase = a.state().phase;
      if (phase === 'opening' || phase === 'roll') {
        a.roll();
        b.roll();
      } else if (phase === 'choose-doubles') {
        a.chooseDoubles(6);
        b.chooseDoubles(6);
      } else if (phase === 'move') {
        const plays = a.legalPlays();
        assert.deepEqual(b.legalPlays(), plays);
        a.play(plays[0]?.notation ?? '');
        b.play(plays[0]?.notation ?? '');
      } else {
        a.take();
        b.take();
      }
      assert.deepEqual(b.state(), a.state());
    }
    assert.deepEqual(tabla.Backgammon.fromJSON(b.toJSON()).state(), a.state(), variant);
    assert.deepEqual(rules.Backgammon.fromJSON(a.toJSON()).state(), b.state(), variant);
  }
  const [a, b] = [new tabla.RussianDraughts(), new rules.RussianDraughts()];
  for (let i = 0; i < 40 && !a.outcome(); i++) {
    const moves = a.legalMoves();
    assert.deepEqual(b.legalMoves(), moves);
    a.play(moves[i % moves.length].notation);
    b.play(moves[i % moves.length].notation);
  }
  assert.equal(b.pdn(), a.pdn());
  assert.deepEqual(tabla.RussianDraughts.fromJSON(b.toJSON()).state(), a.state());
});

test('the plain build (no SIMD) plays exactly as the SIMD build', async () => {
  // A second instance of the glue (its own URL), initialised with the plain module.
  const plain = await import(new URL('../../pkg/tabla.js?plain', import.meta.url).href);
  plain.initSync({ module: readFileSync(new URL('../../pkg/tabla_plain_bg.wasm', import.meta.url)) });
  for (const variant of ['backgammon', 'acey-deucey']) {
    const games = [new tabla.Backgammon({ variant, seed: 9 }), new plain.Backgammon({ variant, seed: 9 })];
    for (let turn = 0; turn < 40 && games[0].state().phase !== 'game-over'; turn++) {
      const [a, b] = games;
      const phase = a.state().phase;
      if (phase === 'opening' || phase === 'roll') {
        a.roll();
        b.roll();
        continue;
      }
      if (phase === 'choose-doubles') {
        const n = a.bestDoubles({ level: 'advanced' });
        assert.equal(b.bestDoubles({ level: 'advanced' }), n);
        a.chooseDoubles(n);
        b.chooseDoubles(n);
        continue;
      }
      if (phase !== 'move') {
        a.take();
        b.take();
        continue;
      }
      assert.deepEqual(b.evaluate({ ply: 1 }), a.evaluate({ ply: 1 }));
      assert.deepEqual(b.hint({ ply: 0 }), a.hint({ ply: 0 }));
      const play = a.bestPlay({ level: 'strong' });
      assert.deepEqual(b.bestPlay({ level: 'strong' }), play);
      a.play(play.steps);
      b.play(play.steps);
    }
    assert.equal(games[1].positionId(), games[0].positionId());
    for (const g of games) g.free();
  }
});

test('the rules entry (rules.js) installs the packed hot calls on its classes, giving what its glue gives', async () => {
  const glue = await import(new URL('../../pkg/tabla_rules.js', import.meta.url).href);
  glue.initSync({ module: readFileSync(new URL('../../pkg/tabla_rules_bg.wasm', import.meta.url)) });
  const entry = await import(new URL('../../pkg/rules.js', import.meta.url).href);
  const { eagerOf } = await import(new URL('../../pkg/unpack.js', import.meta.url).href);
  const eager = eagerOf.get(entry.Backgammon);
  assert.ok(eager, 'rules.js installed its readers');
  assert.notEqual(entry.Backgammon.prototype.legalPlays, eager.legalPlays);
  const g = new entry.Backgammon({ seed: 11 });
  for (let turn = 0; turn < 80 && g.phase() !== 'game-over'; turn++) {
    const phase = g.phase();
    // an opening roll of doubles is rolled again; nobody doubles, so no cube decision comes
    if (phase === 'opening' || phase === 'roll') {
      g.roll();
      continue;
    }
    assert.equal(phase, 'move');
    const plays = g.legalPlays();
    assert.equal(JSON.stringify(plays), JSON.stringify(eager.legalPlays.call(g)));
    if (plays.length) g.play(plays[turn % plays.length].steps);
    else g.confirm();
  }
  const d = new entry.RussianDraughts();
  for (let ply = 0; ply < 30 && !d.outcome(); ply++) {
    const moves = d.legalMoves();
    assert.equal(JSON.stringify(moves), JSON.stringify(eager.legalMoves.call(d)));
    d.play(moves[ply % moves.length].notation);
  }
  g.free();
  d.free();
});
