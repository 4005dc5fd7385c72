// Every call form that the package README (js/README.md) documents, with the types a caller
// writes. Compiled with `--strict`; the calls without an argument are the point (TS2554 was
// the bug), so keep each documented form here when the README changes.
import {
  Backgammon,
  type BackgammonEvaluation,
  type BackgammonOutcome,
  type BackgammonState,
  type CubeAdvice,
  type DraughtsAnalysis,
  type DraughtsMove,
  type DraughtsOutcome,
  type DraughtsState,
  type HintPlay,
  type Play,
  RussianDraughts,
  type Step,
  errorCodes,
  simd,
  version,
} from 'tabla';

export function everyCallForm(): string[] {
  const out: string[] = [`tabla ${version()} (SIMD ${simd}), ${errorCodes().length} error codes`];
  try {
    new RussianDraughts().play('a1-b2');
  } catch (e) {
    out.push(`refused: ${(e as Error & { code: string }).code}`);
  }

  // Backgammon: a game with cryptographic dice, and a seeded one.
  const casual = new Backgammon();
  const game = new Backgammon({ variant: 'backgammon', seed: 42 });
  while (game.state().phase === 'opening') game.roll();
  const plays: Play[] = game.legalPlays();
  const steps: Step[] = game.legalSteps();
  game.step(steps[0].from, steps[0].to);
  game.undo();
  const evaluation: BackgammonEvaluation = game.evaluate();
  game.evaluate({ ply: 1 });
  const hints: HintPlay[] = game.hint();
  game.hint({ ply: 0 });
  const best: Play = game.bestPlay();
  game.bestPlay({ level: 'beginner', seed: 1 });
  game.play(best.steps);
  out.push(`backgammon: ${plays.length} plays, equity ${evaluation.equity.toFixed(3)}, best ${hints[0].notation}`);

  // The cube, before the opponent rolls.
  const advice: CubeAdvice = game.cubeAction();
  game.cubeAction({ ply: 0 });
  game.double();
  const answer: 'take' | 'pass' = game.cubeDecision();
  game.cubeDecision({ ply: 0 });
  game.take();
  game.roll();
  const reply = game.legalPlays()[0];
  if (reply) game.play(reply.notation);
  else game.confirm();
  const state: BackgammonState = game.state();
  out.push(`cube: double ${advice.double}, answer ${answer}, value ${state.cube.value}, pips ${state.pips.white}`);

  // Saves and positions.
  const save = JSON.stringify(game);
  const loaded = Backgammon.fromJSON(save);
  Backgammon.fromJSON(game.toJSON());
  const fromId = Backgammon.fromPositionId(game.positionId());
  Backgammon.fromPositionId('4HPwATDgc/ABMA', { variant: 'table', turn: 'black' });
  out.push(`saved: ${loaded.positionId() === game.positionId()}, match ID ${fromId.matchId()}`);

  // Table: White starts; set dice, play step by step, confirm.
  const table = new Backgammon({ variant: 'table', seed: 5 });
  table.setDice(3, 1);
  for (const s of table.legalPlays()[0].steps) table.step(s.from, s.to);
  table.confirm();
  out.push(`table: ${table.state().lastPlay?.notation}`);

  // Acey-deucey: after a 1-2 the mover chooses doubles.
  const ad = new Backgammon({ variant: 'acey-deucey', seed: 3 });
  while (ad.state().phase === 'opening') ad.roll();
  if (ad.state().phase === 'move') ad.play(ad.legalPlays()[0].notation);
  ad.setDice(1, 2);
  ad.play(ad.legalPlays()[0].notation);
  const doubles: number = ad.bestDoubles();
  ad.bestDoubles({ level: 'advanced' });
  ad.chooseDoubles(doubles);
  out.push(`acey-deucey: doubles ${doubles}, phase ${ad.state().phase}`);

  // A match: a passed double ends the game, then the next one starts.
  const match = new Backgammon({ matchLength: 3, seed: 9 });
  while (match.state().phase === 'opening') match.roll();
  match.play(match.legalPlays()[0].notation);
  match.double();
  match.pass();
  const result: BackgammonOutcome | null = match.outcome();
  match.nextGame();
  out.push(`match: ${result?.winner} won ${result?.points}, score ${JSON.stringify(match.state().match.score)}`);

  Backgammon.solveBearOff();
  for (const g of [casual, game, loaded, fromId, table, ad, match]) g.free();

  // Russian draughts.
  const draughts = new RussianDraughts();
  const touchMove = new RussianDraughts({ touchMove: true, drawRules: true });
  const moves: DraughtsMove[] = draughts.legalMoves();
  draughts.play('c3-d4');
  draughts.undo();
  const played: DraughtsMove = draughts.play('c3-d4');
  const dState: DraughtsState = draughts.state();
  const move: DraughtsMove = draughts.bestMove();
  draughts.bestMove({ level: 'easy', timeMs: 100, seed: 1 });
  const analysis: DraughtsAnalysis = draughts.analyze();
  draughts.analyze({ timeMs: 100 });
  draughts.analyze({ depth: 4 });
  const accepts: boolean = draughts.acceptsDraw();
  const built: boolean = draughts.buildEndgames();
  draughts.buildEndgames({ timeMs: 50 });
  draughts.play(move.notation);
  const pdn = draughts.pdn();
  const replayed = RussianDraughts.fromPdn(pdn);
  RussianDraughts.fromPdn(pdn, { drawRules: false });
  const position = RussianDraughts.fromFen('W:Wa1,c1:Bb8,Kd4');
  RussianDraughts.fromFen(draughts.fen(), { touchMove: true });
  touchMove.touch('c3');
  touchMove.play('c3-d4');
  draughts.touch('e3');
  draughts.release();
  const nodes: number = position.perft(3);
  draughts.agreeDraw();
  const drawn: DraughtsOutcome | null = draughts.outcome();
  out.push(
    `draughts: ${moves.length} moves, ${played.notation} then ${move.notation}, ${dState.turn} to move, ` +
      `depth ${analysis.depth}, replayed ${replayed.state().history.length}, perft ${nodes}, ${drawn?.reason}`,
  );
  for (const g of [draughts, touchMove, replayed, position]) g.free();
  return out;
}
