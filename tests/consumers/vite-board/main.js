import 'tabla/board';
import { playOnBoard } from '../shared/board.js';
import { report } from '../shared/report.js';

report(() => playOnBoard(document.querySelector('tabla-board')));
