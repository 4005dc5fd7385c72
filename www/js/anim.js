// Motion that explains, and none at all when the player or the system asks for none.
const reduce = typeof matchMedia === 'function' ? matchMedia('(prefers-reduced-motion: reduce)') : null;

export function motionAllowed(setting) {
  if (setting === false) return false;
  return !reduce?.matches;
}

export const ease = (t) => (t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2);

/** Calls frame(progress 0..1) on animation frames for `ms`; resolves when done. */
export function tween(ms, frame) {
  return new Promise((resolve) => {
    const start = performance.now();
    const tick = (now) => {
      const t = Math.min(1, (now - start) / ms);
      frame(ease(t));
      if (t < 1) requestAnimationFrame(tick);
      else resolve();
    };
    requestAnimationFrame(tick);
  });
}

export const lerp = (a, b, t) => ({ x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t });

/** A point on a path through several points, t in 0..1 (equal time per segment). */
export function along(points, t) {
  if (points.length === 1) return points[0];
  const seg = Math.min(points.length - 2, Math.floor(t * (points.length - 1)));
  const local = t * (points.length - 1) - seg;
  return lerp(points[seg], points[seg + 1], local);
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
