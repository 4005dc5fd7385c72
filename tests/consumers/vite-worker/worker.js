import init, * as tabla from 'tabla';
import { playEveryGame } from '../shared/play.js';

init().then(
  () => {
    try {
      postMessage({ ok: true, detail: playEveryGame(tabla) });
    } catch (e) {
      postMessage({ ok: false, detail: String(e?.stack ?? e) });
    }
  },
  (e) => postMessage({ ok: false, detail: `init: ${e?.stack ?? e}` }),
);
