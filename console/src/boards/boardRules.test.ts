import { describe, expect, it } from 'vitest';
import {
  appendPage,
  cardFieldTexts,
  cardInColumn,
  cardsQuery,
  columnsQuery,
  dropPlan,
  emptyColumn,
  landingIndex,
  menuItemsOf,
  moveCard,
  sideLabel,
  swipeDirection,
  swipedIndex,
  usesBoardFilters,
  wantsNextPage,
  type ColumnCards,
} from './boardRules';
import { buildColumn, buildStatus, buildTaskCard, buildTransactionCard } from './testing';

const column = (cards: ColumnCards['cards'], overrides: Partial<ColumnCards> = {}): ColumnCards => ({
  ...emptyColumn(cards.length),
  cards,
  page: 1,
  loading: false,
  ...overrides,
});
const ids = (state: ColumnCards) => state.cards.map((card) => ('task_id' in card ? card.task_id : card.client_id));

describe('menuItemsOf', () => {
  it('gives an unpinned task card Pin to top and Move to bottom only', () => {
    expect(menuItemsOf(buildTaskCard(1)).map((item) => [item.label, item.disabled])).toEqual([
      ['Pin to top', false],
      ['Move to bottom', false],
    ]);
  });

  it("disables Pin to top on a pinned card and adds its Unpin ('Unpin task', 'Unpin transaction')", () => {
    expect(menuItemsOf(buildTaskCard(1, { pinned_on_boards: true })).map((item) => [item.action, item.label, item.disabled])).toEqual([
      ['pin', 'Pin to top', true],
      ['bottom', 'Move to bottom', false],
      ['unpin', 'Unpin task', false],
    ]);
    expect(menuItemsOf(buildTransactionCard(9, { pinned_on_boards: true })).map((item) => item.label)).toEqual([
      'Pin to top',
      'Move to bottom',
      'Unpin transaction',
      'Hide from boards',
    ]);
  });

  it('offers Hide from boards or Show on boards on a transaction card by hidden_on_boards', () => {
    expect(menuItemsOf(buildTransactionCard(9)).at(-1)).toEqual({ action: 'hide', label: 'Hide from boards', disabled: false });
    expect(menuItemsOf(buildTransactionCard(9, { hidden_on_boards: true })).at(-1)).toEqual({
      action: 'show',
      label: 'Show on boards',
      disabled: false,
    });
  });
});

describe('columnsQuery and cardsQuery', () => {
  it('send show_hidden and the filter keys on both calls of a transaction board', () => {
    const options = {
      showHidden: true,
      filters: { type_filter: 's' as const, client_stage_id: [1, 2], lane_keys: ['3', '5'], exclude_lost: true as const },
    };
    expect(columnsQuery('status', options).toString()).toBe(
      'show_hidden=true&type_filter=s&client_stage_id=1&client_stage_id=2&exclude_lost=true&lane_keys=3&lane_keys=5',
    );
    expect(cardsQuery('status', 5, 2, options).toString()).toBe(
      'column_id=5&page=2&per_page=15&show_hidden=true&type_filter=s&client_stage_id=1&client_stage_id=2&exclude_lost=true&lane_keys=3&lane_keys=5',
    );
    expect(cardsQuery('stages', 1, 1, { showHidden: false }).toString()).toBe('column_id=1&page=1&per_page=15&show_hidden=false');
  });

  it('send neither show_hidden nor filter keys on the task board', () => {
    expect(columnsQuery('tasks', { showHidden: true, filters: { type_filter: 's' } }).toString()).toBe('');
    expect(cardsQuery('tasks', 3, 1, { showHidden: true, filters: { type_filter: 's' } }).toString()).toBe(
      'column_id=3&page=1&per_page=15',
    );
  });
});

describe('moveCard', () => {
  const pinned = buildTaskCard(1, { pinned_on_boards: true });
  const board = () => ({
    1: column([buildTaskCard(10), buildTaskCard(11)]),
    2: column([pinned, buildTaskCard(20), buildTaskCard(21)]),
  });

  it('lands the card after the pinned cards of the target, totals following', () => {
    const moved = moveCard(board(), 1, 2, 11, (card) => cardInColumn('tasks', card, buildColumn(2, 'In Progress')));
    expect(ids(moved[1])).toEqual([10]);
    expect(ids(moved[2])).toEqual([1, 11, 20, 21]);
    expect([moved[1].total, moved[2].total]).toEqual([1, 4]);
    expect(moved[2].cards[1]).toMatchObject({ task_id: 11, status_id: 2 });
  });

  it('changes nothing for a drop into its own column or an unknown card', () => {
    const state = board();
    expect(moveCard(state, 1, 1, 10)).toEqual(state);
    expect(moveCard(state, 1, 2, 99)).toEqual(state);
  });

  it('puts a card at the head of a column without pinned cards', () => {
    expect(landingIndex([buildTaskCard(5)])).toBe(0);
    expect(landingIndex([pinned, buildTaskCard(2, { pinned_on_boards: true }), buildTaskCard(5)])).toBe(2);
  });

  it('gives the optimistic copy its new stage or status', () => {
    const card = buildTransactionCard(9);
    expect(cardInColumn('stages', card, buildColumn(4, 'Cold', { color: '#000000', font_color: 'light' }))).toMatchObject({
      stage: { id: 4, label: 'Cold' },
      status_id: 3,
    });
    expect(cardInColumn('status', card, buildColumn(5, 'Under Contract'))).toMatchObject({
      status_id: 5,
      status: 'Under Contract',
      color_css: 'status-5',
    });
  });
});

describe('appendPage and wantsNextPage', () => {
  it('adds the next page without repeating cards moved in meanwhile', () => {
    const state = column([buildTaskCard(1), buildTaskCard(2)], { hasNext: true, total: 4 });
    const next = appendPage(state, [buildTaskCard(2), buildTaskCard(3)], 2, false, 4);
    expect(ids(next)).toEqual([1, 2, 3]);
    expect({ page: next.page, hasNext: next.hasNext, loading: next.loading }).toEqual({ page: 2, hasNext: false, loading: false });
  });

  it('asks for the next page near the bottom only while has_next and nothing is loading', () => {
    const cards = Array.from({ length: 15 }, (_, index) => buildTaskCard(index + 1));
    expect(wantsNextPage(column(cards, { hasNext: true }), 10)).toBe(false);
    expect(wantsNextPage(column(cards, { hasNext: true }), 11)).toBe(true);
    expect(wantsNextPage(column(cards, { hasNext: false }), 14)).toBe(false);
    expect(wantsNextPage(column(cards, { hasNext: true, loading: true }), 14)).toBe(false);
  });
});

describe('dropPlan', () => {
  const statuses = [buildStatus(1, 'Pipeline'), buildStatus(5, 'Under Contract', ['under_contract_dt', 'est_close_dt'])];

  it('moves a task by its status, unless it needs its document for a done column', () => {
    expect(dropPlan('tasks', buildTaskCard(4), 1, 2, statuses)).toEqual({ kind: 'task-status', taskId: 4, clientId: 500, statusId: 2 });
    expect(dropPlan('tasks', buildTaskCard(4, { doc_type_id: 8, doc_id: null }), 1, 3, statuses)).toEqual({ kind: 'document-required' });
    expect(dropPlan('tasks', buildTaskCard(4, { doc_type_id: 8, doc_id: null }), 1, 2, statuses).kind).toBe('task-status');
  });

  it('changes the stage on the stages board and asks the status dialog on the status board', () => {
    expect(dropPlan('stages', buildTransactionCard(9), 2, 4, statuses)).toEqual({ kind: 'stage', clientId: 9, stageId: 4 });
    expect(dropPlan('status', buildTransactionCard(9), 3, 5, statuses)).toEqual({ kind: 'status', clientId: 9, target: statuses[1] });
  });

  it('does nothing for the same column, a card the caller may not act on, or an unknown status', () => {
    expect(dropPlan('stages', buildTransactionCard(9), 2, 2, statuses).kind).toBe('none');
    expect(dropPlan('stages', buildTransactionCard(9, { can_act: false }), 2, 4, statuses).kind).toBe('none');
    expect(dropPlan('status', buildTransactionCard(9), 3, 77, statuses).kind).toBe('none');
  });
});

describe('the phone', () => {
  it('swipes to the previous or next column without wrapping', () => {
    expect(swipeDirection(-120, 10)).toBe(1);
    expect(swipeDirection(120, 10)).toBe(-1);
    expect(swipeDirection(30, 0)).toBe(0);
    expect(swipeDirection(-80, 100)).toBe(0);
    expect(swipedIndex(0, -1, 4)).toBe(0);
    expect(swipedIndex(3, 1, 4)).toBe(3);
    expect(swipedIndex(1, 1, 4)).toBe(2);
  });

  it("reads a task's and a transaction's side as Seller or Buyer", () => {
    const labels = { seller: 'Seller', buyer: 'Buyer' };
    expect([sideLabel('seller', labels), sideLabel('buyer', labels), sideLabel('Seller', labels), sideLabel('Buyer', labels)]).toEqual([
      'Seller',
      'Buyer',
      'Seller',
      'Buyer',
    ]);
  });
});

describe('rights', () => {
  it('offers the filter sidebar to every board role but a vendor alone', () => {
    expect(usesBoardFilters(['ADMIN'])).toBe(true);
    expect(usesBoardFilters(['AGENT'])).toBe(true);
    expect(usesBoardFilters(['ISISA'])).toBe(true);
    expect(usesBoardFilters(['TRANC'])).toBe(true);
    expect(usesBoardFilters(['VENDOR'])).toBe(false);
    expect(usesBoardFilters(['VENDOR', 'AGENT'])).toBe(true);
    expect(usesBoardFilters([])).toBe(false);
  });
});

describe('cardFieldTexts', () => {
  it("formats a transaction card's fields as the list's cells of their types, in field_order", () => {
    const card = buildTransactionCard(9, {
      field_order: ['trans_amt', 'gci_pct', 'est_close_dt', 'square_feet', 'hoa', 'mls_number', 'co_op_phone'],
      values: {
        trans_amt: { label: 'Price', value: 1101000, type: 'amount' },
        gci_pct: { label: 'GCI %', value: 2.75, type: 'percent' },
        // Dates come as the list answers them: MM/DD/YYYY.
        est_close_dt: { label: 'Est. Close Date', value: '03/15/2030', type: 'date' },
        square_feet: { label: 'Square Feet', value: 2400, type: 'number' },
        hoa: { label: 'HOA', value: 'Y', type: 'yn' },
        mls_number: { label: 'MLS #', value: 'MLS-0', type: 'text' },
        co_op_phone: { label: 'Co-op Phone', value: '5125550123', type: 'phone' },
      },
    });
    expect(cardFieldTexts(card).map((field) => `${field.label}: ${field.text}`)).toEqual([
      'Price: $1,101,000.00',
      'GCI %: 2.75%',
      'Est. Close Date: 03/15/2030',
      'Square Feet: 2,400',
      'HOA: Yes',
      'MLS #: MLS-0',
      'Co-op Phone: (512) 555-0123',
    ]);
  });

  it('gives an empty value no text and leaves out a key without a value', () => {
    const card = buildTransactionCard(9, {
      field_order: ['trans_amt', 'gone', 'gci_pct'],
      values: { trans_amt: { label: 'Price', value: null, type: 'amount' }, gci_pct: { label: 'GCI %', value: '3', type: 'percent' } },
    });
    expect(cardFieldTexts(card)).toEqual([
      { key: 'trans_amt', label: 'Price', text: '' },
      { key: 'gci_pct', label: 'GCI %', text: '3%' },
    ]);
  });
});
