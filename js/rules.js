// The rules module of the tabla package, for pages that must become playable fast: the rules
// engines and their bindings (Backgammon, RussianDraughts; saves, PDN, FEN, gnubg IDs and XGIDs)
// without the computer opponents, their network weights, the backgammon .mat and .sgf match
// files and games by link (LinkSession): under two fifths of the full module's size
// (scripts/build.sh prints both). <tabla-board>
// plays on it and runs the computer opponent in a worker on the full module (index.js). One
// plain build (no SIMD: the rules gain nothing from it). Objects of this module and of the full
// one do not mix; they meet as saves (toJSON / fromJSON).
import init, { Backgammon, RussianDraughts } from './tabla_rules.js';
import { install } from './unpack.js';

export * from './tabla_rules.js';

// The hot calls read compact results, as in the full module (index.js).
install(Backgammon, RussianDraughts);

/** Initialises the rules module (tabla_rules_bg.wasm beside this file, or `input`). */
export default function initRules(input) {
  // a literal new URL, so that bundlers emit the .wasm (see index.js)
  return init(input === undefined ? { module_or_path: new URL('./tabla_rules_bg.wasm', import.meta.url) } : input);
}
