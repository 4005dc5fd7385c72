// The package's origin comes in the query (?cdn=http://127.0.0.1:PORT), as a CDN's would be fixed.
import { playOnBoard } from '../shared/board.js';
import { report } from '../shared/report.js';

report(async () => {
  const cdn = new URLSearchParams(location.search).get('cdn');
  if (!cdn || new URL(cdn).origin === location.origin) throw new Error('no other origin given (?cdn=)');
  await import(`${cdn}/board.js`);
  return `${await playOnBoard(document.querySelector('tabla-board'))} (page ${location.origin}, package ${cdn})`;
});
