import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  DEFAULT_TEAM_TIMEZONE,
  LIST_FORM_ALIAS,
  LOST_REASONS,
  type LeadTypeOption,
  type StageOption,
  type StatusOption,
  type TagOption,
  type TcOption,
  type TransactionFieldDefinition,
} from '@app/contracts';
import type { TableRow } from '@app/database';
import { SYSTEM_FIELDS, SYSTEM_FIELDS_BY_KEY } from './system-fields';

/** A form and its fields in order (a system field or a custom field each). */
export type FormWithFields = Pick<TableRow<'transactions.team_forms'>, 'team_form_id'> & { fields: TransactionFieldDefinition[] };

/** The team's page form, in server code (the list form's -1 alias is the one callers may send). */
export const PAGE_FORM = -2;

const CUSTOM_FIELD_COLUMNS = `field_key, label, type, options, client_type, required, vendor_visible, can_update, false AS system`;

/**
 * The team's read-only options (seeded per team; the spec has no screen to manage them). Inside a
 * database transaction pass its manager: a read on a second pooled connection while the first is
 * held can wait forever once every connection is held that way.
 */
@Injectable()
export class TeamOptionsRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  stages(teamId: number, manager: EntityManager = this.dataSource.manager): Promise<StageOption[]> {
    return manager.query(
      `SELECT stage_id AS id, label, color, font_color FROM transactions.stages WHERE team_id = $1 ORDER BY sort, stage_id`,
      [teamId],
    );
  }

  statuses(teamId: number, manager: EntityManager = this.dataSource.manager): Promise<StatusOption[]> {
    return manager.query(
      `SELECT status_id AS id, label, color, font_color, category, 'status-' || status_id AS color_css, dates, asks_lost_reason
         FROM transactions.statuses WHERE team_id = $1 ORDER BY sort, status_id`,
      [teamId],
    );
  }

  tags(teamId: number, manager: EntityManager = this.dataSource.manager): Promise<TagOption[]> {
    return manager.query(`SELECT tag_id AS id, label, border FROM transactions.tags WHERE team_id = $1 ORDER BY lower(label), tag_id`, [
      teamId,
    ]);
  }

  leadTypes(teamId: number, manager: EntityManager = this.dataSource.manager): Promise<LeadTypeOption[]> {
    return manager.query(
      `SELECT lead_type_id AS id, label, group_name AS "group" FROM transactions.lead_types WHERE team_id = $1 ORDER BY group_name, label, lead_type_id`,
      [teamId],
    );
  }

  /** The system fields, then the team's custom fields in their order. */
  async fields(teamId: number, manager: EntityManager = this.dataSource.manager): Promise<TransactionFieldDefinition[]> {
    const custom: TransactionFieldDefinition[] = await manager.query(
      `SELECT ${CUSTOM_FIELD_COLUMNS} FROM transactions.custom_fields WHERE team_id = $1 ORDER BY sort, custom_field_id`,
      [teamId],
    );
    return [...SYSTEM_FIELDS.map(({ column: _column, ...definition }) => definition), ...custom];
  }

  /** Active TRANC users of the team, from the agents read copy. */
  tcs(teamId: number, manager: EntityManager = this.dataSource.manager): Promise<TcOption[]> {
    return manager.query(
      `SELECT agent_id, first_name, last_name, btrim(first_name || ' ' || last_name) AS name
         FROM transactions.agents
        WHERE team_id = $1 AND status = 'active' AND 'TRANC' = ANY(roles)
        ORDER BY lower(last_name), lower(first_name), agent_id`,
      [teamId],
    );
  }

  /**
   * A form of the team with its fields in order: -1 is the team's list form, PAGE_FORM its page form. null when the team has no
   * such form (another team's id included). A team without a list form lists no form fields.
   */
  async formWithFields(
    teamId: number,
    teamFormId: number,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<FormWithFields | null> {
    // The form's fields are left-joined: a form without one gives one row with a null field_key.
    const rows: (Pick<TableRow<'transactions.team_forms'>, 'team_form_id'> & {
      field_key: TableRow<'transactions.team_form_fields'>['field_key'] | null;
      custom: TransactionFieldDefinition | null;
    })[] = await manager.query(
      `SELECT f.team_form_id, ff.field_key,
              CASE WHEN cf.field_key IS NULL THEN NULL ELSE json_build_object(
                'field_key', cf.field_key, 'label', cf.label, 'type', cf.type, 'options', cf.options, 'client_type', cf.client_type,
                'required', cf.required, 'vendor_visible', cf.vendor_visible, 'can_update', cf.can_update, 'system', false) END AS custom
         FROM transactions.team_forms f
         LEFT JOIN transactions.team_form_fields ff ON ff.team_form_id = f.team_form_id
         LEFT JOIN transactions.custom_fields cf ON cf.team_id = f.team_id AND cf.field_key = ff.field_key
        WHERE f.team_id = $1 AND (CASE $2::int WHEN ${LIST_FORM_ALIAS} THEN f.purpose = 'list' WHEN ${PAGE_FORM} THEN f.purpose = 'page' ELSE f.team_form_id = $2 END)
        ORDER BY ff.sort, ff.field_key`,
      [teamId, teamFormId],
    );
    if (rows.length === 0)
      return teamFormId === LIST_FORM_ALIAS || teamFormId === PAGE_FORM ? { team_form_id: teamFormId, fields: [] } : null;
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

  /**
   * The choices of a select (GET /transaction/form/select-options): stage, status, tag, tc, agent,
   * lead_type, original_lead_type, lost_reason, or a select custom field's key; null for another name.
   */
  async choices(
    teamId: number,
    element: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<{ value: string | number; label: string }[] | null> {
    const asChoices = (rows: { id: number; label: string }[]) => rows.map((r) => ({ value: r.id, label: r.label }));
    switch (element) {
      case 'stage':
        return asChoices(await this.stages(teamId, manager));
      case 'status':
        return asChoices(await this.statuses(teamId, manager));
      case 'tag':
        return asChoices(await this.tags(teamId, manager));
      case 'lead_type':
      case 'original_lead_type':
        return asChoices(await this.leadTypes(teamId, manager));
      case 'tc':
        return (await this.tcs(teamId, manager)).map((tc) => ({ value: tc.agent_id, label: tc.name }));
      case 'agent':
        return manager.query(
          `SELECT agent_id AS value, btrim(first_name || ' ' || last_name) AS label FROM transactions.agents
            WHERE team_id = $1 AND status = 'active' AND roles && ARRAY['ADMIN','TRANC','ISISA','AGENT']::text[]
            ORDER BY lower(first_name), lower(last_name), agent_id`,
          [teamId],
        );
      case 'lost_reason':
        return LOST_REASONS.map((reason) => ({ value: reason, label: reason }));
    }
    const rows: Pick<TableRow<'transactions.custom_fields'>, 'options'>[] = await manager.query(
      `SELECT options FROM transactions.custom_fields WHERE team_id = $1 AND field_key = $2 AND type = 'select'`,
      [teamId, element],
    );
    return rows[0] ? rows[0].options.map((option) => ({ value: option, label: option })) : null;
  }

  async timezoneOf(teamId: number, manager: EntityManager = this.dataSource.manager): Promise<string> {
    const rows: Pick<TableRow<'transactions.teams'>, 'timezone'>[] = await manager.query(
      `SELECT timezone FROM transactions.teams WHERE team_id = $1`,
      [teamId],
    );
    return rows[0]?.timezone ?? DEFAULT_TEAM_TIMEZONE;
  }
}
