// The options contract through the package: one table in the engine, exported as
// Backgammon.optionSpecs() / defaultOptions(variant) and RussianDraughts.optionSpecs() /
// defaultOptions(); the .d.ts and docs/js-api.md list exactly those keys.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { Backgammon, RussianDraughts } from 'tabla';

const VARIANTS = ['backgammon', 'table', 'acey-deucey'];

/** The `key?:` members of `interface NAME { ... }` in TypeScript or Markdown text. */
function members(text, name) {
  const start = text.indexOf(`interface ${name} {`);
  assert.ok(start >= 0, `interface ${name}`);
  const body = text.slice(text.indexOf('{', start) + 1, text.indexOf('\n}', start));
  return [...body.replace(/\/\/.*$/gm, '').matchAll(/(\w+)\?:/g)].map((m) => m[1]).sort();
}

test('Backgammon.defaultOptions gives each variant its defaults, and they start a game', () => {
  for (const variant of VARIANTS) {
    const d = Backgammon.defaultOptions(variant);
    assert.equal(d.variant, variant);
    assert.deepEqual(new Backgammon({ variant, seed: 1 }).state().options, d);
    assert.deepEqual(new Backgammon(d).state().options, d);
  }
  assert.equal(Backgammon.defaultOptions().variant, 'backgammon');
  assert.equal(Backgammon.defaultOptions('table').scoring, 'table');
  assert.equal(Backgammon.defaultOptions('backgammon').cube, true);
  assert.throws(() => Backgammon.defaultOptions('bg'), /unknown variant/);
});

test('Backgammon.optionSpecs is the option table: kinds, variants, defaults per variant', () => {
  const specs = Backgammon.optionSpecs();
  const keys = specs.map((s) => s.key);
  assert.deepEqual(keys.slice(0, 1), ['variant']);
  for (const s of specs) {
    assert.ok(['bool', 'number', 'enum'].includes(s.kind), s.key);
    assert.equal(typeof s.doc, 'string');
    assert.ok(s.doc.length > 0);
    for (const v of VARIANTS) {
      const d = Backgammon.defaultOptions(v);
      if (s.stored) assert.deepEqual(s.defaults[v], d[s.key], `${s.key} in ${v}`);
      else assert.equal(s.defaults[v], null);
    }
  }
  const stored = specs.filter((s) => s.stored).map((s) => s.key);
  assert.deepEqual(stored.slice().sort(), Object.keys(Backgammon.defaultOptions()).sort());
  const ml = specs.find((s) => s.key === 'matchLength');
  assert.deepEqual([ml.kind, ml.min, ml.max], ['number', 0, 255]);
  const der = specs.find((s) => s.key === 'doublesExtraRoll');
  assert.deepEqual(der.variants, ['acey-deucey']);
  assert.deepEqual(specs.find((s) => s.key === 'scoring').values, ['standard', 'table', 'per-checker']);
});

test('a backgammon option of one variant is refused elsewhere; bounds come from the table', () => {
  assert.throws(() => new Backgammon({ doublesExtraRoll: true }), /acey-deucey/);
  assert.throws(() => new Backgammon({ matchLength: 256 }), /matchLength/);
  assert.throws(() => new Backgammon({ varient: 'table' }), /unknown option 'varient'/);
});

test('RussianDraughts.defaultOptions and optionSpecs come from the engine', () => {
  assert.deepEqual(RussianDraughts.defaultOptions(), { touchMove: false, drawRules: true });
  const specs = RussianDraughts.optionSpecs();
  assert.deepEqual(specs.map((s) => s.key).sort(), ['drawRules', 'touchMove']);
  for (const s of specs) {
    assert.equal(s.kind, 'bool');
    assert.equal(s.default, RussianDraughts.defaultOptions()[s.key]);
  }
  assert.throws(() => new RussianDraughts({ drawRule: false }), /unknown option 'drawRule'/);
});

test('the .d.ts and docs/js-api.md list exactly the declared option keys', () => {
  const dts = readFileSync(new URL('../../pkg/tabla.d.ts', import.meta.url), 'utf8');
  const doc = readFileSync(new URL('../../docs/js-api.md', import.meta.url), 'utf8');
  const bg = Backgammon.optionSpecs()
    .map((s) => s.key)
    .sort();
  const ru = RussianDraughts.optionSpecs()
    .map((s) => s.key)
    .sort();
  assert.deepEqual(members(dts, 'BackgammonOptions'), bg);
  assert.deepEqual(members(doc, 'BackgammonOptions'), bg);
  assert.deepEqual(members(dts, 'DraughtsOptions'), ru);
  assert.deepEqual(members(doc, 'DraughtsOptions'), ru);
});

test('a save without a newer option key loads with its default', () => {
  const g = new Backgammon({ variant: 'acey-deucey', seed: 3 });
  g.roll();
  const save = g.toJSON();
  delete save.options.exactBearOff;
  delete save.options.doublesExtraRoll;
  const h = Backgammon.fromJSON(save);
  assert.equal(h.state().options.exactBearOff, false);
  assert.equal(h.state().options.doublesExtraRoll, false);
  assert.equal(h.positionId(), g.positionId());
  const bad = g.toJSON();
  bad.options.bogus = true;
  assert.throws(() => Backgammon.fromJSON(bad), /bogus/);
});

test('a save of a future version is refused with a clear message', () => {
  const save = new Backgammon({ seed: 1 }).toJSON();
  save.version = 99;
  assert.throws(() => Backgammon.fromJSON(save), /newer tabla/);
});
