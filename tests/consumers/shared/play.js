// What every consumer project runs once it has the package loaded: one move of each game
// (backgammon, table, acey-deucey, Russian draughts) and one move chosen by each computer
// opponent. It takes the package's exports as an argument, so that this file imports nothing and
// each consumer resolves 'tabla' itself, as its bundler or runtime would. Returns a summary
// line; throws on anything unexpected.
export function playEveryGame({ Backgammon, RussianDraughts, version }) {
  const summary = [`tabla ${version()}`];
  for (const variant of ['backgammon', 'table', 'acey-deucey']) {
    const game = new Backgammon({ variant, seed: 7 });
    const mover = toMove(game);
    const plays = game.legalPlays();
    if (plays.length === 0) throw new Error(`${variant}: no legal play after the seeded roll`);
    game.play(plays[0].notation);
    // After an acey-deucey 1-2 the mover keeps the turn and chooses doubles.
    const { turn, phase } = game.state();
    if (turn === mover && phase !== 'choose-doubles') {
      throw new Error(`${variant}: the play ${plays[0].notation} did not pass the turn`);
    }
    summary.push(`${variant} ${plays[0].notation}`);
  }

  const bg = new Backgammon({ seed: 11 });
  toMove(bg);
  const best = bg.bestPlay();
  bg.play(best.steps);
  summary.push(`bestPlay ${best.notation}`);

  const draughts = new RussianDraughts();
  const move = draughts.play('c3-d4');
  if (move.notation !== 'c3-d4' || move.from !== 'c3' || move.to !== 'd4')
    throw new Error(`draughts: play('c3-d4') returned ${JSON.stringify(move)}`);
  if (draughts.state().turn !== 'black') throw new Error('draughts: c3-d4 did not pass the turn');
  const reply = draughts.bestMove({ level: 'easy', seed: 1 });
  draughts.play(reply.notation);
  summary.push(`russian-draughts ${move.notation}`, `bestMove ${reply.notation}`);

  for (const g of [bg, draughts]) g.free();
  return summary.join('; ');
}

/** Rolls (and, in acey-deucey, chooses doubles) until the game waits for a move; returns the mover. */
function toMove(game) {
  for (let i = 0; i < 20; i++) {
    const { phase, turn } = game.state();
    if (phase === 'move') return turn;
    if (phase === 'choose-doubles') game.chooseDoubles(6);
    else if (phase === 'opening' || phase === 'roll') game.roll();
    else throw new Error(`unexpected phase ${phase}`);
  }
  throw new Error('no move phase after 20 rolls');
}
