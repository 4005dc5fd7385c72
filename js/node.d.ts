export * from './tabla.js';
export { default } from './tabla.js';
/** Whether this JS engine runs WebAssembly SIMD (the package then uses tabla_bg.wasm, else tabla_plain_bg.wasm). */
export const simd: boolean;
