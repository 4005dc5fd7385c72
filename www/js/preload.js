// The web app's first module (index.html, `async`: it runs as soon as it and its two imports
// have loaded, before the rest of the page's modules): starts loading the rules module of the
// game the page is opened on (?game=..., else backgammon, the board's default) and that game
// family's board modules, as a <link rel="preload"> would, but for the one game family the page
// needs (engine.js: loadEngine and games.js: controller; the board's own calls find them under
// way). A page that then shows the other family's game (a saved one) loads that one too, as it
// does anyway once the board takes input.
import { loadEngine } from './engine.js';
import { kindOf } from './games.js';

const kind = kindOf(new URLSearchParams(location.search).get('game'));
loadEngine(kind.id).catch(() => {});
kind.controller().catch(() => {});
