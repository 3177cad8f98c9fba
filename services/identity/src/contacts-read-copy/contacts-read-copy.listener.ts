import { Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { EventEnvelope } from '@app/contracts';
import { HandleEvent } from '@app/events';
import { ContactsReadCopyRepository } from './contacts-read-copy.repository';

/**
 * users.client_count is the user's number of active contacts (the Clients column of user
 * administration): recounted for the old and the new owner whenever a newer contact snapshot arrives.
 */
@Injectable()
export class UpdateClientCountWhenContactChanges {
  private readonly logger = new Logger(UpdateClientCountWhenContactChanges.name);

  constructor(private readonly contacts: ContactsReadCopyRepository) {}

  @HandleEvent('transactions.contact.created')
  async onCreated(event: EventEnvelope<'transactions.contact.created'>, manager: EntityManager) {
    await this.apply(event, manager);
  }

  @HandleEvent('transactions.contact.updated')
  async onUpdated(event: EventEnvelope<'transactions.contact.updated'>, manager: EntityManager) {
    await this.apply(event, manager);
  }

  private async apply(event: EventEnvelope<'transactions.contact.created' | 'transactions.contact.updated'>, manager: EntityManager) {
    const contact = event.payload;
    const result = await this.contacts.apply(contact, manager);
    if (!result.applied) {
      this.logger.debug(`contact ${contact.contact_id} version ${contact.version} skipped (the copy holds this version or a newer one)`);
      return;
    }
    const owners = [result.previousAgentId, contact.agent_id].filter((id): id is number => id !== null);
    await this.contacts.recountClients(owners, manager);
  }
}
