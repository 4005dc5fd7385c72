// The board entry, 'tabla/board': the element's documented properties, methods and events.
import 'tabla/board';
import { type BoardAction, TablaBoard } from 'tabla/board';

export async function everyBoardForm(): Promise<string[]> {
  const board: TablaBoard | null = document.querySelector('tabla-board');
  if (!board) return [];
  const ready: TablaBoard = await board.ready;
  const actions: BoardAction[] = ready.actions();
  const ended: boolean = board.confirm() || board.act('roll') || board.undo();
  board.addEventListener('actions', (e) => console.log(e.detail.actions.map((a) => a.id)));
  board.addEventListener('move', (e) => console.log(e.detail.player, e.detail.notation));
  board.addEventListener('ai-failed', (e) => board.aiRecover(e.detail.reason === 'timeout' ? 'retry' : 'lower'));
  board.newGame({ game: 'backgammon', computer: 'black', level: 'hard' });
  board.browse('first');
  board.browseTo(null);
  const save = board.save();
  if (save) board.load(save);
  const text: string = board.exportAs('gnubg');
  return [String(ended), text, ...actions.map((a) => `${a.id} ${a.label} ${a.disabled}`), String(board.state !== null)];
}
