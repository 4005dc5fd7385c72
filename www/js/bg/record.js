// The game record of a backgammon-family game, read from the engine's own save (toJSON().record:
// opening-roll, roll, play, double, take, pass, ... in order), and the position after any prefix
// of it, rebuilt by replaying the record through a fresh engine. No rule here: every entry is
// played by the engine (setDice, play, double, take, pass), which refuses what is not legal.

/**
 * The turns of a record as rows for the move list: `{ index, player, dice, kind, notation, steps }`
 * (a play, or a cube action; a roll shows with the play it is for).
 * `index` is the number of record entries the position after this row has played; `text` is
 * gnubg's notation, e.g. '31: 8/5 6/5', or a cube action ('Doubles', 'Takes', 'Passes' by the
 * caller's words, `kind` 'double' | 'take' | 'pass').
 */
export function recordRows(record) {
  const rows = [];
  let dice = null;
  (record || []).forEach((e, i) => {
    if (e.type === 'opening-roll') {
      if (e.white !== e.black) {
        dice = [Math.max(e.white, e.black), Math.min(e.white, e.black)];
      }
    } else if (e.type === 'roll') {
      dice = [...e.dice].sort((a, b) => b - a);
    } else if (e.type === 'play') {
      rows.push({ index: i + 1, player: e.player, dice, kind: 'play', notation: e.notation, steps: e.steps || [] });
      dice = null;
    } else if (e.type === 'double' || e.type === 'take' || e.type === 'pass' || e.type === 'resign') {
      rows.push({ index: i + 1, player: e.player, kind: e.type });
    } else if (e.type === 'choose-doubles' && rows.length) {
      // acey-deucey's chosen doubles belong to the play that follows
    }
  });
  return rows;
}

/** '31' for [3, 1]: gnubg's way of writing a roll, the larger die first. */
export const diceText = (dice) => (dice ? [...dice].sort((a, b) => b - a).join('') : '');

/**
 * A new engine at the position after the first `n` entries of `save` (the engine's toJSON()),
 * built by replaying them; null when the engine cannot (a record it does not recognise).
 */
export function engineAt(M, save, n) {
  try {
    const start = save.start;
    // A game from a position (an import) starts there, on roll; its cube is the one it has now
    // unless the record changed it (then centred: an import keeps no earlier cube).
    const cubeMoved = save.record.some((e) => e.type === 'double');
    const g = start
      ? M.Backgammon.fromJSON({
          ...save,
          record: [],
          steps: [],
          positionId: start.positionId,
          turn: start.turn,
          phase: 'roll',
          cube: cubeMoved
            ? { value: 1, owner: null, offeredBy: null, enabled: save.cube.enabled }
            : { ...save.cube, offeredBy: null },
        })
      : new M.Backgammon({ ...save.options });
    for (const e of save.record.slice(0, n)) {
      if (e.type === 'opening-roll') g.setDice(e.white, e.black);
      else if (e.type === 'roll') g.setDice(e.dice[0], e.dice[1]);
      else if (e.type === 'play') g.play(e.steps);
      else if (e.type === 'double') g.double();
      else if (e.type === 'take') g.take();
      else if (e.type === 'pass') g.pass();
      else if (e.type === 'choose-doubles') g.chooseDoubles(e.n ?? e.value);
      else return null;
    }
    return g;
  } catch {
    return null;
  }
}
