import type { MigrationInterface, QueryRunner } from 'typeorm';

function schemaOf(queryRunner: QueryRunner): string {
  return (queryRunner.connection.options as { schema?: string }).schema ?? 'public';
}

/**
 * Side effects ride the outbox (ARCHITECTURE.md section 4): a row with a `queue` is a job for that BullMQ
 * queue (mail.outgoing, a service's own job queue) written in the change's transaction, that the relay adds
 * under `job_id` (or the row's id) with `job_options` (attempts, backoff, retention). Rows without a queue
 * stay events. Every service lists this migration right after EventBusTables.
 */
export class OutboxJobs1763700000010 implements MigrationInterface {
  name = 'OutboxJobs1763700000010';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = schemaOf(queryRunner);
    await queryRunner.query(`ALTER TABLE "${s}".outbox ADD COLUMN queue text, ADD COLUMN job_id text, ADD COLUMN job_options jsonb`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = schemaOf(queryRunner);
    await queryRunner.query(`ALTER TABLE "${s}".outbox DROP COLUMN job_options, DROP COLUMN job_id, DROP COLUMN queue`);
  }
}
