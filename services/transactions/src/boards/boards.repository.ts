import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { BoardColumn } from '@app/contracts';
import { scopeSql, type TransactionScope } from '../transactions/transactions.repository';

/** The column a transaction board groups by. */
export const TRANSACTION_BOARD_COLUMNS = {
  stages: { table: 'transactions.stages', id: 'stage_id', column: 't.stage_id' },
  status: { table: 'transactions.statuses', id: 'status_id', column: 't.status_id' },
} as const;
export type TransactionBoard = keyof typeof TRANSACTION_BOARD_COLUMNS;

/** The stages and status boards' columns and their totals. */
@Injectable()
export class BoardsRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /**
   * The team's stages or statuses in pipeline order (only `lanes` when given), each with the number of
   * the caller's transactions in it that the terms keep, in one query (one GROUP BY over the team's rows).
   */
  async transactionColumns(
    board: TransactionBoard,
    scope: TransactionScope,
    terms: (params: unknown[]) => string[],
    lanes: readonly number[] | null,
  ): Promise<BoardColumn[]> {
    const { table, id, column } = TRANSACTION_BOARD_COLUMNS[board];
    const params: unknown[] = [];
    const where = [scopeSql(scope, params), ...terms(params)];
    const team = `$${params.push(scope.teamId)}`;
    const onlyLanes = lanes ? ` AND o.${id} = ANY($${params.push(lanes)}::int[])` : '';
    return this.dataSource.query(
      `SELECT o.${id} AS id, o.label, o.color, o.font_color, coalesce(c.total, 0)::int AS total
         FROM ${table} o
         LEFT JOIN (SELECT ${column} AS id, count(*) AS total FROM transactions.transactions t WHERE ${where.join(' AND ')} GROUP BY ${column}) c ON c.id = o.${id}
        WHERE o.team_id = ${team}${onlyLanes}
        ORDER BY o.sort, o.${id}`,
      params,
    );
  }

  /** Whether the id is a column (stage or status) of the team's board. */
  async isColumnOf(board: TransactionBoard, teamId: number, columnId: number): Promise<boolean> {
    const { table, id } = TRANSACTION_BOARD_COLUMNS[board];
    const rows: unknown[] = await this.dataSource.query(`SELECT 1 FROM ${table} WHERE team_id = $1 AND ${id} = $2`, [teamId, columnId]);
    return rows.length > 0;
  }
}
