import request from 'supertest';
import { ACCOUNT_MESSAGES } from '@app/contracts';
import { bearer, bootTeamAdmin, type TeamAdminUnderTest } from './team-admin-test-app';

describe('document categories and types (/documents/categories, /documents/types/manage)', () => {
  let sut: TeamAdminUnderTest;
  beforeAll(async () => {
    sut = await bootTeamAdmin();
  });
  afterAll(() => sut.close());

  const categories = {
    list: (token: string, query = '') => request(sut.server).get(`/api/documents/categories${query}`).set(bearer(token)),
    create: (token: string, body: object) => request(sut.server).post('/api/documents/categories').set(bearer(token)).send(body),
    patch: (token: string, id: number, body: object) =>
      request(sut.server).patch(`/api/documents/categories?team_document_category_id=${id}`).set(bearer(token)).send(body),
    remove: (token: string, id: number) =>
      request(sut.server).delete(`/api/documents/categories?team_document_category_id=${id}`).set(bearer(token)),
  };
  const types = {
    list: (token: string, query = '') => request(sut.server).get(`/api/documents/types/manage${query}`).set(bearer(token)),
    create: (token: string, body: object) => request(sut.server).post('/api/documents/types/manage').set(bearer(token)).send(body),
    patch: (token: string, query: string, body: object) =>
      request(sut.server).patch(`/api/documents/types/manage?${query}`).set(bearer(token)).send(body),
    remove: (token: string, query: string) => request(sut.server).delete(`/api/documents/types/manage?${query}`).set(bearer(token)),
  };
  const newCategory = async (token: string, name: string) =>
    (await categories.create(token, { name }).expect(201)).body.record as { team_document_category_id: number; name: string };

  // Stored input: names refuse the spec's forbidden characters, like the profile's text fields.
  describe('names refuse < > * ! ( ) { }', () => {
    const FORBIDDEN = ACCOUNT_MESSAGES.forbiddenCharacters;
    const PAYLOADS = ['<script>alert(1)</script>', '"><img src=x onerror=alert(1)>', 'a*', 'hi!', '(x', 'y)', '{z', 'w}'];

    it('on category create and rename, storing nothing', async () => {
      const team = await sut.newTeam();
      const { team_document_category_id: id } = await newCategory(team.tokens.admin, 'Contracts');
      for (const name of PAYLOADS) {
        expect((await categories.create(team.tokens.admin, { name }).expect(400)).body.errors).toEqual([
          { field: 'name', error: FORBIDDEN },
        ]);
        expect((await categories.patch(team.tokens.admin, id, { name }).expect(400)).body.errors).toEqual([
          { field: 'name', error: FORBIDDEN },
        ]);
      }
      expect((await categories.list(team.tokens.admin).expect(200)).body.records).toEqual([
        { team_document_category_id: id, name: 'Contracts' },
      ]);
    });

    it('on document type create and rename, storing nothing', async () => {
      const team = await sut.newTeam();
      const created = (await types.create(team.tokens.admin, { name: 'Appraisal' }).expect(201)).body.record;
      for (const name of PAYLOADS) {
        expect((await types.create(team.tokens.admin, { name }).expect(400)).body.errors).toEqual([{ field: 'name', error: FORBIDDEN }]);
        expect((await types.patch(team.tokens.admin, `id=${created.id}`, { name }).expect(400)).body.errors).toEqual([
          { field: 'name', error: FORBIDDEN },
        ]);
      }
      expect((await types.list(team.tokens.admin).expect(200)).body.records.map((r: { name: string }) => r.name)).toEqual(['Appraisal']);
    });
  });

  describe('categories', () => {
    it('creates, lists by name, renames and deletes with the spec messages', async () => {
      const team = await sut.newTeam();
      const created = await categories.create(team.tokens.admin, { name: 'Contracts' }).expect(201);
      expect(created.body).toEqual({
        status: 'success',
        message: 'Document Category created successfully',
        record: { team_document_category_id: expect.any(Number), name: 'Contracts' },
      });
      const id = created.body.record.team_document_category_id;
      await newCategory(team.tokens.tc, 'addenda');
      expect((await categories.list(team.tokens.tc).expect(200)).body).toEqual({
        records: [
          { team_document_category_id: expect.any(Number), name: 'addenda' },
          { team_document_category_id: id, name: 'Contracts' },
        ],
        pagination: { total: 2, page: 1, per_page: 20, pages: 1, has_next: false, has_prev: false },
      });
      expect((await categories.patch(team.tokens.admin, id, { name: 'Purchase contracts' }).expect(200)).body).toEqual({
        status: 'success',
        message: 'Document Category updated successfully',
        record: { team_document_category_id: id, name: 'Purchase contracts' },
      });
      expect((await categories.remove(team.tokens.admin, id).expect(200)).body).toEqual({
        status: 'success',
        message: 'Document Category deleted successfully',
      });
      expect((await categories.list(team.tokens.admin)).body.records.map((c: { name: string }) => c.name)).toEqual(['addenda']);
      await categories.remove(team.tokens.admin, id).expect(404);
    });

    it('requires a name of at most 100 characters, unique in the team (case-insensitive)', async () => {
      const team = await sut.newTeam();
      const other = await sut.newTeam();
      for (const body of [{}, { name: '' }, { name: '  ' }]) {
        expect((await categories.create(team.tokens.admin, body).expect(400)).body.errors).toEqual([{ field: 'name', error: 'Required' }]);
      }
      expect((await categories.create(team.tokens.admin, { name: 'c'.repeat(101) }).expect(400)).body.errors).toEqual([
        { field: 'name', error: 'At most 100 characters' },
      ]);
      const id = (await newCategory(team.tokens.admin, 'Inspections')).team_document_category_id;
      const taken = [{ field: 'name', error: 'A document category with this name already exists' }];
      expect((await categories.create(team.tokens.admin, { name: 'INSPECTIONS' }).expect(400)).body.errors).toEqual(taken);
      await newCategory(other.tokens.admin, 'Inspections');
      const second = (await newCategory(team.tokens.admin, 'Reports')).team_document_category_id;
      expect((await categories.patch(team.tokens.admin, second, { name: 'inspections' }).expect(400)).body.errors).toEqual(taken);
      await categories.patch(team.tokens.admin, id, { name: 'inspections', team_document_category_id: id }).expect(200);
      expect((await categories.patch(team.tokens.admin, id, {}).expect(400)).body.errors).toEqual([{ field: 'name', error: 'Required' }]);
    });

    it('pages and answers everything with fetch_all=true', async () => {
      const team = await sut.newTeam();
      for (const name of ['C', 'A', 'B']) await newCategory(team.tokens.admin, name);
      const page = (await categories.list(team.tokens.admin, '?per_page=2&page=2').expect(200)).body;
      expect(page.records.map((c: { name: string }) => c.name)).toEqual(['C']);
      expect(page.pagination).toMatchObject({ total: 3, page: 2, per_page: 2, pages: 2, has_prev: true, has_next: false });
      const all = (await categories.list(team.tokens.admin, '?fetch_all=true&per_page=1&order_dir=-1').expect(200)).body;
      expect(all.records.map((c: { name: string }) => c.name)).toEqual(['C', 'B', 'A']);
      expect(all.pagination).toMatchObject({ total: 3, page: 1, per_page: 3, pages: 1 });
      await categories.list(team.tokens.admin, '?order_by=created_ts').expect(400);
    });

    it("never shows or touches another team's category: 404", async () => {
      const team = await sut.newTeam();
      const rival = await sut.newTeam();
      const { team_document_category_id: id } = await newCategory(rival.tokens.admin, 'Rival only');
      expect((await categories.list(team.tokens.admin)).body.records).toEqual([]);
      expect((await categories.patch(team.tokens.admin, id, { name: 'Mine' }).expect(404)).body).toEqual({
        status: 'error',
        message: 'Document category not found',
      });
      await categories.remove(team.tokens.admin, id).expect(404);
      expect((await categories.list(rival.tokens.admin)).body.records).toEqual([{ team_document_category_id: id, name: 'Rival only' }]);
    });
  });

  describe('types', () => {
    it('creates, lists, updates (by team_document_type_id or id) and deletes with the spec messages', async () => {
      const team = await sut.newTeam();
      const category = await newCategory(team.tokens.admin, 'Contracts');
      const created = await types
        .create(team.tokens.admin, { name: 'Purchase agreement', team_document_category_id: category.team_document_category_id })
        .expect(201);
      const id = created.body.record.team_document_type_id;
      expect(created.body).toEqual({
        status: 'success',
        message: 'Document type created successfully',
        record: {
          id,
          team_document_type_id: id,
          name: 'Purchase agreement',
          team_document_category_id: category.team_document_category_id,
          category_name: 'Contracts',
        },
      });
      const loose = (await types.create(team.tokens.tc, { name: 'Appraisal' }).expect(201)).body.record;
      expect(loose).toMatchObject({ name: 'Appraisal', team_document_category_id: null, category_name: null });

      expect((await types.list(team.tokens.tc).expect(200)).body).toEqual({
        records: [loose, created.body.record],
        pagination: { total: 2, page: 1, per_page: 20, pages: 1, has_next: false, has_prev: false },
      });

      const renamed = await types
        .patch(team.tokens.admin, `team_document_type_id=${id}`, { name: 'Purchase and sale agreement' })
        .expect(200);
      expect(renamed.body).toEqual({
        status: 'success',
        message: 'Document type updated successfully',
        record: { ...created.body.record, name: 'Purchase and sale agreement' },
      });
      const moved = await types
        .patch(team.tokens.admin, `id=${loose.id}`, { team_document_category_id: category.team_document_category_id })
        .expect(200);
      expect(moved.body.record).toMatchObject({ name: 'Appraisal', category_name: 'Contracts' });
      const unfiled = await types
        .patch(team.tokens.admin, `id=${loose.id}`, { ...moved.body.record, team_document_category_id: null })
        .expect(200);
      expect(unfiled.body.record).toMatchObject({ name: 'Appraisal', team_document_category_id: null, category_name: null });

      expect((await types.remove(team.tokens.admin, `id=${loose.id}`).expect(200)).body).toEqual({
        status: 'success',
        message: 'Document type deleted successfully',
      });
      await types.remove(team.tokens.admin, `team_document_type_id=${id}`).expect(200);
      expect((await types.list(team.tokens.admin)).body.records).toEqual([]);
      await types.remove(team.tokens.admin, `id=${id}`).expect(404);
    });

    it('filters by category, pages, and answers everything with fetch_all=true', async () => {
      const team = await sut.newTeam();
      const a = await newCategory(team.tokens.admin, 'A');
      const b = await newCategory(team.tokens.admin, 'B');
      for (const [name, category] of [
        ['t3', a],
        ['t1', a],
        ['t2', b],
        ['t4', null],
      ] as const) {
        await types.create(team.tokens.admin, { name, team_document_category_id: category?.team_document_category_id ?? null }).expect(201);
      }
      const ofA = (await types.list(team.tokens.admin, `?team_document_category_id=${a.team_document_category_id}`).expect(200)).body;
      expect(ofA.records.map((t: { name: string }) => t.name)).toEqual(['t1', 't3']);
      expect(ofA.pagination.total).toBe(2);
      expect((await types.list(team.tokens.admin, '?team_document_category_id=').expect(200)).body.pagination.total).toBe(4);
      const page = (await types.list(team.tokens.admin, '?per_page=3&page=2').expect(200)).body;
      expect(page.records.map((t: { name: string }) => t.name)).toEqual(['t4']);
      const all = (await types.list(team.tokens.admin, '?fetch_all=true&per_page=1&order_by=category_name').expect(200)).body;
      expect(all.records.map((t: { name: string }) => t.name)).toEqual(['t1', 't3', 't2', 't4']);
      expect(all.pagination).toMatchObject({ total: 4, per_page: 4, pages: 1 });
    });

    it('requires a name of at most 100 characters, unique within its category', async () => {
      const team = await sut.newTeam();
      const a = (await newCategory(team.tokens.admin, 'A')).team_document_category_id;
      const b = (await newCategory(team.tokens.admin, 'B')).team_document_category_id;
      for (const body of [{}, { name: '' }, { name: ' ', team_document_category_id: a }]) {
        expect((await types.create(team.tokens.admin, body).expect(400)).body.errors).toEqual([{ field: 'name', error: 'Required' }]);
      }
      expect((await types.create(team.tokens.admin, { name: 't'.repeat(101) }).expect(400)).body.errors).toEqual([
        { field: 'name', error: 'At most 100 characters' },
      ]);
      const taken = [{ field: 'name', error: 'A document type with this name already exists in this category' }];
      await types.create(team.tokens.admin, { name: 'Disclosure', team_document_category_id: a }).expect(201);
      expect((await types.create(team.tokens.admin, { name: 'DISCLOSURE', team_document_category_id: a }).expect(400)).body.errors).toEqual(
        taken,
      );
      // Another category, or none, may hold the same name; two without a category may not.
      await types.create(team.tokens.admin, { name: 'Disclosure', team_document_category_id: b }).expect(201);
      const loose = (await types.create(team.tokens.admin, { name: 'Disclosure' }).expect(201)).body.record;
      expect(
        (await types.create(team.tokens.admin, { name: 'disclosure', team_document_category_id: null }).expect(400)).body.errors,
      ).toEqual(taken);
      // Moving into a category that already has the name is refused.
      expect((await types.patch(team.tokens.admin, `id=${loose.id}`, { team_document_category_id: a }).expect(400)).body.errors).toEqual(
        taken,
      );
    });

    it('keeps the types of a deleted category, without a category', async () => {
      const team = await sut.newTeam();
      const category = await newCategory(team.tokens.admin, 'Going away');
      const kept = (
        await types
          .create(team.tokens.admin, { name: 'Survivor', team_document_category_id: category.team_document_category_id })
          .expect(201)
      ).body.record;
      await categories.remove(team.tokens.admin, category.team_document_category_id).expect(200);
      expect((await types.list(team.tokens.admin)).body.records).toEqual([
        { ...kept, team_document_category_id: null, category_name: null },
      ]);
    });

    it("refuses another team's type or category: 404", async () => {
      const team = await sut.newTeam();
      const rival = await sut.newTeam();
      const rivalCategory = (await newCategory(rival.tokens.admin, 'Rival')).team_document_category_id;
      const rivalType = (
        await types.create(rival.tokens.admin, { name: 'Rival type', team_document_category_id: rivalCategory }).expect(201)
      ).body.record;
      expect((await types.list(team.tokens.admin)).body.records).toEqual([]);
      expect((await types.create(team.tokens.admin, { name: 'Mine', team_document_category_id: rivalCategory }).expect(404)).body).toEqual({
        status: 'error',
        message: 'Document category not found',
      });
      expect((await types.patch(team.tokens.admin, `id=${rivalType.id}`, { name: 'Mine' }).expect(404)).body).toEqual({
        status: 'error',
        message: 'Document type not found',
      });
      await types.remove(team.tokens.admin, `team_document_type_id=${rivalType.id}`).expect(404);
      const own = (await types.create(team.tokens.admin, { name: 'Own' }).expect(201)).body.record;
      await types.patch(team.tokens.admin, `id=${own.id}`, { team_document_category_id: rivalCategory }).expect(404);
      expect((await types.list(rival.tokens.admin)).body.records).toEqual([rivalType]);
    });

    it('needs the type id in the query (team_document_type_id or id, the same value)', async () => {
      const team = await sut.newTeam();
      const own = (await types.create(team.tokens.admin, { name: 'Own' }).expect(201)).body.record;
      expect((await types.remove(team.tokens.admin, '').expect(400)).body.errors).toEqual([
        { field: 'team_document_type_id', error: 'Required' },
      ]);
      await types.remove(team.tokens.admin, `team_document_type_id=${own.id}&id=${own.id + 1}`).expect(400);
      await types.remove(team.tokens.admin, `team_document_type_id=${own.id}&id=${own.id}`).expect(200);
    });
  });
});
