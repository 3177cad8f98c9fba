import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { Narrow, TableRow } from '@app/database';
import type { TransactionSide } from '@app/contracts';
import { scopeSql, type TransactionScope } from './transactions.repository';

/** What the edit rules need of a transaction the caller sees. */
export type VisibleTransaction = Narrow<
  Pick<
    TableRow<'transactions.transactions'>,
    'client_id' | 'team_id' | 'type' | 'primary_agent_id' | 'status_id' | 'pinned_on_boards' | 'hidden_on_boards'
  >,
  { type: TransactionSide }
>;

/** Kinds of ids a change may name; each must be the caller's team's. */
export type TeamIdKind = 'stage' | 'status' | 'tag' | 'lead_type' | 'tc' | 'agent' | 'client_user' | 'vendor_user' | 'contact';

const ID_SQL: Record<TeamIdKind, string> = {
  stage: `SELECT stage_id AS id FROM transactions.stages WHERE team_id = $1 AND stage_id = ANY($2::int[])`,
  status: `SELECT status_id AS id FROM transactions.statuses WHERE team_id = $1 AND status_id = ANY($2::int[])`,
  tag: `SELECT tag_id AS id FROM transactions.tags WHERE team_id = $1 AND tag_id = ANY($2::int[])`,
  lead_type: `SELECT lead_type_id AS id FROM transactions.lead_types WHERE team_id = $1 AND lead_type_id = ANY($2::int[])`,
  tc: `SELECT agent_id AS id FROM transactions.agents WHERE team_id = $1 AND agent_id = ANY($2::int[]) AND 'TRANC' = ANY(roles) AND status = 'active'`,
  // Anyone of the team who works transactions (not a client or vendor login).
  agent: `SELECT agent_id AS id FROM transactions.agents WHERE team_id = $1 AND agent_id = ANY($2::int[]) AND roles && ARRAY['ADMIN','TRANC','ISISA','AGENT']::text[]`,
  client_user: `SELECT agent_id AS id FROM transactions.agents WHERE team_id = $1 AND agent_id = ANY($2::int[]) AND 'CLIENT' = ANY(roles)`,
  vendor_user: `SELECT agent_id AS id FROM transactions.agents WHERE team_id = $1 AND agent_id = ANY($2::int[]) AND 'VENDOR' = ANY(roles)`,
  contact: `SELECT contact_id AS id FROM transactions.contacts WHERE team_id = $1 AND contact_id = ANY($2::int[])`,
};

/** Scope checks for one transaction, and the team-id checks of the edit rules. */
@Injectable()
export class TransactionAccessRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /** The transaction when the caller sees it (locked for update when a manager is given), else null. */
  async visible(scope: TransactionScope, clientId: number, manager?: EntityManager): Promise<VisibleTransaction | null> {
    return (await this.visibleMany(scope, [clientId], manager))[0] ?? null;
  }

  /** Of the ids, the transactions the caller sees, in id order (locked for update, in that order, when a manager is given). */
  async visibleMany(scope: TransactionScope, clientIds: readonly number[], manager?: EntityManager): Promise<VisibleTransaction[]> {
    const params: unknown[] = [[...clientIds]];
    const scoped = scopeSql(scope, params);
    return (manager ?? this.dataSource.manager).query(
      `SELECT t.client_id, t.team_id, t.type, t.primary_agent_id, t.status_id, t.pinned_on_boards, t.hidden_on_boards FROM transactions.transactions t
        WHERE t.client_id = ANY($1::int[]) AND ${scoped} ORDER BY t.client_id${manager ? ' FOR UPDATE' : ''}`,
      params,
    );
  }

  /** Whether the task is one of the transaction's. */
  async isTaskOf(clientId: number, taskId: number, manager?: EntityManager): Promise<boolean> {
    const rows: unknown[] = await (manager ?? this.dataSource.manager).query(
      `SELECT 1 FROM transactions.tasks WHERE task_id = $1 AND client_id = $2`,
      [taskId, clientId],
    );
    return rows.length > 0;
  }

  /** Whether the document is one of the transaction's. */
  async isDocumentOf(clientId: number, documentId: number, manager?: EntityManager): Promise<boolean> {
    const rows: unknown[] = await (manager ?? this.dataSource.manager).query(
      `SELECT 1 FROM transactions.documents WHERE document_id = $1 AND client_id = $2`,
      [documentId, clientId],
    );
    return rows.length > 0;
  }

  /** The ids of `kind` that are not the team's (an empty list: all are). */
  async notOfTeam(teamId: number, kind: TeamIdKind, ids: readonly number[], manager?: EntityManager): Promise<number[]> {
    if (ids.length === 0) return [];
    const found: { id: number }[] = await (manager ?? this.dataSource.manager).query(ID_SQL[kind], [teamId, [...new Set(ids)]]);
    const known = new Set(found.map((row) => row.id));
    return ids.filter((id) => !known.has(id));
  }
}
