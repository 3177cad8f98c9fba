import { describe, expect, it } from 'vitest';
import { filtersFromForm } from './BoardFilters';
import {
  boardStateFromParams,
  boardStateToParams,
  cleared,
  DEFAULT_BOARD_STATE,
  NO_BOARD_FILTERS,
  tileActive,
  toBoardQuery,
  withPerPage,
  withSort,
  withTile,
  type EsignBoardState,
} from './boardState';
import { contrastRatio, MIN_CONTRAST } from '../../transactions/statusStyles';
import { addressOf, auditTimes, canCancel, creatorOf, hasAuditLog, statusColoursOf, statusLabelOf } from './format';
import { buildRow } from './testing';

const query = (state: EsignBoardState, clientId?: number) =>
  Object.fromEntries(toBoardQuery(state, { clientId, timeZone: 'America/Chicago' }));

describe('the board query', () => {
  it('asks for 50 of every status with the totals, by created_ts descending', () => {
    expect(query(DEFAULT_BOARD_STATE)).toEqual({
      include_status_totals: 'true',
      page: '1',
      per_page: '50',
      order_by: 'created_ts',
      order_dir: 'desc',
    });
  });

  it('sends the statuses, creators, search, the chosen date type’s range as MM/dd/yyyy, and client_id on a transaction', () => {
    const state: EsignBoardState = {
      ...DEFAULT_BOARD_STATE,
      statuses: ['S', 'V'],
      users: [1, 2],
      dateType: 'completed',
      preset: 'custom',
      start: '01-05-2026',
      end: '01-31-2026',
      search: 'oak',
    };
    expect(query(state, 55)).toEqual({
      include_status_totals: 'true',
      page: '1',
      per_page: '50',
      order_by: 'created_ts',
      order_dir: 'desc',
      quick_search_filter: 'oak',
      allowed_statuses: 'S,V',
      created_by_agent_ids: '1,2',
      completed_start_dt: '01/05/2026',
      completed_end_dt: '01/31/2026',
      time_zone: 'America/Chicago',
      client_id: '55',
    });
    expect(query({ ...state, dateType: 'created' })).toMatchObject({ created_start_dt: '01/05/2026', created_end_dt: '01/31/2026' });
  });
});

describe('the board in the URL', () => {
  it('keeps only what differs from the default, and reads it back', () => {
    expect(boardStateToParams(DEFAULT_BOARD_STATE).toString()).toBe('');
    const state: EsignBoardState = {
      ...DEFAULT_BOARD_STATE,
      page: 3,
      per_page: 100,
      order_by: 'status',
      order_dir: 'asc',
      statuses: ['C'],
      users: [4],
      dateType: 'completed',
      preset: 'thisMonth',
      start: '11-01-2026',
      end: '11-30-2026',
      search: 'elm',
    };
    const params = boardStateToParams(state, new URLSearchParams('other=1'));
    expect(params.get('other')).toBe('1');
    expect(boardStateFromParams(params)).toEqual(state);
  });

  it('drops what it does not know', () => {
    const state = boardStateFromParams(
      new URLSearchParams(
        'page=-2&per_page=30&order_by=name&order_dir=up&status=C,D,X,S&user=a,3,3,-1&date_type=x&preset=soon&from=02-30-2026&to=13/01/2026',
      ),
    );
    expect(state).toEqual({ ...DEFAULT_BOARD_STATE, statuses: ['S', 'C'], users: [3] });
  });
});

describe('board changes', () => {
  it('filters on a tile’s status (Total: none) and starts at page 1', () => {
    const state = { ...DEFAULT_BOARD_STATE, page: 4, statuses: ['S' as const, 'V' as const] };
    expect(withTile(state, 'C')).toMatchObject({ statuses: ['C'], page: 1 });
    expect(withTile(state, null)).toMatchObject({ statuses: [], page: 1 });
    expect(tileActive(withTile(state, 'C'), 'C')).toBe(true);
    expect(tileActive(state, null)).toBe(false);
    expect(tileActive(DEFAULT_BOARD_STATE, null)).toBe(true);
  });

  it('sorts words A to Z and dates newest first, turning round on a second click', () => {
    expect(withSort(DEFAULT_BOARD_STATE, 'template_name')).toMatchObject({ order_by: 'template_name', order_dir: 'asc' });
    expect(withSort(withSort(DEFAULT_BOARD_STATE, 'template_name'), 'template_name')).toMatchObject({ order_dir: 'desc' });
    expect(withSort(DEFAULT_BOARD_STATE, 'completed_ts')).toMatchObject({ order_by: 'completed_ts', order_dir: 'desc' });
    expect(withSort(DEFAULT_BOARD_STATE, 'created_ts')).toMatchObject({ order_by: 'created_ts', order_dir: 'asc' });
    expect(withSort(DEFAULT_BOARD_STATE, 'nope')).toBe(DEFAULT_BOARD_STATE);
  });

  it('offers 20, 50, 100 and 500 rows a page', () => {
    expect(withPerPage({ ...DEFAULT_BOARD_STATE, page: 3 }, 500)).toMatchObject({ per_page: 500, page: 1 });
    expect(withPerPage(DEFAULT_BOARD_STATE, 25)).toBe(DEFAULT_BOARD_STATE);
  });

  it('clears the filters and the search, keeping the sort and page size', () => {
    const state: EsignBoardState = {
      ...DEFAULT_BOARD_STATE,
      per_page: 20,
      order_by: 'status',
      statuses: ['C'],
      users: [3],
      start: '01-01-2026',
      end: '01-02-2026',
      preset: 'custom',
      dateType: 'completed',
      search: 'x',
      page: 2,
    };
    expect(cleared(state)).toEqual({ ...DEFAULT_BOARD_STATE, per_page: 20, order_by: 'status' });
  });
});

describe('the filter form', () => {
  const applied = { ...NO_BOARD_FILTERS, preset: 'thisMonth' as const, start: '11-01-2026', end: '11-30-2026' };

  it('applies a whole range, keeps the one in use while a date is being typed or out of order, and drops both when emptied', () => {
    const base = { statuses: ['V', 'S'], users: [9, 3], dateType: 'created' as const };
    expect(filtersFromForm({ ...base, preset: 'custom', start: '01-05-2026', end: '01-31-2026' }, applied)).toEqual({
      statuses: ['S', 'V'],
      users: [3, 9],
      dateType: 'created',
      preset: 'custom',
      start: '01-05-2026',
      end: '01-31-2026',
    });
    expect(filtersFromForm({ ...base, preset: 'custom', start: '01-05-2026', end: '01-3' }, applied)).toMatchObject({
      start: '11-01-2026',
      end: '11-30-2026',
      preset: 'thisMonth',
    });
    expect(filtersFromForm({ ...base, preset: 'custom', start: '01-05-2026', end: '01-01-2026' }, applied)).toMatchObject({
      start: '11-01-2026',
      end: '11-30-2026',
    });
    expect(filtersFromForm({ ...base, preset: 'custom', start: null, end: null }, applied)).toMatchObject({
      preset: null,
      start: null,
      end: null,
    });
  });

  it('takes a range open at one end: one date cleared leaves the other as its only bound, not the range before', () => {
    const base = { statuses: [], users: [], dateType: 'created' as const, preset: 'custom' };
    expect(filtersFromForm({ ...base, start: '11-01-2026', end: null }, applied)).toMatchObject({
      preset: 'custom',
      start: '11-01-2026',
      end: null,
    });
    expect(filtersFromForm({ ...base, start: '', end: '11-30-2026' }, applied)).toMatchObject({
      preset: 'custom',
      start: null,
      end: '11-30-2026',
    });
    // A date still being typed on the other side keeps the range in use.
    expect(filtersFromForm({ ...base, start: '11-0', end: null }, applied)).toMatchObject({ start: '11-01-2026', end: '11-30-2026' });
  });
});

describe('how a request reads', () => {
  it('names D and E Declined and Expired, and an archived request Cancelled', () => {
    expect(statusLabelOf({ status: 'D', archived: false })).toBe('Declined');
    expect(statusLabelOf({ status: 'E', archived: false })).toBe('Expired');
    expect(statusLabelOf({ status: 'P', archived: false })).toBe('Partially Signed');
    expect(statusLabelOf({ status: 'S', archived: true })).toBe('Cancelled');
  });

  it('colours every status tag with text that reads (4.5:1)', () => {
    for (const status of ['S', 'V', 'P', 'C', 'D', 'F', 'E'] as const) {
      for (const archived of [false, true]) {
        const colours = statusColoursOf({ status, archived });
        expect({ status, archived, readable: contrastRatio(colours.backgroundColor, colours.color) >= MIN_CONTRAST }).toEqual({
          status,
          archived,
          readable: true,
        });
      }
    }
  });

  it('offers Cancel on S, V, P and F not cancelled yet, and the Audit Log on C', () => {
    const statuses = ['S', 'V', 'P', 'C', 'D', 'F', 'E'] as const;
    expect(statuses.filter((status) => canCancel({ status, archived: false }))).toEqual(['S', 'V', 'P', 'F']);
    expect(canCancel({ status: 'S', archived: true })).toBe(false);
    expect(statuses.filter((status) => hasAuditLog({ status }))).toEqual(['C']);
  });

  it('writes the address and the creator from their parts', () => {
    expect(addressOf(buildRow(1).transaction)).toBe('12 Oak St, Unit 4, Austin, TX 78701');
    expect(addressOf({ client_id: 1, address_1: '9 Pine Rd', address_2: '', city: '', state: 'TX', postal_code: '' })).toBe(
      '9 Pine Rd, TX',
    );
    expect(creatorOf(buildRow(1))).toBe('Dana Admin');
  });

  it('shows an audit time in the user’s zone and in UTC', () => {
    expect(auditTimes('2026-07-04T23:05:09.000Z', 'America/Chicago')).toEqual({
      local: '07/04/2026 6:05:09 PM CDT',
      utc: '2026-07-04 23:05:09 UTC',
    });
    expect(auditTimes('not a time', 'UTC')).toEqual({ local: 'not a time', utc: '' });
  });
});
