import type { DataSource, EntityManager } from 'typeorm';
import type { RoadmapTrigger, TransactionSide } from '@app/contracts';
import { uniqueName } from './sequence';

export interface RoadmapStepOverrides {
  name?: string;
  description?: string;
  task_type?: 'N' | null;
  trigger?: RoadmapTrigger;
  offset_days?: number;
  /** primary_agent, tc, or a user id. */
  assignee?: 'primary_agent' | 'tc' | number;
  doc_type_id?: number | null;
}

export interface TaskOverrides {
  name?: string;
  dscr?: string;
  task_type?: 'N' | null;
  status_id?: number;
  /** 'YYYY-MM-DD': set by hand (original and due alike; no blackout move: use the service for that). */
  due_dt?: string | null;
  assigned_to_agent_id?: number | null;
  doc_type_id?: number | null;
}

/**
 * Roadmap templates, tasks and team calendars in the transactions schema of a test database, written
 * with SQL (no events, no counters: tests of those go through the service), on the pattern of
 * TransactionsFactory.
 */
export class TasksFactory {
  constructor(private readonly db: DataSource | EntityManager) {}

  /** A template of the team with its steps (default: one plain step, 3 days after assignment, for the primary agent). */
  async roadmapTemplate(
    teamId: number,
    template: { name?: string; client_type?: TransactionSide | null; steps?: RoadmapStepOverrides[] } = {},
  ): Promise<number> {
    const [{ rtc_id: rtcId }]: { rtc_id: number }[] = await this.db.query(
      `INSERT INTO transactions.roadmap_templates (team_id, name, client_type) VALUES ($1, $2, $3) RETURNING rtc_id`,
      [teamId, template.name ?? uniqueName('Roadmap'), template.client_type ?? null],
    );
    const steps = (template.steps ?? [{}]).map((step, i) => ({
      rtc_id: rtcId,
      step: i + 1,
      name: step.name ?? `Step ${i + 1}`,
      description: step.description ?? '',
      task_type: step.task_type ?? null,
      trigger: step.trigger ?? 'assigned',
      offset_days: step.offset_days ?? 3,
      assignee: typeof step.assignee === 'number' ? 'user' : (step.assignee ?? 'primary_agent'),
      assignee_agent_id: typeof step.assignee === 'number' ? step.assignee : null,
      doc_type_id: step.doc_type_id ?? null,
    }));
    await this.db.query(
      `INSERT INTO transactions.roadmap_steps (rtc_id, step, name, description, task_type, trigger, offset_days, assignee, assignee_agent_id, doc_type_id)
       SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(rtc_id int, step int, name text, description text, task_type char(1), trigger text,
                                                       offset_days int, assignee text, assignee_agent_id int, doc_type_id int)`,
      [JSON.stringify(steps)],
    );
    return rtcId;
  }

  /** A task of a transaction, added by hand. */
  async task(teamId: number, clientId: number, overrides: TaskOverrides = {}): Promise<number> {
    const [{ task_id: taskId }]: { task_id: number }[] = await this.db.query(
      `INSERT INTO transactions.tasks (team_id, client_id, name, dscr, task_type, status_id, original_due_dt, due_dt, due_source, assigned_to_agent_id, doc_type_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $7, 'manual', $8, $9) RETURNING task_id`,
      [
        teamId,
        clientId,
        overrides.name ?? uniqueName('Task'),
        overrides.dscr ?? '',
        overrides.task_type ?? null,
        overrides.status_id ?? 1,
        overrides.due_dt ?? null,
        overrides.assigned_to_agent_id ?? null,
        overrides.doc_type_id ?? null,
      ],
    );
    return taskId;
  }

  /** The team's blackout calendar as team-admin.blackout-days.changed would store it. */
  async calendar(teamId: number, weekdays: number[], dates: string[] = [], revision = 1): Promise<void> {
    await this.db.query(
      `INSERT INTO transactions.team_calendars (team_id, revision, weekdays, dates, applied_revision) VALUES ($1, $2, $3, $4::date[], $2)
       ON CONFLICT (team_id) DO UPDATE SET revision = excluded.revision, weekdays = excluded.weekdays, dates = excluded.dates, applied_revision = excluded.applied_revision`,
      [teamId, revision, weekdays, dates],
    );
  }
}
