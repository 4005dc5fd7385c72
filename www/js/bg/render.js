// Draws a backgammon-family position on a 2D canvas from a state object shaped like the JS API's
// `BackgammonState`, plus a `view` of UI-only things (highlights, a dragged or animated checker).
// No rules here: what is highlighted is decided by the caller from the engine's legal steps.
import { MAX_STACK, sameLoc, locRect, landingCentre, locCentre } from './geometry.js';

export const THEME = {
  wood: ['#6b4226', '#4a2b17'],
  woodLine: 'rgba(255,255,255,0.06)',
  felt: ['#2c6147', '#1c4431'],
  pointLight: '#d6b57c',
  pointDark: '#8e2f25',
  pointEdge: 'rgba(0,0,0,0.35)',
  white: { fill: ['#fbf6e9', '#dccca4'], rim: '#8c7448', text: '#3a2a10', ring: '#b49b6a' },
  black: { fill: ['#4a4a4a', '#141414'], rim: '#c9c9c9', text: '#ffffff', ring: '#7a7a7a' },
  highlight: '#ffd84d', // legal sources / selection (with a dark halo so it shows on ivory)
  halo: '#1a1a1a',
  target: '#ffffff',
  cursor: '#4dd2ff',
  dieFace: '#fbfaf6',
  diePip: '#1b1b1b',
  dieEdge: '#6d6d6d',
  dieFaceDark: '#262626',
  diePipDark: '#f4f4f4',
  cubeFace: '#f4f1e6',
  cubeText: '#1b1b1b',
  label: '#f3e6cc',
  last: '#7fe0ff', // the last play's marks
};

/**
 * The drawing theme from a palette of the element's CSS custom properties (board-style.js names,
 * e.g. `{ frame, board, 'point-light', ... }`); names it lacks keep THEME's colour.
 */
export function themeFrom(p) {
  if (!p) return THEME;
  const v = (name, fallback) => p[name] || fallback;
  return {
    ...THEME,
    wood: [v('frame', THEME.wood[0]), v('frame-2', THEME.wood[1])],
    felt: [v('board', THEME.felt[0]), v('board-2', THEME.felt[1])],
    pointLight: v('point-light', THEME.pointLight),
    pointDark: v('point-dark', THEME.pointDark),
    white: {
      ...THEME.white,
      fill: [v('checker-white', THEME.white.fill[0]), v('checker-white-2', THEME.white.fill[1])],
    },
    black: {
      ...THEME.black,
      fill: [v('checker-black', THEME.black.fill[0]), v('checker-black-2', THEME.black.fill[1])],
    },
    highlight: v('highlight', THEME.highlight),
    target: v('target', THEME.target),
    cursor: v('focus', THEME.cursor),
    label: v('label', THEME.label),
    last: v('last', THEME.last),
  };
}

/**
 * view: {
 *   sources: loc[], targets: loc[], selected: loc, cursor: loc,
 *   hidden: [{loc, count}]      checkers not drawn at a location (they are being animated/dragged),
 *   floating: [{x, y, side, scale}]  checkers drawn at free positions,
 *   rollable: boolean            dice area invites a roll,
 *   numbersFor: 'white'|'black'  whose numbering the point labels use,
 *   lastMove: [{from: loc, to: loc}]  the last play's steps, marked on the board,
 *   hintMove: [{from: loc, to: loc}]  a hinted play, drawn as arrows,
 *   lastDice: { side, dice }     the last play's roll, shown on its side until the next roll,
 * }
 */
export function draw(ctx, L, state, view = {}, theme = THEME) {
  const { width, height } = L;
  ctx.clearRect(0, 0, width, height);
  drawTable(ctx, L, theme);
  drawPoints(ctx, L, theme, view);
  if (view.lastMove) drawLastMove(ctx, L, theme, view.lastMove, state);
  if (state) {
    drawCheckers(ctx, L, state, view, theme);
    drawTrays(ctx, L, state, view, theme);
    drawCube(ctx, L, state, theme);
    drawDice(ctx, L, state, view, theme);
    if (view.lastMove) drawLastArrivals(ctx, L, theme, view.lastMove, state);
  }
  drawHighlights(ctx, L, state, view, theme);
  if (view.hintMove && state) drawHintMove(ctx, L, theme, view.hintMove, state);
  for (const f of view.floating || [])
    drawChecker(ctx, f.x, f.y, L.r * (f.scale || 1), f.side, theme, { lifted: true });
}

// ---- the table ---------------------------------------------------------------------------

function drawTable(ctx, L, th) {
  const o = L.outer;
  const u = L.unit;
  // frame: wood with a few grain lines
  const g = ctx.createLinearGradient(o.x, o.y, o.x + o.w, o.y + o.h);
  g.addColorStop(0, th.wood[0]);
  g.addColorStop(1, th.wood[1]);
  roundRect(ctx, o.x, o.y, o.w, o.h, u * 0.25);
  ctx.fillStyle = g;
  ctx.fill();
  ctx.save();
  ctx.clip();
  ctx.strokeStyle = th.woodLine;
  ctx.lineWidth = Math.max(1, u * 0.04);
  const horizontal = !L.portrait;
  for (let i = 0; i < 40; i++) {
    const t = (i * 0.6180339887) % 1;
    ctx.beginPath();
    if (horizontal) {
      const y = o.y + t * o.h;
      ctx.moveTo(o.x, y);
      ctx.bezierCurveTo(o.x + o.w * 0.3, y + u * 0.15, o.x + o.w * 0.7, y - u * 0.15, o.x + o.w, y);
    } else {
      const x = o.x + t * o.w;
      ctx.moveTo(x, o.y);
      ctx.bezierCurveTo(x + u * 0.15, o.y + o.h * 0.3, x - u * 0.15, o.y + o.h * 0.7, x, o.y + o.h);
    }
    ctx.stroke();
  }
  ctx.restore();
  // felt in each half
  for (const h of L.halves) {
    const fg = ctx.createRadialGradient(
      h.x + h.w / 2,
      h.y + h.h / 2,
      0,
      h.x + h.w / 2,
      h.y + h.h / 2,
      Math.max(h.w, h.h) * 0.7,
    );
    fg.addColorStop(0, th.felt[0]);
    fg.addColorStop(1, th.felt[1]);
    ctx.fillStyle = fg;
    ctx.fillRect(h.x, h.y, h.w, h.h);
    ctx.strokeStyle = 'rgba(0,0,0,0.45)';
    ctx.lineWidth = Math.max(1, u * 0.05);
    ctx.strokeRect(h.x, h.y, h.w, h.h);
  }
  // bar and tray column: a darker inset
  for (const r of [L.bar.rect, L.tray.column]) {
    ctx.fillStyle = 'rgba(0,0,0,0.18)';
    ctx.fillRect(r.x, r.y, r.w, r.h);
  }
  for (const side of ['white', 'black']) {
    const r = L.tray[side].rect;
    ctx.fillStyle = 'rgba(0,0,0,0.28)';
    roundRect(ctx, r.x, r.y, r.w, r.h, u * 0.1);
    ctx.fill();
  }
}

function drawPoints(ctx, L, th, view) {
  const u = L.unit;
  for (let n = 1; n <= 24; n++) {
    const p = L.points[n];
    const [a, b, c] = p.tri;
    ctx.beginPath();
    ctx.moveTo(a.x, a.y);
    ctx.lineTo(b.x, b.y);
    ctx.lineTo(c.x, c.y);
    ctx.closePath();
    ctx.fillStyle = p.colour ? th.pointDark : th.pointLight;
    ctx.fill();
    ctx.strokeStyle = th.pointEdge;
    ctx.lineWidth = Math.max(1, u * 0.03);
    ctx.stroke();
  }
  // point numbers in the frame, from the perspective of `numbersFor`, when there is room
  const fontPx = Math.floor(u * 0.3);
  if (view.numbersFor && fontPx >= 9) {
    ctx.fillStyle = th.label;
    ctx.font = `${fontPx}px system-ui, sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    for (let n = 1; n <= 24; n++) {
      const p = L.points[n];
      const [a, b] = p.tri;
      const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
      // push outwards into the frame: away from the tip
      const c = p.tri[2];
      const dx = mid.x - c.x,
        dy = mid.y - c.y,
        len = Math.hypot(dx, dy) || 1;
      const off = u * 0.18;
      const label = view.numbersFor === 'white' ? n : 25 - n;
      ctx.fillText(String(label), mid.x + (dx / len) * off, mid.y + (dy / len) * off);
    }
  }
}

/**
 * The last play: a dashed line from each step's start to its end, a dashed ghost ring where the
 * checker left and a solid ring around it where it arrived (shape, not only colour). Drawn
 * under the checkers; the arrival ring is drawn again over them by drawLastArrivals.
 */
function drawLastMove(ctx, L, th, moves, state) {
  ctx.save();
  const lw = Math.max(1.5, L.unit * 0.06);
  ctx.lineWidth = lw;
  for (const m of moves) {
    const a = m.from.kind === 'point' ? landingCentre(L, m.from, state) : locCentre(L, m.from, state),
      b = locCentre(L, m.to, state);
    if (!a || !b) continue;
    ctx.strokeStyle = th.last;
    ctx.setLineDash([L.unit * 0.15, L.unit * 0.12]);
    ctx.beginPath();
    ctx.moveTo(a.x, a.y);
    ctx.lineTo(b.x, b.y);
    ctx.stroke();
    ctx.beginPath();
    ctx.arc(a.x, a.y, L.r * 0.85, 0, Math.PI * 2);
    ctx.stroke();
  }
  ctx.restore();
}

function drawLastArrivals(ctx, L, th, moves, state) {
  ctx.save();
  const lw = Math.max(2, L.r * 0.14);
  for (const m of moves) {
    if (m.to.kind === 'tray') continue;
    const b = locCentre(L, m.to, state);
    if (!b) continue;
    ctx.lineWidth = lw * 1.6;
    ctx.strokeStyle = th.halo;
    ctx.beginPath();
    ctx.arc(b.x, b.y, L.r * 1.04, 0, Math.PI * 2);
    ctx.stroke();
    ctx.lineWidth = lw;
    ctx.strokeStyle = th.last;
    ctx.stroke();
  }
  ctx.restore();
}

/**
 * A hinted play: for each step an arrow from the checker to where it lands, and a ring there
 * with a centre dot (drawn over the checkers, in the target colour, with a dark halo).
 */
function drawHintMove(ctx, L, th, moves, state) {
  ctx.save();
  const lw = Math.max(2, L.r * 0.16);
  const counts = new Map();
  for (const m of moves) {
    const a = locCentre(L, m.from, state);
    const k = `${m.to.kind}${m.to.n ?? m.to.side}`;
    const extra = counts.get(k) || 0;
    counts.set(k, extra + 1);
    const b =
      m.to.kind === 'tray'
        ? locCentre(L, m.to, state)
        : landingCentre(L, m.to, {
            ...state,
            points: state.points.map((v, i) => (m.to.kind === 'point' && i === m.to.n - 1 ? Math.abs(v) + extra : v)),
          });
    if (!a || !b) continue;
    for (const [w, c] of [
      [lw * 2, th.halo],
      [lw, th.target],
    ]) {
      ctx.lineWidth = w;
      ctx.strokeStyle = c;
      ctx.beginPath();
      ctx.moveTo(a.x, a.y);
      ctx.lineTo(b.x, b.y);
      ctx.stroke();
      ctx.beginPath();
      ctx.arc(b.x, b.y, L.r * 0.8, 0, Math.PI * 2);
      ctx.stroke();
    }
    const ang = Math.atan2(b.y - a.y, b.x - a.x);
    const tip = { x: b.x - Math.cos(ang) * L.r * 0.8, y: b.y - Math.sin(ang) * L.r * 0.8 };
    ctx.fillStyle = th.target;
    ctx.beginPath();
    ctx.moveTo(tip.x, tip.y);
    ctx.lineTo(tip.x - Math.cos(ang - 0.5) * L.r * 0.6, tip.y - Math.sin(ang - 0.5) * L.r * 0.6);
    ctx.lineTo(tip.x - Math.cos(ang + 0.5) * L.r * 0.6, tip.y - Math.sin(ang + 0.5) * L.r * 0.6);
    ctx.closePath();
    ctx.fill();
  }
  ctx.restore();
}

// ---- checkers ----------------------------------------------------------------------------

function hiddenAt(view, loc) {
  let k = 0;
  for (const h of view.hidden || []) if (sameLoc(h.loc, loc)) k += h.count || 1;
  return k;
}

function drawCheckers(ctx, L, state, view, th) {
  const r = L.r;
  for (let n = 1; n <= 24; n++) {
    const v = state.points[n - 1];
    if (!v) continue;
    const side = v > 0 ? 'white' : 'black';
    const count = Math.abs(v) - hiddenAt(view, { kind: 'point', n });
    if (count <= 0) continue;
    const p = L.points[n];
    const shown = Math.min(count, MAX_STACK);
    for (let k = 0; k < shown; k++) {
      const c = p.slot(k, count);
      drawChecker(ctx, c.x, c.y, r, side, th);
    }
    if (count > MAX_STACK) {
      const c = p.slot(shown - 1, count);
      drawCount(ctx, c.x, c.y, r, count, side, th);
    }
  }
  for (const side of ['white', 'black']) {
    const count = (state.bar?.[side] || 0) - hiddenAt(view, { kind: 'bar', side });
    const shown = Math.min(count, 4);
    for (let k = 0; k < shown; k++) {
      const c = L.bar[side].slot(k);
      drawChecker(ctx, c.x, c.y, r, side, th);
    }
    if (count > shown) {
      const c = L.bar[side].slot(shown - 1);
      drawCount(ctx, c.x, c.y, r, count, side, th);
    }
  }
}

export function drawChecker(ctx, x, y, r, side, th = THEME, opts = {}) {
  const s = th[side];
  ctx.save();
  if (opts.lifted) {
    ctx.shadowColor = 'rgba(0,0,0,0.45)';
    ctx.shadowBlur = r * 0.6;
    ctx.shadowOffsetY = r * 0.25;
  } else {
    ctx.shadowColor = 'rgba(0,0,0,0.35)';
    ctx.shadowBlur = r * 0.2;
    ctx.shadowOffsetY = r * 0.08;
  }
  const g = ctx.createRadialGradient(x - r * 0.35, y - r * 0.4, r * 0.1, x, y, r);
  g.addColorStop(0, s.fill[0]);
  g.addColorStop(1, s.fill[1]);
  ctx.beginPath();
  ctx.arc(x, y, r * 0.96, 0, Math.PI * 2);
  ctx.fillStyle = g;
  ctx.fill();
  ctx.restore();
  // rim and inner groove
  ctx.lineWidth = Math.max(1, r * 0.12);
  ctx.strokeStyle = s.rim;
  ctx.beginPath();
  ctx.arc(x, y, r * 0.9, 0, Math.PI * 2);
  ctx.stroke();
  ctx.lineWidth = Math.max(0.75, r * 0.05);
  ctx.strokeStyle = s.ring;
  ctx.beginPath();
  ctx.arc(x, y, r * 0.6, 0, Math.PI * 2);
  ctx.stroke();
}

function drawCount(ctx, x, y, r, count, side, th) {
  ctx.fillStyle = th[side].text;
  ctx.font = `bold ${Math.round(r * 1.0)}px system-ui, sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(String(count), x, y + r * 0.05);
}

function drawTrays(ctx, L, state, view, th) {
  for (const side of ['white', 'black']) {
    const waiting = state.unentered?.[side] || 0;
    const count = (waiting || state.off?.[side] || 0) - hiddenAt(view, { kind: 'tray', side });
    for (let k = 0; k < count; k++) {
      const r = L.tray[side].slab(k);
      const s = th[side];
      ctx.fillStyle = s.fill[waiting ? 0 : 1];
      roundRect(ctx, r.x, r.y, r.w, r.h, Math.min(r.w, r.h) * 0.3);
      ctx.fill();
      ctx.lineWidth = Math.max(0.75, L.unit * 0.025);
      ctx.strokeStyle = s.rim;
      ctx.stroke();
    }
  }
}

// ---- cube and dice -----------------------------------------------------------------------

function drawCube(ctx, L, state, th) {
  const cube = state.cube;
  if (!cube?.enabled) return;
  let at,
    value = cube.value,
    offered = false;
  if (cube.offeredBy) {
    // the offered cube goes to the other side's half, showing the value it offers
    const to = cube.offeredBy === 'white' ? 'black' : 'white';
    at = { ...L.dice.slots(to, 1)[0], size: L.cube.centre.size * 1.15 };
    value = cube.offeredValue;
    offered = true;
  } else {
    at = cube.owner ? L.cube[cube.owner] : L.cube.centre;
  }
  const s = at.size;
  ctx.save();
  ctx.shadowColor = 'rgba(0,0,0,0.45)';
  ctx.shadowBlur = s * 0.15;
  ctx.shadowOffsetY = s * 0.06;
  roundRect(ctx, at.x - s / 2, at.y - s / 2, s, s, s * 0.15);
  ctx.fillStyle = th.cubeFace;
  ctx.fill();
  ctx.restore();
  ctx.lineWidth = Math.max(1, s * (offered ? 0.08 : 0.04));
  ctx.strokeStyle = offered ? th.halo : '#777';
  roundRect(ctx, at.x - s / 2, at.y - s / 2, s, s, s * 0.15);
  ctx.stroke();
  ctx.fillStyle = th.cubeText;
  const label = String(cube.owner || offered || value > 1 ? value : 64);
  ctx.font = `bold ${Math.round(s * (label.length > 1 ? 0.45 : 0.55))}px system-ui, sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(label, at.x, at.y + s * 0.03);
}

function drawDice(ctx, L, state, view, th) {
  const size = L.dice.size;
  // the opening roll shows until the first play (acey-deucey's winner then rolls afresh)
  const openingShown = state.phase === 'opening' || (state.phase === 'roll' && !state.lastPlay && state.openingRoll);
  if (openingShown) {
    const o = state.openingRoll;
    for (const side of ['white', 'black']) {
      const [c] = L.dice.slots(side, 1);
      if (o?.[side]) drawDie(ctx, c.x, c.y, size, o[side], side, th, false);
      else if (view.rollable) drawDieBlank(ctx, c.x, c.y, size, th);
    }
    return;
  }
  const side = state.turn;
  // the dice as the engine plays them (a double four times)
  const dice = state.playDice ?? state.dice ?? [];
  if (!dice.length) {
    if (view.rollable) for (const c of L.dice.slots(side, 2)) drawDieBlank(ctx, c.x, c.y, size, th);
    // the opponent's last roll stays on its side until the next roll
    const last = view.lastDice;
    if (last && last.side !== side && last.dice?.length) {
      const ld = last.dice;
      const ls = L.dice.slots(last.side, ld.length);
      ld.forEach((d, i) => {
        drawDie(ctx, ls[i].x, ls[i].y, size * (ld.length > 2 ? 0.9 : 1), d, last.side, th, false);
      });
    }
    return;
  }
  const left = [...(state.diceLeft || [])];
  const used = dice.map(() => true);
  // mark dice still to play from the right: a die is available while its value is in diceLeft
  for (let i = 0; i < dice.length; i++) {
    const j = left.indexOf(dice[i]);
    if (j >= 0) {
      used[i] = false;
      left.splice(j, 1);
    }
  }
  const slots = L.dice.slots(side, dice.length);
  dice.forEach((d, i) => {
    drawDie(ctx, slots[i].x, slots[i].y, size * (dice.length > 2 ? 0.9 : 1), d, side, th, used[i]);
  });
}

const PIPS = {
  1: [[0, 0]],
  2: [
    [-1, -1],
    [1, 1],
  ],
  3: [
    [-1, -1],
    [0, 0],
    [1, 1],
  ],
  4: [
    [-1, -1],
    [1, -1],
    [-1, 1],
    [1, 1],
  ],
  5: [
    [-1, -1],
    [1, -1],
    [0, 0],
    [-1, 1],
    [1, 1],
  ],
  6: [
    [-1, -1],
    [1, -1],
    [-1, 0],
    [1, 0],
    [-1, 1],
    [1, 1],
  ],
};

export function drawDie(ctx, x, y, s, value, side, th = THEME, used = false) {
  const dark = side === 'black';
  ctx.save();
  ctx.globalAlpha = used ? 0.38 : 1;
  ctx.shadowColor = 'rgba(0,0,0,0.5)';
  ctx.shadowBlur = s * 0.15;
  ctx.shadowOffsetY = s * 0.06;
  roundRect(ctx, x - s / 2, y - s / 2, s, s, s * 0.18);
  ctx.fillStyle = dark ? th.dieFaceDark : th.dieFace;
  ctx.fill();
  ctx.shadowColor = 'transparent';
  ctx.lineWidth = Math.max(1, s * 0.04);
  ctx.strokeStyle = dark ? '#9a9a9a' : th.dieEdge;
  ctx.stroke();
  ctx.fillStyle = dark ? th.diePipDark : th.diePip;
  const off = s * 0.26,
    pr = s * 0.085;
  for (const [dx, dy] of PIPS[value] || []) {
    ctx.beginPath();
    ctx.arc(x + dx * off, y + dy * off, pr, 0, Math.PI * 2);
    ctx.fill();
  }
  if (used) {
    // not only dimmed: a stroke through a played die
    ctx.globalAlpha = 0.9;
    ctx.strokeStyle = dark ? '#f4f4f4' : '#1b1b1b';
    ctx.lineWidth = Math.max(1.5, s * 0.06);
    ctx.beginPath();
    ctx.moveTo(x - s * 0.42, y + s * 0.42);
    ctx.lineTo(x + s * 0.42, y - s * 0.42);
    ctx.stroke();
  }
  ctx.restore();
}

function drawDieBlank(ctx, x, y, s, th) {
  ctx.save();
  roundRect(ctx, x - s / 2, y - s / 2, s, s, s * 0.18);
  ctx.fillStyle = 'rgba(255,255,255,0.14)';
  ctx.fill();
  ctx.setLineDash([s * 0.12, s * 0.08]);
  ctx.lineWidth = Math.max(1, s * 0.05);
  ctx.strokeStyle = 'rgba(255,255,255,0.85)';
  ctx.stroke();
  ctx.setLineDash([]);
  ctx.fillStyle = 'rgba(255,255,255,0.9)';
  ctx.font = `bold ${Math.round(s * 0.55)}px system-ui, sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText('?', x, y + s * 0.03);
  ctx.restore();
}

// ---- highlights --------------------------------------------------------------------------

function drawHighlights(ctx, L, state, view, th) {
  const r = L.r;
  const lw = Math.max(2, r * 0.18);
  for (const loc of view.sources || []) {
    if (view.selected && sameLoc(loc, view.selected)) continue;
    const c = topOf(L, loc, state, view);
    if (!c) continue;
    ring(ctx, c.x, c.y, r * 1.02, lw, th.highlight, th.halo);
  }
  if (view.selected) {
    const c = topOf(L, view.selected, state, view);
    if (c) {
      ring(ctx, c.x, c.y, r * 1.1, lw * 1.6, th.highlight, th.halo);
    }
  }
  for (const loc of view.targets || []) {
    if (loc.kind === 'tray') {
      const t = L.tray[loc.side].rect;
      ctx.save();
      ctx.lineWidth = lw;
      ctx.strokeStyle = th.halo;
      roundRect(ctx, t.x - lw, t.y - lw, t.w + 2 * lw, t.h + 2 * lw, r * 0.3);
      ctx.stroke();
      ctx.strokeStyle = th.target;
      ctx.setLineDash([lw * 2, lw * 1.2]);
      ctx.stroke();
      ctx.restore();
      const c = { x: t.x + t.w / 2, y: t.y + t.h / 2 };
      dot(ctx, c.x, c.y, r * 0.42, th);
      continue;
    }
    const c = landingCentre(L, loc, adjust(state, view));
    if (!c) continue;
    // a dashed circle where the checker would land, with a solid centre dot: shape, not only colour
    ctx.save();
    ctx.lineWidth = lw * 1.4;
    ctx.strokeStyle = th.halo;
    ctx.beginPath();
    ctx.arc(c.x, c.y, r * 0.92, 0, Math.PI * 2);
    ctx.stroke();
    ctx.lineWidth = lw * 0.8;
    ctx.strokeStyle = th.target;
    ctx.setLineDash([r * 0.35, r * 0.22]);
    ctx.beginPath();
    ctx.arc(c.x, c.y, r * 0.92, 0, Math.PI * 2);
    ctx.stroke();
    ctx.restore();
    dot(ctx, c.x, c.y, r * 0.3, th);
  }
  if (view.cursor) {
    const rr = locRect(L, view.cursor);
    if (rr) {
      ctx.save();
      ctx.lineWidth = Math.max(2, r * 0.14);
      ctx.strokeStyle = th.halo;
      ctx.strokeRect(rr.x + 1, rr.y + 1, rr.w - 2, rr.h - 2);
      ctx.strokeStyle = th.cursor;
      ctx.setLineDash([r * 0.3, r * 0.2]);
      ctx.strokeRect(rr.x + 1, rr.y + 1, rr.w - 2, rr.h - 2);
      ctx.restore();
    }
  }
}

function adjust(state, view) {
  // for landing slots while a checker is lifted off its source, count without it
  if (!state || !view.hidden?.length) return state;
  const points = state.points.slice();
  for (const h of view.hidden) {
    if (h.loc.kind === 'point') {
      const v = points[h.loc.n - 1];
      points[h.loc.n - 1] = v > 0 ? v - (h.count || 1) : v + (h.count || 1);
    }
  }
  return { ...state, points };
}

function topOf(L, loc, state, view) {
  if (!state) return null;
  if (loc.kind === 'point') {
    const count = Math.abs(state.points[loc.n - 1]) - hiddenAt(view, loc);
    if (count <= 0) return L.points[loc.n].slot(0, 1);
    return L.points[loc.n].slot(Math.min(count, MAX_STACK) - 1, count);
  }
  if (loc.kind === 'bar') {
    const count = state.bar[loc.side] - hiddenAt(view, loc);
    return L.bar[loc.side].slot(Math.max(0, Math.min(count, 4) - 1));
  }
  if (loc.kind === 'tray') {
    const count = (state.unentered?.[loc.side] || state.off?.[loc.side] || 0) - hiddenAt(view, loc);
    const s = L.tray[loc.side].slab(Math.max(0, count - 1));
    return { x: s.x + s.w / 2, y: s.y + s.h / 2 };
  }
  return null;
}

function ring(ctx, x, y, r, lw, colour, halo) {
  ctx.save();
  ctx.lineWidth = lw + 3;
  ctx.strokeStyle = halo;
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.stroke();
  ctx.lineWidth = lw;
  ctx.strokeStyle = colour;
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.stroke();
  ctx.restore();
}

function dot(ctx, x, y, r, th) {
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.fillStyle = th.target;
  ctx.fill();
  ctx.lineWidth = Math.max(1.5, r * 0.35);
  ctx.strokeStyle = th.halo;
  ctx.stroke();
}

export function roundRect(ctx, x, y, w, h, r) {
  r = Math.min(r, w / 2, h / 2);
  ctx.beginPath();
  ctx.moveTo(x + r, y);
  ctx.arcTo(x + w, y, x + w, y + h, r);
  ctx.arcTo(x + w, y + h, x, y + h, r);
  ctx.arcTo(x, y + h, x, y, r);
  ctx.arcTo(x, y, x + w, y, r);
  ctx.closePath();
}
