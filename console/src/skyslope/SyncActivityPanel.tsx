import type { SkySlopeSyncActivity, SkySlopeSyncActivityResponse } from '@app/contracts';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import RefreshIcon from '@mui/icons-material/Refresh';
import ReplayIcon from '@mui/icons-material/Replay';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useNotify } from 'react-admin';
import { SectionCard } from '../shared/page/PageFrame';
import { EmptyState, LoadingRows } from '../shared/load/LoadState';
import { formatDateTime } from '../admin-users/format';
import { skyslopeApi } from '.';
import { serverMessageOf } from './errors';
import { SKYSLOPE_LABELS as L, SKYSLOPE_SYNC_MESSAGES as SM, SKYSLOPE_SYNC_RESULT_LABELS as RESULTS } from './messages';

const PER_PAGE = 10;
const RESULT_COLORS = { synced: 'success', pending: 'default', retrying: 'warning', failed: 'error' } as const;

const ResultChip = ({ row }: { row: SkySlopeSyncActivity }) => (
  <Chip
    size="small"
    variant="outlined"
    color={RESULT_COLORS[row.result]}
    label={RESULTS[row.result]}
    data-testid={`skyslope-sync-result-${row.client_id}`}
  />
);

const fileOf = (row: SkySlopeSyncActivity) => (
  <>
    {L.kinds[row.kind]}
    {row.guid && (
      <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontSize: '0.8em', overflowWrap: 'anywhere' }}>
        {row.guid}
      </Box>
    )}
  </>
);

const COLUMNS: { key: string; header: string; render: (row: SkySlopeSyncActivity) => ReactNode }[] = [
  { key: 'transaction', header: L.syncColumns.transaction, render: (row) => row.transaction },
  { key: 'file', header: L.syncColumns.file, render: fileOf },
  {
    key: 'last_synced_ts',
    header: L.syncColumns.lastSynced,
    render: (row) => (row.last_synced_ts ? formatDateTime(row.last_synced_ts) : L.notSynced),
  },
  { key: 'result', header: L.syncColumns.result, render: (row) => <ResultChip row={row} /> },
  { key: 'reason', header: L.syncColumns.reason, render: (row) => row.reason ?? '' },
];

const RetryButton = ({ row, busy, onRetry }: { row: SkySlopeSyncActivity; busy: boolean; onRetry: (row: SkySlopeSyncActivity) => void }) =>
  row.result === 'failed' ? (
    <Button
      size="small"
      startIcon={<ReplayIcon />}
      disabled={busy}
      onClick={() => onRetry(row)}
      aria-label={L.retrySyncOf(row.transaction)}
      data-testid={`skyslope-sync-retry-${row.client_id}`}
    >
      {L.retry}
    </Button>
  ) : null;

/**
 * Sync Activity: the latest SkySlope result per transaction (transaction, file kind and guid, last synced,
 * result, reason) with Retry on a failed row. A table on wide screens, stacked rows at 960 px or less.
 */
export const SyncActivityPanel = () => {
  const notify = useNotify();
  const stacked = useMediaQuery('(max-width:960px)', { noSsr: true });
  const [page, setPage] = useState(1);
  const [data, setData] = useState<SkySlopeSyncActivityResponse | null>(null);
  const [loading, setLoading] = useState(true);
  const [retrying, setRetrying] = useState<number | null>(null);
  const mounted = useRef(true);

  const load = useCallback(async (at: number) => {
    setLoading(true);
    try {
      const answer = await skyslopeApi.getSyncActivity(at, PER_PAGE);
      if (mounted.current) setData(answer);
    } catch (error) {
      // As the other SkySlope lists: a failed load is logged and stops the loading state.
      console.warn(SM.activityLoadFailed, error);
    } finally {
      if (mounted.current) setLoading(false);
    }
  }, []);

  useEffect(() => {
    mounted.current = true;
    void load(page);
    return () => {
      mounted.current = false;
    };
  }, [load, page]);

  const retry = async (row: SkySlopeSyncActivity) => {
    setRetrying(row.client_id);
    try {
      const answer = await skyslopeApi.retrySync(row.client_id);
      notify(answer?.message || SM.retryQueued, { type: 'success' });
      await load(page);
    } catch (error) {
      notify(serverMessageOf(error, SM.retryFailed), { type: 'error' });
    } finally {
      if (mounted.current) setRetrying(null);
    }
  };

  const rows = data?.records ?? [];
  const pages = data?.pagination.pages ?? 1;
  const dimming = loading ? { opacity: 0.6 } : {};
  return (
    <SectionCard testId="skyslope-sync-activity">
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="h6" component="h2">
          {L.syncActivity}
        </Typography>
        <Button
          variant="outlined"
          startIcon={<RefreshIcon />}
          onClick={() => void load(page)}
          disabled={loading}
          data-testid="skyslope-sync-refresh"
        >
          {L.refresh}
        </Button>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {L.syncActivityIntro}
      </Typography>
      {loading && !data ? (
        <LoadingRows testId="skyslope-sync-activity-loading" />
      ) : rows.length === 0 ? (
        <EmptyState testId="skyslope-sync-activity-empty" text={L.noSyncActivity} />
      ) : stacked ? (
        <Box
          component="ul"
          data-testid="skyslope-sync-activity-table"
          data-layout="stacked"
          sx={{ listStyle: 'none', m: 0, p: 0, ...dimming }}
        >
          {rows.map((row) => (
            <Box
              component="li"
              key={row.client_id}
              data-testid={`skyslope-sync-row-${row.client_id}`}
              sx={{ py: 1.25, borderBottom: 1, borderColor: 'divider', minWidth: 0 }}
            >
              {COLUMNS.map((column) => (
                <Typography key={column.key} variant="body2" component="div" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                  <Box component="span" sx={{ color: 'text.secondary' }}>
                    {column.header}:{' '}
                  </Box>
                  {column.render(row)}
                </Typography>
              ))}
              <RetryButton row={row} busy={retrying === row.client_id} onRetry={retry} />
            </Box>
          ))}
        </Box>
      ) : (
        <TableContainer sx={dimming}>
          <Table size="small" data-testid="skyslope-sync-activity-table" data-layout="table">
            <TableHead>
              <TableRow>
                {COLUMNS.map((column) => (
                  <TableCell key={column.key}>{column.header}</TableCell>
                ))}
                <TableCell>{L.syncColumns.actions}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.client_id} hover data-testid={`skyslope-sync-row-${row.client_id}`}>
                  {COLUMNS.map((column) => (
                    <TableCell key={column.key} sx={{ overflowWrap: 'anywhere' }}>
                      {column.render(row)}
                    </TableCell>
                  ))}
                  <TableCell>
                    <RetryButton row={row} busy={retrying === row.client_id} onRetry={retry} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {pages > 1 && (
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 1, mt: 1 }}>
          <IconButton
            aria-label={L.previousPage}
            disabled={page <= 1 || loading}
            onClick={() => setPage(page - 1)}
            data-testid="skyslope-sync-previous"
          >
            <ChevronLeftIcon />
          </IconButton>
          <Typography variant="body2" data-testid="skyslope-sync-page">
            {L.pageOf(page, pages)}
          </Typography>
          <IconButton
            aria-label={L.nextPage}
            disabled={page >= pages || loading}
            onClick={() => setPage(page + 1)}
            data-testid="skyslope-sync-next"
          >
            <ChevronRightIcon />
          </IconButton>
        </Box>
      )}
    </SectionCard>
  );
};
