// What <tabla-board> needs to know of a position or a game shown on somebody's page before any
// of it is read (embed.js, loaded by the board only when it has such data): the attributes, the
// board's mode, the element's properties that mirror them and the embedded look (adopted by every
// board, so that an embedded one is drawn right from its first frame).

/** The attributes of an embedded board, observed by the element. */
export const EMBED_ATTRS = ['position', 'position-format', 'record', 'record-format', 'src', 'mode', 'ply'];

/** The modes: a still diagram, a game to step through, or a game to play on. */
export const MODES = ['view', 'replay', 'play'];

/** The game data a board was given: `{ what: 'position' | 'record', text?, src? }`, or null. */
export function embedData(el) {
  if (el.hasAttribute('position')) return { what: 'position', text: el.getAttribute('position') };
  if (el.hasAttribute('record')) return { what: 'record', text: el.getAttribute('record') };
  if (el.hasAttribute('src')) return { what: 'record', src: el.getAttribute('src') };
  const script = el.querySelector(':scope > script');
  if (script) return { what: 'record', text: script.textContent };
  return null;
}

/**
 * The board's mode: its `mode` attribute, else "view" for a position and "replay" for a game;
 * null for a board with neither (the ordinary board, which plays; `mode` alone changes nothing).
 */
export function modeOf(el) {
  const data = embedData(el);
  if (!data) return null;
  const m = el.getAttribute('mode');
  if (MODES.includes(m)) return m;
  return data.what === 'position' ? 'view' : 'replay';
}

/** An embedded board's look: no toolbar or dialogs for a diagram or a replay, the comment box. */
export const EMBED_STYLE = `
.wrap[data-mode="view"] .tools, .wrap[data-mode="replay"] .tools,
.wrap[data-mode="view"] .panel, .wrap[data-mode="replay"] .panel,
.wrap[data-mode="view"] .side, .wrap[data-mode="replay"] .hintbox,
.wrap[data-mode="replay"] .analysis { display: none !important; }
.wrap[data-mode="replay"].browsing .stage { outline: none; }
.comment { margin-top: 6px; padding: 4px 8px; border-left: 3px solid var(--accent); font-style: italic; }
.comment[hidden] { display: none; }
.comment p { margin: 0 0 4px; }
.embed-error { position: absolute; inset: 0; margin: 0; display: grid; place-items: center; padding: 16px; text-align: center; font-weight: 600; background: var(--panel); color: var(--fg); border-radius: 8px; }
.embed-error[hidden] { display: none; }
.wrap.embed-failed canvas { visibility: hidden; }
`;

let sheet = null;
/** One stylesheet for every embedded board on the page. */
export function embedSheet() {
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(EMBED_STYLE);
  }
  return sheet;
}

/** The element's properties that mirror the attributes: `positionFormat` is `position-format`. */
export function defineEmbedProperties(cls) {
  for (const attr of ['position', 'position-format', 'record', 'record-format', 'src']) {
    const prop = attr.replace(/-(\w)/g, (_, c) => c.toUpperCase());
    Object.defineProperty(cls.prototype, prop, {
      configurable: true,
      get() {
        return this.getAttribute(attr);
      },
      set(v) {
        if (v === null || v === undefined) this.removeAttribute(attr);
        else this.setAttribute(attr, String(v));
      },
    });
  }
  Object.defineProperty(cls.prototype, 'mode', {
    configurable: true,
    get() {
      return modeOf(this);
    },
    set(v) {
      if (v === null || v === undefined) this.removeAttribute('mode');
      else this.setAttribute('mode', String(v));
    },
  });
  Object.defineProperty(cls.prototype, 'ply', {
    configurable: true,
    get() {
      const raw = this.getAttribute('ply');
      return raw === null ? null : raw === 'last' ? 'last' : Number(raw);
    },
    set(v) {
      if (v === null || v === undefined) this.removeAttribute('ply');
      else this.setAttribute('ply', String(v));
    },
  });
}
