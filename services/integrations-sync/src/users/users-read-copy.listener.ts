import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { EventEnvelope } from '@app/contracts';
import { ReadCopyListener, type ReadCopyWrite } from '@app/events';
import { MatchUsersQueue } from '../matching/match-users.queue';

/**
 * Keeps integrations-sync's copy of the team's users, which SkySlope user matching reads, and queues the
 * team's matching when a user is new or their email or skyslope_agent_guid changed (in the same transaction,
 * through the outbox; a team without SkySlope credentials runs nothing). A snapshot older than the stored one changes nothing.
 */
@Injectable()
export class UpdateUsersWhenUserChanges extends ReadCopyListener({
  table: 'integrations_sync.users',
  upsertOn: ['identity.user.created', 'identity.user.updated'],
  row: ({ payload: snapshot, occurred_at }) => ({
    agent_id: snapshot.agent_id,
    team_id: snapshot.team_id,
    first_name: snapshot.first_name,
    last_name: snapshot.last_name,
    email: snapshot.email,
    status: snapshot.status,
    roles: snapshot.roles,
    skyslope_agent_guid: snapshot.skyslope_agent_guid ?? null,
    source_occurred_at: occurred_at,
  }),
  key: ['agent_id'],
  newest: { column: 'source_occurred_at', equalReplaces: true },
  touch: 'updated_ts',
  previous: ['email', 'skyslope_agent_guid'],
}) {
  constructor(private readonly matching: MatchUsersQueue) {
    super();
  }

  protected override async around(
    event: EventEnvelope<'identity.user.created' | 'identity.user.updated'>,
    manager: EntityManager,
    write: () => Promise<ReadCopyWrite<{ email: string; skyslope_agent_guid: string | null }>>,
  ) {
    const snapshot = event.payload;
    const change = await write();
    const matchMayChange =
      change.applied &&
      (!change.previous ||
        change.previous.email !== snapshot.email ||
        change.previous.skyslope_agent_guid !== (snapshot.skyslope_agent_guid ?? null));
    if (!matchMayChange) return;
    // In the event's transaction (the outbox): the stored change always gets its matching run.
    await this.matching.enqueueInTransaction(manager, { team_id: snapshot.team_id, reason: 'user-changed', agent_id: snapshot.agent_id });
  }
}
