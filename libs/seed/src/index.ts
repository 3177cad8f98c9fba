export * from './seed-teams';
export * from './seeder';
export * from './seed-runner';
export * from './demo-vendor-invite';
