import { BOARDS, type Board } from '@app/contracts';

// The boards' addresses under the console's basename (/app): /app/boards/{tasks|stages|status}.

export const BOARDS_SEGMENT = 'boards';

export const boardPath = (basename: string, board: Board) => `${basename}/${BOARDS_SEGMENT}/${board}`;

/** The board a path under /app/boards names, or null ('/boards', '/boards/other'). */
export function boardOfPath(path: string): Board | null {
  const match = /^\/?boards\/([^/?#]+)/.exec(path);
  const name = match?.[1];
  return name && (BOARDS as readonly string[]).includes(name) ? (name as Board) : null;
}
