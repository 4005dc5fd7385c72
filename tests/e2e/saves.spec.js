// The app's own saves from before the engine declared its options and errors (frozen in
// tests/data/saves by the build of 4ae32c1) still load in the page, to the recorded position.
import { readFileSync } from 'node:fs';
import { test, expect } from '@playwright/test';
import { prepare, boardState } from './helpers.js';

const fixture = (name) => readFileSync(new URL(`../data/saves/${name}`, import.meta.url), 'utf8');

for (const game of ['backgammon', 'draughts']) {
  test(`an app save of ${game} from before (localStorage) continues where it was`, async ({ page }) => {
    const errors = await prepare(page);
    const raw = fixture(`app-${game}.localstorage.json`).trim();
    const { expected } = JSON.parse(fixture(`app-${game}.expected.json`));
    await page.addInitScript((raw) => {
      if (!sessionStorage.getItem('tabla-save-set')) {
        sessionStorage.setItem('tabla-save-set', '1');
        localStorage.setItem('tabla:save:app', raw);
      }
    }, raw);
    await page.goto('/index.html');
    await page.getByRole('button', { name: /^Continue/ }).click();
    await page.waitForFunction(() => window.tabla.board.state);
    const st = await boardState(page);
    if (game === 'draughts') {
      expect(await page.evaluate(() => window.tabla.board.engine.fen())).toBe(expected.fen);
      expect(st.history).toEqual(expected.history);
      expect(st.turn).toBe(expected.turn);
      // its options came back with it: touch-move on, so the last move cannot be taken back
      expect(st.canUndo).toBe(false);
      await expect(page.getByRole('button', { name: /Undo/ })).toBeDisabled();
    } else {
      const ids = await page.evaluate(() => [
        window.tabla.board.engine.positionId(),
        window.tabla.board.engine.matchId(),
      ]);
      expect(ids).toEqual([expected.positionId, expected.matchId]);
      expect(st.options).toEqual(expected.options);
      expect(st.phase).toBe(expected.phase);
    }
    expect(errors()).toEqual([]);
  });
}
