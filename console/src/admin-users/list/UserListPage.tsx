import { USER_LIST_PAGE_SIZES, USER_STATUS_FILTERS, type AdminUserRow, type LicenceCounts, type TableColumn } from '@app/contracts';
import AddIcon from '@mui/icons-material/Add';
import BlockIcon from '@mui/icons-material/Block';
import ClearIcon from '@mui/icons-material/Clear';
import DownloadIcon from '@mui/icons-material/Download';
import SearchIcon from '@mui/icons-material/Search';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Confirm, useBasename, useNotify, usePermissions } from 'react-admin';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { adminUsersApi } from '..';
import { PageFrame, SectionCard } from '../../shared/page/PageFrame';
import { messageOf } from '../../shared/forms/fieldErrors';
import type { ConsolePermissions } from '../../auth/authProvider';
import type { EmailType } from '../api';
import { emailFailureMessage } from '../feedback';
import { canEnableEsign } from '../form/userForm';
import { formatCell, imageUrlOf, initialsOf } from '../format';
import { addUserBlocked, isLicenceRefusal, licenceDetailOf } from '../licenceGate';
import { ACCOUNT_MESSAGES, ADMIN_MESSAGES, ADMIN_USERS_LABELS as L } from '../messages';
import { changePasswordPath, historyPath, newUserPath, reassignPath, userPath } from '../paths';
import { ServerTable } from '../../shared/table/ServerTable';
import { LicenceNotice, useLicenceToast } from '../useLicenceToast';
import { useUserTimeZone } from '../useUserTimeZone';
import { LicenceCounters } from './LicenceCounters';
import {
  cleared,
  isCleared,
  isStatusFilter,
  parseListState,
  toApiQuery,
  toDownloadQuery,
  toSearchParams,
  withPage,
  withPerPage,
  withSearch,
  withSort,
  withStatus,
  type UserListState,
} from './listState';
import { UserRowActions, type RowActionHandlers } from './UserRowActions';
import { useDebounced } from '../../shared/useDebounced';
import { saveBlob } from '../../shared/saveBlob';

/** Typing settles this long before the list is asked again. */
const SEARCH_DEBOUNCE_MS = 350;

interface ListData {
  rows: AdminUserRow[];
  cols: TableColumn[];
  total: number;
}

const UserCell = ({ col, row, timeZone }: { col: TableColumn; row: AdminUserRow; timeZone: string | null }) => {
  const basename = useBasename();
  const value = (row as unknown as Record<string, unknown>)[col.field];
  switch (col.field) {
    case 'profile_image_path':
      return (
        <Avatar src={imageUrlOf(value)} alt={row.agent_full_name} sx={{ width: 32, height: 32, fontSize: 14 }}>
          {initialsOf(row.first_name, row.last_name, row.agent_full_name)}
        </Avatar>
      );
    case 'agent_full_name':
      return (
        <Box sx={{ display: 'flex', flexDirection: 'column' }}>
          <Link component={RouterLink} to={userPath(basename, row.agent_id)} underline="hover" data-testid="user-name">
            {row.agent_full_name}
          </Link>
          <Typography
            variant="caption"
            color="text.secondary"
            data-testid="user-email"
            title={row.email}
            sx={{ maxWidth: 200, overflow: 'hidden', textOverflow: 'ellipsis' }}
          >
            {row.email}
          </Typography>
        </Box>
      );
    case 'status':
      return (
        <Chip
          size="small"
          label={formatCell(col.field, value)}
          color={value === 'Active' ? 'success' : 'default'}
          variant={value === 'Active' ? 'filled' : 'outlined'}
          data-testid="user-status"
        />
      );
    default:
      return <>{formatCell(col.field, value, { timeZone })}</>;
  }
};

/** /app/admin/users: licence counters, add, CSV download, search, status filter, Clear, table (spec 000 sections 2, 4). */
const UserListPage = () => {
  const notify = useNotify();
  const navigate = useNavigate();
  const basename = useBasename();
  const licenceToast = useLicenceToast();
  const timeZone = useUserTimeZone();
  const [searchParams, setSearchParams] = useSearchParams();
  const state = useMemo(() => parseListState(searchParams), [searchParams]);

  const [data, setData] = useState<ListData | null>(null);
  const [loading, setLoading] = useState(true);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [licences, setLicences] = useState<LicenceCounts | null>(null);
  const [licenceError, setLicenceError] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  const [busyRow, setBusyRow] = useState<number | null>(null);
  const [reloadKey, setReloadKey] = useState(0);
  const [searchText, setSearchText] = useState(state.quick_search_filter);
  // The user whose inactivation waits for the admin's answer.
  const [toInactivate, setToInactivate] = useState<AdminUserRow | null>(null);
  const { permissions } = usePermissions<ConsolePermissions>();

  // The state the last navigation asked for. Two quick clicks (sort, then sort again) must build on each
  // other, not on a render that has not happened yet; a new URL (back button, a link) resets it.
  const stateRef = useRef(state);
  const renderedState = useRef(state);
  if (renderedState.current !== state) {
    renderedState.current = state;
    stateRef.current = state;
  }
  const go = useCallback(
    (next: UserListState, replace = false) => {
      stateRef.current = next;
      setSearchParams(toSearchParams(next), { replace });
    },
    [setSearchParams],
  );

  // The URL's search changed without the box (back button, a link): show it. Not when it is what the
  // box itself sent, or a slow URL update would wipe what was typed since.
  const sentSearch = useRef(state.quick_search_filter);
  useEffect(() => {
    if (state.quick_search_filter !== sentSearch.current) setSearchText(state.quick_search_filter);
    sentSearch.current = state.quick_search_filter;
  }, [state.quick_search_filter]);

  const searchLater = useDebounced((text) => {
    sentSearch.current = text;
    go(withSearch(stateRef.current, text), true);
  }, SEARCH_DEBOUNCE_MS);

  const apiQuery = toApiQuery(state).toString();
  useEffect(() => {
    let cancelled = false;
    setLoading(true);
    adminUsersApi
      .listUsers(new URLSearchParams(apiQuery))
      .then((body) => {
        if (cancelled) return;
        setData({ rows: body?.table?.data ?? [], cols: body?.table?.cols ?? [], total: body?.pagination?.total ?? 0 });
        setLoadError(null);
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        // The last rows stay on screen under the error: nothing the admin was looking at disappears.
        // Without any (a failed first load) the error shows alone, not as an empty search result.
        setLoadError(`${L.listLoadFailed} ${messageOf(error, ACCOUNT_MESSAGES.serverError)}`);
      })
      .finally(() => !cancelled && setLoading(false));
    return () => {
      cancelled = true;
    };
  }, [apiQuery, reloadKey]);

  const loadLicences = useCallback(() => {
    adminUsersApi
      .getLicences()
      .then((counts) => {
        setLicences(counts);
        setLicenceError(null);
      })
      .catch((error: unknown) => setLicenceError(`${L.licencesLoadFailed} ${messageOf(error, ACCOUNT_MESSAGES.serverError)}`));
  }, []);
  useEffect(loadLicences, [loadLicences]);

  const reload = useCallback(() => {
    setReloadKey((key) => key + 1);
    loadLicences();
  }, [loadLicences]);
  const retry = useCallback(() => {
    setLoadError(null);
    reload();
  }, [reload]);

  const addUser = () => {
    if (addUserBlocked(licences)) {
      licenceToast();
      return;
    }
    navigate(newUserPath(basename));
  };

  const download = async () => {
    if (downloading) return;
    setDownloading(true);
    try {
      const { blob, fileName } = await adminUsersApi.downloadUsers(toDownloadQuery(state));
      saveBlob(blob, fileName);
    } catch (error) {
      notify(`${L.downloadFailed} ${messageOf(error, ACCOUNT_MESSAGES.serverError)}`, { type: 'error' });
    } finally {
      setDownloading(false);
    }
  };

  const withRow = async (row: AdminUserRow, action: () => Promise<void>) => {
    setBusyRow(row.agent_id);
    try {
      await action();
    } finally {
      setBusyRow(null);
    }
  };

  const handlers: RowActionHandlers = {
    edit: (row) => navigate(userPath(basename, row.agent_id)),
    changePassword: (row) => navigate(changePasswordPath(basename, row.agent_id, row.agent_full_name)),
    history: (row) => navigate(historyPath(basename, row.agent_id, row.agent_full_name)),
    reassign: (row) => navigate(reassignPath(basename, row.agent_id, row.agent_full_name)),
    inactivate: (row) => setToInactivate(row),
    activate: (row) =>
      void withRow(row, async () => {
        try {
          await adminUsersApi.activateUser(row.agent_id);
          notify(ADMIN_MESSAGES.userActivated, { type: 'success' });
          reload();
        } catch (error) {
          if (isLicenceRefusal(error)) licenceToast(licenceDetailOf(error));
          else notify(messageOf(error, ACCOUNT_MESSAGES.serverError), { type: 'error' });
        }
      }),
    email: (row, type: EmailType) =>
      void withRow(row, async () => {
        try {
          await adminUsersApi.sendEmail(row.agent_id, type);
          notify(ADMIN_MESSAGES.emailSent, { type: 'success' });
        } catch (error) {
          notify(emailFailureMessage(messageOf(error, ACCOUNT_MESSAGES.serverError)), { type: 'error' });
        }
      }),
  };

  const inactivate = (row: AdminUserRow) => {
    setToInactivate(null);
    void withRow(row, async () => {
      try {
        await adminUsersApi.disableUser(row.agent_id);
        notify(ADMIN_MESSAGES.userDisabled, { type: 'success' });
        reload();
      } catch (error) {
        notify(messageOf(error, ACCOUNT_MESSAGES.serverError), { type: 'error' });
      }
    });
  };

  const canClear = !isCleared(state) || searchText !== '';
  const clearButton = (testId: string) => (
    <Button
      variant="text"
      startIcon={<ClearIcon />}
      onClick={() => {
        searchLater.cancel();
        setSearchText('');
        go(cleared(stateRef.current));
      }}
      disabled={!canClear}
      data-testid={testId}
    >
      {L.clear}
    </Button>
  );

  return (
    <PageFrame title={L.listTitle} testId="admin-users-page" maxWidth={1600}>
      <LicenceNotice fallbackFocus={() => document.querySelector<HTMLElement>('[data-testid="users-add"]')} />
      <LicenceCounters licences={licences} error={licenceError} esignIncluded={canEnableEsign(permissions?.permissions)} />
      <SectionCard>
        <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center', mb: 2 }} data-testid="users-toolbar">
          <TextField
            size="small"
            label={L.search}
            placeholder={L.searchPlaceholder}
            value={searchText}
            onChange={(event) => {
              setSearchText(event.target.value);
              searchLater.call(event.target.value);
            }}
            sx={{ flex: '1 1 220px', maxWidth: { sm: 360 } }}
            slotProps={{
              htmlInput: { 'data-testid': 'users-search', 'aria-label': L.search },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
          <TextField
            select
            size="small"
            label={L.statusFilter}
            value={state.status_filter}
            onChange={(event) => {
              if (isStatusFilter(event.target.value)) go(withStatus(stateRef.current, event.target.value));
            }}
            sx={{ width: 160 }}
            slotProps={{ select: { 'data-testid': 'users-status-filter' } as object }}
          >
            {USER_STATUS_FILTERS.map((status) => (
              <MenuItem key={status} value={status} data-testid={`users-status-${status}`}>
                {L.statusLabels[status]}
              </MenuItem>
            ))}
          </TextField>
          {clearButton('users-clear')}
          <Box sx={{ flex: '1 0 0', display: { xs: 'none', sm: 'block' } }} />
          <Button
            variant="outlined"
            onClick={() => void download()}
            disabled={downloading}
            startIcon={downloading ? <CircularProgress size={16} color="inherit" data-testid="users-download-spinner" /> : <DownloadIcon />}
            data-testid="users-download"
            data-downloading={downloading ? 'true' : 'false'}
          >
            {downloading ? L.downloading : L.download}
          </Button>
          <Button variant="contained" startIcon={<AddIcon />} onClick={addUser} data-testid="users-add">
            {L.addUser}
          </Button>
        </Box>

        <ServerTable<AdminUserRow>
          testId="users-table"
          cols={data?.cols ?? []}
          rows={data?.rows ?? null}
          rowKey={(row) => row.agent_id}
          renderCell={(col, row) => <UserCell col={col} row={row} timeZone={timeZone} />}
          loading={loading}
          error={loadError}
          onRetry={retry}
          emptyText={L.empty}
          emptyAction={canClear ? clearButton('users-empty-clear') : undefined}
          page={state.page}
          perPage={state.per_page}
          pageSizes={USER_LIST_PAGE_SIZES}
          total={data?.total ?? 0}
          onPage={(page) => go(withPage(stateRef.current, page))}
          onPerPage={(perPage) => go(withPerPage(stateRef.current, perPage))}
          sort={{ field: state.order_by, dir: state.order_dir, onSort: (field) => go(withSort(stateRef.current, field)) }}
          actions={{
            header: L.actions,
            render: (row) => <UserRowActions row={row} busy={busyRow === row.agent_id} on={handlers} />,
          }}
          skeletonCols={9}
        />
      </SectionCard>
      {/* Like the other destructive actions: asked first (the user can be activated again later). */}
      <Confirm
        isOpen={toInactivate !== null}
        title={L.inactivate}
        content={toInactivate ? ADMIN_MESSAGES.inactivateConfirm.replace('{name}', toInactivate.agent_full_name) : ''}
        confirm={L.inactivate}
        cancel={L.cancel}
        confirmColor="warning"
        ConfirmIcon={BlockIcon}
        onConfirm={() => toInactivate && inactivate(toInactivate)}
        onClose={() => setToInactivate(null)}
        data-testid="inactivate-confirm"
      />
    </PageFrame>
  );
};

export default UserListPage;
