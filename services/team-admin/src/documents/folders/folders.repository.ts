import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { DocumentFolder, DocumentFolderSnapshot, TransactionType } from '@app/contracts';
import { updateResult } from '../../common/postgres';
import type { FolderOrderBy } from './dto/folder.dto';

const COLUMNS = `client_document_folder_id, folder_name, transaction_type, client_visible, vendor_visible, (team_id IS NULL) AS system`;
// Every team sees its own folders and the system folders (team_id NULL).
const VISIBLE_TO_TEAM = `(team_id = $1 OR team_id IS NULL)`;

/** order_by -> SQL (whitelist); names sort case-insensitively, as the unique index (team_id, lower(folder_name)) does. */
const ORDER_COLUMNS: Record<FolderOrderBy, string> = {
  folder_name: 'lower(folder_name)',
  transaction_type: 'transaction_type',
  client_visible: 'client_visible',
  vendor_visible: 'vendor_visible',
  client_document_folder_id: 'client_document_folder_id',
  system: '(team_id IS NULL)',
};

/**
 * The team's whole folder list as team-admin.document-folders.changed carries it, as one jsonb array
 * (system folders first, then by name, as the list's default order). `teamId` is an SQL expression:
 * '$1' here, 't.team_id' in the backfill migration, so both build the same payload.
 */
export function folderSnapshotsSql(teamId: string): string {
  return `COALESCE((
    SELECT jsonb_agg(jsonb_build_object(
             'client_document_folder_id', f.client_document_folder_id, 'folder_name', f.folder_name,
             'transaction_type', f.transaction_type, 'client_visible', f.client_visible, 'vendor_visible', f.vendor_visible)
           ORDER BY (f.team_id IS NULL) DESC, lower(f.folder_name), f.client_document_folder_id)
      FROM team_admin.document_folders f
     WHERE f.team_id = ${teamId} OR f.team_id IS NULL), '[]'::jsonb)`;
}

export interface FolderListOptions {
  transactionType?: 'b' | 's';
  orderBy?: FolderOrderBy;
  direction: 'ASC' | 'DESC';
  limit: number | null;
  offset: number;
}

export interface FolderValues {
  folder_name?: string;
  transaction_type?: TransactionType;
  client_visible?: boolean;
  vendor_visible?: boolean;
}

/**
 * The SQL of the folder list: the page (as a JSON array, in order) and the total, on the team's row, so a team
 * not provisioned here answers no row. `npm run bench`'s floor runs this same text.
 */
export function folderListSql(teamId: number, options: FolderListOptions): { text: string; values: unknown[] } {
  const params: unknown[] = [teamId];
  let where = VISIBLE_TO_TEAM;
  if (options.transactionType) {
    params.push(options.transactionType);
    // A Buyer (or Seller) list also shows the All folders.
    where += ` AND (transaction_type = $${params.length} OR transaction_type IS NULL)`;
  }
  const order = options.orderBy
    ? `${ORDER_COLUMNS[options.orderBy]} ${options.direction}, lower(folder_name) ASC, client_document_folder_id ASC`
    : `(team_id IS NULL) DESC, lower(folder_name) ${options.direction}, client_document_folder_id ASC`;
  return {
    text: `SELECT (SELECT count(*)::int FROM team_admin.document_folders WHERE ${where}) AS total,
                  COALESCE((SELECT json_agg(json_build_object(
                      'client_document_folder_id', f.client_document_folder_id, 'folder_name', f.folder_name,
                      'transaction_type', f.transaction_type, 'client_visible', f.client_visible,
                      'vendor_visible', f.vendor_visible, 'system', f.system) ORDER BY f.position) FROM (
                    SELECT ${COLUMNS}, row_number() OVER (ORDER BY ${order}) AS position
                      FROM team_admin.document_folders WHERE ${where} ORDER BY ${order} LIMIT $${params.length + 1} OFFSET $${params.length + 2}) f), '[]') AS rows
             FROM team_admin.teams WHERE team_id = $1`,
    values: [...params, options.limit, options.offset],
  };
}

@Injectable()
export class FoldersRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /**
   * One page of the team's folders and their total, in one statement that also tells whether the team exists
   * here (null: not provisioned yet, a 404).
   */
  async list(teamId: number, options: FolderListOptions): Promise<{ rows: DocumentFolder[]; total: number } | null> {
    const sql = folderListSql(teamId, options);
    const [row]: { rows: DocumentFolder[]; total: number }[] = await this.dataSource.query(sql.text, sql.values);
    return row ?? null;
  }

  /** The team's whole folder list for the event, in one query. */
  async snapshots(teamId: number, manager: EntityManager): Promise<DocumentFolderSnapshot[]> {
    const [{ folders }] = await manager.query(`SELECT ${folderSnapshotsSql('$1')} AS folders`, [teamId]);
    return folders;
  }

  /** One of the team's folders or a system folder; another team's id is not found. */
  async find(teamId: number, folderId: number, manager: EntityManager = this.dataSource.manager): Promise<DocumentFolder | null> {
    const rows: DocumentFolder[] = await manager.query(
      `SELECT ${COLUMNS} FROM team_admin.document_folders WHERE ${VISIBLE_TO_TEAM} AND client_document_folder_id = $2`,
      [teamId, folderId],
    );
    return rows[0] ?? null;
  }

  /** Whether a folder the team sees (its own or a system one) already has this name, case-insensitively. */
  async nameTaken(teamId: number, name: string, exceptId: number | null, manager: EntityManager): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `SELECT 1 FROM team_admin.document_folders
        WHERE ${VISIBLE_TO_TEAM} AND lower(folder_name) = lower($2) AND client_document_folder_id IS DISTINCT FROM $3 LIMIT 1`,
      [teamId, name, exceptId],
    );
    return rows.length > 0;
  }

  async insert(teamId: number, values: Required<FolderValues>, manager: EntityManager): Promise<DocumentFolder> {
    const rows: DocumentFolder[] = await manager.query(
      `INSERT INTO team_admin.document_folders (team_id, folder_name, transaction_type, client_visible, vendor_visible)
       VALUES ($1, $2, $3, $4, $5) RETURNING ${COLUMNS}`,
      [teamId, values.folder_name, values.transaction_type, values.client_visible, values.vendor_visible],
    );
    return rows[0];
  }

  /** Updates a team folder (never a system one: team_id must match). */
  async update(teamId: number, folderId: number, values: FolderValues, manager: EntityManager): Promise<DocumentFolder | null> {
    const columns = (['folder_name', 'transaction_type', 'client_visible', 'vendor_visible'] as const).filter(
      (c) => values[c] !== undefined,
    );
    const sets = [...columns.map((c, i) => `${c} = $${i + 3}`), 'updated_ts = now()'].join(', ');
    const { rows } = updateResult<DocumentFolder>(
      await manager.query(
        `UPDATE team_admin.document_folders SET ${sets} WHERE team_id = $1 AND client_document_folder_id = $2 RETURNING ${COLUMNS}`,
        [teamId, folderId, ...columns.map((c) => values[c])],
      ),
    );
    return rows[0] ?? null;
  }

  async delete(teamId: number, folderId: number, manager: EntityManager): Promise<boolean> {
    const { count } = updateResult(
      await manager.query(`DELETE FROM team_admin.document_folders WHERE team_id = $1 AND client_document_folder_id = $2`, [
        teamId,
        folderId,
      ]),
    );
    return count > 0;
  }
}
