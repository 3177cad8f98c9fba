import { describe, expect, it } from 'vitest';
import { isFlaggedAsAgent, transactionsLinkOf } from './links';

const params = (url: string | null) => (url ? Object.fromEntries([...new URL(url, 'http://x').searchParams.entries()]) : null);

describe(transactionsLinkOf.name, () => {
  const closed = { context: 't1', client_filter: 'closed', status_start_date: '11-01-2026', status_end_date: '11-30-2026' } as const;

  it('opens the transactions list with the link parameters and referrer_filter=dashboards', () => {
    const url = transactionsLinkOf(closed, ['ADMIN']);
    expect(url?.startsWith('/app/transactions?')).toBe(true);
    expect(params(url)).toEqual({ ...closed, referrer_filter: 'dashboards' });
  });

  it("moves an ISA's context (i, not ig) to appt_set_by_filter", () => {
    expect(params(transactionsLinkOf({ ...closed, context: 'i42' }, ['ADMIN']))).toEqual({
      client_filter: 'closed',
      status_start_date: '11-01-2026',
      status_end_date: '11-30-2026',
      appt_set_by_filter: 'i42',
      referrer_filter: 'dashboards',
    });
    expect(params(transactionsLinkOf({ ...closed, context: 'ig1' }, ['ADMIN']))).toMatchObject({ context: 'ig1' });
    expect(params(transactionsLinkOf({ ...closed, context: 'a7' }, ['ADMIN']))).toMatchObject({ context: 'a7' });
  });

  it('makes a team-context link unclickable for AGENT and ISISA', () => {
    expect(transactionsLinkOf(closed, ['AGENT'])).toBeNull();
    expect(transactionsLinkOf(closed, ['ISISA'])).toBeNull();
    expect(transactionsLinkOf({ ...closed, context: 'a7' }, ['AGENT'])).not.toBeNull();
    expect(transactionsLinkOf({ ...closed, context: 'i7' }, ['ISISA'])).not.toBeNull();
    expect(transactionsLinkOf(closed, ['TRANC'])).not.toBeNull();
  });

  it('repeats list keys, keeps tag groups as JSON and has no link without parameters', () => {
    const url = transactionsLinkOf(
      { context: 'a7', client_stage_id: [1, 2], tag_filters: [[{ tag_filter_modifier: 'exists', tag_filter_id: 3 }]] },
      ['ADMIN'],
    );
    const query = new URL(url!, 'http://x').searchParams;
    expect(query.getAll('client_stage_id')).toEqual(['1', '2']);
    expect(JSON.parse(query.get('tag_filters')!)).toEqual([[{ tag_filter_modifier: 'exists', tag_filter_id: 3 }]]);
    expect(transactionsLinkOf(null, ['ADMIN'])).toBeNull();
  });
});

describe(isFlaggedAsAgent.name, () => {
  it('flags AGENT and ISISA unless they also hold a team role', () => {
    expect(isFlaggedAsAgent(['AGENT'])).toBe(true);
    expect(isFlaggedAsAgent(['ISISA'])).toBe(true);
    expect(isFlaggedAsAgent(['ADMIN', 'AGENT'])).toBe(false);
    expect(isFlaggedAsAgent(['TRANC'])).toBe(false);
    expect(isFlaggedAsAgent(undefined)).toBe(false);
  });
});
