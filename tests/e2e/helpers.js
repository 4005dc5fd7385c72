import { expect } from '@playwright/test';
// Shared helpers for the browser tests: clicks go to coordinates computed in the page by the same
// geometry modules the renderer uses.

/** Collect console errors and page errors; call the returned function to get them. */
export function watchErrors(page) {
  const errors = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return () => errors;
}

/** Page coordinates of a backgammon location ({kind:'point', n} | {kind:'bar'|'tray', side}). */
export async function bgXY(page, loc, selector = '#board') {
  return page.evaluate(
    async ({ loc, selector }) => {
      const b = document.querySelector(selector);
      const geo = await import(new URL('js/bg/geometry.js', document.baseURI).href);
      const c = geo.locCentre(b.layout, loc, b.state);
      const r = b.canvas.getBoundingClientRect();
      return { x: r.left + c.x, y: r.top + c.y };
    },
    { loc, selector },
  );
}

/** Page coordinates of the dice strip of a side (click there to roll). */
export async function bgDiceXY(page, side, selector = '#board') {
  return page.evaluate(
    async ({ side, selector }) => {
      const b = document.querySelector(selector);
      const [c] = b.layout.dice.slots(side, 1);
      const r = b.canvas.getBoundingClientRect();
      return { x: r.left + c.x, y: r.top + c.y };
    },
    { side, selector },
  );
}

/** Page coordinates of a draughts square. */
export async function sqXY(page, sq, selector = '#board') {
  return page.evaluate(
    async ({ sq, selector }) => {
      const b = document.querySelector(selector);
      const geo = await import(new URL('js/draughts/geometry.js', document.baseURI).href);
      const c = geo.centre(b.layout, sq);
      const r = b.canvas.getBoundingClientRect();
      return { x: r.left + c.x, y: r.top + c.y };
    },
    { sq, selector },
  );
}

/** Convert an engine step (mover's numbering) into a geometry location. */
export function stepLoc(player, n, state) {
  if (n === 0) return { kind: 'tray', side: player };
  if (n === 25) return state.bar[player] > 0 ? { kind: 'bar', side: player } : { kind: 'tray', side: player };
  return { kind: 'point', n: player === 'white' ? n : 25 - n };
}

export const boardState = (page, selector = '#board') =>
  page.evaluate((s) => document.querySelector(s).state, selector);

/** Wait until the board is idle (no animation or computer move running). */
export async function idle(page, selector = '#board') {
  await page.waitForFunction((s) => {
    const b = document.querySelector(s);
    return b.ctrl && b.state && !b.ctrl.busy;
  }, selector);
}

import { existsSync } from 'node:fs';
if (!existsSync(new URL('../../www/pkg/tabla.js', import.meta.url))) {
  throw new Error('www/pkg is missing: the browser tests run against the real package (bash scripts/build.sh)');
}

/** Prepare a page: animations off unless asked, a fixed language. */
export async function prepare(page, { animations = false, lang = 'en' } = {}) {
  await page.addInitScript(
    ({ animations, lang }) => {
      if (!sessionStorage.getItem('tabla-test-init')) {
        sessionStorage.setItem('tabla-test-init', '1');
        localStorage.setItem('tabla:settings', JSON.stringify({ animations, homeLeft: false }));
        localStorage.setItem('tabla:lang', lang);
      }
    },
    { animations, lang },
  );
  return watchErrors(page);
}

/** From the home page, start a game with the form. */
/**
 * Submits the home page's new-game form and waits for the game it starts: the board holds a new
 * engine object and shows the play view (the form waits for the engine first, so a board that
 * already showed a game of the same kind is not yet the new one when the click returns).
 */
export async function submitSetup(page) {
  await page.evaluate(() => {
    window.__setupBefore = document.querySelector('#board')?.engine ?? null;
  });
  await page.locator('#setup button[type="submit"]').click();
  try {
    await page.waitForFunction(
      () => {
        const b = document.querySelector('#board');
        return b?.state && b.engine && b.engine !== window.__setupBefore && !document.querySelector('#play').hidden;
      },
      null,
      { timeout: 60_000 },
    );
  } catch (e) {
    // what the page was doing, for a start that never came (seen once under CI load)
    const seen = await page
      .evaluate(() => {
        const b = document.querySelector('#board');
        return JSON.stringify({
          state: !!b?.state,
          engine: !!b?.engine,
          newEngine: !!b?.engine && b.engine !== window.__setupBefore,
          playHidden: document.querySelector('#play')?.hidden,
          homeHidden: document.querySelector('#home')?.hidden,
          ai: window.tabla?.ai ?? null,
          toast: document.querySelector('#toast')?.textContent ?? null,
          boardError: b?.getAttribute('data-error') ?? null,
        });
      })
      .catch((err) => `page not readable: ${err.message}`);
    throw new Error(`the game did not start after the form's submit: ${seen}\n${e.message}`);
  }
}

export async function startGame(page, game, { query = '', check = [] } = {}) {
  await page.goto(`/index.html${query}`);
  await page.locator(`input[name="game"][value="${game}"]`).check();
  for (const name of check) await page.locator(`input[name="${name}"]`).check();
  await submitSetup(page);
  await page.waitForFunction((g) => {
    const b = document.querySelector('#board');
    return b?.state && b.game === g && !document.querySelector('#play').hidden;
  }, game);
  // a click before the controller is ready for input would be dropped
  await idle(page);
}

/** Where screenshots are kept for looking at (artifacts/screens/, kept across runs; not compared). */
export function shotPath(name) {
  return new URL(`../../artifacts/screens/${name}`, import.meta.url).pathname;
}

/** From the home page, a game against the computer, the human playing `human`, seeded dice. */
export async function startVsComputer(page, game, human, seed = 5) {
  await page.goto(`/index.html?seed=${seed}`);
  await page.locator(`input[name="game"][value="${game}"]`).check();
  await page.locator('#opp-computer').check();
  await page.locator('select[name="human"]').selectOption(human);
  await submitSetup(page);
  await page.waitForFunction((g) => window.tabla.board.state && window.tabla.board.game === g, game);
}

/** Import a game or position through the Import dialog (which must close). */
export async function importText(page, text) {
  await page.getByRole('button', { name: 'Import' }).click();
  await page.getByRole('textbox', { name: 'Import a game' }).fill(text);
  await page.getByRole('button', { name: 'Load' }).click();
  await expect(page.getByRole('dialog', { name: 'Import a game' })).not.toBeVisible();
}
