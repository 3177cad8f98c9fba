import request from 'supertest';
import { bootTestService, eventually } from '@app/testing';
import { DEMO_PASSWORD } from '../../services/identity/src/seed/demo-seed';
import { bootTransactionsBeside } from '../../services/transactions/test/transactions-test-kit';
import { bootIdentity } from '../../services/identity/test/identity-test-app';
import type { TransactionsConfig } from '../../services/transactions/src/transactions.config';
import { UpdateVendorOptionsWhenVendorEnrolled } from '../../services/transactions/src/vendors/vendor-options.listener';
import { VendorsRepository } from '../../services/transactions/src/vendors/vendors.repository';

/** identity and transactions on one database and one Redis, talking only through the event bus. */
describe(UpdateVendorOptionsWhenVendorEnrolled.name, () => {
  let identity: Awaited<ReturnType<typeof bootIdentity>>;
  let transactions: Awaited<ReturnType<typeof bootTestService<TransactionsConfig>>>;

  beforeAll(async () => {
    identity = await bootIdentity({ mode: 'all' });
    transactions = await bootTransactionsBeside(identity.database);
  }, 60_000);
  afterAll(async () => {
    await transactions?.close();
    await identity?.close();
  });

  it("an enrollment reaches transactions' vendor options and its agents read copy through the event bus", async () => {
    const admin = (
      await request(identity.server).post('/api/auth/login').send({ email: 'admin@demo-realty.test', password: DEMO_PASSWORD }).expect(200)
    ).body;
    const teamId: number = admin.user.team.team_id;
    const { invite_token } = (
      await request(identity.server)
        .post('/api/enroll/vendor/link')
        .set('authorization', `Bearer ${admin.access_token}`)
        .send({ vendor_type: 'Attorney' })
        .expect(201)
    ).body;
    await request(identity.server)
      .post('/api/enroll/vendor')
      .send({
        invite_token,
        name: 'Bayside Law',
        address: { address_1: '1 Harbor Way', city: 'Bayside', state: 'CA', postal_code: '94000' },
        primary_contact: { first_name: 'Lee', last_name: 'Counsel', email: 'lee@bayside-law.test', phone: '5550001111' },
      })
      .expect(200);
    const [user] = await identity.dataSource.query(`SELECT agent_id, vendor_id FROM identity.users WHERE email = 'lee@bayside-law.test'`);

    const options = await eventually(async () => {
      const found = await transactions.app.get(VendorsRepository).optionsOf(teamId);
      return found.some((o) => o.id === user.vendor_id) ? found : null;
    });
    expect(options.find((o) => o.id === user.vendor_id)).toEqual({
      id: user.vendor_id,
      label: 'Bayside Law',
      logo_path: null,
      agent_id: user.agent_id,
      vendor_type: 'Attorney',
    });
    const agent = await eventually(async () => {
      const [row] = await transactions.dataSource.query(`SELECT team_id, roles, status FROM transactions.agents WHERE agent_id = $1`, [
        user.agent_id,
      ]);
      return row;
    });
    expect(agent).toEqual({ team_id: teamId, roles: ['VENDOR'], status: 'active' });
  }, 30_000);
});
