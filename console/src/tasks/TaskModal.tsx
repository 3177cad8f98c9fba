import { TASK_STATUSES, type Task, type TaskStatusId, type TransactionDocument } from '@app/contracts';
import CloseIcon from '@mui/icons-material/Close';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useCallback, useEffect, useRef, useState, type FocusEvent, type ReactNode } from 'react';
import { Form, TextInput, useBasename, useLogoutIfAccessDenied, useNotify } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import { fieldErrorsOf, messageOf, statusOf } from '../shared/forms/fieldErrors';
import { CommentsPanel } from '../comments/CommentsPanel';
import { documentsApi } from '../documents';
import { documentLinkPath } from '../documents/paths';
import { UploadControls } from '../documents/UploadControls';
import { DateInput, MultiSelect, RichTextInput } from '../shared/form-fields';
import { loadChoices, loadStages, useLoaded } from '../transactions/detail/options';
import { sameValue } from '../transactions/detail/pageForm';
import { ColourTag } from '../transactions/detail/parts';
import { transactionPagePath, transactionTasksPath } from '../transactions/paths';
import { optionColours } from '../transactions/statusStyles';
import type { TaskChange, TaskModalTransactionChanges } from './api';
import { DocumentRequiredDialog } from './DocumentRequiredDialog';
import { DueLabel } from './DueLabel';
import { tasksApi } from '.';
import { TASK_LABELS as L, TASK_MESSAGES } from './messages';
import { NotificationButton } from './NotificationButton';
import { descriptionProblem, dueToSend, isDocumentRequired, needsDocumentFirst, transactionLine } from './taskRules';

const TITLE_ID = 'task-modal-title';
/** After a notification is sent: when the task is read again (its completion arrives by event). */
const RELOAD_AFTER_SEND_MS = [1_000, 2_500, 5_000];

export interface TaskModalProps {
  taskId: number;
  onClose: () => void;
  /** Something was saved: the list behind loads again when the modal closes. */
  onChanged?: () => void;
}

/** GET /tasks/{id} (with its transaction), and replacing it after a change. */
function useTask(taskId: number) {
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const logoutRef = useRef(logoutIfAccessDenied);
  logoutRef.current = logoutIfAccessDenied;
  const [task, setTask] = useState<Task | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reload = useCallback(async () => {
    try {
      const loaded = await tasksApi.getTask(taskId);
      setTask(loaded);
      setError(null);
    } catch (caught) {
      void logoutRef.current(caught);
      setError(statusOf(caught) === 404 || statusOf(caught) === 403 ? L.taskNotFound : messageOf(caught, L.taskNotFound));
    }
  }, [taskId]);
  useEffect(() => {
    void reload();
  }, [reload]);
  // PATCH /tasks answers the task; its transaction stays the one loaded when the answer carries none.
  const replace = useCallback(
    (updated: Task) => setTask((current) => ({ ...updated, transaction: updated.transaction ?? current?.transaction })),
    [],
  );
  return { task, error, reload, replace };
}

/**
 * The task modal (spec 001 sections 2, 4, 5 and 8): every change is sent at once, there is no Save. Left:
 * name, description, status (disabled for a notification task), due date (clearing it clears the date),
 * assignee, Send Notification (task_type N), all tasks, the document area. Right: the transaction, its
 * stage, TC and tags (preset task_modal), Go to transaction, the comments.
 */
export const TaskModal = ({ taskId, onClose, onChanged }: TaskModalProps) => {
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const { task, error, reload, replace } = useTask(taskId);
  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="lg"
      fullScreen={fullScreen}
      aria-labelledby={TITLE_ID}
      data-testid="task-modal"
      slotProps={{ paper: { 'data-testid': 'task-modal-paper' } as object }}
    >
      <DialogTitle id={TITLE_ID} sx={{ pr: 7, overflowWrap: 'anywhere' }} data-testid="task-modal-title">
        {task?.name ?? L.modalTitle}
      </DialogTitle>
      <IconButton aria-label={L.close} onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }} data-testid="task-modal-close">
        <CloseIcon />
      </IconButton>
      <DialogContent dividers>
        {error ? (
          <Alert severity="error" data-testid="task-modal-error">
            {error}
          </Alert>
        ) : !task ? (
          <Box role="status" aria-busy aria-label={L.loading} data-testid="task-modal-loading">
            <Skeleton variant="text" width="40%" />
            {Array.from({ length: 5 }, (_, index) => (
              <Skeleton key={index} variant="rounded" height={36} sx={{ mt: 1.5 }} />
            ))}
          </Box>
        ) : (
          <TaskModalBody key={task.task_id} task={task} replace={replace} reload={reload} onChanged={onChanged} />
        )}
      </DialogContent>
    </Dialog>
  );
};

type FieldKey = 'name' | 'dscr' | 'status_id' | 'due_dt' | 'assigned_to_agent_id' | 'client_stage_id' | 'tc_agent_id' | 'tags';

interface BodyProps {
  task: Task;
  replace: (task: Task) => void;
  reload: () => Promise<void>;
  onChanged?: () => void;
}

const tagIdsOf = (task: Task) => (task.transaction?.tags ?? []).map((tag) => tag.id);

const TaskModalBody = ({ task, replace, reload, onChanged }: BodyProps) => {
  const basename = useBasename();
  const notify = useNotify();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const agents = useLoaded(() => loadChoices('agent'), [], 'agents');
  const tcs = useLoaded(() => loadChoices('tc'), [], 'tcs');
  const tagChoices = useLoaded(() => loadChoices('tag'), [], 'tags');
  const stages = useLoaded(loadStages, [], 'stages');
  const [pending, setPending] = useState<Partial<Record<FieldKey, unknown>>>({});
  const [errors, setErrors] = useState<Partial<Record<FieldKey, string>>>({});
  const [documentRequired, setDocumentRequired] = useState(false);

  /** Sends one change at once; a refusal's message goes under its field ('Document required': the dialog). */
  const run = async (key: FieldKey, value: unknown, action: () => Promise<void>) => {
    setPending((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
    try {
      await action();
      onChanged?.();
      notify(L.saved, { type: 'success', autoHideDuration: 1500 });
    } catch (caught) {
      void logoutIfAccessDenied(caught);
      if (isDocumentRequired(caught)) {
        setDocumentRequired(true);
        return;
      }
      const fields = fieldErrorsOf(caught);
      const message = fields[key] ?? fields[`changes.${key}`] ?? Object.values(fields)[0] ?? messageOf(caught, L.saveFailed);
      setErrors((current) => ({ ...current, [key]: message }));
      if (statusOf(caught) !== 400) notify(message, { type: 'error' });
    } finally {
      setPending((current) => {
        const next = { ...current };
        delete next[key];
        return next;
      });
    }
  };
  const changeTask = (key: FieldKey, value: unknown, change: TaskChange) =>
    run(key, value, async () => {
      replace(await tasksApi.updateTask(task, change));
    });
  const changeTransaction = (key: FieldKey, value: unknown, changes: TaskModalTransactionChanges) =>
    run(key, value, async () => {
      await tasksApi.updateTransaction(task.client_id, task.task_id, changes);
      await reload();
    });

  const chooseStatus = (statusId: number) => {
    if (statusId === task.status_id) return;
    if (needsDocumentFirst(task, statusId)) {
      setDocumentRequired(true);
      return;
    }
    void changeTask('status_id', statusId, { preset: 'status', status_id: statusId as TaskStatusId });
  };

  const transaction = task.transaction;
  const side = transaction?.type === 'seller' ? 's' : 'b';
  const notification = task.task_type === 'N';
  const valueOf = <T,>(key: FieldKey, current: T): T => (key in pending ? (pending[key] as T) : current);
  const statusValue = valueOf('status_id', task.status_id);
  const assigneeValue = valueOf('assigned_to_agent_id', task.assigned_to_agent_id);
  const stageValue = valueOf('client_stage_id', transaction?.stage?.id ?? null);
  const tcValue = valueOf('tc_agent_id', transaction?.tc_agent_id ?? null);

  return (
    <Box
      sx={{
        display: 'grid',
        columnGap: 4,
        rowGap: 3,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 320px' },
        gridTemplateRows: { md: 'auto 1fr' },
        // The form's columns are the grid's items; the comments, with forms of their own, sit beside it.
        '& > form': { display: 'contents' },
      }}
    >
      <Form
        defaultValues={{ name: task.name, dscr: task.description ?? '', due_dt: task.due_dt, tags: tagIdsOf(task) }}
        onSubmit={() => undefined}
        noValidate
      >
        {/* Left: the task. */}
        <Box
          sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, minWidth: 0, gridRow: { md: 'span 2' } }}
          data-testid="task-modal-left"
        >
          <SaveOnLeave
            onLeave={(value) => {
              const name = String(value ?? '').trim();
              if (name && name !== task.name) void changeTask('name', name, { preset: 'details', name });
            }}
            source="name"
          >
            <TextInput
              source="name"
              label={L.name}
              fullWidth
              required
              validate={[]}
              helperText={errors.name || false}
              data-testid="task-modal-name"
            />
          </SaveOnLeave>
          <SaveOnLeave
            source="dscr"
            onLeave={(value) => {
              const dscr = String(value ?? '');
              if (sameValue(dscr, task.description) || descriptionProblem(dscr)) return;
              void changeTask('dscr', dscr, { preset: 'details', dscr });
            }}
          >
            <Box data-testid="task-modal-description">
              <RichTextInput
                source="dscr"
                label={L.description}
                simple
                fullWidth
                validate={(value: unknown) => descriptionProblem(String(value ?? '')) ?? undefined}
                helperText={errors.dscr || false}
              />
            </Box>
          </SaveOnLeave>
          <Box
            sx={{
              display: 'grid',
              gap: 1.5,
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(3, minmax(0, 1fr))' },
              alignItems: 'start',
            }}
          >
            <TextField
              select
              size="small"
              margin="dense"
              label={L.status}
              value={statusValue}
              onChange={(event) => chooseStatus(Number(event.target.value))}
              disabled={notification || 'status_id' in pending}
              error={!!errors.status_id}
              helperText={errors.status_id || (notification ? TASK_MESSAGES.notificationStatus : undefined)}
              slotProps={{
                select: { 'data-testid': 'task-modal-status' } as object,
                formHelperText: { 'data-testid': 'task-modal-status-help' } as object,
              }}
            >
              {TASK_STATUSES.map((status) => (
                <MenuItem key={status.id} value={status.id}>
                  {status.label}
                </MenuItem>
              ))}
            </TextField>
            <Box sx={{ minWidth: 0 }} data-testid="task-modal-due">
              <DueField task={task} error={errors.due_dt} onDue={(due) => void changeTask('due_dt', due, { preset: 'due', due_dt: due })} />
            </Box>
            <TextField
              select
              size="small"
              margin="dense"
              label={L.assignedTo}
              value={assigneeValue ?? ''}
              onChange={(event) => {
                const agentId = Number(event.target.value);
                if (agentId !== task.assigned_to_agent_id)
                  void changeTask('assigned_to_agent_id', agentId, { preset: 'assignee', assigned_to_agent_id: agentId });
              }}
              disabled={'assigned_to_agent_id' in pending}
              error={!!errors.assigned_to_agent_id}
              helperText={errors.assigned_to_agent_id}
              slotProps={{ select: { 'data-testid': 'task-modal-assignee' } as object }}
            >
              {assigneeValue === null && (
                <MenuItem value="" disabled>
                  {L.unassigned}
                </MenuItem>
              )}
              {agents.map((agent) => (
                <MenuItem key={agent.value} value={Number(agent.value)}>
                  {agent.label}
                </MenuItem>
              ))}
              {assigneeValue !== null && !agents.some((agent) => Number(agent.value) === assigneeValue) && (
                <MenuItem value={assigneeValue}>
                  {task.assigned_to_agent ? `${task.assigned_to_agent.first_name} ${task.assigned_to_agent.last_name}` : L.assignedTo}
                </MenuItem>
              )}
            </TextField>
          </Box>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
            {notification && (
              <NotificationButton
                taskId={task.task_id}
                onSent={() => {
                  // Transactions completes the task on messaging's event: read it now and a few times shortly after.
                  void reload();
                  for (const ms of RELOAD_AFTER_SEND_MS) setTimeout(() => void reload(), ms);
                  onChanged?.();
                }}
              />
            )}
            <Link component={RouterLink} to={transactionTasksPath(basename, task.client_id)} data-testid="task-modal-all-tasks">
              {L.allTasks}
            </Link>
          </Box>
          <Box component="section" aria-labelledby="task-modal-document-heading" sx={{ borderTop: 1, borderColor: 'divider', pt: 1.5 }}>
            <Typography id="task-modal-document-heading" variant="subtitle2" component="h3" sx={{ mb: 1 }}>
              {L.document}
            </Typography>
            {task.doc_id !== null ? (
              <AttachedDocument clientId={task.client_id} documentId={task.doc_id} />
            ) : (
              <UploadControls
                clientId={task.client_id}
                side={side}
                taskId={task.task_id}
                defaultTypeId={task.doc_type_id}
                testId="task-modal-upload"
                onUploaded={() => {
                  onChanged?.();
                  void reload();
                }}
              />
            )}
          </Box>
        </Box>

        {/* Right: the transaction. */}
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, minWidth: 0 }} data-testid="task-modal-right">
          {transaction && (
            <>
              <Box data-testid="task-modal-transaction">
                <Typography variant="caption" color="text.secondary" component="p">
                  {L.transaction}
                </Typography>
                <Typography variant="subtitle1" component="p" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                  {transactionLine(transaction)}
                </Typography>
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mt: 0.5 }}>
                  <Typography variant="body2" component="span">
                    {transaction.type === 'seller' ? L.seller : L.buyer}
                  </Typography>
                  {transaction.status && (
                    <ColourTag
                      colours={optionColours({
                        color: transaction.status.color,
                        font_color: transaction.status.font_color === 'dark' ? 'dark' : 'light',
                      })}
                    >
                      {transaction.status.label}
                    </ColourTag>
                  )}
                </Box>
              </Box>
              <TextField
                select
                size="small"
                label={L.stage}
                value={stageValue ?? ''}
                onChange={(event) => {
                  const stageId = event.target.value === '' ? null : Number(event.target.value);
                  if (stageId !== (transaction.stage?.id ?? null))
                    void changeTransaction('client_stage_id', stageId, { client_stage_id: stageId });
                }}
                disabled={'client_stage_id' in pending}
                error={!!errors.client_stage_id}
                helperText={errors.client_stage_id}
                slotProps={{ select: { 'data-testid': 'task-modal-stage' } as object }}
              >
                <MenuItem value="">
                  <em>{L.noStage}</em>
                </MenuItem>
                {stages.map((stage) => (
                  <MenuItem key={stage.id} value={stage.id}>
                    {stage.label}
                  </MenuItem>
                ))}
                {stageValue !== null && !stages.some((stage) => stage.id === stageValue) && (
                  <MenuItem value={stageValue}>{transaction.stage?.label ?? L.stage}</MenuItem>
                )}
              </TextField>
              <TextField
                select
                size="small"
                label={L.tc}
                value={tcValue ?? ''}
                onChange={(event) => {
                  const tcId = event.target.value === '' ? null : Number(event.target.value);
                  if (tcId !== transaction.tc_agent_id) void changeTransaction('tc_agent_id', tcId, { tc_agent_id: tcId });
                }}
                disabled={'tc_agent_id' in pending}
                error={!!errors.tc_agent_id}
                helperText={errors.tc_agent_id}
                slotProps={{ select: { 'data-testid': 'task-modal-tc' } as object }}
              >
                <MenuItem value="">
                  <em>{L.noTc}</em>
                </MenuItem>
                {tcs.map((tc) => (
                  <MenuItem key={tc.value} value={Number(tc.value)}>
                    {tc.label}
                  </MenuItem>
                ))}
                {tcValue !== null && !tcs.some((tc) => Number(tc.value) === tcValue) && <MenuItem value={tcValue}>{L.tc}</MenuItem>}
              </TextField>
              <Box data-testid="task-modal-tags">
                <MultiSelect
                  source="tags"
                  label={L.tags}
                  maxLabels={4}
                  choices={tagChoices.map((tag) => ({ id: Number(tag.value), name: tag.label }))}
                  helperText={errors.tags || false}
                />
                <TagsWatcher task={task} onTags={(tags) => void changeTransaction('tags', tags, { tags })} />
              </Box>
              <Button
                component={RouterLink}
                to={transactionPagePath(basename, task.client_id)}
                variant="outlined"
                data-testid="task-modal-transaction-link"
              >
                {L.goToTransaction}
              </Button>
            </>
          )}
        </Box>
        <DocumentRequiredDialog open={documentRequired} onClose={() => setDocumentRequired(false)} />
      </Form>
      {/* Right, under the transaction: the comments. */}
      <Box sx={{ gridColumn: { md: 2 }, alignSelf: 'start', minWidth: 0 }}>
        <TaskComments taskId={task.task_id} />
      </Box>
    </Box>
  );
};

/** Calls `onLeave` with the field's value when focus leaves the wrapped field (a move inside it is not leaving). */
const SaveOnLeave = ({ source, onLeave, children }: { source: string; onLeave: (value: unknown) => void; children: ReactNode }) => {
  const { getValues } = useFormContext();
  return (
    <Box
      onBlur={(event: FocusEvent<HTMLDivElement>) => {
        if (event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)) return;
        onLeave(getValues(source));
      }}
    >
      {children}
    </Box>
  );
};

/** The due date picker: a whole date is sent as soon as it is typed or picked, an emptied one clears the date. */
const DueField = ({ task, error, onDue }: { task: Task; error?: string; onDue: (due: string | null) => void }) => {
  const value = useWatch({ name: 'due_dt' }) as string | null | undefined;
  const { setValue } = useFormContext();
  const sent = useRef<string | null | undefined>(task.due_dt);
  useEffect(() => {
    const due = dueToSend(value);
    if (!due.send || due.due_dt === sent.current) return;
    sent.current = due.due_dt;
    if (due.due_dt !== task.due_dt) onDue(due.due_dt);
    // Only the field's value starts a change.
  }, [value]); // eslint-disable-line react-hooks/exhaustive-deps
  // The server's date (moved off a blackout day) replaces the typed one.
  useEffect(() => {
    sent.current = task.due_dt;
    setValue('due_dt', task.due_dt);
  }, [task.due_dt, setValue]);
  return (
    <>
      <DateInput source="due_dt" label={L.dueDate} helperText={error || false} />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minHeight: 24 }}>
        <DueLabel due={task.due} testId="task-modal-due-label" />
        {task.due.is_adjusted && task.due.original_due_date && (
          <Typography variant="caption" color="text.secondary">
            ({task.due.original_due_date})
          </Typography>
        )}
      </Box>
    </>
  );
};

/** Each change of the tags multiselect is sent at once (the transaction's tags, preset task_modal). */
const TagsWatcher = ({ task, onTags }: { task: Task; onTags: (tags: number[]) => void }) => {
  const value = useWatch({ name: 'tags' }) as Array<number | string> | undefined;
  const { setValue } = useFormContext();
  const current = tagIdsOf(task);
  useEffect(() => {
    const tags = (value ?? []).map(Number);
    if (!sameValue(tags, current)) onTags(tags);
  }, [value]); // eslint-disable-line react-hooks/exhaustive-deps
  const key = current.join(',');
  useEffect(() => {
    setValue('tags', current);
  }, [key]); // eslint-disable-line react-hooks/exhaustive-deps
  return null;
};

/** The attached document: its name, linking to its view. */
const AttachedDocument = ({ clientId, documentId }: { clientId: number; documentId: number }) => {
  const basename = useBasename();
  const [document, setDocument] = useState<TransactionDocument | null>(null);
  useEffect(() => {
    let live = true;
    documentsApi.getDocument(documentId).then(
      (loaded) => live && setDocument(loaded),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [documentId]);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }} data-testid="task-modal-document">
      <DescriptionOutlinedIcon fontSize="small" aria-hidden />
      <Link
        component={RouterLink}
        to={documentLinkPath(basename, clientId, documentId)}
        data-testid="task-modal-document-link"
        sx={{ overflowWrap: 'anywhere' }}
      >
        {document ? document.filename : L.documentAttached}
      </Link>
      {document?.type && (
        <Typography variant="body2" color="text.secondary">
          {document.type.name}
        </Typography>
      )}
    </Box>
  );
};

/** The task's comments (comment_type task). */
const TaskComments = ({ taskId }: { taskId: number }) => <CommentsPanel commentType="task" commentOnId={taskId} testId="task-comments" />;
