import * as tabla from 'tabla';
import { playEveryGame } from '../shared/play.js';

console.log(playEveryGame(tabla));
