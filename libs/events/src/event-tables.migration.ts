import type { MigrationInterface, QueryRunner } from 'typeorm';

function schemaOf(queryRunner: QueryRunner): string {
  return (queryRunner.connection.options as { schema?: string }).schema ?? 'public';
}

/** The outbox and inbox of a service's schema; every service lists this migration first. */
export class EventBusTables1763700000000 implements MigrationInterface {
  name = 'EventBusTables1763700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = schemaOf(queryRunner);
    await queryRunner.query(`
      CREATE TABLE "${s}".outbox (
        seq bigserial PRIMARY KEY,
        id uuid NOT NULL UNIQUE,
        type text NOT NULL,
        team_id integer,
        version integer NOT NULL DEFAULT 1,
        payload jsonb NOT NULL,
        occurred_at timestamptz NOT NULL DEFAULT now(),
        correlation_id text,
        causation_id text,
        published_at timestamptz
      )`);
    await queryRunner.query(`CREATE INDEX outbox_unpublished_idx ON "${s}".outbox (seq) WHERE published_at IS NULL`);
    await queryRunner.query(`
      CREATE TABLE "${s}".inbox (
        event_id uuid PRIMARY KEY,
        event_type text NOT NULL,
        processed_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = schemaOf(queryRunner);
    await queryRunner.query(`DROP TABLE "${s}".inbox`);
    await queryRunner.query(`DROP TABLE "${s}".outbox`);
  }
}
