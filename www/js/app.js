// The tabla app: a home page to pick the game, the opponent and the options, and a play view
// that is one <tabla-board> element (the same component anyone can embed).
import './tabla-board.js';
import { t, tn, setLanguage, preferredLanguage, language, LANGUAGES } from './i18n/index.js';
import { loadEngine, aiSupport, isDraughts, GAMES } from './engine.js';
import * as store from './storage.js';

const $ = (s) => document.querySelector(s);
const board = $('#board');
const form = $('#setup');
const SETTINGS = 'settings';

// a debug and test handle: the board element (with its engine) and the translator
window.tabla = { board, t };

const settings = { animations: true, homeLeft: false, ...(store.readJSON(SETTINGS) || {}) };
delete settings.__broken;

function applySettings() {
  if (settings.animations) board.removeAttribute('animation');
  else board.setAttribute('animation', 'off');
  if (settings.homeLeft) board.setAttribute('home', 'left');
  else board.removeAttribute('home');
  $('#animations').checked = !!settings.animations;
  $('#homeLeft').checked = !!settings.homeLeft;
}

// ---- translations of the static page -------------------------------------------------------

function translatePage() {
  for (const el of document.querySelectorAll('[data-i18n]')) el.textContent = t(el.dataset.i18n);
  for (const el of document.querySelectorAll('[data-i18n-title]')) el.title = t(el.dataset.i18nTitle);
  const ml = form.elements.matchLength;
  const cur = ml.value || '0';
  ml.innerHTML = [0, 1, 3, 5, 7, 9, 11, 15]
    .map((n) => `<option value="${n}">${n ? tn('match.points', n) : t('match.money')}</option>`)
    .join('');
  ml.value = cur;
  document.title = t('app.title');
  updateContinue();
}

// ---- home page -----------------------------------------------------------------------------

const DEFAULTS = {
  backgammon: { start: 'roll', scoring: 'standard', cube: true },
  table: { start: 'white', scoring: 'table', cube: false },
  'acey-deucey': { start: 'roll', scoring: 'standard', cube: false },
};

function selectedGame() {
  return form.elements.game.value;
}

function syncForm({ resetDefaults = false } = {}) {
  const game = selectedGame();
  const ru = isDraughts(game);
  for (const el of form.querySelectorAll('.bg-only')) el.hidden = ru;
  for (const el of form.querySelectorAll('.ru-only')) el.hidden = !ru;
  for (const el of form.querySelectorAll('.ad-only')) el.hidden = game !== 'acey-deucey';
  if (resetDefaults && DEFAULTS[game]) {
    const d = DEFAULTS[game];
    form.elements.start.value = d.start;
    form.elements.scoring.value = d.scoring;
    form.elements.cube.checked = d.cube;
  }
  const money = form.elements.matchLength.value === '0';
  form.elements.jacoby.disabled = !money || !form.elements.cube.checked;
  const support = window.tabla.ai || {};
  const can = ru ? support.draughts : support.backgammon;
  const comp = $('#opp-computer');
  comp.disabled = !can;
  $('#ai-note').hidden = !!can;
  if (!can && form.elements.opponent.value === 'computer') form.elements.opponent.value = 'human';
  $('#computer-opts').hidden = form.elements.opponent.value !== 'computer';
}

function formConfig() {
  const f = form.elements;
  const game = selectedGame();
  let options;
  if (isDraughts(game)) {
    options = { drawRules: f.drawRules.checked, touchMove: f.touchMove.checked };
  } else {
    options = {
      start: f.start.value,
      scoring: f.scoring.value,
      cube: f.cube.checked,
      matchLength: Number(f.matchLength.value),
    };
    if (f.cube.checked && options.matchLength === 0) options.jacoby = f.jacoby.checked;
    if (game === 'acey-deucey') {
      options.doublesExtraRoll = f.doublesExtraRoll.checked;
      options.enterAllBeforePassing = f.enterAllBeforePassing.checked;
      options.exactBearOff = f.exactBearOff.checked;
    }
    const seed = new URLSearchParams(location.search).get('seed');
    if (seed !== null && seed !== '') options.seed = Number(seed) >>> 0;
  }
  const computer = f.opponent.value === 'computer' ? (f.human.value === 'white' ? 'black' : 'white') : null;
  return { game, options, computer, level: f.level.value };
}

form.addEventListener('change', (e) => syncForm({ resetDefaults: e.target.name === 'game' }));
form.addEventListener('submit', async (e) => {
  e.preventDefault();
  const conf = formConfig();
  await board.ready.catch(() => null);
  board.newGame(conf);
  board.setAttribute('orientation', conf.computer === 'white' ? 'black' : 'white');
  board.flipped = conf.computer === 'white';
  show('play', true);
});

function updateContinue() {
  const save = store.readJSON('save:app');
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

// ---- views ---------------------------------------------------------------------------------

function show(view, push = false) {
  const play = view === 'play';
  $('#home').hidden = play;
  $('#play').hidden = !play;
  document.body.classList.toggle('playing', play);
  if (push) history.pushState(null, '', play ? '#play' : location.pathname + location.search);
  if (!play) updateContinue();
  if (play) requestAnimationFrame(() => board.shadowRoot.querySelector('canvas').focus({ preventScroll: true }));
}

window.addEventListener('popstate', () => show(location.hash === '#play' ? 'play' : 'home'));
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

// ---- export / import -----------------------------------------------------------------------

$('#m-export').addEventListener('click', () => {
  const fields = $('#export-fields');
  const draughts = isDraughts(board.game);
  const formats = draughts
    ? [
        ['pdn', 'export.pdn', 'pdn'],
        ['fen', 'export.fen', 'txt'],
        ['json', 'export.json', 'json'],
      ]
    : [
        ['json', 'export.json', 'json'],
        ['gnubg', 'export.gnubg', 'txt'],
      ];
  fields.innerHTML = '';
  for (const [fmt, label, ext] of formats) {
    let text;
    try {
      text = board.exportAs(fmt);
    } catch (err) {
      text = String(err.message || err);
    }
    const box = document.createElement('div');
    box.className = 'export-field';
    box.innerHTML = `<label><span>${t(label)}</span><textarea readonly rows="${fmt === 'json' || fmt === 'pdn' ? 5 : 2}" spellcheck="false" data-format="${fmt}"></textarea></label>
      <p class="buttons"><button type="button" data-copy>${t('btn.copy')}</button><button type="button" data-download>${t('btn.download')}</button></p>`;
    box.querySelector('textarea').value = text;
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
  $('#import').showModal();
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
    const r = board.importText($('#import-text').value);
    $('#import').close();
    show('play', true);
    if (r?.note) toast(r.note);
  } catch (err) {
    $('#import-error').textContent = t('err.import', { msg: err?.message || err });
  }
});

// ---- messages ------------------------------------------------------------------------------

let toastTimer = 0;
function toast(text, action) {
  const el = $('#toast');
  el.hidden = false;
  el.innerHTML = '';
  el.append(document.createTextNode(text));
  if (action) {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = action.label;
    b.addEventListener('click', action.run);
    el.append(' ', b);
  }
  clearTimeout(toastTimer);
  toastTimer = setTimeout(
    () => {
      el.hidden = true;
    },
    action ? 20000 : 6000,
  );
}
board.addEventListener('error', (e) => toast(e.detail.message));

// ---- offline -------------------------------------------------------------------------------

if ('serviceWorker' in navigator && location.protocol !== 'file:') {
  navigator.serviceWorker
    .register('sw.js')
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
  const saved = store.readJSON('save:app');
  if (!wanted || !GAMES.includes(wanted) || location.hash !== '#play' || (saved && saved.game === wanted)) return false;
  form.elements.game.value = wanted;
  syncForm({ resetDefaults: true });
  const conf = formConfig();
  board.removeAttribute('persist');
  board.setAttribute('game', conf.game);
  board.setAttribute('options', JSON.stringify(conf.options));
  board.ready.then(() => {
    board.setAttribute('persist', 'app');
    board.persist();
  });
  return true;
})();

(async () => {
  await setLanguage(preferredLanguage(), { remember: false });
  applySettings();
  translatePage();
  syncForm({ resetDefaults: true });
  show(linked ? 'play' : location.hash === '#play' && store.read('save:app') !== null ? 'play' : 'home');
  try {
    window.tabla.ai = aiSupport(await loadEngine());
  } catch {
    window.tabla.ai = { backgammon: false, draughts: false };
  }
  syncForm();
})();
