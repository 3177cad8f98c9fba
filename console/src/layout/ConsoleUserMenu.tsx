import { ROLE_LABELS, type Role } from '@app/contracts';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { Logout, UserMenu, useGetIdentity, usePermissions } from 'react-admin';
import type { ConsoleIdentity, ConsolePermissions } from '../auth/authProvider';
import { LAYOUT_MESSAGES } from './messages';

/** Who is signed in (name, email, roles, team), shown at the top of the avatar menu. */
const IdentityHeader = () => {
  const { identity } = useGetIdentity();
  const { permissions } = usePermissions<ConsolePermissions>();
  const user = identity as ConsoleIdentity | undefined;
  if (!user) return null;
  const roles = (permissions?.roles ?? []).map((role: Role) => ROLE_LABELS[role] ?? role).join(', ');
  return (
    <Box data-testid="user-menu-identity" sx={{ px: 2, pt: 1, pb: 1.5, minWidth: 220 }} tabIndex={-1}>
      <Typography variant="subtitle2">{user.fullName}</Typography>
      <Typography variant="body2" color="text.secondary">
        {user.email}
      </Typography>
      {(roles || user.teamName) && (
        <Typography variant="caption" color="text.secondary">
          {[roles, user.teamName].filter(Boolean).join(' · ')}
        </Typography>
      )}
    </Box>
  );
};

/** App-bar avatar menu: the user's name and avatar, and Logout. */
export const ConsoleUserMenu = () => (
  <Box data-testid="user-menu" sx={{ display: 'flex', alignItems: 'center' }}>
    <UserMenu label={LAYOUT_MESSAGES.userMenu}>
      <IdentityHeader />
      <Divider />
      <Logout data-testid="logout" />
    </UserMenu>
  </Box>
);
