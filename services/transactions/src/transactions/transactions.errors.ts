/** Messages of the transactions rules that the spec does not word. */
export const TRANSACTION_ERRORS = {
  teamFormId: 'Must be a form of your team, or -1 for the list form',
  formNotFound: 'Form not found',
  page: 'Must be a page number from 1',
  perPage: 'Must be one of 10, 20, 60, 100',
  orderBy: 'Unknown column',
  orderDir: 'Must be 1 or -1',
  quickSearch: 'Must be text of at most 100 characters',
  notFound: 'Transaction not found',
} as const;
