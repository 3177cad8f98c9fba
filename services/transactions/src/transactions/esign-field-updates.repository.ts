import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Narrow, TableRow } from '@app/database';
import type { TransactionSide } from '@app/contracts';

/** A value of an e-sign request that was not written back, and why. */
export interface LeftOutChange {
  mapped_entity: string;
  mapped_field: string;
  reason: string;
}

type LockedTransaction = Narrow<Pick<TableRow<'transactions.transactions'>, 'client_id' | 'team_id' | 'type'>, { type: TransactionSide }>;

/** The e-sign write-back's queries (ApplyEsignFieldChangesWhenUpdateRequested), each in the event's transaction. */
@Injectable()
export class EsignFieldUpdatesRepository {
  /** The transaction locked for the change (FOR UPDATE, as the writer takes it); gone: null. */
  async lockTransaction(manager: EntityManager, clientId: number): Promise<LockedTransaction | null> {
    const rows: LockedTransaction[] = await manager.query(
      `SELECT client_id, team_id, type FROM transactions.transactions WHERE client_id = $1 FOR UPDATE`,
      [clientId],
    );
    return rows[0] ?? null;
  }

  /**
   * Claims an e-sign request's write-back for the transaction; false when it was applied before. A concurrent claim of
   * the same request waits for the first one's commit, then answers false; a failure later rolls the claim back.
   */
  async claim(manager: EntityManager, esigRequestId: number, clientId: number): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `INSERT INTO transactions.esign_field_updates (esig_request_id, client_id) VALUES ($1, $2) ON CONFLICT (esig_request_id) DO NOTHING RETURNING 1`,
      [esigRequestId, clientId],
    );
    return rows.length > 0;
  }

  async recordOutcome(
    manager: EntityManager,
    esigRequestId: number,
    changed: readonly string[],
    leftOut: readonly LeftOutChange[],
  ): Promise<void> {
    await manager.query(`UPDATE transactions.esign_field_updates SET changed = $2, left_out = $3::jsonb WHERE esig_request_id = $1`, [
      esigRequestId,
      changed,
      JSON.stringify(leftOut),
    ]);
  }

  /** The team's agents whose full name is this (any case): how a name the e-sign form showed turns back into an id. */
  async agentIdsNamed(manager: EntityManager, teamId: number, name: string): Promise<number[]> {
    const rows: Pick<TableRow<'transactions.agents'>, 'agent_id'>[] = await manager.query(
      `SELECT agent_id FROM transactions.agents WHERE team_id = $1 AND lower(btrim(first_name || ' ' || last_name)) = lower(btrim($2)) ORDER BY agent_id`,
      [teamId, name],
    );
    return rows.map((row) => row.agent_id);
  }
}
