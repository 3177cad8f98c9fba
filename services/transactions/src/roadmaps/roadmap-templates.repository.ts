import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { TableRow } from '@app/database';
import type { RoadmapStep, RoadmapTemplate } from '@app/contracts';

const STEPS_SQL = `coalesce((SELECT jsonb_agg(jsonb_build_object(
    'step', s.step, 'name', s.name, 'description', s.description, 'task_type', s.task_type, 'trigger', s.trigger,
    'offset_days', s.offset_days, 'assignee', CASE s.assignee WHEN 'user' THEN to_jsonb(s.assignee_agent_id) ELSE to_jsonb(s.assignee) END,
    'doc_type_id', s.doc_type_id) ORDER BY s.step)
  FROM transactions.roadmap_steps s WHERE s.rtc_id = r.rtc_id), '[]'::jsonb)`;

/** The team's roadmap templates (seeded, read-only). */
@Injectable()
export class RoadmapTemplatesRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async list(teamId: number, withSteps: boolean): Promise<RoadmapTemplate[]> {
    return this.dataSource.query(
      `SELECT r.rtc_id, r.name, r.client_type${withSteps ? `, ${STEPS_SQL} AS steps` : ''}
         FROM transactions.roadmap_templates r WHERE r.team_id = $1 ORDER BY lower(r.name), r.rtc_id`,
      [teamId],
    );
  }

  async one(teamId: number, rtcId: number): Promise<(RoadmapTemplate & { steps: RoadmapStep[] }) | null> {
    const rows = await this.dataSource.query(
      `SELECT r.rtc_id, r.name, r.client_type, ${STEPS_SQL} AS steps FROM transactions.roadmap_templates r WHERE r.team_id = $1 AND r.rtc_id = $2`,
      [teamId, rtcId],
    );
    return rows[0] ?? null;
  }

  /** The ids that are not templates of the team. */
  async notOfTeam(teamId: number, rtcIds: readonly number[], manager?: EntityManager): Promise<number[]> {
    const found: Pick<TableRow<'transactions.roadmap_templates'>, 'rtc_id'>[] = await (manager ?? this.dataSource.manager).query(
      `SELECT rtc_id FROM transactions.roadmap_templates WHERE team_id = $1 AND rtc_id = ANY($2::int[])`,
      [teamId, [...new Set(rtcIds)]],
    );
    const known = new Set(found.map((row) => row.rtc_id));
    return rtcIds.filter((id) => !known.has(id));
  }
}
