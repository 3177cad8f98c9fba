import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * E-sign requests whose sealed PDF was added to their transaction's documents (spec 002,
 * AddSignedDocumentWhenEsignRequestCompleted): one row per request, so a re-published esign.request.completed
 * (a new event id, the same request) adds nothing. A table of its own rather than a column on documents: the
 * row stays when a user deletes the signed document, which a late duplicate must not bring back.
 */
export class EsignSignedDocuments1763700000360 implements MigrationInterface {
  name = 'EsignSignedDocuments1763700000360';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE transactions.esign_signed_documents (
        esig_request_id integer PRIMARY KEY,
        client_id integer NOT NULL REFERENCES transactions.transactions (client_id) ON DELETE CASCADE,
        document_id integer REFERENCES transactions.documents (document_id) ON DELETE SET NULL,
        added_ts timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE INDEX esign_signed_documents_document_idx ON transactions.esign_signed_documents (document_id) WHERE document_id IS NOT NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE transactions.esign_signed_documents`);
  }
}
