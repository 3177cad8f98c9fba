import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { EventEnvelope } from '@app/contracts';
import { HandleEvent } from '@app/events';
import { UsersRepository } from './users.repository';

/**
 * Keeps integrations-sync's copy of the team's users, which SkySlope user matching reads. A snapshot older
 * than the stored one changes nothing; the same event delivered twice is applied once by the consumer.
 */
@Injectable()
export class UpdateUsersWhenUserChanges {
  constructor(private readonly users: UsersRepository) {}

  @HandleEvent('identity.user.created')
  async onCreated(event: EventEnvelope<'identity.user.created'>, manager: EntityManager) {
    await this.users.apply(event.payload, event.occurred_at, manager);
  }

  @HandleEvent('identity.user.updated')
  async onUpdated(event: EventEnvelope<'identity.user.updated'>, manager: EntityManager) {
    await this.users.apply(event.payload, event.occurred_at, manager);
  }
}
