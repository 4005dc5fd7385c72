// Translations: English (always loaded, the fallback) plus the chosen language, loaded on demand.
// The language is the browser's by default, can be switched, and is remembered.
import en from './en.js';

export const LANGUAGES = { en: 'English', ro: 'Română', hu: 'Magyar', bg: 'Български', ru: 'Русский' };
const KEY = 'tabla:lang';
let lang = 'en';
let dict = en;
const loaded = { en };

export function preferredLanguage() {
  try {
    const saved = localStorage.getItem(KEY);
    if (saved && Object.hasOwn(LANGUAGES, saved)) return saved; // never a prototype key
  } catch {
    /* storage may be unavailable */
  }
  for (const l of navigator.languages || [navigator.language || 'en']) {
    const code = String(l).toLowerCase().split('-')[0];
    if (Object.hasOwn(LANGUAGES, code)) return code;
  }
  return 'en';
}

export async function setLanguage(code, { remember = true } = {}) {
  if (!Object.hasOwn(LANGUAGES, code)) code = 'en';
  if (!loaded[code]) loaded[code] = (await import(`./${code}.js`)).default;
  lang = code;
  dict = loaded[code];
  if (remember) {
    try {
      localStorage.setItem(KEY, code);
    } catch {
      /* ignore */
    }
  }
  if (typeof document !== 'undefined') document.documentElement.lang = code;
  globalThis.dispatchEvent?.(new CustomEvent('tabla-language', { detail: { lang: code } }));
  return code;
}

export const language = () => lang;

/** Translate `key`, filling {name} placeholders from `params`. */
export function t(key, params) {
  let s = dict[key] ?? en[key] ?? key;
  if (params) s = s.replace(/\{(\w+)\}/g, (m, k) => (params[k] !== undefined ? String(params[k]) : m));
  return s;
}

/** Plural-aware: looks up `key.one` / `key.few` / `key.many` / `key.other` for the count n. */
export function tn(key, n, params = {}) {
  const rule = new Intl.PluralRules(lang).select(n);
  const k =
    dict[`${key}.${rule}`] !== undefined || en[`${key}.${rule}`] !== undefined ? `${key}.${rule}` : `${key}.other`;
  return t(k, { n, ...params });
}

/** Whether `key` has a text (in the language in use or in English). */
export function has(key) {
  return dict[key] !== undefined || en[key] !== undefined;
}

/**
 * An engine error in words: the package's errors carry a stable `code` (kebab-case) and the
 * fields that matter (`from`, `to`, `phase`, ...); the text is `error.<code>` with those fields as
 * parameters. A field whose value has a text of its own (`phase.roll`, `player.white`, an option
 * key's label `opt.<key>`) is given in words. Only an error without a code we know falls back to its own (English) message.
 */
export function errorText(e) {
  const code = e && typeof e === 'object' ? e.code : undefined;
  if (typeof code !== 'string' || !has(`error.${code}`)) return String(e?.message || e);
  const params = {};
  for (const [k, v] of Object.entries(e)) {
    if (v === null || typeof v === 'object') continue;
    // a field naming an option is given by the option's label
    if (k === 'key' && has(`opt.${v}`)) params[k] = t(`opt.${v}`);
    else params[k] = has(`${k}.${v}`) ? t(`${k}.${v}`) : v;
  }
  return t(`error.${code}`, params);
}
