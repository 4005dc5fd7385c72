// The optional evaluation bar (settings: "Evaluation bar", off by default): the engine's view of
// the position, asked of the computer's worker (never computed on the page's thread):
// backgammon, the win probability of the side at the bottom (evaluate(), 1 ply); draughts, the
// search's score for that side (analyze()). The bar fills from the bottom with that side's share.

/** The share (0..1) of `side` and its text, from the worker's answer `e` ({ white } or { white: { centi | winIn | lossIn } }). */
export function evalShare(e, side, family) {
  if (!e) return null;
  if (family === 'backgammon') {
    const w = side === 'white' ? e.white : 1 - e.white;
    return { share: w, text: `${Math.round(w * 100)}%` };
  }
  const s = e.white; // the score for White, in hundredths of a man, or a forced result
  const sign = side === 'white' ? 1 : -1;
  if ('winIn' in s || 'lossIn' in s) {
    const wins = 'winIn' in s === (sign === 1);
    return { share: wins ? 1 : 0, text: wins ? '+∞' : '−∞' };
  }
  const c = sign * s.centi;
  return { share: 0.5 + 0.5 * Math.tanh(c / 300), text: `${c >= 0 ? '+' : '−'}${(Math.abs(c) / 100).toFixed(2)}` };
}

/** Keeps one bar element up to date for a board (its host). */
export class EvalBar {
  constructor(host, el) {
    this.host = host;
    this.el = el;
    this.key = null;
    this.value = null;
    this.seq = 0;
  }

  /** The position's identity: a new one asks the worker again. */
  positionKey() {
    const g = this.host.engine;
    try {
      return this.host.kind.id === 'backgammon' ? `${g.gnubgId()}:${g.state().phase}` : g.fen();
    } catch {
      return null;
    }
  }

  update() {
    const on = this.host.hasAttribute('evalbar') && !!this.host.engine && !!this.host.ctrl;
    this.el.hidden = !on;
    if (!on) {
      this.key = null;
      return;
    }
    const key = this.positionKey();
    if (key && key !== this.key) {
      this.key = key;
      this.value = null; // a new position: nothing shown until its evaluation comes
      const seq = ++this.seq;
      const family = this.host.kind.id;
      this.host
        .ai({ kind: family === 'backgammon' ? 'bg-eval' : 'ru-eval', save: this.host.saveData() })
        .then((e) => {
          if (seq !== this.seq) return;
          this.value = { family, e };
          this.show();
        })
        .catch(() => {
          if (seq === this.seq) this.value = null;
          this.show();
        });
    }
    this.show();
  }

  show() {
    const side = this.host.flipped ? 'black' : 'white';
    const v = this.value && evalShare(this.value.e, side, this.value.family);
    const t = this.host.t;
    const fill = this.el.querySelector('.fill');
    if (!v) {
      this.el.removeAttribute('aria-valuenow');
      this.el.setAttribute('aria-valuetext', '…');
      fill.style.height = '50%';
      this.el.querySelector('.val').textContent = '';
      return;
    }
    const pct = Math.round(v.share * 1000) / 10;
    fill.style.height = `${pct}%`;
    this.el.setAttribute('aria-valuenow', String(pct));
    this.el.setAttribute('aria-valuetext', t('eval.value', { player: t(`player.${side}`), value: v.text }));
    this.el.setAttribute('aria-label', t('eval.label'));
    this.el.querySelector('.val').textContent = v.text;
    this.el.dataset.side = side;
  }
}
