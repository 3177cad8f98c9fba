import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { TableRow } from '@app/database';

/** What the mail worker reads from messaging's read copies. */
@Injectable()
export class MailDeliveryRepository {
  /**
   * The agent's effective switch of one notification code (identity.notification-setting.changed keeps
   * it, the team's override included): false when it is off; true when on or not known (no row = on).
   */
  async switchIsOn(manager: EntityManager, agentId: number, code: string): Promise<boolean> {
    const rows: Pick<TableRow<'messaging.notification_switches'>, 'enabled'>[] = await manager.query(
      `SELECT enabled FROM messaging.notification_switches WHERE agent_id = $1 AND code = $2`,
      [agentId, code],
    );
    return rows.length === 0 || rows[0].enabled;
  }

  /** The team of an agent, when messaging knows the agent. */
  async teamOf(manager: EntityManager, agentId: number): Promise<number | null> {
    const rows: Pick<TableRow<'messaging.users'>, 'team_id'>[] = await manager.query(
      `SELECT team_id FROM messaging.users WHERE agent_id = $1`,
      [agentId],
    );
    return rows[0]?.team_id ?? null;
  }

  /** Whether this message id was delivered before (by any attempt of any job). */
  async wasDelivered(manager: EntityManager, messageId: string): Promise<boolean> {
    const rows: unknown[] = await manager.query(`SELECT 1 FROM messaging.mail_deliveries WHERE message_id = $1`, [messageId]);
    return rows.length > 0;
  }

  /** Records a delivered message id (a second record of the same id changes nothing). */
  async recordDelivered(manager: EntityManager, messageId: string): Promise<void> {
    await manager.query(`INSERT INTO messaging.mail_deliveries (message_id) VALUES ($1) ON CONFLICT (message_id) DO NOTHING`, [messageId]);
  }
}
