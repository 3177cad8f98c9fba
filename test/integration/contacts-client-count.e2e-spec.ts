import { bootTestService, eventually } from '@app/testing';
import { bootTransactionsBeside } from '../../services/transactions/test/transactions-test-kit';
import { bootIdentity } from '../../services/identity/test/identity-test-app';
import type { TransactionsConfig } from '../../services/transactions/src/transactions.config';
import { apiAs } from '../../services/transactions/test/transactions-test-kit';

/**
 * identity's users.client_count (active contacts) follows contact create, edit and merge in the
 * transactions service, through the real event bus (outbox, relay, BullMQ, identity's consumer).
 */
describe('users.client_count fed by the contacts calls', () => {
  let identity: Awaited<ReturnType<typeof bootIdentity>>;
  let transactions: Awaited<ReturnType<typeof bootTestService<TransactionsConfig>>>;
  let agent: { agent_id: number; team_id: number };

  beforeAll(async () => {
    identity = await bootIdentity({ mode: 'all' });
    transactions = await bootTransactionsBeside(identity.database);
    [agent] = await identity.dataSource.query(`SELECT agent_id, team_id FROM identity.users WHERE email = 'agent@demo-realty.test'`);
  });

  afterAll(async () => {
    await transactions.close();
    await identity.close();
  });

  const clientCount = async () =>
    (await identity.dataSource.query(`SELECT client_count FROM identity.users WHERE agent_id = $1`, [agent.agent_id]))[0]
      .client_count as number;
  const countBecomes = (expected: number) => eventually(async () => (await clientCount()) === expected, 15_000);

  it('counts a created contact, drops an inactive one, and counts a merge as one', async () => {
    const api = apiAs(transactions.server, 'AGENT', agent.agent_id, agent.team_id);
    const start = await clientCount();

    const first = (await api.post('/contacts', { first_name: 'Bus', last_name: 'One', email: 'bus@one.test' }).expect(201)).body.contact_id;
    await countBecomes(start + 1);
    const second = (
      await api.post('/contacts', { first_name: 'Bus', last_name: 'One', email: 'bus@one.test', mobile_phone: '5125550177' }).expect(201)
    ).body.contact_id;
    await countBecomes(start + 2);

    await api.patch(`/contacts/${second}`, { status: 'inactive' }).expect(200);
    await countBecomes(start + 1);
    await api.patch(`/contacts/${second}`, { status: 'active' }).expect(200);
    await countBecomes(start + 2);

    const { body: conflicts } = await api.get('/contacts/merge/conflicts', { contact_ids: `${first},${second}` }).expect(200);
    const resolutions = conflicts.fields.map((f: { field: string }) => ({ field: f.field, contact_id: second }));
    expect((await api.post('/contacts/merge', { contact_ids: [first, second], resolutions }).expect(200)).body).toEqual({
      contact_id: first,
    });
    await countBecomes(start + 1);
    const copies = await identity.dataSource.query(
      `SELECT contact_id, status FROM identity.contacts WHERE contact_id = ANY($1::int[]) ORDER BY contact_id`,
      [[first, second]],
    );
    expect(copies).toEqual([
      { contact_id: first, status: 'active' },
      { contact_id: second, status: 'merged' },
    ]);
  });
});
