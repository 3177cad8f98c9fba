import type { DataSource } from 'typeorm';
import { TOOLTIP_IDS, type TooltipKey, type TooltipPosition } from '@app/contracts';

/** The default (market 0) help content of every widget key. */
export const DEFAULT_TOOLTIPS: Record<TooltipKey, { content: string; position: TooltipPosition }> = {
  reports: { content: "<p>Reports sum up your team's transactions for the dates and filters you choose.</p>", position: 'bottom' },
  'vendors-under-contract': {
    content: '<p>Vendors linked to transactions that are under contract: who is working on which file.</p>',
    position: 'bottom',
  },
  'admin-tasks': { content: '<p>Roadmap templates and their tasks: the steps each new transaction starts with.</p>', position: 'right' },
  'admin-forms': {
    content: '<p>Forms decide which fields the transaction list, modal and page show, and in which order.</p>',
    position: 'right',
  },
  'filter-status': { content: '<p>Filter by the status a transaction had between the two dates.</p>', position: 'top' },
  'title-company': { content: '<p>The title company handling the closing of this transaction.</p>', position: 'top' },
  'org-model': { content: '<p>How your organisation is set up: teams, roles and who reports to whom.</p>', position: 'bottom' },
  contacts: {
    content: '<p>Your contacts. Select two or more to merge duplicates; <strong>Export CSV</strong> saves the filtered list.</p>',
    position: 'bottom',
  },
  'message-center': { content: '<p>Direct messages and comments on your transactions, tasks and documents.</p>', position: 'bottom' },
};

/** Inserts the default tooltips that are missing (never changes one edited in the back office). */
export async function seedTooltips(dataSource: DataSource): Promise<number> {
  const rows = (Object.keys(TOOLTIP_IDS) as TooltipKey[]).map((key) => ({ id: TOOLTIP_IDS[key], ...DEFAULT_TOOLTIPS[key] }));
  const added: unknown[] = await dataSource.query(
    `INSERT INTO team_admin.tooltips (id, market_id, content, position)
     SELECT id, 0, content, position FROM jsonb_to_recordset($1::jsonb) AS t(id int, content text, position text)
     ON CONFLICT (id, market_id) DO NOTHING RETURNING id`,
    [JSON.stringify(rows)],
  );
  return added.length;
}
