import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import IORedis from 'ioredis';
import request from 'supertest';
import { EVENT_SUBSCRIPTIONS, eventsQueueOf, type EventEnvelope, type NotificationSettingChanged, type UserSnapshot } from '@app/contracts';
import { OutboxRelay } from '@app/events';
import { eventually } from '@app/testing';
import { bearer, createTeamWithUser, signIn, type Identity } from './account-test-helpers';
import { bootIdentity, knownCommissionTemplates } from './identity-test-app';

interface SettingEventRow {
  payload: NotificationSettingChanged;
  team_id: number;
  causation_id: string | null;
  xmin: string;
  published: boolean;
}

/** identity.notification-setting.changed rows of one team, oldest first. */
function settingEvents(sut: Identity, teamId: number): Promise<SettingEventRow[]> {
  return sut.dataSource.query(
    `SELECT payload, team_id, causation_id, xmin::text AS xmin, published_at IS NOT NULL AS published FROM identity.outbox
      WHERE type = 'identity.notification-setting.changed' AND team_id = $1 ORDER BY seq`,
    [teamId],
  );
}

const patchSwitch = (sut: Identity, token: string, notification_id: number, enabled: boolean) =>
  request(sut.server).patch('/api/user/notification_settings').set(bearer(token)).send({ notification_id, enabled });

describe('identity events for later issues', () => {
  describe('API process (the relay is run by hand)', () => {
    let sut: Identity;
    beforeAll(async () => {
      sut = await bootIdentity();
    });
    afterAll(() => sut.close());

    describe('identity.notification-setting.changed on a user flip', () => {
      it('publishes the effective value once per real change, in the transaction that stores the switch', async () => {
        const { token, user } = await signIn(sut, 'tc@demo-realty.test');
        const teamId = user.team.team_id;
        const before = (await settingEvents(sut, teamId)).length;

        await patchSwitch(sut, token, 4, false).expect(200);
        let rows = (await settingEvents(sut, teamId)).slice(before);
        expect(rows.map((r) => r.payload)).toEqual([
          { agent_id: user.agent_id, team_id: teamId, notification_id: 4, code: 'comment_mention', enabled: false },
        ]);
        const [{ xmin }] = await sut.dataSource.query(
          `SELECT xmin::text AS xmin FROM identity.user_notification_settings WHERE agent_id = $1 AND notification_id = 4`,
          [user.agent_id],
        );
        expect(rows[0].xmin).toBe(xmin);

        // The value it already has: nothing changed, nothing to tell.
        await patchSwitch(sut, token, 4, false).expect(200);
        await patchSwitch(sut, token, 4, true).expect(200);
        rows = (await settingEvents(sut, teamId)).slice(before);
        expect(rows.map((r) => [r.payload.notification_id, r.payload.enabled])).toEqual([
          [4, false],
          [4, true],
        ]);
      });

      it('publishes nothing for a refused flip: an unknown notification, or a switch the team disabled (the effective value stays off)', async () => {
        const { token, user } = await signIn(sut, 'isa@demo-realty.test');
        const teamId = user.team.team_id;
        await sut.dataSource.query(
          `INSERT INTO identity.team_notification_overrides (team_id, notification_id, enabled) VALUES ($1, 7, false)`,
          [teamId],
        );
        try {
          const before = (await settingEvents(sut, teamId)).length;
          for (const enabled of [true, false]) {
            expect((await patchSwitch(sut, token, 7, enabled).expect(400)).body).toEqual({
              status: 'error',
              message: 'Notification disabled by team',
            });
          }
          await patchSwitch(sut, token, 9999, false).expect(404);
          expect(await settingEvents(sut, teamId)).toHaveLength(before);
        } finally {
          await sut.dataSource.query(`DELETE FROM identity.team_notification_overrides WHERE team_id = $1 AND notification_id = 7`, [
            teamId,
          ]);
        }
      });

      it('is relayed to its consumer (messaging skips a mail whose switch is off)', async () => {
        expect(EVENT_SUBSCRIPTIONS['identity.notification-setting.changed']).toEqual(['messaging']);
        const { token, user } = await signIn(sut, 'restricted@demo-realty.test');
        await patchSwitch(sut, token, 2, false).expect(200);
        const mine = async () => (await settingEvents(sut, user.team.team_id)).filter((r) => r.payload.agent_id === user.agent_id);
        expect((await mine()).map((r) => r.published)).toEqual([false]);
        expect(await sut.app.get(OutboxRelay).drain()).toBeGreaterThanOrEqual(1);
        expect((await mine()).map((r) => r.published)).toEqual([true]);
      });
    });

    describe('identity.user.* snapshot', () => {
      const lastSnapshot = async (agentId: number): Promise<UserSnapshot> => {
        const [row] = await sut.dataSource.query(
          `SELECT payload FROM identity.outbox WHERE type LIKE 'identity.user.%' AND (payload->>'agent_id')::int = $1 ORDER BY seq DESC LIMIT 1`,
          [agentId],
        );
        return row.payload;
      };

      it("carries caps and anniversaries as the profile answers them, the default commission templates, the token's permissions and esign_enabled", async () => {
        const admin = await signIn(sut, 'admin@demo-realty.test');
        const agent = await signIn(sut, 'agent@demo-realty.test');
        await knownCommissionTemplates(sut.dataSource, agent.user.team.team_id, { buyer: [1, 3], seller: [2] });
        await request(sut.server)
          .patch('/api/admin/user')
          .set(bearer(admin.token))
          .send({
            agent_id: agent.user.agent_id,
            alternate_email: 'alex.alt@example.test',
            brokerage_cap_amt: 12500.5,
            royalty_cap_amt: 3000,
            brokerage_cap_anniversary_dt: '04/01/2026',
            royalty_cap_anniversary_dt: '11/30/2026',
            default_commission_templates: { buyer: [3, 1], seller: [2] },
          })
          .expect(200);

        const snapshot = await lastSnapshot(agent.user.agent_id);
        expect(snapshot).toMatchObject({
          agent_id: agent.user.agent_id,
          team_name: 'Demo Realty',
          alternate_email: 'alex.alt@example.test',
          brokerage_cap_amt: 12500.5,
          royalty_cap_amt: 3000,
          brokerage_cap_anniversary_dt: '04-01-2026',
          royalty_cap_anniversary_dt: '11-30-2026',
          default_buyer_commission_templates: [3, 1],
          default_seller_commission_templates: [2],
          esign_enabled: true,
        });
        // The seeded agent signs with e-sign in a team whose plan has it.
        expect(snapshot.permissions).toEqual(expect.arrayContaining(['team_esign', 'agent_esign', 'transaction_sync']));

        // The same values and wire formats as GET /user/profile, and the permissions the access token lists.
        const fresh = await signIn(sut, 'agent@demo-realty.test');
        const profile = (await request(sut.server).get('/api/user/profile').set(bearer(fresh.token)).expect(200)).body;
        for (const field of [
          'alternate_email',
          'brokerage_cap_amt',
          'royalty_cap_amt',
          'brokerage_cap_anniversary_dt',
          'royalty_cap_anniversary_dt',
          'permissions',
        ] as const) {
          expect([field, snapshot[field]]).toEqual([field, profile[field]]);
        }
        const claims = JSON.parse(Buffer.from(fresh.token.split('.')[1], 'base64url').toString());
        expect(snapshot.permissions).toEqual(claims.permissions);
      });

      it('carries nulls and empty lists for a user without caps or templates, and no e-sign permission without esign_enabled', async () => {
        const { user } = await signIn(sut, 'isa@demo-realty.test');
        const admin = await signIn(sut, 'admin@demo-realty.test');
        await request(sut.server)
          .patch('/api/admin/user')
          .set(bearer(admin.token))
          .send({ agent_id: user.agent_id, last_name: 'Snapshot' })
          .expect(200);
        expect(await lastSnapshot(user.agent_id)).toMatchObject({
          last_name: 'Snapshot',
          alternate_email: null,
          brokerage_cap_amt: null,
          royalty_cap_amt: null,
          brokerage_cap_anniversary_dt: null,
          royalty_cap_anniversary_dt: null,
          default_buyer_commission_templates: [],
          default_seller_commission_templates: [],
          permissions: ['team_esign', 'transaction_sync'],
          esign_enabled: false,
        });
      });
    });
  });

  describe('identity.notification-setting.changed when the team override changes (team-admin.notification-settings.changed through the bus)', () => {
    let sut: Identity;
    let redis: IORedis;
    let queue: Queue;
    beforeAll(async () => {
      sut = await bootIdentity({ mode: 'all' });
      redis = new IORedis(sut.config.REDIS_URL, { maxRetriesPerRequest: null });
      queue = new Queue(eventsQueueOf('identity'), { connection: redis, prefix: sut.config.QUEUE_PREFIX });
    });
    afterAll(async () => {
      await queue.close();
      await redis.quit();
      await sut.close();
    });

    /** Puts team-admin's event on identity's queue, as its relay would, and waits until it was consumed. */
    async function deliverTeamSwitches(teamId: number, revision: number, disabled: number[]) {
      const envelope: EventEnvelope<'team-admin.notification-settings.changed'> = {
        id: randomUUID(),
        type: 'team-admin.notification-settings.changed',
        team_id: teamId,
        occurred_at: new Date().toISOString(),
        version: 1,
        payload: {
          revision,
          settings: Array.from({ length: 11 }, (_, i) => ({ notification_id: i + 1, enabled: !disabled.includes(i + 1) })),
        },
      };
      await queue.add(envelope.type, envelope, { jobId: envelope.id, removeOnComplete: false });
      await eventually(async () => (await (await queue.getJob(envelope.id))?.isCompleted()) ?? false);
      return envelope;
    }

    const teamUsers = (teamId: number): Promise<{ agent_id: number }[]> =>
      sut.dataSource.query(`SELECT agent_id FROM identity.users WHERE team_id = $1 ORDER BY agent_id`, [teamId]);

    it("publishes, per user and switch whose effective value changed, enabled false under the override and the user's own value once it is lifted", async () => {
      const agent = await signIn(sut, 'agent@demo-realty.test');
      const teamId = agent.user.team.team_id;
      // The agent turned notification 3 off already: the team disabling it changes nothing for them.
      await patchSwitch(sut, agent.token, 3, false).expect(200);
      const users = await teamUsers(teamId);
      const before = (await settingEvents(sut, teamId)).length;

      const disable = await deliverTeamSwitches(teamId, 1, [3, 5]);
      let rows = (await settingEvents(sut, teamId)).slice(before);
      const expected = users.flatMap(({ agent_id }) => [
        ...(agent_id === agent.user.agent_id
          ? []
          : [{ agent_id, team_id: teamId, notification_id: 3, code: 'task_overdue', enabled: false }]),
        { agent_id, team_id: teamId, notification_id: 5, code: 'direct_message', enabled: false },
      ]);
      expect(rows.map((r) => r.payload)).toEqual(expected);
      expect(rows.every((r) => r.team_id === teamId && r.causation_id === disable.id)).toBe(true);

      // The team turns 3 back on: everyone whose own switch is on gets it back; the agent's stays off.
      const lift = await deliverTeamSwitches(teamId, 2, [5]);
      rows = (await settingEvents(sut, teamId)).slice(before + expected.length);
      expect(rows.map((r) => r.payload)).toEqual(
        users
          .filter(({ agent_id }) => agent_id !== agent.user.agent_id)
          .map(({ agent_id }) => ({ agent_id, team_id: teamId, notification_id: 3, code: 'task_overdue', enabled: true })),
      );
      expect(rows.every((r) => r.causation_id === lift.id)).toBe(true);

      // The relay of this process moves them.
      await eventually(async () => (await settingEvents(sut, teamId)).every((r) => r.published));
    });

    it("publishes nothing for a stale or unchanged team event, and only to the team's own users", async () => {
      const team = await createTeamWithUser(sut, { team: 'Quiet Realty', email: 'quiet@quiet-realty.test', role: 'AGENT' });
      await deliverTeamSwitches(team.team_id, 1, [6]);
      expect((await settingEvents(sut, team.team_id)).map((r) => r.payload)).toEqual([
        { agent_id: team.agent_id, team_id: team.team_id, notification_id: 6, code: 'document_uploaded', enabled: false },
      ]);
      // The same revision again (a late copy with other switches): ignored.
      await deliverTeamSwitches(team.team_id, 1, [1, 2]);
      // A newer revision with the same switches: no effective value changes.
      await deliverTeamSwitches(team.team_id, 2, [6]);
      expect(await settingEvents(sut, team.team_id)).toHaveLength(1);
      const [{ n }] = await sut.dataSource.query(
        `SELECT count(*)::int AS n FROM identity.outbox WHERE type = 'identity.notification-setting.changed' AND (payload->>'agent_id')::int <> $1 AND team_id = $2`,
        [team.agent_id, team.team_id],
      );
      expect(n).toBe(0);
    });
  });
});
