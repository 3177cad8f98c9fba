import request from 'supertest';
import { PostgresQueryRunner } from 'typeorm/driver/postgres/PostgresQueryRunner';
import { bearer, bootTeamAdmin, type TeamAdminUnderTest } from './team-admin-test-app';

const GENERAL = {
  client_document_folder_id: -1,
  folder_name: 'General',
  transaction_type: null,
  client_visible: false,
  vendor_visible: false,
  system: true,
};
const SIGNED = {
  client_document_folder_id: -2,
  folder_name: 'Signed Documents',
  transaction_type: null,
  client_visible: false,
  vendor_visible: false,
  system: true,
};

describe('document folders (/documents/folders)', () => {
  let sut: TeamAdminUnderTest;
  beforeAll(async () => {
    sut = await bootTeamAdmin();
  });
  afterAll(() => sut.close());

  const list = (token: string, query = '') => request(sut.server).get(`/api/documents/folders${query}`).set(bearer(token));
  const create = (token: string, body: object) => request(sut.server).post('/api/documents/folders').set(bearer(token)).send(body);
  const patch = (token: string, id: number | string, body: object) =>
    request(sut.server).patch(`/api/documents/folders?folder_id=${id}`).set(bearer(token)).send(body);
  const remove = (token: string, id: number | string) =>
    request(sut.server).delete(`/api/documents/folders?folder_id=${id}`).set(bearer(token));
  const names = (body: { records: { folder_name: string }[] }) => body.records.map((r) => r.folder_name);

  it('gives every team the two system folders, first', async () => {
    const team = await sut.newTeam();
    const { body } = await list(team.tokens.admin).expect(200);
    expect(body).toEqual({
      records: [GENERAL, SIGNED],
      pagination: { total: 2, page: 1, per_page: 20, pages: 1, has_next: false, has_prev: false },
    });
  });

  it("lists in one statement: the team's check, the page and the total", async () => {
    const team = await sut.newTeam();
    await create(team.tokens.admin, { folder_name: 'Inspections' }).expect(201);
    const spy = jest.spyOn(PostgresQueryRunner.prototype, 'query');
    try {
      const { body } = await list(team.tokens.admin, '?per_page=2&page=2').expect(200);
      expect(body.records.map((r: { folder_name: string }) => r.folder_name)).toEqual(['Inspections']);
      expect(body.pagination).toEqual({ total: 3, page: 2, per_page: 2, pages: 2, has_next: false, has_prev: true });
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
  });

  it("answers 404 'Team not found' for a team team-admin has not provisioned", async () => {
    const { tokens } = await sut.newTeam();
    await sut.dataSource.query(`DELETE FROM team_admin.teams WHERE team_id = (SELECT max(team_id) FROM team_admin.teams)`);
    expect((await list(tokens.admin).expect(404)).body).toEqual({ status: 'error', message: 'Team not found' });
  });

  it("creates a private folder by default: 'Folder Created' with the record", async () => {
    const team = await sut.newTeam();
    const { body } = await create(team.tokens.admin, { folder_name: 'Inspections' }).expect(201);
    expect(body).toEqual({
      status: 'success',
      message: 'Folder Created',
      record: {
        client_document_folder_id: expect.any(Number),
        folder_name: 'Inspections',
        transaction_type: null,
        client_visible: false,
        vendor_visible: false,
        system: false,
      },
    });
    expect(body.record.client_document_folder_id).toBeGreaterThanOrEqual(1);
    const visible = await create(team.tokens.tc, {
      folder_name: 'Shared',
      transaction_type: 's',
      client_visible: true,
      vendor_visible: true,
    }).expect(201);
    expect(visible.body.record).toMatchObject({
      folder_name: 'Shared',
      transaction_type: 's',
      client_visible: true,
      vendor_visible: true,
      system: false,
    });
  });

  it('answers one folder with ?folder_id=, system folders included', async () => {
    const team = await sut.newTeam();
    const { record } = (await create(team.tokens.admin, { folder_name: 'Appraisal', transaction_type: 'b' }).expect(201)).body;
    expect((await list(team.tokens.tc, `?folder_id=${record.client_document_folder_id}`).expect(200)).body).toEqual({ record });
    expect((await list(team.tokens.tc, '?folder_id=-2').expect(200)).body).toEqual({ record: SIGNED });
    expect((await list(team.tokens.admin, '?folder_id=999999').expect(404)).body).toEqual({ status: 'error', message: 'Folder not found' });
  });

  it('requires folder_name, at most 100 characters', async () => {
    const team = await sut.newTeam();
    for (const body of [{}, { folder_name: '' }, { folder_name: '   ' }, { folder_name: null }]) {
      expect((await create(team.tokens.admin, body).expect(400)).body.errors).toEqual([{ field: 'folder_name', error: 'Required' }]);
    }
    expect((await create(team.tokens.admin, { folder_name: 'x'.repeat(101) }).expect(400)).body.errors).toEqual([
      { field: 'folder_name', error: 'At most 100 characters' },
    ]);
    await create(team.tokens.admin, { folder_name: 'x'.repeat(100) }).expect(201);
    const bad = await create(team.tokens.admin, { folder_name: 'Ok', transaction_type: 'x', client_visible: 'yes' }).expect(400);
    expect(bad.body.errors).toEqual([
      { field: 'transaction_type', error: "Must be 'b', 's' or null" },
      { field: 'client_visible', error: 'Must be true or false' },
    ]);
  });

  it('keeps folder names unique in the team, case-insensitively, system folders included', async () => {
    const team = await sut.newTeam();
    const other = await sut.newTeam();
    await create(team.tokens.admin, { folder_name: 'Contracts' }).expect(201);
    const taken = [{ field: 'folder_name', error: 'A folder with this name already exists' }];
    expect((await create(team.tokens.admin, { folder_name: 'contracts' }).expect(400)).body.errors).toEqual(taken);
    expect((await create(team.tokens.admin, { folder_name: ' CONTRACTS ' }).expect(400)).body.errors).toEqual(taken);
    expect((await create(team.tokens.admin, { folder_name: 'general' }).expect(400)).body.errors).toEqual(taken);
    // Another team may use the same name.
    await create(other.tokens.admin, { folder_name: 'Contracts' }).expect(201);
    // Renaming onto a taken name is refused; keeping one's own name is not.
    const { record } = (await create(team.tokens.admin, { folder_name: 'Disclosures' }).expect(201)).body;
    expect(
      (await patch(team.tokens.admin, record.client_document_folder_id, { folder_name: 'CONTRACTS' }).expect(400)).body.errors,
    ).toEqual(taken);
    await patch(team.tokens.admin, record.client_document_folder_id, { folder_name: 'disclosures' }).expect(200);
  });

  it("updates any subset of the fields: 'Folder updated' with the record", async () => {
    const team = await sut.newTeam();
    const { record } = (await create(team.tokens.admin, { folder_name: 'Offers', transaction_type: 'b' }).expect(201)).body;
    const id = record.client_document_folder_id;
    const visible = await patch(team.tokens.tc, id, { client_visible: true }).expect(200);
    expect(visible.body).toEqual({ status: 'success', message: 'Folder updated', record: { ...record, client_visible: true } });
    const all = await patch(team.tokens.admin, id, { transaction_type: null, folder_name: 'Offers and counters' }).expect(200);
    expect(all.body.record).toEqual({ ...record, folder_name: 'Offers and counters', transaction_type: null, client_visible: true });
    // The record sent back as is (read-only fields included) is accepted.
    await patch(team.tokens.admin, id, { ...all.body.record, vendor_visible: true }).expect(200);
    expect((await list(team.tokens.admin, `?folder_id=${id}`)).body.record).toMatchObject({
      vendor_visible: true,
      client_document_folder_id: id,
    });
    expect((await patch(team.tokens.admin, id, { folder_name: '' }).expect(400)).body.errors).toEqual([
      { field: 'folder_name', error: 'Required' },
    ]);
  });

  it("removes a folder: 'Folder removed'", async () => {
    const team = await sut.newTeam();
    const { record } = (await create(team.tokens.admin, { folder_name: 'Temporary' }).expect(201)).body;
    expect((await remove(team.tokens.tc, record.client_document_folder_id).expect(200)).body).toEqual({
      status: 'success',
      message: 'Folder removed',
    });
    expect(names((await list(team.tokens.admin)).body)).toEqual(['General', 'Signed Documents']);
    await remove(team.tokens.admin, record.client_document_folder_id).expect(404);
  });

  it("refuses to edit or delete the system folders: 403 'System folders cannot be edited or deleted'", async () => {
    const team = await sut.newTeam();
    const locked = { status: 'error', message: 'System folders cannot be edited or deleted' };
    for (const id of [-1, -2]) {
      expect((await patch(team.tokens.admin, id, { folder_name: 'Mine now' }).expect(403)).body).toEqual(locked);
      expect((await remove(team.tokens.admin, id).expect(403)).body).toEqual(locked);
    }
    expect((await list(team.tokens.admin)).body.records).toEqual([GENERAL, SIGNED]);
  });

  it('filters by transaction_type: that type plus the All folders; empty or absent lists all', async () => {
    const team = await sut.newTeam();
    await create(team.tokens.admin, { folder_name: 'Buyer docs', transaction_type: 'b' }).expect(201);
    await create(team.tokens.admin, { folder_name: 'Seller docs', transaction_type: 's' }).expect(201);
    await create(team.tokens.admin, { folder_name: 'Any docs', transaction_type: null }).expect(201);
    expect(names((await list(team.tokens.admin, '?transaction_type=b').expect(200)).body)).toEqual([
      'General',
      'Signed Documents',
      'Any docs',
      'Buyer docs',
    ]);
    expect(names((await list(team.tokens.admin, '?transaction_type=s').expect(200)).body)).toEqual([
      'General',
      'Signed Documents',
      'Any docs',
      'Seller docs',
    ]);
    const every = ['General', 'Signed Documents', 'Any docs', 'Buyer docs', 'Seller docs'];
    expect(names((await list(team.tokens.admin, '?transaction_type=').expect(200)).body)).toEqual(every);
    expect(names((await list(team.tokens.admin, '?transaction_type=&folder_id=').expect(200)).body)).toEqual(every);
    expect(names((await list(team.tokens.admin).expect(200)).body)).toEqual(every);
    expect((await list(team.tokens.admin, '?transaction_type=x').expect(400)).body.errors).toEqual([
      { field: 'transaction_type', error: "Must be 'b' or 's'" },
    ]);
  });

  it('pages, sorts by whitelisted columns, and answers everything in one page with fetch_all=true', async () => {
    const team = await sut.newTeam();
    for (const name of ['delta', 'Alpha', 'charlie', 'Bravo', 'echo']) await create(team.tokens.admin, { folder_name: name }).expect(201);

    const first = (await list(team.tokens.admin, '?page=1&per_page=3').expect(200)).body;
    expect(names(first)).toEqual(['General', 'Signed Documents', 'Alpha']);
    expect(first.pagination).toEqual({ total: 7, page: 1, per_page: 3, pages: 3, has_next: true, has_prev: false });
    const last = (await list(team.tokens.admin, '?page=3&per_page=3').expect(200)).body;
    expect(names(last)).toEqual(['echo']);
    expect(last.pagination).toEqual({ total: 7, page: 3, per_page: 3, pages: 3, has_next: false, has_prev: true });

    const all = (await list(team.tokens.admin, '?fetch_all=true&per_page=2').expect(200)).body;
    expect(all.records).toHaveLength(7);
    expect(all.pagination).toEqual({ total: 7, page: 1, per_page: 7, pages: 1, has_next: false, has_prev: false });
    expect((await list(team.tokens.admin, '?fetch_all=false&per_page=2').expect(200)).body.records).toHaveLength(2);

    const byName = (await list(team.tokens.admin, '?order_by=folder_name&order_dir=-1&fetch_all=true').expect(200)).body;
    expect(names(byName)).toEqual(['Signed Documents', 'General', 'echo', 'delta', 'charlie', 'Bravo', 'Alpha']);
    const byId = (await list(team.tokens.admin, '?order_by=client_document_folder_id&fetch_all=true').expect(200)).body;
    expect(names(byId)).toEqual(['Signed Documents', 'General', 'delta', 'Alpha', 'charlie', 'Bravo', 'echo']);

    const refused = await list(team.tokens.admin, '?order_by=team_id&order_dir=2&per_page=1000&page=0').expect(400);
    expect(refused.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['order_by', 'order_dir', 'page', 'per_page']);
    await list(team.tokens.admin, '?fetch_all=maybe').expect(400);
    // Digits as written only (strict ids): hex, exponents, signs and spaces are refused, not read as numbers.
    for (const query of ['?page=0x2', '?page=2e0', '?per_page=%203', '?per_page=%2B3', '?order_dir=-1e0']) {
      const { body } = await list(team.tokens.admin, query).expect(400);
      expect(body.errors).toHaveLength(1);
    }
  });

  it("never shows or touches another team's folders: 404", async () => {
    const team = await sut.newTeam();
    const rival = await sut.newTeam();
    const { record } = (await create(rival.tokens.admin, { folder_name: 'Rival secrets' }).expect(201)).body;
    const id = record.client_document_folder_id;
    expect(names((await list(team.tokens.admin)).body)).not.toContain('Rival secrets');
    expect((await list(team.tokens.admin, `?folder_id=${id}`).expect(404)).body).toEqual({ status: 'error', message: 'Folder not found' });
    await patch(team.tokens.admin, id, { folder_name: 'Taken over' }).expect(404);
    await remove(team.tokens.admin, id).expect(404);
    expect((await list(rival.tokens.admin, `?folder_id=${id}`).expect(200)).body.record).toEqual(record);
  });

  // Spec 000 section 7 names transaction_type, fetch_all and folder_id as the call's parameters.
  it('takes the spec parameter names on PATCH: folder_id in the body, transaction_type and fetch_all beside it', async () => {
    const team = await sut.newTeam();
    const { record } = (await create(team.tokens.admin, { folder_name: 'Inspections' }).expect(201)).body;
    const id = record.client_document_folder_id;
    const patchBody = (query: string, body: object) =>
      request(sut.server).patch(`/api/documents/folders${query}`).set(bearer(team.tokens.admin)).send(body);

    const byBody = (await patchBody('', { folder_id: id, folder_name: 'Home Inspections' }).expect(200)).body;
    expect(byBody.record).toMatchObject({ client_document_folder_id: id, folder_name: 'Home Inspections' });
    await patchBody(`?folder_id=${id}&transaction_type=b&fetch_all=true`, { folder_name: 'Roof Inspections' }).expect(200);
    await patchBody('?transaction_type=&fetch_all=false', { folder_id: id, client_visible: true }).expect(200);
    expect((await list(team.tokens.admin, `?folder_id=${id}`).expect(200)).body.record).toMatchObject({
      folder_name: 'Roof Inspections',
      client_visible: true,
    });
    await request(sut.server)
      .delete(`/api/documents/folders?folder_id=${id}&transaction_type=b&fetch_all=true`)
      .set(bearer(team.tokens.admin))
      .expect(200);

    expect((await patchBody('', { folder_name: 'Nowhere' }).expect(400)).body.errors).toEqual([{ field: 'folder_id', error: 'Required' }]);
    expect((await patchBody('', { folder_id: String(id), folder_name: 'Nowhere' }).expect(400)).body.errors).toEqual([
      { field: 'folder_id', error: 'Must be a folder id' },
    ]);
    expect((await patchBody(`?folder_id=${id}`, { folder_id: -1, folder_name: 'Nowhere' }).expect(400)).body.errors).toEqual([
      { field: 'folder_id', error: 'The query and the body name different folders' },
    ]);
    expect((await patchBody('', { folder_id: -1, folder_name: 'Nowhere' }).expect(403)).body.status).toBe('error');
  });

  it('takes folder_id in the body on DELETE too, refusing a body that names another folder than the query', async () => {
    const team = await sut.newTeam();
    const created = async (name: string) =>
      (await create(team.tokens.admin, { folder_name: name }).expect(201)).body.record.client_document_folder_id as number;
    const [first, second] = [await created('Appraisals'), await created('Surveys')];
    const deleteWith = (query: string, body?: object) => {
      const call = request(sut.server).delete(`/api/documents/folders${query}`).set(bearer(team.tokens.admin));
      return body ? call.send(body) : call;
    };
    expect((await deleteWith(`?folder_id=${first}`, { folder_id: second }).expect(400)).body.errors).toEqual([
      { field: 'folder_id', error: 'The query and the body name different folders' },
    ]);
    expect((await deleteWith('', { folder_id: String(first) }).expect(400)).body.errors).toEqual([
      { field: 'folder_id', error: 'Must be a folder id' },
    ]);
    expect((await deleteWith('', { folder_id: -2 }).expect(403)).body.status).toBe('error');
    await deleteWith('', { folder_id: first }).expect(200);
    await deleteWith(`?folder_id=${second}`, { folder_id: second }).expect(200);
    const names =
      (await list(team.tokens.admin, '?fetch_all=true').expect(200)).body.records?.map((f: { folder_name: string }) => f.folder_name) ?? [];
    expect(names).not.toContain('Appraisals');
    expect(names).not.toContain('Surveys');
  });

  it('needs a folder_id on PATCH and DELETE', async () => {
    const team = await sut.newTeam();
    expect((await request(sut.server).delete('/api/documents/folders').set(bearer(team.tokens.admin)).expect(400)).body.errors).toEqual([
      { field: 'folder_id', error: 'Required' },
    ]);
    expect((await remove(team.tokens.admin, 'abc').expect(400)).body.errors).toEqual([
      { field: 'folder_id', error: 'Must be a folder id' },
    ]);
  });
});
