import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { DOCUMENT_MESSAGES, TASK_LABELS as L } from './messages';

/** Spec 001 section 8: a done status chosen before the task's document is attached. */
export const DocumentRequiredDialog = ({ open, onClose }: { open: boolean; onClose: () => void }) => (
  <Dialog open={open} onClose={onClose} aria-labelledby="document-required-title" data-testid="document-required-dialog">
    <DialogTitle id="document-required-title">{DOCUMENT_MESSAGES.documentRequiredTitle}</DialogTitle>
    <DialogContent>
      <DialogContentText data-testid="document-required-text">{DOCUMENT_MESSAGES.documentRequired}</DialogContentText>
    </DialogContent>
    <DialogActions>
      <Button onClick={onClose} variant="contained" autoFocus data-testid="document-required-ok">
        {L.ok}
      </Button>
    </DialogActions>
  </Dialog>
);
