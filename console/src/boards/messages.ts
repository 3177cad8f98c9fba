import { BOARD_TITLES, CARD_ACTION_ERRORS, CARD_MENU_LABELS, DOCUMENT_MESSAGES } from '@app/contracts';

// Words of the boards (spec 001 sections 2, 3, 4 and 9). The spec's words (titles, the context menu, the
// server's refusals, the document rule) come from the contracts; the screens' own labels below.
export { BOARD_TITLES, CARD_ACTION_ERRORS, CARD_MENU_LABELS, DOCUMENT_MESSAGES };

export const BOARD_LABELS = {
  menu: 'Boards',
  pageTitle: 'Boards',
  boardTabs: 'Boards',
  showHidden: 'Show hidden',
  filters: 'Filters',
  closeFilters: 'Close filters',
  columnRegion: 'Columns of {board}',
  /** {label}: the column; {total}: its cards. */
  columnHeading: '{label} ({total})',
  columnCards: 'Cards of {label}',
  loadingCards: 'Loading cards',
  loadingMore: 'Loading more cards',
  empty: 'No cards',
  loadFailed: 'The board could not be loaded.',
  columnFailed: 'These cards could not be loaded.',
  retry: 'Retry',
  previousColumn: 'Previous column: {label}',
  nextColumn: 'Next column: {label}',
  /** {index} of {count} columns on a phone. */
  columnPosition: '{index} of {count}',
  cardActions: 'Card actions',
  /** {name}: the card's task name or transaction address. */
  cardActionsOf: 'Actions of {name}',
  openCard: 'Open {name}',
  pinned: 'Pinned',
  hidden: 'Hidden from boards',
  seller: 'Seller',
  buyer: 'Buyer',
  /** {completed}/{total}: the transaction's tasks. */
  tasksCount: '{completed}/{total}',
  tasksCountTitle: 'Completed tasks of all tasks',
  agent: 'Primary agent',
  assignee: 'Assigned to',
  unassigned: 'Unassigned',
  noStage: 'No stage',
  untitled: 'Transaction {id}',
  moved: 'Card moved',
  moveFailed: 'The card could not be moved.',
  actionFailed: 'The change could not be saved.',
  readOnly: 'You can view these cards but not move them.',
} as const;
