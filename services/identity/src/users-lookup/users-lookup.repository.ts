import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { RpcUser } from '@app/contracts';

@Injectable()
export class UsersLookupRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /** The team's users among the ids, in one query; other teams' ids match nothing. */
  findInTeam(teamId: number, agentIds: readonly number[]): Promise<RpcUser[]> {
    return this.dataSource.query(
      `SELECT agent_id, first_name, last_name, email, roles, status
         FROM identity.users
        WHERE team_id = $1 AND agent_id = ANY($2::int[])
        ORDER BY agent_id`,
      [teamId, agentIds],
    );
  }
}
