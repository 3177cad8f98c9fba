import { randomUUID } from 'node:crypto';
import type { ContactSnapshot, EventEnvelope } from '@app/contracts';
import { EventConsumer } from '@app/events';
import { IdentityFactory, type TeamRow, type UserRow } from '@app/testing';
import { UpdateClientCountWhenContactChanges } from '../src/contacts-read-copy/contacts-read-copy.listener';
import { bootIdentity } from './identity-test-app';

type ContactEventType = 'transactions.contact.created' | 'transactions.contact.updated';

/** users.client_count kept from the transactions service's contact events. */
describe(UpdateClientCountWhenContactChanges.name, () => {
  let identity: Awaited<ReturnType<typeof bootIdentity>>;
  let sut: EventConsumer;
  let nextContactId = 1;

  beforeAll(async () => {
    identity = await bootIdentity();
    sut = identity.app.get(EventConsumer);
  });
  afterAll(() => identity.close());

  /** A fresh team with two agents, so no test reads another's counts. */
  const teamWithTwoAgents = async (): Promise<{ team: TeamRow; a: UserRow; b: UserRow }> => {
    const factory = new IdentityFactory(identity.dataSource);
    const team = await factory.team();
    return { team, a: await factory.user(team, { role: 'AGENT' }), b: await factory.user(team, { role: 'AGENT' }) };
  };

  const contactOf = (team: TeamRow, agent: UserRow | null, overrides: Partial<ContactSnapshot> = {}): ContactSnapshot => ({
    contact_id: nextContactId++,
    team_id: team.team_id,
    agent_id: agent?.agent_id ?? null,
    first_name: 'Chris',
    last_name: 'Contact',
    email: null,
    mobile_phone: null,
    lead_type_id: null,
    status: 'active',
    version: 1,
    ...overrides,
  });

  const envelopeOf = (type: ContactEventType, contact: ContactSnapshot): EventEnvelope<ContactEventType> => ({
    id: randomUUID(),
    type,
    team_id: contact.team_id,
    occurred_at: new Date().toISOString(),
    version: 1,
    payload: contact,
  });

  const clientCounts = async (...users: UserRow[]): Promise<number[]> => {
    const rows: { agent_id: number; client_count: number }[] = await identity.dataSource.query(
      `SELECT agent_id, client_count FROM identity.users WHERE agent_id = ANY($1::int[])`,
      [users.map((u) => u.agent_id)],
    );
    return users.map((u) => rows.find((r) => r.agent_id === u.agent_id)!.client_count);
  };

  const copyOf = async (contactId: number) =>
    (await identity.dataSource.query(`SELECT agent_id, status, version FROM identity.contacts WHERE contact_id = $1`, [contactId]))[0];

  it('applies a contact event once: the same envelope delivered again is a duplicate', async () => {
    const { team, a } = await teamWithTwoAgents();
    const created = envelopeOf('transactions.contact.created', contactOf(team, a));

    expect(await sut.consume(created)).toBe('applied');
    expect(await sut.consume(created)).toBe('duplicate');

    expect(await clientCounts(a)).toEqual([1]);
    expect(await copyOf(created.payload.contact_id)).toEqual({ agent_id: a.agent_id, status: 'active', version: 1 });
  });

  it('ignores another envelope that carries an older or equal version of the contact', async () => {
    const { team, a, b } = await teamWithTwoAgents();
    const contact = contactOf(team, a, { version: 3 });
    expect(await sut.consume(envelopeOf('transactions.contact.created', contact))).toBe('applied');

    // Applied to the inbox (a new event id) but not to the copy: version 3 is already there.
    expect(await sut.consume(envelopeOf('transactions.contact.updated', { ...contact, agent_id: b.agent_id }))).toBe('applied');
    expect(await sut.consume(envelopeOf('transactions.contact.updated', { ...contact, status: 'inactive', version: 2 }))).toBe('applied');

    expect(await copyOf(contact.contact_id)).toEqual({ agent_id: a.agent_id, status: 'active', version: 3 });
    expect(await clientCounts(a, b)).toEqual([1, 0]);
  });

  it('recounts both agents when a contact moves from agent A to agent B', async () => {
    const { team, a, b } = await teamWithTwoAgents();
    const moving = contactOf(team, a);
    const staying = contactOf(team, a);
    await sut.consume(envelopeOf('transactions.contact.created', moving));
    await sut.consume(envelopeOf('transactions.contact.created', staying));
    await sut.consume(envelopeOf('transactions.contact.created', contactOf(team, b)));
    expect(await clientCounts(a, b)).toEqual([2, 1]);

    expect(await sut.consume(envelopeOf('transactions.contact.updated', { ...moving, agent_id: b.agent_id, version: 2 }))).toBe('applied');
    expect(await clientCounts(a, b)).toEqual([1, 2]);

    // Unassigned: only the previous owner loses it.
    await sut.consume(envelopeOf('transactions.contact.updated', { ...moving, agent_id: null, version: 3 }));
    expect(await clientCounts(a, b)).toEqual([1, 1]);
  });

  it('does not count an inactive contact, and counts it again once it is active', async () => {
    const { team, a } = await teamWithTwoAgents();
    const contact = contactOf(team, a, { status: 'inactive' });
    await sut.consume(envelopeOf('transactions.contact.created', contact));
    await sut.consume(envelopeOf('transactions.contact.created', contactOf(team, a)));
    expect(await clientCounts(a)).toEqual([1]);

    await sut.consume(envelopeOf('transactions.contact.updated', { ...contact, status: 'active', version: 2 }));
    expect(await clientCounts(a)).toEqual([2]);
    await sut.consume(envelopeOf('transactions.contact.updated', { ...contact, status: 'inactive', version: 3 }));
    expect(await clientCounts(a)).toEqual([1]);
  });

  it('loses no count when many contacts of one agent arrive at once (the worker consumes in parallel)', async () => {
    const { team, a } = await teamWithTwoAgents();
    const contacts = Array.from({ length: 60 }, () => contactOf(team, a));
    await Promise.all(contacts.map((c) => sut.consume(envelopeOf('transactions.contact.created', c))));
    expect(await clientCounts(a)).toEqual([60]);
  });
});
