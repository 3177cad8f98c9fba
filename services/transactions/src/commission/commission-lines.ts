import type { EntityManager } from 'typeorm';
import { preparedQuery, type TableRow } from '@app/database';

/**
 * A transaction's commission lines (spec 000 section 3): copies of its primary agent's default templates
 * for its side, each amount = gross_commission_amt x pct / 100 + flat_amt (2 decimals). Written by
 * TransactionWriter in the changing database transaction; a closed transaction's lines never change
 * (the callers only call these while it is not closed).
 */
const amountSql = (gross: string, pct: string, flat: string) => `round(coalesce(${gross}, 0) * ${pct} / 100 + ${flat}, 2)`;

/** Replaces the lines of the transactions with copies of their primary agent's default templates for their side. */
export async function copyDefaultLines(
  manager: EntityManager,
  clientIds: readonly number[],
  options: { replace: boolean } = { replace: true },
): Promise<void> {
  if (clientIds.length === 0) return;
  // A new transaction has no lines to replace.
  if (options.replace)
    await preparedQuery(manager, `DELETE FROM transactions.commission_lines WHERE client_id = ANY($1::int[])`, [clientIds]);
  await preparedQuery(
    manager,
    `INSERT INTO transactions.commission_lines (client_id, team_id, commission_template_id, name, cap_kind, pct, flat_amt, amount)
     SELECT client_id, team_id, commission_template_id, name, cap_kind, ct_pct, ct_flat, ${amountSql('gross', 'ct_pct', 'ct_flat')}
       FROM (SELECT t.client_id, t.team_id, t.gross_commission_amt AS gross, ct.commission_template_id, ct.name, ct.cap_kind,
                    ct.pct AS ct_pct, ct.flat_amt AS ct_flat
               FROM transactions.transactions t
               JOIN transactions.agents a ON a.agent_id = t.primary_agent_id
               JOIN transactions.commission_templates ct
                 ON ct.team_id = t.team_id AND ct.client_type_id = t.type
                AND ct.commission_template_id = ANY(CASE t.type WHEN 'b' THEN a.default_buyer_commission_templates ELSE a.default_seller_commission_templates END)
              WHERE t.client_id = ANY($1::int[])) x
      ORDER BY client_id, commission_template_id`,
    [clientIds],
  );
}

/** Recomputes the lines' amounts from the transactions' gross commission. */
export async function recomputeLineAmounts(manager: EntityManager, clientIds: readonly number[]): Promise<void> {
  if (clientIds.length === 0) return;
  await manager.query(
    `UPDATE transactions.commission_lines l SET amount = ${amountSql('t.gross_commission_amt', 'l.pct', 'l.flat_amt')}
       FROM transactions.transactions t
      WHERE t.client_id = l.client_id AND l.client_id = ANY($1::int[])`,
    [clientIds],
  );
}

/**
 * The seed's transactions that have no lines yet get copies of every one of the team's templates for their
 * side (the seed's templates, templateIds): the seed makes them every agent's defaults (identity's commission-defaults step), but only
 * after these transactions exist. A second run adds nothing.
 */
export async function seedLinesWhereNone(manager: EntityManager, teamId: number, templateIds: readonly number[]): Promise<number> {
  const rows: Pick<TableRow<'transactions.commission_lines'>, 'client_id'>[] = await manager.query(
    `INSERT INTO transactions.commission_lines (client_id, team_id, commission_template_id, name, cap_kind, pct, flat_amt, amount)
     SELECT t.client_id, t.team_id, ct.commission_template_id, ct.name, ct.cap_kind, ct.pct, ct.flat_amt,
            ${amountSql('t.gross_commission_amt', 'ct.pct', 'ct.flat_amt')}
       FROM transactions.transactions t
       JOIN transactions.commission_templates ct ON ct.team_id = t.team_id AND ct.client_type_id = t.type AND ct.commission_template_id = ANY($2::int[])
      WHERE t.team_id = $1 AND t.primary_agent_id IS NOT NULL
        AND t.client_id IN (SELECT h.client_id FROM transactions.transaction_history h WHERE h.team_id = $1 AND h.source = 'seed' AND h.field = 'created')
        AND NOT EXISTS (SELECT 1 FROM transactions.commission_lines l WHERE l.client_id = t.client_id)
      ORDER BY t.client_id, ct.commission_template_id
     RETURNING client_id`,
    [teamId, templateIds],
  );
  return new Set(rows.map((row) => row.client_id)).size;
}
