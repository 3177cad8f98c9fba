import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../test/factories';
import { createCommissionApi } from './api';

function apiWith(response: () => Response) {
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) => response());
  return { fetch, sut: createCommissionApi({ fetch }) };
}

describe(createCommissionApi.name, () => {
  it("reads a user's caps by agent_id, or the caller's own without one", async () => {
    const { fetch, sut } = apiWith(() =>
      jsonResponse(200, { records: [], brokerage_cap_anniversary_dt: null, royalty_cap_anniversary_dt: null }),
    );
    await sut.getCaps(12);
    await sut.getCaps();
    await sut.getCaps(null);
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(['/api/caps?agent_id=12', '/api/caps', '/api/caps']);
  });

  it('reads the templates', async () => {
    const list = { buyer: [], seller: [], show_default_templates: false };
    const { fetch, sut } = apiWith(() => jsonResponse(200, list));
    expect(await sut.getTemplates()).toEqual(list);
    expect(fetch.mock.calls[0][0]).toBe('/api/commission/templates');
  });

  it("keeps the server's status on a refusal (another agent's caps: 404)", async () => {
    const { sut } = apiWith(() => jsonResponse(404, { status: 'error', message: 'Not Found' }));
    await expect(sut.getCaps(99)).rejects.toMatchObject({ status: 404, message: 'Not Found' });
  });
});
