// `npm run seed -- [--team demo|bench] [--transactions N]`: every service's seeder in dependency order
// (idempotent: a second run adds nothing). `--wait` then waits until the running services' read copies
// hold the seeded data (npm start uses it before it prints its URLs).
import 'reflect-metadata';
import { parseSeedArgs, runSeeders, waitForSeededReadCopies } from '@app/seed';
import { SERVICE_SEEDERS } from './service-registry';

async function main() {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error('[seed] DATABASE_URL is missing (expected postgres://...)');
    process.exit(78);
  }
  const argv = process.argv.slice(2);
  const wait = argv.includes('--wait');
  let options;
  try {
    options = { ...parseSeedArgs(argv.filter((arg) => arg !== '--wait')), live: wait };
  } catch (error) {
    console.error(`[seed] ${(error as Error).message}`);
    process.exit(64);
  }
  const state = await runSeeders(SERVICE_SEEDERS, { databaseUrl: url, options });
  if (wait) {
    await waitForSeededReadCopies(SERVICE_SEEDERS, {
      databaseUrl: url,
      options,
      state,
      timeoutMs: Number(process.env.SEED_WAIT_MS ?? 90_000),
    });
    console.log('[seed] read copies hold the seeded data');
  }
}

main().catch((error) => {
  console.error(`[seed] failed: ${error.message}`);
  process.exit(1);
});
