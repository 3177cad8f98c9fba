import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { EventEnvelope } from '@app/contracts';
import { HandleEvent } from '@app/events';
import { DisplayPublisher } from '../display/display.publisher';
import { AgentsRepository } from './agents.repository';

/** A team renamed in Team Settings shows its new name on the office TVs. */
@Injectable()
export class UpdateTeamNameWhenTeamSettingsChange {
  constructor(
    private readonly agents: AgentsRepository,
    private readonly display: DisplayPublisher,
  ) {}

  @HandleEvent('team-admin.team.updated')
  async onTeamUpdated(event: EventEnvelope<'team-admin.team.updated'>, manager: EntityManager) {
    const { team_id, name, revision } = event.payload;
    if (!(await this.agents.applyTeamSettings(team_id, name, revision, manager))) return;
    return () => this.display.pushRoster(team_id);
  }
}
