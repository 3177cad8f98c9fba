import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import Button from '@mui/material/Button';
import ButtonGroup from '@mui/material/ButtonGroup';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useRef, useState } from 'react';
import { TASK_LABELS as L } from './messages';

/**
 * A notification task's Send Notification split button (Send Notification, Edit and Send, Edit Template).
 * The email notification dialog comes with "Messaging: ..."; until then each choice opens a placeholder.
 */
export const NotificationButton = ({ taskId }: { taskId: number }) => {
  const anchor = useRef<HTMLDivElement>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  const [dialog, setDialog] = useState<string | null>(null);
  const choose = (label: string) => {
    setMenuOpen(false);
    setDialog(label);
  };
  return (
    <>
      <ButtonGroup variant="outlined" ref={anchor} aria-label={L.sendNotification} data-testid="task-notification" data-task-id={taskId}>
        <Button onClick={() => choose(L.sendNotification)} data-testid="task-notification-send">
          {L.sendNotification}
        </Button>
        <Button size="small" aria-label={L.notificationOptions} aria-haspopup="menu" aria-expanded={menuOpen} onClick={() => setMenuOpen(true)} data-testid="task-notification-more">
          <ArrowDropDownIcon />
        </Button>
      </ButtonGroup>
      <Menu anchorEl={anchor.current} open={menuOpen} onClose={() => setMenuOpen(false)}>
        <MenuItem onClick={() => choose(L.editAndSend)}>{L.editAndSend}</MenuItem>
        <MenuItem onClick={() => choose(L.editTemplate)}>{L.editTemplate}</MenuItem>
      </Menu>
      <Dialog open={dialog !== null} onClose={() => setDialog(null)} aria-labelledby="task-notification-title" data-testid="task-notification-dialog">
        <DialogTitle id="task-notification-title">{dialog}</DialogTitle>
        <DialogContent>
          <DialogContentText>{L.notificationLater}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDialog(null)}>{L.notificationClose}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
};
