import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { TableRow } from '@app/database';

/** Captchas by id; each row is deleted by the first attempt that reads it. */
@Injectable()
export class CaptchaRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async insert(id: string, answerHash: string, ttlSeconds: number): Promise<void> {
    // Expired, never-answered captchas go away as new ones are drawn.
    await this.dataSource.query(`DELETE FROM identity.captchas WHERE expires_at < now()`);
    await this.dataSource.query(
      `INSERT INTO identity.captchas (id, answer_hash, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))`,
      [id, answerHash, ttlSeconds],
    );
  }

  /** Removes the captcha and returns its answer hash, or null when unknown, spent or expired. */
  async consume(id: string): Promise<string | null> {
    // TypeORM answers [rows, affected] for DELETE ... RETURNING.
    const [rows]: [(Pick<TableRow<'identity.captchas'>, 'answer_hash'> & { live: boolean })[], number] = await this.dataSource.query(
      `DELETE FROM identity.captchas WHERE id = $1 RETURNING answer_hash, expires_at > now() AS live`,
      [id],
    );
    const row = rows[0];
    return row && row.live ? row.answer_hash : null;
  }
}
