import type { ServiceName } from './services';
import { SERVICE_NAMES } from './services';
import { eventsQueueOf } from './events';

/**
 * Names of the BullMQ job queues (events travel on `events.<service>`, eventsQueueOf). Every queue lives
 * under the QUEUE_PREFIX namespace; the operators' board (/api/ops/queues) shows each one listed here.
 */
export const JOB_QUEUES = {
  /** Outgoing mail of every service (libs/mail), delivered by the sender's worker. */
  mail: 'mail.outgoing',
  /**
   * messaging: the real-time side of a new or edited DM or comment (message.created / message.updated and the
   * counts), written in the message's transaction (outbox), so a push is never lost between commit and socket.
   */
  inboxPush: 'messaging-inbox-push',
  /** transactions: a team's task due dates after a blackout-days change. */
  recomputeTeamDueDates: 'recompute-team-due-dates',
  /** transactions: the 15-minute sweep of uploads that were never confirmed. */
  removeAbandonedUploads: 'remove-abandoned-uploads',
  /** integrations-sync: SkySlope user matching (on demand, nightly at 03:00 UTC, on a user change). */
  skyslopeMatchUsers: 'skyslope-match-users',
  /** integrations-sync: one transaction pushed to SkySlope. */
  skyslopeSyncTransaction: 'skyslope-sync-transaction',
  /** integrations-sync: a team's first sync of its existing transactions. */
  skyslopeBackfill: 'skyslope-backfill',
  /** esign: stamp, certify and seal a request whose signers have all signed. */
  esignSealRequest: 'seal-request',
  /** esign: the 60-second look over open requests (expiry, failed invitations, provider status). */
  esignPollRequests: 'esign-poll-requests',
  /**
   * esign: the hourly removal of send drafts sent a day ago or left unsent for ESIGN_DRAFT_RETENTION_DAYS, and of
   * request PDF copies over a day old that no request names (a send killed between copy and commit).
   */
  esignRemoveOldDrafts: 'esign-remove-old-drafts',
} as const;
export type JobQueueName = (typeof JOB_QUEUES)[keyof typeof JOB_QUEUES];

export interface QueueDescription {
  name: string;
  /** The service whose worker processes it (mail: each sending service's own worker). */
  processedBy: ServiceName | 'each sender';
  carries: string;
}

/** Every queue of the platform, events first: what the operators' board shows and docs/operations.md lists. */
export const QUEUE_CATALOGUE: readonly QueueDescription[] = [
  ...SERVICE_NAMES.map((service) => ({
    name: eventsQueueOf(service),
    processedBy: service,
    carries: `events ${service} consumes (EVENT_SUBSCRIPTIONS)`,
  })),
  { name: JOB_QUEUES.mail, processedBy: 'each sender', carries: 'outgoing mail' },
  {
    name: JOB_QUEUES.inboxPush,
    processedBy: 'messaging',
    carries: 'real-time pushes of new and edited DMs and comments (and the counts they change)',
  },
  { name: JOB_QUEUES.recomputeTeamDueDates, processedBy: 'transactions', carries: "a team's task due dates" },
  { name: JOB_QUEUES.removeAbandonedUploads, processedBy: 'transactions', carries: 'removal of abandoned uploads (every 15 minutes)' },
  {
    name: JOB_QUEUES.skyslopeMatchUsers,
    processedBy: 'integrations-sync',
    carries: 'SkySlope user matching (nightly 03:00 UTC and on demand)',
  },
  { name: JOB_QUEUES.skyslopeSyncTransaction, processedBy: 'integrations-sync', carries: 'one transaction to SkySlope' },
  { name: JOB_QUEUES.skyslopeBackfill, processedBy: 'integrations-sync', carries: "a team's existing transactions to SkySlope" },
  { name: JOB_QUEUES.esignSealRequest, processedBy: 'esign', carries: 'sealing of a request every signer has signed' },
  {
    name: JOB_QUEUES.esignPollRequests,
    processedBy: 'esign',
    carries: 'open e-sign requests (every 60 s: expiry, failed invitations, provider status)',
  },
  {
    name: JOB_QUEUES.esignRemoveOldDrafts,
    processedBy: 'esign',
    carries: 'removal of old send drafts (hourly: sent a day ago, unsent for 30 days) and of orphaned request PDF copies',
  },
];

/** Names of every queue, events queues first. */
export function allQueueNames(): string[] {
  return QUEUE_CATALOGUE.map((queue) => queue.name);
}
