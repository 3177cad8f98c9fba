import { BOARD_FILTER_COMPONENTS, BOARDS, type Board, type FilterKey, type TransactionFilterKeys } from '@app/contracts';
import CloseIcon from '@mui/icons-material/Close';
import FilterListIcon from '@mui/icons-material/FilterList';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { useBasename, usePermissions } from 'react-admin';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { PageFrame } from '../shared/page/PageFrame';
import { authClient } from '../auth';
import type { ConsolePermissions } from '../auth/authProvider';
import { loadStatuses, useLoaded } from '../transactions/detail/options';
import { FilterChips } from '../transactions/filters/FilterChips';
import { FilterSidebar } from '../transactions/filters/FilterSidebar';
import { hasFilters, parseStoredFilters, withoutKey } from '../transactions/filters/filterKeys';
import { FILTER_LABELS as FL } from '../transactions/filters/messages';
import { sessionStore } from '../transactions/tableState';
import { isTransactionBoard, usesBoardFilters } from './boardRules';
import { BoardView } from './BoardView';
import { BOARD_LABELS as L, BOARD_TITLES } from './messages';
import { boardOfPath, boardPath } from './paths';

/** The applied filter of a transaction board, kept for the session (per user and board). */
function useKeptFilters(board: Board) {
  const key = `realty.boards.filters.${board}.${authClient.getSession()?.user.agent_id ?? ''}`;
  const read = useCallback(() => {
    try {
      const raw = sessionStore()?.getItem(key);
      return raw ? parseStoredFilters(JSON.parse(raw)) : {};
    } catch {
      return {};
    }
  }, [key]);
  const [state, setState] = useState<{ key: string; filters: TransactionFilterKeys }>(() => ({ key, filters: read() }));
  const filters = state.key === key ? state.filters : read();
  const setFilters = useCallback(
    (next: TransactionFilterKeys) => {
      setState({ key, filters: next });
      try {
        sessionStore()?.setItem(key, JSON.stringify(next));
      } catch {
        // Quota or privacy mode: the filter lasts until the page is left.
      }
    },
    [key],
  );
  return [filters, setFilters] as const;
}

/** Presets resolve in the signed-in user's zone (the team's), else the browser's. */
const filterTimeZone = () => authClient.getSession()?.user.timezone || Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/**
 * /app/boards/{tasks|stages|status} (spec 001 sections 2, 3, 4 and 9): the three boards behind tabs; the
 * transaction boards with Show hidden and the filter sidebar (components stages-board and status-board)
 * whose keys narrow every column's cards and totals.
 */
const BoardsPage = () => {
  const basename = useBasename();
  const location = useLocation();
  const path = location.pathname.startsWith(basename) ? location.pathname.slice(basename.length) : location.pathname;
  const board = boardOfPath(path);
  if (!board) return <Navigate to={boardPath(basename, 'tasks')} replace />;
  return <BoardScreen key={board} board={board} />;
};

const BoardScreen = ({ board }: { board: Board }) => {
  const basename = useBasename();
  const transactionBoard = isTransactionBoard(board);
  const { permissions, isPending: rolesPending } = usePermissions<ConsolePermissions>();
  // A vendor sees the transaction boards without the filter sidebar (its components are not a vendor's).
  const mayFilter = rolesPending || usesBoardFilters(permissions?.roles ?? []);
  const filterable = transactionBoard && !rolesPending && mayFilter;
  const [showHidden, setShowHidden] = useState(false);
  const [filters, setFilters] = useKeptFilters(board);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [filtersMounted, setFiltersMounted] = useState(false);
  const statuses = useLoaded(loadStatuses, [], 'statuses');
  useEffect(() => setFiltersOpen(false), [board]);
  // The kept filter applies at once (the roles are known a moment later; they only decide the sidebar).
  const applied = transactionBoard && mayFilter ? filters : null;
  const filtered = filterable && hasFilters(filters);
  const component = filterable ? BOARD_FILTER_COMPONENTS[board as 'stages' | 'status'] : null;

  return (
    <PageFrame title={BOARD_TITLES[board]} testId="boards-page" maxWidth={100_000}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1, minWidth: 0 }} data-testid="board-toolbar">
        <Tabs
          value={board}
          variant="scrollable"
          scrollButtons={false}
          aria-label={L.boardTabs}
          sx={{ flex: '1 1 auto', minWidth: 0, minHeight: 40 }}
          data-testid="board-tabs"
        >
          {BOARDS.map((item) => (
            <Tab
              key={item}
              value={item}
              label={BOARD_TITLES[item]}
              component={Link}
              to={boardPath(basename, item)}
              sx={{ minHeight: 40, px: { xs: 1, sm: 2 } }}
              data-testid={`board-tab-${item}`}
            />
          ))}
        </Tabs>
        {transactionBoard && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <FormControlLabel
              control={
                <Switch
                  checked={showHidden}
                  onChange={(event) => setShowHidden(event.target.checked)}
                  slotProps={{ input: { 'data-testid': 'board-show-hidden' } as object }}
                />
              }
              label={L.showHidden}
            />
            {component && (
              <Button
                variant={filtered ? 'contained' : 'outlined'}
                color={filtered ? 'secondary' : 'primary'}
                startIcon={<FilterListIcon />}
                onClick={() => {
                  setFiltersMounted(true);
                  setFiltersOpen(true);
                }}
                aria-expanded={filtersOpen}
                data-testid="board-filters"
              >
                {FL.filters}
                {filtered ? ` (${Object.keys(filters).length})` : ''}
              </Button>
            )}
          </Box>
        )}
      </Box>
      {transactionBoard && component && (
        <FilterChips
          component={component}
          filters={filters}
          onRemove={(key: FilterKey) => setFilters(withoutKey(filters, key))}
          onClear={() => setFilters({})}
        />
      )}

      <BoardView board={board} showHidden={transactionBoard && showHidden} filters={applied} statuses={statuses} />

      {transactionBoard && component && (
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
              'aria-labelledby': 'board-filter-drawer-title',
            } as object,
          }}
          data-testid="filter-drawer"
        >
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
            <Typography variant="h6" component="h2" id="board-filter-drawer-title">
              {FL.filters}
            </Typography>
            <IconButton aria-label={FL.closeFilters} onClick={() => setFiltersOpen(false)} data-testid="filter-drawer-close">
              <CloseIcon />
            </IconButton>
          </Box>
          {filtersMounted && <FilterSidebar component={component} applied={filters} onApply={setFilters} timeZone={filterTimeZone()} />}
        </Drawer>
      )}
    </PageFrame>
  );
};

export default BoardsPage;
