// webpack 5 finds `new URL('./tabla_bg.wasm', import.meta.url)` in the package and emits the
// file as an asset; nothing tabla-specific is needed here.
export default {
  mode: 'production',
  entry: './main.js',
  output: { path: new URL('./dist', import.meta.url).pathname, filename: 'main.js', clean: true },
  performance: { hints: false },
};
