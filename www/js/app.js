// The tabla app: a home page to pick the game, the opponent and the options, and a play view
// that is one <tabla-board> element (the same component anyone can embed).
import './tabla-board.js';
import { t, tn, has, setLanguage, preferredLanguage, language, errorText, LANGUAGES } from './i18n/index.js';
import { loadEngine, loadAiSupport } from './engine.js';
import { GAMES, kindOf, kindForText } from './games.js';
import * as store from './storage.js';
import * as links from './link.js';
import { SETUP_FRAGMENT } from './link.js';

const $ = (s) => document.querySelector(s);
const board = $('#board');
const form = $('#setup');
const SETTINGS = 'settings';

// a debug and test handle: the board element (with its engine) and the translator
window.tabla = { board, t };

// ---- which game this tab plays -------------------------------------------------------------
// Each game is its own record (storage.js); the board's `persist` attribute names the one on the
// board. This tab remembers its game in sessionStorage (a reload continues it), the page the last
// game played in any tab (`tabla:last`); with neither, the most recently saved game is the one to
// continue (so the single save of older versions, `tabla:save:app`, is continued as before).
const TAB_GAME = 'tabla:tab-game';

function tabGame() {
  try {
    return sessionStorage.getItem(TAB_GAME);
  } catch {
    return null;
  }
}

/** The key of the game to continue, or null when there is none stored. */
function continueKey() {
  const exists = (k) => typeof k === 'string' && k !== '' && store.read(`save:${k}`) !== null;
  for (const k of [tabGame(), store.read('last')]) if (exists(k)) return k;
  return store.listGames()[0]?.key ?? null;
}

/** Make `key` the game this tab plays and saves (the board reads or writes it from now on). */
function useGame(key) {
  board.setAttribute('persist', key);
  try {
    sessionStorage.setItem(TAB_GAME, key);
  } catch {
    /* a tab without sessionStorage continues the last game */
  }
  store.write('last', key);
}

// read defensively: only known fields of the right type (a hand-edited or foreign value is ignored)
const settings = store.readSettings(SETTINGS, {
  animations: true,
  homeLeft: false,
  theme: 'auto',
  evalBar: false,
  sound: false,
});
delete settings.__broken;
const THEMES = ['auto', 'light', 'dark'];

function applySettings() {
  // auto: the page and the board follow prefers-color-scheme; light/dark force one palette
  const theme = THEMES.includes(settings.theme) ? settings.theme : 'auto';
  if (theme === 'auto') {
    delete document.documentElement.dataset.theme;
    board.removeAttribute('theme');
  } else {
    document.documentElement.dataset.theme = theme;
    board.setAttribute('theme', theme);
  }
  $('#theme').value = theme;
  if (settings.animations) board.removeAttribute('animation');
  else board.setAttribute('animation', 'off');
  if (settings.homeLeft) board.setAttribute('home', 'left');
  else board.removeAttribute('home');
  $('#animations').checked = !!settings.animations;
  $('#homeLeft').checked = !!settings.homeLeft;
  // off by default: the evaluation bar and the sound
  board.toggleAttribute('evalbar', !!settings.evalBar);
  board.toggleAttribute('sound', !!settings.sound);
  $('#evalBar').checked = !!settings.evalBar;
  $('#sound').checked = !!settings.sound;
}

// ---- translations of the static page -------------------------------------------------------

function translatePage() {
  for (const el of document.querySelectorAll('[data-i18n]')) el.textContent = t(el.dataset.i18n);
  for (const el of document.querySelectorAll('[data-i18n-title]')) el.title = t(el.dataset.i18nTitle);
  if (engine) renderOptions(readOptions());
  if (engine) editor?.translate();
  document.title = t('app.title');
  updateContinue();
}

// ---- home page -----------------------------------------------------------------------------

// The options part of the form is built from the engine's declaration (optionSpecs(): key, kind,
// values, min/max, variants, default) for the chosen game, so every option the engine has is
// offered and sent, and none is invented here. Labels: opt.<key>, values <key>.<value>.
let engine = null; // the package module, once loaded
// settled once `engine` is loaded or failed to: what reads the form's options (the seed, the
// option fields) waits for it, or a game started by an early click would lose them
let engineSettled;
const engineLoaded = new Promise((resolve) => (engineSettled = resolve));

/** Match lengths the form offers (a presentation choice), within the engine's min..max. */
const SUGGESTED = { matchLength: [0, 1, 3, 5, 7, 9, 11, 13, 15, 17, 21, 25] };

function selectedGame() {
  return form.elements.game.value;
}

const valueLabel = (key, v) =>
  has(`${key}.${v}`) ? t(`${key}.${v}`) : has(`${key}.n.other`) ? tn(`${key}.n`, Number(v)) : String(v);

function specField(s, value) {
  const label = esc(t(`opt.${s.key}`));
  if (s.kind === 'bool')
    return `<label class="row"><input type="checkbox" name="${s.key}"${value ? ' checked' : ''}><span>${label}</span></label>`;
  let values = s.values;
  if (!values && s.kind === 'number') {
    const lo = s.min ?? 0,
      hi = s.max ?? lo;
    values = SUGGESTED[s.key]
      ? SUGGESTED[s.key].filter((n) => n >= lo && n <= hi)
      : Array.from({ length: Math.min(hi - lo, 30) + 1 }, (_, i) => lo + i);
    if (!values.includes(Number(value))) values = [...values, Number(value)].sort((a, b) => a - b);
  }
  const opts = (values || [])
    .map(
      (v) =>
        `<option value="${esc(v)}"${String(v) === String(value) ? ' selected' : ''}>${esc(valueLabel(s.key, v))}</option>`,
    )
    .join('');
  return `<label><span>${label}</span> <select name="${s.key}" data-kind="${s.kind}">${opts}</select></label>`;
}

/** The options as the form has them now (null before the form is built for this game). */
function readOptions() {
  const box = $('#option-fields');
  if (!engine || box.dataset.game !== selectedGame()) return null;
  const out = {};
  for (const s of kindOf(selectedGame()).formSpecs(engine, selectedGame())) {
    const el = form.elements[s.key];
    if (!el) continue;
    out[s.key] = s.kind === 'bool' ? el.checked : s.kind === 'number' ? Number(el.value) : el.value;
  }
  return out;
}

/** Build the option fields of the chosen game, with `values` or the engine's defaults. */
function renderOptions(values) {
  const game = selectedGame();
  const kind = kindOf(game);
  const box = $('#option-fields');
  const current = { ...kind.defaultOptions(engine, game), ...(values || {}) };
  const specs = kind.formSpecs(engine, game);
  // options of only some games of the family are its house rules
  const common = specs.filter((s) => !s.variants || s.variants.length === kind.games.length);
  const house = specs.filter((s) => !common.includes(s));
  box.innerHTML = [
    ...common.map((s) => specField(s, current[s.key])),
    ...(house.length ? [`<p class="sublegend">${esc(t('opt.houseRules'))}</p>`] : []),
    ...house.map((s) => specField(s, current[s.key])),
  ].join('');
  box.dataset.game = game;
}

function esc(s) {
  return String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
}

/** Why the engine refuses the options on the form, in words ('' when it takes them). */
function optionsProblem() {
  const game = selectedGame();
  try {
    kindOf(game)
      .create(engine, game, readOptions() || {})
      .free?.();
    return '';
  } catch (e) {
    return errorText(e);
  }
}

function syncForm({ resetDefaults = false } = {}) {
  const game = selectedGame();
  if (engine && (resetDefaults || $('#option-fields').dataset.game !== game)) renderOptions(null);
  // options that do not go together (the Jacoby rule in a match, ...): the engine says so
  const problem = engine ? optionsProblem() : '';
  $('#options-error').textContent = problem;
  form.querySelector('button[type="submit"]').disabled = !!problem;
  const can = kindOf(game).aiSupported(window.tabla.ai);
  const comp = $('#opp-computer');
  comp.disabled = !can;
  $('#ai-note').hidden = !!can;
  if (!can && form.elements.opponent.value === 'computer') form.elements.opponent.value = 'human';
  $('#computer-opts').hidden = form.elements.opponent.value !== 'computer';
}

function formConfig() {
  const f = form.elements;
  const game = selectedGame();
  const options = readOptions() || {};
  const seed = new URLSearchParams(location.search).get('seed');
  if (
    seed !== null &&
    seed !== '' &&
    engine &&
    kindOf(game)
      .optionSpecs(engine, game)
      .some((s) => s.key === 'seed')
  )
    options.seed = Number(seed) >>> 0;
  const computer = f.opponent.value === 'computer' ? (f.human.value === 'white' ? 'black' : 'white') : null;
  return { game, options, computer, level: f.level.value };
}

form.addEventListener('change', (e) => syncForm({ resetDefaults: e.target.name === 'game' }));
$('#theme').addEventListener('change', (e) => {
  settings.theme = e.target.value;
  store.write(SETTINGS, settings);
  applySettings();
});
form.addEventListener('submit', async (e) => {
  e.preventDefault();
  await board.ready.catch(() => null);
  await engineLoaded;
  const conf = formConfig();
  leaveLinkGame();
  // a new game is a new record: the game on the board stays in the Games list, as it was
  const prev = board.persistKey && store.read(`save:${board.persistKey}`) !== null ? board.game : null;
  let prevOpen = false;
  try {
    prevOpen = !!prev && !board.kind.summary(board.engine).finished;
  } catch {
    /* no game on the board to speak of */
  }
  useGame(store.newGameKey());
  board.newGame(conf);
  if (prevOpen) toast(t('games.keptPrev', { game: t(`game.${prev}`) }));
  board.setAttribute('orientation', conf.computer === 'white' ? 'black' : 'white');
  board.flipped = conf.computer === 'white';
  show('play', true);
});

function updateContinue() {
  const save = board.persistKey ? store.readJSON(`save:${board.persistKey}`) : null;
  const p = $('#continue');
  if (!save || save.__broken || !save.game) {
    p.hidden = true;
    return;
  }
  p.hidden = false;
  const when = save.savedAt ? new Date(save.savedAt).toLocaleString(language()) : '';
  $('#continue-btn').textContent =
    `${t('home.continue', { game: t(`game.${save.game}`) })}${when ? ` — ${t('home.savedAt', { time: when })}` : ''}`;
}
$('#continue-btn').addEventListener('click', () => show('play', true));

/** The games by link kept on this device, each with whose turn it is; one click goes back to it. */
function updateLinkGames() {
  fillLinkGames($('#link-games'), $('#link-games-list'));
}

/** The latest fill of each list of games by link (an earlier one that ends later is dropped). */
const linkFills = new WeakMap();

/**
 * Lists the games by link into `list` (the home page's, or the Games dialog's), each with whose
 * turn it is; `section` is hidden when there is none. One click goes back to the game. The
 * sessions are read by the full module (link.js), loaded only when the device keeps one, and
 * not before the page's own module (the board first).
 */
async function fillLinkGames(section, list, { onOpen = () => {} } = {}) {
  const fill = {};
  linkFills.set(list, fill);
  // none before the page's own module, nor when the full module does not load
  const sessions = engine ? await links.sessions().catch(() => []) : [];
  if (linkFills.get(list) !== fill) return;
  list.innerHTML = '';
  for (const session of sessions) {
    const s = session.state();
    const li = document.createElement('li');
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = t('link.gameItem', {
      game: t(`game.${s.game}`),
      player: t(`player.${s.player}`),
      turn: t(s.myTurn ? 'link.item.mine' : 'link.item.waiting'),
    });
    b.addEventListener('click', () => {
      onOpen();
      history.replaceState(null, '', `#g=${session.link()}`);
      playLinkGame(session);
    });
    li.append(b);
    list.append(li);
  }
  section.hidden = list.children.length === 0;
}

// ---- views ---------------------------------------------------------------------------------

function show(view, push = false) {
  const play = view === 'play';
  $('#home').hidden = view !== 'home';
  $('#play').hidden = !play;
  $('#editor').hidden = view !== 'editor';
  document.body.classList.toggle('playing', play);
  if (push && view !== 'editor') history.pushState(null, '', play ? '#play' : location.pathname + location.search);
  if (view === 'editor') editor?.draw();
  if (view === 'home') {
    updateContinue();
    updateLinkGames();
  }
  if (play) requestAnimationFrame(() => board.shadowRoot.querySelector('canvas').focus({ preventScroll: true }));
}

window.addEventListener('popstate', () => {
  // a game link in the fragment is opened by its hashchange handler (games by link, below)
  if (links.textOf(location.hash)) return;
  if (location.hash.startsWith(SETUP_FRAGMENT) || location.hash === '#edit') return openEditorFragment();
  show(location.hash === '#play' ? 'play' : 'home');
});
$('.brand').addEventListener('click', (e) => {
  e.preventDefault();
  show('home', true);
});
$('#m-home').addEventListener('click', () => show('home', true));
$('#m-new').addEventListener('click', () => {
  form.elements.game.value = board.game;
  syncForm();
  show('home', true);
});

// ---- settings ------------------------------------------------------------------------------

const langSel = $('#lang');
langSel.innerHTML = Object.entries(LANGUAGES)
  .map(([code, name]) => `<option value="${code}" lang="${code}">${name}</option>`)
  .join('');
langSel.addEventListener('change', async () => {
  await setLanguage(langSel.value);
  translatePage();
});
$('#m-settings').addEventListener('click', () => {
  langSel.value = language();
  $('#settings').showModal();
});
$('#animations').addEventListener('change', (e) => {
  settings.animations = e.target.checked;
  store.write(SETTINGS, settings);
  applySettings();
});
$('#homeLeft').addEventListener('change', (e) => {
  settings.homeLeft = e.target.checked;
  store.write(SETTINGS, settings);
  applySettings();
});
for (const key of ['evalBar', 'sound'])
  $(`#${key}`).addEventListener('change', (e) => {
    settings[key] = e.target.checked;
    store.write(SETTINGS, settings);
    applySettings();
  });

// ---- export / import -----------------------------------------------------------------------

$('#m-export').addEventListener('click', () => {
  const fields = $('#export-fields');
  fields.innerHTML = '';
  for (const { format: fmt, label, ext, full } of kindOf(board.game).exports) {
    let text = '';
    const box = document.createElement('div');
    box.className = 'export-field';
    box.innerHTML = `<label><span>${t(label)}</span><textarea readonly rows="${fmt === 'json' || fmt === 'pdn' ? 5 : 2}" spellcheck="false" data-format="${fmt}"></textarea></label>
      <p class="buttons"><button type="button" data-copy>${t('btn.copy')}</button><button type="button" data-download>${t('btn.download')}</button></p>`;
    const area = box.querySelector('textarea');
    const show = (value) => {
      text = value;
      area.value = value;
    };
    // a format only the full module writes comes from the worker (the board's module is the rules one)
    if (full)
      board.ai({ kind: 'bg-export', format: fmt, save: board.saveData() }).then(show, (err) => show(errorText(err)));
    else
      try {
        show(board.exportAs(fmt));
      } catch (err) {
        show(errorText(err));
      }
    box.querySelector('[data-copy]').addEventListener('click', async (e) => {
      try {
        await navigator.clipboard.writeText(text);
        e.target.textContent = t('btn.copied');
      } catch {
        box.querySelector('textarea').select();
      }
    });
    box.querySelector('[data-download]').addEventListener('click', () => {
      const a = document.createElement('a');
      a.href = URL.createObjectURL(new Blob([text], { type: ext === 'json' ? 'application/json' : 'text/plain' }));
      a.download = `tabla-${board.game}-${new Date().toISOString().slice(0, 10)}.${ext}`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(a.href), 1000);
    });
    fields.append(box);
  }
  $('#export').showModal();
});

$('#m-import').addEventListener('click', () => {
  $('#import-error').textContent = '';
  $('#import-games').hidden = true;
  $('#import-games').innerHTML = '';
  $('#import').showModal();
});
$('#import-text').addEventListener('input', () => {
  $('#import-games').hidden = true;
  $('#import-games').innerHTML = '';
});
$('#import-file').addEventListener('change', async (e) => {
  const f = e.target.files[0];
  if (f) $('#import-text').value = await f.text();
});
$('#import-form').addEventListener('submit', async (e) => {
  if (e.submitter && e.submitter.value !== 'load') return;
  e.preventDefault();
  try {
    await board.ready;
    let text = $('#import-text').value;
    // a format only the full module reads (an XGID, a .mat or SGF file): the worker turns it into
    // the engine's save, which the board's rules module reads
    if (kindForText(text.trim())?.needsFull(text.trim()))
      text = JSON.stringify(await board.ai({ kind: 'bg-import', text: text.trim() }));
    const list = $('#import-games');
    // a file of several games: the player chooses one from the list first
    const choices = board.importChoices(text);
    if (choices && list.hidden) {
      list.innerHTML = '';
      const legend = document.createElement('legend');
      legend.textContent = t('import.choose', { n: choices.length });
      list.append(legend);
      choices.forEach((c, i) => {
        const label = document.createElement('label');
        const radio = Object.assign(document.createElement('input'), { type: 'radio', name: 'import-game', value: i });
        radio.checked = i === 0;
        const result = c.result ? ` (${t(`import.result.${c.result}`)})` : '';
        label.append(radio, ` ${t('import.gameN', { n: i + 1, moves: c.moves })}${result}`);
        list.append(label);
      });
      list.hidden = false;
      return;
    }
    const index = Number(list.querySelector('input:checked')?.value ?? 0);
    const r = board.importText(text, { index });
    leaveLinkGame();
    // an imported game is a game of its own: the one on the board stays in the Games list as it
    // was saved (the board writes nothing between the import and this)
    useGame(store.newGameKey());
    board.persist();
    $('#import').close();
    show('play', true);
    if (r?.note) toast(r.note);
  } catch (err) {
    $('#import-error').textContent = t('err.import', { msg: errorText(err) });
  }
});

// ---- games by link (docs/link-protocol.md) --------------------------------------------------

// The session of the game by link on the board, or null. The engine verifies and makes every
// link; the page keeps the sessions (link.js) and shows whose turn it is.
let linkSession = null;

function linkStatus() {
  const el = $('#link-status');
  const engineObj = board.engine;
  if (!linkSession || !engineObj || !engine) {
    el.hidden = true;
    $('#m-send').hidden = true;
    board.hold = null;
    return;
  }
  const turn = links.turnOf(linkSession, engineObj);
  // the engine says what this player may do: nothing while the friend is to play, no roll while
  // the dice wait for the friend's answer
  board.hold = turn === 'waiting' || turn === 'send' ? 'turn' : turn === 'roll-or-double' ? 'dice' : null;
  const player = t(`player.${linkSession.state().player}`);
  el.textContent = `${t('link.you', { player })} ${t(`link.turn.${turn}`)}`;
  el.dataset.turn = turn;
  el.hidden = false;
  $('#m-send').hidden = false;
}

function showLink(text, note) {
  const url = links.urlOf(text);
  history.replaceState(null, '', `#g=${text}`);
  $('#link-url').value = url;
  $('#link-note').textContent = note;
  $('#link-share').hidden = typeof navigator.share !== 'function';
  $('#link-copy').textContent = t('btn.copy');
  $('#link').showModal();
}

function playLinkGame(session) {
  linkSession = session;
  // a game by link is kept by its session (link.js), never in the record of the game that was
  // on the board: the board saves nothing while it is played
  board.removeAttribute('persist');
  board.removeAttribute('computer');
  board.adopt(links.gameOf(session));
  show('play');
  linkStatus();
}

$('#m-invite').addEventListener('click', async () => {
  await board.ready;
  try {
    const { session, text } = await links.invite(board.game, board.options);
    playLinkGame(session);
    showLink(text, t('link.invited'));
  } catch (err) {
    toast(errorText(err));
  }
});

$('#m-send').addEventListener('click', () => {
  if (!linkSession) return;
  try {
    const text = links.send(linkSession, board.engine);
    board.adopt(links.gameOf(linkSession));
    linkStatus();
    showLink(text, t('link.sent'));
  } catch (err) {
    toast(t('link.cannotSend', { msg: errorText(err) }));
  }
});

$('#link-share').addEventListener('click', async () => {
  try {
    await navigator.share({ title: t('link.title'), url: $('#link-url').value });
  } catch {
    /* the person closed the share sheet */
  }
});
$('#link-copy').addEventListener('click', async (e) => {
  try {
    await navigator.clipboard.writeText($('#link-url').value);
    e.target.textContent = t('btn.copied');
  } catch {
    $('#link-url').select();
  }
});

// a test handle: what the engine says this player is to do, and how many links were opened
window.tabla.link = {
  opened: 0,
  refused: null,
  turn: () => (linkSession && board.engine ? links.turnOf(linkSession, board.engine) : null),
  state: () => linkSession?.state() ?? null,
};

/** Opens the link in the page's fragment, if any: verified by the engine, or refused with why. */
async function openLinkFragment() {
  const text = links.textOf(location.hash);
  if (!text) return false;
  await board.ready;
  try {
    const { session } = await links.open(text);
    playLinkGame(session);
    window.tabla.link.refused = null;
  } catch (err) {
    // the local game is kept: the session on the board (if any) is unchanged
    show('play');
    linkStatus();
    toast(t('link.refused', { msg: errorText(err) }));
    window.tabla.link.refused = err?.code || 'error';
  }
  window.tabla.link.opened++;
  return true;
}
window.addEventListener('hashchange', () => {
  if (links.textOf(location.hash)) openLinkFragment();
  else if (location.hash.startsWith(SETUP_FRAGMENT)) openEditorFragment();
});
board.addEventListener('move', () => linkStatus());
board.addEventListener('gameover', () => linkStatus());
/** A game started here (New game, an import) is not the game by link any more. */
function leaveLinkGame() {
  linkSession = null;
  if (links.textOf(location.hash)) history.replaceState(null, '', '#play');
  linkStatus();
}

// ---- the position editor (editor.js) ----------------------------------------------------------

// The engine checks each set-up; "Play from here" and "Analyse" put its game on the board as a
// game of its own (the one on the board stays in the Games list). A shared position is a link
// #setup=<game>/<XGID or FEN> that opens it in the editor: a game by link starts from the
// starting position only (the link protocol replays every move from it). The editor's module
// (and the board drawing of both kinds of game it uses) loads when it is first opened.
let editor = null;
async function openEditor() {
  if (editor) return editor;
  const { PositionEditor } = await import('./editor.js');
  editor ??= new PositionEditor($('#editor'), {
    engine: () => engine,
    t,
    errorText,
    linkOf: (fragment) => `${location.origin}${location.pathname}${location.search}${fragment}`,
    play: (game, obj, { computer }) => playFromEditor(obj, computer),
    analyse: (game, obj) => {
      playFromEditor(obj, null);
      // the engine's view of the position: the evaluation bar and, with dice, the hint
      board.toggleAttribute('evalbar', true);
      setTimeout(() => board.act('hint'), 0);
    },
  });
  window.tabla.editor = editor;
  return editor;
}

function playFromEditor(obj, computer) {
  leaveLinkGame();
  useGame(store.newGameKey());
  board.removeAttribute('computer');
  board.adopt(obj);
  if (computer) board.setAttribute('computer', computer);
  board.setAttribute('orientation', computer === 'white' ? 'black' : 'white');
  board.flipped = computer === 'white';
  board.persist();
  show('play', true);
}

/** Opens the editor: on a shared position (#setup=...), or on the game on the board (#edit). */
async function openEditorFragment() {
  await board.ready.catch(() => null);
  // the page's start may not have set `engine` yet when `ready` has just come (a click then)
  engine ??= await loadEngine().catch(() => null);
  if (!engine) return;
  const editor = await openEditor();
  if (location.hash.startsWith(SETUP_FRAGMENT)) {
    try {
      editor.openLink(location.hash);
    } catch (err) {
      editor.openStart(board.game);
      toast(errorText(err));
    }
  } else if (board.engine) editor.openGame(board.game, board.engine);
  else editor.openStart(board.game);
  show('editor');
}

$('#m-edit').addEventListener('click', () => {
  history.pushState(null, '', '#edit');
  openEditorFragment();
});

// ---- messages ------------------------------------------------------------------------------

let toastTimer = 0;
function toast(text, action) {
  const el = $('#toast');
  el.hidden = false;
  el.innerHTML = '';
  el.append(document.createTextNode(text));
  // one action or several; choosing one closes the toast
  const actions = Array.isArray(action) ? action : action ? [action] : [];
  for (const a of actions) {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = a.label;
    b.addEventListener('click', () => {
      if (actions.length > 1) el.hidden = true;
      a.run();
    });
    el.append(' ', b);
  }
  clearTimeout(toastTimer);
  // a choice waits for the player; a reload offer or a notice goes away
  if (actions.length > 1) return;
  toastTimer = setTimeout(
    () => {
      el.hidden = true;
    },
    actions.length ? 20000 : 6000,
  );
}
board.addEventListener('error', (e) => toast(e.detail.message));
// a move could not be saved: said until a save succeeds, with ways out (export it; free space)
board.addEventListener('save-failed', (e) =>
  toast(e.detail.message, [
    { label: t('menu.export'), run: () => $('#m-export').click() },
    { label: t('menu.games'), run: openGames },
    {
      label: t('btn.freeSpace'),
      run: () => {
        for (const k of store.asideKeys()) store.remove(k.slice('tabla:'.length));
        board.persist();
      },
    },
  ]),
);
board.addEventListener('save-ok', () => toast(t('err.storageOk')));
// the computer could not answer, even from a fresh worker: the player chooses how to go on
board.addEventListener('ai-failed', (e) =>
  toast(e.detail.message, [
    { label: t('btn.aiRetry'), run: () => board.aiRecover('retry') },
    { label: t('btn.aiLower'), run: () => board.aiRecover('lower') },
    { label: t('btn.aiHumans'), run: () => board.aiRecover('humans') },
  ]),
);

// ---- the Games list ----------------------------------------------------------------------

const gamesDlg = $('#games');
// the list's module loads when the list is first shown (its rows exist only after that)
let gamesList = null;

async function renderGamesList() {
  gamesList ??= await import('./games-list.js');
  fillLinkGames($('#games-links'), $('#games-links-list'), { onOpen: () => gamesDlg.close() });
  const entries = store.listGames();
  const rows = gamesList.renderGames($('#games-table'), entries, { current: board.persistKey, engine });
  $('#games-table').hidden = rows.length === 0;
  $('#games-empty').hidden = rows.length > 0;
  $('#games-delete-finished').disabled = !rows.some((r) => r.finished);
  const asides = store.asideKeys().length;
  $('#games-delete-asides').hidden = asides === 0;
  $('#games-usage').textContent = t('games.usage', {
    // in thousands of characters, as browsers count their quota (about 5 million characters)
    kb: Math.ceil(store.usedChars() / 1024),
    n: rows.length,
  });
  if (asides) $('#games-usage').textContent += ` ${tn('games.asides', asides)}`;
}

async function openGames() {
  await renderGamesList();
  if (!gamesDlg.open) gamesDlg.showModal();
  gamesDlg.querySelector('button[data-action="resume"]')?.focus();
}
$('#m-games').addEventListener('click', openGames);
$('#games-new').addEventListener('click', () => {
  gamesDlg.close();
  form.elements.game.value = board.game;
  syncForm();
  show('home', true);
});

/** Ask before deleting: resolves true when the player confirmed. */
function confirmDelete(text) {
  const dlg = $('#confirm');
  $('#confirm-text').textContent = text;
  dlg.returnValue = '';
  dlg.showModal();
  dlg.querySelector('button[value="cancel"]').focus();
  return new Promise((resolve) =>
    dlg.addEventListener('close', () => resolve(dlg.returnValue === 'ok'), { once: true }),
  );
}

/** Remove stored games; the board's own game, if among them, is no longer saved anywhere. */
function deleteGames(keys) {
  for (const k of keys) store.removeGame(k);
  if (keys.includes(board.persistKey)) {
    board.removeAttribute('persist');
    try {
      sessionStorage.removeItem(TAB_GAME);
    } catch {
      /* nothing remembered */
    }
    if (!$('#play').hidden) show('home', true);
  }
  renderGamesList();
  updateContinue();
  toast(tn('games.deleted', keys.length));
}

async function resumeGame(key) {
  await board.ready.catch(() => null);
  leaveLinkGame();
  if (key !== board.persistKey || !board.state) {
    useGame(key);
    await board.resume();
  }
  board.setAttribute('orientation', board.computerSide === 'white' ? 'black' : 'white');
  board.flipped = board.computerSide === 'white';
  gamesDlg.close();
  show('play', true);
}

function download(text, name) {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

$('#games-table').addEventListener('click', async (e) => {
  const b = e.target.closest('button[data-action]');
  if (!b) return;
  const key = b.dataset.key;
  const entry = store.listGames().find((g) => g.key === key);
  if (!entry) return renderGamesList();
  const row = gamesList.describeGame(entry, engine);
  if (b.dataset.action === 'resume') return resumeGame(key);
  if (b.dataset.action === 'export') {
    // the stored record as it is (a tabla save: Import reads it back)
    const game = entry.save?.game ?? 'save';
    const text = (await store.readGame(key)) ?? entry.raw; // a game kept in IndexedDB: all of it
    return download(text, `tabla-${game}-${(entry.save?.savedAt || '').slice(0, 10) || 'save'}.json`);
  }
  if (b.dataset.action === 'delete') {
    const ok = await confirmDelete(t('games.confirmDelete', { game: row.game, time: row.date }));
    if (ok) deleteGames([key]);
    else b.focus();
  }
});
$('#games-delete-finished').addEventListener('click', async () => {
  const keys = store
    .listGames()
    .filter((g) => gamesList.describeGame(g, engine).finished)
    .map((g) => g.key);
  if (!keys.length) return;
  if (await confirmDelete(tn('games.confirmFinished', keys.length))) deleteGames(keys);
});
$('#games-delete-asides').addEventListener('click', () => {
  for (const k of store.asideKeys()) store.remove(k.slice('tabla:'.length));
  renderGamesList();
  board.persist();
});

// another tab saved, started or deleted a game: the list and the Continue button follow
window.addEventListener('storage', (e) => {
  if (e.key !== null && !e.key.startsWith('tabla:save:')) return;
  if (gamesDlg.open) renderGamesList();
  if ($('#play').hidden) updateContinue();
});
// this board's game and another tab's: never one written over the other
board.addEventListener('save-reloaded', () => toast(t('games.reloaded')));
board.addEventListener('save-removed', () => toast(t('games.removed')));
board.addEventListener('save-conflict', () => {
  // the game on this board is kept as a game of its own; the other tab's stays where it is
  useGame(store.newGameKey());
  board.persist();
  toast(t('games.forked'), { label: t('menu.games'), run: openGames });
});

// ---- offline -------------------------------------------------------------------------------

if ('serviceWorker' in navigator && location.protocol !== 'file:') {
  // registered once the board is playable (or cannot be): its install fetches every file of the
  // set, the full module among them, which must not compete with the first visit's own requests
  board.ready
    .catch(() => null)
    .then(() => navigator.serviceWorker.register('sw.js'))
    .then((reg) => {
      const offerReload = () => toast(t('sw.update'), { label: t('btn.reload'), run: () => location.reload() });
      navigator.serviceWorker.addEventListener('message', (e) => {
        if (e.data && e.data.type === 'updated') offerReload();
      });
      // ask the worker to look for changed files once the page has settled
      setTimeout(() => {
        if (navigator.onLine && reg?.active) reg.active.postMessage({ type: 'check' });
      }, 4000);
    })
    .catch(() => {
      /* offline support is a bonus, never an error */
    });
}

// ---- start ---------------------------------------------------------------------------------

// A link may name the game to play: index.html?game=russian-draughts#play starts one at once
// (the saved game of another kind stays saved). Set before the board starts, so it starts right.
const linked = (() => {
  const wanted = new URLSearchParams(location.search).get('game');
  const key = continueKey();
  const saved = key ? store.readJSON(`save:${key}`) : null;
  if (!wanted || !GAMES.includes(wanted) || location.hash !== '#play' || (saved && saved.game === wanted)) {
    if (key) useGame(key);
    return false;
  }
  form.elements.game.value = wanted;
  syncForm({ resetDefaults: true });
  const conf = formConfig();
  board.setAttribute('game', conf.game);
  board.setAttribute('options', JSON.stringify(conf.options));
  board.ready.then(() => {
    useGame(store.newGameKey());
    board.persist();
  });
  return true;
})();

(async () => {
  await setLanguage(preferredLanguage(), { remember: false });
  applySettings();
  translatePage();
  syncForm({ resetDefaults: true });
  show(linked ? 'play' : location.hash === '#play' && board.persistKey ? 'play' : 'home');
  try {
    // every game family's rules module (the form, the Games list and the editor read either),
    // once the board has become playable on its own game's (tabla-board.js)
    await board.ready.catch(() => null);
    engine = await loadEngine();
    updateLinkGames();
    openLinkFragment();
    if (location.hash.startsWith(SETUP_FRAGMENT) || location.hash === '#edit') openEditorFragment();
  } catch {
    /* the board says so (its error event) */
  }
  engineSettled();
  syncForm({ resetDefaults: true });
  if (gamesDlg.open) renderGamesList();
  // the page's module is the rules module: the computer opponents are the worker's full module,
  // whose glue is read once the board is playable (engine.js), not before
  await board.ready.catch(() => null);
  window.tabla.ai = await loadAiSupport();
  syncForm();
})();
