import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../test/factories';
import { createDashboardsApi } from './api';

function apiWith(response: () => Response) {
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) => response());
  return { fetch, sut: createDashboardsApi({ fetch }) };
}

const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body));

describe(createDashboardsApi.name, () => {
  it("reads a year's goals, or the server's current year without one", async () => {
    const { fetch, sut } = apiWith(() => jsonResponse(200, { year: 2025, metrics: [], rows: [] }));
    await sut.getGoals(2024);
    await sut.getGoals();
    await sut.getGoals(null);
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([
      '/api/dashboard/goals?year=2024',
      '/api/dashboard/goals',
      '/api/dashboard/goals',
    ]);
  });

  it('saves goals with PUT and answers the saved year with its message', async () => {
    const saved = { year: 2025, metrics: [], rows: [], message: 'Goals saved' };
    const { fetch, sut } = apiWith(() => jsonResponse(200, saved));
    const body = { year: 2025, goals: [{ agent_id: null, metric: 'closed' as const, value: 12 }] };
    expect(await sut.saveGoals(body)).toEqual(saved);
    const [url, init] = fetch.mock.calls[0];
    expect([url, init?.method, bodyOf(init)]).toEqual(['/api/dashboard/goals', 'PUT', body]);
  });

  it('reads and saves the display config, and lists the dashboards', async () => {
    const config = { slides: [{ id: 4, report: 'volume', ytd: true }], default_dashboard_id: 9 };
    const { fetch, sut } = apiWith(() => jsonResponse(200, config));
    await sut.getDisplayConfig();
    await sut.saveDisplayConfig(config as never);
    await sut.listDashboards();
    expect(fetch.mock.calls.map(([url, init]) => `${init?.method} ${url}`)).toEqual([
      'GET /api/dashboard/display/config',
      'PUT /api/dashboard/display/config',
      'GET /api/dashboards',
    ]);
    expect(bodyOf(fetch.mock.calls[1][1])).toEqual(config);
  });

  it("reads a user's activity page, or the caller's own without a user", async () => {
    const { fetch, sut } = apiWith(() =>
      jsonResponse(200, { records: [], pagination: { total: 0, page: 1, per_page: 20, pages: 0, has_next: false, has_prev: false } }),
    );
    await sut.getActivity({ agentId: 12, page: 2, perPage: 20 });
    await sut.getActivity({ agentId: null, page: 1, perPage: 60 });
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([
      '/api/dashboard/activity?agent_id=12&page=2&per_page=20',
      '/api/dashboard/activity?page=1&per_page=60',
    ]);
  });

  it("keeps the server's field errors of a refused save", async () => {
    const { sut } = apiWith(() =>
      jsonResponse(400, {
        status: 'error',
        message: 'Invalid',
        errors: [{ field: 'goals.0.value', error: 'Enter a whole number of 0 or more' }],
      }),
    );
    await expect(sut.saveGoals({ year: 2025, goals: [] })).rejects.toMatchObject({
      status: 400,
      body: { field_errors: [{ field: 'goals.0.value', error: 'Enter a whole number of 0 or more' }] },
    });
  });
});
