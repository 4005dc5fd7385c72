// The computer's backgammon turn at "master" with animations on: how long it takes, from the moment
// the turn passes to it until the player can act again, and whether what it shows is what the
// engine played. The times are printed (a benchmark figure for this machine); the only bound is a
// generous sanity cap.
import { test, expect } from '@playwright/test';
import { watchErrors, boardState, submitSetup } from './helpers.js';

test.use({ serviceWorkers: 'block' });

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => {
    if (!sessionStorage.getItem('init')) {
      sessionStorage.setItem('init', '1');
      localStorage.setItem('tabla:settings', '{"animations":true}');
      localStorage.setItem('tabla:lang', 'en');
    }
  });
});

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2) : NaN;
};

/** A backgammon game against the computer at master (the player White), from the home page. */
async function startMaster(page) {
  await page.goto('/index.html?seed=7');
  await page.locator('input[name="game"][value="backgammon"]').check();
  await expect(page.locator('#opp-computer')).toBeEnabled();
  await page.locator('#opp-computer').check();
  await page.locator('select[name="human"]').selectOption('white');
  await page.locator('select[name="level"]').selectOption('master');
  await submitSetup(page);
  await page.waitForFunction(() => window.tabla.board.state && window.tabla.board.game === 'backgammon');
  expect(await page.evaluate(() => window.tabla.board.level)).toBe('master');
}

/**
 * In the page: the player (White) rolls and plays its first legal play, `count` times; each
 * computer turn after it is timed (from the player's play until the player can act again) with
 * its parts, and what the board shows is compared with the engine.
 */
async function playTurns(count) {
  const b = window.tabla.board;
  const c = b.ctrl;
  const human = 'white';
  const frame = () => new Promise((r) => requestAnimationFrame(r));
  const idle = () => !c.busy && !b._thinking && !c.rolling && !c.view?.floating;
  // instrumentation: the worker's answers, the dice tumble and every checker slide, timed
  let log = null;
  const timed = (name, fn) =>
    async function (...args) {
      const t = performance.now();
      try {
        return await fn.apply(this, args);
      } finally {
        if (log) log.spans.push({ name, kind: args[0]?.kind, start: t, end: performance.now(), args });
      }
    };
  b.ai = timed('ai', b.ai.bind(b));
  const origAi = b.ai;
  b.ai = async (req) => {
    const r = await origAi(req);
    if (log && req.kind === 'bg') log.answers.push(r);
    return r;
  };
  c.tumble = timed('tumble', c.tumble.bind(c));
  c.slide = timed('slide', c.slide.bind(c));
  const waitUntil = async (pred, ms = 20_000) => {
    const until = performance.now() + ms;
    while (!pred()) {
      if (performance.now() > until) throw new Error(`stuck: ${JSON.stringify(b.state.phase)} ${b.state.turn}`);
      await frame();
    }
  };
  const out = [];
  for (let guard = 0; out.length < count && guard < 60; guard++) {
    await waitUntil(() => idle() && (b.state.phase === 'game-over' || c.humanTurn()));
    const st = b.state;
    if (st.phase === 'game-over') break;
    if (st.phase === 'cube-decision') {
      b.act('take');
      continue;
    }
    if (st.phase === 'opening' || st.phase === 'roll') {
      await b.roll();
      continue;
    }
    // the player's move: the first legal play, then the turn passes to the computer
    const plays = b.engine.legalPlays();
    log = { spans: [], answers: [] };
    const t0 = performance.now();
    if (plays.length && plays[0].steps.length) b.play(plays[0].steps);
    else b.confirm();
    if (b.state.turn === human) {
      log = null;
      continue;
    }
    await waitUntil(() => idle() && (b.state.phase === 'game-over' || c.humanTurn()));
    const t1 = performance.now();
    const eng = b.engine.state();
    const lp = eng.lastPlay;
    const sum = (n, k) =>
      log.spans.filter((s) => s.name === n && (!k || s.kind === k)).reduce((a, s) => a + s.end - s.start, 0);
    // how long the turn waited for the worker's play beyond the dice animation it may overlap
    const think = log.spans.find((s) => s.name === 'ai' && s.kind === 'bg');
    const tumble = log.spans.find((s) => s.name === 'tumble');
    const waited = think ? Math.max(0, think.end - Math.max(think.start, tumble ? tumble.end : 0)) : 0;
    const total = t1 - t0;
    out.push({
      total,
      waited,
      rest: total - waited - sum('ai') + sum('ai', 'bg') - sum('tumble') - sum('slide'),
      think: sum('ai', 'bg'),
      otherAi: sum('ai') - sum('ai', 'bg'),
      dice: sum('tumble'),
      checkers: sum('slide'),
      slides: log.spans.filter((s) => s.name === 'slide').map((s) => ({ from: s.args[1], to: s.args[2] })),
      answer: log.answers[0] ? { notation: log.answers[0].notation, steps: log.answers[0].steps } : null,
      lastPlay: lp ? { player: lp.player, notation: lp.notation } : null,
      phase: eng.phase,
      doubled: eng.phase !== 'roll',
      // what the board draws is the engine's state: its own copy, no checker still floating
      shownIsEngine: JSON.stringify(c.state) === JSON.stringify(eng) && !c.view?.floating && !c.rolling,
    });
    log = null;
  }
  return out;
}

/** The computer's turns that were plays (not a double, not the game's end): the engine's, shown. */
function checkPlays(turns) {
  const played = turns.filter((t) => !t.doubled && t.phase !== 'game-over');
  expect(played.length).toBeGreaterThanOrEqual(Math.min(3, turns.length));
  for (const t of played) {
    expect(t.shownIsEngine).toBe(true);
    expect(t.lastPlay.player).toBe('black');
    if (t.answer) {
      // the checkers that moved on the board are the engine's play, step by step
      expect(t.slides).toEqual(t.answer.steps.map((s) => ({ from: s.from, to: s.to })));
      expect(t.lastPlay.notation).toBe(t.answer.notation);
    }
    expect(t.total).toBeLessThan(5000); // a sanity cap, not a benchmark
  }
  return played;
}

function report(label, played) {
  const r = (k) => Math.round(median(played.map((t) => t[k])));
  console.log(
    `computer turn at master ${label}, median of ${played.length}: total ${r('total')} ms ` +
      `(worker's think ${r('think')}, of it waited for after the dice ${r('waited')}; other AI requests ${r('otherAi')}; ` +
      `dice ${r('dice')}; checkers ${r('checkers')}; pauses and the rest ${r('rest')}); ` +
      `totals ${played.map((t) => Math.round(t.total)).join(', ')}; waited ${played.map((t) => Math.round(t.waited)).join(', ')}; ` +
      `other AI requests ${played.map((t) => Math.round(t.otherAi)).join(', ')}`,
  );
}

test('computer turns at master with animations: the engine’s moves, shown, and how long they take', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const errors = watchErrors(page);
  await startMaster(page);
  expect(await page.evaluate(() => window.tabla.board.motion)).toBe(true);
  const turns = await page.evaluate(playTurns, 7);
  const played = checkPlays(turns);
  expect(played.length).toBeGreaterThanOrEqual(5);
  for (const t of played) if (t.answer?.steps.length) expect(t.checkers).toBeGreaterThan(0);
  report('with animations', played);
  expect(errors()).toEqual([]);
});

test('computer turns at master with reduced motion: nothing animates, the same engine’s moves', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await startMaster(page);
  expect(await page.evaluate(() => window.tabla.board.motion)).toBe(false);
  const turns = await page.evaluate(playTurns, 4);
  const played = checkPlays(turns);
  for (const t of played) expect(t.dice + t.checkers).toBeLessThan(50); // no tumble, no slide
  report('with reduced motion', played);
  expect(errors()).toEqual([]);
});

test('a roll the computer cannot play is said and seen before the turn passes', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/index.html?seed=7');
  await page.locator('input[name="game"][value="backgammon"]').check();
  await page.locator('#opp-computer').check();
  await page.locator('select[name="human"]').selectOption('black');
  await submitSetup(page);
  await page.waitForFunction(() => window.tabla.board.state && window.tabla.board.game === 'backgammon');
  // White (the computer) on roll with a checker on the bar against Black's closed board
  await page.getByRole('button', { name: 'Import' }).click();
  await page.getByRole('textbox', { name: 'Import a game' }).fill('27YBBwDg/wcAQA');
  // when the page first says it (in the page: the test's polling would come late on a loaded machine)
  await page.evaluate(() => {
    const root = document.querySelector('#board').shadowRoot;
    window.__noMoveAt = null;
    const seen = () => {
      if (window.__noMoveAt === null && root.querySelector('.status')?.textContent.includes('White cannot move'))
        window.__noMoveAt = performance.now();
    };
    new MutationObserver(seen).observe(root, { subtree: true, childList: true, characterData: true });
  });
  await page.getByRole('button', { name: 'Load' }).click();
  const status = page.locator('#board .status');
  await expect(status).toContainText('White cannot move');
  await page.waitForFunction(() => window.tabla.board.state.turn === 'black', null, { timeout: 10_000, polling: 10 });
  // its dice were on the board for a while (COMPUTER_MS.noMove), not a flicker
  expect(await page.evaluate(() => performance.now() - window.__noMoveAt)).toBeGreaterThan(300);
  const st = await boardState(page);
  expect(st.phase).toBe('roll');
  expect(st.bar.white).toBe(1);
  expect(errors()).toEqual([]);
});
