// The browser and bundler entry: init() first, then every documented call.
import init, { initSync, simd } from 'tabla';
import { everyCallForm } from './api.js';

await init();
// init() also takes where the .wasm is, or its bytes, for hosts that move it.
const initAt: (url: URL) => Promise<unknown> = (url) => init({ module_or_path: url });
const initFrom: (bytes: ArrayBuffer) => unknown = (bytes) => initSync({ module: bytes });
console.log(simd, initAt, initFrom, everyCallForm().join('\n'));
