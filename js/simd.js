// The one WebAssembly SIMD probe of the tabla package: the smallest module with a v128
// instruction (31 bytes, as in wasm-feature-detect's simd test). A classic script on purpose, so
// that both loaders can run the same file: index.js imports it (`import './simd.js'`) and the
// web app's service worker loads it with importScripts('pkg/simd.js'). It sets one global,
// `tablaSimd`: true when this JS engine validates the module, then tabla_bg.wasm (SIMD) is the
// build to load, else tabla_plain_bg.wasm.
globalThis.tablaSimd = WebAssembly.validate(
  new Uint8Array([
    0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98, 11,
  ]),
);
