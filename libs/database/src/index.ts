export * from './data-source';
export * from './pagination';
export * from './database.module';
