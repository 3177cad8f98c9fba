import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { CapKind, CommissionTemplate } from '@app/contracts';
import { EventOutbox } from '@app/events';
import { teamTodaySql } from '../tasks/task-writer';

const TEMPLATE_COLUMNS = `commission_template_id, name, client_type_id, cap_kind, pct::float8 AS pct, flat_amt::float8 AS flat_amt`;

/** What the caps of one agent and kind add up to (the service applies the cap). */
export interface CapSums {
  kind: CapKind;
  cap: number;
  closed_sum: number;
  pending_sum: number;
}

/** A user's cap card as one read answers it: both kinds' sums with the user's anniversaries (MM-DD-YYYY). */
export interface CapRead {
  brokerage_cap_anniversary_dt: string | null;
  royalty_cap_anniversary_dt: string | null;
  sums: CapSums[];
}

/**
 * The cap card of user $2 of team $1 in one statement (see CommissionRepository.caps): the agent's row, each
 * kind's cap year, the agent's capped lines closed since the earlier of the two starts and those Under
 * Contract, each read once, then summed per kind. No row: not a user of the team.
 */
export const CAPS_SQL = `
  WITH x AS (
    SELECT a.agent_id, a.brokerage_cap_amt, a.royalty_cap_amt, a.brokerage_cap_anniversary_dt, a.royalty_cap_anniversary_dt,
           ${teamTodaySql('$1')} AS today
      FROM transactions.agents a WHERE a.team_id = $1 AND a.agent_id = $2
  ), k AS (
    SELECT 'B' AS kind, coalesce(x.brokerage_cap_amt, 0) AS cap, transactions.cap_year_start(x.brokerage_cap_anniversary_dt, x.today) AS start, x.today FROM x
    UNION ALL
    SELECT 'R', coalesce(x.royalty_cap_amt, 0), transactions.cap_year_start(x.royalty_cap_anniversary_dt, x.today), x.today FROM x
  ), closed AS MATERIALIZED (
    SELECT l.cap_kind, t.closed_dt, l.amount
      FROM transactions.transactions t JOIN transactions.commission_lines l ON l.client_id = t.client_id AND l.cap_kind IS NOT NULL
     WHERE t.primary_agent_id = $2 AND t.team_id = $1 AND t.status_category = 'closed'
       AND t.closed_dt BETWEEN (SELECT min(start) FROM k) AND (SELECT today FROM x)
  ), pending AS MATERIALIZED (
    SELECT l.cap_kind, l.amount
      FROM transactions.transactions t JOIN transactions.commission_lines l ON l.client_id = t.client_id AND l.cap_kind IS NOT NULL
     WHERE t.primary_agent_id = $2 AND t.team_id = $1 AND t.under_contract_dt IS NOT NULL AND t.status_category NOT IN ('closed', 'lost')
  )
  SELECT to_char(x.brokerage_cap_anniversary_dt, 'MM-DD-YYYY') AS brokerage_cap_anniversary_dt,
         to_char(x.royalty_cap_anniversary_dt, 'MM-DD-YYYY') AS royalty_cap_anniversary_dt,
         k.kind, k.cap::float8 AS cap,
         coalesce((SELECT sum(c.amount) FROM closed c WHERE c.cap_kind = k.kind AND c.closed_dt >= k.start), 0)::float8 AS closed_sum,
         coalesce((SELECT sum(p.amount) FROM pending p WHERE p.cap_kind = k.kind), 0)::float8 AS pending_sum
    FROM k CROSS JOIN x ORDER BY k.kind`;

/** Commission templates, the team's list event, and the caps' sums. */
@Injectable()
export class CommissionRepository {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly outbox: EventOutbox,
  ) {}

  async templates(teamId: number, manager?: EntityManager): Promise<CommissionTemplate[]> {
    return (manager ?? this.dataSource.manager).query(
      `SELECT ${TEMPLATE_COLUMNS} FROM transactions.commission_templates WHERE team_id = $1 ORDER BY client_type_id, lower(name), commission_template_id`,
      [teamId],
    );
  }

  async template(teamId: number, id: number, manager?: EntityManager): Promise<CommissionTemplate | null> {
    const rows: CommissionTemplate[] = await (manager ?? this.dataSource.manager).query(
      `SELECT ${TEMPLATE_COLUMNS} FROM transactions.commission_templates WHERE team_id = $1 AND commission_template_id = $2 FOR UPDATE`,
      [teamId, id],
    );
    return rows[0] ?? null;
  }

  async insert(manager: EntityManager, teamId: number, t: Omit<CommissionTemplate, 'commission_template_id'>): Promise<number> {
    const [row]: { commission_template_id: number }[] = await manager.query(
      `INSERT INTO transactions.commission_templates (team_id, name, client_type_id, cap_kind, pct, flat_amt) VALUES ($1, $2, $3, $4, $5, $6)
       RETURNING commission_template_id`,
      [teamId, t.name, t.client_type_id, t.cap_kind, t.pct, t.flat_amt],
    );
    return row.commission_template_id;
  }

  async update(manager: EntityManager, id: number, t: Omit<CommissionTemplate, 'commission_template_id'>): Promise<void> {
    await manager.query(
      `UPDATE transactions.commission_templates SET name = $2, client_type_id = $3, cap_kind = $4, pct = $5, flat_amt = $6, updated_ts = now()
        WHERE commission_template_id = $1`,
      [id, t.name, t.client_type_id, t.cap_kind, t.pct, t.flat_amt],
    );
  }

  async delete(manager: EntityManager, id: number): Promise<void> {
    await manager.query(`DELETE FROM transactions.commission_templates WHERE commission_template_id = $1`, [id]);
  }

  /**
   * Publishes the team's whole list with the next revision (transactions.commission-templates.changed), in
   * the changing database transaction; the revision row serialises concurrent changes of one team.
   */
  async publishList(manager: EntityManager, teamId: number): Promise<number> {
    const [{ revision }]: { revision: number }[] = await manager.query(
      `INSERT INTO transactions.commission_template_revisions (team_id, revision) VALUES ($1, 1)
       ON CONFLICT (team_id) DO UPDATE SET revision = transactions.commission_template_revisions.revision + 1
       RETURNING revision`,
      [teamId],
    );
    await this.outbox.publish(manager, 'transactions.commission-templates.changed', teamId, {
      revision,
      templates: await this.templates(teamId, manager),
    });
    return revision;
  }

  /**
   * Per cap kind: the cap, the sum of that kind's line amounts on the agent's transactions closed from the
   * start of the cap year (cap_year_start) to today in the team's zone, and the same sum over those under
   * contract (an under-contract date, and not closed or lost). One query, so that an agent's change arriving
   * meanwhile is read whole or not at all; null when the user is not the team's.
   */
  async caps(teamId: number, agentId: number): Promise<CapRead | null> {
    const rows: (CapSums & Omit<CapRead, 'sums'>)[] = await this.dataSource.query(CAPS_SQL, [teamId, agentId]);
    if (rows.length === 0) return null;
    const { brokerage_cap_anniversary_dt, royalty_cap_anniversary_dt } = rows[0];
    return {
      brokerage_cap_anniversary_dt,
      royalty_cap_anniversary_dt,
      sums: rows.map(({ kind, cap, closed_sum, pending_sum }) => ({ kind, cap, closed_sum, pending_sum })),
    };
  }
}
