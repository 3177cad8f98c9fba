import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { DocumentFolderSnapshot, DocumentTypeSnapshot, EsignDocumentTypeOption, EsignFolderOption } from '@app/contracts';

const FOLDER_COLUMNS = `folder_id AS client_document_folder_id, folder_name, transaction_type`;
const TYPE_COLUMNS = `doc_type_id AS team_document_type_id, name, category_id AS team_document_category_id, category_name`;

/** The team's document folders and types: esign's read copies of team-admin's lists (templates' storage options). */
@Injectable()
export class DocumentListsRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /** Replaces the team's folders unless the stored revision is as new or newer; answers whether it did. */
  async replaceFolders(manager: EntityManager, teamId: number, revision: number, folders: readonly DocumentFolderSnapshot[]): Promise<boolean> {
    if (!(await this.bump(manager, teamId, 'folders_revision', revision))) return false;
    await manager.query(`DELETE FROM esign.document_folders WHERE team_id = $1`, [teamId]);
    await manager.query(
      `INSERT INTO esign.document_folders (team_id, folder_id, folder_name, transaction_type, client_visible, vendor_visible, sort)
       SELECT $1, (e.f->>'client_document_folder_id')::int, e.f->>'folder_name', e.f->>'transaction_type',
              coalesce((e.f->>'client_visible')::boolean, false), coalesce((e.f->>'vendor_visible')::boolean, false), e.ord
         FROM jsonb_array_elements($2::jsonb) WITH ORDINALITY AS e(f, ord)`,
      [teamId, JSON.stringify(folders)],
    );
    return true;
  }

  /** Replaces the team's document types unless the stored revision is as new or newer. */
  async replaceTypes(manager: EntityManager, teamId: number, revision: number, types: readonly DocumentTypeSnapshot[]): Promise<boolean> {
    if (!(await this.bump(manager, teamId, 'types_revision', revision))) return false;
    await manager.query(`DELETE FROM esign.document_types WHERE team_id = $1`, [teamId]);
    await manager.query(
      `INSERT INTO esign.document_types (team_id, doc_type_id, name, category_id, category_name, sort)
       SELECT $1, (e.t->>'team_document_type_id')::int, e.t->>'name', (e.t->>'team_document_category_id')::int, e.t->>'category_name', e.ord
         FROM jsonb_array_elements($2::jsonb) WITH ORDINALITY AS e(t, ord)`,
      [teamId, JSON.stringify(types)],
    );
    return true;
  }

  private async bump(manager: EntityManager, teamId: number, column: 'folders_revision' | 'types_revision', revision: number): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `INSERT INTO esign.document_list_revisions (team_id, ${column}) VALUES ($1, $2)
       ON CONFLICT (team_id) DO UPDATE SET ${column} = excluded.${column} WHERE document_list_revisions.${column} < excluded.${column}
       RETURNING team_id`,
      [teamId, revision],
    );
    return rows.length > 0;
  }

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
