import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useEffect, useRef, type ReactNode } from 'react';
import { Layout, useSidebarState, useStoreContext } from 'react-admin';
import { UiSettingsSync } from '../account/settings/UiSettingsContext';
import { AppMenu } from './AppMenu';
import { ConsoleAppBar } from './ConsoleAppBar';
import { TooltipsLoader } from '../tooltips/TooltipsLoader';

// Layout forwards extra props to its root element; its props type does not list data-*.
const shellProps = { 'data-testid': 'app-shell' } as object;

// react-admin's store key of the sidebar's open state (useSidebarState).
const SIDEBAR_OPEN_KEY = 'sidebar.open';

/**
 * Stores the sidebar's open state once. Without a stored value react-admin derives it from the
 * screen width, so crossing the mobile width flips it in the same render that swaps the drawer
 * kind, and the closing drawer's invisible modal stays over the page, swallowing every click.
 * The stored value is the desktop sidebar's, though: a page loaded at 960px or less starts with the
 * phone drawer closed, whatever the sidebar was on a desktop.
 */
const usePinnedSidebarState = () => {
  const store = useStoreContext();
  const isPhone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const checked = useRef(false);
  if (!checked.current) {
    checked.current = true;
    // On the first render, before the drawer and the app bar read it (so the drawer never opens on
    // load); nothing has subscribed to the key yet, so no other component is updated mid-render.
    if (isPhone) store.setItem(SIDEBAR_OPEN_KEY, false);
  }
  const [open, setOpen] = useSidebarState();
  useEffect(() => {
    setOpen(open);
    // Once, on mount: later changes come from the user.
  }, []); // eslint-disable-line react-hooks/exhaustive-deps
};

const ShellLayout = ({ children }: { children: ReactNode }) => {
  usePinnedSidebarState();
  return (
    <Layout appBar={ConsoleAppBar} menu={AppMenu} {...shellProps}>
      <UiSettingsSync />
      <TooltipsLoader />
      {children}
    </Layout>
  );
};

/** The app shell: react-admin's responsive layout (drawer menu at 960px and less), our app bar and menu. */
export const AppLayout = ({ children }: { children: ReactNode }) => <ShellLayout>{children}</ShellLayout>;
