// One game family's rules module, for the web app (www/js/engine.js): the rules module's
// bindings (rules.js) for backgammon, table and acey-deucey (Backgammon) only,
// built with RUSTFLAGS --cfg tabla_family="backgammon" (scripts/build.sh), so that a page
// becomes playable without the other family's code; the page loads the other family's module
// once its board takes input. Not part of the npm package (its board plays on rules.js).
import init, { Backgammon } from './tabla_rules_backgammon.js';
import { install } from './unpack.js';

export * from './tabla_rules_backgammon.js';

// The hot calls read compact results, as in the full module (index.js).
install(Backgammon, undefined);

/** Initialises the module (tabla_rules_backgammon_bg.wasm beside this file, or `input`). */
export default function initRules(input) {
  // a literal new URL, so that bundlers emit the .wasm (see index.js)
  return init(
    input === undefined ? { module_or_path: new URL('./tabla_rules_backgammon_bg.wasm', import.meta.url) } : input,
  );
}
