import { describe, expect, it, vi } from 'vitest';
import { SessionExpiredError } from '../session/session-manager';
import { ApiError, createDisplayApi } from './display-api';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function sessionWith(refresh: () => Promise<{ access_token: string }>) {
  return { getAccessToken: vi.fn(async () => 'old'), refresh: vi.fn(refresh) } as unknown as Parameters<typeof createDisplayApi>[0];
}

describe(createDisplayApi.name, () => {
  it('asks GET /dashboards with the Bearer token', async () => {
    const fetch = vi.fn(async () => json(200, { id: 2, title: 'Stats', data: {} }));
    const api = createDisplayApi(
      sessionWith(async () => ({ access_token: 'new' })),
      fetch,
    );
    await api.getSlide({ slide: 2, context: 't1', start_date: '11-01-2026', end_date: '11-30-2026' });
    expect(fetch).toHaveBeenCalledWith(
      '/api/dashboards?id=2&context=t1&dashboard_start_date=11-01-2026&dashboard_end_date=11-30-2026',
      expect.objectContaining({ headers: expect.objectContaining({ Authorization: 'Bearer old' }) }),
    );
  });

  it('refreshes a refused token once and asks again', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(json(401, { message: 'Unauthorized' }))
      .mockResolvedValueOnce(json(200, { slides: [], default_dashboard_id: 7 }));
    const session = sessionWith(async () => ({ access_token: 'new' }));
    const api = createDisplayApi(session, fetch);
    expect(await api.getConfig()).toEqual({ slides: [], default_dashboard_id: 7 });
    expect(session.refresh).toHaveBeenCalledWith('old');
    expect(fetch.mock.calls[1][1].headers.Authorization).toBe('Bearer new');
  });

  it("fails with the server's status and words, status 0 when unreachable, and lets an ended session through", async () => {
    const refused = createDisplayApi(
      sessionWith(async () => ({ access_token: 'new' })),
      vi.fn(async () => json(403, { message: 'You can only view your own dashboard' })),
    );
    await expect(refused.getScopes()).rejects.toEqual(new ApiError('You can only view your own dashboard', 403));
    const down = createDisplayApi(
      sessionWith(async () => ({ access_token: 'new' })),
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(down.getConfig()).rejects.toMatchObject({ status: 0 });
    const ended = createDisplayApi(
      sessionWith(async () => Promise.reject(new SessionExpiredError())),
      vi.fn(async () => json(401, {})),
    );
    await expect(ended.getConfig()).rejects.toBeInstanceOf(SessionExpiredError);
  });
});
