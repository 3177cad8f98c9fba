import type { DataSource } from 'typeorm';
import { schemaOf } from '@app/contracts';
import { createServiceDataSource } from '@app/database';
import { EventOutbox } from '@app/events';
import { orderSeeders, seederKey, type SeedOptions, type Seeder, type SeedState } from './seeder';

export interface SeedRunOptions {
  databaseUrl: string;
  options: SeedOptions;
  log?: (line: string) => void;
}

async function withDataSource<T>(url: string, seeder: Seeder, work: (dataSource: DataSource) => Promise<T>): Promise<T> {
  const dataSource = await createServiceDataSource({
    url,
    schema: schemaOf(seeder.service),
    entities: seeder.entities ?? [],
    migrations: [],
    poolSize: 2,
    applicationName: `${seeder.service}-seed`,
  }).initialize();
  try {
    return await work(dataSource);
  } finally {
    await dataSource.destroy();
  }
}

/** Runs every seeder in dependency order, each on its own schema with its own outbox; returns the shared state. */
export async function runSeeders(seeders: readonly Seeder[], run: SeedRunOptions): Promise<SeedState> {
  const log = run.log ?? ((line: string) => console.log(line));
  const state: SeedState = { teams: [], users: [] };
  for (const seeder of orderSeeders(seeders)) {
    const outbox = new EventOutbox({
      service: seeder.service,
      schema: schemaOf(seeder.service),
      databaseUrl: run.databaseUrl,
      redisUrl: '',
    });
    const summary = await withDataSource(run.databaseUrl, seeder, (dataSource) =>
      seeder.seed({ options: run.options, dataSource, outbox, state, log: (line) => log(`[seed:${seederKey(seeder)}] ${line}`) }),
    );
    log(`[seed:${seederKey(seeder)}] ${summary}`);
  }
  return state;
}

/**
 * Waits until every seeder's read copies hold its data (the services' workers apply the events).
 * Throws, naming what is missing, after timeoutMs.
 */
export async function waitForSeededReadCopies(
  seeders: readonly Seeder[],
  run: SeedRunOptions & { state: SeedState; timeoutMs?: number },
): Promise<void> {
  const deadline = Date.now() + (run.timeoutMs ?? 60_000);
  for (const seeder of orderSeeders(seeders)) {
    if (!seeder.missing) continue;
    await withDataSource(run.databaseUrl, seeder, async (dataSource) => {
      for (;;) {
        const missing = await seeder.missing!(dataSource, run.state);
        if (!missing) return;
        if (Date.now() > deadline) throw new Error(`${seeder.service} read copies are not ready: ${missing}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    });
  }
}
