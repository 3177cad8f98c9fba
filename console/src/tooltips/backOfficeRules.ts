import type { TooltipPosition, TooltipRecord, TooltipUpdate } from '@app/contracts';
import { TOOLTIP_POSITIONS } from '@app/contracts';
import { TOOLTIP_LABELS as L } from './messages';

/** The data provider's resource (dataProvider/resources.ts). */
export const TOOLTIPS = 'tooltips';

export const POSITION_CHOICES = TOOLTIP_POSITIONS.map((position) => ({ id: position, name: L.positions[position] }));

/** The market of the edit page's URL (?market_id=), 0 when absent or not a whole number. */
export function marketIdOf(search: string): number {
  const raw = new URLSearchParams(search).get('market_id');
  return raw && /^\d+$/.test(raw) ? Number(raw) : 0;
}

/** The text of a tooltip's HTML, cut for the list. */
export function contentPreview(html: string, max = 80): string {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** The edit form's values: the market the page was opened for (the record may be the default one). */
export function formValuesOf(record: TooltipRecord, marketId: number): TooltipUpdate {
  return { market_id: marketId, content: record.content, position: record.position };
}

/** What PATCH /tooltips/{id} gets. */
export function tooltipUpdateOf(values: Record<string, unknown>): TooltipUpdate {
  const market = typeof values.market_id === 'number' ? values.market_id : Number(values.market_id ?? 0);
  return {
    market_id: Number.isInteger(market) && market >= 0 ? market : 0,
    content: typeof values.content === 'string' ? values.content : '',
    position: (TOOLTIP_POSITIONS as readonly string[]).includes(values.position as string) ? (values.position as TooltipPosition) : 'top',
  };
}

/** The list's link to a row's edit page. */
export const editLinkOf = (record: Pick<TooltipRecord, 'id' | 'market_id'>) =>
  `/app/backoffice/tooltips/${record.id}${record.market_id ? `?market_id=${record.market_id}` : ''}`;
