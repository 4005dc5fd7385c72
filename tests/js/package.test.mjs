// The built npm package, imported exactly as a user would: `import ... from 'tabla'`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
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
  assert.equal(pkg.exports['.'].types, './tabla.d.ts');
  for (const f of pkg.files) readFileSync(new URL(`../../pkg/${f}`, import.meta.url));
});
