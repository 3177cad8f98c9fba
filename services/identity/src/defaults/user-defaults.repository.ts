import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { UserDefaults } from '@app/contracts';
import type { ColumnOf, TableRow } from '@app/database';

export type StoredDefaults = UserDefaults & Pick<TableRow<'identity.teams'>, 'market_id'>;

/** Columns of identity.user_defaults a PATCH may set (whitelist for the dynamic upsert). */
export const DEFAULTS_COLUMNS = [
  'default_scope',
  'default_form',
  'default_buyer_form',
  'default_seller_form',
  'default_transaction_page_form',
  'ui_scale',
  'ui_font_weight',
  'dark_mode',
] as const satisfies readonly ColumnOf<'identity.user_defaults'>[];
export type DefaultsColumn = (typeof DEFAULTS_COLUMNS)[number];

@Injectable()
export class UserDefaultsRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /** The user's defaults (built-in values when never saved), or null for a user outside the team. */
  async find(agentId: number, teamId: number, manager: EntityManager = this.dataSource.manager): Promise<StoredDefaults | null> {
    const rows: StoredDefaults[] = await manager.query(
      `SELECT u.default_landing_page, t.market_id,
              d.default_scope, d.default_form, d.default_buyer_form, d.default_seller_form, d.default_transaction_page_form,
              COALESCE(d.ui_scale, 'ui-default') AS ui_scale,
              COALESCE(d.ui_font_weight, 'fw-400') AS ui_font_weight,
              COALESCE(d.dark_mode, false) AS dark_mode
         FROM identity.users u
         JOIN identity.teams t ON t.team_id = u.team_id
         LEFT JOIN identity.user_defaults d ON d.agent_id = u.agent_id
        WHERE u.agent_id = $1 AND u.team_id = $2
        FOR UPDATE OF u`,
      [agentId, teamId],
    );
    return rows[0] ?? null;
  }

  async setLandingPage(agentId: number, page: string, manager: EntityManager): Promise<void> {
    await manager.query(`UPDATE identity.users SET default_landing_page = $2, updated_ts = now() WHERE agent_id = $1`, [agentId, page]);
  }

  /** Upserts only the given columns. */
  async upsert(agentId: number, values: Partial<Record<DefaultsColumn, unknown>>, manager: EntityManager): Promise<void> {
    const columns = DEFAULTS_COLUMNS.filter((c) => values[c] !== undefined);
    if (!columns.length) return;
    const params = [agentId, ...columns.map((c) => values[c])];
    await manager.query(
      `INSERT INTO identity.user_defaults (agent_id, ${columns.join(', ')})
       VALUES ($1, ${columns.map((_c, i) => `$${i + 2}`).join(', ')})
       ON CONFLICT (agent_id) DO UPDATE SET ${columns.map((c) => `${c} = EXCLUDED.${c}`).join(', ')}, updated_ts = now()`,
      params,
    );
  }
}
