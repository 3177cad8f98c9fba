import type { AdminUserRow } from '@app/contracts';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import Button from '@mui/material/Button';
import ButtonGroup from '@mui/material/ButtonGroup';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useRef, useState } from 'react';
import { useBasename } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { EmailType } from '../api';
import { ADMIN_USERS_LABELS as L } from '../messages';
import { logActivityPath } from '../paths';

export interface RowActionHandlers {
  edit: (row: AdminUserRow) => void;
  inactivate: (row: AdminUserRow) => void;
  activate: (row: AdminUserRow) => void;
  email: (row: AdminUserRow, type: EmailType) => void;
  changePassword: (row: AdminUserRow) => void;
  history: (row: AdminUserRow) => void;
  reassign: (row: AdminUserRow) => void;
}

/** The row's split button (spec 000 section 2): Edit, and the other actions behind the arrow. */
export const UserRowActions = ({ row, busy, on }: { row: AdminUserRow; busy: boolean; on: RowActionHandlers }) => {
  const basename = useBasename();
  const anchor = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const run = (action: () => void) => () => {
    setOpen(false);
    action();
  };
  const active = row.status === 'Active';
  const menuId = `user-actions-${row.agent_id}`;

  return (
    <>
      <ButtonGroup variant="outlined" size="small" ref={anchor} data-testid="user-actions" aria-label={L.actions}>
        <Button onClick={() => on.edit(row)} data-testid="user-action-edit" disabled={busy}>
          {L.edit}
        </Button>
        <Button
          aria-label={L.moreActions}
          aria-controls={open ? menuId : undefined}
          aria-expanded={open ? 'true' : undefined}
          aria-haspopup="menu"
          onClick={() => setOpen((current) => !current)}
          data-testid="user-actions-more"
          disabled={busy}
          sx={{ px: 0.5, minWidth: 0 }}
        >
          {busy ? <CircularProgress size={16} color="inherit" data-testid="user-action-busy" /> : <ArrowDropDownIcon fontSize="small" />}
        </Button>
      </ButtonGroup>
      <Menu
        id={menuId}
        anchorEl={anchor.current}
        open={open}
        onClose={() => setOpen(false)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <MenuItem onClick={run(() => on.edit(row))} data-testid="user-action-menu-edit">
          {L.edit}
        </MenuItem>
        {/* A link (app/record?user=&name=): it opens in a new tab too. */}
        <MenuItem
          component={RouterLink}
          to={logActivityPath(basename, row.agent_id, row.agent_full_name)}
          onClick={() => setOpen(false)}
          data-testid="user-action-log-activity"
        >
          {L.logActivity}
        </MenuItem>
        {active ? (
          <MenuItem onClick={run(() => on.inactivate(row))} data-testid="user-action-inactivate">
            {L.inactivate}
          </MenuItem>
        ) : (
          <MenuItem onClick={run(() => on.activate(row))} data-testid="user-action-activate">
            {L.activate}
          </MenuItem>
        )}
        <Divider />
        <MenuItem onClick={run(() => on.email(row, 'welcome'))} data-testid="user-action-welcome">
          {L.sendWelcome}
        </MenuItem>
        <MenuItem onClick={run(() => on.email(row, 'reset'))} data-testid="user-action-reset">
          {L.sendReset}
        </MenuItem>
        <MenuItem onClick={run(() => on.changePassword(row))} data-testid="user-action-change-password">
          {L.changePassword}
        </MenuItem>
        <MenuItem onClick={run(() => on.history(row))} data-testid="user-action-history">
          {L.history}
        </MenuItem>
        <MenuItem onClick={run(() => on.reassign(row))} data-testid="user-action-reassign">
          {L.reassign}
        </MenuItem>
      </Menu>
    </>
  );
};
