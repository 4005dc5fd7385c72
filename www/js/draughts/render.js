// Draws a Russian-draughts position on a 2D canvas from a state object shaped like the JS API's
// `DraughtsState`, plus a `view` of UI-only things (highlights, animated pieces).
// No rules here: legal sources, destinations and paths come from the engine via the caller.
import { FILES, squareRect, centre, ALL_DARK } from './geometry.js';

export const THEME = {
  light: '#efdcb8',
  dark: '#8b5b37',
  frame: ['#5d3920', '#3e2412'],
  coord: '#f5e7cc',
  coordOnLight: '#6b4a2c',
  coordOnDark: '#f7ead3',
  white: { fill: ['#fffdf7', '#e2d6bb'], rim: '#8f7a52', line: '#b9a47a' },
  black: { fill: ['#4b403b', '#161210'], rim: '#cfc6bd', line: '#6e625b' },
  crownOnWhite: '#a26d00',
  crownOnBlack: '#f2c94c',
  crownEdge: '#2b1d00',
  highlight: '#ffd84d',
  halo: '#1a1a1a',
  target: '#ffffff',
  cursor: '#4dd2ff',
  last: 'rgba(205, 225, 80, 0.55)',
  lastEdge: 'rgba(40, 60, 0, 0.8)',
  path: 'rgba(255, 255, 255, 0.92)',
  captured: '#d7263d',
};

/**
 * The drawing theme from a palette of the element's CSS custom properties (board-style.js names,
 * e.g. `{ frame, 'square-light', ... }`); names it lacks keep THEME's colour.
 */
export function themeFrom(p) {
  if (!p) return THEME;
  const v = (name, fallback) => p[name] || fallback;
  return {
    ...THEME,
    light: v('square-light', THEME.light),
    dark: v('square-dark', THEME.dark),
    frame: [v('frame', THEME.frame[0]), v('frame-2', THEME.frame[1])],
    coord: v('label', THEME.coord),
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
  };
}

/**
 * view: {
 *   sources: sq[], targets: sq[], selected: sq, cursor: sq,
 *   paths: sq[][]            candidate capture paths to show,
 *   hidden: sq[]             squares whose piece is not drawn (it is being animated),
 *   ghosts: [{square, color, king, alpha}]   pieces drawn faded (captured, still on the board),
 *   floating: [{x, y, color, king}]           pieces at free positions,
 *   showLast: boolean (default true)
 * }
 */
export function draw(ctx, L, state, view = {}, th = THEME) {
  ctx.clearRect(0, 0, L.width, L.height);
  drawBoard(ctx, L, th);
  const last = state?.lastMove && view.showLast !== false ? state.lastMove : null;
  if (last) markLast(ctx, L, last, th);
  if (view.selected) tint(ctx, L, view.selected, 'rgba(255, 216, 77, 0.35)');
  if (state) {
    const hidden = new Set(view.hidden || []);
    for (const p of state.pieces) {
      if (hidden.has(p.square)) continue;
      const c = centre(L, p.square);
      drawPiece(ctx, c.x, c.y, L.size * 0.4, p.color, p.king, th);
    }
  }
  for (const g of view.ghosts || []) {
    const c = centre(L, g.square);
    ctx.save();
    ctx.globalAlpha = g.alpha ?? 0.4;
    drawPiece(ctx, c.x, c.y, L.size * 0.4, g.color, g.king, th);
    ctx.restore();
  }
  if (last?.captured?.length && !view.ghosts?.length) {
    for (const sq of last.captured) cross(ctx, L, sq, th);
  }
  for (const p of view.paths || []) drawPath(ctx, L, p, th, 0.9);
  for (const sq of view.sources || []) {
    if (sq === view.selected) continue;
    const c = centre(L, sq);
    ring(ctx, c.x, c.y, L.size * 0.43, Math.max(2, L.size * 0.05), th.highlight, th.halo);
  }
  if (view.selected) {
    const c = centre(L, view.selected);
    ring(ctx, c.x, c.y, L.size * 0.45, Math.max(3, L.size * 0.08), th.highlight, th.halo);
  }
  for (const sq of view.targets || []) {
    const c = centre(L, sq);
    ctx.beginPath();
    ctx.arc(c.x, c.y, L.size * 0.16, 0, Math.PI * 2);
    ctx.fillStyle = th.target;
    ctx.fill();
    ctx.lineWidth = Math.max(2, L.size * 0.05);
    ctx.strokeStyle = th.halo;
    ctx.stroke();
  }
  if (view.cursor) {
    const r = squareRect(L, view.cursor);
    const lw = Math.max(2, L.size * 0.06);
    ctx.save();
    ctx.lineWidth = lw + 2;
    ctx.strokeStyle = th.halo;
    ctx.strokeRect(r.x + lw, r.y + lw, r.w - 2 * lw, r.h - 2 * lw);
    ctx.lineWidth = lw;
    ctx.strokeStyle = th.cursor;
    ctx.setLineDash([lw * 2, lw * 1.3]);
    ctx.strokeRect(r.x + lw, r.y + lw, r.w - 2 * lw, r.h - 2 * lw);
    ctx.restore();
  }
  if (!L.framed) drawInnerCoords(ctx, L, th);
  for (const f of view.floating || []) drawPiece(ctx, f.x, f.y, L.size * 0.42, f.color, f.king, th, true);
}

function drawBoard(ctx, L, th) {
  const o = L.outer,
    s = L.size;
  if (L.framed) {
    const g = ctx.createLinearGradient(o.x, o.y, o.x + o.w, o.y + o.h);
    g.addColorStop(0, th.frame[0]);
    g.addColorStop(1, th.frame[1]);
    ctx.fillStyle = g;
    ctx.fillRect(o.x, o.y, o.w, o.h);
  }
  ctx.fillStyle = th.light;
  ctx.fillRect(L.x0, L.y0, 8 * s, 8 * s);
  ctx.fillStyle = th.dark;
  for (const sq of ALL_DARK) {
    const r = squareRect(L, sq);
    ctx.fillRect(r.x, r.y, r.w + 0.5, r.h + 0.5);
  }
  // coordinates
  const files = [...FILES];
  if (L.framed) {
    ctx.fillStyle = th.coord;
    ctx.font = `${Math.round(L.frame * 0.6)}px system-ui, sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    for (let i = 0; i < 8; i++) {
      const f = L.flipped ? files[7 - i] : files[i];
      const rank = L.flipped ? i + 1 : 8 - i;
      const x = L.x0 + (i + 0.5) * s,
        y = L.y0 + (i + 0.5) * s;
      ctx.fillText(f, x, L.y0 + 8 * s + L.frame / 2);
      ctx.fillText(f, x, L.y0 - L.frame / 2);
      ctx.fillText(String(rank), L.x0 - L.frame / 2, y);
      ctx.fillText(String(rank), L.x0 + 8 * s + L.frame / 2, y);
    }
  }
}

// Small screens: coordinates inside the edge squares, drawn over everything (corners stay free).
function drawInnerCoords(ctx, L, th) {
  const s = L.size,
    files = [...FILES];
  ctx.font = `bold ${Math.max(9, Math.round(s * 0.22))}px system-ui, sans-serif`;
  for (let i = 0; i < 8; i++) {
    const f = L.flipped ? files[7 - i] : files[i];
    const rank = L.flipped ? i + 1 : 8 - i;
    // file letters along the bottom row (right-bottom corner), ranks along the left column
    const bottomDark = (i + 7) % 2 === 1;
    ctx.textAlign = 'right';
    ctx.textBaseline = 'bottom';
    ctx.fillStyle = bottomDark ? th.coordOnDark : th.coordOnLight;
    ctx.fillText(f, L.x0 + (i + 1) * s - s * 0.06, L.y0 + 8 * s - s * 0.03);
    const leftDark = i % 2 === 1;
    ctx.textAlign = 'left';
    ctx.textBaseline = 'top';
    ctx.fillStyle = leftDark ? th.coordOnDark : th.coordOnLight;
    ctx.fillText(String(rank), L.x0 + s * 0.06, L.y0 + i * s + s * 0.05);
  }
}

function tint(ctx, L, sq, colour) {
  const r = squareRect(L, sq);
  ctx.fillStyle = colour;
  ctx.fillRect(r.x, r.y, r.w, r.h);
}

function markLast(ctx, L, m, th) {
  for (const sq of [m.from, m.to]) {
    tint(ctx, L, sq, th.last);
    // corner ticks: the mark has a shape too, not only a colour
    const r = squareRect(L, sq),
      k = r.w * 0.22,
      lw = Math.max(2, r.w * 0.05);
    ctx.strokeStyle = th.lastEdge;
    ctx.lineWidth = lw;
    ctx.beginPath();
    for (const [cx, cy, dx, dy] of [
      [r.x, r.y, 1, 1],
      [r.x + r.w, r.y, -1, 1],
      [r.x, r.y + r.h, 1, -1],
      [r.x + r.w, r.y + r.h, -1, -1],
    ]) {
      const ox = cx + (dx * lw) / 2,
        oy = cy + (dy * lw) / 2;
      ctx.moveTo(ox + dx * k, oy);
      ctx.lineTo(ox, oy);
      ctx.lineTo(ox, oy + dy * k);
    }
    ctx.stroke();
  }
  if (m.path && m.path.length > 2) drawPath(ctx, L, m.path, th, 0.55);
}

function cross(ctx, L, sq, th) {
  const c = centre(L, sq),
    k = L.size * 0.14;
  ctx.save();
  ctx.lineCap = 'round';
  ctx.lineWidth = Math.max(3, L.size * 0.08);
  ctx.strokeStyle = th.halo;
  ctx.beginPath();
  ctx.moveTo(c.x - k, c.y - k);
  ctx.lineTo(c.x + k, c.y + k);
  ctx.moveTo(c.x + k, c.y - k);
  ctx.lineTo(c.x - k, c.y + k);
  ctx.stroke();
  ctx.lineWidth = Math.max(1.5, L.size * 0.04);
  ctx.strokeStyle = th.captured;
  ctx.stroke();
  ctx.restore();
}

export function drawPath(ctx, L, path, th = THEME, alpha = 1) {
  if (!path || path.length < 2) return;
  const pts = path.map((sq) => centre(L, sq));
  ctx.save();
  ctx.globalAlpha = alpha;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  for (const [lw, colour] of [
    [Math.max(5, L.size * 0.13), 'rgba(0,0,0,0.55)'],
    [Math.max(2.5, L.size * 0.07), th.path],
  ]) {
    ctx.lineWidth = lw;
    ctx.strokeStyle = colour;
    ctx.beginPath();
    ctx.moveTo(pts[0].x, pts[0].y);
    for (const p of pts.slice(1)) ctx.lineTo(p.x, p.y);
    ctx.stroke();
    // arrowhead at the end
    const a = pts[pts.length - 2],
      b = pts[pts.length - 1];
    const ang = Math.atan2(b.y - a.y, b.x - a.x),
      h = L.size * 0.22;
    ctx.beginPath();
    ctx.moveTo(b.x - h * Math.cos(ang - 0.5), b.y - h * Math.sin(ang - 0.5));
    ctx.lineTo(b.x, b.y);
    ctx.lineTo(b.x - h * Math.cos(ang + 0.5), b.y - h * Math.sin(ang + 0.5));
    ctx.stroke();
  }
  // landing squares along the way get a small ring
  ctx.lineWidth = Math.max(2, L.size * 0.05);
  ctx.strokeStyle = th.path;
  for (const p of pts.slice(1, -1)) {
    ctx.beginPath();
    ctx.arc(p.x, p.y, L.size * 0.12, 0, Math.PI * 2);
    ctx.stroke();
  }
  ctx.restore();
}

export function drawPiece(ctx, x, y, r, color, king, th = THEME, lifted = false) {
  const s = th[color];
  const layer = (cy, shadow) => {
    ctx.save();
    ctx.shadowColor = 'rgba(0,0,0,0.45)';
    ctx.shadowBlur = shadow;
    ctx.shadowOffsetY = shadow * 0.4;
    const g = ctx.createRadialGradient(x - r * 0.3, cy - r * 0.4, r * 0.1, x, cy, r);
    g.addColorStop(0, s.fill[0]);
    g.addColorStop(1, s.fill[1]);
    ctx.beginPath();
    ctx.arc(x, cy, r, 0, Math.PI * 2);
    ctx.fillStyle = g;
    ctx.fill();
    ctx.restore();
    ctx.lineWidth = Math.max(1, r * 0.1);
    ctx.strokeStyle = s.rim;
    ctx.beginPath();
    ctx.arc(x, cy, r * 0.93, 0, Math.PI * 2);
    ctx.stroke();
    ctx.lineWidth = Math.max(0.75, r * 0.05);
    ctx.strokeStyle = s.line;
    ctx.beginPath();
    ctx.arc(x, cy, r * 0.62, 0, Math.PI * 2);
    ctx.stroke();
  };
  const sh = lifted ? r * 0.6 : r * 0.18;
  if (king) {
    // a king is two men stacked (seen a little from the side) and wears a crown
    layer(y + r * 0.1, sh);
    layer(y - r * 0.12, r * 0.1);
    crown(ctx, x, y - r * 0.12, r * 0.58, color === 'white' ? th.crownOnWhite : th.crownOnBlack, th.crownEdge);
  } else {
    layer(y, sh);
  }
}

function crown(ctx, x, y, s, fill, edge) {
  const w = s * 1.5,
    h = s * 1.0;
  const l = x - w / 2,
    b = y + h * 0.45,
    t = y - h * 0.5;
  ctx.beginPath();
  ctx.moveTo(l, b);
  ctx.lineTo(l, t + h * 0.25);
  ctx.lineTo(l + w * 0.25, y);
  ctx.lineTo(x, t);
  ctx.lineTo(l + w * 0.75, y);
  ctx.lineTo(l + w, t + h * 0.25);
  ctx.lineTo(l + w, b);
  ctx.closePath();
  ctx.fillStyle = fill;
  ctx.fill();
  ctx.lineJoin = 'round';
  ctx.lineWidth = Math.max(1, s * 0.1);
  ctx.strokeStyle = edge;
  ctx.stroke();
  for (const px of [l, x, l + w]) {
    ctx.beginPath();
    ctx.arc(px, px === x ? t : t + h * 0.25, s * 0.1, 0, Math.PI * 2);
    ctx.fillStyle = fill;
    ctx.fill();
    ctx.stroke();
  }
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
