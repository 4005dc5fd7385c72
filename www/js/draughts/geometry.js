// Geometry of the 8x8 draughts board: one source of truth for the renderer, pointer and keyboard
// input, and the browser tests (which click at the centres computed here).
// Squares are algebraic names: files a-h from White's left, ranks 1-8 from White's side; a1 dark.

export const FILES = 'abcdefgh';

/**
 * Layout for a canvas of width x height CSS pixels.
 * options: { flipped: Black at the bottom }
 * A wooden frame carries the coordinates when there is room (>= 480 px); on small screens the
 * coordinates go inside the edge squares and the squares get every pixel.
 */
export function layout(width, height, options = {}) {
  const flipped = !!options.flipped;
  const side = Math.max(8, Math.min(width, height));
  const framed = side >= 480;
  const frame = framed ? Math.round(side * 0.045) : 0;
  const size = (side - 2 * frame) / 8;
  const x0 = (width - side) / 2 + frame;
  const y0 = (height - side) / 2 + frame;
  return {
    width,
    height,
    flipped,
    framed,
    frame,
    size,
    x0,
    y0,
    outer: { x: x0 - frame, y: y0 - frame, w: side, h: side },
    board: { x: x0, y: y0, w: 8 * size, h: 8 * size },
  };
}

export function parse(sq) {
  const f = FILES.indexOf(sq[0]);
  const r = Number(sq.slice(1)) - 1;
  return { f, r };
}

export function name(f, r) {
  return FILES[f] + (r + 1);
}

export const isDark = (sq) => {
  const { f, r } = parse(sq);
  return (f + r) % 2 === 0;
};

/** Screen column/row (0..7 from the top-left) of a square. */
export function cell(L, sq) {
  const { f, r } = parse(sq);
  return L.flipped ? { col: 7 - f, row: r } : { col: f, row: 7 - r };
}

export function squareRect(L, sq) {
  const { col, row } = cell(L, sq);
  return { x: L.x0 + col * L.size, y: L.y0 + row * L.size, w: L.size, h: L.size };
}

export function centre(L, sq) {
  const r = squareRect(L, sq);
  return { x: r.x + r.w / 2, y: r.y + r.h / 2 };
}

/** The square under (x, y), or null outside the board. */
export function hitTest(L, x, y) {
  const col = Math.floor((x - L.x0) / L.size);
  const row = Math.floor((y - L.y0) / L.size);
  if (col < 0 || col > 7 || row < 0 || row > 7) return null;
  return L.flipped ? name(7 - col, row) : name(col, 7 - row);
}

/** The square one step from `sq` in screen direction (dx, dy), or `sq` at the edge. */
export function neighbour(L, sq, dx, dy) {
  const { col, row } = cell(L, sq);
  const c = Math.max(0, Math.min(7, col + dx)),
    r = Math.max(0, Math.min(7, row + dy));
  return L.flipped ? name(7 - c, r) : name(c, 7 - r);
}

export const ALL_DARK = (() => {
  const out = [];
  for (let r = 0; r < 8; r++) for (let f = 0; f < 8; f++) if ((f + r) % 2 === 0) out.push(name(f, r));
  return out;
})();
