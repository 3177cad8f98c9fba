import type { TableColumn } from '@app/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import { useCallback, useMemo, type ReactNode } from 'react';
import { ServerTable } from '../shared/table/ServerTable';
import { pageCount } from '../shared/table/paging';
import type { EsignListState } from './listState';
import { PAGE_SIZES } from './listState';
import { ESIGN_TEMPLATE_LABELS as L } from './messages';

/** A column of the templates or packet table: its header and what a row shows in it. */
export interface EsignColumn<T> {
  field: string;
  header: string;
  sortable?: boolean;
  render: (row: T) => ReactNode;
}

export interface EsignTableProps<T> {
  testId: string;
  columns: readonly EsignColumn<T>[];
  rows: readonly T[] | null;
  rowKey: (row: T) => number;
  loading: boolean;
  error: string | null;
  onRetry: () => void;
  emptyText: string;
  state: EsignListState<string>;
  total: number;
  onPage: (page: number) => void;
  onPerPage: (perPage: number) => void;
  onSort: (field: string) => void;
  actions: (row: T) => ReactNode;
  scrollLabel: string;
  /** Below 768 px (spec 002 section 9): cards instead of the table. */
  mobile: boolean;
}

/** The cards of the mobile layout: each row's first column as its title with its actions beside, the rest under it. */
function EsignCards<T>(props: EsignTableProps<T>) {
  const { testId, columns, rows, loading, error, state } = props;
  const [first, ...rest] = columns;
  const pages = pageCount(props.total, state.per_page);
  return (
    <Box data-testid={testId} data-layout="cards" data-loading={loading ? 'true' : 'false'}>
      {error && (
        <Alert
          severity="error"
          data-testid={`${testId}-error`}
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={props.onRetry} data-testid={`${testId}-retry`}>
              {L.retry}
            </Button>
          }
        >
          {error}
        </Alert>
      )}
      {loading && !rows && (
        <Box data-testid={`${testId}-loading`} aria-busy="true">
          {Array.from({ length: 4 }, (_, index) => (
            <Skeleton key={index} height={72} />
          ))}
        </Box>
      )}
      {rows && rows.length === 0 && !error && (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }} data-testid={`${testId}-empty`}>
          {props.emptyText}
        </Typography>
      )}
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, opacity: loading && rows ? 0.6 : 1 }}>
        {rows?.map((row) => (
          <Card
            component="li"
            variant="outlined"
            key={props.rowKey(row)}
            data-testid={`${testId}-row`}
            data-key={props.rowKey(row)}
            sx={{ mb: 1, p: 1.5, minWidth: 0 }}
          >
            <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, minWidth: 0 }}>
              <Box sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere', fontWeight: 500 }} data-field={first?.field}>
                {first?.render(row)}
              </Box>
            </Box>
            {rest.length > 0 && (
              <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.25, mt: 0.5 }}>
                {rest.map((column) => (
                  <Typography
                    key={column.field}
                    variant="body2"
                    component="div"
                    sx={{ minWidth: 0, overflowWrap: 'anywhere' }}
                    data-field={column.field}
                  >
                    <Box component="span" sx={{ color: 'text.secondary' }}>
                      {column.header}:{' '}
                    </Box>
                    {column.render(row)}
                  </Typography>
                ))}
              </Box>
            )}
            <Box sx={{ display: 'flex', justifyContent: 'flex-end', flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>{props.actions(row)}</Box>
          </Card>
        ))}
      </Box>
      <TablePagination
        component="div"
        data-testid={`${testId}-pagination`}
        count={props.total}
        page={Math.min(Math.max(0, state.page - 1), Math.max(0, pages - 1))}
        rowsPerPage={state.per_page}
        rowsPerPageOptions={[...PAGE_SIZES]}
        labelRowsPerPage={L.rowsPerPage}
        onPageChange={(_, page) => props.onPage(page + 1)}
        onRowsPerPageChange={(event) => props.onPerPage(Number(event.target.value))}
        sx={{
          '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end', pl: 1 },
          '& .MuiTablePagination-spacer': { display: 'none' },
        }}
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

/**
 * The templates or packet table: 25 rows by default, 10/25/50/100, sortable headers; below 768 px its
 * rows become cards with their actions in reach (no sideways scroll at 390 px).
 */
export function EsignTable<T>(props: EsignTableProps<T>) {
  const { columns } = props;
  const cols = useMemo<TableColumn[]>(() => columns.map(({ field, header, sortable }) => ({ field, header, sortable })), [columns]);
  const renderCell = useCallback(
    (col: TableColumn, row: T) => columns.find((column) => column.field === col.field)?.render(row) ?? null,
    [columns],
  );
  if (props.mobile) return <EsignCards {...props} />;
  return (
    <Box data-layout="table">
      <ServerTable<T>
        testId={props.testId}
        cols={cols}
        rows={props.rows}
        rowKey={props.rowKey}
        renderCell={renderCell}
        loading={props.loading}
        error={props.error}
        onRetry={props.onRetry}
        emptyText={props.emptyText}
        page={props.state.page}
        perPage={props.state.per_page}
        pageSizes={PAGE_SIZES}
        total={props.total}
        onPage={props.onPage}
        onPerPage={props.onPerPage}
        sort={{ field: props.state.order_by, dir: props.state.order_dir === 'asc' ? 1 : -1, onSort: props.onSort }}
        actions={{ header: L.actions, render: props.actions }}
        skeletonCols={columns.length}
        skeletonRows={5}
        scrollLabel={props.scrollLabel}
        labels={{ rowsPerPage: L.rowsPerPage, retry: L.retry }}
      />
    </Box>
  );
}
