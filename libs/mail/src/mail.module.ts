import { DynamicModule, Global, Module } from '@nestjs/common';
import { ConfigError } from '@app/platform';
import type { MailDriver } from './mail-message';
import { MailboxDriver } from './mailbox.driver';
import { MAIL_OPTIONS, type MailModuleOptions } from './mail.options';
import { MailService } from './mail.service';
import { MAIL_DRIVER, MailWorker } from './mail.worker';
import { SmtpDriver } from './smtp.driver';

/** The driver named by the options. */
export function createMailDriver(options: MailModuleOptions): MailDriver {
  if (options.driver === 'smtp') {
    if (!options.smtpUrl) throw new ConfigError('SMTP_URL is missing (required when MAIL_DRIVER=smtp; expected smtp://...)');
    return new SmtpDriver(options.smtpUrl, options.from);
  }
  return new MailboxDriver(options.mailDir, options.from);
}

/** MailService everywhere; the delivering worker where `process` is set (MailWorker.useHooks adds the service's rules). */
@Global()
@Module({})
export class MailModule {
  static forRoot(options: MailModuleOptions): DynamicModule {
    return {
      module: MailModule,
      providers: [
        { provide: MAIL_OPTIONS, useValue: options },
        { provide: MAIL_DRIVER, useFactory: () => createMailDriver(options) },
        MailService,
        MailWorker,
      ],
      exports: [MailService, MailWorker],
    };
  }
}
