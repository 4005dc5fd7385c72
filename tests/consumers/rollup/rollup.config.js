import { nodeResolve } from '@rollup/plugin-node-resolve';
import { importMetaAssets } from '@web/rollup-plugin-import-meta-assets';

// Rollup alone leaves `new URL('./tabla_bg.wasm', import.meta.url)` pointing at a file it never
// copies; importMetaAssets emits each such file next to the bundle.
export default {
  input: 'main.js',
  output: { dir: 'dist', format: 'es' },
  plugins: [nodeResolve({ browser: true }), importMetaAssets()],
};
