import type { DirectMessage } from '@app/contracts';
import CloseIcon from '@mui/icons-material/Close';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId } from 'react';
import { useNotify } from 'react-admin';
import type { MessagesApi } from './api';
import { messagesApi } from './index';
import { MessageEditor } from './MessageEditor';
import { MESSAGE_LABELS as L, MESSAGING_MESSAGES } from './messages';

export interface NewMessageDialogProps {
  open: boolean;
  onClose: () => void;
  /** After the server took it: the new thread. */
  onSent?: (message: DirectMessage) => void;
  api?: Pick<MessagesApi, 'createDirectMessage' | 'getMentionOptions'>;
}

/**
 * The direct message dialog (spec 001 section 2): the rich-text box labelled Send Message
 * ('Message a user or group, type @ to begin') with @ autocomplete and the clickable @all, @team, @agents,
 * @isas, @tcs; sends dm_value; 'Message has been sent'. The server's refusal ('Mention a user or group to
 * send this message') shows under the box.
 */
export const NewMessageDialog = ({ open, onClose, onSent, api = messagesApi }: NewMessageDialogProps) => {
  const notify = useNotify();
  const titleId = useId();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby={titleId}
      data-testid="new-message-dialog"
    >
      <DialogTitle id={titleId} sx={{ pr: 6 }}>
        {L.dialogTitle}
        <IconButton aria-label={L.close} onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }} data-testid="new-message-close">
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent>
        {open && (
          <MessageEditor
            label={L.sendMessage}
            placeholder={L.sendPlaceholder}
            submitLabel={L.send}
            groupButtons
            autoFocus
            loadMentionOptions={api.getMentionOptions}
            testId="new-message-editor"
            onSubmit={async ({ html }) => {
              const created = await api.createDirectMessage({ dm_value: html });
              notify(MESSAGING_MESSAGES.messageSent, { type: 'success' });
              onClose();
              onSent?.(created);
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  );
};
