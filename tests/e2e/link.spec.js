// Play a friend by link (docs/link-protocol.md): two browser contexts, two people, play whole
// games by exchanging links only. The moves are scripted through the board's engine, as the
// other tests do; the links go through the page: "Invite by link", "Send link", the dialog's
// Link field, and the URL each person opens.
import { test, expect } from '@playwright/test';
import { prepare, startGame, shotPath } from './helpers.js';

test.setTimeout(900_000);

/** The link the dialog shows; closes it. */
async function linkOf(page) {
  const field = page.getByRole('textbox', { name: 'Link' });
  await expect(field).toBeVisible();
  const url = await field.inputValue();
  await page.locator('#link button[value="close"]').click();
  return url;
}

/** Opens a link in a page (a first visit, or a new fragment), and waits until it is handled. */
async function openLink(page, url) {
  const before = await page.evaluate(() => window.tabla?.link?.opened ?? -1).catch(() => -1);
  await page.goto(url);
  await page.waitForFunction((n) => window.tabla?.link && window.tabla.link.opened > n, before);
  return page.evaluate(() => window.tabla.link.refused);
}

/**
 * One person's turn, scripted on the board's engine until the engine says to send. The moves are
 * the computer's choice: the board's engine is the rules module, so a copy of the game in the
 * full module (which the page loads here for the test only) chooses them.
 */
function playTurn(page) {
  return page.evaluate(async () => {
    const { loadFullEngine } = await import(new URL('js/engine.js', document.baseURI).href);
    const F = await loadFullEngine();
    const b = window.tabla.board;
    const g = b.engine;
    const choose = (fn) => {
      const copy = (typeof g.legalMoves === 'function' ? F.RussianDraughts : F.Backgammon).fromJSON(g.toJSON());
      try {
        return fn(copy);
      } finally {
        copy.free();
      }
    };
    for (let i = 0; i < 60 && window.tabla.link.turn() === 'mine'; i++) {
      if (typeof g.legalMoves === 'function') {
        g.play(choose((c) => c.bestMove({ level: 'beginner', seed: i }).notation));
        continue;
      }
      const s = g.state();
      if (s.phase === 'opening' || s.phase === 'roll') g.roll();
      else if (s.phase === 'move') {
        if (g.legalPlays().length) g.play(choose((c) => c.bestPlay({ level: 'advanced' }).steps));
        else g.confirm();
      } else if (s.phase === 'cube-decision') g.take();
      else if (s.phase === 'choose-doubles') g.chooseDoubles(6);
      else break;
    }
    b.refresh();
    return window.tabla.link.turn();
  });
}

async function send(page) {
  await page.getByRole('button', { name: 'Send link' }).click();
  return linkOf(page);
}

/** A whole game by links between two pages; returns every link sent. */
async function wholeGame(a, b, game) {
  await startGame(a, game);
  await a.getByRole('button', { name: 'Invite by link' }).click();
  let url = await linkOf(a);
  const sent = [url];
  let [cur, other] = [b, a];
  for (let i = 0; i < 1000; i++) {
    expect(await openLink(cur, url)).toBe(null);
    await expect(cur.locator('#link-status')).toBeVisible();
    // the game ended with the friend's last link: both have it
    if ((await cur.evaluate(() => window.tabla.link.turn())) === 'over') break;
    await playTurn(cur);
    url = await send(cur);
    sent.push(url);
    [cur, other] = [other, cur];
  }
  const end = async (p) =>
    p.evaluate(() => {
      const g = window.tabla.board.engine;
      return typeof g.legalMoves === 'function' ? [g.fen(), g.outcome()] : [g.positionId(), g.outcome()];
    });
  const [ea, eb] = [await end(a), await end(b)];
  expect(ea[1]).not.toBe(null);
  expect(ea).toEqual(eb);
  return sent;
}

test('two people play a whole backgammon game by links only', async ({ browser }) => {
  const [ca, cb] = [await browser.newContext(), await browser.newContext()];
  const [a, b] = [await ca.newPage(), await cb.newPage()];
  const errors = [await prepare(a), await prepare(b)];
  const sent = await wholeGame(a, b, 'backgammon');
  const lengths = sent.map((u) => u.length - u.indexOf('#g=') - 3);
  // the link of the 60th turn, or the last: each turn is one link, or two with the cube in play
  const turns = await a.evaluate(
    () => window.tabla.board.engine.toJSON().record.filter((x) => x.type === 'play').length,
  );
  console.log(
    `backgammon by link: ${turns} turns, ${sent.length} links; fragment of the last link ${lengths.at(-1)} characters`,
  );
  await a.screenshot({ path: shotPath('link-backgammon-over.png') });
  expect(lengths.at(-1)).toBeLessThan(1500 * Math.max(1, turns / 60));
  expect(errors.flatMap((e) => e())).toEqual([]);
  await ca.close();
  await cb.close();
});

test('two people play a whole draughts game by links only', async ({ browser }) => {
  const [ca, cb] = [await browser.newContext(), await browser.newContext()];
  const [a, b] = [await ca.newPage(), await cb.newPage()];
  const errors = [await prepare(a), await prepare(b)];
  const sent = await wholeGame(a, b, 'russian-draughts');
  console.log(`draughts by link: ${sent.length} links; the last ${sent.at(-1).length} characters`);
  expect(errors.flatMap((e) => e())).toEqual([]);
  await ca.close();
  await cb.close();
});

test('tampered links are refused with the reason, and the local game is kept', async ({ browser }) => {
  const [ca, cb] = [await browser.newContext(), await browser.newContext()];
  const [a, b] = [await ca.newPage(), await cb.newPage()];
  await prepare(a);
  await prepare(b);
  await startGame(a, 'table');
  await a.getByRole('button', { name: 'Invite by link' }).click();
  await expect(a.getByRole('textbox', { name: 'Link' })).toHaveValue(/#g=/);
  await a.screenshot({ path: shotPath('link-invite.png') });
  const invite = await linkOf(a);
  expect(await openLink(b, invite)).toBe(null);
  await expect(b.locator('#link-status')).toContainText('Send the link');
  const accept = await send(b);
  expect(await openLink(a, accept)).toBe(null);
  await expect(a.locator('#link-status')).toContainText('Your turn');
  await playTurn(a);
  const first = await send(a);
  expect(await openLink(b, first)).toBe(null);
  await playTurn(b);
  const second = await send(b);
  const kept = await a.evaluate(() => window.tabla.link.state().messages);
  // The link's bytes (docs/link-protocol.md, src/link/wire.rs), edited as an attacker would:
  // `fn(bytes, acts)` gets every action's offset, kind and message (1-based).
  const edit = (url, fn, other = url) =>
    a.evaluate(
      ({ url, fn, other }) => {
        const decode = (u) => {
          const t = u.slice(u.indexOf('#g=') + 3);
          const b64 = t.replace(/-/g, '+').replace(/_/g, '/');
          return Uint8Array.from(atob(b64.padEnd(Math.ceil(b64.length / 4) * 4, '=')), (c) => c.charCodeAt(0));
        };
        const bytes = decode(url);
        const old = decode(other);
        let i = 1 + 8 + 1 + 8; // version, game id, kind, table's 8 options (one byte each)
        const acts = [];
        const n = bytes[i++];
        for (let m = 1; m <= n; m++) {
          const count = bytes[i++];
          for (let k = 0; k < count; k++) {
            const kind = bytes[i];
            acts.push({ at: i, kind, message: m });
            i += kind === 0 || kind === 2 || kind === 6 ? 2 : kind === 1 ? 2 + bytes[i + 1] : 1;
          }
        }
        new Function('bytes', 'acts', 'old', fn)(bytes, acts, old);
        const out = btoa(String.fromCharCode(...bytes))
          .replace(/\+/g, '-')
          .replace(/\//g, '_')
          .replace(/=+$/, '');
        return `${url.slice(0, url.indexOf('#g=') + 3)}${out}`;
      },
      { url, fn, other },
    );
  // the heads are the last 64 bytes: the inviter's reveal, then the friend's
  const forged = await edit(second, 'bytes[bytes.length - 1] ^= 1;');
  expect(await openLink(a, forged)).toBe('link-bad-reveal');
  // the friend's new message with his previous reveal (the one of the link before)
  const withheld = await edit(second, 'bytes.set(old.slice(-32), bytes.length - 32);', accept);
  expect(await openLink(a, withheld)).toBe('link-withheld-reveal');
  // a die of the friend's new roll
  const die = await edit(
    second,
    'const r = acts.find((x) => x.kind === 0 && x.message === 4); bytes[r.at + 1] = (bytes[r.at + 1] % 36) + 1;',
  );
  expect(await openLink(a, die)).toBe('link-bad-dice');
  // a move A played (message 3), rewritten in the friend's link
  const move = await edit(
    second,
    'const p = acts.find((x) => x.kind === 1 && x.message === 3); bytes[p.at + 2] = bytes[p.at + 2] >= 6 ? bytes[p.at + 2] - 6 : bytes[p.at + 2] + 6;',
  );
  expect(await openLink(a, move)).toBe('link-altered');
  expect(await a.evaluate(() => window.tabla.link.state().messages)).toBe(kept);
  // the genuine link opens; then an old one, replayed, is refused
  expect(await openLink(a, second)).toBe(null);
  await expect(a.locator('#link-status')).toContainText('Your turn');
  await a.waitForTimeout(300);
  await a.screenshot({ path: shotPath('link-your-turn.png') });
  const size = await a.evaluate(() => {
    const r = window.tabla.board.shadowRoot.querySelector('canvas').getBoundingClientRect();
    return [r.width, r.height];
  });
  expect(size[0]).toBeGreaterThan(300);
  expect(await openLink(a, accept)).toBe('link-stale');
  await expect(a.getByRole('status').filter({ hasText: 'refused' })).toBeVisible();
  await a.screenshot({ path: shotPath('link-refused.png') });
  expect(await a.evaluate(() => window.tabla.link.state().messages)).toBe(kept + 1);
  // the Games list and the home page list the game by link with whose turn it is; one click
  // goes back to it
  await a.getByRole('button', { name: 'Games' }).click();
  const games = a.getByRole('dialog', { name: 'Games' });
  const inList = games.getByRole('button', { name: /Table with a friend, you play White: your turn/ });
  await expect(inList).toBeVisible();
  await a.screenshot({ path: shotPath('link-games-dialog.png') });
  await inList.click();
  await expect(games).toBeHidden();
  await expect(a.locator('#link-status')).toContainText('Your turn');
  await a.getByRole('button', { name: 'Home' }).click();
  const item = a.getByRole('button', { name: /Table with a friend, you play White: your turn/ });
  await expect(item).toBeVisible();
  await a.screenshot({ path: shotPath('link-games-list.png') });
  await item.click();
  await expect(a.locator('#link-status')).toContainText('Your turn');
  expect(await a.evaluate(() => window.tabla.link.state().messages)).toBe(kept + 1);
  await ca.close();
  await cb.close();
});

test('a board waiting for the friend takes no roll and no move (the engine says whose turn it is)', async ({
  browser,
}) => {
  const [ca, cb] = [await browser.newContext(), await browser.newContext()];
  const [a, b] = [await ca.newPage(), await cb.newPage()];
  const errors = [await prepare(a), await prepare(b)];
  await startGame(a, 'backgammon');
  await a.getByRole('button', { name: 'Invite by link' }).click();
  const url = await linkOf(a);
  // the inviter has sent: until the friend's link comes back, nothing on his board plays
  expect(await a.evaluate(() => window.tabla.link.turn())).not.toBe('mine');
  await expect(a.locator('tabla-board')).toBeVisible();
  expect(await a.evaluate(() => window.tabla.board.hold)).toBe('turn');
  await expect(a.getByRole('button', { name: 'Roll', exact: true })).toHaveCount(0);
  const before = await a.evaluate(() => window.tabla.board.engine.toJSON());
  await a.locator('tabla-board canvas').first().focus();
  await a.keyboard.press('r');
  await a.keyboard.press('Enter');
  expect(await a.evaluate(() => window.tabla.board.engine.toJSON())).toEqual(before);
  // the friend opens it: his turn, his board takes input, unless his dice wait for an answer
  expect(await openLink(b, url)).toBe(null);
  await expect(b.locator('#link-status')).toBeVisible();
  const held = () =>
    b.evaluate(() => {
      const turn = window.tabla.link.turn();
      return { turn, hold: window.tabla.board.hold };
    });
  await expect
    .poll(async () => {
      const { turn, hold } = await held();
      return hold === (turn === 'mine' ? null : turn === 'roll-or-double' ? 'dice' : 'turn');
    })
    .toBe(true);
  const { hold } = await held();
  if (hold === null) {
    const phase = await b.evaluate(() => window.tabla.board.engine.state().phase);
    if (phase === 'opening' || phase === 'roll')
      await expect(b.getByRole('button', { name: 'Roll', exact: true })).toBeVisible();
  }
  expect(errors.flatMap((e) => e())).toEqual([]);
  await ca.close();
  await cb.close();
});
