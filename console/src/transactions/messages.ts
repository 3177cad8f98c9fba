import { TRANSACTION_LIST_MESSAGES } from '@app/contracts';

// Words of the Transactions screen. The spec's words come from the contracts
// (TRANSACTION_LIST_MESSAGES: search hint, Clear, help, title, empty); the screen's own labels below.
export { TRANSACTION_LIST_MESSAGES };

export const TRANSACTION_LIST_LABELS = {
  search: 'Search',
  rowsPerPage: 'Rows per page',
  jumpToPage: 'Go to page',
  /** The table's own scroller (focusable, so keyboard users reach the columns beyond the edge). */
  tableRegion: 'Transactions table',
  selectAll: 'Select all transactions on this page',
  /** {id}: the row's ID. */
  selectRow: 'Select transaction {id}',
  /** {count}: how many rows are selected (beside the roadmap Assign and Remove controls). */
  selected: '{count} selected',
  roadmapTemplates: 'Roadmap templates',
  assign: 'Assign',
  remove: 'Remove',
  /** {id}: the row's ID (a link for keyboard users; a click anywhere on the row does the same). */
  openRow: 'View details of transaction {id}',
  /** {count}: the row's roadmap count. */
  roadmaps: 'Roadmap tasks ({count})',
  notYetTitle: 'Transactions',
  notYet: 'This page is not available yet.',
  backToList: 'Back to transactions',
  yes: 'Yes',
  no: 'No',
} as const;
