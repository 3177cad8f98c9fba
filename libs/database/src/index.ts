export * from './data-source';
export * from './pagination';
export * from './database.module';
export * from './prepared-query';
export * from './like';
export type * from './table-row';
