import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The hourly sweep of orphaned request copies asks, for each page of up to 1,000 storage folders
 * (requests/<uuid>/), which of them a request's documents name. Without an index on the folder that is a
 * scan of every request's documents per page; with it, an index probe per folder.
 */
export class EsignRequestCopyFolders1763700002600 implements MigrationInterface {
  name = 'EsignRequestCopyFolders1763700002600';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX request_documents_copy_folder_idx ON esign.request_documents (split_part(storage_key, '/', 2))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX esign.request_documents_copy_folder_idx`);
  }
}
