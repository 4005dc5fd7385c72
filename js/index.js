// Browser and bundler entry of the tabla package. Two builds of the same module ship side by
// side: tabla_bg.wasm uses WebAssembly SIMD (the computer opponents' network runs about 1.7x
// faster), tabla_plain_bg.wasm does not, for browsers without SIMD (Safari before 16.4).
// Both give identical results. `init()` without an argument loads the one this engine can run.
import init from './tabla.js';

export * from './tabla.js';

/** Whether this JS engine runs WebAssembly SIMD (then `init()` loads tabla_bg.wasm). */
// The smallest module with a v128 instruction, as in wasm-feature-detect's simd test.
export const simd = WebAssembly.validate(
  new Uint8Array([
    0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98, 11,
  ]),
);

/** Initialises the module; without an argument, the build this engine can run. */
export default function initTabla(input) {
  if (input === undefined) {
    // One literal `new URL('./file', import.meta.url)` per file: that is the only form bundlers
    // (Vite, webpack 5, Rollup with an asset plugin, Parcel) recognise and emit as an asset; a
    // computed first argument builds and then fails at run time with a 404.
    const url = simd ? new URL('./tabla_bg.wasm', import.meta.url) : new URL('./tabla_plain_bg.wasm', import.meta.url);
    input = { module_or_path: url };
  }
  return init(input);
}
