// Saved games in localStorage: one slot per key; an unreadable save is set aside, never a crash.
const PREFIX = 'tabla:';

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

/** Move an unreadable save out of the way (kept under another key) and return that key. */
export function setAside(key, raw, reason) {
  const aside = `broken:${key}:${new Date().toISOString()}`;
  try {
    localStorage.setItem(PREFIX + aside, JSON.stringify({ reason: String(reason || ''), raw }));
    localStorage.removeItem(PREFIX + key);
  } catch {
    /* ignore */
  }
  return PREFIX + aside;
}
