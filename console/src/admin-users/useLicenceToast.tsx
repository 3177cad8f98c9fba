import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import { useCallback, useSyncExternalStore } from 'react';
import { ADMIN_MESSAGES } from './messages';

// Spec 000 section 8: 'No Available User Licenses' is a sticky warning in the centre of the screen
// with the spec's explanation; it stays until closed. A floating snackbar covered the list's toolbar
// and status filter, so the notice takes its own place in the page, above the controls and centred,
// and stays in view while the page scrolls. It outlives a navigation: the add form sends the admin
// back to the list with it open.

interface Notice {
  detail: string;
  /** Where the focus was when the notice opened: closing it returns there. */
  opener: HTMLElement | null;
}

let notice: Notice | null = null;
const listeners = new Set<() => void>();

function setNotice(next: Notice | null): void {
  notice = next;
  listeners.forEach((listener) => listener());
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => notice;

/** Opens the licence notice (the spec's words unless the server sent its own detail). */
export function useLicenceToast(): (detail?: string) => void {
  return useCallback((detail?: string) => {
    const active = document.activeElement;
    setNotice({
      detail: detail || ADMIN_MESSAGES.noLicensesDetail,
      opener: active instanceof HTMLElement && active !== document.body ? active : null,
    });
  }, []);
}

/** Closes the notice, if open (e.g. a page that has no reason to show it any more). */
export function closeLicenceNotice(): void {
  if (notice) setNotice(null);
}

/**
 * Where the notice shows on a page: put it above the page's controls. `fallbackFocus` finds what
 * takes the focus on close when the opener is gone (the form's Save button after going back to the list).
 */
export const LicenceNotice = ({ fallbackFocus }: { fallbackFocus?: () => HTMLElement | null }) => {
  const current = useSyncExternalStore(subscribe, snapshot, snapshot);
  if (!current) return null;
  const close = () => {
    const target = current.opener?.isConnected ? current.opener : (fallbackFocus?.() ?? null);
    setNotice(null);
    target?.focus();
  };
  return (
    <Box
      data-testid="no-licences-notice"
      // Below the app bar once the page scrolls.
      sx={{
        position: 'sticky',
        top: { xs: 64, sm: 72 },
        zIndex: (theme) => theme.zIndex.appBar - 1,
        display: 'flex',
        justifyContent: 'center',
        mb: 2,
      }}
    >
      <Alert
        severity="warning"
        variant="standard"
        onClose={close}
        data-testid="no-licences-toast"
        role="alert"
        slotProps={{ closeButton: { 'data-testid': 'no-licences-toast-close' } as object }}
        sx={{ width: '100%', maxWidth: 560, boxShadow: 6, border: 1, borderColor: 'warning.main' }}
      >
        <AlertTitle>{ADMIN_MESSAGES.noLicenses}</AlertTitle>
        {current.detail}
      </Alert>
    </Box>
  );
};
