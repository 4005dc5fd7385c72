// How the save fixtures of this folder were made (issue 14). They were written ONCE, with the
// package built from commit 4ae32c1 (before the options contract and save versioning changed),
// and are frozen: every later build must load them to the same position. Do not regenerate them
// to make a test pass; add new fixtures beside them instead.
//
// Each fixture NAME.<ext> has NAME.expected.json beside it: { kind, file, options?, expected }.
// kind: 'backgammon-save' (toJSON), 'draughts-pdn', 'draughts-fen', 'app-save' (the value the
// app writes under localStorage key `tabla:save:app`, see www/js/tabla-board.js `save()`).
// Run: node tests/data/saves/generate.mjs <outdir> (with node_modules/tabla -> pkg).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Backgammon, RussianDraughts } from 'tabla';

const out = process.argv[2] || 'tests/data/saves';
mkdirSync(out, { recursive: true });

function bgExpected(g) {
  const s = g.state();
  return {
    positionId: g.positionId(),
    matchId: g.matchId(),
    variant: s.variant,
    options: s.options,
    phase: s.phase,
    turn: s.turn,
    dice: s.dice,
    diceLeft: s.diceLeft,
    cube: s.cube,
    match: s.match,
    pips: s.pips,
    outcome: g.outcome(),
  };
}

function writeBg(name, g, note) {
  const save = g.toJSON();
  writeFileSync(join(out, `${name}.json`), `${JSON.stringify(save, null, 1)}\n`);
  const exp = { kind: 'backgammon-save', file: `${name}.json`, note, expected: bgExpected(g) };
  writeFileSync(join(out, `${name}.expected.json`), `${JSON.stringify(exp, null, 1)}\n`);
  return save;
}

/** Advances with the first legal play each turn (deterministic), `turns` plays. */
function advance(g, turns) {
  for (let i = 0; i < turns && !g.outcome(); ) {
    const s = g.state();
    if (s.phase === 'opening' || s.phase === 'roll') g.roll();
    else if (s.phase === 'cube-decision') g.take();
    else if (s.phase === 'choose-doubles') g.chooseDoubles(6);
    else if (s.phase === 'move') {
      const plays = g.legalPlays();
      if (plays.length === 0) g.confirm();
      else g.play(plays[0].steps);
      i++;
    }
  }
  return g;
}

// Each variant mid-game, seeded dice.
writeBg(
  'bg-backgammon-midgame',
  advance(new Backgammon({ variant: 'backgammon', seed: 11 }), 12),
  'money game, seed 11',
);
writeBg('bg-table-midgame', advance(new Backgammon({ variant: 'table', seed: 12 }), 12), 'table, seed 12');
writeBg(
  'bg-acey-deucey-midgame',
  advance(new Backgammon({ variant: 'acey-deucey', seed: 13, exactBearOff: true }), 14),
  'acey-deucey, seed 13, exactBearOff',
);

// Acey-deucey in choose-doubles: a 1-2 set by hand after a few seeded turns.
{
  const g = advance(new Backgammon({ variant: 'acey-deucey', seed: 14, doublesExtraRoll: true }), 4);
  while (g.state().phase !== 'roll') advance(g, 1);
  g.setDice(1, 2);
  const plays = g.legalPlays();
  g.play(plays[0].steps);
  if (g.state().phase !== 'choose-doubles') throw new Error(`expected choose-doubles, got ${g.state().phase}`);
  writeBg('bg-acey-deucey-choose-doubles', g, 'acey-deucey after playing the 1 and 2 of a set 1-2');
}

// A 5-point match at a non-zero score, the cube turned and owned.
{
  const g = new Backgammon({ seed: 21, matchLength: 5 });
  advance(g, 4);
  while (g.state().phase !== 'roll') advance(g, 1);
  g.double();
  g.pass(); // the doubler wins 1 point
  g.nextGame();
  advance(g, 3);
  while (g.state().phase !== 'roll' || !g.state().canDouble) advance(g, 1);
  g.double();
  g.take();
  advance(g, 2);
  while (g.state().phase !== 'roll') advance(g, 1);
  const s = g.state();
  if (s.cube.value !== 2 || !s.cube.owner || s.match.score.white + s.match.score.black === 0)
    throw new Error('match fixture: the cube is not turned or the score is 0-0');
  writeBg('bg-match-5pt-cube', g, '5-point match, second game, cube 2 owned, score not 0-0');
}

// Mid-turn: steps made, not confirmed.
{
  const g = advance(new Backgammon({ seed: 31 }), 5);
  for (;;) {
    const s = g.state();
    if (s.phase === 'move' && g.legalSteps().length > 0) break;
    if (s.phase === 'move') g.confirm();
    else g.roll();
  }
  const st = g.legalSteps()[0];
  g.step(st.from, st.to);
  if (!g.state().canUndo) throw new Error('mid-turn: no step made');
  writeBg('bg-mid-turn', g, 'one step made, not confirmed');
}

// A finished game.
{
  const g = new Backgammon({ variant: 'backgammon', seed: 41, cube: false });
  advance(g, 10000);
  if (!g.outcome()) throw new Error('finished: not over');
  writeBg('bg-finished', g, 'a money game without cube played to its end');
}

// A game from a Position ID.
{
  const g = Backgammon.fromPositionId('4HPwATDgc/ABMA', { seed: 5, turn: 'black' });
  advance(g, 3);
  writeBg('bg-from-position-id', g, 'started from a Position ID with Black on roll');
}

// An option key removed: a save written before `exactBearOff` existed must load with its default.
{
  const g = advance(new Backgammon({ variant: 'backgammon', seed: 51 }), 6);
  const save = g.toJSON();
  delete save.options.exactBearOff;
  writeFileSync(join(out, 'bg-missing-option.json'), `${JSON.stringify(save, null, 1)}\n`);
  const exp = {
    kind: 'backgammon-save',
    file: 'bg-missing-option.json',
    note: 'options.exactBearOff removed: loads with the default (false)',
    expected: bgExpected(g),
  };
  writeFileSync(join(out, 'bg-missing-option.expected.json'), `${JSON.stringify(exp, null, 1)}\n`);
}

// Draughts: a PDN and a FEN.
function dExpected(g) {
  const s = g.state();
  return { fen: g.fen(), turn: s.turn, history: s.history, outcome: g.outcome() };
}
function draughtsMoves(g, n) {
  for (let i = 0; i < n && !g.outcome(); i++) g.play(g.legalMoves()[i % g.legalMoves().length].notation);
  return g;
}
{
  const g = draughtsMoves(new RussianDraughts(), 20);
  writeFileSync(join(out, 'draughts-midgame.pdn'), g.pdn());
  const exp = { kind: 'draughts-pdn', file: 'draughts-midgame.pdn', options: {}, expected: dExpected(g) };
  writeFileSync(join(out, 'draughts-midgame.expected.json'), `${JSON.stringify(exp, null, 1)}\n`);
  const f = RussianDraughts.fromFen(g.fen());
  writeFileSync(join(out, 'draughts-position.fen'), `${g.fen()}\n`);
  const expF = { kind: 'draughts-fen', file: 'draughts-position.fen', options: {}, expected: dExpected(f) };
  writeFileSync(join(out, 'draughts-position.expected.json'), `${JSON.stringify(expF, null, 1)}\n`);
}

// The app's localStorage save (www/js/tabla-board.js `save()`, key `tabla:save:app`), exactly as
// the app writes it: the home form's options (www/js/app.js `formConfig`), the engine's data.
function appSave(game, options, computer, level, data) {
  return {
    format: 'tabla-save',
    version: 1,
    game,
    options,
    computer,
    level,
    data,
    savedAt: '2026-12-01T09:30:00.000Z',
  };
}
{
  const options = { start: 'roll', scoring: 'standard', cube: true, matchLength: 3, seed: 61 };
  const g = advance(new Backgammon({ ...options, variant: 'backgammon' }), 8);
  const save = appSave('backgammon', options, 'black', 'medium', g.toJSON());
  writeFileSync(join(out, 'app-backgammon.localstorage.json'), `${JSON.stringify(save)}\n`);
  const exp = {
    kind: 'app-save',
    file: 'app-backgammon.localstorage.json',
    note: 'value of localStorage["tabla:save:app"]',
    expected: bgExpected(g),
  };
  writeFileSync(join(out, 'app-backgammon.expected.json'), `${JSON.stringify(exp, null, 1)}\n`);
}
{
  const options = { drawRules: false, touchMove: true };
  const g = new RussianDraughts(options);
  const fen0 = g.fen();
  draughtsMoves(g, 12);
  const save = appSave('russian-draughts', options, null, 'medium', { fen0, moves: g.state().history, pdn: g.pdn() });
  writeFileSync(join(out, 'app-draughts.localstorage.json'), `${JSON.stringify(save)}\n`);
  const exp = {
    kind: 'app-save',
    file: 'app-draughts.localstorage.json',
    note: 'value of localStorage["tabla:save:app"]',
    expected: dExpected(g),
  };
  writeFileSync(join(out, 'app-draughts.expected.json'), `${JSON.stringify(exp, null, 1)}\n`);
}
console.log('fixtures written to', out);
