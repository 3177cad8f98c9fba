import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { BlackoutDayKind } from '@app/contracts';
import type { Narrow, TableRow } from '@app/database';
import { updateResult } from '../common/postgres';

/** A stored blackout day; day_date is 'YYYY-MM-DD' (custom days only), day_label only for custom days. */
export type BlackoutDayRow = Narrow<
  Pick<TableRow<'team_admin.team_blackout_days'>, 'team_blackout_day_id' | 'kind' | 'predefined_day_key' | 'day_label'>,
  { kind: BlackoutDayKind }
> & {
  /** 'YYYY-MM-DD' (to_char). */
  day_date: string | null;
};

const COLUMNS = `team_blackout_day_id, kind, predefined_day_key, day_label, to_char(day_date, 'YYYY-MM-DD') AS day_date`;

export type NewBlackoutDay =
  { kind: 'weekday' | 'holiday'; predefined_day_key: string; sort_order: number } | { kind: 'custom'; day_label: string; day_date: string };

@Injectable()
export class BlackoutDaysRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /** Weekdays (Sunday first), holidays (calendar order), then custom days by date. */
  list(teamId: number, manager: EntityManager = this.dataSource.manager): Promise<BlackoutDayRow[]> {
    return manager.query(
      `SELECT ${COLUMNS} FROM team_admin.team_blackout_days WHERE team_id = $1
        ORDER BY CASE kind WHEN 'weekday' THEN 0 WHEN 'holiday' THEN 1 ELSE 2 END, sort_order, day_date, team_blackout_day_id`,
      [teamId],
    );
  }

  async findByKey(teamId: number, key: string, manager: EntityManager): Promise<BlackoutDayRow | null> {
    const rows: BlackoutDayRow[] = await manager.query(
      `SELECT ${COLUMNS} FROM team_admin.team_blackout_days WHERE team_id = $1 AND predefined_day_key = $2`,
      [teamId, key],
    );
    return rows[0] ?? null;
  }

  async findByDate(teamId: number, isoDate: string, manager: EntityManager): Promise<BlackoutDayRow | null> {
    const rows: BlackoutDayRow[] = await manager.query(
      `SELECT ${COLUMNS} FROM team_admin.team_blackout_days WHERE team_id = $1 AND day_date = $2::date`,
      [teamId, isoDate],
    );
    return rows[0] ?? null;
  }

  async insert(teamId: number, day: NewBlackoutDay, manager: EntityManager): Promise<BlackoutDayRow> {
    const rows: BlackoutDayRow[] =
      day.kind === 'custom'
        ? await manager.query(
            `INSERT INTO team_admin.team_blackout_days (team_id, kind, day_label, day_date) VALUES ($1, 'custom', $2, $3::date) RETURNING ${COLUMNS}`,
            [teamId, day.day_label, day.day_date],
          )
        : await manager.query(
            `INSERT INTO team_admin.team_blackout_days (team_id, kind, predefined_day_key, sort_order) VALUES ($1, $2, $3, $4) RETURNING ${COLUMNS}`,
            [teamId, day.kind, day.predefined_day_key, day.sort_order],
          );
    return rows[0];
  }

  async deleteById(teamId: number, id: number, manager: EntityManager): Promise<boolean> {
    const { count } = updateResult(
      await manager.query(`DELETE FROM team_admin.team_blackout_days WHERE team_id = $1 AND team_blackout_day_id = $2`, [teamId, id]),
    );
    return count > 0;
  }

  async deleteByKey(teamId: number, key: string, manager: EntityManager): Promise<boolean> {
    const { count } = updateResult(
      await manager.query(`DELETE FROM team_admin.team_blackout_days WHERE team_id = $1 AND predefined_day_key = $2`, [teamId, key]),
    );
    return count > 0;
  }
}
