// Translations: English (always loaded, the fallback) plus the chosen language, loaded on demand.
// The language is the browser's by default, can be switched, and is remembered.
import en from './en.js';

export const LANGUAGES = { en: 'English', ro: 'Română', hu: 'Magyar', bg: 'Български', ru: 'Русский' };
const KEY = 'tabla:lang';
let lang = 'en';
let dict = en;
/** Whether the page chose its language (setLanguage); until then boards use the reader's. */
let chosen = false;
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

/** Loads the texts of `code` (a key of LANGUAGES, else English) without making it the page's language. */
export async function loadLanguage(code) {
  if (!Object.hasOwn(LANGUAGES, code)) code = 'en';
  if (!loaded[code]) loaded[code] = (await import(`./${code}.js`)).default;
  return code;
}

/** Makes `code` the page's language (the `lang` of the document and the default of every board). */
export async function setLanguage(code, { remember = true } = {}) {
  code = await loadLanguage(code);
  lang = code;
  dict = loaded[code];
  chosen = true;
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
/** The language the page chose with `setLanguage`, or null while it chose none. */
export const pageLanguage = () => (chosen ? lang : null);

/**
 * The texts of one language, already loaded (`loadLanguage`): `{ lang, t, tn, has, errorText }`,
 * functions that need no `this`. A board with its own `lang` attribute translates with these, so
 * that one board's language never changes the page or another board.
 */
export function translator(code) {
  const d = () => (code === undefined ? dict : (loaded[code] ?? en));
  const l = () => (code === undefined ? lang : loaded[code] ? code : 'en');
  /** Translate `key`, filling {name} placeholders from `params`. */
  const t = (key, params) => {
    let s = d()[key] ?? en[key] ?? key;
    if (params) s = s.replace(/\{(\w+)\}/g, (m, k) => (params[k] !== undefined ? String(params[k]) : m));
    return s;
  };
  /** Plural-aware: looks up `key.one` / `key.few` / `key.many` / `key.other` for the count n. */
  const tn = (key, n, params = {}) => {
    const rule = new Intl.PluralRules(l()).select(n);
    const k =
      d()[`${key}.${rule}`] !== undefined || en[`${key}.${rule}`] !== undefined ? `${key}.${rule}` : `${key}.other`;
    return t(k, { n, ...params });
  };
  /** Whether `key` has a text (in the language in use or in English). */
  const has = (key) => d()[key] !== undefined || en[key] !== undefined;
  /**
   * An engine error in words: the package's errors carry a stable `code` (kebab-case) and the
   * fields that matter (`from`, `to`, `phase`, ...); the text is `error.<code>` with those fields as
   * parameters. A field whose value has a text of its own (`phase.roll`, `player.white`, an option
   * key's label `opt.<key>`) is given in words. Only an error without a code we know falls back to its own (English) message.
   */
  const errorText = (e) => {
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
  };
  return {
    get lang() {
      return l();
    },
    t,
    tn,
    has,
    errorText,
  };
}

/** The page's language (`setLanguage`), whatever it is when called. */
const page = translator(undefined);
export const { t, tn, has, errorText } = page;
