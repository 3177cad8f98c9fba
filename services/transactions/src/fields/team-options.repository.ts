import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  DEFAULT_TEAM_TIMEZONE,
  LIST_FORM_ALIAS,
  type LeadTypeOption,
  type StageOption,
  type StatusOption,
  type TagOption,
  type TcOption,
  type TransactionFieldDefinition,
} from '@app/contracts';
import { SYSTEM_FIELDS, SYSTEM_FIELDS_BY_KEY } from './system-fields';

/** A form and its fields in order (a system field or a custom field each). */
export interface FormWithFields {
  team_form_id: number;
  fields: TransactionFieldDefinition[];
}

const CUSTOM_FIELD_COLUMNS = `field_key, label, type, options, client_type, required, vendor_visible, can_update, false AS system`;

/** The team's read-only options (seeded per team; the spec has no screen to manage them). */
@Injectable()
export class TeamOptionsRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  stages(teamId: number): Promise<StageOption[]> {
    return this.dataSource.query(
      `SELECT stage_id AS id, label, color, font_color FROM transactions.stages WHERE team_id = $1 ORDER BY sort, stage_id`,
      [teamId],
    );
  }

  statuses(teamId: number): Promise<StatusOption[]> {
    return this.dataSource.query(
      `SELECT status_id AS id, label, color, font_color, category, 'status-' || status_id AS color_css, dates, asks_lost_reason
         FROM transactions.statuses WHERE team_id = $1 ORDER BY sort, status_id`,
      [teamId],
    );
  }

  tags(teamId: number): Promise<TagOption[]> {
    return this.dataSource.query(`SELECT tag_id AS id, label, border FROM transactions.tags WHERE team_id = $1 ORDER BY lower(label), tag_id`, [teamId]);
  }

  leadTypes(teamId: number): Promise<LeadTypeOption[]> {
    return this.dataSource.query(
      `SELECT lead_type_id AS id, label, group_name AS "group" FROM transactions.lead_types WHERE team_id = $1 ORDER BY group_name, label, lead_type_id`,
      [teamId],
    );
  }

  /** The system fields, then the team's custom fields in their order. */
  async fields(teamId: number): Promise<TransactionFieldDefinition[]> {
    const custom: TransactionFieldDefinition[] = await this.dataSource.query(
      `SELECT ${CUSTOM_FIELD_COLUMNS} FROM transactions.custom_fields WHERE team_id = $1 ORDER BY sort, custom_field_id`,
      [teamId],
    );
    return [...SYSTEM_FIELDS.map(({ column: _column, ...definition }) => definition), ...custom];
  }

  /** Active TRANC users of the team, from the agents read copy. */
  tcs(teamId: number): Promise<TcOption[]> {
    return this.dataSource.query(
      `SELECT agent_id, first_name, last_name, btrim(first_name || ' ' || last_name) AS name
         FROM transactions.agents
        WHERE team_id = $1 AND status = 'active' AND 'TRANC' = ANY(roles)
        ORDER BY lower(last_name), lower(first_name), agent_id`,
      [teamId],
    );
  }

  /**
   * A form of the team with its fields in order: -1 is the team's list form. null when the team has no
   * such form (another team's id included). A team without a list form lists no form fields.
   */
  async formWithFields(teamId: number, teamFormId: number): Promise<FormWithFields | null> {
    const rows: { team_form_id: number; field_key: string | null; custom: TransactionFieldDefinition | null }[] = await this.dataSource.query(
      `SELECT f.team_form_id, ff.field_key,
              CASE WHEN cf.field_key IS NULL THEN NULL ELSE json_build_object(
                'field_key', cf.field_key, 'label', cf.label, 'type', cf.type, 'options', cf.options, 'client_type', cf.client_type,
                'required', cf.required, 'vendor_visible', cf.vendor_visible, 'can_update', cf.can_update, 'system', false) END AS custom
         FROM transactions.team_forms f
         LEFT JOIN transactions.team_form_fields ff ON ff.team_form_id = f.team_form_id
         LEFT JOIN transactions.custom_fields cf ON cf.team_id = f.team_id AND cf.field_key = ff.field_key
        WHERE f.team_id = $1 AND (CASE WHEN $2::int = ${LIST_FORM_ALIAS} THEN f.purpose = 'list' ELSE f.team_form_id = $2 END)
        ORDER BY ff.sort, ff.field_key`,
      [teamId, teamFormId],
    );
    if (rows.length === 0) return teamFormId === LIST_FORM_ALIAS ? { team_form_id: LIST_FORM_ALIAS, fields: [] } : null;
    const fields: TransactionFieldDefinition[] = [];
    for (const row of rows) {
      if (!row.field_key) continue;
      const system = SYSTEM_FIELDS_BY_KEY.get(row.field_key);
      if (system) {
        const { column: _column, ...definition } = system;
        fields.push(definition);
      } else if (row.custom) {
        fields.push(row.custom);
      }
    }
    return { team_form_id: rows[0].team_form_id, fields };
  }

  async timezoneOf(teamId: number): Promise<string> {
    const rows: { timezone: string | null }[] = await this.dataSource.query(`SELECT timezone FROM transactions.teams WHERE team_id = $1`, [teamId]);
    return rows[0]?.timezone ?? DEFAULT_TEAM_TIMEZONE;
  }
}
