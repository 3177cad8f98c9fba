export * from './mail.options';
export * from './mail-message';
export * from './mailbox.driver';
export * from './smtp.driver';
export * from './mail.service';
export * from './mail.worker';
export * from './mail.module';
export * from './mail-delivery';
