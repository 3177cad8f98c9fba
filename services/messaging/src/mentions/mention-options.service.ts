import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { MENTION_GROUP_NAMES, type MentionOption } from '@app/contracts';
import type { AuthenticatedUser } from '@app/auth';
import { containsPattern } from '@app/database';
import { isClient } from '../inbox/inbox-errors';

export const MENTION_OPTIONS_MAX = 20;

/** What the editor's @ autocomplete offers. */
@Injectable()
export class MentionOptionsService {
  constructor(private readonly dataSource: DataSource) {}

  async options(caller: AuthenticatedUser, term: string): Promise<MentionOption[]> {
    const client = isClient(caller);
    const word = term.trim().replace(/^@/, '');
    // Clients: only the primary agents and TCs of their transactions; others: their team's active users.
    const who = client
      ? `u.agent_id IN (SELECT unnest(ARRAY[t.primary_agent_id, t.tc_agent_id]) FROM messaging.transactions t
                        WHERE t.team_id = $1 AND NOT t.deleted AND $2 = ANY(t.client_user_ids))`
      : 'true';
    const rows: { agent_id: number; first_name: string; last_name: string; profile_image_path: string | null }[] =
      await this.dataSource.query(
        `SELECT u.agent_id, u.first_name, u.last_name, u.profile_image_path FROM messaging.users u
       WHERE u.team_id = $1 AND u.status = 'active' AND u.agent_id <> $2 AND ${who}
         AND (u.first_name || ' ' || u.last_name) ILIKE $3
       ORDER BY u.first_name, u.last_name, u.agent_id LIMIT ${MENTION_OPTIONS_MAX}`,
        [caller.team_id, caller.agent_id, containsPattern(word.trim())],
      );
    const users: MentionOption[] = rows.map((r) => ({
      type: 'user',
      id: r.agent_id,
      label: `${r.first_name} ${r.last_name}`.trim(),
      profile_image: r.profile_image_path,
    }));
    const groups: MentionOption[] = client
      ? []
      : MENTION_GROUP_NAMES.filter((name) => name.startsWith(word.toLowerCase())).map((name) => ({
          type: 'group',
          id: name,
          label: `@${name}`,
          profile_image: null,
        }));
    return [...groups, ...users];
  }
}
