// Geometry of the backgammon-family board: one source of truth for where everything is drawn
// and for what a pointer position means. The renderer draws from it; input and the browser tests
// hit-test and click with it.
//
// The board is laid out in abstract "point units" (one point is one unit wide) in a landscape
// frame with White's home board at the bottom right, then mirrored (home board on the left),
// flipped (White at the top) and, on tall narrow screens, turned a quarter clockwise (portrait),
// so every rectangle stays axis-aligned on screen.
//
// Locations are written in White's numbering: points 1..24, and {kind:'bar'|'tray', side}.
// Engine steps use the mover's numbering (25 = bar or not yet entered, 0 = borne off); see
// `engineToLoc` / `locToEngine`.

export const FRAME = 0.36; // wooden frame thickness
export const BAR = 1.1; // bar width
export const TRAY = 1.25; // bear-off tray column width
export const POINT_LEN = 5; // longest point (holds 5 checkers side by side); shortened to 4
// when that makes the whole board bigger on the screen
export const GAP = 1.3; // the middle strip between top and bottom points (dice live here)
export const R = 0.46; // checker radius
export const MAX_STACK = 5; // checkers drawn on a point before the stack shows a count
export const CUBE = 0.8; // doubling cube side

export const BOARD_W = FRAME + 6 + BAR + 6 + FRAME + TRAY + FRAME;
const boardH = (len) => FRAME * 2 + len * 2 + GAP;
export const BOARD_H = boardH(POINT_LEN);

/**
 * Compute the layout for a canvas of `width` x `height` CSS pixels.
 * options: { homeLeft, flipped, portrait: true|false|'auto' }
 */
export function layout(width, height, options = {}) {
  const homeLeft = !!options.homeLeft;
  const flipped = !!options.flipped;
  // The point length that lets the board fill the space best, between 4 and 5 units.
  const fit = (across, along) => {
    const len = Math.max(4, Math.min(POINT_LEN, ((across * BOARD_W) / along - 2 * FRAME - GAP) / 2));
    return { len, unit: Math.min(along / BOARD_W, across / boardH(len)) };
  };
  let portrait = options.portrait ?? 'auto';
  const land = fit(height, width),
    port = fit(width, height);
  if (portrait === 'auto') portrait = port.unit > land.unit * 1.12; // the one with bigger points
  const len = (portrait ? port : land).len;
  const BOARD_H = boardH(len);
  const [uw, uh] = portrait ? [BOARD_H, BOARD_W] : [BOARD_W, BOARD_H];
  const unit = Math.max(1, Math.min(width / uw, height / uh));
  const ox = (width - uw * unit) / 2;
  const oy = (height - uh * unit) / 2;

  // abstract (landscape, unmirrored) -> screen
  const pt = (x, y) => {
    if (homeLeft) x = BOARD_W - x;
    if (flipped) y = BOARD_H - y;
    if (portrait) [x, y] = [BOARD_H - y, x];
    return { x: ox + x * unit, y: oy + y * unit };
  };
  const rect = (x, y, w, h) => {
    const a = pt(x, y),
      b = pt(x + w, y + h);
    return { x: Math.min(a.x, b.x), y: Math.min(a.y, b.y), w: Math.abs(b.x - a.x), h: Math.abs(b.y - a.y) };
  };

  const x0 = FRAME;
  const xRight = x0 + 6 + BAR;
  const xTray = xRight + 6 + FRAME;
  const midY = BOARD_H / 2;

  const colX = (n) => {
    if (n <= 6) return xRight + (6 - n);
    if (n <= 12) return x0 + (12 - n);
    if (n <= 18) return x0 + (n - 13);
    return xRight + (n - 19);
  };

  const points = [null];
  for (let n = 1; n <= 24; n++) {
    const bottom = n <= 12;
    const cx = colX(n) + 0.5;
    const baseY = bottom ? BOARD_H - FRAME : FRAME;
    const dir = bottom ? -1 : 1; // from the base towards the tip
    const tipY = baseY + dir * len;
    points.push({
      n,
      tri: [pt(cx - 0.5, baseY), pt(cx + 0.5, baseY), pt(cx, tipY)],
      // the clickable area: the whole half-column, from the frame to the middle line
      hit: rect(cx - 0.5, bottom ? midY : FRAME, 1, midY - FRAME),
      slot: (k, count) => {
        const step = stackStep(count, len);
        return pt(cx, baseY + dir * (R + 0.02 + k * step));
      },
      // where a stack's count label and highlights go
      label: pt(cx, baseY + dir * len),
      colour: n % 2, // alternating point colours
    });
  }

  const barX = x0 + 6 + BAR / 2;
  const bar = {
    rect: rect(x0 + 6, FRAME, BAR, BOARD_H - 2 * FRAME),
    // White's hit checkers sit on the upper half (towards where they enter), Black's below.
    white: {
      hit: rect(x0 + 6, FRAME, BAR, midY - FRAME),
      slot: (k) => pt(barX, midY - GAP / 2 - R - k * 2 * R * 0.98),
    },
    black: {
      hit: rect(x0 + 6, midY, BAR, midY - FRAME),
      slot: (k) => pt(barX, midY + GAP / 2 + R + k * 2 * R * 0.98),
    },
  };

  const cubeZone = 2.6;
  const trayH = (BOARD_H - 2 * FRAME - cubeZone) / 2;
  const slabT = Math.min(0.28, (trayH - 0.3) / 15);
  const trayCx = xTray + TRAY / 2;
  const tray = {
    column: rect(xTray, FRAME, TRAY, BOARD_H - 2 * FRAME),
    white: {
      rect: rect(xTray + 0.08, BOARD_H - FRAME - trayH, TRAY - 0.16, trayH),
      // a borne-off (or waiting) checker seen edge-on: a slab
      slab: (k) => rect(trayCx - R * 1.05, BOARD_H - FRAME - 0.12 - (k + 1) * slabT, R * 2.1, slabT * 0.92),
    },
    black: {
      rect: rect(xTray + 0.08, FRAME, TRAY - 0.16, trayH),
      slab: (k) => rect(trayCx - R * 1.05, FRAME + 0.12 + k * slabT, R * 2.1, slabT * 0.92),
    },
  };

  const cubeAt = (y) => ({ ...pt(trayCx, y), size: CUBE * unit });
  const cube = {
    centre: cubeAt(midY),
    white: cubeAt(midY + 0.85),
    black: cubeAt(midY - 0.85),
  };

  // Dice: the side on roll rolls in the half to its right (White: the right half as White sees it).
  const quarter = { white: xRight, black: x0 };
  const dice = {
    // centres of n dice in a row, in the middle strip of that side's half
    slots: (side, n) => {
      const gapU = 1.2,
        start = quarter[side] + 3 - ((n - 1) * gapU) / 2;
      return Array.from({ length: n }, (_, i) => pt(start + i * gapU, midY));
    },
    size: 0.9 * unit,
    // the whole strip a click on which means "roll"
    hit: {
      white: rect(xRight, midY - GAP / 2, 6, GAP),
      black: rect(x0, midY - GAP / 2, 6, GAP),
    },
  };

  return {
    width,
    height,
    unit,
    portrait,
    pointLen: len,
    homeLeft,
    flipped,
    ox,
    oy,
    boardW: uw * unit,
    boardH: uh * unit,
    outer: rect(0, 0, BOARD_W, BOARD_H),
    halves: [rect(x0, FRAME, 6, BOARD_H - 2 * FRAME), rect(xRight, FRAME, 6, BOARD_H - 2 * FRAME)],
    points,
    bar,
    tray,
    cube,
    dice,
    r: R * unit,
    pt,
    rect,
  };
}

/** Distance between stacked checker centres so that `count` checkers fit in `len` units. */
export function stackStep(count, len) {
  const full = 2 * R;
  const shown = Math.min(count, MAX_STACK);
  if (shown <= 1) return full;
  return Math.min(full, (len - 2 * R - 0.04) / (shown - 1));
}

// ---- locations ---------------------------------------------------------------------------

/** The engine's mover-relative number for `player` -> a location. */
export function engineToLoc(player, n, state) {
  if (n === 0) return { kind: 'tray', side: player };
  if (n === 25) {
    // 25 is the bar, or (acey-deucey) a checker not yet entered: the engine says which comes next
    if (state?.entersFrom?.[player] === 'unentered') return { kind: 'tray', side: player, waiting: true };
    return { kind: 'bar', side: player };
  }
  return { kind: 'point', n: player === 'white' ? n : 25 - n };
}

/** A location -> the mover's engine number (or null when it is not one of the mover's). */
export function locToEngine(player, loc, state) {
  if (!loc) return null;
  if (loc.kind === 'point') return player === 'white' ? loc.n : 25 - loc.n;
  if (loc.side !== player) return null;
  if (loc.kind === 'bar') return 25;
  if (loc.kind === 'tray') {
    // acey-deucey: the tray holds the checkers still to enter (none can be borne off meanwhile)
    const waiting = loc.waiting || state?.entersFrom?.[player] === 'unentered';
    return waiting ? 25 : 0;
  }
  return null;
}

export function sameLoc(a, b) {
  if (!a || !b || a.kind !== b.kind) return false;
  return a.kind === 'point' ? a.n === b.n : a.side === b.side;
}

// ---- hit testing -------------------------------------------------------------------------

const inside = (r, x, y) => x >= r.x && x <= r.x + r.w && y >= r.y && y <= r.y + r.h;

/** What is under (x, y): {kind:'point', n} | {kind:'bar', side} | {kind:'tray', side} | {kind:'dice'} | null */
export function hitTest(L, x, y) {
  for (let n = 1; n <= 24; n++) if (inside(L.points[n].hit, x, y)) return { kind: 'point', n };
  for (const side of ['white', 'black']) {
    if (inside(L.bar[side].hit, x, y)) return { kind: 'bar', side };
    if (inside(L.tray[side].rect, x, y)) return { kind: 'tray', side };
  }
  if (inside(L.tray.column, x, y)) {
    // between the trays: the nearer one
    const w = centre(L.tray.white.rect),
      b = centre(L.tray.black.rect);
    const side = dist2(w, { x, y }) < dist2(b, { x, y }) ? 'white' : 'black';
    return { kind: 'tray', side };
  }
  for (const side of ['white', 'black']) if (inside(L.dice.hit[side], x, y)) return { kind: 'dice', side };
  return null;
}

/** The screen point a location is best clicked at (the middle of its top checker or its area). */
export function locCentre(L, loc, state) {
  if (loc.kind === 'point') {
    const count = state ? Math.abs(state.points[loc.n - 1]) : 0;
    const p = L.points[loc.n];
    const k = Math.max(0, Math.min(count, MAX_STACK) - 1);
    return p.slot(k, Math.max(count, 1));
  }
  if (loc.kind === 'bar') {
    const count = state ? state.bar[loc.side] : 1;
    return L.bar[loc.side].slot(Math.max(0, Math.min(count, 4) - 1));
  }
  if (loc.kind === 'tray') return centre(L.tray[loc.side].rect);
  return null;
}

/** Where a checker arriving at a location lands (the next free slot). */
export function landingCentre(L, loc, state) {
  if (loc.kind === 'point') {
    const count = state ? Math.abs(state.points[loc.n - 1]) : 0;
    const p = L.points[loc.n];
    return p.slot(Math.min(count, MAX_STACK - 1), count + 1);
  }
  if (loc.kind === 'bar') return L.bar[loc.side].slot(Math.min(state ? state.bar[loc.side] : 0, 3));
  if (loc.kind === 'tray') return centre(L.tray[loc.side].rect);
  return null;
}

/** The side whose dice strip (the middle of its half, where it rolls) is under (x, y), or null. */
export function diceAt(L, x, y) {
  for (const side of ['white', 'black']) if (inside(L.dice.hit[side], x, y)) return side;
  return null;
}

/**
 * Nearest candidate location to (x, y) within `tolerance` pixels of its hit area: makes small
 * targets forgiving on touch screens (a tap just outside a highlighted point still counts).
 */
export function nearestLoc(L, x, y, candidates, tolerance) {
  let best = null,
    bestD = Infinity;
  for (const loc of candidates) {
    const r = locRect(L, loc);
    if (!r) continue;
    const dx = Math.max(r.x - x, 0, x - (r.x + r.w));
    const dy = Math.max(r.y - y, 0, y - (r.y + r.h));
    const d = Math.hypot(dx, dy);
    if (d < bestD) {
      bestD = d;
      best = loc;
    }
  }
  return bestD <= tolerance ? best : null;
}

export function locRect(L, loc) {
  if (loc.kind === 'point') return L.points[loc.n].hit;
  if (loc.kind === 'bar') return L.bar[loc.side].hit;
  if (loc.kind === 'tray') return L.tray[loc.side].rect;
  return null;
}

export function centre(r) {
  return { x: r.x + r.w / 2, y: r.y + r.h / 2 };
}
function dist2(a, b) {
  return (a.x - b.x) ** 2 + (a.y - b.y) ** 2;
}
