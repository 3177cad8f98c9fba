import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The message ids messaging's mail worker has delivered (every service's mail.outgoing jobs): a message id
 * queued again after its job left BullMQ (a relay publishing an outbox row twice, an operator re-adding a
 * job) is dropped instead of mailed twice. delivered_at is when the driver took it.
 */
export class MessagingMailDeliveries1763700000640 implements MigrationInterface {
  name = 'MessagingMailDeliveries1763700000640';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE messaging.mail_deliveries (
        message_id text PRIMARY KEY,
        delivered_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE messaging.mail_deliveries`);
  }
}
