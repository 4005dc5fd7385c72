import { build } from 'vite6';

await build({
  root: import.meta.dirname,
  configFile: false,
  logLevel: 'warn',
  optimizeDeps: { exclude: ['tabla'] },
  build: { outDir: 'dist', emptyOutDir: true },
});
