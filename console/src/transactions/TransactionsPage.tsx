import {
  FILTER_KEYS,
  TRANSACTION_PAGE_SIZES,
  type FilterKey,
  type TransactionFilterKeys,
  type StageOption,
  type StatusOption,
  type TransactionColumn,
  type TransactionRow,
} from '@app/contracts';
import AddIcon from '@mui/icons-material/Add';
import ClearIcon from '@mui/icons-material/Clear';
import CloseIcon from '@mui/icons-material/Close';
import FilterListIcon from '@mui/icons-material/FilterList';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Loading, useBasename, useLogoutIfAccessDenied, usePermissions } from 'react-admin';
import { Link, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { PageFrame, SectionCard } from '../shared/page/PageFrame';
import { authClient } from '../auth';
import type { ConsolePermissions } from '../auth/authProvider';
import { ServerTable, type RowSelection } from '../shared/table/ServerTable';
import { useRowSelection } from '../shared/table/useRowSelection';
import { pageCount } from '../shared/table/paging';
import { transactionsApi } from '.';
import { renderTransactionCell, transactionTableSx, type CellContext } from './cells';
import { TRANSACTION_LIST_LABELS as L, TRANSACTION_LIST_MESSAGES as M } from './messages';
import { canAddTransaction } from './detail/addTransaction';
import { TRANSACTION_DETAIL_LABELS as D } from './detail/messages';
import { TransactionModal } from './detail/TransactionModal';
import { newTransactionPath, transactionDetailPath, transactionsPath } from './paths';
import { stageColoursById } from './statusStyles';
import {
  cleared,
  DEFAULT_TABLE_STATE,
  loadTableState,
  saveTableState,
  sessionStore,
  tableStateKey,
  toApiQuery,
  withDefaultSort,
  withPage,
  withPerPage,
  withSearch,
  withFilters,
  withSort,
  type TransactionTableState,
} from './tableState';
import { FilterChips } from './filters/FilterChips';
import { FilterSidebar } from './filters/FilterSidebar';
import { hasFilters, parseFilterParams, withoutKey } from './filters/filterKeys';
import { FILTER_LABELS as FL } from './filters/messages';
import { useDebounced } from '../shared/useDebounced';
import { RoadmapBulkActions } from './RoadmapBulkActions';

/** Typing settles this long before the list is asked again. */
export const SEARCH_DEBOUNCE_MS = 350;

interface ListData {
  rows: TransactionRow[];
  cols: TransactionColumn[];
  total: number;
}

type RowKey = string | number;

function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
}

/** The fields a 400 names ({errors: [{field, error}]}, as the HttpError keeps them). */
function refusedFields(error: unknown): string[] {
  const body = (error as { body?: { field_errors?: { field: string }[]; errors?: Record<string, string> } } | null)?.body;
  if (Array.isArray(body?.field_errors)) return body.field_errors.map((item) => item.field);
  return body?.errors && typeof body.errors === 'object' ? Object.keys(body.errors) : [];
}

/**
 * The table state, kept for the session (per user): leaving the screen and coming back restores page,
 * page size, sort and search (spec 001 section 2).
 */
function useKeptTableState(linkFilters: TransactionFilterKeys | null) {
  const [key] = useState(() => tableStateKey(authClient.getSession()?.user.agent_id));
  // A dashboard link's keys replace the kept filters (page 1); the rest of the kept state stays.
  const [state, setState] = useState<TransactionTableState>(() => {
    const kept = loadTableState(sessionStore(), key);
    return linkFilters ? withFilters(kept, linkFilters) : kept;
  });
  useEffect(() => saveTableState(sessionStore(), key, state), [key, state]);
  return [state, setState] as const;
}

/** The filter keys of a link to the list (`/app/transactions?{link_params}`), or null. */
function linkFiltersOf(search: string): TransactionFilterKeys | null {
  const keys = parseFilterParams(new URLSearchParams(search));
  return hasFilters(keys) ? keys : null;
}

/** The link's search without its filter keys (they live in the table state once applied). */
function searchWithoutFilters(search: string): string {
  const params = new URLSearchParams(search);
  for (const key of [...FILTER_KEYS, 'referrer_filter']) params.delete(key);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/** The list's saved filters and filter form (spec 001 section 4). */
const FILTER_COMPONENT = 'transactions' as const;

/** Where a row click came from: closing the modal goes back there (history) instead of adding an entry. */
interface FromList {
  fromList?: boolean;
}

/**
 * /app/transactions: search, Clear, help, and the server's table (spec 001 sections 2, 3, 8, 9).
 * `reloadKey` loads the page again (a change made in the transaction modal over it).
 */
export const TransactionList = ({ reloadKey = 0 }: { reloadKey?: number }) => {
  const basename = useBasename();
  const navigate = useNavigate();
  // A ref, not an effect dependency: react-admin does not promise a stable function.
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const logoutRef = useRef(logoutIfAccessDenied);
  logoutRef.current = logoutIfAccessDenied;
  const { permissions, isPending: rolesPending } = usePermissions<ConsolePermissions>();
  const location = useLocation();
  const [linkFilters] = useState(() => linkFiltersOf(location.search));
  const [state, setState] = useKeptTableState(linkFilters);
  // The link's keys are applied: the address drops them, so a reload keeps the user's later changes.
  useEffect(() => {
    if (linkFilters)
      navigate({ pathname: location.pathname, search: searchWithoutFilters(location.search) }, { replace: true, state: location.state });
  }, []); // eslint-disable-line react-hooks/exhaustive-deps
  const [filtersOpen, setFiltersOpen] = useState(false);
  // The sidebar mounts when first opened, then keeps its form while closed.
  const [filtersMounted, setFiltersMounted] = useState(false);
  const openFilters = () => {
    setFiltersMounted(true);
    setFiltersOpen(true);
  };
  const [searchText, setSearchText] = useState(state.quick_search_filter);
  const [data, setData] = useState<ListData | null>(null);
  const [loading, setLoading] = useState(true);
  const [statuses, setStatuses] = useState<StatusOption[]>([]);
  const [stages, setStages] = useState<StageOption[]>([]);
  const { selected, onToggle, onToggleAll, clear: clearSelection } = useRowSelection<RowKey>();
  // Bumped after a bulk roadmap change: the page loads again even when its query did not change.
  const [bulkReload, setBulkReload] = useState(0);

  const apiQuery = toApiQuery(state).toString();
  useEffect(() => {
    let cancelled = false;
    setLoading(true);
    transactionsApi
      .listTransactions(new URLSearchParams(apiQuery))
      .then((body) => {
        if (cancelled) return;
        const rows = body?.table?.data ?? [];
        const total = body?.pagination?.total ?? 0;
        const page = Number(new URLSearchParams(apiQuery).get('page'));
        // A kept page past the end (rows went since): the last page there is.
        if (rows.length === 0 && page > 1 && total > 0) {
          setState((current) => withPage(current, pageCount(total, current.per_page)));
          return;
        }
        setData({ rows, cols: body?.table?.cols ?? [], total });
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        // Spec 001 section 8: a failed table load resets the loading flag and shows no message; the
        // rows on screen stay. A kept sort or page the server refuses (a custom field removed since)
        // falls back to the default, silently too.
        // An ended session (401) signs out, as react-admin's own calls do.
        void logoutRef.current(error);
        const refusedKeys = (fields: string[]) =>
          FILTER_KEYS.filter((key) => fields.some((field) => field === key || field.startsWith(`${key}.`) || field.startsWith(`${key}[`)));
        if (statusOf(error) === 404) {
          // Another team's scope (a stale link): the list without it.
          setState((current) => (current.filters?.context ? withFilters(current, withoutKey(current.filters, 'context')) : current));
        } else if (statusOf(error) === 400) {
          const fields = refusedFields(error);
          const badKeys = refusedKeys(fields);
          if (badKeys.length > 0)
            setState((current) =>
              withFilters(
                current,
                badKeys.reduce<TransactionFilterKeys>((keys, key) => withoutKey(keys, key), current.filters ?? {}),
              ),
            );
          else if (fields.includes('order_by') || fields.includes('order_dir')) setState(withDefaultSort);
          else if (fields.includes('page') || fields.includes('per_page')) setState((current) => withPage(current, 1));
        }
      })
      .finally(() => {
        if (!cancelled) setLoading(false);
      });
    return () => {
      cancelled = true;
    };
  }, [apiQuery, setState, reloadKey, bulkReload]);

  // The colours of the status and stage tags: without them the tags show neutral.
  useEffect(() => {
    let cancelled = false;
    transactionsApi.getStatuses().then(
      (records) => !cancelled && setStatuses(records),
      () => undefined,
    );
    transactionsApi.getStages().then(
      (records) => !cancelled && setStages(records),
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, []);

  const searchLater = useDebounced((text) => setState((current) => withSearch(current, text)), SEARCH_DEBOUNCE_MS);

  const clear = () => {
    searchLater.cancel();
    setSearchText('');
    setState(cleared);
  };

  const stageMap = useMemo(() => stageColoursById(stages), [stages]);
  const tableSx = useMemo(() => transactionTableSx(statuses), [statuses]);
  const locale = typeof navigator === 'undefined' ? undefined : navigator.language;
  const timeZone = authClient.getSession()?.user.timezone ?? null;
  const cellContext = useMemo<CellContext>(
    () => ({ basename, stages: stageMap, locale, timeZone }),
    [basename, stageMap, locale, timeZone],
  );
  const renderCell = useCallback(
    (col: TransactionColumn, row: TransactionRow) => renderTransactionCell(col, row, cellContext),
    [cellContext],
  );
  const openRow = useCallback(
    (row: TransactionRow) => navigate(transactionDetailPath(basename, row.client_id), { state: { fromList: true } satisfies FromList }),
    [navigate, basename],
  );

  // Row checkboxes for everyone but vendors (spec 001 section 6).
  const vendor = (permissions?.roles ?? []).includes('VENDOR');
  // After a bulk roadmap change: page 1, 10 rows, created_ts ascending (spec 001 section 4), loaded again.
  const afterRoadmaps = useCallback(() => {
    clearSelection();
    setState((current) => withFilters({ ...DEFAULT_TABLE_STATE, quick_search_filter: current.quick_search_filter }, current.filters));
    setBulkReload((value) => value + 1);
  }, [setState, clearSelection]);
  const rowLabel = useCallback((row: TransactionRow) => L.selectRow.replace('{id}', String(row.id)), []);
  const selection = useMemo<RowSelection<TransactionRow> | undefined>(
    () => (rolesPending || vendor ? undefined : { selected, onToggle, onToggleAll, rowLabel, allLabel: L.selectAll }),
    [rolesPending, vendor, selected, onToggle, onToggleAll, rowLabel],
  );

  const searching = state.quick_search_filter !== '' || searchText !== '';
  const filtered = hasFilters(state.filters);
  const applyFilters = useCallback((keys: TransactionFilterKeys) => setState((current) => withFilters(current, keys)), [setState]);
  const removeFilter = useCallback(
    (key: FilterKey) => setState((current) => withFilters(current, withoutKey(current.filters ?? {}, key))),
    [setState],
  );
  const clearFilters = useCallback(() => setState((current) => withFilters(current, {})), [setState]);
  const filterCount = Object.keys(state.filters ?? {}).length;
  const clearButton = (testId: string) => (
    <Button variant="text" startIcon={<ClearIcon />} onClick={clear} disabled={!searching} data-testid={testId}>
      {M.clear}
    </Button>
  );

  return (
    <PageFrame title={M.title} testId="transactions-page" maxWidth={1800}>
      <SectionCard>
        <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center', mb: 1.5 }} data-testid="transactions-toolbar">
          <TextField
            size="small"
            label={L.search}
            placeholder={M.searchHint}
            title={M.searchHint}
            value={searchText}
            onChange={(event) => {
              setSearchText(event.target.value);
              searchLater.call(event.target.value);
            }}
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              searchLater.cancel();
              const text = (event.target as HTMLInputElement).value;
              setState((current) => withSearch(current, text));
            }}
            sx={{
              flex: '1 1 260px',
              maxWidth: { sm: 420 },
              // The whole hint on a phone: a smaller placeholder, no search icon.
              '& input::placeholder': { fontSize: { xs: 14, sm: 'inherit' } },
              '& .MuiInputAdornment-root': { display: { xs: 'none', sm: 'flex' } },
            }}
            slotProps={{
              htmlInput: { 'data-testid': 'transactions-search', 'aria-label': `${L.search}: ${M.searchHint}`, maxLength: 200 },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
          {clearButton('transactions-clear')}
          <Button
            variant={filtered ? 'contained' : 'outlined'}
            color={filtered ? 'secondary' : 'primary'}
            startIcon={<FilterListIcon />}
            onClick={openFilters}
            aria-expanded={filtersOpen}
            data-testid="transactions-filters"
          >
            {FL.filters}
            {filtered ? ` (${filterCount})` : ''}
          </Button>
          {!rolesPending && canAddTransaction(permissions?.roles) && (
            <Button
              component={Link}
              to={newTransactionPath(basename)}
              variant="contained"
              startIcon={<AddIcon />}
              onMouseEnter={preload(loadAddTransactionPage)}
              onFocus={preload(loadAddTransactionPage)}
              data-testid="transactions-add"
            >
              {D.addTransaction}
            </Button>
          )}
          {/* Selected rows: the roadmap template multiselect with Assign and Remove (spec 001 section 2). */}
          <Box
            sx={{
              flex: '1 0 auto',
              display: 'flex',
              justifyContent: 'flex-end',
              gap: 1.5,
              flexWrap: 'wrap',
              minHeight: 36,
              alignItems: 'center',
            }}
            data-testid="transactions-bulk-actions"
          >
            {selection && selected.size > 0 && (
              <>
                <Typography variant="body2" color="text.secondary" data-testid="transactions-selected-count">
                  {L.selected.replace('{count}', String(selected.size))}
                </Typography>
                <RoadmapBulkActions clientIds={[...selected].map(Number)} onDone={afterRoadmaps} />
              </>
            )}
          </Box>
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5, color: 'text.secondary' }} data-testid="transactions-help">
          <InfoOutlinedIcon fontSize="small" aria-hidden />
          <Typography variant="body2">{M.help}</Typography>
        </Box>

        <FilterChips component={FILTER_COMPONENT} filters={state.filters ?? {}} onRemove={removeFilter} onClear={clearFilters} />

        <ServerTable<TransactionRow, TransactionColumn>
          testId="transactions-table"
          cols={data?.cols ?? []}
          rows={data?.rows ?? null}
          rowKey={(row) => row.client_id}
          renderCell={renderCell}
          loading={loading}
          error={null}
          emptyText={M.empty}
          emptyAction={
            searching ? (
              clearButton('transactions-empty-clear')
            ) : filtered ? (
              <Button variant="text" startIcon={<ClearIcon />} onClick={clearFilters} data-testid="transactions-empty-clear-filters">
                {FL.clearChips}
              </Button>
            ) : undefined
          }
          page={state.page}
          perPage={state.per_page}
          pageSizes={TRANSACTION_PAGE_SIZES}
          total={data?.total ?? 0}
          onPage={(page) => setState((current) => withPage(current, page))}
          onPerPage={(perPage) => setState((current) => withPerPage(current, perPage))}
          sort={{ field: state.order_by, dir: state.order_dir, onSort: (field) => setState((current) => withSort(current, field)) }}
          skeletonCols={12}
          skeletonRows={Math.min(state.per_page, 10)}
          onRowClick={openRow}
          selection={selection}
          scrollLabel={L.tableRegion}
          jumpToPage
          tableSx={tableSx}
          labels={{ rowsPerPage: L.rowsPerPage, jumpToPage: L.jumpToPage }}
        />
      </SectionCard>

      {/* The filter sidebar: a drawer, the whole width on a phone (no sideways scroll at 390 px). */}
      <Drawer
        anchor="right"
        open={filtersOpen}
        onClose={() => setFiltersOpen(false)}
        ModalProps={{ keepMounted: true }}
        slotProps={{
          paper: {
            sx: { width: { xs: '100vw', md: 760 }, maxWidth: '100vw', p: 2, boxSizing: 'border-box' },
            role: 'dialog',
            'aria-modal': true,
            'aria-labelledby': 'filter-drawer-title',
          } as object,
        }}
        data-testid="filter-drawer"
      >
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
          <Typography variant="h6" component="h2" id="filter-drawer-title">
            {FL.filters}
          </Typography>
          <IconButton aria-label={FL.closeFilters} onClick={() => setFiltersOpen(false)} data-testid="filter-drawer-close">
            <CloseIcon />
          </IconButton>
        </Box>
        {filtersMounted && (
          <FilterSidebar component={FILTER_COMPONENT} applied={state.filters ?? {}} onApply={applyFilters} timeZone={filterTimeZone()} />
        )}
      </Drawer>
    </PageFrame>
  );
};

/** Presets resolve in the signed-in user's zone (the team's), else the browser's. */
function filterTimeZone(): string {
  return authClient.getSession()?.user.timezone || Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** A path under /app/transactions whose page comes with a later issue (e.g. a transaction's tasks). */
const NotYetPage = () => {
  const basename = useBasename();
  return (
    <PageFrame title={L.notYetTitle} testId="transactions-not-yet" maxWidth={720}>
      <Alert severity="info" sx={{ mb: 2 }}>
        {L.notYet}
      </Alert>
      <Button component={Link} to={transactionsPath(basename)} variant="outlined">
        {L.backToList}
      </Button>
    </PageFrame>
  );
};

// The transaction page and Add Transaction: their own chunks, loaded when opened (or when the way there
// shows: the modal's View transaction, the Add Transaction button under the pointer or focus).
const loadTransactionPage = () => import('./detail/TransactionPage');
const loadAddTransactionPage = () => import('./detail/AddTransactionPage');
const TransactionPage = lazy(loadTransactionPage);
const AddTransactionPage = lazy(loadAddTransactionPage);
// The e-sign send stepper of a draft (spec 002 section 2.2), under the transaction's e-sign tab.
const EsignSendPage = lazy(() => import('../esign/send/EsignSendPage'));
// A transaction's tasks (with the task modal at /{taskId}) and its documents (spec 001).
const TasksPage = lazy(() => import('../tasks/TasksPage'));
const DocumentsPage = lazy(() => import('../documents/DocumentsPage'));
// A transaction's e-sign tab (spec 002 section 2.5); the stepper under it has its own route.
const TransactionEsignPage = lazy(() => import('../esign/board/TransactionEsignPage'));
const preload = (load: () => Promise<unknown>) => () => void load().catch(() => undefined);

/** `/transaction/{client_id}/detail` (under the basename): the modal over the list. */
const MODAL_PATH = /^\/transaction\/([^/]+)\/detail\/?$/;
const LIST_PATH = /^\/transactions\/?$/;

/**
 * /app/transactions/* and /app/transaction/{client_id}/detail (ConsoleApp mounts it at both): the list,
 * the transaction modal over the list, the transaction page and Add Transaction. The list keeps its
 * place in the tree when the modal opens and closes, so it neither reloads nor loses its scroll.
 */
const TransactionsPage = () => {
  const basename = useBasename();
  const location = useLocation();
  const navigate = useNavigate();
  const path = location.pathname.startsWith(basename) ? location.pathname.slice(basename.length) : location.pathname;
  const modal = MODAL_PATH.exec(path);
  const showList = !!modal || LIST_PATH.test(path);
  const [listVersion, setListVersion] = useState(0);
  const changed = useRef(false);
  const modalOpen = !!modal;
  useEffect(() => {
    if (modalOpen) preload(loadTransactionPage)();
  }, [modalOpen]);

  const closeModal = useCallback(() => {
    if (changed.current) {
      changed.current = false;
      setListVersion((value) => value + 1);
    }
    // Opened by a row click: back to that list entry; opened by its URL: the list in its place.
    if ((location.state as FromList | null)?.fromList) navigate(-1);
    else navigate(transactionsPath(basename), { replace: true });
  }, [location.state, navigate, basename]);

  return (
    <>
      {showList && <TransactionList reloadKey={listVersion} />}
      {modal && (
        <TransactionModal
          key={modal[1]}
          clientId={decodeURIComponent(modal[1])}
          onClose={closeModal}
          onChanged={() => {
            changed.current = true;
          }}
        />
      )}
      {!showList && (
        <Suspense fallback={<Loading />}>
          {path.startsWith('/transactions/') ? (
            <Routes>
              <Route path="new" element={<AddTransactionPage />} />
              <Route path=":id" element={<TransactionPage />} />
              <Route path=":id/esign/send/:draftId" element={<EsignSendPage />} />
              <Route path=":id/tasks/*" element={<TasksPage />} />
              <Route path=":id/documents/*" element={<DocumentsPage />} />
              <Route path=":id/esign" element={<TransactionEsignPage />} />
              <Route path="*" element={<NotYetPage />} />
            </Routes>
          ) : (
            <NotYetPage />
          )}
        </Suspense>
      )}
    </>
  );
};

export default TransactionsPage;
