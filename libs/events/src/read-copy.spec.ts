import 'reflect-metadata';
import type { EntityManager } from 'typeorm';
import type { EventEnvelope, EventType } from '@app/contracts';
import { HANDLES_EVENT } from './handle-event.decorator';
import { ReadCopyListener, ReadCopyWriter, type ReadCopyWrite } from './read-copy';
import { ReadListCopyListener } from './read-list-copy';

/** A manager recording its queries; `answers` gives each query's rows in turn (an UPDATE answered as TypeORM does). */
function managerOf(answers: unknown[][] = []) {
  const queries: { sql: string; params: unknown[]; name?: string }[] = [];
  const client = {
    query: async (config: { name: string; text: string; values: unknown[] }) => {
      queries.push({ sql: config.text, params: config.values, name: config.name });
      return { rows: answers.shift() ?? [] };
    },
  };
  const manager = {
    queryRunner: { isReleased: false, connect: async () => client },
    query: async (sql: string, params: unknown[] = []) => {
      queries.push({ sql, params });
      const rows = answers.shift() ?? [];
      return sql.startsWith('UPDATE') ? [rows, rows.length] : rows;
    },
  } as unknown as EntityManager;
  return { manager, queries };
}

const envelopeOf = <T extends EventType>(type: T, payload: unknown, team_id: number | null = 7): EventEnvelope<T> =>
  ({ id: 'e-1', type, team_id, occurred_at: '2026-12-01T10:00:00.000Z', version: 1, payload }) as EventEnvelope<T>;

const handlersOf = (prototype: object) =>
  Object.getOwnPropertyNames(prototype)
    .map((name) => Reflect.getMetadata(HANDLES_EVENT, (prototype as Record<string, unknown>)[name] as object) as EventType | undefined)
    .filter(Boolean);

describe('ReadCopyListener', () => {
  const users = {
    table: 's.users',
    upsertOn: ['identity.user.created', 'identity.user.updated'] as const,
    row: ({ payload, occurred_at }: EventEnvelope<'identity.user.created' | 'identity.user.updated'>) => ({
      agent_id: payload.agent_id,
      email: payload.email,
      source_occurred_at: occurred_at,
    }),
    key: ['agent_id'] as const,
    newest: { column: 'source_occurred_at' as const, equalReplaces: true },
  };

  it('handles each event of the spec once, and writes the newest snapshot by one upsert through the manager', async () => {
    class Listener extends ReadCopyListener({ ...users, touch: 'updated_ts' }) {}
    expect(handlersOf(Object.getPrototypeOf(Listener.prototype))).toEqual(['identity.user.created', 'identity.user.updated']);
    const { manager, queries } = managerOf([[{ agent_id: 5 }]]);
    const handler = (Listener.prototype as unknown as Record<string, (e: EventEnvelope, m: EntityManager) => Promise<unknown>>)[
      'on identity.user.updated'
    ];
    await handler.call(new Listener(), envelopeOf('identity.user.updated', { agent_id: 5, email: 'a@b.test' }), manager);
    expect(queries).toEqual([
      {
        sql:
          'INSERT INTO s.users (agent_id, email, source_occurred_at) VALUES ($1, $2, $3) ON CONFLICT (agent_id) DO UPDATE SET ' +
          'email = EXCLUDED.email, source_occurred_at = EXCLUDED.source_occurred_at, updated_ts = now() ' +
          'WHERE s.users.source_occurred_at <= EXCLUDED.source_occurred_at RETURNING agent_id',
        params: [5, 'a@b.test', '2026-12-01T10:00:00.000Z'],
      },
    ]);
  });

  it('runs a listener around the write, and what it answers is the after-commit step; a null row is no write', async () => {
    const seen: boolean[] = [];
    class Listener extends ReadCopyListener({
      ...users,
      row: (e: EventEnvelope<'identity.user.created' | 'identity.user.updated'>) => (e.team_id === null ? null : users.row(e)),
    }) {
      protected override async around(_event: EventEnvelope, _manager: EntityManager, write: () => Promise<ReadCopyWrite>) {
        seen.push((await write()).applied);
        return () => undefined;
      }
    }
    const handler = (Listener.prototype as unknown as Record<string, (e: EventEnvelope, m: EntityManager) => Promise<unknown>>)[
      'on identity.user.created'
    ];
    const { manager, queries } = managerOf([[]]);
    const listener = new Listener();
    expect(await handler.call(listener, envelopeOf('identity.user.created', { agent_id: 5, email: 'a@b.test' }), manager)).toEqual(
      expect.any(Function),
    );
    expect(
      await handler.call(listener, envelopeOf('identity.user.created', { agent_id: 5, email: 'a@b.test' }, null), manager),
    ).toBeUndefined();
    expect(seen).toEqual([false]);
    expect(queries).toHaveLength(1);
  });

  it('keeps a delete as a mark that a late update of the same version cannot undo; prepared when asked', async () => {
    const writer = new ReadCopyWriter({
      table: 's.tasks',
      upsertOn: ['transactions.task.updated'],
      deleteOn: ['transactions.task.deleted'],
      row: ({ payload }) => ({ task_id: payload.task_id, version: payload.version }),
      key: ['task_id'],
      newest: { column: 'version' },
      tombstone: 'deleted',
      prepared: true,
    });
    const { manager, queries } = managerOf([[{ task_id: 3 }]]);
    const event = envelopeOf('transactions.task.deleted', { task_id: 3, version: 2 });
    expect(await writer.write(event, writer.rowOf(event)!, manager)).toEqual({ applied: true, previous: null });
    expect(queries).toEqual([
      {
        sql:
          'INSERT INTO s.tasks (task_id, version, deleted) VALUES ($1, $2, $3) ON CONFLICT (task_id) DO UPDATE SET ' +
          'version = EXCLUDED.version, deleted = s.tasks.deleted OR EXCLUDED.deleted ' +
          'WHERE s.tasks.version < EXCLUDED.version OR (s.tasks.version = EXCLUDED.version AND EXCLUDED.deleted AND NOT s.tasks.deleted) RETURNING task_id',
        params: [3, 2, true],
        name: expect.stringMatching(/^q_/),
      },
    ]);
    expect(
      () =>
        new ReadCopyWriter({
          table: 's.t',
          upsertOn: [],
          deleteOn: ['transactions.task.deleted'],
          row: () => ({ id: 1 }),
          key: ['id'],
          newest: { column: 'id' },
        }),
    ).toThrow('read copy s.t: deleteOn needs a tombstone column');
  });

  it("answers the replaced row's previous values from the locked row, and none for a new row", async () => {
    const writer = new ReadCopyWriter({
      table: 's.contacts',
      upsertOn: ['transactions.contact.updated'],
      row: ({ payload }) => ({ contact_id: payload.contact_id, agent_id: payload.agent_id, version: payload.version }),
      key: ['contact_id'],
      newest: { column: 'version' },
      previous: ['agent_id'],
    });
    const event = envelopeOf('transactions.contact.updated', { contact_id: 4, agent_id: 9, version: 3 });
    const inserted = managerOf([[{ contact_id: 4 }]]);
    expect(await writer.write(event, writer.rowOf(event)!, inserted.manager)).toEqual({ applied: true, previous: null });
    expect(inserted.queries.map((q) => q.sql)).toEqual([
      'INSERT INTO s.contacts (contact_id, agent_id, version) VALUES ($1, $2, $3) ON CONFLICT (contact_id) DO NOTHING RETURNING contact_id',
    ]);
    const replaced = managerOf([[], [{ agent_id: 8 }]]);
    expect(await writer.write(event, writer.rowOf(event)!, replaced.manager)).toEqual({ applied: true, previous: { agent_id: 8 } });
    expect(replaced.queries[1]).toEqual({
      sql:
        'UPDATE s.contacts c SET agent_id = $2, version = $3 FROM (SELECT contact_id, agent_id FROM s.contacts WHERE contact_id = $1 FOR UPDATE) previous ' +
        'WHERE c.contact_id = previous.contact_id AND c.version < $3 RETURNING previous.agent_id AS agent_id',
      params: [4, 9, 3],
    });
    expect(await writer.write(event, writer.rowOf(event)!, managerOf([[], []]).manager)).toEqual({ applied: false, previous: null });
  });
});

describe('ReadListCopyListener', () => {
  class Listener extends ReadListCopyListener({
    table: 's.document_types',
    on: ['team-admin.document-types.changed'],
    list: ({ team_id, payload }) =>
      team_id === null
        ? null
        : {
            scope: team_id,
            revision: payload.revision,
            items: payload.types.map((t) => ({ doc_type_id: t.team_document_type_id, name: t.name })),
          },
    scope: 'team_id',
    order: 'sort',
    columns: { doc_type_id: 'int', name: 'text' },
    revisions: { table: 's.document_list_revisions', column: 'types_revision' },
  }) {}
  const handler = (Listener.prototype as unknown as Record<string, (e: EventEnvelope, m: EntityManager) => Promise<unknown>>)[
    'on team-admin.document-types.changed'
  ];
  const event = envelopeOf('team-admin.document-types.changed', { revision: 4, types: [{ team_document_type_id: 2, name: 'Offer' }] });

  it("replaces the scope's list when its revision is newer, in the list's order", async () => {
    expect(handlersOf(Object.getPrototypeOf(Listener.prototype))).toEqual(['team-admin.document-types.changed']);
    const { manager, queries } = managerOf([[{ team_id: 7 }]]);
    await handler(event, manager);
    expect(queries).toEqual([
      {
        sql:
          'INSERT INTO s.document_list_revisions (team_id, types_revision) VALUES ($1, $2) ON CONFLICT (team_id) DO UPDATE SET types_revision = EXCLUDED.types_revision ' +
          'WHERE s.document_list_revisions.types_revision < EXCLUDED.types_revision RETURNING team_id',
        params: [7, 4],
      },
      { sql: 'DELETE FROM s.document_types WHERE team_id = $1', params: [7] },
      {
        sql:
          "INSERT INTO s.document_types (team_id, doc_type_id, name, sort) SELECT $1, (e.item->>'doc_type_id')::int, (e.item->>'name')::text, e.ord " +
          'FROM jsonb_array_elements($2::jsonb) WITH ORDINALITY AS e(item, ord)',
        params: [7, '[{"doc_type_id":2,"name":"Offer"}]'],
      },
    ]);
  });

  it('drops an older or equal revision, and an event without a scope', async () => {
    const stale = managerOf([[]]);
    await handler(event, stale.manager);
    expect(stale.queries).toHaveLength(1);
    const unscoped = managerOf();
    await handler({ ...event, team_id: null }, unscoped.manager);
    expect(unscoped.queries).toEqual([]);
  });
});
