// Styles of <tabla-board>'s shadow root. Colours pass WCAG AA on their backgrounds; controls are
// at least 44 CSS px; nothing is told by hue alone (the side on turn has a marker, not only a tint).
//
// Theming: every colour is a CSS custom property a page can set on the element or any ancestor,
// `--tabla-<name>` for each name of THEME_NAMES below (e.g. `tabla-board { --tabla-board: #305; }`).
// Unset ones take the built-in dark or light palette: light when the page prefers a light colour
// scheme (`prefers-color-scheme`), unless the element has theme="dark"; theme="light" forces light.
// The canvas renderers read the same properties (tabla-board.js `palette()`), so the board itself
// follows the theme too, not only the controls around it.

/** The dark palette (the default), by custom-property name without the `--tabla-` prefix. */
export const DARK = {
  // the controls around the board
  bg: '#1d2722', // background of the element
  panel: '#2a3530', // player cards, move list
  fg: '#f4efe6', // text
  accent: '#ffd84d', // the side on turn, primary buttons, dialog edges
  'accent-fg': '#1b1b1b', // text on the accent
  line: '#5b6b63', // button borders
  button: '#34423b',
  'button-fg': '#f4efe6',
  card: 'rgba(24, 30, 27, 0.96)', // the game-over / choose-doubles card over the board
  focus: '#4dd2ff', // focus outlines, the keyboard cursor on the board
  // the board (canvas)
  frame: '#6b4226', // the wooden frame (a gradient from frame to frame-2)
  'frame-2': '#4a2b17',
  board: '#2c6147', // the playing field of backgammon (a gradient from board to board-2)
  'board-2': '#1c4431',
  'point-light': '#d6b57c',
  'point-dark': '#8e2f25',
  label: '#f3e6cc', // point numbers and coordinates on the frame
  'square-light': '#efdcb8', // draughts squares
  'square-dark': '#8b5b37',
  'checker-white': '#fbf6e9', // white's checkers and men (a gradient to checker-white-2)
  'checker-white-2': '#dccca4',
  'checker-black': '#4a4a4a',
  'checker-black-2': '#141414',
  highlight: '#ffd84d', // pieces that can move, the selected one
  target: '#ffffff', // where the selected piece can go
  last: '#7fe0ff', // the last move's marks (from and to)
};

/** The light palette: same names; used for prefers-color-scheme: light or theme="light". */
export const LIGHT = {
  ...DARK,
  bg: '#f6f2ea',
  panel: '#e9e2d3',
  fg: '#1d2722',
  accent: '#7a4e00',
  'accent-fg': '#ffffff',
  line: '#7c8781',
  button: '#ffffff',
  'button-fg': '#1d2722',
  card: 'rgba(255, 252, 245, 0.97)',
  focus: '#0a62b8',
  frame: '#d2ad72',
  'frame-2': '#b98f52',
  board: '#98c4a4',
  'board-2': '#7fb08d',
  'point-light': '#f7ecd3',
  'point-dark': '#b4473a',
  label: '#2f1f0a',
  last: '#0a4f9c',
};

/** Every themable colour: set `--tabla-<name>` to override it. */
export const THEME_NAMES = Object.keys(DARK);

const decl = (p) => THEME_NAMES.map((k) => `--tb-${k}: var(--tabla-${k}, ${p[k]});`).join(' ');

export const STYLE = `
:host { ${decl(DARK)} color-scheme: dark; }
@media (prefers-color-scheme: light) { :host(:not([theme="dark"])) { ${decl(LIGHT)} color-scheme: light; } }
:host([theme="light"]) { ${decl(LIGHT)} color-scheme: light; }
:host { display: block; position: relative; container-type: inline-size; color: var(--tb-fg); font: clamp(15px, 0.45vw + 10px, 28px)/1.35 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  --bg: var(--tb-bg); --panel: var(--tb-panel); --accent: var(--tb-accent); --line: var(--tb-line); }
:host([fill]) { height: 100%; }
* { box-sizing: border-box; }
.wrap { display: grid; height: 100%; gap: 6px; background: var(--bg); padding: 6px;
  grid-template: "players" auto "stage" minmax(0, 1fr) "bar" auto "side" auto / minmax(0, 1fr); border-radius: 10px; }
:host([fill]) .wrap { border-radius: 0; }
:host(:not([fill])) .stage { aspect-ratio: 4 / 3; }
:host(:not([fill])) .wrap[data-kind="draughts"] .stage { aspect-ratio: 1; }
.players { grid-area: players; display: flex; gap: 6px; }
.player { flex: 1 1 0; min-width: 0; display: flex; align-items: center; gap: 6px; flex-wrap: wrap; padding: 4px 8px; border-radius: 8px;
  background: var(--panel); border: 2px solid transparent; min-height: max(44px, 2.75em); }
.player.active { border-color: var(--accent); }
.player .pname { font-weight: 600; white-space: nowrap; }
.player small { font-weight: 400; opacity: .9; }
.player .pdetails { font-size: 0.875em; opacity: .95; white-space: nowrap; font-variant-numeric: tabular-nums; }
.player .turn { color: var(--accent); font-size: 0.812em; margin-right: -2px; }
.swatch { width: 1.1em; height: 1.1em; border-radius: 50%; flex: none; border: 2px solid #8c7448; background: #f6efdc; }
.player.black .swatch { background: #1b1b1b; border-color: #cfcfcf; }
.stage { grid-area: stage; position: relative; min-height: 0; min-width: 0; }
canvas { display: block; position: absolute; inset: 0; width: 100%; height: 100%; touch-action: none; border-radius: 6px; outline: none; -webkit-tap-highlight-color: transparent; }
canvas:focus-visible { box-shadow: 0 0 0 3px var(--tb-focus); }
.bar { grid-area: bar; display: flex; flex-wrap: wrap; align-items: center; gap: 6px 10px; }
.status { margin: 0; flex: 1 1 12em; min-height: 1.35em; font-weight: 500; }
.info { margin: 0; font-size: 0.875em; opacity: .9; }
.info:empty { display: none; }
.tools { display: flex; gap: 6px; flex-wrap: wrap; margin-left: auto; }
button { font: inherit; min-height: max(44px, 2.75em); min-width: max(44px, 2.75em); padding: 6px 14px; border-radius: 8px; cursor: pointer;
  border: 2px solid var(--line); background: var(--tb-button); color: var(--tb-button-fg); }
button.primary { background: var(--accent); color: var(--tb-accent-fg); border-color: var(--accent); font-weight: 600; }
button:disabled { opacity: .45; cursor: default; }
button:focus-visible { outline: 3px solid var(--tb-focus); outline-offset: 2px; }
kbd { font: .75em ui-monospace, monospace; opacity: .75; border: 1px solid currentColor; border-radius: 4px; padding: 0 4px; margin-left: 4px; }
.panel { position: absolute; inset: 0; display: grid; place-items: center; pointer-events: none; }
.panel[hidden] { display: none; }
.card { pointer-events: auto; background: var(--tb-card); border: 2px solid var(--accent); border-radius: 12px; padding: 14px 18px; max-width: min(92%, 440px);
  box-shadow: 0 8px 30px rgba(0,0,0,.5); text-align: center; }
.card h2 { margin: 0 0 8px; font-size: 1.25em; }
.card p { margin: 6px 0; }
.pbuttons { display: flex; gap: 8px; justify-content: center; margin-top: 10px; flex-wrap: wrap; }
.dice { display: grid; grid-template-columns: repeat(3, max(56px, 3.5em)); gap: 8px; justify-content: center; margin-top: 8px; }
.dice button { display: flex; flex-direction: column; align-items: center; justify-content: center; padding: 4px; min-height: max(56px, 3.5em); background: #f6f2e7; color: #1b1b1b; border-color: #6d6d6d; }
.dice .die { fill: #fbfaf6; stroke: #6d6d6d; stroke-width: .12; } .dice .pip { fill: #1b1b1b; }
.dice span { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
.side { grid-area: side; background: var(--panel); border-radius: 8px; padding: 6px 10px; min-height: 0; display: flex; flex-direction: column; }
.side[hidden] { display: none; }
.side h2 { font-size: 0.938em; margin: 0 0 4px; }
.side .scroll { overflow: auto; max-height: 7.5em; }
.moves { margin: 0; padding-left: 2.6em; font-variant-numeric: tabular-nums; columns: 2 11em; }
.moves li { break-inside: avoid; }
.moves li span { display: inline-block; min-width: 5.5em; vertical-align: top; }
.moves button { min-height: 28px; min-width: 0; padding: 1px 5px; border-width: 1px; border-color: transparent; background: none;
  color: inherit; text-align: left; font-variant-numeric: tabular-nums; }
.moves button:hover { border-color: var(--line); }
.moves button[aria-current] { background: var(--accent); color: var(--tb-accent-fg); font-weight: 600; }
.moves .cell-sub { display: block; }
.nav { display: flex; gap: 4px; margin: 0 0 4px; }
.nav button { min-height: 36px; min-width: 44px; padding: 2px 8px; }
.side .head { display: flex; align-items: center; justify-content: space-between; gap: 8px; flex-wrap: wrap; }
.hintbox[hidden] { display: none; }
.analysis { margin-top: 6px; }
.analysis[hidden], .an-progress[hidden], .an-detail[hidden], .an-chart[hidden] { display: none; }
.analysis h3 { font-size: 0.875em; margin: 6px 0 2px; }
.an-progress { height: 8px; border: 1px solid var(--line); border-radius: 4px; margin: 4px 0; overflow: hidden; }
.an-fill { height: 100%; width: 0; background: var(--accent); transition: width .2s; }
.an-summary p, .an-detail { font-size: 0.813em; margin: 2px 0; }
.an-chart { display: block; width: 100%; height: 64px; margin-top: 4px; }
.an-chart .frame { fill: none; stroke: var(--line); stroke-width: .3; }
.an-chart .mid { stroke: var(--line); stroke-width: .3; stroke-dasharray: 1 1; }
.an-chart .line { fill: none; stroke: var(--accent); stroke-width: .8; vector-effect: non-scaling-stroke; }
.an-chart .sel { stroke: currentColor; stroke-width: .4; vector-effect: non-scaling-stroke; }
.an-chart .dot { fill: #d9a000; }
.an-chart .dot.bad, .an-chart .dot.mistake { fill: #e06000; }
.an-chart .dot.very-bad, .an-chart .dot.blunder { fill: #d01010; }
.moves .mark { margin-left: 2px; font-weight: 700; }
.moves button[data-mark="doubtful"] .mark { color: #b08000; }
.moves button[data-mark="bad"] .mark, .moves button[data-mark="mistake"] .mark { color: #d05000; }
.moves button[data-mark="very-bad"] .mark, .moves button[data-mark="blunder"] .mark { color: #d01010; }
.hintbox h3 { font-size: 0.875em; margin: 6px 0 2px; }
.hints { margin: 0; padding-left: 0; list-style: none; font-size: 0.875em; }
.hints button { min-height: 32px; width: 100%; text-align: left; padding: 2px 6px; border-width: 1px; font-variant-numeric: tabular-nums; }
.hints button[aria-pressed="true"] { border-color: var(--accent); font-weight: 600; }
.evalbar { position: absolute; left: 3px; top: 6px; bottom: 6px; width: 12px; z-index: 1; pointer-events: none; border-radius: 4px;
  background: #1b1b1b; border: 1px solid var(--line); }
.evalbar[hidden] { display: none; }
.evalbar .fill { position: absolute; left: 0; right: 0; bottom: 0; height: 50%; background: #f3ede0; border-radius: 0 0 3px 3px; transition: height .3s; }
.evalbar[data-side="black"] { background: #f3ede0; }
.evalbar[data-side="black"] .fill { background: #1b1b1b; }
.evalbar .val { position: absolute; left: 15px; top: 50%; transform: translateY(-50%); font-size: 0.75em; padding: 0 4px; border-radius: 4px;
  background: var(--panel); white-space: nowrap; font-variant-numeric: tabular-nums; }
.wrap.browsing .stage { outline: 3px dashed var(--accent); outline-offset: -3px; border-radius: 8px; }
@media (orientation: landscape) and (max-height: 520px) {
  :host([fill]) .wrap { grid-template: "stage players" auto "stage bar" auto "stage side" minmax(0, 1fr) / minmax(0, 1fr) minmax(170px, 32%);
    padding: 4px; gap: 4px; }
  :host([fill]) .players { flex-direction: column; gap: 4px; }
  :host([fill]) .player { min-height: 36px; padding: 2px 6px; }
  :host([fill]) .bar { gap: 4px; }
  :host([fill]) .tools { margin-left: 0; gap: 4px; }
  :host([fill]) .tools button { min-height: 40px; min-width: 40px; padding: 4px 8px; }
  :host([fill]) .side { overflow: auto; }
  :host([fill]) .side .scroll { max-height: none; }
}
.sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.wrap.thinking .status::after { content: ""; display: inline-block; width: .8em; height: .8em; margin-left: .4em; border: 2px solid currentColor; border-right-color: transparent; border-radius: 50%; animation: spin 1s linear infinite; vertical-align: -2px; }
@keyframes spin { to { transform: rotate(360deg); } }
@media (prefers-reduced-motion: reduce) { .wrap.thinking .status::after { animation: none; } }
@media (pointer: coarse) { kbd { display: none; } }
@container (max-width: 480px) { kbd { display: none; } .tools button[data-icon] .blabel { display: none; } }
.tools button[data-icon]:not(:hover) .bicon { font-weight: 700; }
@container (min-width: 481px) { .tools .bicon { display: none; } }
@container (max-width: 480px) {
  .wrap { padding: 4px; gap: 4px; }
  .player { flex-wrap: nowrap; padding: 2px 6px; gap: 5px; }
  .player small { display: none; }
  .player .pdetails { font-size: 0.812em; }
  .status { flex-basis: 7em; font-size: 0.938em; }
  button { padding: 6px 10px; }
}
:host([controls="none"]) .players, :host([controls="none"]) .bar, :host([controls="none"]) .side { display: none; }
@container (min-width: 840px) {
  .wrap[data-kind="draughts"] { grid-template: "players side" auto "stage side" minmax(0, 1fr) "bar side" auto / minmax(0, 1fr) 15em; }
  .wrap[data-kind="backgammon"] { grid-template: "players side" auto "stage side" minmax(0, 1fr) "bar side" auto / minmax(0, 1fr) 17em; }
  .wrap .side .scroll { max-height: none; flex: 1; }
  .wrap .moves { columns: 1; }
  .wrap[data-kind="backgammon"] .moves li span { min-width: 0; width: 48%; }
}
`;
