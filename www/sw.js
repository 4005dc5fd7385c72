// tabla's service worker: after one visit the page, scripts, styles, translations and the .wasm
// are all cached, so the games load and play with the network cut.
//
// Updates are clean: files are served from one complete cache generation at a time. A new
// VERSION (or, on a plain check, any precached file that changed on the server, e.g. a rebuilt
// wasm package) is fetched into a new generation in the background; the page is told, and the
// switch happens at the next page load, never in the middle of a running page.
importScripts('pkg/simd.js'); // sets self.tablaSimd

const VERSION = 'v3';
const PREFIX = 'tabla-';
const META = `${PREFIX}meta`;
const PRECACHE = [
  './',
  'index.html',
  'embed.html',
  'manifest.webmanifest',
  'icon.svg',
  'css/app.css',
  'js/app.js',
  'js/tabla-board.js',
  'js/board-style.js',
  'js/engine.js',
  'js/games.js',
  'js/anim.js',
  'js/storage.js',
  'js/worker.js',
  'js/i18n/index.js',
  'js/i18n/en.js',
  'js/i18n/ro.js',
  'js/i18n/hu.js',
  'js/i18n/bg.js',
  'js/i18n/ru.js',
  'js/bg/geometry.js',
  'js/bg/render.js',
  'js/bg/controller.js',
  'js/draughts/geometry.js',
  'js/draughts/render.js',
  'js/draughts/controller.js',
  'pkg/index.js',
  'pkg/tabla.js',
  'pkg/simd.js',
  // The build this browser runs, by the package's own probe (pkg/simd.js, which pkg/index.js uses).
  self.tablaSimd ? 'pkg/tabla_bg.wasm' : 'pkg/tabla_plain_bg.wasm',
];
const url = (p) => new URL(p, self.registration.scope).href;

async function pointer(name, value) {
  const meta = await caches.open(META);
  const key = url(`__${name}`);
  if (value === undefined) {
    const r = await meta.match(key);
    return r ? r.text() : null;
  }
  if (value === null) return meta.delete(key);
  return meta.put(key, new Response(value));
}

/** Fill a new cache generation; resolves to its name once every file that exists is in it. */
async function fill() {
  const name = `${PREFIX}${VERSION}-${Date.now()}`;
  const cache = await caches.open(name);
  await Promise.all(
    PRECACHE.map(async (p) => {
      try {
        // revalidate: a file the page just loaded comes back as a tiny 304 from the HTTP cache
        const res = await fetch(url(p), { cache: 'no-cache' });
        if (res.ok) await cache.put(url(p), res);
      } catch {
        /* a missing file is skipped; the page will say what failed */
      }
    }),
  );
  return name;
}

async function cleanup(keep) {
  for (const k of await caches.keys())
    if (k.startsWith(PREFIX) && k !== META && !keep.includes(k)) await caches.delete(k);
}

self.addEventListener('install', (e) => {
  e.waitUntil(
    (async () => {
      const name = await fill();
      const current = await pointer('current');
      // the very first install has no page to disturb; later ones wait for the next page load
      if (!current) await pointer('current', name);
      else await pointer('pending', name);
      // taking over at once is safe: the worker only serves the current generation
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (e) => {
  e.waitUntil(
    (async () => {
      await self.clients.claim();
    })(),
  );
});

async function promote() {
  const pending = await pointer('pending');
  if (!pending) return;
  await pointer('current', pending);
  await pointer('pending', null);
  await cleanup([pending]);
}

/** Look for files that changed on the server; fetch a new generation if any did. */
async function check() {
  const current = await pointer('current');
  if (!current || (await pointer('pending'))) return false;
  const cache = await caches.open(current);
  let changed = false;
  for (const p of PRECACHE) {
    const old = await cache.match(url(p));
    try {
      const res = await fetch(url(p), { cache: 'no-cache', method: 'HEAD' });
      if (!res.ok) continue;
      const sig = (r) =>
        [r.headers.get('etag'), r.headers.get('last-modified'), r.headers.get('content-length')].join('|');
      if (!old || sig(old) !== sig(res)) {
        changed = true;
        break;
      }
    } catch {
      return false;
    } // offline: nothing to do
  }
  if (!changed) return false;
  await pointer('pending', await fill());
  return true;
}

self.addEventListener('message', (e) => {
  const msg = e.data || {};
  if (msg.type === 'check') {
    e.waitUntil(
      check().then(async (updated) => {
        if (updated || (await pointer('pending')))
          for (const c of await self.clients.matchAll()) c.postMessage({ type: 'updated' });
      }),
    );
  } else if (msg.type === 'skip') {
    e.waitUntil(self.skipWaiting());
  }
});

self.addEventListener('fetch', (e) => {
  const req = e.request;
  if (req.method !== 'GET' || new URL(req.url).origin !== self.location.origin) return;
  e.respondWith(
    (async () => {
      // a page load is the moment to switch to a newer complete generation
      if (req.mode === 'navigate') await promote();
      const current = await pointer('current');
      if (current) {
        const cache = await caches.open(current);
        const hit = await cache.match(req, { ignoreSearch: req.mode === 'navigate' });
        if (hit) return hit;
        if (req.mode === 'navigate') {
          const page = await cache.match(url('index.html'));
          try {
            return await fetch(req);
          } catch {
            if (page) return page;
            throw new Error('offline');
          }
        }
      }
      return fetch(req);
    })(),
  );
});
