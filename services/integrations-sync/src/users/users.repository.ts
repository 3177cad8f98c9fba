import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { UserSnapshot } from '@app/contracts';

/** What a stored copy of a user was before a snapshot was applied (null: the user is new). */
export interface UserCopyChange {
  previous: { email: string; skyslope_agent_guid: string | null } | null;
  applied: boolean;
}

/** integrations-sync's read copy of identity's users. */
@Injectable()
export class UsersRepository {
  /**
   * Upserts a snapshot unless a newer one is stored (out-of-order delivery); answers the previous email and
   * guid so the caller knows whether the user's SkySlope match may have changed.
   */
  async apply(snapshot: UserSnapshot, occurredAt: string, manager: EntityManager): Promise<UserCopyChange> {
    const before: { email: string; skyslope_agent_guid: string | null }[] = await manager.query(
      `SELECT email, skyslope_agent_guid FROM integrations_sync.users WHERE agent_id = $1 FOR UPDATE`,
      [snapshot.agent_id],
    );
    const rows: unknown[] = await manager.query(
      `INSERT INTO integrations_sync.users (agent_id, team_id, first_name, last_name, email, status, roles, skyslope_agent_guid, source_occurred_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (agent_id) DO UPDATE SET
         team_id = EXCLUDED.team_id, first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name, email = EXCLUDED.email,
         status = EXCLUDED.status, roles = EXCLUDED.roles, skyslope_agent_guid = EXCLUDED.skyslope_agent_guid,
         source_occurred_at = EXCLUDED.source_occurred_at, updated_ts = now()
       WHERE integrations_sync.users.source_occurred_at <= EXCLUDED.source_occurred_at
       RETURNING agent_id`,
      [
        snapshot.agent_id,
        snapshot.team_id,
        snapshot.first_name,
        snapshot.last_name,
        snapshot.email,
        snapshot.status,
        snapshot.roles,
        snapshot.skyslope_agent_guid ?? null,
        occurredAt,
      ],
    );
    return { previous: before[0] ?? null, applied: rows.length > 0 };
  }
}
