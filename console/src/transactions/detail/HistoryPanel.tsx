import type { TransactionHistoryRecord } from '@app/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { messageOf } from '../../shared/forms/fieldErrors';
import { authClient } from '../../auth';
import { transactionsApi } from '..';
import { formatCreated } from '../format';
import { historyChange, type HistoryLookups } from './history';
import { TRANSACTION_DETAIL_LABELS as L } from './messages';

/** History rows a page (the list's smallest page size). */
export const HISTORY_PAGE_SIZE = 10;

const timeFormat = (value: string, locale: string | undefined, timeZone: string | null | undefined) => {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  try {
    return new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: timeZone ?? undefined }).format(date);
  } catch {
    return '';
  }
};

/** The History panel: GET /transaction/{client_id}/history, newest first, ten a page. */
export const HistoryPanel = ({ clientId, reloadKey, lookups }: { clientId: number; reloadKey: number; lookups: HistoryLookups }) => {
  const [page, setPage] = useState(1);
  const [state, setState] = useState<{ records: TransactionHistoryRecord[]; pages: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const locale = typeof navigator === 'undefined' ? undefined : navigator.language;
  const timeZone = authClient.getSession()?.user.timezone ?? null;

  // A change made on the page shows first: back to page 1.
  useEffect(() => setPage(1), [reloadKey]);

  useEffect(() => {
    let live = true;
    transactionsApi
      .getHistory(clientId, page, HISTORY_PAGE_SIZE)
      .then((body) => {
        if (!live) return;
        setState({ records: body?.records ?? [], pages: body?.pagination?.pages ?? 1 });
        setError(null);
      })
      .catch((caught: unknown) => live && setError(messageOf(caught, L.historyFailed)));
    return () => {
      live = false;
    };
  }, [clientId, page, reloadKey]);

  return (
    <Box data-testid="transaction-history" aria-busy={!state}>
      {error && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {L.historyFailed}
        </Alert>
      )}
      {!state ? (
        Array.from({ length: 4 }, (_, index) => <Skeleton key={index} variant="text" height={36} />)
      ) : state.records.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {L.noHistory}
        </Typography>
      ) : (
        <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {state.records.map((record) => {
            const change = historyChange(record, lookups);
            return (
              <Box
                component="li"
                key={record.history_id}
                data-testid="transaction-history-row"
                data-field={record.field}
                sx={{ py: 1, borderBottom: '1px solid', borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}
              >
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  <Box component="span" sx={{ fontWeight: 500 }}>
                    {change.label}
                  </Box>
                  {change.from !== null && (
                    <>
                      {' '}
                      {L.historyFrom} <span data-testid="history-old">{change.from}</span> {L.historyTo}{' '}
                      <span data-testid="history-new">{change.to}</span>
                    </>
                  )}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {[
                    formatCreated(record.created_ts, locale, timeZone),
                    timeFormat(record.created_ts, locale, timeZone),
                    record.agent_name ? L.historyBy.replace('{who}', record.agent_name) : '',
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Typography>
              </Box>
            );
          })}
        </Box>
      )}
      {state && state.pages > 1 && (
        <Pagination
          count={state.pages}
          page={page}
          onChange={(_event, next) => setPage(next)}
          size="small"
          siblingCount={0}
          sx={{ mt: 1, '& ul': { justifyContent: 'center' } }}
          data-testid="transaction-history-pages"
        />
      )}
    </Box>
  );
};
