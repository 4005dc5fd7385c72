// Games by link, the page's side (docs/link-protocol.md): the engine's LinkSession verifies
// every link and makes every message; this module keeps each session on the device (its secret
// never leaves it) and turns link texts into URLs and back. No rule lives here.
// LinkSession is in the package's full module (Cargo feature `link`), not in the rules module
// the page plays on: this module loads the full one (engine.js) when a game by link is opened,
// started or listed, and the board then plays on that module's objects (a session's
// `backgammon()` / `draughts()`, which only that session can send).
import { loadFullEngine } from './engine.js';
import { kindOf } from './games.js';
import * as store from './storage.js';

const KEY = 'links';

/** The fragment of a shared position, `#setup=<game>/<XGID or FEN>` (editor.js opens it). */
export const SETUP_FRAGMENT = '#setup=';

/** Every session kept on this device: { [id]: LinkSession.toJSON() }. */
export function saved() {
  const all = store.readJSON(KEY);
  return all && typeof all === 'object' && !Array.isArray(all) ? all : {};
}

/** Keeps a session (by its game id); false when the device refused to store it. */
export function keep(session) {
  const all = saved();
  all[session.state().id] = session.toJSON();
  return store.write(KEY, JSON.stringify(all)) !== false;
}

/** The URL of a link text: this page with the game in its fragment (never sent to a server). */
export function urlOf(text) {
  return `${location.origin}${location.pathname}#g=${text}`;
}

/** The link text of a URL or fragment, or null when it holds none. */
export function textOf(url) {
  const i = String(url).indexOf('#g=');
  return i < 0 ? null : String(url).slice(i + 3);
}

/** The link calls of the session's kind of game (games.js). */
const linkCalls = (session) => kindOf(session.state().game).link;

/** The game as this player sees it, as an engine object (of the full module) for the board. */
export function gameOf(session) {
  return linkCalls(session).game(session);
}

/**
 * Every session kept on this device that the engine accepts (a damaged one is skipped); loads the
 * full module only when there is one.
 */
export async function sessions() {
  const kept = Object.values(saved());
  if (!kept.length) return [];
  const M = await loadFullEngine();
  const out = [];
  for (const save of kept) {
    try {
      out.push(M.LinkSession.fromJSON(save));
    } catch {
      /* a damaged session is skipped (the engine refused it) */
    }
  }
  return out;
}

/** A new game by link of the board's game and options; resolves to the session and the invitation. */
export async function invite(game, options) {
  const M = await loadFullEngine();
  const session = M.LinkSession.invite({ game, options });
  const text = send(session, gameOf(session));
  return { session, text };
}

/** This player's turn (played on `engine`, the game `gameOf(session)` gave) as the next message: the new link text. */
export function send(session, engine) {
  const text = linkCalls(session).send(session, engine);
  keep(session);
  return text;
}

/**
 * Opens a link: the device's session of its game verifies it (the friend's new message), or, for
 * an invitation to a game this device does not have, the friend's side starts. Rejects with the
 * engine's coded error for a refused link; the kept session is then unchanged.
 */
export async function open(text) {
  const M = await loadFullEngine();
  const id = M.LinkSession.linkId(text);
  const kept = saved()[id];
  if (kept) {
    const session = M.LinkSession.fromJSON(kept);
    const result = session.open(text);
    keep(session);
    return { session, result };
  }
  const session = M.LinkSession.join(text);
  keep(session);
  return { session, result: 'joined' };
}

/** What this player is to do (the engine says): 'mine', 'send', 'roll-or-double', 'waiting', 'over'. */
export function turnOf(session, engine) {
  return linkCalls(session).turn(session, engine);
}
