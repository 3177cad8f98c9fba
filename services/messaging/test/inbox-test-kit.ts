import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Queue } from 'bullmq';
import { JOB_QUEUES, type EventEnvelope, type Role } from '@app/contracts';
import { createBlockingRedis } from '@app/platform';
import type { ProcessMode } from '@app/platform';
import {
  bootTestService,
  createTestDatabase,
  eventDelivery,
  eventually,
  MessagingFactory,
  signedInClient,
  testEnv,
  type MessagingUserOverrides,
  type MessagingUserRow,
  type SignedInClient,
  type TestDatabase,
  type TestService,
} from '@app/testing';
import { messagingConfigSpec, type MessagingConfig } from '../src/messaging.config';
import { MessagingModule } from '../src/messaging.module';
import { messagingMigrations } from '../src/migrations';
import { configureMessagingApp } from '../src/realtime/realtime.providers';

export interface InboxKit {
  sut: TestService<MessagingConfig>;
  database: TestDatabase;
  factory: MessagingFactory;
  /** The mailbox folder of the mail worker ('all' mode delivers there). */
  mailDir: string;
  /** A read-copy user of the team and a client signed in as them. */
  userAs(teamId: number, overrides?: MessagingUserOverrides): Promise<{ user: MessagingUserRow; api: SignedInClient }>;
  /** Puts an event on messaging's events queue and waits until it was consumed ('all' mode). */
  deliver(envelope: EventEnvelope, jobId?: string): Promise<void>;
  /**
   * Waits until the outbox is relayed and the real-time pushes it queued have run ('all' mode): what a new or
   * edited message pushes goes through messaging's worker.
   */
  pushed(): Promise<void>;
  close(): Promise<void>;
}

/** Messaging on a database of its own with the mailbox driver; 'api' by default ('all' for consumers and mail). */
export async function bootInbox(mode: ProcessMode = 'api'): Promise<InboxKit> {
  const database = await createTestDatabase();
  const mailDir = mkdtempSync(path.join(tmpdir(), 'inbox-mail-'));
  const sut = await bootTestService<MessagingConfig>({
    service: 'messaging',
    env: testEnv(database, { MAIL_DRIVER: 'mailbox', MAIL_DIR: mailDir }),
    configSpec: messagingConfigSpec,
    migrations: messagingMigrations,
    module: (config) => MessagingModule.forRoot(config, mode),
    configure: (app, config) => configureMessagingApp(app, config),
  });
  const factory = new MessagingFactory(sut.dataSource);
  const events = eventDelivery('messaging', sut.config);
  let pushes: Queue | undefined;
  return {
    sut,
    database,
    factory,
    mailDir,
    async userAs(teamId, overrides = {}) {
      const user = await factory.user(teamId, overrides);
      return { user, api: await signedInClient(sut.server, { agent_id: user.agent_id, team_id: teamId, roles: user.roles as Role[] }) };
    },
    deliver: events.deliver,
    async pushed() {
      pushes ??= new Queue(JOB_QUEUES.inboxPush, {
        connection: createBlockingRedis(sut.config.REDIS_URL, 'inbox-kit'),
        prefix: sut.config.QUEUE_PREFIX,
      });
      const queue = pushes;
      await eventually(async () => {
        const [{ n }]: { n: number }[] = await sut.dataSource.query(
          `SELECT count(*)::int AS n FROM messaging.outbox WHERE published_at IS NULL`,
        );
        if (n > 0) return false;
        const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
        return Object.values(counts).every((count) => count === 0);
      });
    },
    async close() {
      if (pushes) {
        const connection = await pushes.client;
        await pushes.close();
        await connection.quit().catch(() => connection.disconnect());
      }
      await events.close();
      await sut.close();
      await database.drop();
    },
  };
}

/** A user mention as the editor writes it. */
export const mentionOf = (user: { agent_id: number; first_name?: string }) =>
  `<span data-mention="user:${user.agent_id}">@${user.first_name ?? 'user'}</span>`;
/** A group mention as the editor writes it. */
export const groupOf = (group: string) => `<span data-mention="group:${group}">@${group}</span>`;
