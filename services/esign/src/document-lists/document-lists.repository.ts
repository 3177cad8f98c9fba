import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { EsignDocumentTypeOption, EsignFolderOption } from '@app/contracts';

const FOLDER_COLUMNS = `folder_id AS client_document_folder_id, folder_name, transaction_type`;
const TYPE_COLUMNS = `doc_type_id AS team_document_type_id, name, category_id AS team_document_category_id, category_name`;

/** The team's document folders and types: esign's read copies of team-admin's lists (templates' storage options), written by documentListCopyListeners. */
@Injectable()
export class DocumentListsRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /** The team's folders in team-admin's order. */
  folders(teamId: number): Promise<EsignFolderOption[]> {
    return this.dataSource.query(`SELECT ${FOLDER_COLUMNS} FROM esign.document_folders WHERE team_id = $1 ORDER BY sort`, [teamId]);
  }

  async folder(teamId: number, folderId: number, manager?: EntityManager): Promise<EsignFolderOption | null> {
    const rows: EsignFolderOption[] = await (manager ?? this.dataSource.manager).query(
      `SELECT ${FOLDER_COLUMNS} FROM esign.document_folders WHERE team_id = $1 AND folder_id = $2`,
      [teamId, folderId],
    );
    return rows[0] ?? null;
  }

  /** The team's document types in team-admin's order. */
  types(teamId: number): Promise<EsignDocumentTypeOption[]> {
    return this.dataSource.query(`SELECT ${TYPE_COLUMNS} FROM esign.document_types WHERE team_id = $1 ORDER BY sort`, [teamId]);
  }

  async type(teamId: number, typeId: number, manager?: EntityManager): Promise<EsignDocumentTypeOption | null> {
    const rows: EsignDocumentTypeOption[] = await (manager ?? this.dataSource.manager).query(
      `SELECT ${TYPE_COLUMNS} FROM esign.document_types WHERE team_id = $1 AND doc_type_id = $2`,
      [teamId, typeId],
    );
    return rows[0] ?? null;
  }
}
