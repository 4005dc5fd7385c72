// The web app's first module (index.html, before app.js): starts loading the rules module of
// the game the page is opened on (?game=..., else backgammon, the board's default) while the
// rest of the page's modules are still being fetched, as a <link rel="preload"> of one .wasm
// would, but for the one game family the page needs (engine.js: loadEngine; the board's own
// call finds it under way). A page that then shows the other family's game (a saved one) loads
// that one too, as it does anyway once the board takes input.
import { loadEngine } from './engine.js';
import { kindOf } from './games.js';

loadEngine(kindOf(new URLSearchParams(location.search).get('game')).id).catch(() => {});
