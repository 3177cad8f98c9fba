import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { useCallback } from 'react';
import { useCloseNotification, useNotify } from 'react-admin';
import { ADMIN_MESSAGES } from './messages';

const LicenceNotice = ({ detail }: { detail: string }) => {
  const close = useCloseNotification();
  return (
    <Alert
      severity="warning"
      variant="standard"
      onClose={close}
      data-testid="no-licences-toast"
      role="alert"
      sx={{ maxWidth: 560, boxShadow: 6, border: 1, borderColor: 'warning.main' }}
    >
      <AlertTitle>{ADMIN_MESSAGES.noLicenses}</AlertTitle>
      {detail}
    </Alert>
  );
};

/**
 * Spec 000 section 8: 'No Available User Licenses' is a sticky warning in the centre of the screen
 * with the spec's explanation. It stays until closed (a click elsewhere does not dismiss it).
 */
export function useLicenceToast(): (detail?: string) => void {
  const notify = useNotify();
  return useCallback(
    (detail?: string) =>
      notify(<LicenceNotice detail={detail || ADMIN_MESSAGES.noLicensesDetail} />, {
        type: 'warning',
        autoHideDuration: null,
        anchorOrigin: { vertical: 'top', horizontal: 'center' },
        // The centre of the screen rather than its top edge.
        sx: { top: { xs: '35vh', sm: '35vh' } },
        ClickAwayListenerProps: {
          onClickAway: (event: Event & { defaultMuiPrevented?: boolean }) => {
            event.defaultMuiPrevented = true;
          },
        },
      }),
    [notify],
  );
}
