import DrawIcon from '@mui/icons-material/Draw';
import Button from '@mui/material/Button';
import { useBasename, usePermissions } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { ConsolePermissions } from '../../auth/authProvider';
import { hasEsignAccess } from '../access';
import { ESIGN_BOARD_LABELS as L } from '../messages';
import { transactionEsignPath } from '../paths';

/** The transaction page's E-sign tab (beside Tasks and Documents): only for a user with both e-sign permissions. */
export const EsignTabButton = ({ clientId }: { clientId: number | string }) => {
  const basename = useBasename();
  const { permissions } = usePermissions<ConsolePermissions>();
  if (!hasEsignAccess(permissions?.permissions)) return null;
  return (
    <Button
      component={RouterLink}
      to={transactionEsignPath(basename, clientId)}
      variant="outlined"
      startIcon={<DrawIcon />}
      data-testid="transaction-page-esign"
    >
      {L.tab}
    </Button>
  );
};
