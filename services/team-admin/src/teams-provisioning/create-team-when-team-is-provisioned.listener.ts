import { Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { EventEnvelope } from '@app/contracts';
import { HandleEvent } from '@app/events';
import { isKnownTimeZone } from '../common/validation';
import { DocumentListEvents } from '../documents/document-lists.events';
import { TeamsRepository } from '../team/teams.repository';

/**
 * identity created a team: team-admin starts its settings from the team's name and time zone (when the event
 * carries a zone this runtime knows; otherwise none, and Team Settings asks for one) and publishes its document
 * folders (the system ones) and types (none yet), so their consumers start from revision 1. Idempotent: a
 * team that already has a row keeps it (its settings belong to team-admin from then on) and nothing is published.
 */
@Injectable()
export class CreateTeamWhenTeamIsProvisioned {
  private readonly logger = new Logger(CreateTeamWhenTeamIsProvisioned.name);

  constructor(
    private readonly teams: TeamsRepository,
    private readonly documentLists: DocumentListEvents,
  ) {}

  @HandleEvent('identity.team.provisioned')
  async onProvisioned(event: EventEnvelope<'identity.team.provisioned'>, manager: EntityManager) {
    const { team_id, name, timezone } = event.payload;
    const zone = timezone && isKnownTimeZone(timezone) ? timezone : null;
    if (timezone && !zone) this.logger.warn(`team ${team_id}: unknown time zone '${timezone}' ignored`);
    const created = await this.teams.insertIfMissing(team_id, name, manager, zone);
    if (!created) {
      this.logger.log(`team ${team_id} was already provisioned; event ${event.id} changes nothing`);
      return;
    }
    await this.documentLists.publishAll(team_id, manager);
  }
}
