// Saved games and settings in localStorage. Invariants: a read never throws and never trusts the
// stored shape (settings are plain own fields; a save is checked before it is used); an unreadable
// save is copied aside and the copy read back before the original may be replaced; a failed write
// is reported to the caller (it returns false), never swallowed.
const PREFIX = 'tabla:';

/** The save versions this page reads; a newer one is refused, not guessed at. */
export const SAVE_VERSIONS = [1];

export function read(key) {
  try {
    const raw = localStorage.getItem(PREFIX + key);
    return raw === null ? null : raw;
  } catch {
    return null;
  }
}

export function readJSON(key) {
  const raw = read(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return { __broken: raw };
  }
}

/**
 * A stored object of settings, with only the own fields of `defaults` whose stored value has the
 * same type (anything else, e.g. `__proto__` or a string where a flag belongs, is ignored).
 */
export function readSettings(key, defaults) {
  const stored = readJSON(key);
  const out = { ...defaults };
  if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return out;
  for (const k of Object.keys(defaults))
    if (Object.hasOwn(stored, k) && typeof stored[k] === typeof defaults[k]) out[k] = stored[k];
  return out;
}

/** Store `value` (a string or JSON); false if the browser refused (quota, private mode). */
export function write(key, value) {
  try {
    localStorage.setItem(PREFIX + key, typeof value === 'string' ? value : JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

export function remove(key) {
  try {
    localStorage.removeItem(PREFIX + key);
  } catch {
    /* ignore */
  }
}

/**
 * Copy an unreadable save out of the way and remove the original: returns the copy's key, or null
 * when the copy could not be written (then the original is left in place, untouched, and the
 * caller must not overwrite it).
 */
export function setAside(key, raw, reason) {
  const aside = `${PREFIX}broken:${key}:${new Date().toISOString()}`;
  try {
    const copy = JSON.stringify({ reason: String(reason || ''), raw });
    localStorage.setItem(aside, copy);
    if (localStorage.getItem(aside) !== copy) return null;
    localStorage.removeItem(PREFIX + key);
    return aside;
  } catch {
    return null;
  }
}

/** The keys of the set-aside copies, oldest first. */
export function asideKeys() {
  const keys = [];
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i);
      if (k?.startsWith(`${PREFIX}broken:`)) keys.push(k);
    }
  } catch {
    /* storage unavailable: none */
  }
  return keys.sort();
}

const isObj = (v) => !!v && typeof v === 'object' && !Array.isArray(v);
const strings = (a) => Array.isArray(a) && a.every((s) => typeof s === 'string');

/**
 * What is wrong with a parsed save's envelope, or null: { reason, game } where reason is one of
 * 'format', 'version', 'game', 'data', 'fields' and game the kind it names (if it names a known
 * one). `games` lists the known game names; `draughts(game)` tells the draughts kind, whose data
 * is { json } or the older { fen0?, moves, pdn? } and nothing else; `levels`, the computer levels
 * a save may name. What the data holds is the engine's to judge (fromJSON, with error codes).
 */
export function checkSave(save, games, draughts, levels) {
  if (!isObj(save) || save.format !== 'tabla-save') return { reason: 'format', game: null };
  const game = games.includes(save.game) ? save.game : null;
  // a version is a whole number from 1: a larger one than this page reads is a newer tabla's,
  // anything else (a string, 0, 1.5, 1e308) is not a version at all
  const version = save.version ?? 1;
  if (!Number.isSafeInteger(version) || version < 1) return { reason: 'fields', game };
  if (!SAVE_VERSIONS.includes(version)) return { reason: 'version', game, version };
  if (!game) return { reason: 'game', game: null };
  if (!isObj(save.data)) return { reason: 'data', game };
  if ('options' in save && save.options !== null && !isObj(save.options)) return { reason: 'fields', game };
  if (save.computer != null && save.computer !== 'white' && save.computer !== 'black')
    return { reason: 'fields', game };
  if (save.level != null && !(levels ? levels.includes(save.level) : typeof save.level === 'string'))
    return { reason: 'fields', game };
  if (draughts(game)) {
    const d = save.data;
    const shaped = d.json
      ? isObj(d.json) || typeof d.json === 'string'
      : strings(d.moves) && (d.fen0 === undefined || typeof d.fen0 === 'string');
    if (!shaped || ('pdn' in d && typeof d.pdn !== 'string')) return { reason: 'data', game };
  }
  return null;
}

// ---- several games ---------------------------------------------------------------------------
// Every game is its own record under `tabla:save:<key>`: the app's games have keys `g:<id>`; the
// single save of older versions (`tabla:save:app`) is one more game of the list, read as it is.
// A record is a tabla save plus `rev` (a counter), `stamp` (unique to one write) and `base` (the
// stamp of the record the writer replaced): a writer that finds a stamp it did not see never
// writes over it, so two tabs never overwrite each other's games.

/** A fresh key for a new game (never one in use). */
export function newGameKey() {
  for (;;) {
    const id = `g:${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
    if (read(`save:${id}`) === null) return id;
  }
}

/** A stamp for one write: unique per writer and write. */
export function stamp(writer, rev) {
  return `${writer}.${rev}`;
}

/** The keys (as the board's `persist` attribute takes them) of every stored game. */
export function gameKeys() {
  const keys = [];
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i);
      if (k?.startsWith(`${PREFIX}save:`)) keys.push(k.slice(`${PREFIX}save:`.length));
    }
  } catch {
    /* storage unavailable: none */
  }
  return keys;
}

/**
 * Every stored game, most recently saved first: { key, raw, save } where `save` is the parsed
 * record when it is a tabla save (its data is not checked here: the engine reads it on resume)
 * and null when it cannot be read at all.
 */
export function listGames() {
  const out = [];
  for (const key of gameKeys()) {
    const raw = read(`save:${key}`);
    if (raw === null) continue;
    let save = null;
    try {
      const v = JSON.parse(raw);
      if (isObj(v) && v.format === 'tabla-save') save = v;
    } catch {
      /* listed as unreadable */
    }
    out.push({ key, raw, save });
  }
  const when = (g) => (typeof g.save?.savedAt === 'string' ? g.save.savedAt : '');
  return out.sort((a, b) => (when(a) < when(b) ? 1 : when(a) > when(b) ? -1 : a.key < b.key ? -1 : 1));
}

/**
 * Write one game's record only if the stored record is the one this writer last saw (`seen`: its
 * stamp, or null for none): 'ok', 'conflict' (another writer's record is there; nothing written)
 * or 'failed' (the browser refused the write, or it did not read back; the old record stays).
 * One setItem of one key: the record is replaced whole or not at all.
 */
export function writeGame(key, save, seen, writer) {
  const k = `save:${key}`;
  const stored = read(k);
  let storedStamp = null;
  let storedRev = 0;
  if (stored !== null) {
    try {
      const v = JSON.parse(stored);
      storedStamp = typeof v?.stamp === 'string' ? v.stamp : null;
      storedRev = Number.isSafeInteger(v?.rev) ? v.rev : 0;
      // a record that is not a tabla save (garbage another writer left) is never written over
      if (!isObj(v) || v.format !== 'tabla-save') storedStamp = '?';
    } catch {
      storedStamp = '?';
    }
    if (storedStamp !== seen) return { result: 'conflict' };
  }
  const rev = storedRev + 1;
  const record = { ...save, rev, stamp: stamp(writer, rev), base: seen };
  const text = JSON.stringify(record);
  if (!write(k, text) || read(k) !== text) return { result: 'failed' };
  return { result: 'ok', stamp: record.stamp, rev };
}

/** Characters stored by tabla in localStorage (keys and values: what the browsers' quota counts). */
export function usedChars() {
  let n = 0;
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i);
      if (k?.startsWith(PREFIX)) n += k.length + (localStorage.getItem(k) || '').length;
    }
  } catch {
    /* unknown: 0 */
  }
  return n;
}

// ---- IndexedDB: where a record too large for localStorage goes ------------------------------
// A game whose record does not fit in localStorage (docs/storage.md: a 200-game money session is
// 46 % of the quota) is written whole to IndexedDB first, and then a stub of it to localStorage:
// the record without `data`, with `spilled: true`, its own rev/stamp/base and summary. The stub
// keeps the list, the Continue button and the two-tab protocol synchronous; reading the game
// reads IndexedDB. Without IndexedDB (or when it fails) the save fails visibly, as before.
const IDB_NAME = 'tabla';
const IDB_STORE = 'records';
let dbOpen = null;

function db() {
  if (!dbOpen)
    dbOpen = new Promise((resolve, reject) => {
      const req = globalThis.indexedDB.open(IDB_NAME, 1);
      req.onupgradeneeded = () => req.result.createObjectStore(IDB_STORE);
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
      req.onblocked = () => reject(new Error('IndexedDB blocked'));
    }).catch((e) => {
      dbOpen = null;
      throw e;
    });
  return dbOpen;
}

async function tx(mode, run) {
  const d = await db();
  return new Promise((resolve, reject) => {
    const t = d.transaction(IDB_STORE, mode);
    const req = run(t.objectStore(IDB_STORE));
    t.oncomplete = () => resolve(req?.result);
    t.onerror = () => reject(t.error);
    t.onabort = () => reject(t.error);
  });
}

/** Whether this browser offers IndexedDB at all (it may still fail: every call is checked). */
export function bigAvailable() {
  try {
    return typeof globalThis.indexedDB?.open === 'function';
  } catch {
    return false;
  }
}

/** The record text kept in IndexedDB for `key`, or null (none, or IndexedDB failed). */
export async function bigRead(key) {
  try {
    const v = await tx('readonly', (s) => s.get(key));
    return typeof v === 'string' ? v : null;
  } catch {
    return null;
  }
}

async function bigWrite(key, text) {
  try {
    await tx('readwrite', (s) => s.put(text, key));
    return (await bigRead(key)) === text;
  } catch {
    return false;
  }
}

async function bigRemove(key) {
  try {
    await tx('readwrite', (s) => s.delete(key));
  } catch {
    /* nothing there, or no IndexedDB */
  }
}

const isStub = (raw) => {
  try {
    const v = JSON.parse(raw);
    return isObj(v) && v.format === 'tabla-save' && v.spilled === true;
  } catch {
    return false;
  }
};

/**
 * The stored text of one game: the localStorage record, or for a stub the whole record from
 * IndexedDB (the stub itself when that is missing: then it is read as unreadable, and set aside).
 */
export async function readGame(key) {
  const raw = read(`save:${key}`);
  if (raw === null || !isStub(raw)) return raw;
  return (await bigRead(key)) ?? raw;
}

/** Remove one game: its record or stub, and what IndexedDB holds of it. */
export function removeGame(key) {
  remove(`save:${key}`);
  if (bigAvailable()) bigRemove(key);
}

/**
 * writeGame for a record localStorage refused: the same check of the stored stamp, then the
 * whole record to IndexedDB (read back), then the stub to localStorage. Resolves like writeGame
 * ({ result: 'ok', stamp, rev, spilled: true } | 'conflict' | 'failed'); on 'failed' nothing
 * stored changed that a reader would take for the game.
 */
export async function spillGame(key, save, seen, writer) {
  if (!bigAvailable()) return { result: 'failed' };
  const k = `save:${key}`;
  const stored = read(k);
  let storedRev = 0;
  if (stored !== null) {
    let storedStamp = '?';
    try {
      const v = JSON.parse(stored);
      if (isObj(v) && v.format === 'tabla-save') storedStamp = typeof v.stamp === 'string' ? v.stamp : null;
      storedRev = Number.isSafeInteger(v?.rev) ? v.rev : 0;
    } catch {
      /* garbage: never written over */
    }
    if (storedStamp !== seen) return { result: 'conflict' };
  }
  const rev = storedRev + 1;
  const record = { ...save, rev, stamp: stamp(writer, rev), base: seen };
  if (!(await bigWrite(key, JSON.stringify(record)))) return { result: 'failed' };
  const { data, ...rest } = record;
  const text = JSON.stringify({ ...rest, data: null, spilled: true });
  // another tab may have written while IndexedDB was busy: its record stays
  if (read(k) !== stored) return { result: 'conflict' };
  if (!write(k, text) || read(k) !== text) return { result: 'failed' };
  return { result: 'ok', stamp: record.stamp, rev, spilled: true };
}
