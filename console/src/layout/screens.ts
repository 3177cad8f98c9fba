// Every route of the console, with who may open it and its page title: DocumentTitle names the
// browser tab from it, and test/browser/console-quality.browser-spec.ts visits each route as each
// role that may open it (no sideways scroll at 390 px, app bar in reach, no console error, no serious
// axe violation). Plain data: a new screen joins here when it is built (its menu entry in menu.ts
// too; a unit test keeps the two in step).
import {
  ADMIN_ROLES,
  BOARD_ROLES,
  BOARD_TITLES,
  CONTACT_ROLES,
  DOCUMENT_SETUP_ROLES,
  ESIGN_PERMISSIONS,
  TRANSACTION_LIST_ROLES,
  VENDOR_INVITE_ROLES,
  type Permission,
  type Role,
} from '@app/contracts';
import { CONTACT_LABELS } from '../contacts/messages';
import { DASHBOARD_ADMIN_LABELS } from '../admin-dashboards/messages';
import { ADMIN_USERS_LABELS } from '../admin-users/messages';
import { TOOLTIP_LABELS } from '../tooltips/messages';
import { VENDOR_MESSAGES } from '../vendors/messages';
import { SKYSLOPE_LABELS } from '../skyslope/messages';
import { ESIGN_BOARD_LABELS, ESIGN_TEMPLATE_LABELS } from '../esign/messages';
import { BUILDER_LABELS } from '../esign/builder/messages';
import { SEND_LABELS } from '../esign/send/messages';
import { TRANSACTION_CREATE_ROLES } from '../transactions/roles';
import { TRANSACTION_DETAIL_LABELS } from '../transactions/detail/messages';
import { TASK_LABELS } from '../tasks/messages';
import { BOARD_LABELS } from '../boards/messages';
import { DOCUMENT_LABELS } from '../documents/messages';
import { AUTH_MESSAGES } from '../auth/messages';
import { SIGNING_LABELS } from '../signing/messages';
import { BRAND_NAME, LAYOUT_MESSAGES } from './messages';

export interface ConsoleScreen {
  key: string;
  /**
   * Route pattern (react-router syntax). ':id' stands for a user's agent id (the checks use the
   * visiting user's own), ':key' for a reset key.
   */
  path: string;
  /** The page's own name; the document title is `${title} · Realty`. */
  title: string;
  /** The element the page renders once it is there (data-testid), for the checks to wait on. */
  testId: string;
  /** Signed-out screens (the sign-in area); the others need a session. */
  signedOut?: boolean;
  /** Who may open it (any of these roles); absent means every signed-in user. */
  roles?: readonly Role[];
  /** Permissions the user must hold, all of them (besides the roles). */
  permissions?: readonly Permission[];
  /** Query string the checks add to the path (e.g. the user's name that some screens show). */
  search?: string;
  /** The checks leave the route out (it needs data they cannot make, e.g. a live reset key). */
  unchecked?: string;
  /**
   * Last resort: a defect the checks report as a warning instead of failing, until its owner fixes
   * it. Say what fails and for whom; remove it with the fix.
   */
  knownIssue?: string;
}

const E = LAYOUT_MESSAGES.entries;
const U = ADMIN_USERS_LABELS;

export const SCREENS: readonly ConsoleScreen[] = [
  // Signed out (outside the app shell).
  { key: 'login', path: '/auth/login', title: AUTH_MESSAGES.signIn, testId: 'login-page', signedOut: true },
  {
    key: 'forgot-password',
    path: '/auth/forgot-password',
    title: AUTH_MESSAGES.passwordRecoveryTitle,
    testId: 'forgot-password-page',
    signedOut: true,
  },
  {
    key: 'reset-password',
    path: '/auth/reset-password/:key',
    title: AUTH_MESSAGES.passwordResetTitle,
    testId: 'reset-password-page',
    signedOut: true,
    unchecked: 'needs a live reset key (account-recovery.browser-spec.ts covers the page)',
  },
  // Public, outside the sign-in area: without an invite token it shows 'This invite link is not valid.'
  // (vendor-tooltips.browser-spec.ts enrolls through a live link).
  { key: 'vendor-enrollment', path: '/enroll/vendor', title: VENDOR_MESSAGES.title, testId: 'vendor-enrollment-page', signedOut: true },
  // Public: a signer's link (spec 002). The tab reads 'Sign: {title}' once the request is known.
  {
    key: 'esign-signing',
    path: '/sign/:token',
    title: SIGNING_LABELS.screenTitle,
    testId: 'signing-page',
    signedOut: true,
    unchecked:
      "':token' is a live signer link, which the checks cannot make (an unknown one answers 404, which the browser logs as a console error): the e-sign browser test signs through mailed links on a phone and a desktop",
  },

  // Work area.
  { key: 'dashboard', path: '/app', title: E.dashboard, testId: 'home-page' },
  { key: 'transactions', path: '/app/transactions', title: E.transactions, testId: 'transactions-page', roles: TRANSACTION_LIST_ROLES },
  {
    key: 'transaction-new',
    path: '/app/transactions/new',
    title: TRANSACTION_DETAIL_LABELS.addTitle,
    testId: 'add-transaction-page',
    roles: TRANSACTION_CREATE_ROLES,
  },
  {
    key: 'transaction-page',
    path: '/app/transactions/:id',
    title: TRANSACTION_DETAIL_LABELS.pageTitle,
    testId: 'transaction-page',
    roles: TRANSACTION_LIST_ROLES,
    unchecked:
      "':id' is a transaction the visiting user sees, which the checks cannot pick (they put the user's own agent id there): transaction-detail.browser-spec.ts opens the page as each role and runs the same layout, console and axe checks",
  },
  {
    key: 'transaction-modal',
    path: '/app/transaction/:id/detail',
    title: TRANSACTION_DETAIL_LABELS.modalTitle,
    testId: 'transaction-modal',
    roles: TRANSACTION_LIST_ROLES,
    unchecked:
      "':id' is a transaction the visiting user sees, which the checks cannot pick (they put the user's own agent id there): transaction-detail.browser-spec.ts opens the modal as each role and runs the same layout, console and axe checks",
  },

  {
    key: 'transaction-tasks',
    path: '/app/transactions/:id/tasks',
    title: TASK_LABELS.pageTitle,
    testId: 'tasks-page',
    roles: TRANSACTION_LIST_ROLES,
    unchecked:
      "':id' is a transaction the visiting user sees, which the checks cannot pick (they put the user's own agent id there): tasks.browser-spec.ts opens the tasks of a seeded transaction at both widths",
  },
  {
    key: 'transaction-task',
    path: '/app/transactions/:id/tasks/:taskId',
    title: TASK_LABELS.modalTitle,
    testId: 'task-modal',
    roles: TRANSACTION_LIST_ROLES,
    unchecked:
      "':id' is a transaction the visiting user sees, which the checks cannot pick (they put the user's own agent id there), nor a task of it: tasks.browser-spec.ts opens the task modal by its URL and works it",
  },
  {
    key: 'transaction-esign',
    path: '/app/transactions/:id/esign',
    title: ESIGN_BOARD_LABELS.tabTitle,
    testId: 'transaction-esign-page',
    roles: TRANSACTION_LIST_ROLES,
    permissions: ESIGN_PERMISSIONS,
    unchecked:
      "':id' is a transaction the visiting user sees, which the checks cannot pick (they put the user's own agent id there): the e-sign browser test opens the tab of a seeded transaction",
  },
  {
    key: 'transaction-documents',
    path: '/app/transactions/:id/documents',
    title: DOCUMENT_LABELS.pageTitle,
    testId: 'documents-page',
    roles: TRANSACTION_LIST_ROLES,
    unchecked:
      "':id' is a transaction the visiting user sees, which the checks cannot pick (they put the user's own agent id there): the documents screens need a transaction with documents",
  },
  {
    key: 'transaction-document-folder',
    path: '/app/transactions/:id/documents/:folder',
    title: DOCUMENT_LABELS.folderTitle,
    testId: 'document-folder-page',
    roles: TRANSACTION_LIST_ROLES,
    unchecked:
      "':id' is a transaction the visiting user sees, which the checks cannot pick (they put the user's own agent id there), nor its folder's slug: the documents screens need a transaction with documents",
  },
  {
    key: 'transaction-document',
    path: '/app/transactions/:id/documents/:folder/:documentId',
    title: DOCUMENT_LABELS.viewTitle,
    testId: 'document-view-page',
    roles: TRANSACTION_LIST_ROLES,
    unchecked:
      "':id' is a transaction the visiting user sees, which the checks cannot pick (they put the user's own agent id there), nor a document of it: the documents screens need a transaction with documents",
  },
  {
    key: 'transaction-document-link',
    path: '/app/transactions/:id/documents/view/:docId',
    title: DOCUMENT_LABELS.viewTitle,
    testId: 'document-view-page',
    roles: TRANSACTION_LIST_ROLES,
    unchecked:
      "':id' is a transaction the visiting user sees, which the checks cannot pick (they put the user's own agent id there), nor a document of it: the messages' link goes on to the document's folder route",
  },
  // The e-sign send stepper (spec 002 sections 2.2 and 2.5): both e-sign permissions besides the transaction roles.
  {
    key: 'transaction-esign-send',
    path: '/app/transactions/:id/esign/send/:draftId',
    title: SEND_LABELS.title,
    testId: 'esign-send-page',
    roles: TRANSACTION_LIST_ROLES,
    permissions: ESIGN_PERMISSIONS,
    unchecked:
      "':draftId' is a draft the e-sign tab creates for the visiting user on one of their transactions, which the checks cannot make (another user's answers 404): the e-sign browser test sends a request through the stepper from a seeded transaction",
  },

  {
    key: 'boards',
    path: '/app/boards',
    title: BOARD_LABELS.pageTitle,
    testId: 'boards-page',
    roles: BOARD_ROLES,
    unchecked: 'redirects to /app/boards/tasks, checked as board-tasks',
  },
  { key: 'board-tasks', path: '/app/boards/tasks', title: BOARD_TITLES.tasks, testId: 'boards-page', roles: BOARD_ROLES },
  { key: 'board-stages', path: '/app/boards/stages', title: BOARD_TITLES.stages, testId: 'boards-page', roles: BOARD_ROLES },
  { key: 'board-status', path: '/app/boards/status', title: BOARD_TITLES.status, testId: 'boards-page', roles: BOARD_ROLES },

  // The message center (spec 001): every role (a client sees only Comments).
  { key: 'messages', path: '/app/messages', title: E.messages, testId: 'messages-page' },
  // The e-sign request board (spec 002 sections 2.2 and 2.5): both e-sign permissions, whatever the role. Without them the page
  // sends the user to the root (EsignRequestsGate).
  {
    key: 'esign-requests',
    path: '/app/esign-requests',
    title: ESIGN_BOARD_LABELS.title,
    testId: 'esign-requests-page',
    permissions: ESIGN_PERMISSIONS,
  },
  {
    key: 'esign',
    path: '/app/esign',
    title: ESIGN_BOARD_LABELS.title,
    testId: 'esign-requests-page',
    permissions: ESIGN_PERMISSIONS,
    unchecked: 'redirects to /app/esign-requests, checked as esign-requests',
  },
  { key: 'contacts', path: '/app/contacts', title: E.contacts, testId: 'contacts-page', roles: CONTACT_ROLES },
  { key: 'contact-new', path: '/app/contacts/new', title: CONTACT_LABELS.newTitle, testId: 'contact-new-page', roles: CONTACT_ROLES },
  {
    key: 'contact-page',
    path: '/app/contacts/:id',
    title: CONTACT_LABELS.pageTitle,
    testId: 'contact-page',
    roles: CONTACT_ROLES,
    unchecked:
      "':id' is a contact the visiting user sees, which the checks cannot pick (they put the user's own agent id there): contacts.browser-spec.ts opens and edits a contact",
  },

  // Team administration.
  { key: 'admin-users', path: '/app/admin/users', title: E.adminUsers, testId: 'admin-users-page', roles: ADMIN_ROLES },
  { key: 'admin-users-new', path: '/app/admin/users/new', title: U.newUserTitle, testId: 'user-form-page', roles: ADMIN_ROLES },
  {
    key: 'admin-users-password',
    path: '/app/admin/users/change-password/:id',
    title: U.changePasswordTitle,
    testId: 'user-password-page',
    roles: ADMIN_ROLES,
    search: 'name=Avery%20Admin',
  },
  {
    key: 'admin-users-history',
    path: '/app/admin/users/history/:id',
    title: U.historyTitle,
    testId: 'user-history-page',
    roles: ADMIN_ROLES,
    search: 'name=Avery%20Admin',
  },
  {
    key: 'admin-users-reassign',
    path: '/app/admin/users/reassign-transactions/:id',
    title: U.reassignTitle,
    testId: 'reassign-page',
    roles: ADMIN_ROLES,
    search: 'name=Avery%20Admin',
  },
  { key: 'admin-users-edit', path: '/app/admin/users/:id', title: U.editUserTitle, testId: 'user-form-page', roles: ADMIN_ROLES },
  // Log Activity from the user list (app/record?user=&name=); without a user, the visitor's own rows.
  {
    key: 'activity-record',
    path: '/app/record',
    title: DASHBOARD_ADMIN_LABELS.activityTitle,
    testId: 'activity-record-page',
    roles: ADMIN_ROLES,
    search: 'name=Avery%20Admin',
  },
  { key: 'team-settings', path: '/app/admin/team', title: E.teamSettings, testId: 'team-settings-page', roles: ADMIN_ROLES },
  {
    key: 'document-folders',
    path: '/app/admin/document-folders',
    title: E.documentFolders,
    testId: 'folders-page',
    roles: DOCUMENT_SETUP_ROLES,
  },
  {
    key: 'document-types',
    path: '/app/admin/document-types',
    title: E.documentTypes,
    testId: 'document-types-page',
    roles: DOCUMENT_SETUP_ROLES,
  },
  {
    key: 'document-message-template',
    path: '/app/admin/document-message-template',
    title: E.documentMessageTemplate,
    testId: 'message-template-page',
    roles: DOCUMENT_SETUP_ROLES,
  },
  {
    key: 'team-notifications',
    path: '/app/admin/notifications',
    title: LAYOUT_MESSAGES.titles.teamNotifications,
    testId: 'team-notifications-page',
    roles: ADMIN_ROLES,
  },
  { key: 'goals', path: '/app/admin/goals', title: DASHBOARD_ADMIN_LABELS.goalsTitle, testId: 'goals-page', roles: ADMIN_ROLES },
  {
    key: 'display-settings',
    path: '/app/admin/display-settings',
    title: DASHBOARD_ADMIN_LABELS.displayTitle,
    testId: 'display-settings-page',
    roles: ADMIN_ROLES,
  },
  {
    key: 'vendor-invites',
    path: '/app/admin/vendor-invites',
    title: E.vendorInvites,
    testId: 'vendor-invites-page',
    roles: VENDOR_INVITE_ROLES,
  },
  {
    key: 'skyslope',
    path: '/app/admin/skyslope',
    title: SKYSLOPE_LABELS.title,
    testId: 'skyslope-page',
    roles: ADMIN_ROLES,
    permissions: ['transaction_sync'],
  },
  // E-sign templates and packets (spec 002 sections 2.3 and 2.4): both e-sign permissions, whatever the role. Without them the
  // page sends the user to the root (EsignAdminGate).
  {
    key: 'esign-templates',
    path: '/app/admin/esign-templates',
    title: ESIGN_TEMPLATE_LABELS.title,
    testId: 'esign-templates-page',
    permissions: ESIGN_PERMISSIONS,
  },
  // Without a templateId it shows its empty state; esign-builder.browser-spec.ts works a real template.
  {
    key: 'esign-template-builder',
    path: '/app/admin/esign-templates/template-builder',
    title: BUILDER_LABELS.title,
    testId: 'template-builder-page',
    permissions: ESIGN_PERMISSIONS,
  },

  // Back office (platform content).
  { key: 'tooltips', path: '/app/backoffice/tooltips', title: E.tooltips, testId: 'tooltips-page', permissions: ['manage_tooltips'] },
  {
    key: 'tooltip-edit',
    path: '/app/backoffice/tooltips/:id',
    title: TOOLTIP_LABELS.editTitle,
    testId: 'tooltip-edit-page',
    permissions: ['manage_tooltips'],
    unchecked:
      "':id' is a tooltip id, which the checks cannot pick (they put the user's own agent id there): vendor-tooltips.browser-spec.ts edits a tooltip on it",
  },

  // The user's own account.
  { key: 'profile', path: '/app/account/profile', title: E.profile, testId: 'profile-page' },
  { key: 'account-settings', path: '/app/account/settings', title: E.accountSettings, testId: 'account-settings-page' },
  {
    key: 'account-notifications',
    path: '/app/account/notifications',
    title: E.accountNotifications,
    testId: 'notification-settings-page',
  },
  { key: 'account-password', path: '/app/account/password', title: E.accountPassword, testId: 'change-password-page' },
];

/** The browser tab's text for a screen title (or the brand alone). */
export const documentTitleOf = (title?: string | null): string => (title ? `${title} · ${BRAND_NAME}` : BRAND_NAME);

/**
 * Whether a user with these roles and permissions may open a screen or see its menu entry: one of
 * its roles (none listed is for every role) and every one of its permissions. The server checks
 * them again on every call.
 */
export function canSee(
  screen: Pick<ConsoleScreen, 'roles' | 'permissions'>,
  roles: readonly Role[] | null | undefined,
  permissions: readonly Permission[] | null | undefined = [],
): boolean {
  if (screen.roles && !(roles ?? []).some((role) => screen.roles!.includes(role))) return false;
  return (screen.permissions ?? []).every((permission) => (permissions ?? []).includes(permission));
}
