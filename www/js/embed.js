// A position or a game shown by a <tabla-board> on somebody's page (a blog's diagram, an
// annotated game): the attributes `position` (a gnubg Position ID, an XGID or a draughts FEN),
// `record` / `src` / a child <script type="text/plain"> (a game: PDN, .mat, .sgf, a tabla save or
// a game link), their `position-format` / `record-format`, `mode` ("view" | "replay" | "play") and
// `ply`. The engine reads every text (games.js importers, LinkSession.read,
// RussianDraughts.pdnComments); this module only picks the data, asks the engine and draws the
// replay's extras (status line, comment). A game by link is read by the full module and reaches
// the board as the engine's own save of it (mode "play" plays on with dice of its own). The
// reference: js/README.md, "Showing a position or a game".
import { kindForText, kindOf } from './games.js';
import { loadFullEngine } from './engine.js';
import { embedData } from './embed-attrs.js';

// the part the board loads with itself (embed-attrs.js), here too for the users of this module
export {
  EMBED_ATTRS,
  MODES,
  embedData,
  modeOf,
  EMBED_STYLE,
  embedSheet,
  defineEmbedProperties,
} from './embed-attrs.js';

/** The formats `position-format` and `record-format` name, each read by one engine call. */
const READERS = {
  gnubg: (M, text, opts) => M.Backgammon.fromGnubg(text, opts.bg),
  xgid: (M, text, opts) => M.Backgammon.fromXgid(text, opts.bg),
  fen: (M, text, opts) => M.RussianDraughts.fromFen(text, opts.ru),
  pdn: (M, text, opts) => firstPdnGame(M, text, opts.ru),
  mat: (M, text) => M.Backgammon.fromMat(text),
  sgf: (M, text) => M.Backgammon.fromSgf(text),
  link: (M, text) => M.LinkSession.read(text),
};
const POSITION_FORMATS = ['gnubg', 'xgid', 'fen'];
const RECORD_FORMATS = ['pdn', 'mat', 'sgf', 'link'];

function firstPdnGame(M, text, options) {
  const games = M.RussianDraughts.parsePdnGames(text, options);
  for (const g of games.slice(1)) g.free();
  return games[0] ?? M.RussianDraughts.fromPdn(text, options); // no game: the engine says why
}

/** An error of this module's own (a coded one, as the engine's are), its text in i18n `embed.*`. */
function coded(code, message, extra = {}) {
  return Object.assign(new Error(message), { code, ...extra });
}

/** The text of the data, fetched for `src` (same rules as any fetch: CORS across origins). */
async function dataText(data, base) {
  if (!data.src) return data.text ?? '';
  let res;
  try {
    res = await fetch(new URL(data.src, base));
  } catch (e) {
    throw coded('embed-fetch', String(e?.message || e), { url: data.src });
  }
  if (!res.ok) throw coded('embed-fetch', `HTTP ${res.status}`, { url: data.src, status: res.status });
  return res.text();
}

/**
 * The formats only the package's full module reads (Cargo features `formats` and `link`;
 * engine.js).
 */
const FULL_FORMATS = ['mat', 'sgf', 'link'];

/**
 * A game read by the full module (`read(F)`), handed to the board's rules module `M` as the
 * engine's own save: objects of one module cannot be used by the other.
 */
async function viaFull(M, read) {
  const F = await loadFullEngine();
  const game = read(F);
  try {
    return (game instanceof F.RussianDraughts ? M.RussianDraughts : M.Backgammon).fromJSON(game.toJSON());
  } finally {
    game.free?.();
  }
}

/**
 * Reads the board's data into an engine game: `{ engine, comments }`, `comments` the PDN game's
 * comments by ply (`Map<ply, string[]>`) or null. Throws the engine's coded error for data it
 * refuses, or `embed-format` (an unknown format name) / `embed-unknown` (a text no reader
 * recognises) / `embed-fetch` (`src` could not be fetched).
 */
export async function readEmbedded(M, el) {
  const data = embedData(el);
  const text = (await dataText(data, el.ownerDocument?.baseURI ?? globalThis.location?.href)).trim();
  const formatAttr = data.what === 'position' ? 'position-format' : 'record-format';
  const allowed = data.what === 'position' ? POSITION_FORMATS : RECORD_FORMATS;
  const format = el.getAttribute(formatAttr);
  const bgGame = kindOf(el.gameName).id === 'backgammon' ? el.gameName : 'backgammon';
  const opts = {
    bg: kindOf('backgammon').engineOptions(M, bgGame, el.options),
    ru: kindOf('russian-draughts').engineOptions(M, 'russian-draughts', el.options),
  };
  let engine;
  let pdn = false;
  if (format) {
    if (!allowed.includes(format)) throw coded('embed-format', `unknown ${formatAttr} "${format}"`, { format });
    engine = FULL_FORMATS.includes(format)
      ? await viaFull(M, (F) => READERS[format](F, text, opts))
      : READERS[format](M, text, opts);
    pdn = format === 'pdn';
  } else {
    const kind = kindForText(text);
    if (kind) {
      const read = (E) => kind.importText(E, text, { game: el.gameName, options: el.options, index: 0 });
      engine = kind.needsFull(text) ? await viaFull(M, read) : read(M);
      pdn = kind.textFormat?.(text) === 'pdn';
    } else if (data.what === 'record') {
      try {
        engine = await viaFull(M, (F) => F.LinkSession.read(text));
      } catch (e) {
        // not even a link's form: the text is nothing tabla reads
        if (e?.code === 'bad-link') throw coded('embed-unknown', 'not a position or a game tabla reads');
        throw e;
      }
    } else throw coded('embed-unknown', 'not a position tabla reads');
  }
  let comments = null;
  if (pdn) {
    comments = new Map();
    for (const c of M.RussianDraughts.pdnComments(text)[0] ?? []) {
      if (!comments.has(c.ply)) comments.set(c.ply, []);
      comments.get(c.ply).push(c.text);
    }
  }
  return { engine, comments };
}

/**
 * The stop of the record a board opens at: `ply` (the position after that many cells of the move
 * list: plays and cube actions at backgammon, plies at draughts; "last" or beyond: the end), else
 * the start for a replay and the end for a view; a board in play mode plays on from the end.
 */
export function startIndex(el, rec) {
  if (el.mode === 'play') return null; // play goes on from the game as it is
  const raw = el.getAttribute('ply');
  const n = raw === null || raw === '' ? (el.mode === 'replay' ? 0 : Number.POSITIVE_INFINITY) : Number(raw);
  if (raw === 'last' || !Number.isFinite(n) || n >= rec.cells.length) return null;
  if (!(n > 0)) return 0;
  return rec.cells[Math.floor(n) - 1].index;
}

/** How many cells of the move list the shown position has played, and the cell itself. */
function shownCell(el) {
  const c = el.ctrl;
  const rec = c.records();
  const index = c.browsed ? c.browsed.index : rec.live;
  const at = rec.cells.filter((x) => x.index <= index);
  return { n: at.length, total: rec.cells.length, cell: at[at.length - 1] ?? null, index };
}

/** The replay's status line: which move is shown, of how many. */
export function replayText(el) {
  const { n, total, cell } = shownCell(el);
  return n === 0 ? el.t('embed.start', { total }) : el.t('embed.at', { n, total, move: cell.text });
}

/** The comments of the shown position (a PDN game's, after the move just shown). */
function commentsNow(el) {
  const comments = el._embed?.comments;
  if (!comments || !el.ctrl?.records) return [];
  return comments.get(shownCell(el).index) ?? [];
}

/** The replay's words for a screen reader: the move shown and its comments. */
export function replayAnnouncement(el) {
  return [replayText(el), ...commentsNow(el)].join(' ');
}

/** Draws the extras of an embedded board: its mode on the wrapper, the status line, the comment. */
export function renderEmbed(el) {
  const wrap = el.$.wrap;
  const mode = el._embed ? el.mode : null;
  if (mode) wrap.dataset.mode = mode;
  else delete wrap.dataset.mode;
  const cv = el.$.canvas;
  // a still diagram is an image: not a stop of the Tab key, not an application
  cv.setAttribute('role', mode === 'view' ? 'img' : 'application');
  if (mode === 'view') cv.removeAttribute('tabindex');
  else cv.tabIndex = 0;
  let box = el.$.side.querySelector('.comment');
  if (!mode || !el.ctrl) {
    if (box) box.hidden = true;
    return;
  }
  if (mode === 'replay' && el.ctrl.records) {
    el.$.status.textContent = replayText(el);
    const last = el.$.side.querySelector('.nav [data-nav="last"]');
    last?.setAttribute('aria-label', el.t('embed.last'));
    if (last) last.title = el.t('embed.last');
  }
  if (!box) {
    box = el.ownerDocument.createElement('div');
    box.className = 'comment';
    box.setAttribute('role', 'region');
    el.$.side.querySelector('.scroll').after(box);
  }
  const lines = mode === 'replay' ? commentsNow(el) : [];
  box.setAttribute('aria-label', el.t('embed.comment'));
  box.hidden = !lines.length;
  const html = lines.map((l) => `<p>${esc(l)}</p>`).join('');
  if (box.innerHTML !== html) box.innerHTML = html;
}

/** Shows why the data could not be shown, inside the board (the page around it is untouched). */
export function showEmbedError(el, message) {
  let p = el.$.stage.querySelector('.embed-error');
  if (!p) {
    p = el.ownerDocument.createElement('p');
    p.className = 'embed-error';
    p.setAttribute('role', 'alert');
    el.$.stage.append(p);
  }
  p.textContent = message;
  p.hidden = !message;
  el.$.wrap.classList.toggle('embed-failed', !!message);
  if (message) el.$.status.textContent = message;
}

function esc(s) {
  return String(s).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c],
  );
}
