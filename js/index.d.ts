export * from './tabla.js';
export { default } from './tabla.js';
/** Whether this JS engine runs WebAssembly SIMD (then `init()` loads tabla_bg.wasm, else tabla_plain_bg.wasm). */
export const simd: boolean;
