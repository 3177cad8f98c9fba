import type { SvgIconComponent } from '@mui/icons-material';
import {
  ADMIN_ROLES,
  BOARD_ROLES,
  CONTACT_ROLES,
  DASHBOARD_ROLES,
  DOCUMENT_SETUP_ROLES,
  ESIGN_PERMISSIONS,
  TRANSACTION_LIST_ROLES,
  VENDOR_INVITE_ROLES,
  type Permission,
  type Role,
} from '@app/contracts';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import CategoryIcon from '@mui/icons-material/Category';
import ChecklistIcon from '@mui/icons-material/Checklist';
import ContactsIcon from '@mui/icons-material/Contacts';
import DashboardIcon from '@mui/icons-material/Dashboard';
import DrawIcon from '@mui/icons-material/Draw';
import EmailIcon from '@mui/icons-material/Email';
import FlagIcon from '@mui/icons-material/Flag';
import FolderIcon from '@mui/icons-material/Folder';
import ForumIcon from '@mui/icons-material/Forum';
import GroupIcon from '@mui/icons-material/Group';
import HomeWorkIcon from '@mui/icons-material/HomeWork';
import NotificationsIcon from '@mui/icons-material/Notifications';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import SettingsIcon from '@mui/icons-material/Settings';
import TuneIcon from '@mui/icons-material/Tune';
import TvIcon from '@mui/icons-material/Tv';
import LockResetIcon from '@mui/icons-material/LockReset';
import HelpOutlineIcon from '@mui/icons-material/HelpOutline';
import StorefrontIcon from '@mui/icons-material/Storefront';
import SyncAltIcon from '@mui/icons-material/SyncAlt';
import ViewKanbanIcon from '@mui/icons-material/ViewKanban';
import { lazy, type ComponentType, type ReactNode } from 'react';
import type { ResourceProps } from 'react-admin';
import { DASHBOARD_ADMIN_LABELS } from '../admin-dashboards/messages';
import { BOARD_LABELS } from '../boards/messages';
import { SKYSLOPE_LABELS } from '../skyslope/messages';
import { ESIGN_TEMPLATE_LABELS } from '../esign/messages';
import { ESIGN_LEGACY_ROUTE, ESIGN_REQUESTS_ROUTE, ESIGN_TEMPLATES_ROUTE } from '../esign/paths';
import { UnreadBadge } from '../messages/UnreadBadge';
import { LAYOUT_MESSAGES } from './messages';
import { canSee } from './screens';

export type MenuSection = 'work' | 'admin' | 'account';

export interface MenuEntry {
  key: string;
  section: MenuSection;
  label: string;
  /** Path under /app ('' is the home page). For a resource it is the resource's name. */
  to: string;
  icon: SvgIconComponent;
  /**
   * Or a page outside the console, opened with a full page load (Display Mode at /display): no route
   * under /app, so no `page`, `resource` or screen of its own.
   */
  href?: string;
  /** Whether the screen exists. Disabled entries render greyed, not as links, with 'Coming soon'. */
  enabled: boolean;
  /** The react-admin resource the entry opens (served at /app/<resource.name>). */
  resource?: ResourceProps;
  /**
   * Or a custom page inside the layout, served at /app/<to>/* so it can hold its own <Routes>
   * (lazy-load it with React.lazy).
   */
  page?: ComponentType;
  /**
   * More paths under /app where the same page is mounted (each at `<path>/*`, with the entry's roles),
   * for routes of the area outside its `to` (the transaction modal's `transaction/{client_id}/detail`).
   */
  routes?: readonly string[];
  /**
   * Who sees the entry (any of these roles); absent means every signed-in user. The server checks
   * the roles again on every call: this only keeps the menu honest.
   */
  roles?: readonly Role[];
  /** Permissions the user must hold, all of them (besides the roles); the server checks them again. */
  permissions?: readonly Permission[];
  /** Wraps the entry's icon with a live badge (the unread count of Messages). */
  badge?: ComponentType<{ children: ReactNode }>;
}

// Account screens: each its own chunk, loaded when opened.
const ProfilePage = lazy(() => import('../account/profile/ProfilePage'));
const AccountSettingsPage = lazy(() => import('../account/settings/AccountSettingsPage'));
const NotificationSettingsPage = lazy(() => import('../account/notifications/NotificationSettingsPage'));
const ChangePasswordPage = lazy(() => import('../account/password/ChangePasswordPage'));
// Team administration screens.
const TeamSettingsPage = lazy(() => import('../admin-team/team-settings/TeamSettingsPage'));
const FolderList = lazy(() => import('../admin-team/documents/folders/FolderList'));
const DocumentTypesPage = lazy(() => import('../admin-team/documents/types/DocumentTypesPage'));
const MessageTemplatePage = lazy(() => import('../admin-team/documents/message-template/MessageTemplatePage'));
const TeamNotificationsPage = lazy(() => import('../admin-team/notifications/TeamNotificationsPage'));
// Work area.
const TransactionsPage = lazy(() => import('../transactions/TransactionsPage'));
const ContactsPage = lazy(() => import('../contacts/ContactsPage'));
// The task, stages and status boards (/app/boards/{board}).
const BoardsPage = lazy(() => import('../boards/BoardsPage'));
// The message center (/app/messages?type=dms|comments&id=).
const MessageCenterPage = lazy(() => import('../messages/MessageCenterPage'));
// Vendor invites (ADMIN, TRANC) and the tooltip back office (manage_tooltips).
const VendorInvitesPage = lazy(() => import('../vendors/VendorInvitesPage'));
const TooltipsBackOffice = lazy(() => import('../tooltips/TooltipsBackOffice'));
// The SkySlope integration (ADMIN of a team with transaction_sync).
const SkySlopePage = lazy(() => import('../skyslope/SkySlopePage'));
// E-sign templates and packets (team_esign and agent_esign; spec 002 sections 2.3 and 2.4). The builder has its own route.
const EsignTemplatesPage = lazy(() => import('../esign/EsignTemplatesPage'));
// The e-sign request board (team_esign and agent_esign; spec 002 section 2.5).
const EsignRequestsPage = lazy(() => import('../esign/board/EsignRequestsPage'));
// User administration (list, form, change password, history: its own routes under admin/users/*; and
// Log Activity's app/record).
const AdminUsersPage = lazy(() => import('../admin-users/AdminUsersPage'));
// Display Mode's goals and slides (ADMIN).
const GoalsPage = lazy(() => import('../admin-dashboards/goals/GoalsPage'));
const DisplaySettingsPage = lazy(() => import('../admin-dashboards/display-settings/DisplaySettingsPage'));

export const MENU_SECTIONS: readonly MenuSection[] = ['work', 'admin', 'account'];

const E = LAYOUT_MESSAGES.entries;

/**
 * The console's areas, in menu order: the one place a new screen is registered. To ship a screen,
 * set `enabled: true` and give the entry its `resource` (or `page`); ConsoleApp mounts it and the menu
 * turns the entry into a link.
 */
export const MENU: readonly MenuEntry[] = [
  // The home page is react-admin's dashboard (home/HomePage.tsx), mounted by ConsoleApp.
  { key: 'dashboard', section: 'work', label: E.dashboard, to: '', icon: DashboardIcon, enabled: true },
  {
    key: 'transactions',
    section: 'work',
    label: E.transactions,
    to: 'transactions',
    icon: HomeWorkIcon,
    enabled: true,
    page: TransactionsPage,
    routes: ['transaction'],
    roles: TRANSACTION_LIST_ROLES,
  },
  { key: 'tasks', section: 'work', label: E.tasks, to: 'tasks', icon: ChecklistIcon, enabled: false },
  {
    key: 'boards',
    section: 'work',
    label: BOARD_LABELS.menu,
    to: 'boards',
    icon: ViewKanbanIcon,
    enabled: true,
    page: BoardsPage,
    roles: BOARD_ROLES,
  },
  {
    key: 'contacts',
    section: 'work',
    label: E.contacts,
    to: 'contacts',
    icon: ContactsIcon,
    enabled: true,
    page: ContactsPage,
    roles: CONTACT_ROLES,
  },
  {
    key: 'messages',
    section: 'work',
    label: E.messages,
    to: 'messages',
    icon: ForumIcon,
    enabled: true,
    page: MessageCenterPage,
    badge: UnreadBadge,
  },
  // Spec 002: the office TV slideshow, its own app at /display (a full page load, not a route under /app).
  {
    key: 'display-mode',
    section: 'work',
    label: E.displayMode,
    to: 'display-mode',
    href: '/display',
    icon: TvIcon,
    enabled: true,
    roles: DASHBOARD_ROLES,
  },
  // Spec 002: the e-sign pages need both the team's plan and the user's e-sign switch.
  // The request board (spec 002 section 2.5); /app/esign sends there. Without both permissions EsignRequestsGate sends to the root.
  {
    key: 'esign',
    section: 'work',
    label: E.esign,
    to: ESIGN_REQUESTS_ROUTE,
    icon: DrawIcon,
    enabled: true,
    page: EsignRequestsPage,
    routes: [ESIGN_LEGACY_ROUTE],
    permissions: ESIGN_PERMISSIONS,
  },

  // Log Activity (the user list's row action) opens app/record?user=&name=, outside admin/users.
  {
    key: 'admin-users',
    section: 'admin',
    label: E.adminUsers,
    to: 'admin/users',
    icon: GroupIcon,
    enabled: true,
    page: AdminUsersPage,
    routes: ['record'],
    roles: ADMIN_ROLES,
  },
  {
    key: 'team-settings',
    section: 'admin',
    label: E.teamSettings,
    to: 'admin/team',
    icon: SettingsIcon,
    enabled: true,
    page: TeamSettingsPage,
    roles: ADMIN_ROLES,
  },
  {
    key: 'document-folders',
    section: 'admin',
    label: E.documentFolders,
    to: 'admin/document-folders',
    icon: FolderIcon,
    enabled: true,
    page: FolderList,
    roles: DOCUMENT_SETUP_ROLES,
  },
  {
    key: 'document-types',
    section: 'admin',
    label: E.documentTypes,
    to: 'admin/document-types',
    icon: CategoryIcon,
    enabled: true,
    page: DocumentTypesPage,
    roles: DOCUMENT_SETUP_ROLES,
  },
  {
    key: 'document-message-template',
    section: 'admin',
    label: E.documentMessageTemplate,
    to: 'admin/document-message-template',
    icon: EmailIcon,
    enabled: true,
    page: MessageTemplatePage,
    roles: DOCUMENT_SETUP_ROLES,
  },
  {
    key: 'team-notifications',
    section: 'admin',
    label: E.teamNotifications,
    to: 'admin/notifications',
    icon: NotificationsActiveIcon,
    enabled: true,
    page: TeamNotificationsPage,
    roles: ADMIN_ROLES,
  },
  {
    key: 'goals',
    section: 'admin',
    label: DASHBOARD_ADMIN_LABELS.goalsTitle,
    to: 'admin/goals',
    icon: FlagIcon,
    enabled: true,
    page: GoalsPage,
    roles: ADMIN_ROLES,
  },
  {
    key: 'display-settings',
    section: 'admin',
    label: DASHBOARD_ADMIN_LABELS.displayTitle,
    to: 'admin/display-settings',
    icon: TvIcon,
    enabled: true,
    page: DisplaySettingsPage,
    roles: ADMIN_ROLES,
  },
  {
    key: 'vendor-invites',
    section: 'admin',
    label: E.vendorInvites,
    to: 'admin/vendor-invites',
    icon: StorefrontIcon,
    enabled: true,
    page: VendorInvitesPage,
    roles: VENDOR_INVITE_ROLES,
  },
  {
    key: 'skyslope',
    section: 'admin',
    label: SKYSLOPE_LABELS.title,
    to: 'admin/skyslope',
    icon: SyncAltIcon,
    enabled: true,
    page: SkySlopePage,
    roles: ADMIN_ROLES,
    permissions: ['transaction_sync'],
  },
  // Spec 002 sections 2.4 and 6: both e-sign permissions, whatever the role (agents manage the team's templates too).
  {
    key: 'esign-templates',
    section: 'admin',
    label: ESIGN_TEMPLATE_LABELS.title,
    to: ESIGN_TEMPLATES_ROUTE,
    icon: DrawIcon,
    enabled: true,
    page: EsignTemplatesPage,
    permissions: ESIGN_PERMISSIONS,
  },
  // Platform help content: a user-level permission, whatever the role (the list and each tooltip's page).
  {
    key: 'tooltips',
    section: 'admin',
    label: E.tooltips,
    to: 'backoffice/tooltips',
    icon: HelpOutlineIcon,
    enabled: true,
    page: TooltipsBackOffice,
    permissions: ['manage_tooltips'],
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

// One rule for the menu and the screens list (screens.ts).
export { canSee };

/** The entries of a section this user sees: an empty list hides the section and its heading. */
export function visibleEntriesOf(
  section: MenuSection,
  roles: readonly Role[] | null | undefined,
  entries: readonly MenuEntry[] = MENU,
  permissions: readonly Permission[] | null | undefined = [],
): MenuEntry[] {
  return menuEntriesOf(section, entries).filter((entry) => canSee(entry, roles, permissions));
}
