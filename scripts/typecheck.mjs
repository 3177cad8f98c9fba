// `npm run typecheck` and the first test step: the services, libs, scripts and tests, the console and
// Display Mode each through tsc with their own tsconfig. The jest and vitest transforms strip types
// without checking them, so a type error would otherwise reach main unseen. The contracts' generated
// schemas are brought up to date first: the OpenAPI tables are checked against their type names.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateSchemas } from './generate-schemas.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');
await generateSchemas();
let failed = 0;
for (const project of ['.', 'console', 'display']) {
  const started = Date.now();
  const result = spawnSync(process.execPath, [tsc, '--noEmit', '-p', path.join(root, project, 'tsconfig.json')], { stdio: 'inherit' });
  console.log(
    `[typecheck] ${project === '.' ? 'services, libs and tests' : project}: ${result.status === 0 ? 'ok' : 'type errors'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (result.status !== 0) failed += 1;
}
process.exit(failed ? 1 : 0);
