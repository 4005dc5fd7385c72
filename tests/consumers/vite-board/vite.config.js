import { defineConfig } from 'vite';

export default defineConfig({
  optimizeDeps: { exclude: ['tabla'] },
  // the board's computer opponent is a module worker that loads the engine with import()
  worker: { format: 'es' },
  build: { outDir: 'dist', emptyOutDir: true },
});
