import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { TransactionSnapshot, UserSnapshot } from '@app/contracts';

/**
 * Writes esign's read copies of users (senders' names and addresses, audit actors, the request board's
 * creators) and transactions (the request's transaction, its address and primary agent). Each keeps the newest:
 * users by the event's occurred_at, transactions by the row's version, so a repeated or late event changes nothing.
 */
@Injectable()
export class EsignReadCopiesRepository {
  async applyUser(user: UserSnapshot, occurredAt: string, manager: EntityManager): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `INSERT INTO esign.users (agent_id, team_id, first_name, last_name, email, status, roles, source_occurred_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (agent_id) DO UPDATE SET
         team_id = EXCLUDED.team_id, first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name, email = EXCLUDED.email,
         status = EXCLUDED.status, roles = EXCLUDED.roles, source_occurred_at = EXCLUDED.source_occurred_at
       WHERE esign.users.source_occurred_at <= EXCLUDED.source_occurred_at
       RETURNING agent_id`,
      [user.agent_id, user.team_id, user.first_name, user.last_name, user.email, user.status, user.roles, occurredAt],
    );
    return rows.length > 0;
  }

  /** A deleted transaction stays as a mark (deleted), so a late update cannot bring it back. */
  async applyTransaction(row: TransactionSnapshot, deleted: boolean, manager: EntityManager): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `INSERT INTO esign.transactions (client_id, team_id, version, type, address_1, address_2, city, state, postal_code, primary_agent_id, deleted)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
       ON CONFLICT (client_id) DO UPDATE SET
         team_id = EXCLUDED.team_id, version = EXCLUDED.version, type = EXCLUDED.type, address_1 = EXCLUDED.address_1,
         address_2 = EXCLUDED.address_2, city = EXCLUDED.city, state = EXCLUDED.state, postal_code = EXCLUDED.postal_code,
         primary_agent_id = EXCLUDED.primary_agent_id, deleted = esign.transactions.deleted OR EXCLUDED.deleted
       WHERE esign.transactions.version < EXCLUDED.version
          OR (esign.transactions.version = EXCLUDED.version AND EXCLUDED.deleted AND NOT esign.transactions.deleted)
       RETURNING client_id`,
      [
        row.client_id,
        row.team_id,
        row.version,
        row.type,
        row.address_1 ?? '',
        row.address_2 ?? '',
        row.city ?? '',
        row.state ?? '',
        row.postal_code ?? '',
        row.primary_agent_id ?? null,
        deleted,
      ],
    );
    return rows.length > 0;
  }
}
