import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { EventEnvelope, Role } from '@app/contracts';
import type { ProcessMode } from '@app/platform';
import {
  bootTestService,
  createTestDatabase,
  eventDelivery,
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
    async close() {
      await events.close();
      await sut.close();
      await database.drop();
    },
  };
}

/** A user mention as the editor writes it. */
export const mentionOf = (user: { agent_id: number; first_name?: string }) => `<span data-mention="user:${user.agent_id}">@${user.first_name ?? 'user'}</span>`;
/** A group mention as the editor writes it. */
export const groupOf = (group: string) => `<span data-mention="group:${group}">@${group}</span>`;
