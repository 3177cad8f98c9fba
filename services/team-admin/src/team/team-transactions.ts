import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { teamOrNotFound } from './team-not-found';
import { TeamsRepository, type TeamRow } from './teams.repository';

/**
 * Runs a write of one team in a transaction that first locks the team's row (404 without one). Every write
 * of a team goes through here, so name checks and revision counters never race.
 */
@Injectable()
export class TeamTransactions {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly teams: TeamsRepository,
  ) {}

  run<T>(teamId: number, work: (manager: EntityManager, team: TeamRow) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(async (manager) => work(manager, teamOrNotFound(await this.teams.lock(teamId, manager))));
  }

  /** The team for a read (404 without one). */
  async read(teamId: number): Promise<TeamRow> {
    return teamOrNotFound(await this.teams.find(teamId));
  }
}
