import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { TableRow } from '@app/database';

export type RecoveryCandidate = Pick<TableRow<'identity.users'>, 'agent_id' | 'email' | 'first_name'>;

/** Password hashes and reset keys (stored as sha256 of the key). */
@Injectable()
export class PasswordRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /** The active user with this email, or null. */
  async findActiveByEmail(email: string): Promise<RecoveryCandidate | null> {
    const rows: RecoveryCandidate[] = await this.dataSource.query(
      `SELECT agent_id, email, first_name FROM identity.users WHERE lower(email) = lower($1) AND status = 'active'`,
      [email],
    );
    return rows[0] ?? null;
  }

  async passwordHashOf(agentId: number, teamId: number): Promise<string | null> {
    const rows: Pick<TableRow<'identity.users'>, 'password_hash'>[] = await this.dataSource.query(
      `SELECT password_hash FROM identity.users WHERE agent_id = $1 AND team_id = $2`,
      [agentId, teamId],
    );
    return rows[0]?.password_hash ?? null;
  }

  async setPasswordHash(agentId: number, hash: string, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.query(`UPDATE identity.users SET password_hash = $2, updated_ts = now() WHERE agent_id = $1`, [agentId, hash]);
  }

  /** Stores a reset key's hash; returns the row id (also the id of its mail). */
  async insertResetKey(
    agentId: number,
    keyHash: string,
    ttlSeconds: number,
    ip: string | null,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<string> {
    const id = randomUUID();
    await manager.query(
      `INSERT INTO identity.password_reset_keys (id, agent_id, key_hash, expires_at, requested_ip)
       VALUES ($1, $2, $3, now() + make_interval(secs => $4), $5)`,
      [id, agentId, keyHash, ttlSeconds, ip],
    );
    return id;
  }

  /**
   * Spends a live key of an active user and returns the user's id; null when the key is unknown,
   * used, expired or its user inactive. One statement, so two concurrent resets cannot both win.
   */
  async consumeResetKey(keyHash: string, manager: EntityManager): Promise<number | null> {
    // TypeORM answers [rows, affected] for UPDATE ... RETURNING.
    const [rows]: [{ agent_id: number }[], number] = await manager.query(
      `UPDATE identity.password_reset_keys k SET used_at = now()
         FROM identity.users u
        WHERE k.key_hash = $1 AND k.used_at IS NULL AND k.expires_at > now()
          AND u.agent_id = k.agent_id AND u.status = 'active'
        RETURNING k.agent_id`,
      [keyHash],
    );
    return rows[0]?.agent_id ?? null;
  }

  /** Whether a key is live (known, unused, unexpired, of an active user): the check of consumeResetKey without spending it. */
  async isLiveResetKey(keyHash: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM identity.password_reset_keys k JOIN identity.users u ON u.agent_id = k.agent_id
        WHERE k.key_hash = $1 AND k.used_at IS NULL AND k.expires_at > now() AND u.status = 'active'`,
      [keyHash],
    );
    return rows.length > 0;
  }

  /** After a reset, the user's other outstanding links stop working too. */
  async spendAllResetKeysOf(agentId: number, manager: EntityManager): Promise<void> {
    await manager.query(`UPDATE identity.password_reset_keys SET used_at = now() WHERE agent_id = $1 AND used_at IS NULL`, [agentId]);
  }
}
