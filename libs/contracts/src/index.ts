export * from './roles';
export * from './services';
export * from './routes';
export * from './events';
export * from './api';
export * from './auth';
export * from './display';
export * from './account';
