import type { TableColumn } from '@app/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import NativeSelect from '@mui/material/NativeSelect';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TablePaginationActions, { type TablePaginationActionsProps } from '@mui/material/TablePaginationActions';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { alpha, darken, lighten, type SxProps, type Theme } from '@mui/material/styles';
import { createContext, memo, useCallback, useContext, useId, type MouseEvent, type ReactNode } from 'react';
import { TABLE_LABELS } from './messages';
import { jumpPages, pageCount } from './paging';

// The actions column stays in view while a wide table scrolls sideways.
const STICKY_END = {
  position: 'sticky',
  right: 0,
  zIndex: 1,
  bgcolor: 'background.paper',
  boxShadow: (theme: Theme) => `-1px 0 0 ${theme.palette.divider}`,
} as const;

/** What a click on one of these inside a row means is its own business, not the row's. */
const OWN_CLICK = 'a, button, input, label, select, textarea, [role="button"], [role="checkbox"]';

type RowKey = string | number;

/** Row checkboxes: which rows are selected and how a tick changes that (the page keeps the state). */
export interface RowSelection<T> {
  selected: ReadonlySet<RowKey>;
  /** One row's checkbox. */
  onToggle: (key: RowKey, checked: boolean) => void;
  /** The header's checkbox: every row of the page at once. */
  onToggleAll: (keys: RowKey[], checked: boolean) => void;
  /** The accessible name of a row's checkbox ('Select transaction 12'). */
  rowLabel: (row: T) => string;
  /** The accessible name of the header's checkbox. */
  allLabel: string;
}

export interface ServerTableProps<T, C extends TableColumn = TableColumn> {
  /** data-testid of the table (`${testId}-row`, `${testId}-empty`, ...). */
  testId: string;
  /** The server's columns, in its order. */
  cols: readonly C[];
  rows: readonly T[] | null;
  rowKey: (row: T, index: number) => RowKey;
  /**
   * A cell's content. Keep it stable (useCallback) and cheap: rows are memoised, so a selection or
   * a reload re-renders only the rows that changed when it is.
   */
  renderCell: (col: C, row: T) => ReactNode;
  loading: boolean;
  /** A failed load's message (null: none, or the screen shows no message for one). */
  error: string | null;
  onRetry?: () => void;
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
  /** Placeholder rows while the first page loads. */
  skeletonRows?: number;
  /** A click on a row (not on a link, button or checkbox inside it). */
  onRowClick?: (row: T) => void;
  /** A first column of checkboxes. */
  selection?: RowSelection<T>;
  /** The accessible name of the table's sideways scroller (a focusable region). */
  scrollLabel?: string;
  /** At 960 px or less, a dropdown of pages next to the pagination (data-testid="jump-to-page"). */
  jumpToPage?: boolean;
  /** Styles of the table itself (e.g. the rules of classes its cells use). */
  tableSx?: SxProps<Theme>;
  labels?: Partial<typeof TABLE_LABELS>;
}

interface BodyRowProps<T, C extends TableColumn> {
  testId: string;
  row: T;
  rowKey: RowKey;
  cols: readonly C[];
  renderCell: (col: C, row: T) => ReactNode;
  /** undefined: no checkbox column. */
  selected: boolean | undefined;
  selectLabel: string | undefined;
  onToggle: ((key: RowKey, checked: boolean) => void) | undefined;
  onRowClick: ((row: T) => void) | undefined;
  actions: ServerTableProps<T, C>['actions'];
}

// Body cells are plain <td>s styled once by the table (bodyCellStyles): a hundred rows of a dozen
// columns render several times faster than as MUI TableCells, and look the same.
const BODY_CELL = 'server-table-td';
const CHECK_CELL = 'server-table-check';

/** The cells of a row; a tick of its checkbox does not render them again. */
function RowCellsInner<T, C extends TableColumn>({
  row,
  cols,
  renderCell,
}: {
  row: T;
  cols: readonly C[];
  renderCell: (col: C, row: T) => ReactNode;
}) {
  return (
    <>
      {cols.map((col) => (
        <td key={col.field} className={BODY_CELL} data-field={col.field}>
          {renderCell(col, row)}
        </td>
      ))}
    </>
  );
}
const RowCells = memo(RowCellsInner) as typeof RowCellsInner;

/** What MUI's small body TableCell looks like (typography, divider, padding), for the plain cells. */
function bodyCellStyles(theme: Theme) {
  const border =
    theme.palette.mode === 'light' ? lighten(alpha(theme.palette.divider, 1), 0.88) : darken(alpha(theme.palette.divider, 1), 0.68);
  return {
    [`& td.${BODY_CELL}`]: {
      ...theme.typography.body2,
      color: theme.palette.text.primary,
      display: 'table-cell',
      verticalAlign: 'inherit',
      textAlign: 'left',
      borderBottom: `1px solid ${border}`,
      padding: theme.spacing(0.75, 1),
      whiteSpace: 'nowrap',
    },
    [`& td.${CHECK_CELL}`]: { width: 44, padding: 0, textAlign: 'center' },
  } as const;
}

function BodyRowInner<T, C extends TableColumn>(props: BodyRowProps<T, C>) {
  const { row, rowKey, onRowClick, onToggle } = props;
  const click = useCallback(
    (event: MouseEvent<HTMLTableRowElement>) => {
      if (!onRowClick) return;
      if ((event.target as Element | null)?.closest?.(OWN_CLICK)) return;
      // Selecting a cell's text is not a request to leave the page.
      if (typeof window !== 'undefined' && window.getSelection?.()?.toString()) return;
      onRowClick(row);
    },
    [onRowClick, row],
  );
  return (
    <TableRow
      hover
      data-testid={`${props.testId}-row`}
      data-key={rowKey}
      onClick={onRowClick ? click : undefined}
      selected={props.selected === true}
    >
      {props.selected !== undefined && (
        <td className={`${BODY_CELL} ${CHECK_CELL}`}>
          <label className="server-table-checkbox">
            <input
              type="checkbox"
              checked={props.selected}
              onChange={(event) => onToggle?.(rowKey, event.target.checked)}
              aria-label={props.selectLabel}
              data-testid={`${props.testId}-select`}
            />
          </label>
        </td>
      )}
      <RowCells row={row} cols={props.cols} renderCell={props.renderCell} />
      {props.actions && (
        <TableCell align="right" sx={STICKY_END}>
          {props.actions.render(row)}
        </TableCell>
      )}
    </TableRow>
  );
}

// A row renders again only when its own props change (its row object, its tick, the columns).
const BodyRow = memo(BodyRowInner) as typeof BodyRowInner;

/** The header's checkbox: ticked when every row of the page is, mixed when some are. */
const SelectAll = ({ keys, selection, testId }: { keys: RowKey[]; selection: RowSelection<unknown>; testId: string }) => {
  const count = keys.filter((key) => selection.selected.has(key)).length;
  const all = keys.length > 0 && count === keys.length;
  return (
    <label className="server-table-checkbox">
      <input
        type="checkbox"
        checked={all}
        ref={(input) => {
          if (input) input.indeterminate = count > 0 && !all;
        }}
        disabled={keys.length === 0}
        onChange={(event) => selection.onToggleAll(keys, event.target.checked)}
        aria-label={selection.allLabel}
        data-testid={`${testId}-select-all`}
      />
    </label>
  );
};

interface JumpTarget {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  label: string;
}

// What the pagination's arrows need to offer the jump-to-page dropdown beside them (MUI renders the
// actions component itself, so it reads them from here).
const JumpContext = createContext<JumpTarget | null>(null);

/** At 960 px or less: a native dropdown of pages (cheap, and the phone's own picker). */
const JumpToPage = ({ page, pages, onPage, label }: JumpTarget) => {
  const id = useId();
  const options = jumpPages(page, pages);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mr: 1 }} data-testid="jump-to-page-box">
      <Typography component="label" htmlFor={id} variant="body2" sx={{ whiteSpace: 'nowrap' }}>
        {label}
      </Typography>
      <NativeSelect
        value={page}
        onChange={(event) => onPage(Number(event.target.value))}
        inputProps={{ id, 'data-testid': 'jump-to-page' } as object}
        sx={{ minWidth: 64, fontSize: 14 }}
      >
        {options.map((value) => (
          <option key={value} value={value}>
            {value}
          </option>
        ))}
      </NativeSelect>
    </Box>
  );
};

/** The pagination's arrows, with the jump-to-page dropdown before them when there is one. */
const PaginationActions = ({ className, ...props }: TablePaginationActionsProps) => {
  const jump = useContext(JumpContext);
  return (
    <Box className={className} sx={{ display: 'flex', alignItems: 'center', flexShrink: 0 }}>
      {jump && <JumpToPage {...jump} />}
      <TablePaginationActions {...props} />
    </Box>
  );
};

/**
 * A paginated table whose columns come from the server ({table: {data, cols}, pagination}). It
 * scrolls sideways inside its own (focusable) container rather than squeezing the columns or widening
 * the page. A failed load with no rows to keep shows its error and Retry alone; with rows from before,
 * the error shows above them (a screen may pass no error at all: its rows simply stay).
 */
export function ServerTable<T, C extends TableColumn = TableColumn>(props: ServerTableProps<T, C>) {
  const { testId, cols, rows, loading, error, sort, actions, selection } = props;
  const labels = { ...TABLE_LABELS, ...props.labels };
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const columnCount = (cols.length || props.skeletonCols || 6) + (actions ? 1 : 0) + (selection ? 1 : 0);
  const firstLoad = loading && !rows;
  const pages = pageCount(props.total, props.perPage);

  const errorAlert = error && (
    <Alert
      severity="error"
      data-testid={`${testId}-error`}
      sx={{ mb: 2 }}
      action={
        props.onRetry && (
          <Button color="inherit" size="small" onClick={props.onRetry} data-testid={`${testId}-retry`}>
            {labels.retry}
          </Button>
        )
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

  const pageKeys = selection && rows ? rows.map((row, index) => props.rowKey(row, index)) : [];

  return (
    <Box data-testid={testId} data-loading={loading ? 'true' : 'false'}>
      {errorAlert}
      <TableContainer
        // Keyboard users reach the columns beyond a narrow screen's edge (it may scroll sideways).
        tabIndex={0}
        role={props.scrollLabel ? 'region' : undefined}
        aria-label={props.scrollLabel}
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
            1366px laptop next to the menu. Cell styles live here, once, not on each cell. */}
        <Table
          size="small"
          aria-busy={loading}
          sx={[
            {
              minWidth: 720,
              '& .MuiTableCell-root': { px: 1 },
              '& .MuiTableCell-body': { whiteSpace: 'nowrap' },
              '& .MuiTableCell-body[colspan]': { whiteSpace: 'normal' },
              '& .MuiTableCell-paddingCheckbox': { width: 44, px: 0, textAlign: 'center' },
              '& .MuiTableCell-paddingCheckbox > *': { p: 1 },
              '& .server-table-checkbox': { display: 'flex', alignItems: 'center', justifyContent: 'center', p: 1, cursor: 'pointer' },
              '& .server-table-checkbox input': {
                width: 18,
                height: 18,
                m: 0,
                cursor: 'pointer',
                accentColor: (theme: Theme) => theme.palette.primary.main,
              },
              ...(props.onRowClick ? { '& tbody tr[data-key]': { cursor: 'pointer' } } : {}),
            },
            bodyCellStyles,
            ...(Array.isArray(props.tableSx) ? props.tableSx : props.tableSx ? [props.tableSx] : []),
          ]}
        >
          <TableHead>
            <TableRow>
              {selection && (
                <TableCell padding="checkbox">
                  <SelectAll keys={pageKeys} selection={selection as RowSelection<unknown>} testId={testId} />
                </TableCell>
              )}
              {cols.map((col) => {
                const active = sort?.field === col.field;
                return (
                  <TableCell
                    key={col.field}
                    data-testid={`${testId}-col-${col.field}`}
                    sortDirection={active ? (sort!.dir === 1 ? 'asc' : 'desc') : false}
                    sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}
                  >
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
              Array.from({ length: props.skeletonRows ?? 5 }, (_, index) => (
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
            {rows?.map((row, index) => {
              const key = props.rowKey(row, index);
              return (
                <BodyRow<T, C>
                  key={key}
                  testId={testId}
                  row={row}
                  rowKey={key}
                  cols={cols}
                  renderCell={props.renderCell}
                  selected={selection ? selection.selected.has(key) : undefined}
                  selectLabel={selection?.rowLabel(row)}
                  onToggle={selection?.onToggle}
                  onRowClick={props.onRowClick}
                  actions={actions}
                />
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      <JumpContext.Provider
        value={
          props.jumpToPage && narrow && pages > 1
            ? { page: Math.min(props.page, pages), pages, onPage: props.onPage, label: labels.jumpToPage }
            : null
        }
      >
        <TablePagination
          component="div"
          data-testid={`${testId}-pagination`}
          count={props.total}
          page={Math.min(Math.max(0, props.page - 1), pages - 1)}
          rowsPerPage={props.perPage}
          rowsPerPageOptions={[...props.pageSizes]}
          labelRowsPerPage={labels.rowsPerPage}
          onPageChange={(_, page) => props.onPage(page + 1)}
          onRowsPerPageChange={(event) => props.onPerPage(Number(event.target.value))}
          ActionsComponent={PaginationActions}
          // At 960 px or less the page-size select, the range and the arrows wrap rather than push the
          // arrows out of sight.
          sx={{
            '& .MuiTablePagination-toolbar': {
              flexWrap: { xs: 'wrap', sm: 'nowrap' },
              justifyContent: 'flex-end',
              rowGap: 0.5,
              pl: { xs: 1, sm: 2 },
            },
            '& .MuiTablePagination-spacer': { display: { xs: 'none', sm: 'block' } },
          }}
          slotProps={{
            actions: {
              nextButton: { 'data-testid': `${testId}-next-page` } as object,
              previousButton: { 'data-testid': `${testId}-previous-page` } as object,
            },
            select: { 'data-testid': `${testId}-per-page` } as object,
          }}
        />
      </JumpContext.Provider>
    </Box>
  );
}
