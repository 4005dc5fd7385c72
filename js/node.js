// Node entry of the tabla package: the module is instantiated synchronously on import, so
// `import { Backgammon, RussianDraughts } from 'tabla'` is all a Node program needs. The SIMD
// build is used where Node runs it (every Node >= 16.4), else the plain one (see index.js).
import { readFileSync } from 'node:fs';
import { initSync } from './tabla.js';
import { simd } from './index.js';

initSync({ module: readFileSync(new URL(simd ? './tabla_bg.wasm' : './tabla_plain_bg.wasm', import.meta.url)) });

export * from './tabla.js';
export { default } from './tabla.js';
export { simd } from './index.js';
