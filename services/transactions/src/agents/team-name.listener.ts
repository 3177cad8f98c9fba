import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { EventEnvelope } from '@app/contracts';
import { HandleEvent } from '@app/events';
import { DisplayPublisher } from '../display/display.publisher';
import { AgentsRepository } from './agents.repository';

/** Team Settings saved: the name shows on the office TVs; the time zone dates derived_status ('today'). */
@Injectable()
export class UpdateTeamNameWhenTeamSettingsChange {
  constructor(
    private readonly agents: AgentsRepository,
    private readonly display: DisplayPublisher,
  ) {}

  @HandleEvent('team-admin.team.updated')
  async onTeamUpdated(event: EventEnvelope<'team-admin.team.updated'>, manager: EntityManager) {
    const { team_id, name, timezone, revision } = event.payload;
    if (!(await this.agents.applyTeamSettings(team_id, name, timezone ?? null, revision, manager))) return;
    return () => this.display.pushRoster(team_id);
  }
}
