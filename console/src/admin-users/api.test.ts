import { describe, expect, it, vi } from 'vitest';
import { headersOf, jsonResponse } from '../test/factories';
import { createAdminUsersApi, fileNameOf } from './api';

function apiWith(response: Response | (() => Response)) {
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) => (typeof response === 'function' ? response() : response));
  return { fetch, sut: createAdminUsersApi({ fetch }) };
}

describe(createAdminUsersApi.name, () => {
  it('lists users with the query it is given', async () => {
    const { fetch, sut } = apiWith(jsonResponse(200, { table: { data: [], cols: [] }, pagination: { total: 0 } }));
    await sut.listUsers(new URLSearchParams('page=2&per_page=10&status_filter=disabled'));
    expect(fetch.mock.calls[0][0]).toBe('/api/admin/users?page=2&per_page=10&status_filter=disabled');
  });

  it('sends the row actions to their calls', async () => {
    const { fetch, sut } = apiWith(() => jsonResponse(200, { status: 'success', message: 'ok' }));
    await sut.disableUser(5);
    await sut.activateUser(5);
    await sut.sendEmail(5, 'reset');
    await sut.setPassword({ agent_id: 5, new_password: 'NewPass1!', confirm_new_password: 'NewPass1!' });
    await sut.updateUser(5, { last_name: 'Lee' });
    const calls = fetch.mock.calls.map(([url, init]) => [init?.method, url, init?.body ? JSON.parse(String(init.body)) : undefined]);
    expect(calls).toEqual([
      ['DELETE', '/api/admin/user?agent_id=5', undefined],
      ['PATCH', '/api/admin/user/activate', { agent_id: 5 }],
      ['POST', '/api/admin/user/email', { agent_id: 5, type: 'reset' }],
      ['PATCH', '/api/admin/user/password', { agent_id: 5, new_password: 'NewPass1!', confirm_new_password: 'NewPass1!' }],
      ['PATCH', '/api/admin/user', { last_name: 'Lee', agent_id: 5 }],
    ]);
  });

  it('asks the transactions service for the reassign counts, the agent scopes and the move', async () => {
    const { fetch, sut } = apiWith(() => jsonResponse(200, { reassigned_count: 3 }));
    await sut.getReassignCount(12);
    await sut.getAgentScopes();
    expect(await sut.reassign({ from_agent_id: 12, to_agent_id: 9, type: 'active_only' })).toEqual({ reassigned_count: 3 });
    const calls = fetch.mock.calls.map(([url, init]) => [init?.method, url, init?.body ? JSON.parse(String(init.body)) : undefined]);
    expect(calls).toEqual([
      ['GET', '/api/transactions/reassign/count?from_agent_id=12', undefined],
      ['GET', '/api/dashboard/scopes?include_team=false', undefined],
      ['POST', '/api/transactions/reassign', { from_agent_id: 12, to_agent_id: 9, type: 'active_only' }],
    ]);
  });

  it("keeps a refused reassignment's field errors", async () => {
    const { sut } = apiWith(
      jsonResponse(400, { status: 'error', message: 'Invalid', errors: [{ field: 'to_agent_id', error: 'Choose a different agent' }] }),
    );
    await expect(sut.reassign({ from_agent_id: 12, to_agent_id: 12, type: 'all' })).rejects.toMatchObject({
      status: 400,
      body: { errors: { to_agent_id: 'Choose a different agent' } },
    });
  });

  it('downloads the CSV as a blob with the server file name, asking for text/csv', async () => {
    const csv = 'Name,Status\nAnn Lee,Active\n';
    const { fetch, sut } = apiWith(
      new Response(csv, {
        status: 200,
        headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="users.csv"' },
      }),
    );
    const { blob, fileName } = await sut.downloadUsers(new URLSearchParams('order_by=roles&order_dir=-1&status_filter=all'));
    expect(fetch.mock.calls[0][0]).toBe('/api/admin/users/download?order_by=roles&order_dir=-1&status_filter=all');
    expect(headersOf(fetch.mock.calls[0][1]).get('Accept')).toBe('text/csv');
    expect(fileName).toBe('users.csv');
    expect(await blob.text()).toBe(csv);
  });

  it("keeps the server's message, field errors and licence detail on a refusal", async () => {
    const { sut } = apiWith(jsonResponse(403, { status: 'error', message: 'No Available User Licenses', detail: 'Ask billing.' }));
    await expect(sut.createUser({ first_name: 'Ann' })).rejects.toMatchObject({
      status: 403,
      message: 'No Available User Licenses',
      body: { detail: 'Ask billing.' },
    });
    const invalid = apiWith(
      jsonResponse(400, { status: 'error', message: 'Invalid', errors: [{ field: 'email', error: 'Email is already in use' }] }),
    );
    await expect(invalid.sut.createUser({})).rejects.toMatchObject({ status: 400, body: { errors: { email: 'Email is already in use' } } });
  });

  it('says the server could not be reached when fetch itself fails', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(createAdminUsersApi({ fetch }).getLicences()).rejects.toMatchObject({
      status: 0,
      message: 'Unable to reach the server. Please try again.',
    });
  });
});

describe('fileNameOf', () => {
  it('reads plain and encoded file names', () => {
    expect(fileNameOf('attachment; filename="users.csv"', 'x.csv')).toBe('users.csv');
    expect(fileNameOf('attachment; filename=users.csv', 'x.csv')).toBe('users.csv');
    expect(fileNameOf("attachment; filename*=UTF-8''team%20users.csv", 'x.csv')).toBe('team users.csv');
    expect(fileNameOf(null, 'users.csv')).toBe('users.csv');
  });
});
