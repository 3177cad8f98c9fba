import { TASK_STATUSES, type Task } from '@app/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useState } from 'react';
import { Form, useLogoutIfAccessDenied } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { messageOf } from '../shared/forms/fieldErrors';
import { DateInput } from '../shared/form-fields';
import { loadChoices, useLoaded } from '../transactions/detail/options';
import { tasksApi } from '.';
import { TASK_LABELS as L } from './messages';
import { bulkRequest, EMPTY_BULK, refusedTasks, type BulkValues, type RefusedTask } from './taskRules';

export interface BulkTaskEditDialogProps {
  tasks: readonly Pick<Task, 'task_id' | 'name'>[];
  onClose: () => void;
  /** The tasks changed: {updated}. */
  onDone: (updated: number) => void;
}

const changeLabel = (count: number) => (count === 1 ? L.changeOneTask : L.changeTasks.replace('{count}', String(count)));

/**
 * Bulk task edit (spec 001 sections 2 and 5): assigned to, due date (mm/dd/yyyy), task status; 'Change N
 * tasks' is disabled until something changes and sends only what does. A refusal (every task is checked
 * first, one refusal refuses all) lists the refused tasks by name and keeps the dialog open.
 */
export const BulkTaskEditDialog = ({ tasks, onClose, onDone }: BulkTaskEditDialogProps) => {
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby="bulk-task-title"
      data-testid="bulk-task-dialog"
    >
      <DialogTitle id="bulk-task-title">{L.bulkTitle}</DialogTitle>
      <Form defaultValues={{ due_dt: null }} onSubmit={() => undefined} noValidate>
        <BulkBody tasks={tasks} onClose={onClose} onDone={onDone} />
      </Form>
    </Dialog>
  );
};

const BulkBody = ({ tasks, onClose, onDone }: BulkTaskEditDialogProps) => {
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const agents = useLoaded(() => loadChoices('agent'), [], 'agents');
  const due = (useWatch({ name: 'due_dt' }) as string | null | undefined) ?? null;
  const [values, setValues] = useState<Omit<BulkValues, 'due_dt'>>({
    assigned_to_agent_id: EMPTY_BULK.assigned_to_agent_id,
    status_id: EMPTY_BULK.status_id,
  });
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<{ tasks: RefusedTask[]; other: string[] } | null>(null);
  const request = bulkRequest(
    tasks.map((task) => task.task_id),
    { ...values, due_dt: due },
  );

  const submit = async () => {
    if (!request) return;
    setBusy(true);
    setRefused(null);
    try {
      const answer = await tasksApi.bulkUpdate(request);
      onDone(answer?.updated ?? tasks.length);
    } catch (caught) {
      void logoutIfAccessDenied(caught);
      const found = refusedTasks(caught, tasks);
      setRefused(found.tasks.length || found.other.length ? found : { tasks: [], other: [messageOf(caught, L.saveFailed)] });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <DialogContent dividers>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
          <TextField
            select
            size="small"
            margin="dense"
            label={L.assignedTo}
            value={values.assigned_to_agent_id ?? ''}
            onChange={(event) =>
              setValues((current) => ({ ...current, assigned_to_agent_id: event.target.value === '' ? '' : Number(event.target.value) }))
            }
            slotProps={{ select: { 'data-testid': 'bulk-task-assignee' } as object }}
          >
            <MenuItem value="">
              <em>{L.noChange}</em>
            </MenuItem>
            {agents.map((agent) => (
              <MenuItem key={agent.value} value={Number(agent.value)}>
                {agent.label}
              </MenuItem>
            ))}
          </TextField>
          <Box data-testid="bulk-task-due">
            <DateInput source="due_dt" label={L.dueDate} />
          </Box>
          <TextField
            select
            size="small"
            margin="dense"
            label={L.status}
            value={values.status_id ?? ''}
            onChange={(event) =>
              setValues((current) => ({ ...current, status_id: event.target.value === '' ? '' : Number(event.target.value) }))
            }
            slotProps={{ select: { 'data-testid': 'bulk-task-status' } as object }}
          >
            <MenuItem value="">
              <em>{L.noChange}</em>
            </MenuItem>
            {TASK_STATUSES.map((status) => (
              <MenuItem key={status.id} value={status.id}>
                {status.label}
              </MenuItem>
            ))}
          </TextField>
          {refused && (
            <Alert severity="error" data-testid="bulk-task-refused">
              {refused.tasks.length > 0 && (
                <>
                  {L.bulkRefused}
                  <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                    {refused.tasks.map((task) => (
                      <li key={task.task_id} data-testid="bulk-task-refused-item" data-task-id={task.task_id}>
                        <strong>{task.name}</strong>: {task.error}
                      </li>
                    ))}
                  </Box>
                </>
              )}
              {refused.other.map((message) => (
                <div key={message}>{message}</div>
              ))}
            </Alert>
          )}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="bulk-task-cancel">
          {L.cancel}
        </Button>
        <Button variant="contained" onClick={() => void submit()} disabled={!request || busy} data-testid="bulk-task-submit">
          {changeLabel(tasks.length)}
        </Button>
      </DialogActions>
    </>
  );
};
