import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { EventEnvelope } from '@app/contracts';
import { bootTestService, eventDelivery, eventually } from '@app/testing';
import { bootTransactionsBeside } from '../../services/transactions/test/transactions-test-kit';
import { bootIdentity } from '../../services/identity/test/identity-test-app';
import { DEMO_PASSWORD } from '../../services/identity/src/seed/demo-seed';
import type { TransactionsConfig } from '../../services/transactions/src/transactions.config';
import { seedTeamOptions } from '../../services/transactions/src/seed/team-options.seed';

/**
 * identity and transactions on one database and one Redis (spec 000): transactions publishes the team's
 * commission templates, identity's admin user form refuses an id not among them; identity's cap and
 * template edits reach the agents read copy and the cap card.
 */
describe('commission templates and caps across identity and transactions', () => {
  let identity: Awaited<ReturnType<typeof bootIdentity>>;
  let transactions: Awaited<ReturnType<typeof bootTestService<TransactionsConfig>>>;
  let toIdentity: ReturnType<typeof eventDelivery>;
  let admin: { access_token: string; user: { agent_id: number; team: { team_id: number } } };
  let agent: typeof admin;

  const login = async (email: string) =>
    (await request(identity.server).post('/api/auth/login').send({ email, password: DEMO_PASSWORD }).expect(200)).body;
  const on = (server: typeof identity.server, token: string) => ({
    get: (path: string, query: Record<string, unknown> = {}) =>
      request(server).get(`/api${path}`).query(query).set('authorization', `Bearer ${token}`),
    post: (path: string, body: object) => request(server).post(`/api${path}`).send(body).set('authorization', `Bearer ${token}`),
    patch: (path: string, body: object) => request(server).patch(`/api${path}`).send(body).set('authorization', `Bearer ${token}`),
  });
  const known = async (teamId: number) =>
    (
      await identity.dataSource.query(`SELECT revision, buyer_ids, seller_ids FROM identity.commission_templates WHERE team_id = $1`, [
        teamId,
      ])
    )[0] as { revision: number; buyer_ids: number[]; seller_ids: number[] } | undefined;

  beforeAll(async () => {
    identity = await bootIdentity({ mode: 'all' });
    transactions = await bootTransactionsBeside(identity.database);
    toIdentity = eventDelivery('identity', identity.config);
    admin = await login('admin@demo-realty.test');
    agent = await login('agent@demo-realty.test');
    await transactions.dataSource.transaction((manager) => seedTeamOptions(manager, admin.user.team.team_id));
    // The seeded users reach the agents read copy through the bus.
    await eventually(
      async () =>
        (await transactions.dataSource.query(`SELECT 1 FROM transactions.agents WHERE agent_id = $1`, [agent.user.agent_id])).length > 0,
    );
  }, 60_000);

  afterAll(async () => {
    await toIdentity.close();
    await transactions.close();
    await identity.close();
  });

  it("refuses a default template that is not the team's, once transactions has published the list", async () => {
    const teamId = admin.user.team.team_id;
    const made = await on(transactions.server, admin.access_token)
      .post('/commission/templates', { name: 'Buyer Split', client_type_id: 'b', cap_kind: 'B', pct: 20 })
      .expect(201);
    const id = made.body.commission_template_id as number;
    await eventually(async () => (await known(teamId))?.buyer_ids.includes(id));

    const form = on(identity.server, admin.access_token);
    const refused = await form
      .patch('/admin/user', { agent_id: agent.user.agent_id, default_commission_templates: { buyer: [id, id + 1000], seller: [id] } })
      .expect(400);
    expect(refused.body.errors).toEqual([
      { field: 'default_commission_templates.buyer', error: 'Unknown commission template' },
      { field: 'default_commission_templates.seller', error: 'Unknown commission template' },
    ]);
    const [unchanged] = await identity.dataSource.query(
      `SELECT default_buyer_commission_templates FROM identity.users WHERE agent_id = $1`,
      [agent.user.agent_id],
    );
    expect(unchanged.default_buyer_commission_templates).toEqual([]);

    await form
      .patch('/admin/user', { agent_id: agent.user.agent_id, default_commission_templates: { buyer: [id], seller: [] } })
      .expect(200);
    // The agents read copy follows, and the agent's next buyer transaction copies the template.
    await eventually(async () => {
      const [row] = await transactions.dataSource.query(
        `SELECT default_buyer_commission_templates FROM transactions.agents WHERE agent_id = $1`,
        [agent.user.agent_id],
      );
      return row.default_buyer_commission_templates.includes(id);
    });
    const created = await on(transactions.server, agent.access_token)
      .post('/transactions', { type: 'b', address_1: '1 Bus St', values: { trans_amt: 100_000, gci_pct: 3 } })
      .expect(201);
    const lines = await transactions.dataSource.query(
      `SELECT name, amount::float8 AS amount FROM transactions.commission_lines WHERE client_id = $1`,
      [created.body.client_id],
    );
    expect(lines).toEqual([{ name: 'Buyer Split', amount: 600 }]);
  });

  it('UpdateCommissionTemplatesWhenTemplatesChange applies an event once and ignores an older revision', async () => {
    const teamId = admin.user.team.team_id;
    const current = (await known(teamId))!;
    const envelope = (revision: number, ids: number[]): EventEnvelope<'transactions.commission-templates.changed'> => ({
      id: randomUUID(),
      type: 'transactions.commission-templates.changed',
      team_id: teamId,
      occurred_at: new Date().toISOString(),
      version: 1,
      payload: {
        revision,
        templates: ids.map((commission_template_id) => ({
          commission_template_id,
          name: `T${commission_template_id}`,
          client_type_id: 'b',
          cap_kind: null,
          pct: 0,
          flat_amt: 0,
        })),
      },
    });
    const next = envelope(current.revision + 1, [...current.buyer_ids, 9001]);
    await toIdentity.deliver(next);
    const inbox = async () =>
      (await identity.dataSource.query(`SELECT count(*)::int AS n FROM identity.inbox WHERE event_id = $1`, [next.id]))[0].n;
    expect(await inbox()).toBe(1);
    // The same event again (a new job): the inbox holds it once and the copy is unchanged.
    await toIdentity.deliver(next, `${next.id}-again`);
    expect(await inbox()).toBe(1);
    expect(await known(teamId)).toEqual({ revision: current.revision + 1, buyer_ids: [...current.buyer_ids, 9001], seller_ids: [] });
    // An older revision arriving late changes nothing.
    await toIdentity.deliver(envelope(current.revision, [1]));
    expect((await known(teamId))!.buyer_ids).toContain(9001);
  });

  it("an admin's edit of an agent's caps shows on the cap card at once", async () => {
    const started = Date.now();
    await on(identity.server, admin.access_token)
      .patch('/admin/user', {
        agent_id: agent.user.agent_id,
        brokerage_cap_amt: 18_000,
        royalty_cap_amt: 2_500,
        brokerage_cap_anniversary_dt: '02/29/2024',
        royalty_cap_anniversary_dt: null,
      })
      .expect(200);
    const card = await eventually(async () => {
      const { body } = await on(transactions.server, agent.access_token).get('/caps').expect(200);
      return body.records[0].cap === 18_000 ? body : null;
    });
    expect(card).toMatchObject({
      records: [
        { kind: 'B', label: 'Brokerage Cap', cap: 18_000 },
        { kind: 'R', label: 'Royalty Cap', cap: 2_500 },
      ],
      brokerage_cap_anniversary_dt: '02-29-2024',
      royalty_cap_anniversary_dt: null,
    });
    // Reported, not asserted tightly: the bus under a loaded test machine (the aim is within a second).
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
