import { Injectable, NotFoundException } from '@nestjs/common';
import type { AuthenticatedUser } from '@app/auth';
import {
  DEFAULT_MARKET_ID,
  TOOLTIP_CONTENT_MAX_LENGTH,
  TOOLTIP_IDS,
  TOOLTIP_MESSAGES,
  richTextTooLongMessage,
  type Tooltip,
  type TooltipRecord,
  type TooltipsResponse,
} from '@app/contracts';
import { FieldErrorsException } from '@app/platform';
import type { UpdateTooltipDto } from './dto/tooltip.dto';
import { TooltipsRepository, type TooltipRow } from './tooltips.repository';

const KEY_OF = new Map<number, string>(Object.entries(TOOLTIP_IDS).map(([key, id]) => [id, key]));

const tooltipOf = (row: TooltipRow): Tooltip => ({ id: row.id, content: row.content, position: row.position });
const recordOf = (row: TooltipRow): TooltipRecord => ({
  ...tooltipOf(row),
  market_id: row.market_id,
  key: KEY_OF.get(row.id) ?? null,
  updated_ts: new Date(row.updated_ts).toISOString(),
});

/**
 * Help tooltips (spec 001): any signed-in user reads them for a market; users with manage_tooltips
 * (checked by the controller's @Permissions) edit them in the back office.
 */
@Injectable()
export class TooltipsService {
  constructor(private readonly repository: TooltipsRepository) {}

  async forMarket(marketId: number | null | undefined): Promise<TooltipsResponse> {
    const rows = await this.repository.effective(marketId ?? DEFAULT_MARKET_ID);
    return { status: 'success', tooltips: Object.fromEntries(rows.map((row) => [String(row.id), tooltipOf(row)])) };
  }

  async list(marketId: number | null | undefined): Promise<{ records: TooltipRecord[] }> {
    return { records: (await this.repository.list(marketId ?? null)).map(recordOf) };
  }

  async get(id: number, marketId: number | null | undefined): Promise<TooltipRecord> {
    const row = await this.repository.effectiveOne(id, marketId ?? DEFAULT_MARKET_ID);
    if (!row) throw new NotFoundException(TOOLTIP_MESSAGES.notFound);
    return recordOf(row);
  }

  /** Saves a market's content of an existing id (a market other than 0 gets its own override). */
  async update(
    caller: AuthenticatedUser,
    id: number,
    body: UpdateTooltipDto,
  ): Promise<{ status: 'success'; message: string; record: TooltipRecord }> {
    // The stored HTML itself, after sanitising, is bounded too (the decorator counts its text).
    if (body.content.length > TOOLTIP_CONTENT_MAX_LENGTH) {
      throw new FieldErrorsException([{ field: 'content', error: richTextTooLongMessage(TOOLTIP_CONTENT_MAX_LENGTH) }]);
    }
    if (!(await this.repository.exists(id))) throw new NotFoundException(TOOLTIP_MESSAGES.notFound);
    const row = await this.repository.upsert(
      { id, market_id: body.market_id, content: body.content, position: body.position },
      caller.agent_id,
    );
    return { status: 'success', message: TOOLTIP_MESSAGES.updated, record: recordOf(row) };
  }
}
