import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** What the mail worker reads from messaging's read copies. */
@Injectable()
export class MailDeliveryRepository {
  /**
   * The agent's effective switch of one notification code (identity.notification-setting.changed keeps
   * it, the team's override included): false when it is off; true when on or not known (no row = on).
   */
  async switchIsOn(manager: EntityManager, agentId: number, code: string): Promise<boolean> {
    const rows: { enabled: boolean }[] = await manager.query(`SELECT enabled FROM messaging.notification_switches WHERE agent_id = $1 AND code = $2`, [agentId, code]);
    return rows.length === 0 || rows[0].enabled;
  }

  /** The team of an agent, when messaging knows the agent. */
  async teamOf(manager: EntityManager, agentId: number): Promise<number | null> {
    const rows: { team_id: number }[] = await manager.query(`SELECT team_id FROM messaging.users WHERE agent_id = $1`, [agentId]);
    return rows[0]?.team_id ?? null;
  }
}
