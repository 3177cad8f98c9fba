import { bootTestService, testEnv, type TestDatabase, type TestService } from '@app/testing';
import { messagingConfigSpec, type MessagingConfig } from '../src/messaging.config';
import { MessagingModule } from '../src/messaging.module';
import { messagingMigrations } from '../src/migrations';

/**
 * Messaging in 'all' mode on another service's test database (its own schema, the same QUEUE_PREFIX), so
 * its mail worker delivers what that service queues on mail.outgoing, as in production where only
 * messaging's worker delivers mail. `env` gives the mail settings (MAIL_DIR, MAIL_DRIVER, SMTP_URL, MAIL_FROM).
 */
export function bootMessagingBeside(database: TestDatabase, env: Record<string, string> = {}): Promise<TestService<MessagingConfig>> {
  return bootTestService<MessagingConfig>({
    service: 'messaging',
    env: testEnv(database, env),
    configSpec: messagingConfigSpec,
    migrations: messagingMigrations,
    module: (config) => MessagingModule.forRoot(config, 'all'),
  });
}

/** The mail settings among a service's test environment (what messaging's worker needs to deliver like it). */
export function mailEnvOf(env: Record<string, string | undefined> = {}): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter(
      (entry): entry is [string, string] =>
        ['MAIL_DRIVER', 'MAIL_DIR', 'SMTP_URL', 'MAIL_FROM'].includes(entry[0]) && entry[1] !== undefined,
    ),
  );
}
