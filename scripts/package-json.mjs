// Prints pkg/package.json for the npm package `tabla` (version from Cargo.toml).
import { readFileSync } from 'node:fs';

const cargo = readFileSync(new URL('../Cargo.toml', import.meta.url), 'utf8');
const field = (name) => cargo.match(new RegExp(`^${name}\\s*=\\s*"([^"]*)"`, 'm'))[1];

const pkg = {
  name: 'tabla',
  version: field('version'),
  description: field('description'),
  license: field('license'),
  type: 'module',
  main: './index.js',
  types: './index.d.ts',
  exports: {
    '.': {
      node: { types: './node.d.ts', default: './node.js' },
      types: './index.d.ts',
      default: './index.js',
    },
    './tabla_bg.wasm': './tabla_bg.wasm',
    './tabla_plain_bg.wasm': './tabla_plain_bg.wasm',
    './package.json': './package.json',
  },
  files: [
    'index.js',
    'simd.js',
    'index.d.ts',
    'tabla.js',
    'tabla.d.ts',
    'tabla_bg.wasm',
    'tabla_plain_bg.wasm',
    'tabla_bg.wasm.d.ts',
    'node.js',
    'node.d.ts',
    'README.md',
  ],
  // simd.js sets the global its importers read (it is shared with the app's service worker)
  sideEffects: ['./node.js', './simd.js'],
  keywords: ['backgammon', 'tabla', 'table', 'acey-deucey', 'draughts', 'shashki', 'checkers', 'wasm', 'game'],
  engines: { node: '>=20' },
};
process.stdout.write(`${JSON.stringify(pkg, null, 2)}\n`);
