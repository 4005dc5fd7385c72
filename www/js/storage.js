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
 * is { json } or the older { fen0?, moves, pdn? } and nothing else.
 */
export function checkSave(save, games, draughts) {
  if (!isObj(save) || save.format !== 'tabla-save') return { reason: 'format', game: null };
  const game = games.includes(save.game) ? save.game : null;
  if (!SAVE_VERSIONS.includes(save.version ?? 1)) return { reason: 'version', game, version: save.version };
  if (!game) return { reason: 'game', game: null };
  if (!isObj(save.data)) return { reason: 'data', game };
  if ('options' in save && save.options !== null && !isObj(save.options)) return { reason: 'fields', game };
  if (save.computer != null && save.computer !== 'white' && save.computer !== 'black')
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
