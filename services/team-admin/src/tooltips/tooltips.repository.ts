import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { TooltipPosition } from '@app/contracts';
import type { ColumnOf, Narrow, TableRow } from '@app/database';

const COLUMN_NAMES = ['id', 'market_id', 'content', 'position', 'updated_ts'] as const satisfies readonly ColumnOf<'team_admin.tooltips'>[];

export type TooltipRow = Narrow<Pick<TableRow<'team_admin.tooltips'>, (typeof COLUMN_NAMES)[number]>, { position: TooltipPosition }>;

const COLUMNS = COLUMN_NAMES.join(', ');

/** team_admin.tooltips: platform help content per market (0 the default). */
@Injectable()
export class TooltipsRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /** Each id once: the market's own row where it has one, else the default (market 0). */
  effective(marketId: number): Promise<TooltipRow[]> {
    return this.dataSource.query(
      `SELECT DISTINCT ON (id) ${COLUMNS} FROM team_admin.tooltips
        WHERE market_id IN (0, $1)
        ORDER BY id, (market_id = $1) DESC`,
      [marketId],
    );
  }

  /** One id as a market sees it (its own row, else the default); null when the id has neither. */
  async effectiveOne(id: number, marketId: number): Promise<TooltipRow | null> {
    const [row] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM team_admin.tooltips WHERE id = $1 AND market_id IN (0, $2) ORDER BY (market_id = $2) DESC LIMIT 1`,
      [id, marketId],
    );
    return row ?? null;
  }

  /** Every row (the back office's list), or one market's. */
  list(marketId: number | null): Promise<TooltipRow[]> {
    return this.dataSource.query(
      `SELECT ${COLUMNS} FROM team_admin.tooltips WHERE $1::int IS NULL OR market_id = $1 ORDER BY id, market_id`,
      [marketId],
    );
  }

  async exists(id: number): Promise<boolean> {
    const [row] = await this.dataSource.query(`SELECT 1 FROM team_admin.tooltips WHERE id = $1 AND market_id = 0`, [id]);
    return !!row;
  }

  /** Writes a market's content of an id (a new override, or a change). */
  async upsert(
    tooltip: { id: number; market_id: number; content: string; position: TooltipPosition },
    agentId: number,
  ): Promise<TooltipRow> {
    const [row] = await this.dataSource.query(
      `INSERT INTO team_admin.tooltips (id, market_id, content, position, updated_by_agent_id, updated_ts)
       VALUES ($1, $2, $3, $4, $5, now())
       ON CONFLICT (id, market_id) DO UPDATE SET content = EXCLUDED.content, position = EXCLUDED.position,
         updated_by_agent_id = EXCLUDED.updated_by_agent_id, updated_ts = now()
       RETURNING ${COLUMNS}`,
      [tooltip.id, tooltip.market_id, tooltip.content, tooltip.position, agentId],
    );
    return row;
  }
}
