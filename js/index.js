// Browser and bundler entry of the tabla package. Two builds of the same module ship side by
// side: tabla_bg.wasm uses WebAssembly SIMD (the computer opponents' network runs about 1.7x
// faster), tabla_plain_bg.wasm does not, for browsers without SIMD (Safari before 16.4).
// Both give identical results. `init()` without an argument loads the one this engine can run.
import './simd.js';
import init, { Backgammon, RussianDraughts } from './tabla.js';
import { install } from './unpack.js';

export * from './tabla.js';

// The hot calls of a game loop read compact results (one crossing of the boundary per call).
install(Backgammon, RussianDraughts);

/** Whether this JS engine runs WebAssembly SIMD (then `init()` loads tabla_bg.wasm). */
// The probe itself is simd.js, shared with the web app's service worker.
export const simd = globalThis.tablaSimd;

/** Initialises the module; without an argument, the build this engine can run. */
export default function initTabla(input) {
  if (input === undefined) {
    // One literal new URL of each file, relative to import.meta.url: that is the only form bundlers
    // (Vite, webpack 5, Rollup with an asset plugin, Parcel) recognise and emit as an asset; a
    // computed first argument builds and then fails at run time with a 404.
    const url = simd ? new URL('./tabla_bg.wasm', import.meta.url) : new URL('./tabla_plain_bg.wasm', import.meta.url);
    input = { module_or_path: url };
  }
  return init(input);
}
