import init, * as tabla from 'tabla';
import { playEveryGame } from '../shared/play.js';
import { report } from '../shared/report.js';

report(async () => {
  await init();
  return playEveryGame(tabla);
});
