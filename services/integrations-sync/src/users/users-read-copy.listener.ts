import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { EventEnvelope } from '@app/contracts';
import { HandleEvent } from '@app/events';
import { MatchUsersQueue } from '../matching/match-users.queue';
import { UsersRepository } from './users.repository';

/**
 * Keeps integrations-sync's copy of the team's users, which SkySlope user matching reads, and queues the
 * team's matching when a user is new or their email or skyslope_agent_guid changed (in the same transaction,
 * through the outbox; a team without SkySlope credentials runs nothing). A snapshot older than the stored one changes nothing.
 */
@Injectable()
export class UpdateUsersWhenUserChanges {
  constructor(
    private readonly users: UsersRepository,
    private readonly matching: MatchUsersQueue,
  ) {}

  @HandleEvent('identity.user.created')
  async onCreated(event: EventEnvelope<'identity.user.created'>, manager: EntityManager) {
    return this.apply(event, manager);
  }

  @HandleEvent('identity.user.updated')
  async onUpdated(event: EventEnvelope<'identity.user.updated'>, manager: EntityManager) {
    return this.apply(event, manager);
  }

  private async apply(event: EventEnvelope<'identity.user.created' | 'identity.user.updated'>, manager: EntityManager) {
    const snapshot = event.payload;
    const change = await this.users.apply(snapshot, event.occurred_at, manager);
    const matchMayChange =
      change.applied && (!change.previous || change.previous.email !== snapshot.email || change.previous.skyslope_agent_guid !== (snapshot.skyslope_agent_guid ?? null));
    if (!matchMayChange) return;
    // In the event's transaction (the outbox): the stored change always gets its matching run.
    await this.matching.enqueueInTransaction(manager, { team_id: snapshot.team_id, reason: 'user-changed', agent_id: snapshot.agent_id });
  }
}
