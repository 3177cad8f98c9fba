import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { EventEnvelope } from '@app/contracts';
import { HandleEvent } from '@app/events';
import { TransactionEditService } from './transaction-edit.service';

/**
 * An e-sign request was sent with values marked Update Transaction: they are written to the transaction once per
 * request (however often the event arrives), each checked against its field's type, in the event's database
 * transaction with the version, the history (source esign) and transactions.transaction.updated.
 */
@Injectable()
export class ApplyEsignFieldChangesWhenUpdateRequested {
  constructor(private readonly edits: TransactionEditService) {}

  @HandleEvent('esign.transaction-fields.update-requested')
  async onUpdateRequested(event: EventEnvelope<'esign.transaction-fields.update-requested'>, manager: EntityManager) {
    // The event's team, not the payload's: a transaction of another team is never touched.
    await this.edits.applyEsignChanges(manager, event.team_id, event.payload);
  }
}
