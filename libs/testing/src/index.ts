export * from './test-infra';
export * from './test-service';
export * from './factories';
export * from './event-delivery';
export * from './images';
export * from './own-infra';
