import type { Task } from '@app/contracts';
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
import { Form, TextInput, useLogoutIfAccessDenied, useNotify } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { fieldErrorsOf, messageOf } from '../shared/forms/fieldErrors';
import { DateInput } from '../shared/form-fields';
import { loadChoices, useLoaded } from '../transactions/detail/options';
import { tasksApi } from '.';
import { TASK_LABELS as L } from './messages';

/** Add Task: a name (required), a due date and an assignee (the caller when none); answers the new task. */
export const AddTaskDialog = ({ clientId, onClose, onAdded }: { clientId: number; onClose: () => void; onAdded: (task: Task) => void }) => {
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby="add-task-title"
      data-testid="add-task-dialog"
    >
      <DialogTitle id="add-task-title">{L.addTitle}</DialogTitle>
      <Form defaultValues={{ name: '', due_dt: null }} onSubmit={() => undefined} noValidate>
        <AddTaskBody clientId={clientId} onClose={onClose} onAdded={onAdded} />
      </Form>
    </Dialog>
  );
};

const AddTaskBody = ({ clientId, onClose, onAdded }: { clientId: number; onClose: () => void; onAdded: (task: Task) => void }) => {
  const notify = useNotify();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const { getValues, trigger, setError } = useFormContext();
  const agents = useLoaded(() => loadChoices('agent'), [], 'agents');
  const [assignee, setAssignee] = useState<number | ''>('');
  const [busy, setBusy] = useState(false);
  const [error, setErrorText] = useState<string | null>(null);

  const add = async () => {
    if (!(await trigger())) return;
    const { name, due_dt } = getValues() as { name: string; due_dt: string | null };
    setBusy(true);
    setErrorText(null);
    try {
      const task = await tasksApi.createTask({
        client_id: clientId,
        name: name.trim(),
        ...(due_dt ? { due_dt } : {}),
        ...(assignee !== '' ? { assigned_to_agent_id: assignee } : {}),
      });
      notify(L.added, { type: 'success' });
      onAdded(task);
    } catch (caught) {
      void logoutIfAccessDenied(caught);
      const fields = fieldErrorsOf(caught);
      for (const [field, message] of Object.entries(fields))
        if (field === 'name' || field === 'due_dt') setError(field, { type: 'server', message });
      setErrorText(fields.assigned_to_agent_id ?? (Object.keys(fields).length ? null : messageOf(caught, L.saveFailed)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <DialogContent dividers>
        <TextInput source="name" label={L.name} required fullWidth data-testid="add-task-name" />
        <DateInput source="due_dt" label={L.dueDate} />
        <TextField
          select
          size="small"
          margin="dense"
          fullWidth
          label={L.assignedTo}
          value={assignee}
          onChange={(event) => setAssignee(event.target.value === '' ? '' : Number(event.target.value))}
          error={!!error}
          helperText={error}
          slotProps={{ select: { 'data-testid': 'add-task-assignee' } as object }}
        >
          <MenuItem value="">
            <em>{L.assignToMe}</em>
          </MenuItem>
          {agents.map((agent) => (
            <MenuItem key={agent.value} value={Number(agent.value)}>
              {agent.label}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{L.cancel}</Button>
        <Button variant="contained" onClick={() => void add()} disabled={busy} data-testid="add-task-submit">
          {L.add}
        </Button>
      </DialogActions>
    </>
  );
};
