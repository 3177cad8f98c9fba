import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { EventEnvelope } from '@app/contracts';
import { HandleEvent } from '@app/events';
import { ResetMailer } from '../password/reset-mailer.service';
import { UsersRepository } from '../users/users.repository';

/**
 * identity.vendor.enrolled -> the welcome mail to the new VENDOR user: a hashed, single-use 7-day key and
 * the link to /auth/reset-password/<key> (ResetMailer.sendWelcome). The events inbox applies an event
 * once, so a redelivered or replayed event sends no second mail.
 */
@Injectable()
export class SendLoginInstructionsWhenVendorEnrolled {
  constructor(
    private readonly users: UsersRepository,
    private readonly mailer: ResetMailer,
  ) {}

  @HandleEvent('identity.vendor.enrolled')
  async onEnrolled(event: EventEnvelope<'identity.vendor.enrolled'>, manager: EntityManager) {
    const user = await this.users.findById(event.payload.agent_id, manager);
    if (!user || user.status !== 'active') return;
    // The key and the mail in the handler's transaction, with its inbox row: applied once, mailed once.
    await this.mailer.sendWelcome(
      manager,
      { agent_id: user.agent_id, email: user.email, first_name: user.first_name, team_name: user.team?.name ?? '' },
      null,
    );
  }
}
