import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { ContactSnapshot } from '@app/contracts';

/** What applying a contact snapshot did: nothing (an older or equal version), or whose counts it touched. */
export type ContactApplied = { applied: false } | { applied: true; previousAgentId: number | null };

/** identity.contacts (a copy of the transactions service's contacts) and the users.client_count it feeds. */
@Injectable()
export class ContactsReadCopyRepository {
  /** Stores the snapshot unless the copy already holds this version or a newer one. */
  async apply(contact: ContactSnapshot, manager: EntityManager): Promise<ContactApplied> {
    const inserted: unknown[] = await manager.query(
      `INSERT INTO identity.contacts (contact_id, team_id, agent_id, status, version)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (contact_id) DO NOTHING
       RETURNING contact_id`,
      [contact.contact_id, contact.team_id, contact.agent_id, contact.status, contact.version],
    );
    if (inserted.length) return { applied: true, previousAgentId: null };
    // The row exists (or a concurrent insert just committed it): update it when newer, and learn its
    // owner before the change from the locked row.
    const [updated]: [{ previous_agent_id: number | null }[], number] = await manager.query(
      `UPDATE identity.contacts c
          SET team_id = $2, agent_id = $3, status = $4, version = $5
         FROM (SELECT contact_id, agent_id FROM identity.contacts WHERE contact_id = $1 FOR UPDATE) previous
        WHERE c.contact_id = previous.contact_id AND c.version < $5
        RETURNING previous.agent_id AS previous_agent_id`,
      [contact.contact_id, contact.team_id, contact.agent_id, contact.status, contact.version],
    );
    return updated.length ? { applied: true, previousAgentId: updated[0].previous_agent_id } : { applied: false };
  }

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
