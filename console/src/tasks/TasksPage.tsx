import { TASK_STATUSES, type Role, type TableColumn, type Task } from '@app/contracts';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EditNoteIcon from '@mui/icons-material/EditNote';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useBasename, useLogoutIfAccessDenied, useNotify, usePermissions } from 'react-admin';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router-dom';
import { PageFrame, SectionCard } from '../shared/page/PageFrame';
import { messageOf } from '../shared/forms/fieldErrors';
import type { ConsolePermissions } from '../auth/authProvider';
import { documentLinkPath } from '../documents/paths';
import { ServerTable, type RowSelection } from '../shared/table/ServerTable';
import { useRowSelection } from '../shared/table/useRowSelection';
import { transactionTitle } from '../transactions/detail/parts';
import { useTransaction } from '../transactions/detail/useTransaction';
import { transactionPagePath, transactionTasksPath } from '../transactions/paths';
import type { TaskListQuery } from './api';
import { AddTaskDialog } from './AddTaskDialog';
import { BulkTaskEditDialog } from './BulkTaskEditDialog';
import { DueLabel } from './DueLabel';
import { tasksApi } from '.';
import { TASK_LABELS as L } from './messages';
import { TaskModal } from './TaskModal';
import { assigneeName, DEFAULT_TASK_PAGE_SIZE, TASK_PAGE_SIZES } from './taskRules';

type SortField = NonNullable<TaskListQuery['order_by']>;

const COLS: readonly TableColumn[] = [
  { field: 'name', header: L.colName, sortable: true },
  { field: 'status_id', header: L.colStatus, sortable: true },
  { field: 'due_dt', header: L.colDue, sortable: true },
  { field: 'assignee', header: L.colAssignee },
  { field: 'document', header: L.colDocument },
  { field: 'roadmap', header: L.colRoadmap },
];

const statusLabel = (statusId: number) => TASK_STATUSES.find((status) => status.id === statusId)?.label ?? String(statusId);

/** Who changes tasks in bulk and adds them: everyone on this screen but a vendor (the server checks again). */
const canManage = (roles: readonly Role[] | undefined) => !!roles && !roles.includes('VENDOR');

/** The task a click came from: closing its modal goes back there (history) instead of adding an entry. */
interface FromList {
  fromList?: boolean;
}

/**
 * /app/transactions/{id}/tasks and /{taskId} (spec 001 sections 2 and 4): the transaction's tasks (name,
 * status, due label with the blackout icon, assignee, document, roadmap), Add Task, Bulk Edit for the
 * selected rows, and the task modal over the list when a task is open.
 */
const TasksPage = () => {
  const params = useParams();
  const clientId = Number(params.id);
  const openTaskId = params['*'] ? Number(params['*'].split('/')[0]) : null;
  const basename = useBasename();
  const navigate = useNavigate();
  const location = useLocation();
  const notify = useNotify();
  const { permissions, isPending: rolesPending } = usePermissions<ConsolePermissions>();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const logoutRef = useRef(logoutIfAccessDenied);
  logoutRef.current = logoutIfAccessDenied;
  const { detail } = useTransaction(clientId, null);

  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(DEFAULT_TASK_PAGE_SIZE);
  const [sort, setSort] = useState<{ field: SortField; dir: 1 | -1 }>({ field: 'due_dt', dir: 1 });
  const [rows, setRows] = useState<Task[] | null>(null);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [reloadKey, setReloadKey] = useState(0);
  const { selected, onToggle, onToggleAll, clear: clearSelection } = useRowSelection<string | number>();
  const [dialog, setDialog] = useState<'add' | 'bulk' | null>(null);
  const changed = useRef(false);

  useEffect(() => {
    let cancelled = false;
    setLoading(true);
    tasksApi
      .listTasks({ client_id: clientId, page, per_page: perPage, order_by: sort.field, order_dir: sort.dir })
      .then((body) => {
        if (cancelled) return;
        setRows(body?.records ?? []);
        setTotal(body?.pagination?.total ?? 0);
        setError(null);
      })
      .catch((caught: unknown) => {
        if (cancelled) return;
        void logoutRef.current(caught);
        setError(messageOf(caught, L.loadFailed));
      })
      .finally(() => {
        if (!cancelled) setLoading(false);
      });
    return () => {
      cancelled = true;
    };
  }, [clientId, page, perPage, sort, reloadKey]);

  const reload = useCallback(() => setReloadKey((value) => value + 1), []);
  const openTask = useCallback(
    (task: Task) =>
      navigate(`${transactionTasksPath(basename, clientId)}/${task.task_id}`, { state: { fromList: true } satisfies FromList }),
    [navigate, basename, clientId],
  );
  const closeTask = useCallback(() => {
    if (changed.current) {
      changed.current = false;
      reload();
    }
    if ((location.state as FromList | null)?.fromList) navigate(-1);
    else navigate(transactionTasksPath(basename, clientId), { replace: true });
  }, [location.state, navigate, basename, clientId, reload]);

  const renderCell = useCallback(
    (col: TableColumn, task: Task) => {
      switch (col.field) {
        case 'name':
          return (
            <Link
              component={RouterLink}
              to={`${transactionTasksPath(basename, clientId)}/${task.task_id}`}
              state={{ fromList: true }}
              underline="hover"
              data-testid="task-name"
              sx={{ whiteSpace: 'normal' }}
            >
              {task.name}
            </Link>
          );
        case 'status_id':
          return <span data-testid="task-status">{statusLabel(task.status_id)}</span>;
        case 'due_dt':
          return <DueLabel due={task.due} />;
        case 'assignee':
          return <span data-testid="task-assignee">{assigneeName(task) ?? L.none}</span>;
        case 'document':
          return task.doc_id !== null ? (
            <Link component={RouterLink} to={documentLinkPath(basename, clientId, task.doc_id)} data-testid="task-document">
              {L.documentAttached}
            </Link>
          ) : task.doc_type_id !== null ? (
            <Typography component="span" variant="body2" color="text.secondary" data-testid="task-document-needed">
              {L.documentNeeded}
            </Typography>
          ) : (
            L.none
          );
        case 'roadmap':
          return task.on_roadmap ? L.onRoadmap : L.none;
        default:
          return null;
      }
    },
    [basename, clientId],
  );

  const manage = !rolesPending && canManage(permissions?.roles);
  // The selected tasks' names (a refusal of the bulk edit names them), from every page seen.
  const seen = useRef(new Map<number, Task>());
  useEffect(() => {
    for (const task of rows ?? []) seen.current.set(task.task_id, task);
  }, [rows]);
  const selectedTasks = useMemo(
    () => [...selected].map((key) => seen.current.get(Number(key))).filter((task): task is Task => !!task),
    [selected],
  );
  const selection = useMemo<RowSelection<Task> | undefined>(
    () =>
      manage
        ? { selected, onToggle, onToggleAll, rowLabel: (task) => L.selectRow.replace('{name}', task.name), allLabel: L.selectAll }
        : undefined,
    [manage, selected, onToggle, onToggleAll],
  );

  const title = detail ? `${L.pageTitle}: ${transactionTitle(detail)}` : L.pageTitle;

  return (
    <PageFrame title={title} testId="tasks-page" maxWidth={1400}>
      <Box sx={{ mb: 1.5 }}>
        <Button component={RouterLink} to={transactionPagePath(basename, clientId)} startIcon={<ArrowBackIcon />} data-testid="tasks-back">
          {L.backToTransaction}
        </Button>
      </Box>
      <SectionCard>
        <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center', mb: 1.5 }} data-testid="tasks-toolbar">
          {manage && (
            <>
              <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog('add')} data-testid="tasks-add">
                {L.addTask}
              </Button>
              <Button
                variant="outlined"
                startIcon={<EditNoteIcon />}
                disabled={selected.size === 0}
                onClick={() => setDialog('bulk')}
                data-testid="tasks-bulk-edit"
              >
                {L.bulkEdit}
              </Button>
              {selected.size > 0 && (
                <Typography variant="body2" color="text.secondary" data-testid="tasks-selected-count">
                  {L.selected.replace('{count}', String(selected.size))}
                </Typography>
              )}
            </>
          )}
        </Box>
        <ServerTable<Task>
          testId="tasks-table"
          cols={COLS}
          rows={rows}
          rowKey={(task) => task.task_id}
          renderCell={renderCell}
          loading={loading}
          error={error}
          onRetry={reload}
          emptyText={L.empty}
          page={page}
          perPage={perPage}
          pageSizes={TASK_PAGE_SIZES}
          total={total}
          onPage={setPage}
          onPerPage={(value) => {
            setPerPage(value);
            setPage(1);
          }}
          sort={{
            field: sort.field,
            dir: sort.dir,
            onSort: (field) =>
              setSort((current) => ({ field: field as SortField, dir: current.field === field ? (current.dir === 1 ? -1 : 1) : 1 })),
          }}
          skeletonCols={COLS.length}
          skeletonRows={5}
          onRowClick={openTask}
          selection={selection}
          scrollLabel={L.tableRegion}
          jumpToPage
          labels={{ rowsPerPage: L.rowsPerPage, jumpToPage: L.jumpToPage, retry: L.retry }}
        />
      </SectionCard>
      {openTaskId !== null && Number.isFinite(openTaskId) && (
        <TaskModal
          key={openTaskId}
          taskId={openTaskId}
          onClose={closeTask}
          onChanged={() => {
            changed.current = true;
          }}
        />
      )}
      {dialog === 'add' && (
        <AddTaskDialog
          clientId={clientId}
          onClose={() => setDialog(null)}
          onAdded={() => {
            setDialog(null);
            reload();
          }}
        />
      )}
      {dialog === 'bulk' && (
        <BulkTaskEditDialog
          tasks={selectedTasks}
          onClose={() => setDialog(null)}
          onDone={(updated) => {
            setDialog(null);
            clearSelection();
            notify(updated === 1 ? L.bulkDoneOne : L.bulkDone.replace('{count}', String(updated)), { type: 'success' });
            reload();
          }}
        />
      )}
    </PageFrame>
  );
};

export default TasksPage;
