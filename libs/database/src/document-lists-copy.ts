import type { EntityManager } from 'typeorm';
import type { DocumentFolderSnapshot, DocumentTypeSnapshot } from '@app/contracts';

/**
 * The write side of a service's read copy of team-admin's document lists (team-admin.document-folders.changed
 * and .document-types.changed, each the team's whole list with a revision), for every service that keeps one
 * (transactions for its documents, esign for its templates' storage options) in its own schema's tables
 * document_folders, document_types and document_list_revisions. A list replaces the team's copy unless the
 * stored revision is as new or newer (a late, older one is dropped); each answers whether it applied.
 */
export class DocumentListsCopyWriter {
  constructor(private readonly schema: string) {}

  async replaceFolders(manager: EntityManager, teamId: number, revision: number, folders: readonly DocumentFolderSnapshot[]): Promise<boolean> {
    if (!(await this.bump(manager, teamId, 'folders_revision', revision))) return false;
    await manager.query(`DELETE FROM ${this.schema}.document_folders WHERE team_id = $1`, [teamId]);
    await manager.query(
      `INSERT INTO ${this.schema}.document_folders (team_id, folder_id, folder_name, transaction_type, client_visible, vendor_visible, sort)
       SELECT $1, (e.f->>'client_document_folder_id')::int, e.f->>'folder_name', e.f->>'transaction_type',
              coalesce((e.f->>'client_visible')::boolean, false), coalesce((e.f->>'vendor_visible')::boolean, false), e.ord
         FROM jsonb_array_elements($2::jsonb) WITH ORDINALITY AS e(f, ord)`,
      [teamId, JSON.stringify(folders)],
    );
    return true;
  }

  async replaceTypes(manager: EntityManager, teamId: number, revision: number, types: readonly DocumentTypeSnapshot[]): Promise<boolean> {
    if (!(await this.bump(manager, teamId, 'types_revision', revision))) return false;
    await manager.query(`DELETE FROM ${this.schema}.document_types WHERE team_id = $1`, [teamId]);
    await manager.query(
      `INSERT INTO ${this.schema}.document_types (team_id, doc_type_id, name, category_id, category_name, sort)
       SELECT $1, (e.t->>'team_document_type_id')::int, e.t->>'name', (e.t->>'team_document_category_id')::int, e.t->>'category_name', e.ord
         FROM jsonb_array_elements($2::jsonb) WITH ORDINALITY AS e(t, ord)`,
      [teamId, JSON.stringify(types)],
    );
    return true;
  }

  private async bump(manager: EntityManager, teamId: number, column: 'folders_revision' | 'types_revision', revision: number): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `INSERT INTO ${this.schema}.document_list_revisions (team_id, ${column}) VALUES ($1, $2)
       ON CONFLICT (team_id) DO UPDATE SET ${column} = excluded.${column} WHERE document_list_revisions.${column} < excluded.${column}
       RETURNING team_id`,
      [teamId, revision],
    );
    return rows.length > 0;
  }
}
