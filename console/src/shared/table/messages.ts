// Words of the server-paged table (ServerTable); a screen may pass its own.
export const TABLE_LABELS = {
  retry: 'Retry',
  rowsPerPage: 'Rows per page',
  jumpToPage: 'Go to page',
};
