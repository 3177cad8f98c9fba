import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { EventEnvelope } from '@app/contracts';
import { HandleEvent } from '@app/events';
import { DisplayPublisher } from '../display/display.publisher';
import { DisplayFigures } from '../display/display-figures.service';
import { AgentsRepository } from './agents.repository';

/** Keeps the agents read copy current and tells the team's office TVs. */
@Injectable()
export class UpdateAgentsWhenUserChanges {
  constructor(
    private readonly agents: AgentsRepository,
    private readonly display: DisplayPublisher,
    private readonly figures: DisplayFigures,
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
    await this.agents.upsert(event.payload, event.occurred_at, manager);
    await this.agents.writeAgentNameThrough(event.payload, manager);
    await this.agents.rememberTeam(event.payload.team_id, event.payload.team_name, manager);
    const teamId = event.payload.team_id;
    // After commit, so the TVs never show a change that rolled back: the roster, and the figures naming agents
    // (names, pictures, leaderboard exclusions).
    return async () => {
      await this.display.pushRoster(teamId);
      await this.figures.refreshTeam(teamId);
    };
  }
}
