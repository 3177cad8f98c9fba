import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { EsignSignerAgentOption } from '@app/contracts';
import { containsPattern } from '@app/database';

/** The agents a send may choose as signers, from esign's users read copy. */
@Injectable()
export class SignerOptionsRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /** The team's active users who are neither CLIENT nor VENDOR, whose name or email contains `term`, by name (at most `limit`). */
  agents(teamId: number, term: string, limit: number): Promise<EsignSignerAgentOption[]> {
    return this.dataSource.query(
      `SELECT agent_id, btrim(first_name || ' ' || last_name) AS name, email FROM esign.users
        WHERE team_id = $1 AND status = 'active' AND NOT (roles && ARRAY['CLIENT','VENDOR']::text[])
          AND (lower(first_name || ' ' || last_name) LIKE $2 OR lower(email) LIKE $2)
        ORDER BY lower(first_name), lower(last_name), agent_id
        LIMIT $3`,
      [teamId, containsPattern(term.trim().toLowerCase()), limit],
    );
  }
}
