import { ESIGN_DECLINE_REASON_MAX_LENGTH } from '@app/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useState } from 'react';
import { SIGNING_LABELS as L } from './messages';

/** The reason's message, or null when it can be sent. */
export function declineReasonError(reason: string): string | null {
  if (reason.trim() === '') return L.reasonRequired;
  if (reason.length > ESIGN_DECLINE_REASON_MAX_LENGTH) return L.reasonTooLong(ESIGN_DECLINE_REASON_MAX_LENGTH);
  return null;
}

export interface DeclineDialogProps {
  sender: string;
  /** Sends the decline; a rejection's message shows in the dialog (the caller handles closed states). */
  onConfirm: (reason: string) => Promise<void>;
  onClose: () => void;
  /** A failure of the last attempt (the server's message), shown above the buttons. */
  failure: string | null;
  /** A server message about the reason (its field error). */
  reasonError: string | null;
}

/** Decline with a required reason (at most ESIGN_DECLINE_REASON_MAX_LENGTH characters), then confirm. */
export const DeclineDialog = ({ sender, onConfirm, onClose, failure, reasonError }: DeclineDialogProps) => {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [sending, setSending] = useState(false);
  const shownError = (touched ? declineReasonError(reason) : null) ?? reasonError;

  const confirm = async () => {
    setTouched(true);
    if (declineReasonError(reason) !== null) return;
    setSending(true);
    try {
      await onConfirm(reason.trim());
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog
      open
      onClose={sending ? undefined : onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
      data-testid="decline-dialog"
    >
      <DialogTitle id={titleId}>{L.declineTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{L.declineIntro(sender)}</DialogContentText>
        <TextField
          label={L.declineReason}
          required
          multiline
          minRows={3}
          fullWidth
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          onBlur={() => setTouched(true)}
          error={!!shownError}
          helperText={shownError ?? `${reason.length} / ${ESIGN_DECLINE_REASON_MAX_LENGTH}`}
          slotProps={{ htmlInput: { maxLength: ESIGN_DECLINE_REASON_MAX_LENGTH, 'data-testid': 'decline-reason' } }}
        />
        {failure && (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="decline-failure">
            {failure}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5, '& .MuiButton-root': { minHeight: 44 } }}>
        <Button onClick={onClose} disabled={sending}>
          {L.cancel}
        </Button>
        <Button variant="contained" color="error" onClick={() => void confirm()} disabled={sending} data-testid="decline-confirm">
          {sending ? <CircularProgress size={22} color="inherit" aria-label={L.declineConfirm} /> : L.declineConfirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
