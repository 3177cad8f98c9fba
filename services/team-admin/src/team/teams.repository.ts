import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { ColumnOf, Columns, TableRow } from '@app/database';
import { updateResult } from '../common/postgres';

const TEAM_COLUMN_NAMES = [
  'team_id',
  'name',
  'address_1',
  'address_2',
  'city',
  'state',
  'postal_code',
  'timezone',
  'logo_path',
  'message_template',
] as const satisfies readonly ColumnOf<'team_admin.teams'>[];

/** A row of team_admin.teams (its settings; the revision counters are read by nextRevision). */
export type TeamRow = Pick<TableRow<'team_admin.teams'>, (typeof TEAM_COLUMN_NAMES)[number]>;

/** Columns PATCH /admin/team may set (whitelist of the dynamic UPDATE). */
export const TEAM_SETTINGS_COLUMNS = [
  'name',
  'address_1',
  'address_2',
  'city',
  'state',
  'postal_code',
  'timezone',
] as const satisfies readonly ColumnOf<'team_admin.teams'>[];
export type TeamSettingsColumn = (typeof TEAM_SETTINGS_COLUMNS)[number];

/** The per-team revision counters, one per published event stream. */
export type RevisionCounter = Columns<
  'team_admin.teams',
  | 'settings_revision'
  | 'notification_settings_revision'
  | 'blackout_days_revision'
  | 'document_folders_revision'
  | 'document_types_revision'
>;

const COLUMNS = TEAM_COLUMN_NAMES.join(', ');

@Injectable()
export class TeamsRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async find(teamId: number, manager: EntityManager = this.dataSource.manager): Promise<TeamRow | null> {
    const rows: TeamRow[] = await manager.query(`SELECT ${COLUMNS} FROM team_admin.teams WHERE team_id = $1`, [teamId]);
    return rows[0] ?? null;
  }

  /** The team row, locked until the transaction ends: serializes a team's writes (name checks, revisions). */
  async lock(teamId: number, manager: EntityManager): Promise<TeamRow | null> {
    const rows: TeamRow[] = await manager.query(`SELECT ${COLUMNS} FROM team_admin.teams WHERE team_id = $1 FOR UPDATE`, [teamId]);
    return rows[0] ?? null;
  }

  /**
   * Creates the team once, with its starting time zone when known; a second provisioning of the same team
   * changes nothing. Returns whether it inserted.
   */
  async insertIfMissing(teamId: number, name: string, manager: EntityManager, timezone: string | null = null): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `INSERT INTO team_admin.teams (team_id, name, timezone) VALUES ($1, $2, $3) ON CONFLICT (team_id) DO NOTHING RETURNING team_id`,
      [teamId, name, timezone],
    );
    return rows.length > 0;
  }

  async updateSettings(teamId: number, values: Partial<Record<TeamSettingsColumn, string | null>>, manager: EntityManager): Promise<void> {
    const columns = TEAM_SETTINGS_COLUMNS.filter((c) => values[c] !== undefined);
    if (!columns.length) return;
    const sets = columns.map((c, i) => `${c} = $${i + 2}`).join(', ');
    await manager.query(`UPDATE team_admin.teams SET ${sets}, updated_ts = now() WHERE team_id = $1`, [
      teamId,
      ...columns.map((c) => values[c]),
    ]);
  }

  async setLogoPath(teamId: number, key: string | null, manager: EntityManager): Promise<void> {
    await manager.query(`UPDATE team_admin.teams SET logo_path = $2, updated_ts = now() WHERE team_id = $1`, [teamId, key]);
  }

  async setMessageTemplate(teamId: number, template: string, manager: EntityManager): Promise<void> {
    await manager.query(`UPDATE team_admin.teams SET message_template = $2, updated_ts = now() WHERE team_id = $1`, [teamId, template]);
  }

  /** Next revision of one of the team's event streams, in the caller's transaction. */
  async nextRevision(teamId: number, counter: RevisionCounter, manager: EntityManager): Promise<number> {
    const { rows } = updateResult<{ revision: number }>(
      await manager.query(`UPDATE team_admin.teams SET ${counter} = ${counter} + 1 WHERE team_id = $1 RETURNING ${counter} AS revision`, [
        teamId,
      ]),
    );
    return rows[0].revision;
  }
}
