import { describe, expect, it, vi } from 'vitest';
import { createBoardsApi } from './api';
import { cardsQuery, columnsQuery } from './boardRules';

const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function apiWith(answer: () => Response) {
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) => answer());
  return { fetch, sut: createBoardsApi({ fetch }) };
}

describe('createBoardsApi', () => {
  it('reads the columns and a page of cards of a board with the same filter keys', async () => {
    const { fetch, sut } = apiWith(() => jsonResponse(200, { board: 'status', columns: [] }));
    const options = { showHidden: false, filters: { type_filter: 'b' as const } };
    await sut.getColumns('status', columnsQuery('status', options));
    await sut.getCards('status', cardsQuery('status', 4, 2, options));
    expect(fetch.mock.calls.map(([url, init]) => [url, init?.method])).toEqual([
      ['/api/boards/status?show_hidden=false&type_filter=b', 'GET'],
      ['/api/boards/status/cards?column_id=4&page=2&per_page=15&show_hidden=false&type_filter=b', 'GET'],
    ]);
  });

  it('sends a card action and answers the card; a refusal is an HttpError with the field error', async () => {
    const { fetch, sut } = apiWith(() => jsonResponse(200, { task_id: 3, pinned_on_boards: true }));
    expect(await sut.actOnCard({ card_type: 'task', id: 3, action: 'pin' })).toEqual({ task_id: 3, pinned_on_boards: true });
    expect(fetch.mock.calls[0][0]).toBe('/api/boards/cards');
    expect(fetch.mock.calls[0][1]).toMatchObject({ method: 'PATCH', body: JSON.stringify({ card_type: 'task', id: 3, action: 'pin' }) });

    const refused = apiWith(() =>
      jsonResponse(400, {
        status: 'error',
        message: 'Validation failed',
        errors: [{ field: 'action', error: 'This card is already pinned' }],
      }),
    );
    await expect(refused.sut.actOnCard({ card_type: 'task', id: 3, action: 'pin' })).rejects.toMatchObject({
      status: 400,
      body: { errors: { action: 'This card is already pinned' } },
    });
  });
});
