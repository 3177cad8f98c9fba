import { ESIGN_BOARD_MESSAGES, type EsignBoardRow, type TableColumn } from '@app/contracts';
import BlockIcon from '@mui/icons-material/Block';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import type { Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useCallback, useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';
import { useBasename } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { ServerTable } from '../../shared/table/ServerTable';
import { ColourTag } from '../../transactions/detail/parts';
import { ESIGN_BOARD_LABELS as L, rowAction } from '../messages';
import { transactionEsignPath } from '../paths';
import { BOARD_PAGE_SIZES, type EsignBoardState } from './boardState';
import { addressOf, boardDateTime, canCancel, creatorOf, hasAuditLog, statusColoursOf, statusLabelOf } from './format';

/** data-testid of the table (ServerTable's `-row`, `-empty`, `-loading`, `-pagination`... hang off it). */
export const REQUESTS_TABLE_TEST_ID = 'esign-requests-table';

/** The columns of spec 002 section 2.5; each field is its order_by. */
const COLUMNS: readonly TableColumn[] = [
  { field: 'template_name', header: L.template, sortable: true },
  { field: 'address', header: L.transaction, sortable: true },
  { field: 'created_by', header: L.createdBy, sortable: true },
  { field: 'created_ts', header: L.created, sortable: true },
  { field: 'completed_ts', header: L.completed, sortable: true },
  { field: 'status', header: L.status, sortable: true },
];

/**
 * Below md the table scrolls sideways under its sticky actions column: the status leads there, so it is in
 * view as the page opens and never passes under the actions (at the end it was off screen, then covered).
 */
const NARROW_COLUMNS: readonly TableColumn[] = [
  ...COLUMNS.filter((col) => col.field === 'status'),
  ...COLUMNS.filter((col) => col.field !== 'status'),
];

export interface EsignRequestsTableProps {
  rows: readonly EsignBoardRow[] | null;
  total: number;
  loading: boolean;
  error: string | null;
  onRetry: () => void;
  state: EsignBoardState;
  onPage: (page: number) => void;
  onPerPage: (perPage: number) => void;
  onSort: (field: string) => void;
  onCancel: (row: EsignBoardRow) => void;
  onAuditLog: (row: EsignBoardRow) => void;
  /** The requests whose cancel is on its way: their button waits disabled. */
  cancelling?: ReadonlySet<number>;
  timeZone: string | null;
}

const templateNameOf = (row: EsignBoardRow) => row.esignature_template?.name ?? '';

/**
 * The requests table of the board and of a transaction's e-sign tab (one component for both): Template,
 * Transaction (a link to the transaction's e-sign tab), Created By, Created, Completed, Status, with Cancel on
 * a request still being signed and Audit Log on a completed one. Server-paged and sorted (20/50/100/500); at
 * 960 px and less it scrolls sideways inside its card (ServerTable), and below md the Status comes first.
 */
export const EsignRequestsTable = (props: EsignRequestsTableProps) => {
  const { rows, state, timeZone, onCancel, onAuditLog, cancelling } = props;
  const basename = useBasename();
  // Below md (1200 px) the seven columns beside the menu overflow their card (a 1024 px laptop too): Status first there.
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));

  const renderCell = useCallback(
    (col: TableColumn, row: EsignBoardRow): ReactNode => {
      switch (col.field) {
        case 'template_name':
          return templateNameOf(row);
        case 'address':
          return (
            <Link
              component={RouterLink}
              to={transactionEsignPath(basename, row.transaction.client_id)}
              data-testid={`esign-request-transaction-${row.esig_request_id}`}
            >
              {addressOf(row.transaction) || `#${row.transaction.client_id}`}
            </Link>
          );
        case 'created_by':
          return creatorOf(row);
        case 'created_ts':
          return boardDateTime(row.created_ts, timeZone);
        case 'completed_ts':
          return boardDateTime(row.completed_ts, timeZone);
        case 'status':
          return (
            <Box component="span" data-status={row.archived ? 'cancelled' : row.status}>
              <ColourTag colours={statusColoursOf(row)} testId={`esign-request-status-${row.esig_request_id}`}>
                {statusLabelOf(row)}
              </ColourTag>
            </Box>
          );
        default:
          return null;
      }
    },
    [basename, timeZone],
  );

  const actions = useMemo(
    () => ({
      header: L.actions,
      render: (row: EsignBoardRow) => (
        <Box sx={{ display: 'inline-flex', gap: 0.5, alignItems: 'center', minHeight: 34 }}>
          {hasAuditLog(row) && (
            <Button
              size="small"
              startIcon={<ReceiptLongIcon fontSize="small" />}
              onClick={() => onAuditLog(row)}
              aria-label={rowAction(L.auditLog, templateNameOf(row))}
              data-testid={`esign-audit-${row.esig_request_id}`}
            >
              {L.auditLog}
            </Button>
          )}
          {canCancel(row) && (
            <Tooltip title={L.cancelRequest}>
              <span>
                <IconButton
                  size="small"
                  color="error"
                  onClick={() => onCancel(row)}
                  disabled={cancelling?.has(row.esig_request_id) ?? false}
                  aria-label={rowAction(L.cancelRequest, templateNameOf(row))}
                  data-testid={`esign-cancel-${row.esig_request_id}`}
                >
                  <BlockIcon fontSize="small" />
                </IconButton>
              </span>
            </Tooltip>
          )}
        </Box>
      ),
    }),
    [onAuditLog, onCancel, cancelling],
  );

  // Each row is also `esign-request-row-{id}` (the browser tests find a request by its id). ServerTable names
  // its rows `${testId}-row` with the id in data-key; React leaves an attribute it did not change alone, so
  // the row's own name, set here after each render, stays.
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    for (const row of box.current?.querySelectorAll<HTMLTableRowElement>('tbody tr[data-key]') ?? []) {
      row.setAttribute('data-testid', `esign-request-row-${row.dataset.key}`);
    }
  });

  return (
    <Box ref={box}>
      <ServerTable<EsignBoardRow>
        testId={REQUESTS_TABLE_TEST_ID}
        cols={narrow ? NARROW_COLUMNS : COLUMNS}
        rows={rows}
        rowKey={(row) => row.esig_request_id}
        renderCell={renderCell}
        loading={props.loading}
        error={props.error}
        onRetry={props.onRetry}
        // 'No requests found' as esign-empty (ServerTable's own empty line stays blank).
        emptyText=""
        emptyAction={
          <Typography color="text.secondary" data-testid="esign-empty">
            {ESIGN_BOARD_MESSAGES.empty}
          </Typography>
        }
        page={state.page}
        perPage={state.per_page}
        pageSizes={BOARD_PAGE_SIZES}
        total={props.total}
        onPage={props.onPage}
        onPerPage={props.onPerPage}
        sort={{ field: state.order_by, dir: state.order_dir === 'asc' ? 1 : -1, onSort: props.onSort }}
        actions={actions}
        skeletonCols={COLUMNS.length}
        skeletonRows={5}
        scrollLabel={L.tableRegion}
        jumpToPage
        labels={{ rowsPerPage: L.rowsPerPage, retry: L.retry }}
      />
    </Box>
  );
};
