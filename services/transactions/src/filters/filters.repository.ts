import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { TableRow } from '@app/database';
import type { FilterComponent, FilterOwnerType, SavedFilter, TransactionFilterKeys } from '@app/contracts';
import { returned } from '../common/returned';

/** The ids a filter of the team may name, read in one statement. */
export interface TeamFilterCatalog {
  stage_ids: number[];
  tag_ids: number[];
  lead_type_ids: number[];
  lead_type_groups: string[];
  /** Every user of the team but CLIENT and VENDOR (any status). */
  agent_ids: number[];
  isa_ids: number[];
  tc_ids: number[];
}

/** An agent of the scope menu. */
export type ScopeAgent = Pick<TableRow<'transactions.agents'>, 'agent_id'> & { name: string; active: boolean; isa: boolean };

export type SavedFilterRecord = SavedFilter & Pick<TableRow<'transactions.transaction_filters'>, 'team_id' | 'owner_agent_id'>;

const FILTER_COLUMNS = `filter_id, filter_name, component, 'A' AS status, filters, owner_type, team_form_id, team_id, owner_agent_id`;

@Injectable()
export class FiltersRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async catalog(teamId: number): Promise<TeamFilterCatalog> {
    const [row] = await this.dataSource.query(
      `SELECT
         coalesce((SELECT array_agg(stage_id) FROM transactions.stages WHERE team_id = $1), '{}') AS stage_ids,
         coalesce((SELECT array_agg(tag_id) FROM transactions.tags WHERE team_id = $1), '{}') AS tag_ids,
         coalesce((SELECT array_agg(lead_type_id) FROM transactions.lead_types WHERE team_id = $1), '{}') AS lead_type_ids,
         coalesce((SELECT array_agg(DISTINCT group_name) FROM transactions.lead_types WHERE team_id = $1), '{}') AS lead_type_groups,
         coalesce((SELECT array_agg(agent_id) FROM transactions.agents WHERE team_id = $1 AND roles && ARRAY['ADMIN','TRANC','ISISA','AGENT']::text[]), '{}') AS agent_ids,
         coalesce((SELECT array_agg(agent_id) FROM transactions.agents WHERE team_id = $1 AND 'ISISA' = ANY(roles)), '{}') AS isa_ids,
         coalesce((SELECT array_agg(agent_id) FROM transactions.agents WHERE team_id = $1 AND 'TRANC' = ANY(roles)), '{}') AS tc_ids`,
      [teamId],
    );
    return row as TeamFilterCatalog;
  }

  /** The team's users but CLIENT and VENDOR, by name, for the scope menu. */
  async scopeAgents(teamId: number): Promise<ScopeAgent[]> {
    return this.dataSource.query(
      `SELECT agent_id, btrim(first_name || ' ' || last_name) AS name, status = 'active' AS active, 'ISISA' = ANY(roles) AS isa
         FROM transactions.agents
        WHERE team_id = $1 AND roles && ARRAY['ADMIN','TRANC','ISISA','AGENT']::text[]
        ORDER BY lower(first_name), lower(last_name), agent_id`,
      [teamId],
    );
  }

  /** The team's filters of a component, then the agent's own, each by name. */
  async list(teamId: number, agentId: number, component: FilterComponent): Promise<SavedFilterRecord[]> {
    return this.dataSource.query(
      `SELECT ${FILTER_COLUMNS} FROM transactions.transaction_filters
        WHERE team_id = $1 AND component = $3 AND (owner_type = 'team' OR owner_agent_id = $2)
        ORDER BY owner_type = 'personal', lower(filter_name), filter_id`,
      [teamId, agentId, component],
    );
  }

  /** A filter the agent may use: the team's or their own; null otherwise. */
  async visible(teamId: number, agentId: number, filterId: number): Promise<SavedFilterRecord | null> {
    const rows: SavedFilterRecord[] = await this.dataSource.query(
      `SELECT ${FILTER_COLUMNS} FROM transactions.transaction_filters
        WHERE filter_id = $3 AND team_id = $1 AND (owner_type = 'team' OR owner_agent_id = $2)`,
      [teamId, agentId, filterId],
    );
    return rows[0] ?? null;
  }

  /** Whether the name is taken in the component among the team's filters and the agent's own (another filter than `except`). */
  async nameTaken(teamId: number, agentId: number, component: FilterComponent, name: string, except?: number): Promise<boolean> {
    const rows = await this.dataSource.query(
      `SELECT 1 FROM transactions.transaction_filters
        WHERE team_id = $1 AND component = $3 AND lower(filter_name) = lower($4) AND filter_id <> $5
          AND (owner_type = 'team' OR owner_agent_id = $2)
        LIMIT 1`,
      [teamId, agentId, component, name, except ?? 0],
    );
    return rows.length > 0;
  }

  async insert(filter: {
    team_id: number;
    owner_type: FilterOwnerType;
    owner_agent_id: number | null;
    component: FilterComponent;
    filter_name: string;
    filters: TransactionFilterKeys;
    created_by: number;
  }): Promise<number> {
    const [row] = await this.dataSource.query(
      `INSERT INTO transactions.transaction_filters (team_id, owner_type, owner_agent_id, component, filter_name, filters, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING filter_id`,
      [
        filter.team_id,
        filter.owner_type,
        filter.owner_agent_id,
        filter.component,
        filter.filter_name,
        JSON.stringify(filter.filters),
        filter.created_by,
      ],
    );
    return row.filter_id;
  }

  /** Renames, and replaces the filters when given. */
  async update(filterId: number, name: string, filters: TransactionFilterKeys | null): Promise<void> {
    await this.dataSource.query(
      `UPDATE transactions.transaction_filters SET filter_name = $2, filters = coalesce($3::jsonb, filters), updated_ts = now() WHERE filter_id = $1`,
      [filterId, name, filters === null ? null : JSON.stringify(filters)],
    );
  }

  async delete(filterId: number): Promise<boolean> {
    return (
      returned(await this.dataSource.query(`DELETE FROM transactions.transaction_filters WHERE filter_id = $1 RETURNING 1`, [filterId]))
        .length > 0
    );
  }
}
