// Shared helpers of the package tests: random games through the JS API.
import { Backgammon, RussianDraughts } from 'tabla';

/** A small seeded generator (xorshift32) for the tests' own choices. */
export function rng(seed) {
  let x = seed >>> 0 || 0x9e3779b9;
  return (n) => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x % n;
  };
}

/** Plays one backgammon-family game to its end with random legal choices. */
export function randomBackgammon(options, pick) {
  const g = new Backgammon(options);
  for (let i = 0; i < 20000 && !g.outcome(); i++) {
    const s = g.state();
    switch (s.phase) {
      case 'opening':
      case 'roll':
        g.roll();
        break;
      case 'cube-decision':
        g.take();
        break;
      case 'choose-doubles':
        g.chooseDoubles(1 + pick(6));
        break;
      case 'move': {
        const plays = g.legalPlays();
        if (plays.length === 0) g.confirm();
        else g.play(plays[pick(plays.length)].steps);
        break;
      }
      default:
        throw new Error(`unexpected phase ${s.phase}`);
    }
  }
  return g;
}

/** Plays one Russian draughts game to its end with random legal choices. */
export function randomDraughts(pick, options) {
  const g = new RussianDraughts(options);
  while (!g.outcome()) {
    const moves = g.legalMoves();
    g.play(moves[pick(moves.length)].notation);
  }
  return g;
}
