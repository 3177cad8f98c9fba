import { usePermissions } from 'react-admin';
import { accountApi } from '../account';
import type { ConsolePermissions } from '../auth/authProvider';
import { LandingRedirect } from './LandingRedirect';

const loadLandingPage = async () => (await accountApi.getDefaults())?.default_landing_page;

/**
 * /app/landing: where Exit Display Mode goes. Opens the user's default landing page with the same query
 * string, replacing itself in the history.
 */
const LandingPage = () => {
  const { permissions, isPending } = usePermissions<ConsolePermissions>();
  return (
    <LandingRedirect
      loadLandingPage={loadLandingPage}
      roles={permissions?.roles}
      permissions={permissions?.permissions}
      pending={isPending}
    />
  );
};

// Default export: ConsoleApp loads this chunk with React.lazy.
export default LandingPage;
