// Node entry of the tabla package: the module is instantiated synchronously on import, so
// `import { Backgammon, RussianDraughts } from 'tabla'` is all a Node program needs. The SIMD
// build is used where Node runs it (every Node >= 16.4), else the plain one (see index.js).
import { readFileSync } from 'node:fs';
import { initSync } from './tabla.js';
import { simd } from './index.js';

// One literal URL per file, as in index.js, so that a bundler targeting Node can see both.
const file = simd ? new URL('./tabla_bg.wasm', import.meta.url) : new URL('./tabla_plain_bg.wasm', import.meta.url);
initSync({ module: readFileSync(file) });

export * from './tabla.js';
export { default } from './tabla.js';
export { simd } from './index.js';
