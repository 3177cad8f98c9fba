import { HttpError } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { headersOf, jsonResponse } from '../test/factories';
import { createTeamAdminApi } from './api';

type Respond = (url: string, init?: RequestInit) => Response | Promise<Response>;

function setup(respond: Respond, upload: Respond = () => new Response(null, { status: 200 })) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => respond(url, init));
  const uploadMock = vi.fn(async (url: string, init?: RequestInit) => upload(url, init));
  const sut = createTeamAdminApi({ fetch: fetchMock, uploadFetch: uploadMock });
  const calls = () =>
    fetchMock.mock.calls.map(([url, init]) => ({
      url,
      method: init?.method ?? 'GET',
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    }));
  return { sut, fetchMock, uploadMock, calls };
}

/** The HttpError a call rejects with (the test fails if it resolves). */
async function failureOf(call: Promise<unknown>): Promise<HttpError> {
  const outcome = await call.then(
    () => null,
    (failure: unknown) => failure,
  );
  expect(outcome).toBeInstanceOf(HttpError);
  return outcome as HttpError;
}

describe(createTeamAdminApi.name, () => {
  describe('paths, methods and bodies', () => {
    it('reads and patches the team', async () => {
      const { sut, calls } = setup((_url, init) =>
        jsonResponse(
          200,
          init?.method === 'PATCH' ? { status: 'success', message: 'Team settings updated' } : { team_id: 1, name: 'Rival Homes' },
        ),
      );

      await sut.getTeam();
      await sut.updateTeam({ name: 'Rival Homes East', city: null });

      expect(calls()).toEqual([
        { url: '/api/admin/team', method: 'GET', body: undefined },
        { url: '/api/admin/team', method: 'PATCH', body: { name: 'Rival Homes East', city: null } },
      ]);
    });

    it('reads the message template text and patches it', async () => {
      const { sut, calls } = setup((_url, init) =>
        jsonResponse(200, init?.method === 'PATCH' ? { status: 'success' } : { message_template: 'Hello {name}' }),
      );

      expect(await sut.getMessageTemplate()).toBe('Hello {name}');
      await sut.updateMessageTemplate('Hi');

      expect(calls()[1]).toEqual({ url: '/api/admin/document/message-template', method: 'PATCH', body: { message_template: 'Hi' } });
    });

    it('switches a team notification with notification_id and enabled', async () => {
      const { sut, calls } = setup(() => jsonResponse(200, { records: [{ notification_id: 1, name: 'x', enabled: true }] }));

      expect(await sut.getNotificationSettings()).toHaveLength(1);
      await sut.updateNotificationSetting(1, false);

      expect(calls()[1]).toEqual({
        url: '/api/admin/notification_settings',
        method: 'PATCH',
        body: { notification_id: 1, enabled: false },
      });
    });

    it('adds blackout days by key or label and date, and deletes them by key or id', async () => {
      const { sut, calls } = setup(() => jsonResponse(200, { status: 'success', message: 'Setting has been saved' }));

      await sut.addBlackoutDay({ predefined_day_key: 'juneteenth' });
      await sut.addBlackoutDay({ day_label: 'Office party', day_date: '12-19-2030' });
      await sut.deleteBlackoutDay({ predefined_day_key: 'juneteenth' });
      await sut.deleteBlackoutDay({ team_blackout_day_id: 12 });

      expect(calls()).toEqual([
        { url: '/api/admin/team/blackout-day', method: 'POST', body: { predefined_day_key: 'juneteenth' } },
        { url: '/api/admin/team/blackout-day', method: 'POST', body: { day_label: 'Office party', day_date: '12-19-2030' } },
        { url: '/api/admin/team/blackout-day?predefined_day_key=juneteenth', method: 'DELETE', body: undefined },
        { url: '/api/admin/team/blackout-day?team_blackout_day_id=12', method: 'DELETE', body: undefined },
      ]);
    });

    it('reads blackout options and days, empty when the server sends nothing', async () => {
      const { sut } = setup((url) =>
        url.endsWith('/options') ? jsonResponse(200, { holidays: [{ id: 'juneteenth', label: 'Juneteenth' }] }) : jsonResponse(200, {}),
      );

      expect(await sut.getBlackoutOptions()).toEqual({ holidays: [{ id: 'juneteenth', label: 'Juneteenth' }], weekdays: [] });
      expect(await sut.getBlackoutDays()).toEqual([]);
    });

    it('answers null for an empty body', async () => {
      const { sut } = setup(() => new Response(null, { status: 204 }));

      await expect(sut.deleteLogo()).resolves.toBeNull();
    });
  });

  describe('errors', () => {
    it("keep the server's message and status (409 same day)", async () => {
      const { sut } = setup(() => jsonResponse(409, { status: 'error', message: 'This day is already a blackout day' }));

      const twice = await failureOf(sut.addBlackoutDay({ predefined_day_key: 'monday' }));

      expect([twice.status, twice.message]).toEqual([409, 'This day is already a blackout day']);
    });

    it('say the server could not be reached (status 0) when fetch throws', async () => {
      const { sut } = setup(() => {
        throw new TypeError('Failed to fetch');
      });

      const error = await failureOf(sut.getTeam());

      expect(error.status).toBe(0);
      expect(error.message).toBe('Unable to reach the server. Please try again.');
    });

    it('keep the status of an ended session so react-admin signs out', async () => {
      const { sut } = setup(() => {
        throw Object.assign(new Error('Session ended'), { status: 401 });
      });

      const error = await failureOf(sut.getTeam());

      expect(error.status).toBe(401);
    });

    it('fall back to the server error words for a 500 without a message', async () => {
      const { sut } = setup(() => new Response('', { status: 500, statusText: 'Internal Server Error' }));

      const error = await failureOf(sut.getNotificationSettings());

      expect(error.message).toBe('Server error please try again.');
    });
  });

  describe('uploadLogo', () => {
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' });

    it('asks where to put the file, PUTs it there without the Bearer token, confirms, and answers the signed URL', async () => {
      const { sut, calls, uploadMock, fetchMock } = setup((url) => {
        if (url.endsWith('/confirm')) return jsonResponse(200, { url: 'https://files.test/logo.png?sig=2' });
        return jsonResponse(200, { url: 'https://files.test/put?sig=1', key: 'teams/5/logo.png', expires_in: 300, max_bytes: 10_000_000 });
      });

      await expect(sut.uploadLogo(file)).resolves.toBe('https://files.test/logo.png?sig=2');

      expect(calls()).toEqual([
        { url: '/api/admin/team/logo', method: 'POST', body: { name: 'logo.png', type: 'image/png' } },
        { url: '/api/admin/team/logo/confirm', method: 'POST', body: { key: 'teams/5/logo.png' } },
      ]);
      expect(uploadMock).toHaveBeenCalledTimes(1);
      const [putUrl, putInit] = uploadMock.mock.calls[0];
      expect(putUrl).toBe('https://files.test/put?sig=1');
      expect(putInit?.method).toBe('PUT');
      expect(putInit?.body).toBe(file);
      expect(headersOf(putInit).get('Content-Type')).toBe('image/png');
      expect(headersOf(putInit).has('Authorization')).toBe(false);
      // The signed-in fetch never carries the file.
      expect(fetchMock.mock.calls.some(([url]) => url.includes('files.test'))).toBe(false);
    });

    it("reads the logo's URL when the confirm answers none", async () => {
      const { sut } = setup((url, init) => {
        if (url.endsWith('/confirm')) return jsonResponse(200, {});
        if (init?.method === 'POST') return jsonResponse(200, { url: '/upload/1', key: 'k' });
        return jsonResponse(200, { url: '/logo/signed' });
      });

      await expect(sut.uploadLogo(file)).resolves.toBe('/logo/signed');
    });

    it('fails with the storage status when the PUT is refused (413 too large, 415 not an image)', async () => {
      const { sut, calls } = setup(
        () => jsonResponse(200, { url: '/upload/1', key: 'k' }),
        () => new Response(null, { status: 415, statusText: 'Unsupported Media Type' }),
      );

      const error = await failureOf(sut.uploadLogo(file));

      expect(error.status).toBe(415);
      // Nothing is confirmed after a refused PUT.
      expect(calls().map((call) => call.url)).toEqual(['/api/admin/team/logo']);
    });

    it('fails when the server refuses to give an upload URL', async () => {
      const { sut, uploadMock } = setup(() =>
        jsonResponse(400, { status: 'error', message: 'Validation failed', errors: [{ field: 'type', error: 'Images only' }] }),
      );

      await expect(sut.uploadLogo(file)).rejects.toBeInstanceOf(HttpError);
      expect(uploadMock).not.toHaveBeenCalled();
    });
  });
});
