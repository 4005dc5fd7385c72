// The <tabla-board> element (`import 'tabla/board'`). Reference: README.md, "The board".
import type { BackgammonState, DraughtsState } from './index.js';

export type BoardGame = 'backgammon' | 'table' | 'acey-deucey' | 'russian-draughts';
export type BoardLevel = 'beginner' | 'easy' | 'medium' | 'hard' | 'master';

/** One thing the player on turn may do now (`actions()`), as the toolbar's button shows it. */
export interface BoardAction {
  /** Backgammon: 'roll' | 'double' | 'replay' | 'hint' | 'undo' | 'confirm' | 'take' | 'pass'; draughts: its own. */
  id: string;
  /** In the board's language. */
  label: string;
  /** The keyboard shortcut, if any. */
  key: string | null;
  disabled: boolean;
  primary: boolean;
}

/** The board's save (`save()`, `load()`). */
export interface BoardSave {
  format: 'tabla-save';
  version: 1;
  game: BoardGame;
  options: object;
  computer: 'white' | 'black' | null;
  level: string;
  data: unknown;
  savedAt: string;
}

export interface TablaBoardEventMap {
  /** The game is on the board and takes input (as `ready` resolves). */
  ready: CustomEvent<{ game: BoardGame }>;
  /** Also when the board is first drawn and takes input. */
  interactive: CustomEvent<{ game: BoardGame }>;
  /** A move (or a backgammon turn) was made, by a player, the computer or `play()`. */
  move: CustomEvent<{ game: BoardGame; player: 'white' | 'black'; notation: string; [k: string]: unknown }>;
  gameover: CustomEvent<{ game: BoardGame; outcome: unknown; state: unknown }>;
  /** An input the rules refuse (the board says why in its status line). */
  illegal: CustomEvent<{ game: BoardGame; [k: string]: unknown }>;
  /** `actions()` changed. */
  actions: CustomEvent<{ game: BoardGame; actions: BoardAction[] }>;
  /**
   * The engine could not load, a persisted save could not be used, or the `position` / `record` /
   * `src` data could not be read (`code`: the engine's error code, or 'embed-unknown' |
   * 'embed-format' | 'embed-fetch'); `message` in the board's language.
   */
  error: CustomEvent<{ game: BoardGame; message: string; cause: string; code?: string | null }>;
  /** The computer could not answer, even from a fresh worker; `aiRecover()` goes on. */
  'ai-failed': CustomEvent<{ game: BoardGame; message: string; reason: 'timeout' | 'crashed' | 'garbage' }>;
  'save-failed': CustomEvent<{ game: BoardGame; message: string }>;
  'save-ok': CustomEvent<{ game: BoardGame }>;
}

export class TablaBoard extends HTMLElement {
  /** The `game` attribute (default 'backgammon'). */
  game: BoardGame;
  /** The `options` attribute, parsed (the engine's options of the game). */
  options: object;
  /** Resolves to the board once a game is on it and takes input; rejects if it cannot start. */
  readonly ready: Promise<TablaBoard>;
  /**
   * The engine game object (Backgammon or RussianDraughts of the package's rules module, without the
   * computer opponents and the .mat/.sgf/XGID methods: README.md, "The board"), null before `ready`.
   */
  readonly engine: unknown;
  /** The engine's state of the game on the board, null before `ready`. */
  readonly state: BackgammonState | DraughtsState | null;
  /** The state of the position shown: the one browsed to in the move list (a replay's), else `state`. */
  readonly shownState: BackgammonState | DraughtsState | null;
  /** The `position` attribute: a gnubg Position ID (with or without its Match ID), an XGID or a draughts FEN. */
  position: string | null;
  /** The `position-format` attribute: 'gnubg' | 'xgid' | 'fen'; null: told by the text. */
  positionFormat: string | null;
  /** The `record` attribute: a game to show (PDN, .mat, .sgf, a tabla save, a game link). */
  record: string | null;
  /** The `record-format` attribute: 'pdn' | 'mat' | 'sgf' | 'link'; null: told by the text. */
  recordFormat: string | null;
  /** The `src` attribute: the URL of a game to show. */
  src: string | null;
  /** The mode: the `mode` attribute, else 'view' for a position, 'replay' for a game, null for neither. */
  mode: 'view' | 'replay' | 'play' | null;
  /** The `ply` attribute: the position after that many moves of the move list ('last': the end). */
  ply: number | 'last' | null;
  /** A diagram or a replay (mode 'view' or 'replay'): it takes no moves, plays no computer, saves nothing. */
  readonly still: boolean;
  /** Held back from the player by the host page (a game by link): 'turn' (no input), 'dice' (no Roll) or null. */
  hold: 'turn' | 'dice' | null;
  readonly computerSide: 'white' | 'black' | null;
  readonly level: string;
  readonly canvas: HTMLCanvasElement;
  /** Starts a new game with the attributes, changed by `conf` first. */
  newGame(conf?: { game?: BoardGame; options?: object; computer?: 'white' | 'black' | null; level?: string }): void;
  /** Plays a move for the side on turn: draughts notation, or a backgammon play (notation or steps); throws ('embed-still') on a diagram or a replay. */
  play(move: string | object): unknown;
  /** Backgammon: rolls the dice. */
  roll(): unknown;
  /** What the player on turn may do now (the toolbar's buttons). */
  actions(): BoardAction[];
  /** Runs an action of `actions()` by id; false when it is not offered now. */
  act(id: string): boolean;
  /** Backgammon: ends the turn (`act('confirm')`). */
  confirm(): boolean;
  /** Takes back the last checker moved or move (`act('undo')`). */
  undo(): boolean;
  flip(): void;
  refresh(): void;
  save(): BoardSave | null;
  load(save: BoardSave | string): void;
  exportAs(format: 'json' | 'pdn' | 'fen' | 'gnubg' | string): string;
  importText(text: string): { game: BoardGame };
  /** Shows the position after `index` entries of the move list (null: the game). */
  browseTo(index: number | null): void;
  browse(which: 'first' | 'prev' | 'next' | 'last'): void;
  /** After `ai-failed`: ask again, one level lower, or hand the computer's side to a player. */
  aiRecover(how: 'retry' | 'lower' | 'humans'): void;
  addEventListener<K extends keyof TablaBoardEventMap>(
    type: K,
    listener: (this: TablaBoard, ev: TablaBoardEventMap[K]) => unknown,
    options?: boolean | AddEventListenerOptions,
  ): void;
  addEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: boolean | AddEventListenerOptions,
  ): void;
}

declare global {
  interface HTMLElementTagNameMap {
    'tabla-board': TablaBoard;
  }
}
