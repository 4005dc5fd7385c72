// Optional sound (settings: "Sound", off by default): dice and checkers, synthesized with Web
// Audio (no files). Where there is no AudioContext, or it cannot start, nothing sounds and
// nothing fails.

let ctx = null;
let broken = false;

function context() {
  if (broken) return null;
  if (!ctx) {
    const AC = globalThis.AudioContext || globalThis.webkitAudioContext;
    if (typeof AC !== 'function') {
      broken = true;
      return null;
    }
    try {
      ctx = new AC();
    } catch {
      broken = true;
      return null;
    }
  }
  if (ctx.state === 'suspended') ctx.resume?.().catch?.(() => {});
  return ctx;
}

/** A short burst of filtered noise at `at` seconds: a click of wood or a die on the board. */
function knock(ac, at, { freq, q = 4, length = 0.05, gain = 0.5 }) {
  const frames = Math.max(1, Math.floor(ac.sampleRate * length));
  const buf = ac.createBuffer(1, frames, ac.sampleRate);
  const data = buf.getChannelData(0);
  for (let i = 0; i < frames; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / frames) ** 3;
  const src = ac.createBufferSource();
  src.buffer = buf;
  const filter = ac.createBiquadFilter();
  filter.type = 'bandpass';
  filter.frequency.value = freq;
  filter.Q.value = q;
  const g = ac.createGain();
  g.gain.setValueAtTime(gain, at);
  g.gain.exponentialRampToValueAtTime(0.001, at + length);
  src.connect(filter).connect(g).connect(ac.destination);
  src.start(at);
  src.stop(at + length + 0.01);
}

/**
 * Plays `kind`: 'dice' (a rattle of a few hits), 'checker' (a checker or piece set down), 'hit'
 * (a harder knock). Returns whether a sound was scheduled.
 */
export function playSound(kind) {
  const ac = context();
  if (!ac) return false;
  try {
    const now = ac.currentTime + 0.01;
    if (kind === 'dice') {
      for (let i = 0; i < 5; i++)
        knock(ac, now + i * 0.045 + Math.random() * 0.02, {
          freq: 2400 + Math.random() * 1400,
          length: 0.03,
          gain: 0.35,
        });
    } else if (kind === 'hit') {
      knock(ac, now, { freq: 700, q: 2, length: 0.09, gain: 0.8 });
    } else {
      knock(ac, now, { freq: 1100, q: 3, length: 0.06, gain: 0.6 });
    }
    return true;
  } catch {
    return false;
  }
}
