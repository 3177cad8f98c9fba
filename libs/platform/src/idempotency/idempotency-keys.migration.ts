import type { MigrationInterface, QueryRunner } from 'typeorm';

function schemaOf(queryRunner: QueryRunner): string {
  return (queryRunner.connection.options as { schema?: string }).schema ?? 'public';
}

/**
 * The Idempotency-Key answers of a service's schema (libs/platform idempotency, docs/idempotency.md);
 * every service lists this migration last of its own (its timestamp is later than theirs).
 */
export class IdempotencyKeys1763700003000 implements MigrationInterface {
  name = 'IdempotencyKeys1763700003000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = schemaOf(queryRunner);
    // One row per (team, user, operation, key): a pending run (status_code NULL) or its stored answer.
    // owner: the run holding the row, so a late finish or failure of a run that was taken over touches
    // nothing. response_body is json, not jsonb: the answer is replayed in its own key order.
    await queryRunner.query(`
      CREATE TABLE "${s}".idempotency_keys (
        team_id integer NOT NULL,
        agent_id integer NOT NULL,
        operation text NOT NULL,
        idempotency_key text NOT NULL,
        fingerprint text NOT NULL,
        owner uuid NOT NULL,
        status_code smallint,
        response_body json,
        created_at timestamptz NOT NULL DEFAULT now(),
        completed_at timestamptz,
        PRIMARY KEY (team_id, agent_id, operation, idempotency_key)
      )`);
    // The sweep of rows past their 24 hours reads the oldest first.
    await queryRunner.query(`CREATE INDEX idempotency_keys_created_idx ON "${s}".idempotency_keys (created_at)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "${schemaOf(queryRunner)}".idempotency_keys`);
  }
}
