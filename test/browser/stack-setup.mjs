// Browser tests run against the whole built stack, started once per run on free ports in a
// throwaway folder, so a developer's own `npm start` (port 8080, .data/) is left alone.
import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../scripts/infra.mjs';
import { DEMO_SEED_ARGS, root, startStack } from '../../scripts/stack.mjs';

export default async function stackSetup() {
  for (const built of ['dist/scripts/migrate.js', 'console/dist/index.html', 'display/dist/index.html']) {
    if (!existsSync(path.join(root, built)))
      throw new Error(`${built} is missing: run "node scripts/build.mjs" before the browser tests (npm test does)`);
  }
  const started = Date.now();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'realty-e2e-'));
  const saved = { DATABASE_URL: process.env.DATABASE_URL, REDIS_URL: process.env.REDIS_URL };
  delete process.env.DATABASE_URL;
  delete process.env.REDIS_URL;
  // Lets the recovery test pass the captcha; identity refuses this setting in production.
  process.env.CAPTCHA_FIXED_ANSWER = process.env.E2E_CAPTCHA_ANSWER = 'E2E4Z';
  const stack = await startStack({
    dataDir,
    edgePort: await freePort(),
    postgresPort: await freePort(),
    redisPort: await freePort(),
    randomPorts: true,
    quiet: true,
    // The same demo data as npm start (volume staff and transactions), so the screens show real lists.
    seedArgs: DEMO_SEED_ARGS,
  });
  Object.assign(process.env, Object.fromEntries(Object.entries(saved).filter(([, v]) => v !== undefined)));
  process.env.E2E_BASE_URL = stack.origin;
  process.env.E2E_LOG_DIR = stack.logDir;
  process.env.E2E_MAILBOX_DIR = stack.mailDir;
  globalThis.__REALTY_E2E_STACK__ = { stack, dataDir };
  console.log(`[browser tests] stack ready at ${stack.origin} in ${Date.now() - started} ms (logs in ${dataDir}/logs)`);
}
