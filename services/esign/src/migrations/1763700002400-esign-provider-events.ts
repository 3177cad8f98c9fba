import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The DocuSeal adapter (spec 002): an audit event brought in from the provider keeps the provider's event id, so a
 * poll that sees it again adds nothing (one event per provider id and request); a completed DocuSeal request keeps
 * the key of the audit log PDF it downloaded beside its signed document.
 */
export class EsignProviderEvents1763700002400 implements MigrationInterface {
  name = 'EsignProviderEvents1763700002400';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE esign.audit_events ADD COLUMN external_id text`);
    await q.query(
      `CREATE UNIQUE INDEX audit_events_external_idx ON esign.audit_events (esig_request_id, external_id) WHERE external_id IS NOT NULL`,
    );
    await q.query(`ALTER TABLE esign.requests ADD COLUMN audit_log_key text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE esign.requests DROP COLUMN audit_log_key`);
    await q.query(`DROP INDEX esign.audit_events_external_idx`);
    await q.query(`ALTER TABLE esign.audit_events DROP COLUMN external_id`);
  }
}
