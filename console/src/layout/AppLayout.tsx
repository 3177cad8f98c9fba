import { useEffect, type ReactNode } from 'react';
import { Layout, useSidebarState } from 'react-admin';
import { UiSettingsSync } from '../account/settings/UiSettingsContext';
import { AppMenu } from './AppMenu';
import { ConsoleAppBar } from './ConsoleAppBar';

// Layout forwards extra props to its root element; its props type does not list data-*.
const shellProps = { 'data-testid': 'app-shell' } as object;

/**
 * Stores the sidebar's open state once. Without a stored value react-admin derives it from the
 * screen width, so crossing the mobile width flips it in the same render that swaps the drawer
 * kind, and the closing drawer's invisible modal stays over the page, swallowing every click.
 */
const usePinnedSidebarState = () => {
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
      {children}
    </Layout>
  );
};

/** The app shell: react-admin's responsive layout (drawer menu at 960px and less), our app bar and menu. */
export const AppLayout = ({ children }: { children: ReactNode }) => <ShellLayout>{children}</ShellLayout>;
