import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import Button from '@mui/material/Button';
import ButtonGroup from '@mui/material/ButtonGroup';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useRef, useState } from 'react';
import { useNotify } from 'react-admin';
import { fieldErrorsOf, messageOf } from '../shared/forms/fieldErrors';
import { useConsoleData } from '../dataProvider';
import { MESSAGING_MESSAGES, NOTIFICATION_LABELS } from '../notifications/messages';
import { NotificationDialog, type NotificationDialogMode } from '../notifications/NotificationDialog';
import { TASK_LABELS as L } from './messages';

/**
 * A notification task's Send Notification split button (spec 001): Send Notification sends the email
 * rendered from the task's template at once; Edit and Send opens the email notification dialog to edit
 * then send; Edit Template opens it on the template. A sent email completes the task on the server:
 * `onSent` reloads it.
 */
export const NotificationButton = ({ taskId, onSent }: { taskId: number; onSent?: () => void }) => {
  const anchor = useRef<HTMLDivElement>(null);
  const notify = useNotify();
  const dataProvider = useConsoleData();
  const [menuOpen, setMenuOpen] = useState(false);
  const [dialog, setDialog] = useState<NotificationDialogMode | null>(null);
  const [sending, setSending] = useState(false);

  const sendNow = async () => {
    setSending(true);
    try {
      await dataProvider.sendNotification({ task_ids: [taskId] });
      notify(MESSAGING_MESSAGES.messageSent, { type: 'success' });
      onSent?.();
    } catch (caught) {
      notify(Object.values(fieldErrorsOf(caught))[0] ?? messageOf(caught, NOTIFICATION_LABELS.sendFailed), { type: 'error' });
    } finally {
      setSending(false);
    }
  };
  const open = (mode: NotificationDialogMode) => {
    setMenuOpen(false);
    setDialog(mode);
  };
  return (
    <>
      <ButtonGroup variant="outlined" ref={anchor} aria-label={L.sendNotification} data-testid="task-notification" data-task-id={taskId}>
        <Button onClick={() => void sendNow()} disabled={sending} data-testid="task-notification-send">
          {L.sendNotification}
        </Button>
        <Button
          size="small"
          aria-label={L.notificationOptions}
          aria-haspopup="menu"
          aria-expanded={menuOpen}
          onClick={() => setMenuOpen(true)}
          data-testid="task-notification-more"
        >
          <ArrowDropDownIcon />
        </Button>
      </ButtonGroup>
      <Menu anchorEl={anchor.current} open={menuOpen} onClose={() => setMenuOpen(false)}>
        <MenuItem onClick={() => open('send')} data-testid="task-notification-edit-send">
          {L.editAndSend}
        </MenuItem>
        <MenuItem onClick={() => open('template')} data-testid="task-notification-edit-template">
          {L.editTemplate}
        </MenuItem>
      </Menu>
      {dialog && <NotificationDialog taskId={taskId} mode={dialog} source="task" onClose={() => setDialog(null)} onSent={onSent} />}
    </>
  );
};
