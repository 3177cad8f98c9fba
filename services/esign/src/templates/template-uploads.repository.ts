import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { Narrow, TableRow } from '@app/database';
import { returnedRows } from './templates.repository';

/** A template_uploads row as one() reads it: size an int8 (text through pg). */
type StoredUpload = Narrow<
  Pick<
    TableRow<'esign.template_uploads'>,
    'storage_key' | 'team_id' | 'agent_id' | 'filename' | 'confirmed' | 'size' | 'pages' | 'page_sizes'
  >,
  { page_sizes: { width: number; height: number }[] | null }
>;

/** A PDF asked for with POST /esign/templates/upload, until a template takes it. */
export type TemplateUpload = Omit<StoredUpload, 'size'> & { size: number | null };

@Injectable()
export class TemplateUploadsRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async add(upload: Pick<TemplateUpload, 'storage_key' | 'team_id' | 'agent_id' | 'filename'>): Promise<void> {
    await this.dataSource.query(`INSERT INTO esign.template_uploads (storage_key, team_id, agent_id, filename) VALUES ($1, $2, $3, $4)`, [
      upload.storage_key,
      upload.team_id,
      upload.agent_id,
      upload.filename,
    ]);
  }

  /** The team's pending upload at key, else null (another team's key included). */
  async one(teamId: number, key: string, manager?: EntityManager): Promise<TemplateUpload | null> {
    const rows: StoredUpload[] = await (manager ?? this.dataSource.manager).query(
      `SELECT storage_key, team_id, agent_id, filename, confirmed, size, pages, page_sizes FROM esign.template_uploads WHERE storage_key = $1 AND team_id = $2`,
      [key, teamId],
    );
    return rows[0] ? { ...rows[0], size: rows[0].size === null ? null : Number(rows[0].size) } : null;
  }

  async confirm(key: string, facts: { size: number; pages: number; page_sizes: { width: number; height: number }[] }): Promise<void> {
    await this.dataSource.query(
      `UPDATE esign.template_uploads SET confirmed = true, size = $2, pages = $3, page_sizes = $4::jsonb WHERE storage_key = $1`,
      [key, facts.size, facts.pages, JSON.stringify(facts.page_sizes)],
    );
  }

  /** Forgets the upload; answers whether it was there (a template takes an upload once). */
  async drop(key: string, manager?: EntityManager): Promise<boolean> {
    const result: unknown = await (manager ?? this.dataSource.manager).query(
      `DELETE FROM esign.template_uploads WHERE storage_key = $1 RETURNING storage_key`,
      [key],
    );
    return returnedRows(result).length > 0;
  }

  /**
   * Locks (SKIP LOCKED: a confirm or create in progress keeps its own) up to `limit` of the team's uploads older
   * than `olderThanSeconds` and answers their keys; the caller deletes the files, then dropMany in the same transaction.
   */
  async lockAbandoned(manager: EntityManager, teamId: number, olderThanSeconds: number, limit: number): Promise<string[]> {
    const rows: { storage_key: string }[] = await manager.query(
      `SELECT storage_key FROM esign.template_uploads WHERE team_id = $1 AND created_ts < now() - make_interval(secs => $2)
        ORDER BY created_ts LIMIT $3 FOR UPDATE SKIP LOCKED`,
      [teamId, olderThanSeconds, limit],
    );
    return rows.map((row) => row.storage_key);
  }

  async dropMany(manager: EntityManager, keys: readonly string[]): Promise<void> {
    if (keys.length) await manager.query(`DELETE FROM esign.template_uploads WHERE storage_key = ANY($1::text[])`, [keys]);
  }
}
