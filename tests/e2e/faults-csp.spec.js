// The page under the strict Content-Security-Policy of docs/csp.md, sent as a header (as a static
// host would): a computer game of each family is played with 0 violations.
import { readFileSync } from 'node:fs';
import { test, expect } from '@playwright/test';
import { submitSetup } from './helpers.js';
import { startServer } from './faults-server.js';

test.use({ serviceWorkers: 'block' });

// the policy, as docs/csp.md gives it (the test reads it from there: the two cannot drift)
const POLICY = readFileSync(new URL('../../docs/csp.md', import.meta.url), 'utf8').match(
  /^Content-Security-Policy: (.+)$/m,
)[1];

let server;
test.beforeEach(async ({ context }) => {
  server = await startServer();
  server.headers['Content-Security-Policy'] = POLICY;
  await context.addInitScript(() => {
    window.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      window.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
    );
    if (!sessionStorage.getItem('init')) {
      sessionStorage.setItem('init', '1');
      localStorage.setItem('tabla:settings', '{"animations":false}');
      localStorage.setItem('tabla:lang', 'en');
    }
  });
});
test.afterEach(async () => {
  await server.close();
});

test('strict CSP header: a computer game of each family, 0 violations', async ({ page }) => {
  const console = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused/i.test(m.text())) console.push(m.text());
  });
  const res = await page.goto(`${server.url}index.html?seed=5`);
  expect(res.headers()['content-security-policy']).toBe(POLICY);
  for (const [game, human] of [
    ['table', 'black'],
    ['russian-draughts', 'black'],
  ]) {
    await page.goto(`${server.url}index.html?seed=5`);
    await page.locator(`input[name="game"][value="${game}"]`).check();
    await expect(page.locator('#opp-computer')).toBeEnabled();
    await page.locator('#opp-computer').check();
    await page.locator('select[name="human"]').selectOption(human);
    await submitSetup(page);
    await page.waitForFunction(
      (g) => {
        const s = window.tabla.board.state;
        if (!s || window.tabla.board.game !== g) return false;
        return g === 'russian-draughts' ? s.history.length === 1 : s.turn === 'black' && s.lastPlay;
      },
      game,
      { timeout: 20_000 },
    );
    // the board drew with its stylesheets (adopted: the board's and the embedding's), none inline
    const sheets = await page.evaluate(() => {
      const root = window.tabla.board.shadowRoot;
      return { adopted: root.adoptedStyleSheets.length, inline: root.querySelectorAll('style').length };
    });
    expect(sheets).toEqual({ adopted: 2, inline: 0 });
    expect(await page.evaluate(() => window.__csp)).toEqual([]);
  }
  expect(console).toEqual([]);
});
