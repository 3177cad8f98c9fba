import type { Board, BoardCard, BoardCardsResponse, BoardColumnsResponse, CardActionRequest } from '@app/contracts';
import { createJsonClient, type FetchLike } from '../dataProvider/apiClient';

export interface BoardsApiOptions {
  /** fetch with the session's Bearer token (authClient.fetch). */
  fetch: FetchLike;
  apiBase?: string;
}

/**
 * The boards' own calls (the transactions service, spec 001). A drop calls the existing changes through
 * transactionsApi and tasksApi. Errors are react-admin HttpErrors (status, the server's {message, errors}).
 */
export function createBoardsApi(options: BoardsApiOptions) {
  const { call } = createJsonClient({ fetch: options.fetch, apiBase: options.apiBase });
  return {
    /** GET /boards/{board}: the columns and their totals (`query` from columnsQuery). */
    getColumns: (board: Board, query: URLSearchParams) => call<BoardColumnsResponse>(`/boards/${board}?${query.toString()}`),
    /** GET /boards/{board}/cards: one page of a column (`query` from cardsQuery). */
    getCards: (board: Board, query: URLSearchParams) => call<BoardCardsResponse>(`/boards/${board}/cards?${query.toString()}`),
    /** PATCH /boards/cards: pin, bottom, unpin, hide or show; answers the card. */
    actOnCard: (request: CardActionRequest) => call<BoardCard>('/boards/cards', 'PATCH', request),
  };
}

export type BoardsApi = ReturnType<typeof createBoardsApi>;
