import type { MigrationInterface } from 'typeorm';
import type { ServiceName } from '@app/contracts';
import type { Seeder } from '@app/seed';
import { identitySeeder } from '../services/identity/src/seed/demo-seed';
import { identityCommissionDefaultsSeeder } from '../services/identity/src/seed/commission-defaults.seed';
import { teamAdminSeeder } from '../services/team-admin/src/seed/team-admin.seeder';
import { transactionsSeeder } from '../services/transactions/src/seed/transactions.seeder';
import { messagingSeeder } from '../services/messaging/src/seed/messaging.seeder';
import { esignSeeder } from '../services/esign/src/seed/esign.seeder';
import { esignMigrations } from '../services/esign/src/migrations';
import { identityMigrations } from '../services/identity/src/migrations';
import { integrationsSyncMigrations } from '../services/integrations-sync/src/migrations';
import { messagingMigrations } from '../services/messaging/src/migrations';
import { teamAdminMigrations } from '../services/team-admin/src/migrations';
import { transactionsMigrations } from '../services/transactions/src/migrations';

/** Migrations of each service's own schema, for the migrate script. */
export const SERVICE_MIGRATIONS: Record<ServiceName, (new () => MigrationInterface)[]> = {
  identity: identityMigrations,
  'team-admin': teamAdminMigrations,
  transactions: transactionsMigrations,
  messaging: messagingMigrations,
  esign: esignMigrations,
  'integrations-sync': integrationsSyncMigrations,
};

/** Each service's seeder (npm run seed, npm start); runSeeders orders them by their dependencies. */
export const SERVICE_SEEDERS: readonly Seeder[] = [
  identitySeeder,
  teamAdminSeeder,
  transactionsSeeder,
  identityCommissionDefaultsSeeder,
  messagingSeeder,
  esignSeeder,
];
