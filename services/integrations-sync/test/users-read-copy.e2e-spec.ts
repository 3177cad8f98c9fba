import { randomUUID } from 'node:crypto';
import { EVENT_SUBSCRIPTIONS, type EventEnvelope, type EventType, type UserSnapshot } from '@app/contracts';
import { buildUserSnapshot } from '@app/testing';
import { bootIntegrationsSync } from './skyslope-test-kit';

// integrations-sync's copy of identity's users (spec 002 section 2.6): fed by identity.user.created and .updated
// through the real event bus, applied once when delivered twice, an older snapshot ignored.

describe('integrations-sync users read copy', () => {
  let booted: Awaited<ReturnType<typeof bootIntegrationsSync>>;
  let sut: typeof booted.sut;
  const deliver = (envelope: EventEnvelope, jobId?: string) => booted.deliver(envelope, jobId);
  const envelopeOf = <T extends 'identity.user.created' | 'identity.user.updated'>(
    type: T,
    payload: UserSnapshot,
    occurredAt = new Date().toISOString(),
  ): EventEnvelope<T> =>
    ({ id: randomUUID(), type, team_id: payload.team_id, occurred_at: occurredAt, version: 1, payload }) as EventEnvelope<T>;
  const copyOf = async (agentId: number) =>
    (
      await sut.dataSource.query(
        `SELECT agent_id, team_id, first_name, last_name, email, status, roles, skyslope_agent_guid FROM integrations_sync.users WHERE agent_id = $1`,
        [agentId],
      )
    )[0];

  beforeAll(async () => {
    booted = await bootIntegrationsSync('all');
    sut = booted.sut;
  }, 60_000);
  afterAll(async () => {
    await booted?.close();
  });

  it('subscribes to the user events', () => {
    for (const type of ['identity.user.created', 'identity.user.updated'] as EventType[])
      expect(EVENT_SUBSCRIPTIONS[type]).toContain('integrations-sync');
  });

  it('keeps each user with their SkySlope guid; the same event twice is applied once; an older snapshot changes nothing', async () => {
    const user = buildUserSnapshot({
      agent_id: 501,
      team_id: 7,
      team_name: 'Demo Realty',
      first_name: 'Alex',
      last_name: 'Agent',
      email: 'Agent@Demo-Realty.test',
      roles: ['AGENT'],
    });
    const created = envelopeOf('identity.user.created', user, '2026-11-24T10:00:00.000Z');
    await deliver(created);
    await deliver(created, `${created.id}-again`);
    expect(await copyOf(501)).toEqual({
      agent_id: 501,
      team_id: 7,
      first_name: 'Alex',
      last_name: 'Agent',
      email: 'Agent@Demo-Realty.test',
      status: 'active',
      roles: ['AGENT'],
      skyslope_agent_guid: null,
    });

    await deliver(
      envelopeOf('identity.user.updated', { ...user, skyslope_agent_guid: 'ss-guid-1', status: 'inactive' }, '2026-11-24T10:05:00.000Z'),
    );
    expect(await copyOf(501)).toMatchObject({ skyslope_agent_guid: 'ss-guid-1', status: 'inactive' });
    // Delivered late: an older snapshot than the stored one.
    await deliver(envelopeOf('identity.user.updated', { ...user, email: 'old@demo-realty.test' }, '2026-11-24T10:01:00.000Z'));
    expect(await copyOf(501)).toMatchObject({ email: 'Agent@Demo-Realty.test', skyslope_agent_guid: 'ss-guid-1' });
    const [{ n }] = await sut.dataSource.query(`SELECT count(*)::int AS n FROM integrations_sync.users`);
    expect(n).toBe(1);
  });
});
