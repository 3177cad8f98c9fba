import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** The users.client_count that identity.contacts (a copy of the transactions service's contacts, UpdateClientCountWhenContactChanges) feeds. */
@Injectable()
export class ContactsReadCopyRepository {
  /**
   * Sets each user's client_count to their number of active contacts, recounted from the copy.
   * The users' rows are locked first (in id order, so two moves in opposite directions cannot
   * deadlock): each recount is then a new statement whose snapshot sees every contact committed by a
   * concurrent event of the same agent, so no count is lost.
   */
  async recountClients(agentIds: readonly number[], manager: EntityManager): Promise<void> {
    const ids = [...new Set(agentIds)].sort((a, b) => a - b);
    if (!ids.length) return;
    await manager.query(`SELECT agent_id FROM identity.users WHERE agent_id = ANY($1::int[]) ORDER BY agent_id FOR UPDATE`, [ids]);
    for (const agentId of ids) {
      await manager.query(
        `UPDATE identity.users u
            SET client_count = (SELECT count(*)::int FROM identity.contacts c
                                 WHERE c.agent_id = u.agent_id AND c.team_id = u.team_id AND c.status = 'active')
          WHERE u.agent_id = $1`,
        [agentId],
      );
    }
  }
}
