// Prints pkg/package.json for the npm package `tabla`: name, version, description and licence
// come from Cargo.toml, so the crate and the package cannot disagree.
import { readFileSync } from 'node:fs';

const cargo = readFileSync(new URL('../Cargo.toml', import.meta.url), 'utf8');
const field = (name) => cargo.match(new RegExp(`^${name}\\s*=\\s*"([^"]*)"`, 'm'))?.[1];

// PLACEHOLDER: the project has no public repository yet. `.invalid` is reserved (RFC 2606) and
// never resolves, so no reader is sent to a stranger's site. Set `repository` in Cargo.toml's
// [package] and it is used here (homepage and bugs follow from it on GitHub-style hosts).
const repository = field('repository') ?? 'https://tabla.invalid/tabla';

const pkg = {
  name: 'tabla',
  version: field('version'),
  description: field('description'),
  license: field('license'),
  repository: { type: 'git', url: `git+${repository}.git` },
  homepage: field('homepage') ?? `${repository}#readme`,
  bugs: { url: `${repository}/issues` },
  type: 'module',
  main: './index.js',
  types: './index.d.ts',
  exports: {
    '.': {
      node: { types: './node.d.ts', default: './node.js' },
      types: './index.d.ts',
      default: './index.js',
    },
    // <tabla-board> (browsers and bundlers): `import 'tabla/board'` or 'tabla/board.js'
    './board': { types: './board.d.ts', default: './board.js' },
    './board.js': { types: './board.d.ts', default: './board.js' },
    './tabla_bg.wasm': './tabla_bg.wasm',
    './tabla_plain_bg.wasm': './tabla_plain_bg.wasm',
    './tabla_rules_bg.wasm': './tabla_rules_bg.wasm',
    './package.json': './package.json',
  },
  files: [
    'index.js',
    'simd.js',
    'unpack.js',
    'index.d.ts',
    'tabla.js',
    'tabla.d.ts',
    'tabla_bg.wasm',
    'tabla_plain_bg.wasm',
    'tabla_bg.wasm.d.ts',
    // the rules module the board plays on (its worker loads the full one): rules.js
    'rules.js',
    'tabla_rules.js',
    'tabla_rules_bg.wasm',
    'node.js',
    'node.d.ts',
    'board.js',
    'board.d.ts',
    'board/',
    'README.md',
    'LICENSE-MIT',
    'LICENSE-APACHE',
  ],
  // Work on import: the Node entry instantiates the module; simd.js sets the global its importers
  // read (it is shared with the app's service worker); the board entry defines <tabla-board>. The
  // rest can be tree-shaken.
  // board/tabla-board.js defines the element.
  // index.js and rules.js install the packed readers of the hot calls on their classes (unpack.js).
  sideEffects: ['./node.js', './simd.js', './index.js', './rules.js', './board.js', './board/tabla-board.js'],
  keywords: [
    'backgammon',
    'tavla',
    'table',
    'acey-deucey',
    'draughts',
    'russian-draughts',
    'shashki',
    'checkers',
    'board-game',
    'game-engine',
    'ai',
    'webassembly',
    'wasm',
  ],
  // The lowest Node versions that load an ES module with require() (tests/consumers/node-require);
  // import works there too.
  engines: { node: '^20.19.0 || >=22.12.0' },
};
process.stdout.write(`${JSON.stringify(pkg, null, 2)}\n`);
