import { USER_LIST_PAGE_SIZES, type LoginHistoryRow, type TableColumn } from '@app/contracts';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { adminUsersApi } from '..';
import { PageFrame, SectionCard } from '../../shared/page/PageFrame';
import { messageOf, statusOf } from '../../shared/forms/fieldErrors';
import { formatCell } from '../format';
import { ACCOUNT_MESSAGES, ADMIN_USERS_LABELS as L } from '../messages';
import { ServerTable } from '../../shared/table/ServerTable';
import { useBack } from '../useBack';
import { useUserTimeZone } from '../useUserTimeZone';
import { historyPage } from './historyState';

interface HistoryData {
  rows: LoginHistoryRow[];
  cols: TableColumn[];
  total: number;
}

const HistoryCell = ({ col, row, timeZone }: { col: TableColumn; row: LoginHistoryRow; timeZone: string | null }) => {
  const value = (row as unknown as Record<string, unknown>)[col.field];
  if (col.field === 'result') {
    return <Chip size="small" label={String(value ?? '')} color={value === 'Success' ? 'success' : 'error'} variant="outlined" />;
  }
  if (col.field === 'user_agent') {
    // 'Chrome 131 on macOS'; the whole User-Agent string on hover.
    const raw = String(value ?? '');
    return (
      <Box
        component="span"
        title={raw}
        data-testid="history-device"
        sx={{ display: 'inline-block', maxWidth: 360, overflow: 'hidden', textOverflow: 'ellipsis', verticalAlign: 'bottom' }}
      >
        {formatCell(col.field, value)}
      </Box>
    );
  }
  return <>{formatCell(col.field, value, { dateTime: true, timeZone })}</>;
};

/** /app/admin/users/history/{id}?name=: the user's sign-ins, newest first (spec 000 sections 2, 3, 9). */
const UserHistoryPage = ({ agentId, name }: { agentId: number | null; name: string }) => {
  const back = useBack();
  const timeZone = useUserTimeZone();
  const [searchParams, setSearchParams] = useSearchParams();
  const { page, per_page } = historyPage(searchParams);
  const [data, setData] = useState<HistoryData | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(agentId === null ? L.userNotFound : null);
  const [reloadKey, setReloadKey] = useState(0);

  useEffect(() => {
    if (agentId === null) {
      setLoading(false);
      setError(L.userNotFound);
      return;
    }
    let cancelled = false;
    setLoading(true);
    adminUsersApi
      .getHistory(agentId, page, per_page)
      .then((body) => {
        if (cancelled) return;
        setData({ rows: body?.table?.data ?? [], cols: body?.table?.cols ?? [], total: body?.pagination?.total ?? 0 });
        setError(null);
      })
      .catch((failure: unknown) => {
        if (cancelled) return;
        // No rows yet: the error shows alone (ServerTable), not with 'No sign-ins recorded yet.'
        setError(statusOf(failure) === 404 ? L.userNotFound : `${L.historyLoadFailed} ${messageOf(failure, ACCOUNT_MESSAGES.serverError)}`);
      })
      .finally(() => !cancelled && setLoading(false));
    return () => {
      cancelled = true;
    };
  }, [agentId, page, per_page, reloadKey]);

  const move = (next: { page: number; per_page: number }) => {
    const search = new URLSearchParams(searchParams);
    search.set('page', String(next.page));
    search.set('per_page', String(next.per_page));
    setSearchParams(search);
  };

  return (
    <PageFrame title={L.historyTitle} testId="user-history-page" maxWidth={1200}>
      <SectionCard>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
          <Button startIcon={<ArrowBackIcon />} onClick={back} data-testid="user-history-back">
            {L.back}
          </Button>
          {name && (
            <Typography variant="subtitle1" data-testid="user-history-name">
              {L.historyFor} <strong>{name}</strong>
            </Typography>
          )}
        </Box>
        <ServerTable<LoginHistoryRow>
          testId="history-table"
          cols={data?.cols ?? []}
          rows={data?.rows ?? null}
          rowKey={(row, index) => `${row.created_ts}-${index}`}
          renderCell={(col, row) => <HistoryCell col={col} row={row} timeZone={timeZone} />}
          loading={loading}
          error={error}
          onRetry={() => {
            setError(null);
            setReloadKey((key) => key + 1);
          }}
          emptyText={L.emptyHistory}
          page={page}
          perPage={per_page}
          pageSizes={USER_LIST_PAGE_SIZES}
          total={data?.total ?? 0}
          onPage={(next) => move({ page: next, per_page })}
          onPerPage={(next) => move({ page: 1, per_page: next })}
          skeletonCols={4}
        />
      </SectionCard>
    </PageFrame>
  );
};

export default UserHistoryPage;
