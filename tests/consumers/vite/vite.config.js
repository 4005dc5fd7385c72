import { defineConfig } from 'vite';

export default defineConfig({
  // The dev server's dependency pre-bundling moves the glue away from its .wasm files.
  optimizeDeps: { exclude: ['tabla'] },
  build: { outDir: 'dist', emptyOutDir: true },
});
