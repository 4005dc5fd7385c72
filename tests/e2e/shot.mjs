// Dev helper: render fixture states at a few sizes and save PNGs (not part of the test suite).
import { chromium } from 'playwright-core';
import * as S from './fixtures/states.js';
import { VIEWS } from './fixtures/views.js';
const [, , which = 'bg', out = 'artifacts'] = process.argv;
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
for (const [w, h, dpr] of [
  [320, 560, 2],
  [1280, 800, 1],
  [800, 400, 1],
]) {
  const p = await b.newPage({ viewport: { width: w, height: h }, deviceScaleFactor: dpr });
  p.on('console', (m) => console.log('console:', m.text()));
  p.on('pageerror', (e) => console.log('pageerror:', e.message));
  await p.addInitScript(
    ({ S, V }) => {
      window.__states = S;
      window.__views = V;
    },
    { S: { ...S }, V: VIEWS },
  );
  await p.goto('http://127.0.0.1:8123/index.html');
  await p
    .evaluate(
      async ({ which, w, h }) => {
        document.body.style.margin = 0;
        document.body.innerHTML = '';
        const list =
          which === 'bg' ? ['bgStart', 'bgMiddle', 'bgBearOff', 'aceyStart'] : ['draughtsStart', 'draughtsMiddle'];
        const mod = which === 'bg' ? await import('/js/bg/render.js') : await import('/js/draughts/render.js');
        const geo = which === 'bg' ? await import('/js/bg/geometry.js') : await import('/js/draughts/geometry.js');
        const states = window.__states;
        for (const name of list) {
          const c = document.createElement('canvas');
          const dpr = devicePixelRatio;
          c.width = w * dpr;
          c.height = h * dpr;
          c.style.width = `${w}px`;
          c.style.height = `${h}px`;
          c.style.display = 'block';
          document.body.append(c);
          const ctx = c.getContext('2d');
          ctx.scale(dpr, dpr);
          const L = geo.layout(w, h, {});
          const st = states[name];
          const view = window.__views?.[name] || {};
          mod.draw(ctx, L, st, view);
        }
      },
      { which, w, h },
    )
    .catch((e) => console.log(e.message));
  const n = await p.evaluate(() => document.querySelectorAll('canvas').length);
  for (let i = 0; i < n; i++)
    await p
      .locator('canvas')
      .nth(i)
      .screenshot({ path: `${out}/${which}-${w}x${h}-${i}.png` });
  await p.close();
}
await b.close();
