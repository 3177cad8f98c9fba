import { HttpError } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { SessionEndedError } from '../auth/authClient';
import { jsonResponse } from '../test/factories';
import { buildListQuery, createDataProvider, parseListBody } from './dataProvider';
import { DATA_MESSAGES } from './messages';
import type { ResourceConfig } from './resourceConfig';

// Shapes the spec describes (000 section 7): ids named per entity, carried in path, query or body.
const RESOURCES: Record<string, ResourceConfig> = {
  'admin/users': { path: 'admin/users', itemPath: 'admin/user', idField: 'agent_id', idIn: 'query' },
  'document-folders': {
    path: 'documents/folders',
    idField: 'client_document_folder_id',
    idIn: 'body',
    idParam: 'folder_id',
  },
  contacts: { path: 'contacts', idField: 'contact_id' },
  teams: { path: '/admin/team/', idField: 'team_id', updateMethod: 'PUT' },
  profile: { path: 'user/profile', idField: 'agent_id', singleton: true },
};

const PAGINATION = { total: 42, page: 2, per_page: 20, pages: 3, has_next: true, has_prev: true };

function setup(respond: (url: string, init?: RequestInit) => Response | Promise<Response>) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => respond(url, init));
  const sut = createDataProvider({ fetch: fetchMock, resources: RESOURCES });
  const lastCall = () => {
    const [url, init] = fetchMock.mock.calls[fetchMock.mock.calls.length - 1];
    return { url, method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : undefined, init };
  };
  return { sut, fetchMock, lastCall };
}

const listParams = {
  pagination: { page: 2, perPage: 20 },
  sort: { field: 'roles', order: 'DESC' as const },
  filter: {},
};

describe('buildListQuery', () => {
  it('sends page, per_page, order_by and order_dir 1 for ASC', () => {
    const query = buildListQuery(
      { pagination: { page: 1, perPage: 10 }, sort: { field: 'created_ts', order: 'ASC' }, filter: {} },
      { idField: 'id' },
    );

    expect(query.toString()).toBe('page=1&per_page=10&order_by=created_ts&order_dir=1');
  });

  it('sends order_dir -1 for DESC', () => {
    const query = buildListQuery({ ...listParams }, { idField: 'id' });

    expect(query.get('order_by')).toBe('roles');
    expect(query.get('order_dir')).toBe('-1');
  });

  it("sorts by the server's id field when react-admin sorts by id", () => {
    const query = buildListQuery(
      { pagination: { page: 1, perPage: 20 }, sort: { field: 'id', order: 'ASC' }, filter: {} },
      { idField: 'agent_id' },
    );

    expect(query.get('order_by')).toBe('agent_id');
  });

  it('leaves sorting and paging out when react-admin gives none', () => {
    expect(buildListQuery({ filter: { status_filter: 'active' } }, { idField: 'id' }).toString()).toBe('status_filter=active');
  });

  it('turns filters into query params: scalars as text, arrays repeated, objects as JSON, empties skipped', () => {
    const query = buildListQuery(
      {
        pagination: { page: 1, perPage: 20 },
        sort: { field: 'name', order: 'ASC' },
        filter: {
          quick_search_filter: 'main st',
          team_form_id: -1,
          exclude_lost: false,
          client_stage_id: [3, 4],
          client_filter: { status_date_preset: 'thisWeek' },
          lead_source: '',
          agent_id: null,
          tag: undefined,
        },
      },
      { idField: 'id' },
    );

    expect(query.get('quick_search_filter')).toBe('main st');
    expect(query.get('team_form_id')).toBe('-1');
    expect(query.get('exclude_lost')).toBe('false');
    expect(query.getAll('client_stage_id')).toEqual(['3', '4']);
    expect(JSON.parse(query.get('client_filter')!)).toEqual({ status_date_preset: 'thisWeek' });
    expect(query.has('lead_source')).toBe(false);
    expect(query.has('agent_id')).toBe(false);
    expect(query.has('tag')).toBe(false);
  });

  it('does not let a filter override the paging and sorting params', () => {
    const query = buildListQuery(
      { pagination: { page: 3, perPage: 10 }, sort: { field: 'name', order: 'ASC' }, filter: { page: 9, order_dir: -1 } },
      { idField: 'id' },
    );

    expect(query.getAll('page')).toEqual(['3']);
    expect(query.getAll('order_dir')).toEqual(['1']);
  });
});

describe('parseListBody', () => {
  it('reads a table response: rows, columns and pagination.total', () => {
    const cols = [{ field: 'agent_full_name', header: 'Name', sortable: true }];
    const parsed = parseListBody({ table: { data: [{ agent_id: 1 }], cols }, pagination: PAGINATION });

    expect(parsed).toEqual({ rows: [{ agent_id: 1 }], total: 42, meta: { cols, pagination: PAGINATION } });
  });

  it('reads a records response, a null records list and a bare array', () => {
    expect(parseListBody({ records: [{ rtc_id: 1 }], pagination: PAGINATION }).total).toBe(42);
    expect(parseListBody({ records: null })).toEqual({ rows: [], total: 0, meta: {} });
    expect(parseListBody([{ notification_id: 1 }, { notification_id: 2 }]).total).toBe(2);
  });
});

describe('createDataProvider', () => {
  describe('getList', () => {
    it('calls the list path with the query and maps a table response (id from idField, total, cols)', async () => {
      const cols = [{ field: 'agent_full_name', header: 'Name' }];
      const { sut, lastCall } = setup(() =>
        jsonResponse(200, {
          table: { data: [{ agent_id: 5, agent_full_name: 'Ann Agent' }], cols },
          pagination: PAGINATION,
        }),
      );

      const result = await sut.getList('admin/users', { ...listParams, filter: { status_filter: 'active' } });

      expect(lastCall().url).toBe('/api/admin/users?page=2&per_page=20&order_by=roles&order_dir=-1&status_filter=active');
      expect(result.data).toEqual([{ id: 5, agent_id: 5, agent_full_name: 'Ann Agent' }]);
      expect(result.total).toBe(42);
      expect(result.meta).toEqual({ cols, pagination: PAGINATION });
    });

    it('maps a records response', async () => {
      const { sut } = setup(() =>
        jsonResponse(200, {
          records: [
            { client_document_folder_id: -1, folder_name: 'Contracts' },
            { client_document_folder_id: 3, folder_name: 'Photos' },
          ],
          pagination: { ...PAGINATION, total: 2 },
        }),
      );

      const result = await sut.getList('document-folders', listParams);

      expect(result.data.map((row) => row.id)).toEqual([-1, 3]);
      expect(result.data[0]).toMatchObject({ client_document_folder_id: -1, folder_name: 'Contracts' });
      expect(result.total).toBe(2);
    });

    it('uses the resource name as path and id as id field for resources it does not know', async () => {
      const { sut, lastCall } = setup(() => jsonResponse(200, { records: [{ id: 9 }], pagination: PAGINATION }));

      const result = await sut.getList('boards', listParams);

      expect(lastCall().url.startsWith('/api/boards?')).toBe(true);
      expect(result.data).toEqual([{ id: 9 }]);
    });

    it('passes the abort signal on', async () => {
      const { sut, lastCall } = setup(() => jsonResponse(200, { records: [], pagination: PAGINATION }));
      const controller = new AbortController();

      await sut.getList('contacts', { ...listParams, signal: controller.signal });

      expect(lastCall().init?.signal).toBe(controller.signal);
    });
  });

  describe('getOne and getMany', () => {
    it('puts the id in the path by default', async () => {
      const { sut, lastCall } = setup(() => jsonResponse(200, { contact_id: 5, first_name: 'Cy' }));

      const { data } = await sut.getOne('contacts', { id: 5 });

      expect(lastCall()).toMatchObject({ url: '/api/contacts/5', method: 'GET' });
      expect(data).toEqual({ id: 5, contact_id: 5, first_name: 'Cy' });
    });

    it('puts the id in the query, under the item path, when the resource says so', async () => {
      const { sut, lastCall } = setup(() => jsonResponse(200, { agent_id: 5, first_name: 'Ann' }));

      const { data } = await sut.getOne('admin/users', { id: 5 });

      expect(lastCall().url).toBe('/api/admin/user?agent_id=5');
      expect(data.id).toBe(5);
    });

    it('sends a body-carried id in the query of a GET, under its own name', async () => {
      const { sut, lastCall } = setup(() => jsonResponse(200, { client_document_folder_id: 3 }));

      await sut.getOne('document-folders', { id: 3 });

      expect(lastCall().url).toBe('/api/documents/folders?folder_id=3');
    });

    it('reads a singleton without an id in the URL and keeps the id it was asked for', async () => {
      const { sut, lastCall } = setup(() => jsonResponse(200, { agent_id: 7, first_name: 'Dana', team: { name: 'Demo Realty' } }));

      const { data } = await sut.getOne('profile', { id: 'me' });

      expect(lastCall().url).toBe('/api/user/profile');
      expect(data).toMatchObject({ id: 'me', agent_id: 7, first_name: 'Dana' });
    });

    it('escapes ids in the path', async () => {
      const { sut, lastCall } = setup(() => jsonResponse(200, { contact_id: 'a/b' }));

      await sut.getOne('contacts', { id: 'a/b' });

      expect(lastCall().url).toBe('/api/contacts/a%2Fb');
    });

    it('getMany asks for each record', async () => {
      const { sut, fetchMock } = setup((url) => jsonResponse(200, { contact_id: Number(url.split('/').pop()) }));

      const { data } = await sut.getMany('contacts', { ids: [1, 2] });

      expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/contacts/1', '/api/contacts/2']);
      expect(data.map((record) => record.id)).toEqual([1, 2]);
    });

    it('getManyReference lists with the target as a filter', async () => {
      const { sut, lastCall } = setup(() => jsonResponse(200, { records: [], pagination: { ...PAGINATION, total: 0 } }));

      await sut.getManyReference('contacts', {
        target: 'agent_id',
        id: 5,
        pagination: { page: 1, perPage: 10 },
        sort: { field: 'last_name', order: 'ASC' },
        filter: {},
      });

      expect(new URL(lastCall().url, 'http://x').searchParams.get('agent_id')).toBe('5');
    });
  });

  describe('create, update, delete', () => {
    it("creates with POST on the item path, without react-admin's id, and maps the answer's id", async () => {
      const { sut, lastCall } = setup(() => jsonResponse(201, { agent_id: 11, first_name: 'Ann', status: 'active' }));

      const { data } = await sut.create('admin/users', { data: { id: 'ignored', first_name: 'Ann' } });

      expect(lastCall()).toMatchObject({ url: '/api/admin/user', method: 'POST', body: { first_name: 'Ann' } });
      expect(lastCall().init?.headers).toMatchObject({ 'Content-Type': 'application/json' });
      expect(data).toMatchObject({ id: 11, agent_id: 11, first_name: 'Ann' });
    });

    it('updates with PATCH and the id in the path', async () => {
      const { sut, lastCall } = setup(() => jsonResponse(200, { contact_id: 5, first_name: 'Cy' }));

      const { data } = await sut.update('contacts', {
        id: 5,
        data: { id: 5, contact_id: 5, first_name: 'Cy' },
        previousData: { id: 5, contact_id: 5, first_name: 'C' },
      });

      expect(lastCall()).toMatchObject({
        url: '/api/contacts/5',
        method: 'PATCH',
        body: { contact_id: 5, first_name: 'Cy' },
      });
      expect(data).toEqual({ id: 5, contact_id: 5, first_name: 'Cy' });
    });

    it('updates with the id in the query', async () => {
      const { sut, lastCall } = setup(() => jsonResponse(200, { agent_id: 5 }));

      await sut.update('admin/users', { id: 5, data: { first_name: 'Ann' }, previousData: { id: 5 } });

      expect(lastCall()).toMatchObject({ url: '/api/admin/user?agent_id=5', method: 'PATCH', body: { first_name: 'Ann' } });
    });

    it('updates with the id in the body under its own name', async () => {
      const { sut, lastCall } = setup(() => jsonResponse(200, { status: 'ok' }));

      const { data } = await sut.update('document-folders', {
        id: 3,
        data: { id: 3, client_document_folder_id: 3, folder_name: 'Photos' },
        previousData: { id: 3, client_document_folder_id: 3, folder_name: 'Pics', client_visible: true },
      });

      expect(lastCall()).toMatchObject({
        url: '/api/documents/folders',
        method: 'PATCH',
        body: { client_document_folder_id: 3, folder_name: 'Photos', folder_id: 3 },
      });
      // An acknowledgement is not a record: the data sent stands in, over the previous record.
      expect(data).toEqual({ id: 3, client_document_folder_id: 3, folder_name: 'Photos', client_visible: true });
    });

    it('uses PUT where the resource says so, and trims slashes of configured paths', async () => {
      const { sut, lastCall } = setup(() => jsonResponse(200, { team_id: 1 }));

      await sut.update('teams', { id: 1, data: { name: 'Demo Realty' }, previousData: { id: 1 } });

      expect(lastCall()).toMatchObject({ url: '/api/admin/team/1', method: 'PUT' });
    });

    it('updates a singleton on its path and keeps the id asked for', async () => {
      const { sut, lastCall } = setup(() => new Response(null, { status: 204 }));

      const { data } = await sut.update('profile', {
        id: 'me',
        data: { id: 'me', agent_id: 7, first_name: 'Dana' },
        previousData: { id: 'me', agent_id: 7, first_name: 'D', last_name: 'Admin' },
      });

      expect(lastCall()).toMatchObject({ url: '/api/user/profile', method: 'PATCH', body: { agent_id: 7, first_name: 'Dana' } });
      expect(data).toEqual({ id: 'me', agent_id: 7, first_name: 'Dana', last_name: 'Admin' });
    });

    it('deletes with DELETE, the id where the resource wants it, and returns the previous record', async () => {
      const { sut, lastCall } = setup(() => jsonResponse(200, { status: 'ok' }));

      const { data } = await sut.delete('document-folders', {
        id: 3,
        previousData: { id: 3, client_document_folder_id: 3, folder_name: 'Photos' },
      });

      expect(lastCall()).toMatchObject({ url: '/api/documents/folders?folder_id=3', method: 'DELETE', body: undefined });
      expect(data).toEqual({ id: 3, client_document_folder_id: 3, folder_name: 'Photos' });
    });

    it('updateMany and deleteMany go record by record', async () => {
      const { sut, fetchMock } = setup(() => jsonResponse(200, { status: 'ok' }));

      await expect(sut.updateMany('contacts', { ids: [1, 2], data: { status: 'x' } })).resolves.toEqual({ data: [1, 2] });
      await expect(sut.deleteMany('contacts', { ids: [3] })).resolves.toEqual({ data: [3] });

      expect(fetchMock.mock.calls.map(([url, init]) => `${init?.method} ${url}`)).toEqual([
        'PATCH /api/contacts/1',
        'PATCH /api/contacts/2',
        'DELETE /api/contacts/3',
      ]);
    });
  });

  describe('errors', () => {
    it("becomes an HttpError with the server's message and field errors react-admin forms can place", async () => {
      const { sut } = setup(() =>
        jsonResponse(422, {
          status: 'error',
          message: 'Form Error: Please correct errors to save changes.',
          errors: [
            { field: 'email', error: 'This is an invalid email address' },
            { field: 'email', error: 'Email already in use' },
            { field: 'first_name', error: 'Required' },
          ],
        }),
      );

      const error = await sut.create('admin/users', { data: {} }).catch((caught: unknown) => caught);

      expect(error).toBeInstanceOf(HttpError);
      expect(error).toMatchObject({
        status: 422,
        message: 'Form Error: Please correct errors to save changes.',
        body: {
          status: 'error',
          message: 'Form Error: Please correct errors to save changes.',
          errors: { email: 'This is an invalid email address', first_name: 'Required' },
          field_errors: [
            { field: 'email', error: 'This is an invalid email address' },
            { field: 'email', error: 'Email already in use' },
            { field: 'first_name', error: 'Required' },
          ],
        },
      });
    });

    it('has no errors map when the server sent no field errors', async () => {
      const { sut } = setup(() => jsonResponse(404, { status: 'error', message: 'Not found' }));

      const error = (await sut.getOne('contacts', { id: 1 }).catch((caught: unknown) => caught)) as HttpError;

      expect(error.status).toBe(404);
      expect(error.message).toBe('Not found');
      expect(error.body).not.toHaveProperty('errors');
    });

    it('uses its own words when a server error has no body', async () => {
      const { sut } = setup(() => new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }));

      await expect(sut.getList('contacts', listParams)).rejects.toMatchObject({
        status: 502,
        message: DATA_MESSAGES.serverError,
      });
    });

    it('reports an unreachable server with status 0', async () => {
      const { sut } = setup(() => {
        throw new TypeError('Failed to fetch');
      });

      await expect(sut.getList('contacts', listParams)).rejects.toMatchObject({
        status: 0,
        message: DATA_MESSAGES.serverUnreachable,
      });
    });

    it('lets a cancelled call reject as the abort it is', async () => {
      const { sut } = setup(() => {
        throw new DOMException('The operation was aborted.', 'AbortError');
      });

      await expect(sut.getList('contacts', listParams)).rejects.toMatchObject({ name: 'AbortError' });
    });

    it('turns an ended session into a 401 so react-admin signs the user out', async () => {
      const { sut } = setup(() => {
        throw new SessionEndedError();
      });

      const error = await sut.getOne('profile', { id: 'me' }).catch((caught: unknown) => caught);

      expect(error).toBeInstanceOf(HttpError);
      expect(error).toMatchObject({ status: 401 });
    });
  });
});
