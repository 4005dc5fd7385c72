// Node entry of the tabla package: the module is instantiated synchronously on import, so
// `import { Backgammon, RussianDraughts } from 'tabla'` is all a Node program needs.
import { readFileSync } from 'node:fs';
import { initSync } from './tabla.js';

initSync({ module: readFileSync(new URL('./tabla_bg.wasm', import.meta.url)) });

export * from './tabla.js';
export { default } from './tabla.js';
