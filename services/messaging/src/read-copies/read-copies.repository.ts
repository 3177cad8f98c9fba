import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { DocumentSnapshot, NotificationSettingChanged, TaskSnapshot, TransactionSnapshot, UserSnapshot } from '@app/contracts';

/**
 * Writes messaging's read copies. Every upsert keeps the newest: a row changes only when the event is
 * at least as new as what is stored (payload version, else occurred_at), so a repeated or late event
 * changes nothing. Each answers whether it applied.
 */
@Injectable()
export class ReadCopiesRepository {
  async applyUser(user: UserSnapshot, occurredAt: string, manager: EntityManager): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `INSERT INTO messaging.users (agent_id, team_id, first_name, last_name, email, alternate_email, roles, status, profile_image_path, source_occurred_at, team_name)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
       ON CONFLICT (agent_id) DO UPDATE SET
         team_id = EXCLUDED.team_id, first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name, email = EXCLUDED.email,
         alternate_email = EXCLUDED.alternate_email, roles = EXCLUDED.roles, status = EXCLUDED.status,
         profile_image_path = EXCLUDED.profile_image_path, source_occurred_at = EXCLUDED.source_occurred_at, team_name = EXCLUDED.team_name, updated_ts = now()
       WHERE messaging.users.source_occurred_at <= EXCLUDED.source_occurred_at
       RETURNING agent_id`,
      [user.agent_id, user.team_id, user.first_name, user.last_name, user.email, user.alternate_email ?? null, user.roles, user.status, user.profile_image_path ?? null, occurredAt, user.team_name ?? null],
    );
    return rows.length > 0;
  }

  async applySwitch(change: NotificationSettingChanged, occurredAt: string, manager: EntityManager): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `INSERT INTO messaging.notification_switches (agent_id, code, team_id, notification_id, enabled, source_occurred_at)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (agent_id, code) DO UPDATE SET
         team_id = EXCLUDED.team_id, notification_id = EXCLUDED.notification_id, enabled = EXCLUDED.enabled,
         source_occurred_at = EXCLUDED.source_occurred_at
       WHERE messaging.notification_switches.source_occurred_at <= EXCLUDED.source_occurred_at
       RETURNING agent_id`,
      [change.agent_id, change.code, change.team_id, change.notification_id, change.enabled, occurredAt],
    );
    return rows.length > 0;
  }

  async applyTransaction(row: TransactionSnapshot, deleted: boolean, manager: EntityManager): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `INSERT INTO messaging.transactions
         (client_id, team_id, version, type, first_name, last_name, formatted_address, primary_agent_id, tc_agent_id, client_user_ids, vendor_user_ids, contacts, deleted)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
       ON CONFLICT (client_id) DO UPDATE SET
         team_id = EXCLUDED.team_id, version = EXCLUDED.version, type = EXCLUDED.type, first_name = EXCLUDED.first_name,
         last_name = EXCLUDED.last_name, formatted_address = EXCLUDED.formatted_address, primary_agent_id = EXCLUDED.primary_agent_id,
         tc_agent_id = EXCLUDED.tc_agent_id, client_user_ids = EXCLUDED.client_user_ids, vendor_user_ids = EXCLUDED.vendor_user_ids,
         contacts = EXCLUDED.contacts, deleted = messaging.transactions.deleted OR EXCLUDED.deleted
       WHERE messaging.transactions.version < EXCLUDED.version
          OR (messaging.transactions.version = EXCLUDED.version AND EXCLUDED.deleted AND NOT messaging.transactions.deleted)
       RETURNING client_id`,
      [
        row.client_id,
        row.team_id,
        row.version,
        row.type,
        row.first_name ?? '',
        row.last_name ?? '',
        row.formatted_address ?? '',
        row.primary_agent_id,
        row.tc_agent_id,
        row.client_user_ids ?? [],
        row.vendor_user_ids ?? [],
        JSON.stringify(row.contacts ?? []),
        deleted,
      ],
    );
    return rows.length > 0;
  }

  async applyTask(row: TaskSnapshot, deleted: boolean, manager: EntityManager): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `INSERT INTO messaging.tasks (task_id, team_id, client_id, version, name, task_type, due_dt, assigned_to_agent_id, deleted)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (task_id) DO UPDATE SET
         team_id = EXCLUDED.team_id, client_id = EXCLUDED.client_id, version = EXCLUDED.version, name = EXCLUDED.name,
         task_type = EXCLUDED.task_type, due_dt = EXCLUDED.due_dt, assigned_to_agent_id = EXCLUDED.assigned_to_agent_id,
         deleted = messaging.tasks.deleted OR EXCLUDED.deleted
       WHERE messaging.tasks.version < EXCLUDED.version
          OR (messaging.tasks.version = EXCLUDED.version AND EXCLUDED.deleted AND NOT messaging.tasks.deleted)
       RETURNING task_id`,
      [row.task_id, row.team_id, row.client_id, row.version, row.name, row.task_type, row.due_dt, row.assigned_to_agent_id, deleted],
    );
    return rows.length > 0;
  }

  async applyDocument(row: DocumentSnapshot, deleted: boolean, manager: EntityManager): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `INSERT INTO messaging.documents (document_id, team_id, client_id, version, filename, folder_name, deleted)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (document_id) DO UPDATE SET
         team_id = EXCLUDED.team_id, client_id = EXCLUDED.client_id, version = EXCLUDED.version, filename = EXCLUDED.filename,
         folder_name = EXCLUDED.folder_name, deleted = messaging.documents.deleted OR EXCLUDED.deleted
       WHERE messaging.documents.version < EXCLUDED.version
          OR (messaging.documents.version = EXCLUDED.version AND EXCLUDED.deleted AND NOT messaging.documents.deleted)
       RETURNING document_id`,
      [row.document_id, row.team_id, row.client_id, row.version, row.filename, row.folder_name, deleted],
    );
    return rows.length > 0;
  }
}
