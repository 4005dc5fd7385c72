// `import 'tabla/board'`: defines the <tabla-board> custom element (a whole game on a canvas, with
// its controls, move list and computer opponent) and exports its class. The element's modules are
// in board/ (the web app's own, www/js); it loads the engine from this package (../index.js) and
// runs the computer opponent in a module worker (board/worker.js), also from another origin than
// the page's. Reference: README.md, "The board".
export { TablaBoard } from './board/tabla-board.js';
