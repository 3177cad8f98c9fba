import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { EventOutbox } from '@app/events';
import { type MailDeliveryHooks, MailWorker, type QueuedMail } from '@app/mail';
import { MailDeliveryRepository } from './mail-delivery.repository';

/**
 * Messaging's rules for the mail its worker delivers (every service's mail.outgoing jobs):
 * - a mail with a notification_key is dropped when to_agent_id's effective switch of that code is off
 *   at delivery time (mails without a key, e.g. reset, welcome, task notifications, always go);
 * - a mail that failed for good publishes messaging.mail.failed {message_id} through the outbox;
 * - a message id is delivered once: each delivery is recorded (messaging.mail_deliveries), and a job of an
 *   id delivered before is dropped (mail written through an outbox may be relayed twice; BullMQ's own
 *   job-id check only lasts as long as it keeps the job).
 */
@Injectable()
export class MessagingMailDeliveryHooks implements MailDeliveryHooks, OnModuleInit {
  private readonly logger = new Logger(MessagingMailDeliveryHooks.name);

  constructor(
    private readonly worker: MailWorker,
    private readonly dataSource: DataSource,
    private readonly outbox: EventOutbox,
    private readonly repository: MailDeliveryRepository,
  ) {}

  onModuleInit() {
    this.worker.useHooks(this);
  }

  async skipReasonOf(mail: QueuedMail): Promise<string | null> {
    if (await this.repository.wasDelivered(this.dataSource.manager, mail.id)) return `message ${mail.id} was delivered before`;
    if (!mail.notification_key || mail.to_agent_id === undefined || mail.to_agent_id === null) return null;
    const on = await this.repository.switchIsOn(this.dataSource.manager, mail.to_agent_id, mail.notification_key);
    return on ? null : `agent ${mail.to_agent_id} turned off ${mail.notification_key} notifications`;
  }

  async onDelivered(mail: QueuedMail): Promise<void> {
    await this.repository.recordDelivered(this.dataSource.manager, mail.id);
  }

  async onFailedForGood(mail: QueuedMail): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const teamId = mail.to_agent_id ? await this.repository.teamOf(manager, mail.to_agent_id) : null;
      await this.outbox.publish(manager, 'messaging.mail.failed', teamId, { message_id: mail.id });
    });
    this.logger.warn(`mail ${mail.id}: messaging.mail.failed published`);
  }
}

export const MAIL_DELIVERY_PROVIDERS = [MailDeliveryRepository, MessagingMailDeliveryHooks];
