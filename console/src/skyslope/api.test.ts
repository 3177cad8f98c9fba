import { describe, expect, it, vi } from 'vitest';
import { fieldErrorsOf, statusOf } from '../shared/forms/fieldErrors';
import { jsonResponse } from '../test/factories';
import { createSkySlopeApi } from './api';

const json = (body: unknown, status = 200) => jsonResponse(status, body);

function setup(respond: (url: string, init?: RequestInit) => Response) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => respond(url, init));
  const sut = createSkySlopeApi({ fetch: fetchMock });
  const calls = () =>
    fetchMock.mock.calls.map(([url, init]) => ({
      url,
      method: init?.method ?? 'GET',
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    }));
  return { sut, calls };
}

describe(createSkySlopeApi.name, () => {
  it('calls the contract paths with their bodies', async () => {
    const { sut, calls } = setup((url) =>
      url.includes('offices')
        ? json({ skyslope_offices: {}, skyslope_guid: null })
        : url.includes('primary-agent')
          ? json({ primary_agents: [], selected_primary_agent: null })
          : json({}),
    );
    await sut.getOffices(3);
    await sut.saveOffice('g-1');
    await sut.getPrimaryAgents();
    await sut.savePrimaryAgent(null);
    await sut.saveSettings({ accessKey: '••••abcd', accessSecret: '••••wxyz', prefs: { send_referral: true } });
    await sut.ping();
    expect(calls()).toEqual([
      { url: '/api/skyslope/offices?team_id=3', method: 'GET', body: undefined },
      { url: '/api/skyslope/offices', method: 'POST', body: { skyslope_guid: 'g-1' } },
      { url: '/api/skyslope/primary-agent', method: 'GET', body: undefined },
      { url: '/api/skyslope/primary-agent', method: 'POST', body: { selected_primary_agent_guid: null } },
      {
        url: '/api/skyslope/settings',
        method: 'POST',
        body: { accessKey: '••••abcd', accessSecret: '••••wxyz', prefs: { send_referral: true } },
      },
      { url: '/api/skyslope/ping', method: 'GET', body: undefined },
    ]);
  });

  it('reads the matched users list', async () => {
    const user = { agent_id: 4, first_name: 'Avery', last_name: 'Agent', matching_email: 'agent@demo-realty.test', guid: 'u-4' };
    const { sut } = setup(() => json({ matched_users: [user] }));
    expect(await sut.getMatchedUsers()).toEqual([user]);
  });

  it('tells a finished matching (200) from one still running (202)', async () => {
    const done = setup(() => json({ status: 'Successfully updated matched users' }));
    expect(await done.sut.rematchUsers()).toEqual({ running: false, status: 'Successfully updated matched users' });
    expect(done.calls()).toEqual([{ url: '/api/skyslope/matched-users', method: 'POST', body: { match_skyslope_users: true } }]);
    const running = setup(() => json({ status: 'Matching is still running. Refresh in a moment.' }, 202));
    expect(await running.sut.rematchUsers()).toEqual({ running: true, status: 'Matching is still running. Refresh in a moment.' });
  });

  it('reads a page of sync activity and retries one transaction', async () => {
    const { sut, calls } = setup((url) =>
      url.includes('retry')
        ? json({ message: 'Sync queued' }, 202)
        : json({ records: [], pagination: { total: 0, page: 2, per_page: 10, pages: 0, has_next: false, has_prev: true } }),
    );
    expect((await sut.getSyncActivity(2, 10)).pagination.page).toBe(2);
    expect(await sut.retrySync(41)).toEqual({ message: 'Sync queued' });
    expect(calls()).toEqual([
      { url: '/api/skyslope/sync-activity?page=2&per_page=10', method: 'GET', body: undefined },
      { url: '/api/skyslope/sync-activity/41/retry', method: 'POST', body: undefined },
    ]);
  });

  it("rejects a 400 with the server's field errors", async () => {
    const { sut } = setup(() =>
      json(
        {
          status: 'error',
          message: 'Validation failed',
          errors: [{ field: 'accessKey', error: 'Access Key cannot exceed 256 characters' }],
        },
        400,
      ),
    );
    const failure = await sut.saveSettings({ accessKey: 'x'.repeat(300), accessSecret: 's' }).catch((error: unknown) => error);
    expect(statusOf(failure)).toBe(400);
    expect(fieldErrorsOf(failure)).toEqual({ accessKey: 'Access Key cannot exceed 256 characters' });
  });
});
