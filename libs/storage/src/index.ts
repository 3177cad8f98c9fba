export * from './image-sniffer';
export * from './storage.options';
export * from './storage.errors';
export * from './storage.service';
export * from './local-storage.driver';
export * from './s3-storage.driver';
export * from './storage.config';
export * from './storage.module';
