import { NestFactory } from '@nestjs/core';
import { MailModule } from './mail.module';
import type { MailModuleOptions } from './mail.options';

/**
 * A mail worker on its own (no HTTP, no database): it delivers the mail.outgoing queue of one queue
 * prefix through the given driver, with the same MailWorker the messaging worker runs. For the tests of
 * a service that only queues mail (identity), which may not boot messaging itself (services never import
 * each other); the tests of messaging's own rules (switches, messaging.mail.failed) boot messaging.
 */
export async function startMailDelivery(options: Omit<MailModuleOptions, 'process'>): Promise<{ close(): Promise<void> }> {
  const app = await NestFactory.createApplicationContext(MailModule.forRoot({ ...options, process: true }), { logger: false });
  await app.init();
  return { close: () => app.close() };
}
