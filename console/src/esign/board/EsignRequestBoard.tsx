import {
  ESIGN_BOARD_MESSAGES,
  type EsignBoardRow,
  type EsignRequestStatus,
  type EsignRequestUsers,
  type EsignStatusTotals,
  type Pagination,
} from '@app/contracts';
import BlockIcon from '@mui/icons-material/Block';
import SearchIcon from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Confirm, useNotify } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { messageOf, statusOf } from '../../shared/forms/fieldErrors';
import { useUserTimeZone } from '../../admin-users/useUserTimeZone';
import { useDebounced } from '../../shared/useDebounced';
import { esignApi } from '..';
import { ESIGN_BOARD_LABELS as L } from '../messages';
import { useEsignList } from '../useEsignList';
import { AuditLogDialog } from './AuditLogDialog';
import { BoardFilters } from './BoardFilters';
import {
  boardStateFromParams,
  boardStateToParams,
  browserTimeZone,
  cleared,
  filtersKey,
  filtersOf,
  tileActive,
  toBoardQuery,
  withFilters,
  withPage,
  withPerPage,
  withSearch,
  withSort,
  withTile,
  type EsignBoardFilters,
  type EsignBoardState,
} from './boardState';
import { EsignRequestsTable } from './EsignRequestsTable';
import { StatusTiles } from './StatusTiles';

/** Typing settles this long before the board is asked again. */
export const BOARD_SEARCH_DEBOUNCE_MS = 350;

const pagination = (total: number, page: number, perPage: number): Pagination => {
  const pages = Math.max(1, Math.ceil(total / Math.max(1, perPage)));
  return { total, page, per_page: perPage, pages, has_next: page < pages, has_prev: page > 1 };
};

/**
 * The request board (spec 002 section 2.5): status total tiles, the filters (status, user, date type with a
 * range, Clear), the quick search and the requests table, with Cancel (after 'Are you sure you want to cancel
 * this request?') and the Audit Log of a completed request. Filters, sort and page live in the URL query.
 *
 * On a transaction's e-sign tab (`clientId`) it is the same board, of that transaction's requests only.
 */
export const EsignRequestBoard = ({ clientId }: { clientId?: number }) => {
  const notify = useNotify();
  const timeZone = useUserTimeZone();
  const filterTimeZone = useMemo(browserTimeZone, []);
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => boardStateFromParams(params), [params]);
  const stateRef = useRef(state);
  stateRef.current = state;
  const paramsRef = useRef(params);
  paramsRef.current = params;

  const update = useCallback(
    (change: (current: EsignBoardState) => EsignBoardState) => {
      const next = change(stateRef.current);
      const nextParams = boardStateToParams(next, paramsRef.current);
      if (nextParams.toString() !== paramsRef.current.toString()) setParams(nextParams, { replace: true });
    },
    [setParams],
  );

  // The list and its totals (the totals of the latest query only: an older answer's are dropped).
  const query = toBoardQuery(state, { clientId, timeZone: filterTimeZone }).toString();
  const latestQuery = useRef(query);
  latestQuery.current = query;
  const [totals, setTotals] = useState<EsignStatusTotals | null>(null);
  const load = useCallback(async (search: URLSearchParams) => {
    const body = await esignApi.listRequests(search);
    if (search.toString() === latestQuery.current) setTotals(body?.status_totals ?? null);
    const page = body?.pagination;
    return {
      records: body?.esignature_requests ?? [],
      pagination: pagination(page?.totalRecords ?? 0, page?.page ?? 1, page?.per_page ?? 0),
    };
  }, []);
  const list = useEsignList<EsignBoardRow>(load, query);

  // A failed load says the server's words (the table keeps its rows, or shows Retry).
  useEffect(() => {
    if (list.error) notify(list.error, { type: 'error' });
  }, [list.error, notify]);

  // The user filter's groups.
  const [userGroups, setUserGroups] = useState<EsignRequestUsers['groups']>([]);
  useEffect(() => {
    let live = true;
    esignApi.getRequestUsers().then(
      (body) => live && setUserGroups(body?.groups ?? []),
      (error: unknown) => live && notify(messageOf(error, L.usersFailed), { type: 'error' }),
    );
    return () => {
      live = false;
    };
  }, [notify]);

  // The filter form starts again from the URL when the filters change other than through it (a tile, Clear,
  // the browser's back); its own changes leave it as it is.
  const appliedKey = filtersKey(filtersOf(state));
  const fromForm = useRef(appliedKey);
  const [formVersion, setFormVersion] = useState(0);
  useEffect(() => {
    if (appliedKey !== fromForm.current) {
      fromForm.current = appliedKey;
      setFormVersion((value) => value + 1);
    }
  }, [appliedKey]);
  const changeFilters = useCallback(
    (filters: EsignBoardFilters) => {
      fromForm.current = filtersKey(filters);
      update((current) => withFilters(current, filters));
    },
    [update],
  );

  // Quick search.
  const [searchText, setSearchText] = useState(state.search);
  const searchLater = useDebounced((text) => update((current) => withSearch(current, text)), BOARD_SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    // The search changed elsewhere (Clear, back): the box follows.
    setSearchText((text) => (text.trim() === state.search ? text : state.search));
  }, [state.search]);

  const clear = () => {
    searchLater.cancel();
    setSearchText('');
    update(cleared);
  };

  // Cancel, after its confirmation.
  const [confirming, setConfirming] = useState<EsignBoardRow | null>(null);
  const [cancelBusy, setCancelBusy] = useState(false);
  const confirmCancel = async () => {
    if (!confirming) return;
    setCancelBusy(true);
    try {
      await esignApi.cancelRequest(confirming.esig_request_id);
      notify(L.requestCancelled, { type: 'success' });
      list.reload();
    } catch (error) {
      // 409 'This request can no longer be cancelled': the server's words, and the row as it is now.
      notify(messageOf(error, L.serverError), { type: 'error' });
      if (statusOf(error) === 409) list.reload();
    } finally {
      setCancelBusy(false);
      setConfirming(null);
    }
  };
  const cancelling = useMemo(() => new Set(confirming && cancelBusy ? [confirming.esig_request_id] : []), [confirming, cancelBusy]);

  const [auditing, setAuditing] = useState<EsignBoardRow | null>(null);
  const pickTile = useCallback((status: EsignRequestStatus | null) => update((current) => withTile(current, status)), [update]);
  const isActive = useCallback((status: EsignRequestStatus | null) => tileActive(state, status), [state]);

  return (
    <>
      <StatusTiles totals={totals} isActive={isActive} onPick={pickTile} />
      <BoardFilters
        key={formVersion}
        applied={filtersOf(state)}
        onChange={changeFilters}
        onClear={clear}
        userGroups={userGroups}
        timeZone={filterTimeZone}
      >
        <TextField
          size="small"
          label={L.search}
          placeholder={L.searchHint}
          value={searchText}
          fullWidth
          margin="dense"
          onChange={(event) => {
            setSearchText(event.target.value);
            searchLater.call(event.target.value);
          }}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            searchLater.cancel();
            const text = (event.target as HTMLInputElement).value;
            update((current) => withSearch(current, text));
          }}
          slotProps={{
            htmlInput: { 'data-testid': 'esign-quick-search', 'aria-label': `${L.search}: ${L.searchHint}`, maxLength: 100 },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
      </BoardFilters>
      <EsignRequestsTable
        rows={list.rows}
        total={list.total}
        loading={list.loading}
        error={list.error}
        onRetry={list.reload}
        state={state}
        onPage={(page) => update((current) => withPage(current, page))}
        onPerPage={(perPage) => update((current) => withPerPage(current, perPage))}
        onSort={(field) => update((current) => withSort(current, field))}
        onCancel={setConfirming}
        onAuditLog={setAuditing}
        cancelling={cancelling}
        timeZone={timeZone}
      />
      <Confirm
        isOpen={confirming !== null}
        loading={cancelBusy}
        title={L.cancelTitle}
        content={ESIGN_BOARD_MESSAGES.cancelConfirm}
        confirm={L.confirmCancel}
        cancel={L.keepRequest}
        confirmColor="warning"
        ConfirmIcon={BlockIcon}
        onConfirm={() => void confirmCancel()}
        onClose={() => !cancelBusy && setConfirming(null)}
        data-testid="esign-cancel-confirm"
      />
      {auditing && <AuditLogDialog request={auditing} timeZone={timeZone} onClose={() => setAuditing(null)} />}
    </>
  );
};
