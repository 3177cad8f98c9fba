import {
  CONTACT_COLUMNS,
  CONTACT_PAGE_SIZES,
  CONTACT_TEAM_ROLES,
  formatPhone,
  type ContactFilterOptions,
  type ContactRecord,
  type TableColumn,
} from '@app/contracts';
import AddIcon from '@mui/icons-material/Add';
import CallMergeIcon from '@mui/icons-material/CallMerge';
import DownloadIcon from '@mui/icons-material/Download';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useBasename, useLogoutIfAccessDenied, useNotify, usePermissions } from 'react-admin';
import { Link, useNavigate } from 'react-router-dom';
import { PageFrame, SectionCard } from '../shared/page/PageFrame';
import { messageOf } from '../shared/forms/fieldErrors';
import { authClient } from '../auth';
import type { ConsolePermissions } from '../auth/authProvider';
import { saveBlob } from '../shared/saveBlob';
import { ServerTable, type RowSelection } from '../shared/table/ServerTable';
import { useRowSelection } from '../shared/table/useRowSelection';
import { useDebounced } from '../shared/useDebounced';
import { contactsApi } from '.';
import { canMerge } from './merge';
import { MergeDialog } from './MergeDialog';
import { CONTACT_LABELS as L, CONTACT_MESSAGES as M } from './messages';
import { contactPath, newContactPath } from './paths';
import {
  DEFAULT_CONTACT_LIST_STATE,
  toApiQuery,
  toCsvQuery,
  withAgent,
  withLeadType,
  withPage,
  withPerPage,
  withSearch,
  withSort,
  type ContactListState,
} from './listState';
import { HelpTooltip } from '../tooltips/HelpTooltip';

/** Typing settles this long before the list is asked again. */
export const SEARCH_DEBOUNCE_MS = 350;

type RowKey = string | number;

/** The table's columns for these roles: the Agent column for ADMIN, TRANC, ISISA only (spec 001 section 6). */
export function contactColumnsFor(roles: readonly string[] | undefined): TableColumn[] {
  const team = (roles ?? []).some((role) => (CONTACT_TEAM_ROLES as readonly string[]).includes(role));
  return CONTACT_COLUMNS.filter((col) => team || !col.teamOnly).map((col) => ({ field: col.field, header: col.header, sortable: true }));
}

/** A cell's text: lead sources by name, phones masked, statuses in words. */
export function contactCellText(field: string, row: ContactRecord, leadSources: ReadonlyMap<number, string>): string {
  if (field === 'lead_type_id') return row.lead_type_id === null ? '' : (leadSources.get(row.lead_type_id) ?? '');
  if (field === 'mobile_phone') return formatPhone(row.mobile_phone);
  if (field === 'status') return row.status === 'active' ? L.active : L.inactive;
  const value = (row as unknown as Record<string, unknown>)[field];
  return value === null || value === undefined ? '' : String(value);
}

/** /app/contacts (spec 001 sections 2, 4, 5, 6 and 9): search, filters, Merge Contacts, Export CSV, Add New and the table. */
export const ContactList = () => {
  const basename = useBasename();
  const navigate = useNavigate();
  const notify = useNotify();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const logoutRef = useRef(logoutIfAccessDenied);
  logoutRef.current = logoutIfAccessDenied;
  const { permissions, isPending: rolesPending } = usePermissions<ConsolePermissions>();
  const [state, setState] = useState<ContactListState>(DEFAULT_CONTACT_LIST_STATE);
  const [searchText, setSearchText] = useState('');
  const [rows, setRows] = useState<ContactRecord[] | null>(null);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  const [reloadKey, setReloadKey] = useState(0);
  const [options, setOptions] = useState<ContactFilterOptions>({ agents: [], lead_sources: [] });
  const { selected, onToggle, onToggleAll, clear: clearSelection } = useRowSelection<RowKey>();
  const [merging, setMerging] = useState<number[] | null>(null);
  const [exporting, setExporting] = useState(false);

  const roles = permissions?.roles;
  const team = (roles ?? []).some((role) => CONTACT_TEAM_ROLES.includes(role));
  const cols = useMemo(() => (rolesPending ? [] : contactColumnsFor(roles)), [rolesPending, roles]);

  const apiQuery = toApiQuery(state).toString();
  useEffect(() => {
    let cancelled = false;
    setLoading(true);
    contactsApi
      .listContacts(new URLSearchParams(apiQuery))
      .then((body) => {
        if (cancelled) return;
        setRows(body?.records ?? []);
        setTotal(body?.pagination?.total ?? 0);
      })
      .catch((error: unknown) => {
        // A failed table load resets the loading flag and shows no message (spec 001 section 8).
        if (!cancelled) void logoutRef.current(error);
      })
      .finally(() => {
        if (!cancelled) setLoading(false);
      });
    return () => {
      cancelled = true;
    };
  }, [apiQuery, reloadKey]);

  // Agent and Lead Source options, loaded by the team's id.
  useEffect(() => {
    let cancelled = false;
    contactsApi.getFilterOptions(authClient.getSession()?.user.team?.team_id).then(
      (body) => !cancelled && setOptions(body),
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, []);

  const leadSources = useMemo(() => new Map(options.lead_sources.map((o) => [o.id, o.label])), [options]);
  const renderCell = useCallback((col: TableColumn, row: ContactRecord) => contactCellText(col.field, row, leadSources), [leadSources]);
  const searchLater = useDebounced((text) => setState((current) => withSearch(current, text)), SEARCH_DEBOUNCE_MS);

  const rowLabel = useCallback((row: ContactRecord) => L.selectRow.replace('{name}', `${row.first_name} ${row.last_name}`.trim()), []);
  const selection = useMemo<RowSelection<ContactRecord>>(
    () => ({ selected, onToggle, onToggleAll, rowLabel, allLabel: L.selectAll }),
    [selected, onToggle, onToggleAll, rowLabel],
  );

  const exportCsv = async () => {
    setExporting(true);
    try {
      const { blob, fileName } = await contactsApi.exportContacts(toCsvQuery(state, total));
      saveBlob(blob, fileName);
    } catch (error) {
      notify(messageOf(error, L.exportFailed), { type: 'error' });
    } finally {
      setExporting(false);
      // Then the normal page again (spec 001 section 4).
      setReloadKey((key) => key + 1);
    }
  };

  const closeMerge = (merged: boolean) => {
    setMerging(null);
    clearSelection();
    // Closed either way, the list reloads (spec 001 section 4).
    void merged;
    setReloadKey((key) => key + 1);
  };

  const mergeEnabled = canMerge(selected.size);
  const select = (
    testId: string,
    label: string,
    value: number | null,
    all: string,
    choices: { id: number; label: string }[],
    onChange: (id: number | null) => void,
  ) => (
    <TextField
      select
      size="small"
      label={label}
      value={value === null ? '' : String(value)}
      onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}
      sx={{ flex: '0 1 200px', minWidth: 160 }}
      slotProps={{ select: { displayEmpty: true, SelectDisplayProps: { 'data-testid': testId } as object }, inputLabel: { shrink: true } }}
    >
      <MenuItem value="">{all}</MenuItem>
      {choices.map((choice) => (
        <MenuItem key={choice.id} value={String(choice.id)}>
          {choice.label}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <PageFrame title={L.title} testId="contacts-page" maxWidth={1800} help={<HelpTooltip tooltipKey="contacts" />}>
      <SectionCard>
        <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center', mb: 1.5 }} data-testid="contacts-toolbar">
          <TextField
            size="small"
            label={L.search}
            placeholder={L.searchHint}
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
            sx={{ flex: '1 1 240px', maxWidth: { sm: 360 } }}
            slotProps={{
              htmlInput: { 'data-testid': 'contacts-search', 'aria-label': `${L.search}: ${L.searchHint}`, maxLength: 100 },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
          {team &&
            select('contacts-agent-filter', L.agentFilter, state.agent_id, L.allAgents, options.agents, (id) =>
              setState((s) => withAgent(s, id)),
            )}
          {select('contacts-lead-source-filter', L.leadSourceFilter, state.lead_type_id, L.allLeadSources, options.lead_sources, (id) =>
            setState((s) => withLeadType(s, id)),
          )}
          <Box sx={{ flex: '1 0 auto', display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
            <Tooltip title={mergeEnabled ? '' : M.mergeTooFew}>
              {/* A disabled button takes no pointer events: the tooltip hangs on its wrapper. */}
              <span data-testid="contacts-merge-wrapper">
                <Button
                  variant="outlined"
                  startIcon={<CallMergeIcon />}
                  disabled={!mergeEnabled}
                  onClick={() => setMerging([...selected].map(Number))}
                  data-testid="contacts-merge"
                >
                  {L.mergeContacts}
                </Button>
              </span>
            </Tooltip>
            <Button
              variant="outlined"
              startIcon={exporting ? <CircularProgress size={16} aria-label={L.exportCsv} /> : <DownloadIcon />}
              disabled={exporting}
              onClick={exportCsv}
              data-testid="contacts-export"
            >
              {L.exportCsv}
            </Button>
            <Button component={Link} to={newContactPath(basename)} variant="contained" startIcon={<AddIcon />} data-testid="contacts-add">
              {L.addNew}
            </Button>
          </Box>
        </Box>

        <ServerTable<ContactRecord>
          testId="contacts-table"
          cols={cols}
          rows={rows}
          rowKey={(row) => row.contact_id}
          renderCell={renderCell}
          loading={loading}
          error={null}
          emptyText={L.empty}
          page={state.page}
          perPage={state.per_page}
          pageSizes={CONTACT_PAGE_SIZES}
          total={total}
          onPage={(page) => setState((current) => withPage(current, page))}
          onPerPage={(perPage) => setState((current) => withPerPage(current, perPage))}
          sort={{ field: state.order_by, dir: state.order_dir, onSort: (field) => setState((current) => withSort(current, field)) }}
          skeletonCols={12}
          skeletonRows={10}
          onRowClick={(row) => navigate(contactPath(basename, row.contact_id))}
          selection={selection}
          scrollLabel={L.tableRegion}
          jumpToPage
          labels={{ rowsPerPage: L.rowsPerPage, jumpToPage: L.jumpToPage }}
        />
      </SectionCard>
      {merging && <MergeDialog contactIds={merging} onClose={closeMerge} />}
    </PageFrame>
  );
};
