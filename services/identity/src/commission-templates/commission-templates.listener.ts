import { Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { EventEnvelope } from '@app/contracts';
import { HandleEvent } from '@app/events';
import { CommissionTemplatesRepository } from './commission-templates.repository';

/** Keeps the team's commission template ids, which the admin user form checks default templates against. */
@Injectable()
export class UpdateCommissionTemplatesWhenTemplatesChange {
  private readonly logger = new Logger(UpdateCommissionTemplatesWhenTemplatesChange.name);

  constructor(private readonly templates: CommissionTemplatesRepository) {}

  @HandleEvent('transactions.commission-templates.changed')
  async onChanged(event: EventEnvelope<'transactions.commission-templates.changed'>, manager: EntityManager) {
    // Published per team: the envelope always names it.
    if (event.team_id === null) return;
    if (!(await this.templates.apply(event.team_id, event.payload, manager))) {
      this.logger.debug(`team ${event.team_id} templates revision ${event.payload.revision} skipped (the copy holds this revision or a newer one)`);
    }
  }
}
