import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { DocumentFolderSnapshot, DocumentTypeSnapshot, TransactionSide } from '@app/contracts';

const FOLDER_COLUMNS = `folder_id AS client_document_folder_id, folder_name, transaction_type, client_visible, vendor_visible`;
const TYPE_COLUMNS = `doc_type_id AS team_document_type_id, name, category_id AS team_document_category_id, category_name`;

/** The team's document folders and types, read copies of team-admin's lists (written by documentListCopyListeners). */
@Injectable()
export class DocumentListsRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /** The team's folders in team-admin's order: of one side when given (transaction_type null or that side); the vendor-visible ones only when asked. */
  folders(
    teamId: number,
    options: { side?: TransactionSide; vendorOnly?: boolean } = {},
    manager?: EntityManager,
  ): Promise<DocumentFolderSnapshot[]> {
    const params: unknown[] = [teamId];
    const where = ['team_id = $1'];
    if (options.side) where.push(`(transaction_type IS NULL OR transaction_type = $${params.push(options.side)})`);
    if (options.vendorOnly) where.push('vendor_visible');
    return (manager ?? this.dataSource.manager).query(
      `SELECT ${FOLDER_COLUMNS} FROM transactions.document_folders WHERE ${where.join(' AND ')} ORDER BY sort`,
      params,
    );
  }

  async folder(teamId: number, folderId: number, manager?: EntityManager): Promise<DocumentFolderSnapshot | null> {
    const rows: DocumentFolderSnapshot[] = await (manager ?? this.dataSource.manager).query(
      `SELECT ${FOLDER_COLUMNS} FROM transactions.document_folders WHERE team_id = $1 AND folder_id = $2`,
      [teamId, folderId],
    );
    return rows[0] ?? null;
  }

  types(teamId: number): Promise<DocumentTypeSnapshot[]> {
    return this.dataSource.query(`SELECT ${TYPE_COLUMNS} FROM transactions.document_types WHERE team_id = $1 ORDER BY sort`, [teamId]);
  }

  async type(teamId: number, typeId: number, manager?: EntityManager): Promise<DocumentTypeSnapshot | null> {
    const rows: DocumentTypeSnapshot[] = await (manager ?? this.dataSource.manager).query(
      `SELECT ${TYPE_COLUMNS} FROM transactions.document_types WHERE team_id = $1 AND doc_type_id = $2`,
      [teamId, typeId],
    );
    return rows[0] ?? null;
  }
}
