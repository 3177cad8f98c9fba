import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One sync of a transaction at a time, as a lease row rather than a session advisory lock: the lock
 * held one pooled connection for the whole sync while the sync's own queries waited for a second, so
 * ten syncs at once (the worker's concurrency) could hold every connection and wait forever. A lease
 * is taken and renewed by single statements and ends by itself (until) when its worker dies.
 */
export class SkySlopeSyncLeases1763700000540 implements MigrationInterface {
  name = 'SkySlopeSyncLeases1763700000540';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE integrations_sync.sync_leases (
        client_id integer PRIMARY KEY,
        holder uuid NOT NULL,
        until timestamptz NOT NULL
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE integrations_sync.sync_leases`);
  }
}
