import request from 'supertest';
import { EVENT_SUBSCRIPTIONS, type EventPayloads } from '@app/contracts';
import { OutboxRelay } from '@app/events';
import { eventually } from '@app/testing';
import { TeamAdminPublishExistingDocumentLists1763700000340 } from '../src/migrations/1763700000340-team-admin-publish-existing-document-lists';
import { bearer, bootTeamAdmin, provisionedEvent, TEAM_1, TEAM_2, type TeamAdminUnderTest } from './team-admin-test-app';

type FoldersChanged = EventPayloads['team-admin.document-folders.changed'];
type TypesChanged = EventPayloads['team-admin.document-types.changed'];

const SYSTEM_FOLDERS = [
  { client_document_folder_id: -1, folder_name: 'General', transaction_type: null, client_visible: false, vendor_visible: false },
  { client_document_folder_id: -2, folder_name: 'Signed Documents', transaction_type: null, client_visible: false, vendor_visible: false },
];

interface OutboxRow {
  type: string;
  payload: FoldersChanged | TypesChanged;
  /** The writing transaction's id. */
  xmin: string;
  published: boolean;
}

/** Outbox rows of the document list events of one team, oldest first. */
async function documentEvents(sut: TeamAdminUnderTest, teamId: number): Promise<OutboxRow[]> {
  return sut.dataSource.query(
    `SELECT type, payload, xmin::text AS xmin, published_at IS NOT NULL AS published FROM team_admin.outbox
      WHERE team_id = $1 AND type IN ('team-admin.document-folders.changed', 'team-admin.document-types.changed') ORDER BY seq`,
    [teamId],
  );
}

/** The transaction that last wrote the team's row (every event bumps its revision counter there). */
async function teamRowXmin(sut: TeamAdminUnderTest, teamId: number): Promise<string> {
  const [{ xmin }] = await sut.dataSource.query(`SELECT xmin::text AS xmin FROM team_admin.teams WHERE team_id = $1`, [teamId]);
  return xmin;
}

describe('document list events (team-admin.document-folders.changed, team-admin.document-types.changed)', () => {
  describe('on changes (API process; the relay is run by hand)', () => {
    let sut: TeamAdminUnderTest;
    beforeAll(async () => {
      sut = await bootTeamAdmin();
    });
    afterAll(() => sut.close());

    const folders = {
      create: (token: string, body: object) => request(sut.server).post('/api/documents/folders').set(bearer(token)).send(body),
      patch: (token: string, id: number, body: object) =>
        request(sut.server).patch(`/api/documents/folders?folder_id=${id}`).set(bearer(token)).send(body),
      remove: (token: string, id: number) => request(sut.server).delete(`/api/documents/folders?folder_id=${id}`).set(bearer(token)),
    };
    const categories = {
      create: (token: string, name: string) => request(sut.server).post('/api/documents/categories').set(bearer(token)).send({ name }),
      patch: (token: string, id: number, name: string) =>
        request(sut.server).patch(`/api/documents/categories?team_document_category_id=${id}`).set(bearer(token)).send({ name }),
      remove: (token: string, id: number) =>
        request(sut.server).delete(`/api/documents/categories?team_document_category_id=${id}`).set(bearer(token)),
    };
    const types = {
      create: (token: string, body: object) => request(sut.server).post('/api/documents/types/manage').set(bearer(token)).send(body),
      patch: (token: string, id: number, body: object) =>
        request(sut.server).patch(`/api/documents/types/manage?team_document_type_id=${id}`).set(bearer(token)).send(body),
      remove: (token: string, id: number) =>
        request(sut.server).delete(`/api/documents/types/manage?team_document_type_id=${id}`).set(bearer(token)),
    };

    /** The change's one new event, written by the change's own transaction (the one that bumped the revision). */
    async function expectOneNewEvent(teamId: number, seen: number) {
      const rows = await documentEvents(sut, teamId);
      expect(rows).toHaveLength(seen + 1);
      const event = rows[seen];
      expect(event.xmin).toBe(await teamRowXmin(sut, teamId));
      return event;
    }

    it('publishes the whole folder list, system folders included, once per create, update and delete with growing revisions', async () => {
      const team = await sut.newTeam();
      const created = (
        await folders.create(team.tokens.tc, { folder_name: 'Inspections', transaction_type: 'b', client_visible: true }).expect(201)
      ).body.record;
      const inspections = {
        client_document_folder_id: created.client_document_folder_id,
        folder_name: 'Inspections',
        transaction_type: 'b',
        client_visible: true,
        vendor_visible: false,
      };
      let event = await expectOneNewEvent(team.team_id, 0);
      expect(event).toMatchObject({
        type: 'team-admin.document-folders.changed',
        payload: { revision: 1, folders: [...SYSTEM_FOLDERS, inspections] },
      });
      // The inserted folder and its event: one transaction.
      const [{ xmin: folderXmin }] = await sut.dataSource.query(
        `SELECT xmin::text AS xmin FROM team_admin.document_folders WHERE client_document_folder_id = $1`,
        [created.client_document_folder_id],
      );
      expect(event.xmin).toBe(folderXmin);

      const addenda = (await folders.create(team.tokens.admin, { folder_name: 'addenda' }).expect(201)).body.record;
      event = await expectOneNewEvent(team.team_id, 1);
      const addendaSnapshot = {
        client_document_folder_id: addenda.client_document_folder_id,
        folder_name: 'addenda',
        transaction_type: null,
        client_visible: false,
        vendor_visible: false,
      };
      // System folders first, then by name (case-insensitive), as the list's default order.
      expect(event.payload).toEqual({ revision: 2, folders: [...SYSTEM_FOLDERS, addendaSnapshot, inspections] });

      await folders.patch(team.tokens.tc, created.client_document_folder_id, { vendor_visible: true, transaction_type: 's' }).expect(200);
      event = await expectOneNewEvent(team.team_id, 2);
      expect(event.payload).toEqual({
        revision: 3,
        folders: [...SYSTEM_FOLDERS, addendaSnapshot, { ...inspections, transaction_type: 's', vendor_visible: true }],
      });

      await folders.remove(team.tokens.tc, addenda.client_document_folder_id).expect(200);
      event = await expectOneNewEvent(team.team_id, 3);
      expect(event.payload).toEqual({
        revision: 4,
        folders: [...SYSTEM_FOLDERS, { ...inspections, transaction_type: 's', vendor_visible: true }],
      });

      // The event's list is the list the API answers (without its `system` flag).
      const listed = (await request(sut.server).get('/api/documents/folders?fetch_all=true').set(bearer(team.tokens.tc)).expect(200)).body
        .records;
      expect(event.payload).toEqual({ revision: 4, folders: listed.map(({ system: _system, ...folder }: { system: boolean }) => folder) });
    });

    it('writes no event for a refused folder change, nor for one that changes nothing', async () => {
      const team = await sut.newTeam();
      const folder = (await folders.create(team.tokens.tc, { folder_name: 'Disclosures' }).expect(201)).body.record;
      await folders.create(team.tokens.tc, { folder_name: 'disclosures' }).expect(400);
      await folders.create(team.tokens.tc, { folder_name: 'general' }).expect(400);
      await folders.create(team.tokens.tc, { folder_name: '' }).expect(400);
      await folders.patch(team.tokens.tc, -1, { folder_name: 'Renamed' }).expect(403);
      await folders.remove(team.tokens.tc, -2).expect(403);
      await folders.remove(team.tokens.tc, 999999).expect(404);
      // The same values again: the list is unchanged, so consumers have nothing to learn.
      await folders
        .patch(team.tokens.tc, folder.client_document_folder_id, { folder_name: 'Disclosures', client_visible: false })
        .expect(200);
      // Another team's folders are not this team's list.
      const other = await sut.newTeam();
      await folders.create(other.tokens.tc, { folder_name: 'Elsewhere' }).expect(201);

      const rows = await documentEvents(sut, team.team_id);
      expect(rows.map((r) => r.payload.revision)).toEqual([1]);
      expect(
        (await documentEvents(sut, other.team_id)).map((r) => (r.payload as FoldersChanged).folders.map((f) => f.folder_name)),
      ).toEqual([['General', 'Signed Documents', 'Elsewhere']]);
    });

    it('publishes the whole type list with category_name on type changes and on the rename or delete of their category', async () => {
      const team = await sut.newTeam();
      const contracts = (await categories.create(team.tokens.admin, 'Contracts').expect(201)).body.record;
      // A new category has no types yet: the type list did not change.
      expect(await documentEvents(sut, team.team_id)).toEqual([]);

      const offer = (
        await types.create(team.tokens.tc, { name: 'Offer', team_document_category_id: contracts.team_document_category_id }).expect(201)
      ).body.record;
      let event = await expectOneNewEvent(team.team_id, 0);
      const offerSnapshot = {
        team_document_type_id: offer.team_document_type_id,
        name: 'Offer',
        team_document_category_id: contracts.team_document_category_id,
        category_name: 'Contracts',
      };
      expect(event).toMatchObject({ type: 'team-admin.document-types.changed', payload: { revision: 1, types: [offerSnapshot] } });

      const memo = (await types.create(team.tokens.tc, { name: 'memo' }).expect(201)).body.record;
      event = await expectOneNewEvent(team.team_id, 1);
      const memoSnapshot = {
        team_document_type_id: memo.team_document_type_id,
        name: 'memo',
        team_document_category_id: null,
        category_name: null,
      };
      expect(event.payload).toEqual({ revision: 2, types: [memoSnapshot, offerSnapshot] });

      await categories.patch(team.tokens.tc, contracts.team_document_category_id, 'Purchase Contracts').expect(200);
      event = await expectOneNewEvent(team.team_id, 2);
      expect(event.payload).toEqual({ revision: 3, types: [memoSnapshot, { ...offerSnapshot, category_name: 'Purchase Contracts' }] });

      await types
        .patch(team.tokens.tc, memo.team_document_type_id, { name: 'Memo', team_document_category_id: contracts.team_document_category_id })
        .expect(200);
      event = await expectOneNewEvent(team.team_id, 3);
      const memoInCategory = {
        ...memoSnapshot,
        name: 'Memo',
        team_document_category_id: contracts.team_document_category_id,
        category_name: 'Purchase Contracts',
      };
      expect(event.payload).toEqual({ revision: 4, types: [memoInCategory, { ...offerSnapshot, category_name: 'Purchase Contracts' }] });

      // Deleting the category keeps its types, without a category.
      await categories.remove(team.tokens.admin, contracts.team_document_category_id).expect(200);
      event = await expectOneNewEvent(team.team_id, 4);
      expect(event.payload).toEqual({
        revision: 5,
        types: [
          { ...memoInCategory, team_document_category_id: null, category_name: null },
          { ...offerSnapshot, team_document_category_id: null, category_name: null },
        ],
      });

      await types.remove(team.tokens.tc, offer.team_document_type_id).expect(200);
      event = await expectOneNewEvent(team.team_id, 5);
      expect(event.payload).toEqual({ revision: 6, types: [{ ...memoInCategory, team_document_category_id: null, category_name: null }] });
    });

    it('writes no types event for a refused change, nor for a category change that leaves the type list as it was', async () => {
      const team = await sut.newTeam();
      const empty = (await categories.create(team.tokens.admin, 'Empty').expect(201)).body.record;
      const type = (await types.create(team.tokens.tc, { name: 'Deed' }).expect(201)).body.record;
      await types.create(team.tokens.tc, { name: 'deed' }).expect(400);
      await types.create(team.tokens.tc, { name: 'Lease', team_document_category_id: 999999 }).expect(404);
      await types.patch(team.tokens.tc, type.team_document_type_id, { name: '' }).expect(400);
      await types.remove(team.tokens.tc, 999999).expect(404);
      await categories.create(team.tokens.admin, 'empty').expect(400);
      await categories.patch(team.tokens.admin, empty.team_document_category_id, 'Still empty').expect(200);
      await categories.remove(team.tokens.admin, empty.team_document_category_id).expect(200);

      expect((await documentEvents(sut, team.team_id)).map((r) => [r.type, r.payload.revision])).toEqual([
        ['team-admin.document-types.changed', 1],
      ]);
    });

    it("is relayed to its consumers (transactions for its documents, esign for its templates' storage options)", async () => {
      expect(EVENT_SUBSCRIPTIONS['team-admin.document-folders.changed']).toEqual(['transactions', 'esign']);
      expect(EVENT_SUBSCRIPTIONS['team-admin.document-types.changed']).toEqual(['transactions', 'esign']);
      const team = await sut.newTeam();
      await folders.create(team.tokens.tc, { folder_name: 'Relayed' }).expect(201);
      await types.create(team.tokens.tc, { name: 'Relayed' }).expect(201);
      expect((await documentEvents(sut, team.team_id)).map((r) => r.published)).toEqual([false, false]);
      expect(await sut.app.get(OutboxRelay).drain()).toBeGreaterThanOrEqual(2);
      expect((await documentEvents(sut, team.team_id)).map((r) => r.published)).toEqual([true, true]);
    });

    it("is published for every existing team by the backfill migration, with each team's next revision and current lists", async () => {
      const team = await sut.newTeam();
      const folder = (await folders.create(team.tokens.tc, { folder_name: 'Backfilled' }).expect(201)).body.record;
      const category = (await categories.create(team.tokens.tc, 'Listing').expect(201)).body.record;
      const type = (
        await types.create(team.tokens.tc, { name: 'Agreement', team_document_category_id: category.team_document_category_id }).expect(201)
      ).body.record;
      const teams: { team_id: number }[] = await sut.dataSource.query(`SELECT team_id FROM team_admin.teams ORDER BY team_id`);
      const before: { n: number }[] = await sut.dataSource.query(`SELECT count(*)::int AS n FROM team_admin.outbox`);

      const runner = sut.dataSource.createQueryRunner();
      try {
        await runner.startTransaction();
        await new TeamAdminPublishExistingDocumentLists1763700000340().up(runner);
        await runner.commitTransaction();
      } finally {
        await runner.release();
      }

      const [{ n }] = await sut.dataSource.query(`SELECT count(*)::int AS n FROM team_admin.outbox`);
      expect(n).toBe(before[0].n + 2 * teams.length);
      const rows = (await documentEvents(sut, team.team_id)).slice(-2);
      expect(rows.map((r) => r.type)).toEqual(['team-admin.document-folders.changed', 'team-admin.document-types.changed']);
      expect(rows[0].payload).toEqual({
        revision: 2,
        folders: [
          ...SYSTEM_FOLDERS,
          {
            client_document_folder_id: folder.client_document_folder_id,
            folder_name: 'Backfilled',
            transaction_type: null,
            client_visible: false,
            vendor_visible: false,
          },
        ],
      });
      expect(rows[1].payload).toEqual({
        revision: 2,
        types: [
          {
            team_document_type_id: type.team_document_type_id,
            name: 'Agreement',
            team_document_category_id: category.team_document_category_id,
            category_name: 'Listing',
          },
        ],
      });
      // A team without folders or types of its own gets the system folders and an empty type list.
      expect((await documentEvents(sut, TEAM_2.team_id)).map((r) => r.payload)).toEqual([
        { revision: 1, folders: SYSTEM_FOLDERS },
        { revision: 1, types: [] },
      ]);
      // Later changes continue from the backfill's revision.
      await folders.remove(team.tokens.tc, folder.client_document_folder_id).expect(200);
      expect((await documentEvents(sut, team.team_id)).at(-1)!.payload).toEqual({ revision: 3, folders: SYSTEM_FOLDERS });
    });
  });

  describe('at provisioning (identity.team.provisioned through the bus)', () => {
    let sut: TeamAdminUnderTest;
    beforeAll(async () => {
      sut = await bootTeamAdmin({ mode: 'all' });
    });
    afterAll(() => sut.close());

    it('publishes the system folders and an empty type list at revision 1 when it creates the team', async () => {
      await sut.deliver(provisionedEvent(501, 'Harbor Homes'));
      const rows = await documentEvents(sut, 501);
      expect(rows.map(({ type, payload }) => ({ type, payload }))).toEqual([
        { type: 'team-admin.document-folders.changed', payload: { revision: 1, folders: SYSTEM_FOLDERS } },
        { type: 'team-admin.document-types.changed', payload: { revision: 1, types: [] } },
      ]);
      // The relay of this process marks them published.
      await eventually(async () => (await documentEvents(sut, 501)).every((r) => r.published));
    });

    it('published the lists of the teams provisioned at boot', async () => {
      for (const team of [TEAM_1, TEAM_2]) {
        expect((await documentEvents(sut, team.team_id)).map((r) => r.payload)).toEqual([
          { revision: 1, folders: SYSTEM_FOLDERS },
          { revision: 1, types: [] },
        ]);
      }
    });

    it('publishes nothing more when the same team is provisioned again', async () => {
      const event = provisionedEvent(502, 'Once Realty');
      await sut.deliver(event);
      await sut.deliver(event, `${event.id}-again`);
      await sut.deliver(provisionedEvent(502, 'Once Realty'));
      expect((await documentEvents(sut, 502)).map((r) => r.payload.revision)).toEqual([1, 1]);
    });
  });
});
