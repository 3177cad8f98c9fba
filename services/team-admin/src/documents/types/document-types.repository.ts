import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { DocumentType, DocumentTypeSnapshot } from '@app/contracts';
import { updateResult } from '../../common/postgres';
import type { TypeOrderBy } from './dto/document-type.dto';

const SELECT = `
  SELECT t.team_document_type_id AS id, t.team_document_type_id, t.name, t.team_document_category_id, c.name AS category_name
    FROM team_admin.document_types t
    LEFT JOIN team_admin.document_categories c ON c.team_document_category_id = t.team_document_category_id`;

/** order_by -> SQL (whitelist); lower(t.name) is served by the index (team_id, lower(name)). */
const ORDER_COLUMNS: Record<TypeOrderBy, string> = {
  name: 'lower(t.name)',
  category_name: 'lower(c.name)',
  team_document_type_id: 't.team_document_type_id',
  id: 't.team_document_type_id',
};

/**
 * The team's whole type list as team-admin.document-types.changed carries it, as one jsonb array ordered by
 * name. `teamId` is an SQL expression: '$1' here, 't.team_id' in the backfill migration.
 */
export function typeSnapshotsSql(teamId: string): string {
  return `COALESCE((
    SELECT jsonb_agg(jsonb_build_object(
             'team_document_type_id', dt.team_document_type_id, 'name', dt.name,
             'team_document_category_id', dt.team_document_category_id, 'category_name', dc.name)
           ORDER BY lower(dt.name), dt.team_document_type_id)
      FROM team_admin.document_types dt
      LEFT JOIN team_admin.document_categories dc ON dc.team_document_category_id = dt.team_document_category_id
     WHERE dt.team_id = ${teamId}), '[]'::jsonb)`;
}

export interface DocumentTypeListOptions {
  categoryId?: number;
  orderBy?: TypeOrderBy;
  direction: 'ASC' | 'DESC';
  limit: number | null;
  offset: number;
}

@Injectable()
export class DocumentTypesRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async list(teamId: number, options: DocumentTypeListOptions): Promise<{ rows: DocumentType[]; total: number }> {
    const params: unknown[] = [teamId];
    let where = 't.team_id = $1';
    if (options.categoryId !== undefined) {
      params.push(options.categoryId);
      where += ` AND t.team_document_category_id = $${params.length}`;
    }
    const [{ total }] = await this.dataSource.query(
      `SELECT count(*)::int AS total FROM team_admin.document_types t WHERE ${where}`,
      params,
    );
    const rows: DocumentType[] = await this.dataSource.query(
      `${SELECT} WHERE ${where}
        ORDER BY ${ORDER_COLUMNS[options.orderBy ?? 'name']} ${options.direction}, lower(t.name) ASC, t.team_document_type_id ASC
        LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, options.limit, options.offset],
    );
    return { rows, total };
  }

  /** The team's whole type list for the event, in one query. */
  async snapshots(teamId: number, manager: EntityManager): Promise<DocumentTypeSnapshot[]> {
    const [{ types }] = await manager.query(`SELECT ${typeSnapshotsSql('$1')} AS types`, [teamId]);
    return types;
  }

  async find(teamId: number, typeId: number, manager: EntityManager = this.dataSource.manager): Promise<DocumentType | null> {
    const rows: DocumentType[] = await manager.query(`${SELECT} WHERE t.team_id = $1 AND t.team_document_type_id = $2`, [teamId, typeId]);
    return rows[0] ?? null;
  }

  /** Whether the category (or, for null, the team's types without a category) already has this name. */
  async nameTaken(
    teamId: number,
    categoryId: number | null,
    name: string,
    exceptId: number | null,
    manager: EntityManager,
  ): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `SELECT 1 FROM team_admin.document_types
        WHERE team_id = $1 AND team_document_category_id IS NOT DISTINCT FROM $2 AND lower(name) = lower($3)
          AND team_document_type_id IS DISTINCT FROM $4 LIMIT 1`,
      [teamId, categoryId, name, exceptId],
    );
    return rows.length > 0;
  }

  async insert(teamId: number, name: string, categoryId: number | null, manager: EntityManager): Promise<number> {
    const rows: { team_document_type_id: number }[] = await manager.query(
      `INSERT INTO team_admin.document_types (team_id, name, team_document_category_id) VALUES ($1, $2, $3) RETURNING team_document_type_id`,
      [teamId, name, categoryId],
    );
    return rows[0].team_document_type_id;
  }

  async update(teamId: number, typeId: number, name: string, categoryId: number | null, manager: EntityManager): Promise<void> {
    await manager.query(
      `UPDATE team_admin.document_types SET name = $3, team_document_category_id = $4, updated_ts = now()
        WHERE team_id = $1 AND team_document_type_id = $2`,
      [teamId, typeId, name, categoryId],
    );
  }

  async delete(teamId: number, typeId: number, manager: EntityManager): Promise<boolean> {
    const { count } = updateResult(
      await manager.query(`DELETE FROM team_admin.document_types WHERE team_id = $1 AND team_document_type_id = $2`, [teamId, typeId]),
    );
    return count > 0;
  }
}
