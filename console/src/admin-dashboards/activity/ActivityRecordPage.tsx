import type { ActivityEntry, TableColumn } from '@app/contracts';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { dashboardsApi } from '..';
import { PageFrame, SectionCard } from '../../shared/page/PageFrame';
import { messageOf, statusOf } from '../../shared/forms/fieldErrors';
import { formatDateTime } from '../../admin-users/format';
import { useBack } from '../../admin-users/useBack';
import { useUserTimeZone } from '../../admin-users/useUserTimeZone';
import { ServerTable } from '../../shared/table/ServerTable';
import { DASHBOARD_ADMIN_LABELS as L, DASHBOARD_ADMIN_MESSAGES } from '../messages';
import { ACTIVITY_PAGE_SIZES, activityRequestOf, withPage } from './activityState';

interface ActivityData {
  rows: ActivityEntry[];
  total: number;
}

const COLUMNS: TableColumn[] = [
  { field: 'ts', header: L.when },
  { field: 'text', header: L.activity },
];

/**
 * /app/record?user={agent_id}&name={name} (spec 000 section 2, the user list's Log Activity): the user's
 * activity rows, the same rows as Display Mode's Activity dashboard, newest first, 20 a page, with a back
 * button. Without a user, the signed-in user's own rows.
 */
const ActivityRecordPage = () => {
  const back = useBack();
  const timeZone = useUserTimeZone();
  const [searchParams, setSearchParams] = useSearchParams();
  const request = useMemo(() => activityRequestOf(searchParams), [searchParams]);
  const { agentId, page, per_page } = request;
  const [data, setData] = useState<ActivityData | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [reloadKey, setReloadKey] = useState(0);

  useEffect(() => {
    if (agentId === undefined) {
      setLoading(false);
      setError(L.userNotFound);
      return;
    }
    let cancelled = false;
    setLoading(true);
    dashboardsApi
      .getActivity({ agentId, page, perPage: per_page })
      .then((body) => {
        if (cancelled) return;
        setData({ rows: body?.records ?? [], total: body?.pagination?.total ?? 0 });
        setError(null);
      })
      .catch((failure: unknown) => {
        if (cancelled) return;
        setData(null);
        setError(
          statusOf(failure) === 404
            ? L.userNotFound
            : `${L.activityLoadFailed} ${messageOf(failure, DASHBOARD_ADMIN_MESSAGES.serverError)}`,
        );
      })
      .finally(() => !cancelled && setLoading(false));
    return () => {
      cancelled = true;
    };
  }, [agentId, page, per_page, reloadKey]);

  const move = (next: { page: number; per_page: number }) => setSearchParams(withPage(searchParams, next.page, next.per_page));

  const renderCell = useCallback(
    (col: TableColumn, row: ActivityEntry) =>
      col.field === 'ts' ? (
        <Box component="time" dateTime={row.ts} data-testid="activity-ts">
          {formatDateTime(row.ts, timeZone)}
        </Box>
      ) : (
        <Box component="span" data-testid="activity-text">
          {row.text}
        </Box>
      ),
    [timeZone],
  );

  return (
    <PageFrame title={L.activityTitle} testId="activity-record-page" maxWidth={1000}>
      <SectionCard>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
          <Button startIcon={<ArrowBackIcon />} onClick={back} data-testid="activity-back">
            {L.back}
          </Button>
          <Typography variant="subtitle1" data-testid="activity-name" sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
            {request.name ? (
              <>
                {L.activityOf} <strong>{request.name}</strong>
              </>
            ) : agentId === null ? (
              L.ownActivity
            ) : null}
          </Typography>
        </Box>
        <ServerTable<ActivityEntry>
          testId="activity-table"
          cols={COLUMNS}
          rows={data?.rows ?? null}
          rowKey={(row) => row.id}
          renderCell={renderCell}
          loading={loading}
          error={error}
          onRetry={
            error === L.userNotFound
              ? undefined
              : () => {
                  setError(null);
                  setReloadKey((key) => key + 1);
                }
          }
          emptyText={L.emptyActivity}
          page={page}
          perPage={per_page}
          pageSizes={ACTIVITY_PAGE_SIZES}
          total={data?.total ?? 0}
          onPage={(next) => move({ page: next, per_page })}
          onPerPage={(next) => move({ page: 1, per_page: next })}
          skeletonCols={2}
          scrollLabel={L.activityTable}
          // Two columns: the text wraps instead of the table scrolling sideways on a phone.
          tableSx={{
            minWidth: 0,
            '& td.server-table-td[data-field="text"]': { whiteSpace: 'normal', overflowWrap: 'anywhere', width: '100%' },
          }}
        />
      </SectionCard>
    </PageFrame>
  );
};

export default ActivityRecordPage;
