import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { EventEnvelope } from '@app/contracts';
import { ReadCopyListener, type ReadCopyWrite } from '@app/events';
import { DisplayPublisher } from '../display/display.publisher';

/**
 * Team Settings saved: the name shows on the office TVs; the time zone dates derived_status ('today'). Unless a
 * newer revision was applied already.
 */
@Injectable()
export class UpdateTeamNameWhenTeamSettingsChange extends ReadCopyListener({
  table: 'transactions.teams',
  upsertOn: ['team-admin.team.updated'],
  row: ({ payload }) => ({
    team_id: payload.team_id,
    name: payload.name,
    timezone: payload.timezone ?? null,
    settings_revision: payload.revision,
  }),
  key: ['team_id'],
  newest: { column: 'settings_revision' },
  touch: 'updated_ts',
}) {
  constructor(private readonly display: DisplayPublisher) {
    super();
  }

  protected override async around(
    event: EventEnvelope<'team-admin.team.updated'>,
    _manager: EntityManager,
    write: () => Promise<ReadCopyWrite>,
  ) {
    if (!(await write()).applied) return;
    const teamId = event.payload.team_id;
    return () => this.display.pushRoster(teamId);
  }
}
