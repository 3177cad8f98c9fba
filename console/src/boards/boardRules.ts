import {
  BOARD_CONSTANTS,
  CARD_MENU_LABELS,
  type Board,
  type BoardCard,
  type BoardColumn,
  type CardAction,
  type CardType,
  type Role,
  type StatusOption,
  type TaskCard,
  type TaskStatusId,
  type TransactionCard,
  type TransactionFilterKeys,
} from '@app/contracts';
import { appendFilterParams } from '../transactions/filters/filterKeys';
import { needsDocumentFirst } from '../tasks/taskRules';
import { formatFieldValue } from '../transactions/format';

// The boards' rules (spec 001 sections 2, 3, 4 and 9): the calls' queries, the context menu of a card, a
// card's place after an optimistic move and what a drop calls. Pure: the screens and the tests share them.

/** What the columns and their cards are asked with: show_hidden and the applied filter's keys (transaction boards). */
export interface BoardQueryOptions {
  showHidden: boolean;
  filters?: TransactionFilterKeys | null;
}

export const isTransactionBoard = (board: Board) => board !== 'tasks';
export const cardTypeOf = (board: Board): CardType => (board === 'tasks' ? 'task' : 'transaction');
export const isTaskCard = (card: BoardCard): card is TaskCard => 'task_id' in card;

/** The id a card goes by in PATCH /boards/cards and in the board's state: task_id or client_id. */
export const cardIdOf = (card: BoardCard): number => (isTaskCard(card) ? card.task_id : card.client_id);

/** The task board takes neither show_hidden nor filter keys; the transaction boards take both, the same on every call. */
function appendBoardOptions(query: URLSearchParams, board: Board, options: BoardQueryOptions): URLSearchParams {
  if (!isTransactionBoard(board)) return query;
  query.set('show_hidden', options.showHidden ? 'true' : 'false');
  return appendFilterParams(query, options.filters);
}

/** GET /boards/{board}: the columns' totals for the same filter and show_hidden as their cards. */
export function columnsQuery(board: Board, options: BoardQueryOptions): URLSearchParams {
  return appendBoardOptions(new URLSearchParams(), board, options);
}

/** GET /boards/{board}/cards: one page of one column. */
export function cardsQuery(
  board: Board,
  columnId: number,
  page: number,
  options: BoardQueryOptions,
  perPage: number = BOARD_CONSTANTS.perPage,
): URLSearchParams {
  const query = new URLSearchParams({ column_id: String(columnId), page: String(page), per_page: String(perPage) });
  return appendBoardOptions(query, board, options);
}

export interface CardMenuItem {
  action: CardAction;
  label: string;
  disabled: boolean;
}

/**
 * The context menu of a card (spec 001 section 4): Pin to top (disabled when pinned), Move to bottom, the
 * Unpin of a pinned card, and on a transaction card Hide from boards or Show on boards.
 */
export function menuItemsOf(card: BoardCard): CardMenuItem[] {
  const task = isTaskCard(card);
  const items: CardMenuItem[] = [
    { action: 'pin', label: CARD_MENU_LABELS.pin, disabled: card.pinned_on_boards },
    { action: 'bottom', label: CARD_MENU_LABELS.bottom, disabled: false },
  ];
  if (card.pinned_on_boards)
    items.push({ action: 'unpin', label: task ? CARD_MENU_LABELS.unpinTask : CARD_MENU_LABELS.unpinTransaction, disabled: false });
  if (!task) {
    const hidden = (card as TransactionCard).hidden_on_boards;
    items.push(
      hidden
        ? { action: 'show', label: CARD_MENU_LABELS.show, disabled: false }
        : { action: 'hide', label: CARD_MENU_LABELS.hide, disabled: false },
    );
  }
  return items;
}

/** The cards of a column as the board holds them: the pages read so far and the column's total. */
export interface ColumnCards {
  cards: BoardCard[];
  /** The last page read (0: none yet). */
  page: number;
  hasNext: boolean;
  loading: boolean;
  total: number;
  error: boolean;
}

export const emptyColumn = (total = 0): ColumnCards => ({ cards: [], page: 0, hasNext: false, loading: true, total, error: false });

/**
 * Where a card lands in a column before the server answers: after the pinned cards, at the head of the
 * others (a moved transaction is the latest updated; a task's place by due date comes with the reload).
 */
export function landingIndex(cards: readonly BoardCard[]): number {
  let index = 0;
  while (index < cards.length && cards[index].pinned_on_boards) index += 1;
  return index;
}

/** The board with a card moved from one column to another (totals follow); the same board when nothing moves. */
export function moveCard(
  columns: Readonly<Record<number, ColumnCards>>,
  fromId: number,
  toId: number,
  cardId: number,
  update: (card: BoardCard) => BoardCard = (card) => card,
): Record<number, ColumnCards> {
  const from = columns[fromId];
  const to = columns[toId];
  if (fromId === toId || !from || !to) return { ...columns };
  const card = from.cards.find((item) => cardIdOf(item) === cardId);
  if (!card) return { ...columns };
  const moved = update(card);
  const target = [...to.cards];
  target.splice(landingIndex(target), 0, moved);
  return {
    ...columns,
    [fromId]: { ...from, cards: from.cards.filter((item) => item !== card), total: Math.max(0, from.total - 1) },
    [toId]: { ...to, cards: target, total: to.total + 1 },
  };
}

/** The card as it reads in its new column (its task status, stage or status): the optimistic copy. */
export function cardInColumn(board: Board, card: BoardCard, column: BoardColumn): BoardCard {
  if (isTaskCard(card)) return { ...card, status_id: column.id as TaskStatusId };
  if (board === 'stages')
    return { ...card, stage: { id: column.id, label: column.label, color: column.color, font_color: column.font_color } };
  return { ...card, status_id: column.id, status: column.label, color_css: `status-${column.id}` };
}

/** A column's cards after the next page arrived: cards already there (moved in meanwhile) are not repeated. */
export function appendPage(column: ColumnCards, cards: readonly BoardCard[], page: number, hasNext: boolean, total: number): ColumnCards {
  const have = new Set(column.cards.map(cardIdOf));
  return {
    ...column,
    cards: [...column.cards, ...cards.filter((card) => !have.has(cardIdOf(card)))],
    page,
    hasNext,
    total,
    loading: false,
    error: false,
  };
}

/** Whether the list scrolled near its end: the next page is read when the last rendered card is this close. */
export const NEAR_END_CARDS = 3;
export function wantsNextPage(column: ColumnCards, lastRenderedIndex: number): boolean {
  return column.hasNext && !column.loading && !column.error && lastRenderedIndex >= column.cards.length - 1 - NEAR_END_CARDS;
}

/** What a drop of a card into another column does. */
export type DropPlan =
  | { kind: 'none' }
  /** A task needing its document dropped into a done column: the card goes back, the rule's dialog shows. */
  | { kind: 'document-required' }
  | { kind: 'task-status'; taskId: number; clientId: number; statusId: TaskStatusId }
  | { kind: 'stage'; clientId: number; stageId: number }
  /** The status-change dialog first (a confirmation for Pipeline). */
  | { kind: 'status'; clientId: number; target: StatusOption };

export function dropPlan(board: Board, card: BoardCard, fromId: number, toId: number, statuses: readonly StatusOption[]): DropPlan {
  if (fromId === toId || !card.can_act) return { kind: 'none' };
  if (board === 'tasks') {
    const task = card as TaskCard;
    if (needsDocumentFirst(task, toId)) return { kind: 'document-required' };
    return { kind: 'task-status', taskId: task.task_id, clientId: task.client_id, statusId: toId as TaskStatusId };
  }
  const transaction = card as TransactionCard;
  if (board === 'stages') return { kind: 'stage', clientId: transaction.client_id, stageId: toId };
  const target = statuses.find((status) => status.id === toId);
  return target ? { kind: 'status', clientId: transaction.client_id, target } : { kind: 'none' };
}

/** The column a card sits in on a board: its task status, its stage, or its status. */
export function columnOfCard(board: Board, card: BoardCard): number | null {
  if (board === 'tasks') return (card as TaskCard).status_id;
  if (board === 'stages') return (card as TransactionCard).stage?.id ?? null;
  return (card as TransactionCard).status_id;
}

/** Columns by id, in the board's order. */
export const columnIds = (columns: readonly BoardColumn[]) => columns.map((column) => column.id);

/** 'Seller' or 'Buyer' from a task's transaction type or a transaction card's type. */
export function sideLabel(type: string | null | undefined, labels: { seller: string; buyer: string }): string {
  return String(type ?? '')
    .toLowerCase()
    .startsWith('s')
    ? labels.seller
    : labels.buyer;
}

/** The column to show on a phone after a swipe (no wrap): -1 previous, +1 next. */
export function swipedIndex(index: number, direction: -1 | 1, count: number): number {
  return Math.min(Math.max(index + direction, 0), Math.max(count - 1, 0));
}

/** A horizontal swipe: far enough sideways and more sideways than down. */
export const SWIPE_MIN_PX = 50;
export function swipeDirection(dx: number, dy: number): -1 | 0 | 1 {
  if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) < Math.abs(dy) * 1.5) return 0;
  return dx < 0 ? 1 : -1;
}

/** A transaction card's field as it reads: its label and its value formatted as the list's cell of that type. */
export interface CardFieldText {
  key: string;
  label: string;
  text: string;
}

/**
 * The card's fields in field_order, each value formatted as the Transactions list formats that field type
 * (formatFieldValue: USD for amounts, percent, dates MM/DD/YYYY as answered, Yes/No, phones); a key without a
 * value is left out.
 */
export function cardFieldTexts(card: Pick<TransactionCard, 'field_order' | 'values'>): CardFieldText[] {
  return (card.field_order ?? []).flatMap((key) => {
    const field = card.values?.[key];
    return field ? [{ key, label: field.label, text: formatFieldValue(field.type, field.value) }] : [];
  });
}

/**
 * Who uses the filter sidebar on the transaction boards: not a VENDOR alone (the server keeps a vendor to the
 * transactions component's filters; the boards' components answer it 403).
 */
export const usesBoardFilters = (roles: readonly Role[]): boolean =>
  roles.some((role) => role === 'ADMIN' || role === 'TRANC' || role === 'ISISA' || role === 'AGENT');
