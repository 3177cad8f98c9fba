// `npm run lint` and the first step of `npm test`: ESLint (eslint.config.mjs: correctness and the import
// boundaries), Prettier's check (.prettierrc.json), and that the generated files are up to date with their
// sources (the contract schemas; the database type is checked against the migrated schema by its own test).
// Exits non-zero when any of them fails; `npm run format` fixes what Prettier reports.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (pkg, file) => path.join(root, 'node_modules', pkg, file);
const checks = [
  {
    name: 'eslint',
    args: [bin('eslint', 'bin/eslint.js'), '.', '--max-warnings', '0', '--cache', '--cache-location', 'node_modules/.cache/eslint/'],
  },
  { name: 'prettier', args: [bin('prettier', 'bin/prettier.cjs'), '--check', '--log-level', 'warn', '.'] },
  { name: 'contract schemas', args: [path.join(root, 'scripts', 'generate-schemas.mjs'), '--check'] },
];

let failed = 0;
for (const check of checks) {
  const started = Date.now();
  const result = spawnSync(process.execPath, check.args, { cwd: root, stdio: 'inherit' });
  const ok = result.status === 0;
  if (!ok) failed += 1;
  console.log(`[lint] ${check.name}: ${ok ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
if (failed) console.log('[lint] fix: npm run format (formatting), node scripts/generate-schemas.mjs (schemas), the rest by hand');
process.exit(failed ? 1 : 0);
