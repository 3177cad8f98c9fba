import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Narrow, TableRow } from '@app/database';

/** A notification task with what its mail is made of, from messaging's read copies. */
export type NotificationTaskRow = Pick<TableRow<'messaging.tasks'>, 'task_id' | 'team_id' | 'client_id' | 'name' | 'task_type'> & {
  /** 'YYYY-MM-DD' (to_char). */
  due_dt: string | null;
} & Narrow<
    Pick<TableRow<'messaging.transactions'>, 'first_name' | 'last_name' | 'formatted_address' | 'primary_agent_id' | 'contacts'>,
    { contacts: { name?: string | null; email?: string | null }[] }
  > & {
    // The primary agent and the task's own template are left-joined: null without one.
    agent_first_name: TableRow<'messaging.users'>['first_name'] | null;
    agent_last_name: TableRow<'messaging.users'>['last_name'] | null;
    template_subject: TableRow<'messaging.notification_templates'>['subject'] | null;
    template: TableRow<'messaging.notification_templates'>['template'] | null;
  };

/** The sender as messaging knows them. */
export type SenderRow = Pick<
  TableRow<'messaging.users'>,
  'agent_id' | 'first_name' | 'last_name' | 'email' | 'alternate_email' | 'team_name'
>;

/** What one send recorded (one row per task). */
export type SendRecord = Pick<
  TableRow<'messaging.notification_sends'>,
  'team_id' | 'task_id' | 'sent_by' | 'from_email' | 'subject' | 'html' | 'text' | 'recipients'
>;

@Injectable()
export class NotificationsRepository {
  /** The team's live task with its live transaction and primary agent; null for another team's or a deleted one. */
  async taskOf(manager: EntityManager, teamId: number, taskId: number): Promise<NotificationTaskRow | null> {
    const [row]: NotificationTaskRow[] = await manager.query(
      `SELECT k.task_id, k.team_id, k.client_id, k.name, k.task_type, to_char(k.due_dt, 'YYYY-MM-DD') AS due_dt,
              t.first_name, t.last_name, t.formatted_address, t.primary_agent_id, t.contacts,
              a.first_name AS agent_first_name, a.last_name AS agent_last_name,
              nt.subject AS template_subject, nt.template
       FROM messaging.tasks k
       JOIN messaging.transactions t ON t.client_id = k.client_id AND t.team_id = k.team_id AND NOT t.deleted
       LEFT JOIN messaging.users a ON a.agent_id = t.primary_agent_id AND a.team_id = k.team_id
       LEFT JOIN messaging.notification_templates nt ON nt.task_id = k.task_id AND nt.team_id = k.team_id
       WHERE k.task_id = $1 AND k.team_id = $2 AND NOT k.deleted`,
      [taskId, teamId],
    );
    return row ?? null;
  }

  async senderOf(manager: EntityManager, agentId: number, teamId: number): Promise<SenderRow | null> {
    const [row]: SenderRow[] = await manager.query(
      `SELECT agent_id, first_name, last_name, email, alternate_email, team_name FROM messaging.users WHERE agent_id = $1 AND team_id = $2`,
      [agentId, teamId],
    );
    return row ?? null;
  }

  async saveTemplate(
    manager: EntityManager,
    row: { task_id: number; team_id: number; subject: string; template: string; updated_by: number },
  ): Promise<void> {
    await manager.query(
      `INSERT INTO messaging.notification_templates (task_id, team_id, subject, template, updated_by)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (task_id) DO UPDATE SET subject = EXCLUDED.subject, template = EXCLUDED.template, updated_by = EXCLUDED.updated_by, updated_ts = now()`,
      [row.task_id, row.team_id, row.subject, row.template, row.updated_by],
    );
  }

  /** Records one task's send; answers its id and time. */
  async recordSend(
    manager: EntityManager,
    send: SendRecord,
  ): Promise<Pick<TableRow<'messaging.notification_sends'>, 'send_id' | 'sent_ts'>> {
    const [row]: Pick<TableRow<'messaging.notification_sends'>, 'send_id' | 'sent_ts'>[] = await manager.query(
      `INSERT INTO messaging.notification_sends (team_id, task_id, sent_by, from_email, subject, html, text, recipients)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING send_id, sent_ts`,
      [send.team_id, send.task_id, send.sent_by, send.from_email, send.subject, send.html, send.text, send.recipients],
    );
    return row;
  }
}
