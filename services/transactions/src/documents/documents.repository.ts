import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { TransactionDocument, TransactionSide } from '@app/contracts';
import type { Narrow, TableRow } from '@app/database';
import { returned } from '../common/returned';

/** A stored document with what the rules need besides its answer. */
export type DocumentRecord = TransactionDocument &
  Pick<TableRow<'transactions.documents'>, 'team_id' | 'storage_key'> &
  // The folder is left-joined and coalesced to false.
  Pick<TableRow<'transactions.document_folders'>, 'vendor_visible'>;

/** A signed upload handed out and not confirmed yet. */
export type PendingUpload = Pick<
  TableRow<'transactions.document_uploads'>,
  'storage_key' | 'team_id' | 'client_id' | 'agent_id' | 'folder_id' | 'doc_type_id' | 'task_id' | 'filename'
>;

type SideOfTransaction = Narrow<Pick<TableRow<'transactions.transactions'>, 'client_id' | 'team_id' | 'type'>, { type: TransactionSide }>;

/** A document to record: a confirmed upload, or a file another service handed off (which may have no type). */
export type NewDocument = Omit<PendingUpload, 'doc_type_id'> & { doc_type_id: number | null };

const DOCUMENT_COLUMNS = `
  d.document_id AS id, d.client_id, d.team_id, d.filename, d.content_type, d.folder_id, coalesce(f.folder_name, '') AS folder_name,
  CASE WHEN d.doc_type_id IS NULL THEN NULL ELSE jsonb_build_object('id', d.doc_type_id, 'name', coalesce(ty.name, '')) END AS type,
  d.size::float8 AS size, d.task_id, d.uploaded_by, nullif(btrim(coalesce(a.first_name, '') || ' ' || coalesce(a.last_name, '')), '') AS uploaded_by_name,
  d.uploaded_ts, d.storage_key, coalesce(f.vendor_visible, false) AS vendor_visible`;
const DOCUMENT_JOINS = `
  LEFT JOIN transactions.document_folders f ON f.team_id = d.team_id AND f.folder_id = d.folder_id
  LEFT JOIN transactions.document_types ty ON ty.team_id = d.team_id AND ty.doc_type_id = d.doc_type_id
  LEFT JOIN transactions.agents a ON a.agent_id = d.uploaded_by`;

@Injectable()
export class DocumentsRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /** A transaction's documents, newest first (of the given folders when given). */
  ofTransaction(clientId: number, folderIds?: readonly number[]): Promise<DocumentRecord[]> {
    const params: unknown[] = [clientId];
    const folders = folderIds ? ` AND d.folder_id = ANY($${params.push([...folderIds])}::int[])` : '';
    return this.dataSource.query(
      `SELECT ${DOCUMENT_COLUMNS} FROM transactions.documents d ${DOCUMENT_JOINS} WHERE d.client_id = $1${folders} ORDER BY d.folder_id, d.document_id DESC`,
      params,
    );
  }

  async one(documentId: number, manager?: EntityManager): Promise<DocumentRecord | null> {
    const rows: DocumentRecord[] = await (manager ?? this.dataSource.manager).query(
      `SELECT ${DOCUMENT_COLUMNS} FROM transactions.documents d ${DOCUMENT_JOINS} WHERE d.document_id = $1`,
      [documentId],
    );
    return rows[0] ?? null;
  }

  async insert(manager: EntityManager, upload: NewDocument, file: { size: number; contentType: string }): Promise<number> {
    const [row]: Pick<TableRow<'transactions.documents'>, 'document_id'>[] = await manager.query(
      `INSERT INTO transactions.documents (team_id, client_id, folder_id, doc_type_id, filename, content_type, size, storage_key, task_id, uploaded_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING document_id`,
      [
        upload.team_id,
        upload.client_id,
        upload.folder_id,
        upload.doc_type_id,
        upload.filename,
        file.contentType,
        file.size,
        upload.storage_key,
        upload.task_id,
        upload.agent_id,
      ],
    );
    return row.document_id;
  }

  async delete(manager: EntityManager, documentId: number): Promise<void> {
    await manager.query(`DELETE FROM transactions.documents WHERE document_id = $1`, [documentId]);
  }

  async addPending(upload: PendingUpload): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO transactions.document_uploads (storage_key, team_id, client_id, agent_id, folder_id, doc_type_id, task_id, filename)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        upload.storage_key,
        upload.team_id,
        upload.client_id,
        upload.agent_id,
        upload.folder_id,
        upload.doc_type_id,
        upload.task_id,
        upload.filename,
      ],
    );
  }

  /** The caller's pending upload of this transaction (locked when a manager is given), else null. */
  async pending(key: string, clientId: number, agentId: number, manager?: EntityManager): Promise<PendingUpload | null> {
    const rows: PendingUpload[] = await (manager ?? this.dataSource.manager).query(
      `SELECT storage_key, team_id, client_id, agent_id, folder_id, doc_type_id, task_id, filename FROM transactions.document_uploads
        WHERE storage_key = $1 AND client_id = $2 AND agent_id = $3${manager ? ' FOR UPDATE' : ''}`,
      [key, clientId, agentId],
    );
    return rows[0] ?? null;
  }

  async dropPending(key: string, manager?: EntityManager): Promise<boolean> {
    return (
      returned(
        await (manager ?? this.dataSource.manager).query(`DELETE FROM transactions.document_uploads WHERE storage_key = $1 RETURNING 1`, [
          key,
        ]),
      ).length > 0
    );
  }

  /** Keys of pending uploads older than the given age, locked (skipping those a confirm holds), oldest first. */
  async lockAbandonedUploads(manager: EntityManager, olderThanSeconds: number, limit: number): Promise<string[]> {
    const rows: Pick<TableRow<'transactions.document_uploads'>, 'storage_key'>[] = await manager.query(
      `SELECT storage_key FROM transactions.document_uploads
        WHERE created_ts < now() - make_interval(secs => $1)
        ORDER BY created_ts LIMIT $2 FOR UPDATE SKIP LOCKED`,
      [olderThanSeconds, limit],
    );
    return rows.map((row) => row.storage_key);
  }

  async dropPendingMany(manager: EntityManager, keys: readonly string[]): Promise<void> {
    if (keys.length > 0) await manager.query(`DELETE FROM transactions.document_uploads WHERE storage_key = ANY($1::text[])`, [keys]);
  }

  /** The transaction a handed-off document joins (key-share locked so it is not deleted meanwhile), else null. */
  async transactionOf(manager: EntityManager, clientId: number): Promise<SideOfTransaction | null> {
    const rows: SideOfTransaction[] = await manager.query(
      `SELECT client_id, team_id, type FROM transactions.transactions WHERE client_id = $1 FOR KEY SHARE`,
      [clientId],
    );
    return rows[0] ?? null;
  }

  /**
   * Claims an e-sign request's signed document for the caller's transaction; false when it was added before. A
   * concurrent claim of the same request waits for the first one's commit, then answers false.
   */
  async claimEsignRequest(manager: EntityManager, esigRequestId: number, clientId: number): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `INSERT INTO transactions.esign_signed_documents (esig_request_id, client_id) VALUES ($1, $2) ON CONFLICT (esig_request_id) DO NOTHING RETURNING 1`,
      [esigRequestId, clientId],
    );
    return rows.length > 0;
  }

  async linkEsignRequest(manager: EntityManager, esigRequestId: number, documentId: number): Promise<void> {
    await manager.query(`UPDATE transactions.esign_signed_documents SET document_id = $2 WHERE esig_request_id = $1`, [
      esigRequestId,
      documentId,
    ]);
  }

  /** Tasks that hold the document. */
  async tasksHolding(documentId: number, manager: EntityManager): Promise<number[]> {
    const rows: Pick<TableRow<'transactions.tasks'>, 'task_id'>[] = await manager.query(
      `SELECT task_id FROM transactions.tasks WHERE doc_id = $1 ORDER BY task_id FOR UPDATE`,
      [documentId],
    );
    return rows.map((row) => row.task_id);
  }
}
