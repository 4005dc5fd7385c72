// Browser end-to-end tests: Debian's Chromium (never `playwright install`), the built site
// (scripts/site.mjs: www/ minified into site/) served by Python's http.server on 127.0.0.1 (it
// sends .wasm as application/wasm).
import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.TABLA_E2E_PORT || 8123);

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1, // two cores shared with Rust builds
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    viewport: { width: 1024, height: 768 },
    launchOptions: {
      executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  webServer: {
    // the site is rebuilt first (about a second): the app as it is now, and its precache set
    command: `node scripts/site.mjs && python3 -m http.server -d site ${PORT} --bind 127.0.0.1`,
    url: `http://127.0.0.1:${PORT}/index.html`,
    reuseExistingServer: !process.env.CI,
    stdout: 'ignore',
    stderr: 'ignore',
    timeout: 30_000,
  },
});
