import type { SvgIconComponent } from '@mui/icons-material';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import ChecklistIcon from '@mui/icons-material/Checklist';
import ContactsIcon from '@mui/icons-material/Contacts';
import DashboardIcon from '@mui/icons-material/Dashboard';
import DrawIcon from '@mui/icons-material/Draw';
import FolderIcon from '@mui/icons-material/Folder';
import ForumIcon from '@mui/icons-material/Forum';
import GroupIcon from '@mui/icons-material/Group';
import HomeWorkIcon from '@mui/icons-material/HomeWork';
import NotificationsIcon from '@mui/icons-material/Notifications';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import SettingsIcon from '@mui/icons-material/Settings';
import TuneIcon from '@mui/icons-material/Tune';
import LockResetIcon from '@mui/icons-material/LockReset';
import { lazy, type ComponentType } from 'react';
import type { ResourceProps } from 'react-admin';
import { LAYOUT_MESSAGES } from './messages';

export type MenuSection = 'work' | 'admin' | 'account';

export interface MenuEntry {
  key: string;
  section: MenuSection;
  label: string;
  /** Path under /app ('' is the home page). For a resource it is the resource's name. */
  to: string;
  icon: SvgIconComponent;
  /** Whether the screen exists. Disabled entries render greyed, not as links, with 'Coming soon'. */
  enabled: boolean;
  /** The react-admin resource the entry opens (served at /app/<resource.name>). */
  resource?: ResourceProps;
  /** Or a custom page inside the layout, served at /app/<to> (lazy-load it with React.lazy). */
  page?: ComponentType;
}

// Account screens: each its own chunk, loaded when opened.
const ProfilePage = lazy(() => import('../account/profile/ProfilePage'));
const AccountSettingsPage = lazy(() => import('../account/settings/AccountSettingsPage'));
const NotificationSettingsPage = lazy(() => import('../account/notifications/NotificationSettingsPage'));
const ChangePasswordPage = lazy(() => import('../account/password/ChangePasswordPage'));

export const MENU_SECTIONS: readonly MenuSection[] = ['work', 'admin', 'account'];

const E = LAYOUT_MESSAGES.entries;

/**
 * The console's areas, in menu order: the one place a new screen is registered. To ship a screen,
 * set `enabled: true` and give the entry its `resource` (or `page`); AdminApp mounts it and the menu
 * turns the entry into a link.
 */
export const MENU: readonly MenuEntry[] = [
  // The home page is react-admin's dashboard (home/HomePage.tsx), mounted by AdminApp.
  { key: 'dashboard', section: 'work', label: E.dashboard, to: '', icon: DashboardIcon, enabled: true },
  { key: 'transactions', section: 'work', label: E.transactions, to: 'transactions', icon: HomeWorkIcon, enabled: false },
  { key: 'tasks', section: 'work', label: E.tasks, to: 'tasks', icon: ChecklistIcon, enabled: false },
  { key: 'contacts', section: 'work', label: E.contacts, to: 'contacts', icon: ContactsIcon, enabled: false },
  { key: 'messages', section: 'work', label: E.messages, to: 'messages', icon: ForumIcon, enabled: false },
  { key: 'esign', section: 'work', label: E.esign, to: 'esign', icon: DrawIcon, enabled: false },

  { key: 'admin-users', section: 'admin', label: E.adminUsers, to: 'admin/users', icon: GroupIcon, enabled: false },
  { key: 'team-settings', section: 'admin', label: E.teamSettings, to: 'admin/team', icon: SettingsIcon, enabled: false },
  {
    key: 'document-folders',
    section: 'admin',
    label: E.documentFolders,
    to: 'admin/document-folders',
    icon: FolderIcon,
    enabled: false,
  },
  {
    key: 'team-notifications',
    section: 'admin',
    label: E.teamNotifications,
    to: 'admin/notifications',
    icon: NotificationsActiveIcon,
    enabled: false,
  },

  {
    key: 'profile',
    section: 'account',
    label: E.profile,
    to: 'account/profile',
    icon: AccountCircleIcon,
    enabled: true,
    page: ProfilePage,
  },
  {
    key: 'account-settings',
    section: 'account',
    label: E.accountSettings,
    to: 'account/settings',
    icon: TuneIcon,
    enabled: true,
    page: AccountSettingsPage,
  },
  {
    key: 'account-notifications',
    section: 'account',
    label: E.accountNotifications,
    to: 'account/notifications',
    icon: NotificationsIcon,
    enabled: true,
    page: NotificationSettingsPage,
  },
  {
    key: 'account-password',
    section: 'account',
    label: E.accountPassword,
    to: 'account/password',
    icon: LockResetIcon,
    enabled: true,
    page: ChangePasswordPage,
  },
];

/**
 * Resources the console reads without a screen of their own yet (react-admin wants them declared).
 * When a screen for one ships, move it to its MENU entry's `resource`.
 */
export const DATA_ONLY_RESOURCES: readonly ResourceProps[] = [{ name: 'profile' }];

export function menuEntriesOf(section: MenuSection, entries: readonly MenuEntry[] = MENU): MenuEntry[] {
  return entries.filter((entry) => entry.section === section);
}
