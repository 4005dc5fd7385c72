// tabla's service worker: after one visit the pages, scripts, styles, translations and the .wasm
// modules this browser runs (the rules module of each game family and one build of the full
// module) are cached, so the games load and play with the network cut.
//
// Invariants:
// - The files are one versioned set, listed with their SHA-256 in precache.json (written by
//   scripts/precache.mjs at build time from the files the pages load). A generation is a cache
//   named after the set's version; it becomes `ready` only when every listed file was fetched and
//   its hash matched. A failed or mismatched file (a half-finished deploy: new glue, old .wasm)
//   discards the generation; the old one stays in use and the next check tries again.
// - Every page is bound to one generation when it is loaded (a navigation takes the newest ready
//   one) and everything that page and its workers fetch later comes from that generation, so a
//   running tab never mixes files of two deploys, whatever other tabs do. A generation is deleted
//   only when no live page uses it and it is not the ready one.
// - A page bound to an older generation than the ready one is told ({type:'updated'}); a reload
//   of that page switches it. Each tab is told separately.
const PREFIX = 'tabla-';
const META = `${PREFIX}meta`;
const MANIFEST = 'precache.json';
// a page's binding younger than this is kept even if the page is not listed yet (it is loading)
const GRACE_MS = 60_000;

// The full module comes in two builds (pkg/index.js loads the SIMD one where it runs, else the
// plain one); the probe is the package's own (pkg/simd.js), so this browser's pages and workers
// load only the build named here, and the other is not fetched (it would double the first visit).
importScripts('pkg/simd.js');
const OTHER_BUILD = self.tablaSimd ? 'pkg/tabla_plain_bg.wasm' : 'pkg/tabla_bg.wasm';

const url = (p) => new URL(p, self.registration.scope).href;

async function metaGet(name) {
  const r = await (await caches.open(META)).match(url(`__${name}`));
  return r ? r.text() : null;
}
async function metaSet(name, value) {
  const meta = await caches.open(META);
  if (value === null) return meta.delete(url(`__${name}`));
  return meta.put(url(`__${name}`), new Response(value));
}

const hex = (buf) => [...new Uint8Array(buf)].map((b) => b.toString(16).padStart(2, '0')).join('');

/** The set the server offers now, or null (offline, missing, malformed). */
async function manifest() {
  try {
    const res = await fetch(url(MANIFEST), { cache: 'no-store' });
    if (!res.ok) return null;
    const m = await res.json();
    if (typeof m?.version !== 'string' || !m.files || typeof m.files !== 'object') return null;
    return m;
  } catch {
    return null;
  }
}

/**
 * Fetch the set `m` into the generation `tabla-<version>`; resolves to its name when every file
 * (but the full module's build this browser does not run) arrived with its listed hash, or to
 * null after deleting the partial generation.
 */
async function fill(m) {
  const name = `${PREFIX}${m.version}`;
  if ((await metaGet(`complete:${name}`)) && (await caches.has(name))) return name;
  await caches.delete(name);
  const cache = await caches.open(name);
  try {
    await Promise.all(
      Object.entries(m.files)
        .filter(([p]) => p !== OTHER_BUILD)
        .map(async ([p, want]) => {
          const res = await fetch(url(p), { cache: 'no-cache' });
          if (!res.ok) throw new Error(`${p}: HTTP ${res.status}`);
          const body = await res.arrayBuffer();
          const got = hex(await crypto.subtle.digest('SHA-256', body));
          if (got !== want) throw new Error(`${p}: content does not match the set ${m.version}`);
          const headers = { 'Content-Type': res.headers.get('Content-Type') || '' };
          await cache.put(url(p), new Response(body, { headers }));
          if (p === 'index.html') await cache.put(url('./'), new Response(body, { headers }));
        }),
    );
  } catch (err) {
    await caches.delete(name);
    console.warn('tabla service worker: update not taken:', err?.message || err);
    return null;
  }
  await metaSet(`complete:${name}`, '1');
  return name;
}

// the update running in this worker, if any: a request that finds no ready generation yet (the
// very first visit, still filling) waits for it rather than failing offline
let updating = null;

/** Look for a newer set on the server; make it the ready generation once complete. */
function update() {
  if (!updating)
    updating = doUpdate().finally(() => {
      updating = null;
    });
  return updating;
}

async function doUpdate() {
  const m = await manifest();
  if (!m) return metaGet('ready');
  const ready = await metaGet('ready');
  if (ready === `${PREFIX}${m.version}`) return ready;
  const name = await fill(m);
  if (name) await metaSet('ready', name);
  return name || ready;
}

async function binding(clientId) {
  const raw = clientId ? await metaGet(`client:${clientId}`) : null;
  try {
    return raw ? JSON.parse(raw).gen : null;
  } catch {
    return null;
  }
}
const bind = (clientId, gen) =>
  clientId && gen && metaSet(`client:${clientId}`, JSON.stringify({ gen, t: Date.now() }));

/** Forget the bindings of closed pages and delete generations nobody uses. */
async function prune() {
  const live = new Set((await self.clients.matchAll({ includeUncontrolled: true, type: 'all' })).map((c) => c.id));
  const meta = await caches.open(META);
  const used = new Set([await metaGet('ready')]);
  for (const req of await meta.keys()) {
    const key = new URL(req.url).pathname.split('/').pop();
    if (!key.startsWith('__client:')) continue;
    const id = key.slice('__client:'.length);
    let b = null;
    try {
      b = JSON.parse(await (await meta.match(req)).text());
    } catch {
      /* unreadable binding: dropped below */
    }
    if (b && (live.has(id) || Date.now() - b.t < GRACE_MS)) used.add(b.gen);
    else await meta.delete(req);
  }
  for (const k of await caches.keys()) {
    if (k.startsWith(PREFIX) && k !== META && !used.has(k)) {
      await caches.delete(k);
      await metaSet(`complete:${k}`, null);
    }
  }
}

/** Tell every page bound to an older generation than the ready one. */
async function announce() {
  const ready = await metaGet('ready');
  if (!ready) return;
  for (const c of await self.clients.matchAll({ type: 'window' })) {
    if ((await binding(c.id)) !== ready) c.postMessage({ type: 'updated' });
  }
}

self.addEventListener('install', (e) => {
  e.waitUntil(
    (async () => {
      await update();
      // taking over at once is safe: each page keeps the generation it was loaded from
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (e) => {
  e.waitUntil(
    (async () => {
      await self.clients.claim();
      // pages loaded from the network before this worker existed run today's ready set
      const ready = await metaGet('ready');
      for (const c of await self.clients.matchAll({ includeUncontrolled: true, type: 'all' }))
        if (!(await binding(c.id))) await bind(c.id, ready);
      await prune();
    })(),
  );
});

self.addEventListener('message', (e) => {
  if (e.data?.type === 'check') e.waitUntil(update().then(announce).then(prune));
});

async function serve(e) {
  const req = e.request;
  if (updating && !(await metaGet('ready'))) await updating;
  let gen;
  if (req.mode === 'navigate') {
    gen = await metaGet('ready');
    await bind(e.resultingClientId, gen);
  } else {
    gen = await binding(e.clientId);
    if (!gen) {
      // a page loaded before this worker took control: from now on it keeps today's generation
      gen = await metaGet('ready');
      await bind(e.clientId, gen);
    }
    // a worker started by a page shares the page's generation
    if (e.resultingClientId) await bind(e.resultingClientId, gen);
  }
  if (gen && (await caches.has(gen))) {
    const cache = await caches.open(gen);
    const hit = await cache.match(req, { ignoreSearch: req.mode === 'navigate' });
    if (hit) return hit;
    if (req.mode === 'navigate') {
      try {
        return await fetch(req);
      } catch {
        const page = await cache.match(url('index.html'));
        if (page) return page;
        throw new Error('offline');
      }
    }
  }
  return fetch(req);
}

self.addEventListener('fetch', (e) => {
  const req = e.request;
  if (req.method !== 'GET' || new URL(req.url).origin !== self.location.origin) return;
  if (new URL(req.url).pathname.endsWith(`/${MANIFEST}`)) return;
  e.respondWith(serve(e));
});
