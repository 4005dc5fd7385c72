// Browser side of the board consumers: the <tabla-board> on the page (the package's `tabla/board`)
// plays a move of Russian draughts as White; the computer, from the package's worker, answers.
/** Resolves to a line that says what was played, or rejects with what went wrong. */
export async function playOnBoard(board) {
  await customElements.whenDefined('tabla-board');
  const failed = new Promise((_, reject) => {
    board.addEventListener('error', (e) => reject(new Error(`board error: ${e.detail.message} (${e.detail.cause})`)));
    board.addEventListener('ai-failed', (e) => reject(new Error(`computer failed: ${e.detail.message}`)));
  });
  await Promise.race([board.ready, failed]);
  if (!board.state) throw new Error('ready resolved with no state');
  const reply = new Promise((resolve) =>
    board.addEventListener('move', (e) => e.detail.player === 'black' && resolve(e.detail.notation)),
  );
  const move = board.engine.legalMoves()[0].notation;
  board.play(move);
  const answer = await Promise.race([reply, failed]);
  return `<tabla-board>: ${move}, the computer answered ${answer}`;
}
