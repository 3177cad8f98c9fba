import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { TeamForm } from '@app/contracts';

@Injectable()
export class FormsRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /** The team's buyer and seller forms in display order (the list and page forms are not offered as defaults). */
  listByTeam(teamId: number): Promise<TeamForm[]> {
    return this.dataSource.query(
      `SELECT team_form_id, name, client_type_id, edit_only
         FROM transactions.team_forms WHERE team_id = $1 AND purpose = 'side' ORDER BY sort, team_form_id`,
      [teamId],
    );
  }
}
