import type { ServiceName } from './services';
import type { Permission, Role } from './roles';
import type { TransactionType } from './admin';
import type { ContactMerged } from './contacts';
import type { ContactSnapshot, TransactionClosed, TransactionSnapshot, TransactionStatusChanged } from './transactions';
import type { VendorEnrolled } from './vendors';
import type { TaskSnapshot } from './tasks';
import type { DocumentSnapshot } from './documents';
import type { CommissionTemplatesChanged } from './commission';
import type { GoalsChanged } from './dashboards';
import type { EsignRequestCompleted, EsignRequestStatusChanged } from './esign-requests';
import type { EsignTransactionFieldsUpdateRequested } from './esign-send';

/** Envelope of every event on the bus (ARCHITECTURE.md section 4). */
export interface EventEnvelope<TType extends EventType = EventType> {
  id: string;
  type: TType;
  team_id: number | null;
  occurred_at: string;
  version: number;
  correlation_id?: string;
  causation_id?: string;
  payload: EventPayloads[TType];
}

export interface UserSnapshot {
  agent_id: number;
  team_id: number;
  team_name: string;
  first_name: string;
  last_name: string;
  email: string;
  status: 'active' | 'inactive';
  roles: Role[];
  profile_image_path: string | null;
  leader_board_exclude: boolean;
  alternate_email: string | null;
  brokerage_cap_amt: number | null;
  royalty_cap_amt: number | null;
  /** 'MM-DD-YYYY' as GET /user/profile answers it, or null. */
  brokerage_cap_anniversary_dt: string | null;
  /** 'MM-DD-YYYY' as GET /user/profile answers it, or null. */
  royalty_cap_anniversary_dt: string | null;
  /** Commission template ids the user's new buy-side transactions start with. */
  default_buyer_commission_templates: number[];
  /** Commission template ids the user's new sell-side transactions start with. */
  default_seller_commission_templates: number[];
  /** The effective permissions (team plan plus the user's own), as the access token lists them. */
  permissions: Permission[];
  esign_enabled: boolean;
  /** The user's SkySlope user guid (Edit Profile's integrations), which wins over the email match; null when none. */
  skyslope_agent_guid: string | null;
}

export interface TeamProvisioned {
  team_id: number;
  name: string;
  market_id: number;
  /** The team's starting time zone (IANA), when the provisioning knows it; team-admin owns it from then on. */
  timezone?: string | null;
}

export interface TeamSettingsChanged {
  team_id: number;
  name: string;
  timezone: string | null;
  revision: number;
}

/** One folder of team-admin.document-folders.changed (the system folders -1 and -2 included). */
export interface DocumentFolderSnapshot {
  client_document_folder_id: number;
  folder_name: string;
  transaction_type: TransactionType;
  client_visible: boolean;
  vendor_visible: boolean;
}

/** One type of team-admin.document-types.changed; category_name is null for a type without a category. */
export interface DocumentTypeSnapshot {
  team_document_type_id: number;
  name: string;
  team_document_category_id: number | null;
  category_name: string | null;
}

/** A user's effective notification switch: their own value, forced off while the team disables it. */
export interface NotificationSettingChanged {
  agent_id: number;
  team_id: number;
  notification_id: number;
  code: string;
  enabled: boolean;
}

/** Event type -> payload. Types are <service>.<entity>.<past-tense verb>. */
export interface EventPayloads {
  'identity.user.created': UserSnapshot;
  'identity.user.updated': UserSnapshot;
  /** A team was created (by the seed or, later, by billing): other services set up their part of it. */
  'identity.team.provisioned': TeamProvisioned;
  /** Team settings saved (name, address, timezone): identity and transactions keep the name. */
  'team-admin.team.updated': TeamSettingsChanged;
  /**
   * The team's whole set of switches after a change. revision grows with every change of the
   * team, so a consumer can ignore an older snapshot delivered late.
   */
  'team-admin.notification-settings.changed': {
    revision: number;
    settings: { notification_id: number; enabled: boolean }[];
  };
  /**
   * The team's blackout days resolved for due-date rules: weekdays (0 Sunday .. 6 Saturday) and
   * dates (YYYY-MM-DD: custom days, and holidays as observed, this year and the next two). holidays
   * lists the chosen holiday keys ('thanksgiving_day'), so a consumer can resolve any later year.
   */
  'team-admin.blackout-days.changed': {
    revision: number;
    timezone: string | null;
    weekdays: number[];
    holidays: string[];
    dates: string[];
  };
  /**
   * The team's whole folder list (system folders first, then by name) after a change or at provisioning.
   * revision grows with every change of the team's folders: a consumer ignores an older one delivered late.
   */
  'team-admin.document-folders.changed': { revision: number; folders: DocumentFolderSnapshot[] };
  /**
   * The team's whole document type list (by name) after a change of a type or of a category (types carry
   * category_name) or at provisioning; revision as for folders.
   */
  'team-admin.document-types.changed': { revision: number; types: DocumentTypeSnapshot[] };
  /** A user's effective switch changed (their own flip, or the team's override set or lifted). */
  'identity.notification-setting.changed': NotificationSettingChanged;
  /** A transaction and its whole row (version is the row's; the envelope's stays 1). */
  'transactions.transaction.created': TransactionSnapshot;
  'transactions.transaction.updated': TransactionSnapshot;
  'transactions.transaction.deleted': TransactionSnapshot;
  'transactions.transaction.status-changed': TransactionStatusChanged;
  /** Each time a transaction enters a closed status. */
  'transactions.transaction.closed': TransactionClosed;
  /** A contact and its whole row (version is the row's). */
  'transactions.contact.created': ContactSnapshot;
  'transactions.contact.updated': ContactSnapshot;
  /** Contacts merged into the survivor (each also had its .updated, status merged). */
  'transactions.contact.merged': ContactMerged;
  /** A task and its whole row, on every change including due-date recomputes (version is the task's). */
  'transactions.task.created': TaskSnapshot;
  'transactions.task.updated': TaskSnapshot;
  'transactions.task.deleted': TaskSnapshot;
  /** A transaction document and its whole row (version is the document's). */
  'transactions.document.created': DocumentSnapshot;
  'transactions.document.updated': DocumentSnapshot;
  'transactions.document.deleted': DocumentSnapshot;
  /** The team's whole list of commission templates, on every change and at seed (revision grows). */
  'transactions.commission-templates.changed': CommissionTemplatesChanged;
  /** A team's goals of a year changed (PUT /dashboard/goals): Display Mode's figures follow. */
  'transactions.goals.changed': GoalsChanged;
  /** Messaging sent a notification task's notification: the task becomes Completed (once). */
  'messaging.task-notification.sent': { task_id: number; sent_ts: string };
  /** A queued mail failed for good (after its retries, or at once on an SMTP 5xx); message_id is MailMessage.id. */
  'messaging.mail.failed': { message_id: string };
  /** A vendor enrolled through an invite link: its organisation and its VENDOR user (agent_id) exist now. */
  'identity.vendor.enrolled': VendorEnrolled;
  /** An e-sign request moved from one status to another (S, V, P, C, D, F, E); from_status null at sending. */
  'esign.request.status-changed': EsignRequestStatusChanged;
  /** Every signer signed and the PDF is sealed: the file crosses to transactions through the handoff. */
  'esign.request.completed': EsignRequestCompleted;
  /** Values sent with Update Transaction on fields that may update it: transactions applies them once per request. */
  'esign.transaction-fields.update-requested': EsignTransactionFieldsUpdateRequested;
  /** Used only by the event bus's own tests. */
  'platform.probe.happened': { n: number; note?: string };
}
export type EventType = keyof EventPayloads;

/** Which services consume each event type. The relay fans out to events.<service> queues. */
export const EVENT_SUBSCRIPTIONS: Record<EventType, readonly ServiceName[]> = {
  // messaging keeps authors, recipients and mention targets (UpdateUsersWhenUserChanges).
  // esign keeps senders and audit actors (UpdateUsersWhenUserChanges).
  'identity.user.created': ['transactions', 'integrations-sync', 'messaging', 'esign'],
  'identity.user.updated': ['transactions', 'integrations-sync', 'messaging', 'esign'],
  'identity.team.provisioned': ['team-admin'],
  'team-admin.team.updated': ['identity', 'transactions'],
  'team-admin.notification-settings.changed': ['identity'],
  'team-admin.blackout-days.changed': ['transactions'],
  // transactions keeps the team's folders and types for its documents; esign for its templates' storage
  // options (UpdateDocumentFoldersWhenFoldersChange, UpdateDocumentTypesWhenTypesChange).
  'team-admin.document-folders.changed': ['transactions', 'esign'],
  'team-admin.document-types.changed': ['transactions', 'esign'],
  // messaging skips a mail whose recipient's switch is off (UpdateSwitchesWhenNotificationSettingChanges).
  'identity.notification-setting.changed': ['messaging'],
  // Consumers join in the issues that need them (messaging, esign, integrations-sync, transactions'
  // own Display Mode push), each with its handler class; they keep the highest payload version.
  // integrations-sync keeps the latest row per transaction and syncs it to SkySlope (SyncSkySlopeFileWhenTransactionChanges).
  // transactions pushes Display Mode's figures (PushDisplayFiguresWhenTransactionChanges); integrations-sync syncs SkySlope.
  // messaging: who may see its comments, and the names and address inboxes show (UpdateTransactionsWhenTransactionChanges).
  // esign: the request's transaction, its address and primary agent (UpdateTransactionsWhenTransactionChanges).
  'transactions.transaction.created': ['integrations-sync', 'transactions', 'messaging', 'esign'],
  'transactions.transaction.updated': ['integrations-sync', 'transactions', 'messaging', 'esign'],
  'transactions.transaction.deleted': ['transactions', 'messaging', 'esign'],
  'transactions.transaction.status-changed': ['integrations-sync'],
  'transactions.transaction.closed': ['integrations-sync'],
  // identity keeps users.client_count (UpdateClientCountWhenContactChanges).
  'transactions.contact.created': ['identity'],
  'transactions.contact.updated': ['identity'],
  // No consumer yet: the contact events already carry each contact's new status.
  'transactions.contact.merged': [],
  // Consumers join with their handler class: messaging (notifications) and the Display Mode push.
  // transactions pushes Display Mode's figures (PushDisplayFiguresWhenTaskChanges).
  // messaging: task names, assignees and notification tasks (UpdateTasksWhenTaskChanges).
  'transactions.task.created': ['transactions', 'messaging'],
  'transactions.task.updated': ['transactions', 'messaging'],
  'transactions.task.deleted': ['transactions', 'messaging'],
  // messaging: document names of comments (UpdateDocumentsWhenDocumentChanges).
  'transactions.document.created': ['messaging'],
  'transactions.document.updated': ['messaging'],
  'transactions.document.deleted': ['messaging'],
  // identity keeps the team's template ids for the admin user form (UpdateCommissionTemplatesWhenTemplatesChange).
  'transactions.commission-templates.changed': ['identity'],
  // transactions pushes Display Mode's pacing (PushDisplayFiguresWhenGoalsChange).
  'transactions.goals.changed': ['transactions'],
  // transactions completes the N task (CompleteNotificationTaskWhenNotificationSent).
  'messaging.task-notification.sent': ['transactions'],
  // esign: an invitation that could not be delivered makes its request F (MarkInvitationFailedWhenMailFails).
  'messaging.mail.failed': ['esign'],
  // identity mails the login instructions (SendLoginInstructionsWhenVendorEnrolled); transactions keeps its
  // vendor options (UpdateVendorOptionsWhenVendorEnrolled).
  'identity.vendor.enrolled': ['identity', 'transactions'],
  // No subscriber yet (the request board reads esign's own rows).
  'esign.request.status-changed': [],
  // transactions adds the sealed PDF to the transaction's documents (AddSignedDocumentWhenEsignRequestCompleted).
  'esign.request.completed': ['transactions'],
  // transactions writes the values back to the transaction once per request (ApplyEsignFieldChangesWhenUpdateRequested).
  'esign.transaction-fields.update-requested': ['transactions'],
  'platform.probe.happened': ['messaging', 'esign'],
};

/** Event types that only the event bus's own tests publish; no service has to handle them. */
export const TEST_ONLY_EVENT_TYPES: readonly EventType[] = ['platform.probe.happened'];

/** BullMQ queue that carries events to one consuming service. */
export function eventsQueueOf(service: ServiceName): string {
  return `events.${service}`;
}
