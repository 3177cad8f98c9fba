import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { TransactionSnapshot } from '@app/contracts';
import type { Narrow, TableRow } from '@app/database';

@Injectable()
export class OpenTransactionsRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /** The team's open transactions (neither closed nor lost) after a client_id, whole rows as their events carry them. */
  async page(teamId: number, afterClientId: number, limit: number): Promise<TransactionSnapshot[]> {
    const rows: Narrow<Pick<TableRow<'transactions.transaction_snapshots'>, 'payload'>, { payload: TransactionSnapshot }>[] =
      await this.dataSource.query(
        `SELECT s.payload FROM transactions.transactions t JOIN transactions.transaction_snapshots s ON s.client_id = t.client_id
        WHERE t.team_id = $1 AND t.client_id > $2 AND t.status_category IN ('pipeline','active')
        ORDER BY t.client_id LIMIT $3`,
        [teamId, afterClientId, limit],
      );
    return rows.map((row) => row.payload);
  }
}
