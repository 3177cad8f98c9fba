import { Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { EventEnvelope } from '@app/contracts';
import { ReadCopyListener, type ReadCopyWrite } from '@app/events';
import { ContactsReadCopyRepository } from './contacts-read-copy.repository';

/**
 * users.client_count is the user's number of active contacts (the Clients column of user
 * administration): recounted for the old and the new owner whenever a newer contact snapshot arrives
 * (identity.contacts is a copy of the transactions service's contacts; the copy keeps the newest version).
 */
@Injectable()
export class UpdateClientCountWhenContactChanges extends ReadCopyListener({
  table: 'identity.contacts',
  upsertOn: ['transactions.contact.created', 'transactions.contact.updated'],
  row: ({ payload: contact }) => ({
    contact_id: contact.contact_id,
    team_id: contact.team_id,
    agent_id: contact.agent_id,
    status: contact.status,
    version: contact.version,
  }),
  key: ['contact_id'],
  newest: { column: 'version' },
  // The owner before the change, from the locked row: its count moves too.
  previous: ['agent_id'],
}) {
  private readonly logger = new Logger(UpdateClientCountWhenContactChanges.name);

  constructor(private readonly contacts: ContactsReadCopyRepository) {
    super();
  }

  protected override async around(
    event: EventEnvelope<'transactions.contact.created' | 'transactions.contact.updated'>,
    manager: EntityManager,
    write: () => Promise<ReadCopyWrite<{ agent_id: number | null }>>,
  ) {
    const contact = event.payload;
    const result = await write();
    if (!result.applied) {
      this.logger.debug(`contact ${contact.contact_id} version ${contact.version} skipped (the copy holds this version or a newer one)`);
      return;
    }
    const owners = [result.previous?.agent_id ?? null, contact.agent_id].filter((id): id is number => id !== null);
    await this.contacts.recountClients(owners, manager);
  }
}
