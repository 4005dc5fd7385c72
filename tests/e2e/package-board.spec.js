// <tabla-board> as the npm package ships it (`import 'tabla/board'`, pkg/board.js), loaded by a
// page on one origin from the package on another (a CDN's case): the element, its engine and
// its computer opponent's worker all come from the package's origin. Two local servers: the
// page's, and the package's (pkg/, with CORS as a CDN sends it).
import { test, expect } from '@playwright/test';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';

const PKG = new URL('../../pkg', import.meta.url).pathname;
if (!existsSync(join(PKG, 'board.js'))) {
  throw new Error('pkg/board.js is missing: the package tests run against the real package (bash scripts/build.sh)');
}
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
};

/** A static server of `dir` on 127.0.0.1:`port` (0: a free one); `pages` answer paths first. */
async function serve({ dir, pages = new Map(), cors = false, port = 0 }) {
  const log = [];
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname));
    log.push(path);
    const head = cors ? { 'Access-Control-Allow-Origin': '*' } : {};
    if (pages.has(path)) {
      res.writeHead(200, { 'Content-Type': TYPES['.html'], ...head }).end(pages.get(path));
      return;
    }
    const file = dir && join(dir, path);
    if (!file?.startsWith(dir) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404, head).end('not found');
      return;
    }
    res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream', ...head });
    res.end(readFileSync(file));
  });
  await new Promise((r) => server.listen(port, '127.0.0.1', r));
  return { origin: `http://127.0.0.1:${server.address().port}`, log, close: () => server.close() };
}

let cdn;
let site;
const pages = new Map();
test.beforeAll(async () => {
  cdn = await serve({ dir: PKG, cors: true, port: Number(process.env.TABLA_E2E_PORT2 || 0) });
  site = await serve({ pages });
});
test.afterAll(() => {
  cdn?.close();
  site?.close();
});

/** A page on the site's origin with `body`, the board module imported from the package's origin. */
function page(name, body, { lang = 'en' } = {}) {
  pages.set(
    `/${name}.html`,
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${name}</title><link rel="icon" href="data:,">
<script>window.readyEvents = []; document.addEventListener('ready', (e) => readyEvents.push(e.target.state !== null));</script>
<script type="module">import '${cdn.origin}/board.js';</script></head><body>${body}</body></html>`,
  );
  return `${site.origin}/${name}.html`;
}

function watch(p) {
  const errors = [];
  p.on('pageerror', (e) => errors.push(e.message));
  p.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  return errors;
}

test('ready resolves only when the board is playable (state set, play() works at once)', async ({ page: p }) => {
  const errors = watch(p);
  await p.goto(page('ready', '<tabla-board game="russian-draughts" animation="off"></tabla-board>'));
  const r = await p.evaluate(async () => {
    await customElements.whenDefined('tabla-board');
    const b = document.querySelector('tabla-board');
    await b.ready;
    // the event came with a game on the board (recorded by the page's first script)
    const events = window.readyEvents;
    const state = b.state;
    const move = b.engine.legalMoves()[0].notation;
    b.play(move);
    return { state: state?.turn, turnAfter: b.state.turn, move, events };
  });
  expect(r.state).toBe('white');
  expect(r.turnAfter).toBe('black');
  expect(r.events).toEqual([true]);
  expect(errors).toEqual([]);
  // the element, its modules and the engine (the rules module the board plays on) all came from
  // the package's origin
  expect(cdn.log).toEqual(
    expect.arrayContaining(['/board.js', '/board/tabla-board.js', '/rules.js', '/tabla_rules_bg.wasm']),
  );
});

test('the computer opponent answers when the page, the package and the worker are on different origins', async ({
  page: p,
}) => {
  const errors = watch(p);
  await p.goto(
    page(
      'computer',
      '<tabla-board game="russian-draughts" computer="black" level="beginner" animation="off"></tabla-board>',
    ),
  );
  const r = await p.evaluate(async () => {
    await customElements.whenDefined('tabla-board');
    const b = document.querySelector('tabla-board');
    await b.ready;
    const failed = [];
    b.addEventListener('ai-failed', (e) => failed.push(e.detail.message));
    b.addEventListener('error', (e) => failed.push(e.detail.message));
    const answered = new Promise((resolve) =>
      b.addEventListener('move', (e) => e.detail.player === 'black' && resolve(e.detail.notation)),
    );
    b.play(b.engine.legalMoves()[0].notation);
    const reply = await Promise.race([answered, new Promise((r) => setTimeout(() => r(null), 30_000))]);
    return { reply, failed, turn: b.state.turn, page: location.origin };
  });
  expect(r.failed).toEqual([]);
  expect(r.reply).toMatch(/^[a-h][1-8][-:x][a-h][1-8]/);
  expect(r.turn).toBe('white');
  expect(errors).toEqual([]);
  expect(cdn.log).toContain('/board/worker.js');
  expect(new URL(cdn.origin).origin).not.toBe(r.page);
});

test('a blog’s two lines from the package on a CDN: a diagram and a replay, no worker, nothing stored', async ({
  page: p,
}) => {
  const errors = watch(p);
  const before = cdn.log.length;
  await p.goto(
    page(
      'embedded',
      `<tabla-board id="d" position="XGID=-aa--CCBCa--ca---a-c-bb-CA:0:0:1:52:0:0:0:0:10"></tabla-board>
<tabla-board id="r" record="{Opening.} 1. c3-d4 f6-g5 {Flank.} 2. b2-c3 *"></tabla-board>`,
    ),
  );
  const r = await p.evaluate(async () => {
    await customElements.whenDefined('tabla-board');
    const [d, r] = [document.getElementById('d'), document.getElementById('r')];
    await Promise.all([d.ready, r.ready]);
    r.browse('next');
    r.browse('next');
    return {
      modes: [d.mode, r.mode],
      dice: d.shownState.dice,
      plies: r.shownState.history.length,
      comment: r.shadowRoot.querySelector('.comment').textContent,
      status: r.shadowRoot.querySelector('.status').textContent,
      stored: Object.keys(localStorage),
    };
  });
  expect(r.modes).toEqual(['view', 'replay']);
  expect(r.dice).toEqual([5, 2]);
  expect(r.status).toBe('Move 2 of 3: f6-g5');
  expect(r.plies).toBe(2);
  expect(r.comment).toBe('Flank.');
  expect(r.stored).toEqual([]);
  expect(errors).toEqual([]);
  // the embedding module came from the package; no computer worker was fetched
  const fetched = cdn.log.slice(before);
  expect(fetched).toContain('/board/embed.js');
  expect(fetched).not.toContain('/board/worker.js');
});

test('lang is per board: two boards in two languages, the page and each other untouched', async ({ page: p }) => {
  const errors = watch(p);
  await p.goto(
    page(
      'lang',
      `<tabla-board id="ro" lang="ro" game="russian-draughts" animation="off"></tabla-board>
       <tabla-board id="hu" lang="hu" game="backgammon" animation="off"></tabla-board>
       <tabla-board id="plain" game="russian-draughts" animation="off"></tabla-board>`,
      { lang: 'de' },
    ),
  );
  const r = await p.evaluate(async (cdn) => {
    await customElements.whenDefined('tabla-board');
    const boards = [...document.querySelectorAll('tabla-board')];
    await Promise.all(boards.map((b) => b.ready));
    const dict = async (code) => (await import(`${cdn}/board/i18n/${code}.js`)).default;
    const [ro, hu, en] = await Promise.all(['ro', 'hu', 'en'].map(dict));
    const nav = (b) => b.shadowRoot.querySelector('.nav button[data-nav="first"]').getAttribute('aria-label');
    const label = (b) => b.canvas.getAttribute('aria-label');
    const out = {
      page: document.documentElement.lang,
      ro: { nav: nav(boards[0]), wrap: boards[0].shadowRoot.querySelector('.wrap').lang, want: ro['nav.first'] },
      hu: { label: label(boards[1]), want: hu['a11y.board'].replace('{game}', hu['game.backgammon']) },
      plain: { nav: nav(boards[2]), want: en['nav.first'] },
    };
    // changing one board's language changes only that board
    boards[0].setAttribute('lang', 'ru');
    const ru = await dict('ru');
    await new Promise((r) => setTimeout(r, 300));
    out.after = {
      ro: nav(boards[0]),
      want: ru['nav.first'],
      plain: nav(boards[2]),
      page: document.documentElement.lang,
    };
    return out;
  }, cdn.origin);
  expect(r.page).toBe('de');
  expect(r.ro.nav).toBe(r.ro.want);
  expect(r.ro.wrap).toBe('ro');
  expect(r.hu.label).toBe(r.hu.want);
  // a board without lang speaks the reader's language (English here), not another board's
  expect(r.plain.nav).toBe(r.plain.want);
  expect(r.after.ro).toBe(r.after.want);
  expect(r.after.plain).toBe(r.plain.want);
  expect(r.after.page).toBe('de');
  expect(errors).toEqual([]);
});

test('controls="none": the host page finishes a backgammon turn (actions() / confirm(), or a click on the dice)', async ({
  page: p,
}) => {
  const errors = watch(p);
  await p.goto(
    page(
      'controls',
      `<tabla-board game="backgammon" controls="none" animation="off" options='{"seed":7}' style="display:block;width:800px;height:520px"></tabla-board>`,
    ),
  );
  await p.evaluate(async () => {
    await customElements.whenDefined('tabla-board');
    await document.querySelector('tabla-board').ready;
  });
  // no toolbar is shown
  await expect(p.getByRole('toolbar')).toBeHidden();
  const geometry = `${cdn.origin}/board/bg/geometry.js`;
  /** Click the centre of a backgammon location, computed by the board's own geometry. */
  const clickLoc = async (loc) => {
    const xy = await p.evaluate(
      async ({ loc, geometry }) => {
        const b = document.querySelector('tabla-board');
        const geo = await import(geometry);
        const c = geo.locCentre(b.layout, loc, b.state);
        const r = b.canvas.getBoundingClientRect();
        return { x: r.left + c.x, y: r.top + c.y };
      },
      { loc, geometry },
    );
    await p.mouse.click(xy.x, xy.y);
  };
  const locOf = (player, n) =>
    n === 0 ? { kind: 'tray', side: player } : { kind: 'point', n: player === 'white' ? n : 25 - n };
  /** The first legal play made with the mouse, checker by checker. */
  const moveByMouse = async () => {
    for (;;) {
      const s = await p.evaluate(() => {
        const b = document.querySelector('tabla-board');
        return { step: b.engine.legalSteps()[0] ?? null, turn: b.state.turn, bar: b.state.bar };
      });
      if (!s.step) return;
      expect(s.step.from).not.toBe(25); // no checker is on the bar this early with seed 7
      await clickLoc(locOf(s.turn, s.step.from));
      await clickLoc(locOf(s.turn, s.step.to));
    }
  };
  const actions = () => p.evaluate(() => document.querySelector('tabla-board').actions());

  // The opening roll, from the host page.
  await p.evaluate(() => document.querySelector('tabla-board').roll());
  await p.waitForFunction(() => document.querySelector('tabla-board').state.phase === 'move');
  const first = await p.evaluate(() => document.querySelector('tabla-board').state.turn);
  expect((await actions()).find((a) => a.id === 'confirm')).toMatchObject({ disabled: true });
  await moveByMouse();
  // the actions list says Confirm is now offered, and the `actions` event told the page so
  expect((await actions()).find((a) => a.id === 'confirm')).toMatchObject({ disabled: false, label: 'Confirm' });
  const moved = await p.evaluate(() => {
    const b = document.querySelector('tabla-board');
    const seen = new Promise((r) => b.addEventListener('move', (e) => r(e.detail.player), { once: true }));
    return b.confirm() ? seen : 'refused';
  });
  expect(moved).toBe(first);
  const second = await p.evaluate(() => document.querySelector('tabla-board').state);
  expect(second.turn).not.toBe(first);
  expect(second.phase).toBe('roll');

  // The second turn: rolled with act('roll'), ended by a click on the dice.
  expect(await p.evaluate(() => document.querySelector('tabla-board').act('roll'))).toBe(true);
  await p.waitForFunction(() => document.querySelector('tabla-board').state.phase === 'move');
  await moveByMouse();
  const dice = await p.evaluate(() => {
    const b = document.querySelector('tabla-board');
    const [c] = b.layout.dice.slots(b.state.turn, 1);
    const r = b.canvas.getBoundingClientRect();
    return { x: r.left + c.x, y: r.top + c.y };
  });
  await p.mouse.click(dice.x, dice.y);
  await p.waitForFunction((t) => document.querySelector('tabla-board').state.turn === t, first);
  expect(await p.evaluate(() => document.querySelector('tabla-board').state.phase)).toBe('roll');
  expect(await p.evaluate(() => document.querySelector('tabla-board').act('confirm'))).toBe(false);
  expect(errors).toEqual([]);
});
