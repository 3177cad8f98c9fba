export * from './outbound-http';
