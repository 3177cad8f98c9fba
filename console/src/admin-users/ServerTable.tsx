import type { TableColumn } from '@app/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { ADMIN_USERS_LABELS } from './messages';

// The actions column stays in view while a wide table scrolls sideways.
const STICKY_END = {
  position: 'sticky',
  right: 0,
  zIndex: 1,
  bgcolor: 'background.paper',
  boxShadow: (theme: Theme) => `-1px 0 0 ${theme.palette.divider}`,
} as const;

export interface ServerTableProps<T> {
  /** data-testid of the table (`${testId}-row`, `${testId}-empty`, ...). */
  testId: string;
  /** The server's columns, in its order. */
  cols: readonly TableColumn[];
  rows: readonly T[] | null;
  rowKey: (row: T, index: number) => string | number;
  renderCell: (col: TableColumn, row: T) => ReactNode;
  loading: boolean;
  error: string | null;
  onRetry: () => void;
  emptyText: string;
  /** Shown in the empty state (e.g. Clear). */
  emptyAction?: ReactNode;
  page: number;
  perPage: number;
  pageSizes: readonly number[];
  total: number;
  onPage: (page: number) => void;
  onPerPage: (perPage: number) => void;
  sort?: { field: string; dir: 1 | -1; onSort: (field: string) => void };
  /** A last column with the row's actions. */
  actions?: { header: string; render: (row: T) => ReactNode };
  /** Column count while the columns are not known yet (first load). */
  skeletonCols?: number;
}

/**
 * A paginated table whose columns come from the server ({table: {data, cols}, pagination}). It
 * scrolls sideways at 960px and less rather than squeezing the columns. A failed load with no rows to
 * keep shows its error and Retry alone; with rows from before, the error shows above them.
 */
export function ServerTable<T>(props: ServerTableProps<T>) {
  const { testId, cols, rows, loading, error, sort, actions } = props;
  const columnCount = (cols.length || props.skeletonCols || 6) + (actions ? 1 : 0);
  const firstLoad = loading && !rows;

  const errorAlert = error && (
    <Alert
      severity="error"
      data-testid={`${testId}-error`}
      sx={{ mb: 2 }}
      action={
        <Button color="inherit" size="small" onClick={props.onRetry} data-testid={`${testId}-retry`}>
          {ADMIN_USERS_LABELS.retry}
        </Button>
      }
    >
      {error}
    </Alert>
  );

  // Nothing loaded yet and the load failed: the error alone, not an empty table saying nothing matched.
  if (error && !rows) {
    return (
      <Box data-testid={testId} data-loading={loading ? 'true' : 'false'}>
        {errorAlert}
      </Box>
    );
  }

  return (
    <Box data-testid={testId} data-loading={loading ? 'true' : 'false'}>
      {errorAlert}
      <TableContainer
        // Keyboard users reach the columns beyond a narrow screen's edge (it may scroll sideways).
        tabIndex={0}
        sx={{
          overflowX: 'auto',
          // The table's width must not widen the page (react-admin's content area grows to fit its
          // content): it scrolls inside the card instead.
          contain: 'inline-size',
          opacity: loading && rows ? 0.6 : 1,
          transition: 'opacity 120ms',
        }}
      >
        {/* Tighter cells than MUI's 16px sides: the user table's nine columns and its actions fit a
            1366px laptop next to the menu. */}
        <Table size="small" sx={{ minWidth: 720, '& .MuiTableCell-root': { px: 1 } }}>
          <TableHead>
            <TableRow>
              {cols.map((col) => {
                const active = sort?.field === col.field;
                return (
                  <TableCell key={col.field} data-testid={`${testId}-col-${col.field}`} sortDirection={active ? (sort!.dir === 1 ? 'asc' : 'desc') : false} sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
                    {sort && col.sortable ? (
                      <TableSortLabel
                        active={active}
                        direction={active && sort.dir === -1 ? 'desc' : 'asc'}
                        onClick={() => sort.onSort(col.field)}
                        data-testid={`${testId}-sort-${col.field}`}
                      >
                        {col.header}
                      </TableSortLabel>
                    ) : (
                      col.header
                    )}
                  </TableCell>
                );
              })}
              {actions && (
                <TableCell align="right" sx={{ ...STICKY_END, fontWeight: 600 }}>
                  {actions.header}
                </TableCell>
              )}
            </TableRow>
          </TableHead>
          <TableBody>
            {firstLoad &&
              Array.from({ length: 5 }, (_, index) => (
                <TableRow key={`skeleton-${index}`} data-testid={`${testId}-loading`}>
                  {Array.from({ length: columnCount }, (_, cell) => (
                    <TableCell key={cell}>
                      <Skeleton variant="text" />
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            {!firstLoad && rows && rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={columnCount} data-testid={`${testId}-empty`}>
                  <Box sx={{ py: 4, textAlign: 'center' }}>
                    <Typography color="text.secondary" sx={{ mb: props.emptyAction ? 1 : 0 }}>
                      {props.emptyText}
                    </Typography>
                    {props.emptyAction}
                  </Box>
                </TableCell>
              </TableRow>
            )}
            {rows?.map((row, index) => (
              <TableRow key={props.rowKey(row, index)} hover data-testid={`${testId}-row`}>
                {cols.map((col) => (
                  <TableCell key={col.field} data-field={col.field} sx={{ whiteSpace: 'nowrap' }}>
                    {props.renderCell(col, row)}
                  </TableCell>
                ))}
                {actions && (
                  <TableCell align="right" sx={STICKY_END}>
                    {actions.render(row)}
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        data-testid={`${testId}-pagination`}
        count={props.total}
        page={Math.max(0, props.page - 1)}
        rowsPerPage={props.perPage}
        rowsPerPageOptions={[...props.pageSizes]}
        labelRowsPerPage={ADMIN_USERS_LABELS.rowsPerPage}
        onPageChange={(_, page) => props.onPage(page + 1)}
        onRowsPerPageChange={(event) => props.onPerPage(Number(event.target.value))}
        slotProps={{
          actions: {
            nextButton: { 'data-testid': `${testId}-next-page` } as object,
            previousButton: { 'data-testid': `${testId}-previous-page` } as object,
          },
          select: { 'data-testid': `${testId}-per-page` } as object,
        }}
      />
    </Box>
  );
}
