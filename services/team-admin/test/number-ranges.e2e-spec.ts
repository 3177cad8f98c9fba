import request from 'supertest';
import { bearer, bootTeamAdmin, type TeamAdminUnderTest } from './team-admin-test-app';

/**
 * Ids and pages beyond a Postgres integer must be refused by validation (400 with a field error):
 * sent to SQL they fail with "out of range for type integer", a 500.
 */
const TOO_BIG = 3_000_000_000;
const HUGE_PAGE = '99999999999999999999';
const MAX_ID = 2_147_483_647;

type Method = 'get' | 'post' | 'patch' | 'delete';
interface Case {
  method: Method;
  path: string;
  body?: object;
  field: string;
  error: string;
}

const FOLDER_ID = 'Must be a folder id';
const CATEGORY_ID = 'Must be a document category id';
const TYPE_ID = 'Must be a document type id';
const PAGE = 'Must be at most 1000000';

const OUT_OF_RANGE: Case[] = [
  { method: 'get', path: `/api/documents/folders?folder_id=${TOO_BIG}`, field: 'folder_id', error: FOLDER_ID },
  { method: 'get', path: `/api/documents/folders?folder_id=-${TOO_BIG}`, field: 'folder_id', error: FOLDER_ID },
  {
    method: 'patch',
    path: `/api/documents/folders?folder_id=${TOO_BIG}`,
    body: { folder_name: 'Range' },
    field: 'folder_id',
    error: FOLDER_ID,
  },
  { method: 'delete', path: `/api/documents/folders?folder_id=${TOO_BIG}`, field: 'folder_id', error: FOLDER_ID },
  { method: 'get', path: `/api/documents/folders?page=${HUGE_PAGE}`, field: 'page', error: PAGE },
  { method: 'get', path: `/api/documents/categories?page=${HUGE_PAGE}`, field: 'page', error: PAGE },
  {
    method: 'patch',
    path: `/api/documents/categories?team_document_category_id=${TOO_BIG}`,
    body: { name: 'Range' },
    field: 'team_document_category_id',
    error: CATEGORY_ID,
  },
  {
    method: 'delete',
    path: `/api/documents/categories?team_document_category_id=${TOO_BIG}`,
    field: 'team_document_category_id',
    error: CATEGORY_ID,
  },
  { method: 'get', path: `/api/documents/types/manage?page=${HUGE_PAGE}`, field: 'page', error: PAGE },
  {
    method: 'get',
    path: `/api/documents/types/manage?team_document_category_id=${TOO_BIG}`,
    field: 'team_document_category_id',
    error: CATEGORY_ID,
  },
  {
    method: 'post',
    path: '/api/documents/types/manage',
    body: { name: 'Range', team_document_category_id: TOO_BIG },
    field: 'team_document_category_id',
    error: CATEGORY_ID,
  },
  {
    method: 'patch',
    path: `/api/documents/types/manage?team_document_type_id=${TOO_BIG}`,
    body: { name: 'Range' },
    field: 'team_document_type_id',
    error: TYPE_ID,
  },
  { method: 'patch', path: `/api/documents/types/manage?id=${TOO_BIG}`, body: { name: 'Range' }, field: 'id', error: TYPE_ID },
  {
    method: 'delete',
    path: `/api/documents/types/manage?team_document_type_id=${TOO_BIG}`,
    field: 'team_document_type_id',
    error: TYPE_ID,
  },
  { method: 'delete', path: `/api/documents/types/manage?id=${TOO_BIG}`, field: 'id', error: TYPE_ID },
  {
    method: 'delete',
    path: `/api/admin/team/blackout-day?team_blackout_day_id=${TOO_BIG}`,
    field: 'team_blackout_day_id',
    error: 'Must be a blackout day id',
  },
  {
    method: 'patch',
    path: '/api/admin/notification_settings',
    body: { notification_id: TOO_BIG, enabled: false },
    field: 'notification_id',
    error: 'Must be a notification id',
  },
];
const label = (c: { method: Method; path: string }) => `${c.method.toUpperCase()} ${c.path}`;

describe('ids and pages beyond the integer range: 400, never 500', () => {
  let sut: TeamAdminUnderTest;
  beforeAll(async () => {
    sut = await bootTeamAdmin();
  });
  afterAll(() => sut.close());

  const call = (method: Method, path: string, token: string, body?: object) => {
    const req = request(sut.server)[method](path).set(bearer(token));
    return body ? req.send(body) : req;
  };

  it.each(OUT_OF_RANGE.map((c) => [label(c), c] as const))('%s', async (_label, c) => {
    const team = await sut.newTeam();
    const response = await call(c.method, c.path, team.tokens.admin, c.body);
    expect([response.status, response.body.errors]).toEqual([400, [{ field: c.field, error: c.error }]]);
  });

  it('still reaches the lookup at the largest id and the largest page (404, or an empty page)', async () => {
    const team = await sut.newTeam();
    const { admin } = team.tokens;
    for (const path of [
      `/api/documents/folders?folder_id=${MAX_ID}`,
      `/api/documents/categories?team_document_category_id=${MAX_ID}`,
      `/api/documents/types/manage?id=${MAX_ID}`,
      `/api/admin/team/blackout-day?team_blackout_day_id=${MAX_ID}`,
    ]) {
      const method = path.startsWith('/api/documents/folders') ? 'get' : 'delete';
      expect([label({ method, path }), (await call(method, path, admin)).status]).toEqual([label({ method, path }), 404]);
    }
    await call('patch', `/api/documents/folders?folder_id=${MAX_ID}`, admin, { folder_name: 'Range' }).expect(404);
    await call('post', '/api/documents/types/manage', admin, { name: 'Range', team_document_category_id: MAX_ID }).expect(404);
    for (const list of ['/api/documents/folders', '/api/documents/categories', '/api/documents/types/manage']) {
      const { body } = await call('get', `${list}?page=1000000&per_page=100`, admin).expect(200);
      expect([list, body.records, body.pagination.page]).toEqual([list, [], 1000000]);
      expect((await call('get', `${list}?page=1000001`, admin).expect(400)).body.errors).toEqual([{ field: 'page', error: PAGE }]);
    }
    expect((await call('get', `/api/documents/types/manage?team_document_category_id=${MAX_ID}`, admin).expect(200)).body.records).toEqual(
      [],
    );
  });

  it('keeps the system folders -1 and -2, and refuses other ids below 1', async () => {
    const team = await sut.newTeam();
    const { admin } = team.tokens;
    for (const id of [-1, -2]) {
      await call('get', `/api/documents/folders?folder_id=${id}`, admin).expect(200);
      await call('patch', `/api/documents/folders?folder_id=${id}`, admin, { folder_name: 'Mine' }).expect(403);
      await call('delete', `/api/documents/folders?folder_id=${id}`, admin).expect(403);
    }
    for (const id of ['0', '-3', '1.5', `${MAX_ID + 1}`]) {
      for (const method of ['get', 'patch', 'delete'] as const) {
        const response = await call(
          method,
          `/api/documents/folders?folder_id=${id}`,
          admin,
          method === 'patch' ? { folder_name: 'Mine' } : undefined,
        );
        expect([method, id, response.status, response.body.errors]).toEqual([method, id, 400, [{ field: 'folder_id', error: FOLDER_ID }]]);
      }
    }
  });

  it('ignores out-of-range read-only ids sent back in a body', async () => {
    const team = await sut.newTeam();
    const { admin } = team.tokens;
    const folder = (await call('post', '/api/documents/folders', admin, { folder_name: 'Echo' }).expect(201)).body.record;
    await call('patch', `/api/documents/folders?folder_id=${folder.client_document_folder_id}`, admin, {
      ...folder,
      client_document_folder_id: TOO_BIG,
    }).expect(200);
    const category = (await call('post', '/api/documents/categories', admin, { name: 'Echo' }).expect(201)).body.record;
    await call('patch', `/api/documents/categories?team_document_category_id=${category.team_document_category_id}`, admin, {
      name: 'Echo 2',
      team_document_category_id: TOO_BIG,
    }).expect(200);
    const type = (await call('post', '/api/documents/types/manage', admin, { name: 'Echo' }).expect(201)).body.record;
    const echoed = await call('patch', `/api/documents/types/manage?id=${type.id}`, admin, {
      ...type,
      id: TOO_BIG,
      team_document_type_id: TOO_BIG,
    }).expect(200);
    expect(echoed.body.record).toEqual(type);
    // A category id in the body is not read-only: it is checked.
    const moved = await call('patch', `/api/documents/types/manage?id=${type.id}`, admin, { team_document_category_id: TOO_BIG }).expect(
      400,
    );
    expect(moved.body.errors).toEqual([{ field: 'team_document_category_id', error: CATEGORY_ID }]);
  });
});
