// <tabla-board> showing a position or a game on somebody's page (embed.js, js/README.md "Showing
// a position or a game"): diagrams from an XGID, a gnubg Position ID and a draughts FEN, replays
// of a PDN game (with its comments), a .mat match file and a game link, a board that plays on
// from a position, bad data told inside its board with the engine's code, and none of them
// writing to the device's storage or starting the computer's worker.
import { test, expect } from '@playwright/test';
import { watchErrors, shotPath } from './helpers.js';

const XGID = 'XGID=-aa--CCBCa--ca---a-c-bb-CA:0:0:1:52:0:0:0:0:10';
const PID = 'sGfwATDgc/ABMA';
const FEN = 'W:Wa1,c1,c3,e3,g3,Kd8:Bb6,f6,h6,e7,Ka5';
const PDN = `[Event "Embed test"]
[White "Alice"]
[Black "Bob"]
[Result "*"]
{A quiet opening.} 1. c3-d4 f6-g5 {Black answers on the flank.} 2. b2-c3 g5-h4
3. d4-e5 d6:f4 4. e3:g5 h6:f4 {Two exchanges.} *`;
const PDN_MOVES = ['c3-d4', 'f6-g5', 'b2-c3', 'g5-h4', 'd4-e5', 'd6:f4', 'e3:g5', 'h6:f4'];
const MAT_ROW1 = '  1)                             41: 13/9 24/23 ';
const MAT = ` 1 point match

 Game 1
 Alice : 0                   Bob : 0
${MAT_ROW1}
  2) 31: 6/5 8/5                 41: 6/5 9/5 
  3) 31: 24/21 6/5               65: 24/18 23/18 
`;

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>embedded boards</title>
<link rel="icon" href="data:,">
<style>
  body { margin: 8px; font: 14px sans-serif; background: #f7f3ea; }
  .row { display: flex; flex-wrap: wrap; gap: 8px; align-items: flex-start; }
  tabla-board { width: 330px; }
  .replays tabla-board { width: 500px; }
</style>
<script>
  window.boardErrors = [];
  document.addEventListener('error', (e) => {
    if (e.target.localName === 'tabla-board') boardErrors.push({ id: e.target.id, code: e.detail.code, message: e.detail.message });
  });
</script>
<script type="module" src="js/tabla-board.js"></script>
</head><body>
<div class="row diagrams">
  <tabla-board id="xgid" position="${XGID}" persist="blog"></tabla-board>
  <tabla-board id="pid" position="${PID}" position-format="gnubg" lang="ro"></tabla-board>
  <tabla-board id="fen" position="${FEN}" computer="black"></tabla-board>
</div>
<div class="row replays">
  <tabla-board id="pdn" persist="blog" computer="white"><script type="text/plain">${PDN}</script></tabla-board>
  <tabla-board id="mat" src="games/short.mat"></tabla-board>
</div>
<div class="row">
  <tabla-board id="link" record-format="link"></tabla-board>
  <tabla-board id="play" position="${FEN}" mode="play"></tabla-board>
  <tabla-board id="bad" position="not a position"></tabla-board>
  <tabla-board id="badfen" position="W:Wz9" position-format="fen"></tabla-board>
</div>
</body></html>`;

/** The embedding page, served on the app's origin; counts the workers the page starts. */
async function open(page) {
  const errors = watchErrors(page);
  await page.addInitScript(() => {
    window.workersStarted = 0;
    const W = window.Worker;
    window.Worker = class extends W {
      constructor(...args) {
        super(...args);
        window.workersStarted++;
      }
    };
  });
  await page.route('**/embed-test.html', (r) => r.fulfill({ contentType: 'text/html', body: PAGE }));
  await page.route('**/games/short.mat', (r) => r.fulfill({ contentType: 'text/plain', body: MAT }));
  await page.goto('/embed-test.html');
  return errors;
}

/** The engine on the page (www/pkg), for the expected positions. */
function engine(page, fn, arg) {
  return page.evaluate(
    async ({ src, arg }) => {
      const M = await import(new URL('pkg/index.js', document.baseURI).href);
      await M.default();
      return new Function('M', 'arg', `return (${src})(M, arg);`)(M, arg);
    },
    { src: fn.toString(), arg },
  );
}

const pieces = (state) => JSON.stringify([...state.pieces].sort((a, b) => a.square.localeCompare(b.square)));
const shown = (page, id) => page.evaluate((id) => document.getElementById(id).shownState, id);
const ready = (page, id) => page.evaluate((id) => document.getElementById(id).ready.then(() => true), id);

test('diagrams from an XGID, a Position ID and a FEN: still, no worker, nothing stored', async ({ page }) => {
  const errors = await open(page);
  for (const id of ['xgid', 'pid', 'fen']) expect(await ready(page, id)).toBe(true);
  // each shows the engine's reading of its text
  const want = await engine(
    page,
    (M, a) => ({
      xgid: M.Backgammon.fromXgid(a.XGID).state(),
      pid: M.Backgammon.fromGnubg(a.PID).state(),
      fen: M.RussianDraughts.fromFen(a.FEN).state(),
    }),
    { XGID, PID, FEN },
  );
  const got = await page.evaluate(() =>
    Object.fromEntries(['xgid', 'pid', 'fen'].map((id) => [id, document.getElementById(id).shownState])),
  );
  expect(got.xgid.points).toEqual(want.xgid.points);
  expect(got.xgid.dice).toEqual([5, 2]);
  expect(got.pid.points).toEqual(want.pid.points);
  expect(pieces(got.fen)).toBe(pieces(want.fen));
  expect(await page.evaluate(() => document.getElementById('fen').game)).toBe('russian-draughts');
  expect(await page.evaluate(() => document.getElementById('xgid').mode)).toBe('view');
  // no toolbar, no move list; the canvas is an image; a click or a key changes nothing
  const fen = page.locator('#fen');
  await expect(fen.getByRole('toolbar')).toBeHidden();
  await expect(fen.getByRole('img', { name: /Russian draughts/ })).toBeVisible();
  const box = await fen.locator('canvas').boundingBox();
  await page.mouse.click(box.x + box.width * 0.2, box.y + box.height * 0.55);
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  expect(pieces(await shown(page, 'fen'))).toBe(pieces(want.fen));
  // a script cannot play on a diagram either
  const refused = await page.evaluate(() => {
    try {
      document.getElementById('fen').play('c3-d4');
      return null;
    } catch (e) {
      return e.code;
    }
  });
  expect(refused).toBe('embed-still');
  // the Romanian board speaks Romanian, the others English
  await expect(page.locator('#pid').locator('.status')).not.toHaveText(/White|Black/);
  await page.locator('.diagrams').screenshot({ path: shotPath('embed-diagrams.png') });
  // persist="blog" and computer="black" on a diagram: nothing written, no computer worker
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => Object.keys(localStorage))).toEqual([]);
  expect(await page.evaluate(() => window.workersStarted)).toBe(0);
  expect(errors().filter((e) => !/status of 4\d\d/.test(e))).toEqual([]);
});

test('a PDN game replayed by button and keyboard, with its comments, at the engine positions', async ({ page }) => {
  await open(page);
  expect(await ready(page, 'pdn')).toBe(true);
  const board = page.locator('#pdn');
  const expectAt = async (n) => {
    const want = await engine(
      page,
      (M, moves) => {
        const g = new M.RussianDraughts();
        for (const m of moves) g.play(m);
        return g.state();
      },
      PDN_MOVES.slice(0, n),
    );
    expect(pieces(await shown(page, 'pdn'))).toBe(pieces(want));
  };
  // a replay opens at the start, with the comment before the first move
  await expect(board.locator('.status')).toHaveText('The start position');
  await expect(board.getByRole('region', { name: 'Comment' })).toHaveText('A quiet opening.');
  await expectAt(0);
  await expect(board.getByRole('button', { name: 'Previous move' })).toBeDisabled();
  const next = board.getByRole('button', { name: 'Next move' });
  await next.click();
  await expectAt(1);
  await expect(board.getByRole('region', { name: 'Comment' })).toBeHidden();
  await next.click();
  await expectAt(2);
  await expect(board.locator('.status')).toHaveText('Move 2 of 8: f6-g5');
  await expect(board.getByRole('region', { name: 'Comment' })).toHaveText('Black answers on the flank.');
  await board.screenshot({ path: shotPath('embed-replay.png') });
  await board.getByRole('button', { name: 'Previous move' }).click();
  await expectAt(1);
  // the keyboard, from the board itself: arrows, Home, End
  await board.locator('canvas').focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expectAt(4);
  await page.keyboard.press('ArrowLeft');
  await expectAt(3);
  await page.keyboard.press('End');
  await expectAt(8);
  await expect(board.locator('.status')).toHaveText('Move 8 of 8: h6:f4');
  await expect(board.getByRole('region', { name: 'Comment' })).toHaveText('Two exchanges.');
  await expect(board.getByRole('button', { name: 'Last move' })).toBeDisabled();
  await page.keyboard.press('Home');
  await expectAt(0);
  // a cell of the move list shows the position after it
  await board.getByRole('button', { name: 'e3:g5' }).click();
  await expectAt(7);
  // the ply attribute (and property) moves the replay
  await page.evaluate(() => {
    document.getElementById('pdn').ply = 5;
  });
  await expectAt(5);
  // the replay itself takes no move, even with computer="white": no worker, nothing stored
  await board.locator('canvas').focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('u');
  await expectAt(5);
  expect(await page.evaluate(() => document.getElementById('pdn').state.history.length)).toBe(8);
  // a record attribute takes the place of the script; a PDN may open with a {comment} (without
  // `ply` the replay opens at the start)
  await page.evaluate(() => {
    const b = document.getElementById('pdn');
    b.ply = null;
    b.record = '{Opening.} 1. c3-d4 {Centre.} 1... f6-g5 *';
  });
  await expect(board.locator('.status')).toHaveText('The start position');
  await expect(board.getByRole('region', { name: 'Comment' })).toHaveText('Opening.');
  await page.keyboard.press('ArrowRight');
  await expect(board.getByRole('region', { name: 'Comment' })).toHaveText('Centre.');
  expect(await page.evaluate(() => Object.keys(localStorage))).toEqual([]);
  expect(await page.evaluate(() => window.workersStarted)).toBe(0);
});

test('a .mat match from src and a game link replayed; a new record replaces the game', async ({ page }) => {
  await open(page);
  expect(await ready(page, 'mat')).toBe(true);
  const mat = page.locator('#mat');
  await expect(mat.getByRole('button', { name: '41: 24/23 13/9' })).toBeVisible();
  await mat.getByRole('button', { name: 'Next move' }).click();
  // after the first row's play, the position the engine reads from a .mat of that row alone
  const want = await engine(page, (M, text) => M.Backgammon.fromMat(text).state(), MAT.split(MAT_ROW1)[0] + MAT_ROW1);
  expect((await shown(page, 'mat')).points).toEqual(want.points);
  await mat.getByRole('button', { name: 'Last move' }).click();
  const end = await engine(page, (M, text) => M.Backgammon.fromMat(text).state(), MAT);
  expect((await shown(page, 'mat')).points).toEqual(end.points);

  // a game by link: the engine reads and verifies it (LinkSession.read), no session kept
  const link = await engine(page, (M) => {
    const inviter = M.LinkSession.invite({ game: 'russian-draughts' });
    let g = inviter.draughts();
    g.play('c3-d4');
    const friend = M.LinkSession.join(inviter.sendDraughts(g));
    g = friend.draughts();
    g.play('f6-g5');
    inviter.open(friend.sendDraughts(g));
    g = inviter.draughts();
    g.play('b2-c3');
    return `https://example.org/tabla/#g=${inviter.sendDraughts(g)}`;
  });
  await page.evaluate((link) => {
    document.getElementById('link').record = link;
  }, link);
  const board = page.locator('#link');
  await expect(board.locator('.status')).toHaveText('The start position');
  expect(await page.evaluate(() => document.getElementById('link').state.history)).toEqual(['c3-d4', 'f6-g5', 'b2-c3']);
  await board.getByRole('button', { name: 'Next move' }).click();
  await board.getByRole('button', { name: 'Next move' }).click();
  const after2 = await engine(page, (M) => {
    const g = new M.RussianDraughts();
    g.play('c3-d4');
    g.play('f6-g5');
    return g.state();
  });
  expect(pieces(await shown(page, 'link'))).toBe(pieces(after2));
  // a link cut short is refused with the engine's code, inside the board
  const altered = link.slice(0, -20);
  await page.evaluate((t) => {
    document.getElementById('link').record = t;
  }, altered);
  await expect(board.getByRole('alert')).toBeVisible();
  const last = await page.evaluate(() => boardErrors.filter((e) => e.id === 'link').at(-1));
  expect(last.code).toBe('bad-link');
  await expect(board.getByRole('alert')).toHaveText('This is not a tabla game link.');

  // a backgammon game by link (twelve messages, dice by the link's commit-reveal), replayed to
  // its end, then played on in mode="play" with dice of the board's own
  const bgLink = await engine(page, (M) => {
    const sides = [M.LinkSession.invite({ game: 'backgammon' })];
    let link = null;
    for (let k = 0; k < 12; k++) {
      if (k === 1) sides[1] = M.LinkSession.join(link);
      const me = sides[k % 2];
      if (k > 1) me.open(link);
      const g = me.backgammon();
      for (let i = 0; i < 8 && me.turnBackgammon(g) === 'mine'; i++) {
        const s = g.state();
        if (s.phase === 'opening' || s.phase === 'roll') g.roll();
        else if (s.phase === 'move' && g.legalPlays().length) g.play(g.legalPlays()[0].steps);
        else break;
      }
      link = me.sendBackgammon(g);
    }
    return link;
  });
  await page.evaluate((t) => {
    document.getElementById('link').record = t;
  }, bgLink);
  await expect(board.getByRole('alert')).toBeHidden();
  await expect(board.locator('.status')).toHaveText('The start position');
  expect(await page.evaluate(() => document.getElementById('link').game)).toBe('backgammon');
  await board.getByRole('button', { name: 'Last move' }).click();
  const bgEnd = await engine(page, (M, t) => M.LinkSession.read(t).state(), bgLink);
  expect((await shown(page, 'link')).points).toEqual(bgEnd.points);
  await expect(board.locator('.status')).toHaveText(/^Move (\d+) of \1: /);
  await page.evaluate(() => {
    const b = document.getElementById('link');
    window.linkEngine = b.engine;
    b.mode = 'play';
  });
  await page.waitForFunction(() => {
    const b = document.getElementById('link');
    return b.engine !== window.linkEngine && b.state && !b.ctrl.busy;
  });
  await expect(board.getByRole('toolbar')).toBeVisible();
  const played = await page.evaluate(async () => {
    const b = document.getElementById('link');
    const before = b.engine.toJSON().record.length;
    if (b.state.phase === 'roll') b.roll();
    const plays = b.engine.legalPlays();
    if (plays.length) b.play(plays[0].steps);
    return { before, after: b.engine.toJSON().record.length, still: b.still, plays: plays.length };
  });
  expect(played.still).toBe(false);
  // (a roll with no legal play, rare, passes by itself: then only the roll was played here)
  if (played.plays) expect(played.after).toBeGreaterThan(played.before);

  // the .mat board given a record (its engine's own SGF of the same match): the record wins
  const sgf = await engine(page, (M, text) => M.Backgammon.fromMat(text).toSgf(), MAT);
  await page.evaluate((t) => {
    const b = document.getElementById('mat');
    window.matEngine = b.engine;
    b.record = t;
  }, sgf);
  await page.waitForFunction(() => {
    const b = document.getElementById('mat');
    return b.engine && b.engine !== window.matEngine;
  });
  await expect(mat.locator('.status')).toHaveText('The start position');
  await mat.getByRole('button', { name: 'Last move' }).click();
  expect((await shown(page, 'mat')).points).toEqual(end.points);
  expect(await page.evaluate(() => Object.keys(localStorage))).toEqual([]);
});

test('a board that plays on from a position; bad data told in its board with its code', async ({ page }) => {
  const errors = await open(page);
  expect(await ready(page, 'play')).toBe(true);
  const start = await shown(page, 'play');
  expect(pieces(start)).toBe(pieces(await engine(page, (M, fen) => M.RussianDraughts.fromFen(fen).state(), FEN)));
  // play mode: the toolbar is there and the board takes a move
  await expect(page.locator('#play').getByRole('button', { name: 'Flip' })).toBeVisible();
  await page.evaluate(() => document.getElementById('play').play('c3-d4'));
  expect(await page.evaluate(() => document.getElementById('play').state.history)).toEqual(['c3-d4']);

  // not a position at all, and a FEN the engine refuses: a message in the board, an error event
  const byId = async () => Object.fromEntries((await page.evaluate(() => boardErrors)).map((e) => [e.id, e]));
  await expect.poll(async () => Object.keys(await byId()).sort()).toEqual(['bad', 'badfen']);
  const got = await byId();
  expect(got.bad.code).toBe('embed-unknown');
  expect(got.badfen.code).toBe('bad-fen');
  await expect(page.locator('#bad').getByRole('alert')).toHaveText('This is not a position or a game tabla can read.');
  await expect(page.locator('#badfen').getByRole('alert')).toHaveText(got.badfen.message);
  const rejected = await page.evaluate(() =>
    document
      .getElementById('badfen')
      .ready.then(() => null)
      .catch((e) => e.code),
  );
  expect(rejected).toBe('bad-fen');
  // an unknown format name is told too, and a good position afterwards mends the board
  await page.evaluate(() => document.getElementById('bad').setAttribute('position-format', 'chess'));
  await expect.poll(async () => (await byId()).bad.code).toBe('embed-format');
  await page.evaluate((fen) => {
    const b = document.getElementById('bad');
    b.positionFormat = 'fen';
    b.position = fen;
  }, FEN);
  await expect(page.locator('#bad').getByRole('alert')).toBeHidden();
  // a board that never had a game loads its controller first: its state follows the alert
  await expect
    .poll(async () => {
      const s = await shown(page, 'bad');
      return s && pieces(s);
    })
    .toBe(pieces(start));
  // the other boards are untouched by their neighbours' failures
  expect(await ready(page, 'xgid')).toBe(true);
  expect(errors().filter((e) => !/status of 4\d\d/.test(e))).toEqual([]);
});
