import { LOST_REASONS, type StatusOption, type TransactionDetail } from '@app/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { Form, SelectInput, useNotify } from 'react-admin';
import { useFormContext, useFormState } from 'react-hook-form';
import { messageOf, statusOf } from '../../shared/forms/fieldErrors';
import { DateInput, requiredRule } from '../../shared/form-fields';
import { transactionsApi } from '..';
import { STATUS_DATE_LABELS, TRANSACTION_DETAIL_LABELS as L, TRANSACTION_EDIT_MESSAGES as M } from './messages';
import { loadChoices, useLoaded } from './options';
import { placeFieldErrors } from './pageForm';
import { StatusTag } from './parts';
import { confirmationOf, statusDialogMode, statusInputs, statusRequestOf, statusStartValues } from './statusChange';

const TITLE_ID = 'status-change-title';
const LOST_REASON_FALLBACK = LOST_REASONS.map((reason) => ({ value: reason, label: reason }));

/** What the dialog needs of a transaction: the page's whole detail, or a board card's few fields. */
export type StatusChangeSubject = Pick<TransactionDetail, 'client_id' | 'status' | 'status_id'> & {
  dates?: Partial<TransactionDetail['dates']> | null;
};

export interface StatusChangeDialogProps {
  detail: StatusChangeSubject;
  statuses: readonly StatusOption[];
  /** A status chosen beforehand (a drop into a board's status column): no status choice, only its dates. */
  target?: StatusOption;
  /** MM/DD/YYYY that the target's empty dates start with (a board: today). */
  defaultDate?: string;
  onClose: () => void;
  /** The status changed: the page loads the transaction and its history again. */
  onChanged: () => void;
}

/**
 * The status-change dialog (spec 001 sections 2 and 4): the new status, then the dates it asks for in
 * the shared date pickers (each required once touched; Lost also asks for a lost reason); a status that
 * asks for nothing (Pipeline) only asks for a confirmation and sends no dates.
 */
export const StatusChangeDialog = ({ detail, statuses, target: fixedTarget, defaultDate, onClose, onChanged }: StatusChangeDialogProps) => {
  const notify = useNotify();
  const [targetId, setTargetId] = useState<number | ''>(fixedTarget?.id ?? '');
  const [formError, setFormError] = useState<string | null>(null);
  const target = fixedTarget ?? statuses.find((status) => status.id === targetId) ?? null;
  const choices = statuses.filter((status) => status.id !== detail.status_id);

  const submit = async (values: Record<string, unknown>) => {
    if (!target) return undefined;
    setFormError(null);
    try {
      await transactionsApi.changeStatus(detail.client_id, statusRequestOf(target, values));
      notify(M.statusChanged, { type: 'success' });
      onChanged();
      onClose();
      return undefined;
    } catch (caught) {
      const inputs: string[] = statusInputs(target);
      const placed = placeFieldErrors(caught, {
        prefix: 'dates.',
        known: (field) => inputs.includes(field),
        labelOf: (field) => STATUS_DATE_LABELS[field] ?? (field === 'status_id' ? L.newStatus : field),
      });
      if (Object.keys(placed.fields).length > 0 || placed.unplaced.length > 0) {
        setFormError(placed.unplaced[0] ?? null);
        return placed.fields;
      }
      const message = messageOf(caught, L.saveFailed);
      setFormError(message);
      if (statusOf(caught) !== 400) notify(message, { type: 'error' });
      return undefined;
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby={TITLE_ID} data-testid="status-change-dialog">
      <DialogTitle id={TITLE_ID}>{L.changeStatusTitle}</DialogTitle>
      {/* A target chosen beforehand starts with its dates in place (a later reset by the form would empty them). */}
      <Form
        onSubmit={submit}
        noValidate
        disableInvalidFormNotification
        defaultValues={fixedTarget ? statusStartValues(fixedTarget, detail.dates, defaultDate) : undefined}
      >
        <DialogContent sx={{ pt: 0 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2 }}>
            <Typography variant="body2" color="text.secondary">
              {L.currentStatus}
            </Typography>
            <StatusTag detail={detail} statuses={statuses} />
          </Box>
          {fixedTarget ? (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }} data-testid="status-change-target">
              <Typography variant="body2" color="text.secondary">
                {L.newStatus}
              </Typography>
              <StatusTag detail={{ status: fixedTarget.label, status_id: fixedTarget.id }} statuses={statuses} />
            </Box>
          ) : (
            <TextField
              select
              label={L.newStatus}
              value={targetId}
              onChange={(event) => {
                setFormError(null);
                setTargetId(event.target.value === '' ? '' : Number(event.target.value));
              }}
              fullWidth
              margin="dense"
              slotProps={{ select: { 'data-testid': 'status-change-status' } as object }}
            >
              {choices.map((status) => (
                <MenuItem key={status.id} value={status.id}>
                  {status.label}
                </MenuItem>
              ))}
            </TextField>
          )}
          {target && <TargetInputs target={target} detail={detail} defaultDate={defaultDate} />}
          {formError && (
            <Alert severity="error" sx={{ mt: 1 }} data-testid="status-change-error">
              {formError}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} data-testid="status-change-cancel">
            {L.cancel}
          </Button>
          <SubmitButton disabled={!target} label={target && statusDialogMode(target) === 'confirm' ? L.confirm : L.save} />
        </DialogActions>
      </Form>
    </Dialog>
  );
};

const SubmitButton = ({ disabled, label }: { disabled: boolean; label: string }) => {
  const { isSubmitting } = useFormState();
  return (
    <Button type="submit" variant="contained" disabled={disabled || isSubmitting} data-testid="status-change-submit">
      {isSubmitting ? L.saving : label}
    </Button>
  );
};

/** The target status's dates (and lost reason), or the confirmation of a status that asks for nothing. */
const TargetInputs = ({ target, detail, defaultDate }: { target: StatusOption; detail: StatusChangeSubject; defaultDate?: string }) => {
  const { reset } = useFormContext();
  const start = useMemo(() => statusStartValues(target, detail.dates, defaultDate), [target, detail.dates, defaultDate]);
  // A new target starts from its own inputs, untouched.
  useEffect(() => reset(start), [reset, start]);
  const lostReasons = useLoaded(
    target.asks_lost_reason ? () => loadChoices('lost_reason') : null,
    LOST_REASON_FALLBACK,
    target.asks_lost_reason ? 'lost_reason' : 'none',
  );
  if (statusDialogMode(target) === 'confirm') {
    return (
      <Typography sx={{ mt: 2 }} data-testid="status-change-confirm">
        {confirmationOf(target)}
      </Typography>
    );
  }
  return (
    <Box sx={{ mt: 1 }} data-testid="status-change-dates">
      {statusInputs(target).map((key) =>
        key === 'lost_reason' ? (
          <Box key={key} data-testid={`status-change-${key}`}>
            <SelectInput
              source={key}
              label={STATUS_DATE_LABELS[key]}
              choices={(lostReasons.length ? lostReasons : LOST_REASON_FALLBACK).map((choice) => ({
                id: choice.value,
                name: choice.label,
              }))}
              validate={[requiredRule()]}
              margin="dense"
              fullWidth
            />
          </Box>
        ) : (
          <Box key={key} data-testid={`status-change-${key}`}>
            <DateInput source={key} label={STATUS_DATE_LABELS[key] ?? key} required />
          </Box>
        ),
      )}
    </Box>
  );
};
