import { HttpError } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { fieldErrorsOf, statusOf } from '../shared/forms/fieldErrors';
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

const FOLDER = {
  client_document_folder_id: 7,
  folder_name: 'Inspections',
  transaction_type: 'b' as const,
  client_visible: false,
  vendor_visible: true,
  system: false,
};

describe(createTeamAdminApi.name, () => {
  describe('paths, methods and bodies', () => {
    it('reads and patches the team', async () => {
      const { sut, calls } = setup((_url, init) =>
        jsonResponse(200, init?.method === 'PATCH' ? { status: 'success', message: 'Team settings updated' } : { team_id: 1, name: 'Rival Homes' }),
      );

      await sut.getTeam();
      await sut.updateTeam({ name: 'Rival Homes East', city: null });

      expect(calls()).toEqual([
        { url: '/api/admin/team', method: 'GET', body: undefined },
        { url: '/api/admin/team', method: 'PATCH', body: { name: 'Rival Homes East', city: null } },
      ]);
    });

    it('lists every folder in one page, with the transaction type filter when one is set', async () => {
      const { sut, calls } = setup(() => jsonResponse(200, { records: [FOLDER], pagination: { total: 1 } }));

      expect(await sut.listFolders()).toEqual([FOLDER]);
      await sut.listFolders('s');

      expect(calls().map((call) => call.url)).toEqual([
        '/api/documents/folders?fetch_all=true',
        '/api/documents/folders?fetch_all=true&transaction_type=s',
      ]);
    });

    it('creates, updates and deletes a folder with folder_id in the query', async () => {
      const { sut, calls } = setup(() => jsonResponse(200, { status: 'success', message: 'ok', record: FOLDER }));

      const created = await sut.createFolder({ folder_name: 'Inspections', transaction_type: 'b' });
      await sut.updateFolder(7, { folder_name: 'Inspection reports' });
      await sut.deleteFolder(7);

      expect(created.record).toEqual(FOLDER);
      expect(calls()).toEqual([
        { url: '/api/documents/folders', method: 'POST', body: { folder_name: 'Inspections', transaction_type: 'b' } },
        { url: '/api/documents/folders?folder_id=7', method: 'PATCH', body: { folder_name: 'Inspection reports' } },
        { url: '/api/documents/folders?folder_id=7', method: 'DELETE', body: undefined },
      ]);
    });

    it('names categories and types by their own id params', async () => {
      const { sut, calls } = setup(() => jsonResponse(200, { records: [], status: 'success' }));

      await sut.listCategories();
      await sut.createCategory('Disclosures');
      await sut.updateCategory(3, 'Seller disclosures');
      await sut.deleteCategory(3);
      await sut.listTypes();
      await sut.listTypes(3);
      await sut.createType({ name: 'Lead paint', team_document_category_id: 3 });
      await sut.updateType(9, { name: 'Lead paint disclosure', team_document_category_id: null });
      await sut.deleteType(9);

      expect(calls().map((call) => `${call.method} ${call.url}`)).toEqual([
        'GET /api/documents/categories?fetch_all=true',
        'POST /api/documents/categories',
        'PATCH /api/documents/categories?team_document_category_id=3',
        'DELETE /api/documents/categories?team_document_category_id=3',
        'GET /api/documents/types/manage?fetch_all=true',
        'GET /api/documents/types/manage?fetch_all=true&team_document_category_id=3',
        'POST /api/documents/types/manage',
        'PATCH /api/documents/types/manage?team_document_type_id=9',
        'DELETE /api/documents/types/manage?team_document_type_id=9',
      ]);
      expect(calls()[7].body).toEqual({ name: 'Lead paint disclosure', team_document_category_id: null });
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

      expect(calls()[1]).toEqual({ url: '/api/admin/notification_settings', method: 'PATCH', body: { notification_id: 1, enabled: false } });
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
    it("become HttpErrors whose field errors the forms place (first message per field)", async () => {
      const { sut } = setup(() =>
        jsonResponse(400, {
          status: 'error',
          message: 'Validation failed',
          errors: [
            { field: 'folder_name', error: 'A folder with this name already exists' },
            { field: 'folder_name', error: 'Required' },
          ],
        }),
      );

      const error = await sut.createFolder({ folder_name: 'Photos' }).catch((failure: unknown) => failure);

      expect(error).toBeInstanceOf(HttpError);
      expect(statusOf(error)).toBe(400);
      expect(fieldErrorsOf(error)).toEqual({ folder_name: 'A folder with this name already exists' });
    });

    it("keep the server's message and status (403 system folder, 404 another team's id, 409 same day)", async () => {
      const answers: Record<string, Response> = {
        PATCH: jsonResponse(403, { status: 'error', message: 'System folders cannot be edited or deleted' }),
        DELETE: jsonResponse(404, { status: 'error', message: 'Not found' }),
        POST: jsonResponse(409, { status: 'error', message: 'This day is already a blackout day' }),
      };
      const { sut } = setup((_url, init) => answers[init?.method ?? 'GET']);

      const forbidden = await failureOf(sut.updateFolder(-1, { folder_name: 'x' }));
      const missing = await failureOf(sut.deleteFolder(999));
      const twice = await failureOf(sut.addBlackoutDay({ predefined_day_key: 'monday' }));

      expect([forbidden.status, forbidden.message]).toEqual([403, 'System folders cannot be edited or deleted']);
      expect([missing.status, missing.message]).toEqual([404, 'Not found']);
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
      const { sut, uploadMock } = setup(() => jsonResponse(400, { status: 'error', message: 'Validation failed', errors: [{ field: 'type', error: 'Images only' }] }));

      await expect(sut.uploadLogo(file)).rejects.toBeInstanceOf(HttpError);
      expect(uploadMock).not.toHaveBeenCalled();
    });
  });
});
