// The Games list: every stored game (storage.js listGames), unfinished and finished, with its
// game, opponent, score or result and date, and Resume / Export / Delete for each. What a game's
// score or result is comes from the engine: the record's `summary` (games.js summary(), written
// with each save) or, for a save written before summaries, the engine reading the save now.
import { t, tn, has, language } from './i18n/index.js';
import { GAMES, kindOf } from './games.js';

const isObj = (v) => !!v && typeof v === 'object' && !Array.isArray(v);
const count = (v) => (Number.isSafeInteger(v) && v >= 0 ? v : 0);

/** The summary of a listed game: its own, or the engine's reading of its data (null if neither). */
export function summaryOf(save, engine) {
  if (!save || !GAMES.includes(save.game)) return null;
  if (isObj(save.summary) && typeof save.summary.finished === 'boolean') return save.summary;
  if (!engine) return null;
  const kind = kindOf(save.game);
  let g = null;
  try {
    g = kind.fromData(engine, save.data, save.options);
    return kind.summary(g);
  } catch {
    return null;
  } finally {
    g?.free?.();
  }
}

const player = (p) => (p === 'white' || p === 'black' ? t(`player.${p}`) : '');

/** The score or result of a game, in words ('' when not known). */
export function resultText(save, s) {
  if (!s) return '';
  if (kindOf(save.game).id === 'backgammon') {
    const m = isObj(s.match) ? s.match : { length: 0, score: {} };
    const w = count(m.score?.white),
      b = count(m.score?.black);
    const score =
      count(m.length) > 0
        ? t('games.matchScore', { white: w, black: b, n: count(m.length) })
        : w || b
          ? t('games.moneyScore', { white: w, black: b })
          : '';
    const won = s.winner
      ? t('games.won', { player: player(s.winner), points: tn('over.points', count(s.points)) })
      : '';
    return [won, score].filter(Boolean).join(' · ');
  }
  if (s.finished) return s.result === 'draw' ? t('games.draw') : t('games.wonBy', { player: player(s.result) });
  return tn('games.moves', count(s.moves));
}

function opponentText(save) {
  if (save.computer !== 'white' && save.computer !== 'black') return t('games.human');
  const level = has(`level.${save.level}`) ? t(`level.${save.level}`) : String(save.level ?? '');
  return t('games.computer', { level, side: player(save.computer) });
}

function dateText(save) {
  const d = typeof save?.savedAt === 'string' ? new Date(save.savedAt) : null;
  return d && !Number.isNaN(d.getTime())
    ? d.toLocaleString(language(), { dateStyle: 'medium', timeStyle: 'short' })
    : '';
}

/**
 * One row of the list: { key, game (its name in words), opponent, result, state ('finished' |
 * 'playing' | 'unreadable'), date, finished }.
 */
export function describeGame(entry, engine) {
  const { key, save } = entry;
  if (!save || !GAMES.includes(save.game))
    return { key, game: t('games.unreadable'), opponent: '', result: '', state: 'unreadable', date: dateText(save) };
  const s = summaryOf(save, engine);
  const finished = !!s?.finished;
  return {
    key,
    game: t(`game.${save.game}`),
    opponent: opponentText(save),
    result: resultText(save, s),
    // no summary of its own and the engine refuses its data: resuming sets it aside
    state: finished ? 'finished' : !s && engine ? 'unreadable' : 'playing',
    finished,
    date: dateText(save),
  };
}

const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

/**
 * Fill `table` (a <table>) with the rows of `entries`; `current` is the key of the game on the
 * board. Each row's buttons carry data-action (resume | export | delete) and data-key.
 */
export function renderGames(table, entries, { current, engine }) {
  const rows = entries.map((e) => describeGame(e, engine));
  const head = `<caption class="sr">${esc(t('games.title'))}</caption><thead><tr>
    <th scope="col">${esc(t('games.col.game'))}</th><th scope="col">${esc(t('games.col.opponent'))}</th>
    <th scope="col">${esc(t('games.col.result'))}</th><th scope="col">${esc(t('games.col.date'))}</th>
    <th scope="col"><span class="sr">${esc(t('games.col.actions'))}</span></th></tr></thead>`;
  const body = rows
    .map((r) => {
      const what = [r.game, r.date].filter(Boolean).join(', ');
      const state = t(`games.state.${r.state}`);
      const here = r.key === current;
      const btn = (action, label) =>
        `<button type="button" data-action="${action}" data-key="${esc(r.key)}" aria-label="${esc(`${label}: ${what}`)}">${esc(label)}</button>`;
      return `<tr data-key="${esc(r.key)}" data-state="${r.state}"${here ? ' aria-current="true"' : ''}>
        <th scope="row">${esc(r.game)}${here ? ` <span class="here">${esc(t('games.current'))}</span>` : ''}</th>
        <td>${esc(r.opponent)}</td>
        <td><span class="state">${esc(state)}</span>${r.result ? ` <span class="result">${esc(r.result)}</span>` : ''}</td>
        <td>${esc(r.date)}</td>
        <td class="actions">${btn('resume', t('btn.resume'))}${btn('export', t('menu.export'))}${btn('delete', t('btn.delete'))}</td>
      </tr>`;
    })
    .join('');
  table.innerHTML = `${head}<tbody>${body}</tbody>`;
  return rows;
}
