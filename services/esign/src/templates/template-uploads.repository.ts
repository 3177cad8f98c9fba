import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { returnedRows } from './templates.repository';

/** A PDF asked for with POST /esign/templates/upload, until a template takes it. */
export interface TemplateUpload {
  storage_key: string;
  team_id: number;
  agent_id: number;
  filename: string;
  confirmed: boolean;
  size: number | null;
  pages: number | null;
  page_sizes: { width: number; height: number }[] | null;
}

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
    const rows: (TemplateUpload & { size: string | null })[] = await (manager ?? this.dataSource.manager).query(
      `SELECT storage_key, team_id, agent_id, filename, confirmed, size, pages, page_sizes FROM esign.template_uploads WHERE storage_key = $1 AND team_id = $2`,
      [key, teamId],
    );
    return rows[0] ? { ...rows[0], size: rows[0].size === null ? null : Number(rows[0].size) } : null;
  }

  async confirm(key: string, facts: { size: number; pages: number; page_sizes: { width: number; height: number }[] }): Promise<void> {
    await this.dataSource.query(`UPDATE esign.template_uploads SET confirmed = true, size = $2, pages = $3, page_sizes = $4::jsonb WHERE storage_key = $1`, [
      key,
      facts.size,
      facts.pages,
      JSON.stringify(facts.page_sizes),
    ]);
  }

  /** Forgets the upload; answers whether it was there (a template takes an upload once). */
  async drop(key: string, manager?: EntityManager): Promise<boolean> {
    const result: unknown = await (manager ?? this.dataSource.manager).query(`DELETE FROM esign.template_uploads WHERE storage_key = $1 RETURNING storage_key`, [key]);
    return returnedRows(result).length > 0;
  }
}
