import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { TableRow } from '@app/database';

/** The team calendars of blackout days (from team-admin.blackout-days.changed). */
@Injectable()
export class TeamCalendarRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /** Stores a calendar unless the stored revision is as new or newer; answers whether it was stored. */
  async store(
    manager: EntityManager,
    teamId: number,
    revision: number,
    weekdays: readonly number[],
    dates: readonly string[],
  ): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `INSERT INTO transactions.team_calendars (team_id, revision, weekdays, dates)
       VALUES ($1, $2, $3::int[], $4::date[])
       ON CONFLICT (team_id) DO UPDATE SET revision = excluded.revision, weekdays = excluded.weekdays, dates = excluded.dates, updated_ts = now()
        WHERE team_calendars.revision < excluded.revision
       RETURNING team_id`,
      [teamId, revision, [...new Set(weekdays)].filter((day) => Number.isInteger(day) && day >= 0 && day <= 6), [...new Set(dates)]],
    );
    return rows.length > 0;
  }

  /** The stored revision of a team's calendar (null: none). */
  async revisionOf(teamId: number): Promise<number | null> {
    const [row]: Pick<TableRow<'transactions.team_calendars'>, 'revision'>[] = await this.dataSource.query(
      `SELECT revision FROM transactions.team_calendars WHERE team_id = $1`,
      [teamId],
    );
    return row?.revision ?? null;
  }

  /** Marks a revision applied (never going back). */
  async markApplied(teamId: number, revision: number): Promise<void> {
    await this.dataSource.query(
      `UPDATE transactions.team_calendars SET applied_revision = greatest(applied_revision, $2) WHERE team_id = $1`,
      [teamId, revision],
    );
  }

  /** Calendars stored but not yet applied (a worker stopped between storing and recomputing). */
  async unapplied(): Promise<Pick<TableRow<'transactions.team_calendars'>, 'team_id' | 'revision'>[]> {
    return this.dataSource.query(
      `SELECT team_id, revision FROM transactions.team_calendars WHERE applied_revision < revision ORDER BY team_id`,
    );
  }
}
