import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { DocumentCategory } from '@app/contracts';
import { updateResult } from '../../common/postgres';
import type { CategoryOrderBy } from './dto/category.dto';

const COLUMNS = `team_document_category_id, name`;
/** order_by -> SQL (whitelist); lower(name) is served by the unique index (team_id, lower(name)). */
const ORDER_COLUMNS: Record<CategoryOrderBy, string> = {
  name: 'lower(name)',
  team_document_category_id: 'team_document_category_id',
};

@Injectable()
export class CategoriesRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async list(
    teamId: number,
    options: { orderBy?: CategoryOrderBy; direction: 'ASC' | 'DESC'; limit: number | null; offset: number },
  ): Promise<{ rows: DocumentCategory[]; total: number }> {
    const [{ total }] = await this.dataSource.query(
      `SELECT count(*)::int AS total FROM team_admin.document_categories WHERE team_id = $1`,
      [teamId],
    );
    const rows: DocumentCategory[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM team_admin.document_categories WHERE team_id = $1
        ORDER BY ${ORDER_COLUMNS[options.orderBy ?? 'name']} ${options.direction}, team_document_category_id ASC
        LIMIT $2 OFFSET $3`,
      [teamId, options.limit, options.offset],
    );
    return { rows, total };
  }

  async find(teamId: number, categoryId: number, manager: EntityManager = this.dataSource.manager): Promise<DocumentCategory | null> {
    const rows: DocumentCategory[] = await manager.query(
      `SELECT ${COLUMNS} FROM team_admin.document_categories WHERE team_id = $1 AND team_document_category_id = $2`,
      [teamId, categoryId],
    );
    return rows[0] ?? null;
  }

  async nameTaken(teamId: number, name: string, exceptId: number | null, manager: EntityManager): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `SELECT 1 FROM team_admin.document_categories
        WHERE team_id = $1 AND lower(name) = lower($2) AND team_document_category_id IS DISTINCT FROM $3 LIMIT 1`,
      [teamId, name, exceptId],
    );
    return rows.length > 0;
  }

  async insert(teamId: number, name: string, manager: EntityManager): Promise<DocumentCategory> {
    const rows: DocumentCategory[] = await manager.query(
      `INSERT INTO team_admin.document_categories (team_id, name) VALUES ($1, $2) RETURNING ${COLUMNS}`,
      [teamId, name],
    );
    return rows[0];
  }

  async rename(teamId: number, categoryId: number, name: string, manager: EntityManager): Promise<DocumentCategory | null> {
    const { rows } = updateResult<DocumentCategory>(
      await manager.query(
        `UPDATE team_admin.document_categories SET name = $3, updated_ts = now()
          WHERE team_id = $1 AND team_document_category_id = $2 RETURNING ${COLUMNS}`,
        [teamId, categoryId, name],
      ),
    );
    return rows[0] ?? null;
  }

  /** Deletes the category; its types stay, without a category (ON DELETE SET NULL). */
  async delete(teamId: number, categoryId: number, manager: EntityManager): Promise<boolean> {
    const { count } = updateResult(
      await manager.query(`DELETE FROM team_admin.document_categories WHERE team_id = $1 AND team_document_category_id = $2`, [
        teamId,
        categoryId,
      ]),
    );
    return count > 0;
  }
}
