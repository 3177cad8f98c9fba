export * from './config';
export * from './logger';
export * from './errors';
export * from './redis';
export * from './metrics';
export * from './platform.module';
export * from './bootstrap';
export * from './service-module';
