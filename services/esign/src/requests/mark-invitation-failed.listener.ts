import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { EventEnvelope } from '@app/contracts';
import { HandleEvent } from '@app/events';
import { SigningEngine } from './signing-engine';

/** An invitation messaging could not deliver makes its request F, and its resends are scheduled; other mail ids change nothing. */
@Injectable()
export class MarkInvitationFailedWhenMailFails {
  constructor(private readonly engine: SigningEngine) {}

  @HandleEvent('messaging.mail.failed')
  async onFailed(event: EventEnvelope<'messaging.mail.failed'>, manager: EntityManager) {
    await this.engine.invitationFailed(manager, event.payload.message_id);
  }
}
