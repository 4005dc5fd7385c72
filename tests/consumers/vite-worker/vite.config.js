import { defineConfig } from 'vite';

export default defineConfig({
  optimizeDeps: { exclude: ['tabla'] },
  worker: { format: 'es' },
  build: { outDir: 'dist', emptyOutDir: true },
});
