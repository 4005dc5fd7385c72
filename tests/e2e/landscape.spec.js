// A phone held sideways (issue 16): the board uses the screen (the menu a column at the left,
// the players, controls and moves beside the board) and nothing overflows.
import { test, expect } from '@playwright/test';
import { prepare, startGame, shotPath } from './helpers.js';

test.use({ serviceWorkers: 'block' });

for (const [w, h] of [
  [844, 390],
  [667, 375],
]) {
  for (const game of ['backgammon', 'russian-draughts']) {
    test(`landscape phone ${w}x${h}: the ${game} board takes the height and nothing overflows`, async ({ page }) => {
      await page.setViewportSize({ width: w, height: h });
      const errors = await prepare(page);
      await startGame(page, game);
      const box = await page.evaluate(() => {
        const b = document.querySelector('#board');
        const r = b.shadowRoot.querySelector('canvas').getBoundingClientRect();
        return { width: r.width, height: r.height };
      });
      // before: 337x219 at 844x390
      expect(box.height).toBeGreaterThanOrEqual(330);
      expect(box.width).toBeGreaterThanOrEqual(game === 'backgammon' ? 400 : 330);
      const overflow = await page.evaluate(() => {
        const doc = document.scrollingElement;
        const out = [];
        if (doc.scrollWidth > innerWidth + 1 || doc.scrollHeight > innerHeight + 1)
          out.push(`page ${doc.scrollWidth}x${doc.scrollHeight}`);
        const root = document.querySelector('#board').shadowRoot;
        for (const el of [...root.querySelectorAll('button, .status, .player, canvas')]) {
          const r = el.getBoundingClientRect();
          if (!r.width) continue;
          if (r.right > innerWidth + 1 || r.bottom > innerHeight + 1 || r.left < -1 || r.top < -1)
            out.push(
              `${el.className || el.tagName} ${Math.round(r.left)},${Math.round(r.top)}-${Math.round(r.right)},${Math.round(r.bottom)}`,
            );
        }
        for (const el of document.querySelectorAll('.top button')) {
          const r = el.getBoundingClientRect();
          if (r.bottom > innerHeight + 1 || r.right > innerWidth + 1) out.push(`menu ${el.id}`);
        }
        return out;
      });
      expect(overflow).toEqual([]);
      await expect(
        page
          .locator('#board')
          .getByRole('button', { name: /Roll|Undo/ })
          .first(),
      ).toBeVisible();
      await page.screenshot({ path: shotPath(`landscape-${game}-${w}x${h}.png`) });
      expect(errors()).toEqual([]);
    });
  }
}
