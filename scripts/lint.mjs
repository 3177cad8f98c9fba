// `npm run lint` and the first step of `npm test`: ESLint (eslint.config.mjs: correctness and the import
// boundaries), Prettier's check (.prettierrc.json), and that the generated files are up to date with their
// sources (the contract schemas; the database type is checked against the migrated schema by its own test).
// Exits non-zero when any of them fails; `npm run format` fixes what Prettier reports.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (pkg, file) => path.join(root, 'node_modules', pkg, file);
const checks = [
  {
    name: 'eslint',
    args: [bin('eslint', 'bin/eslint.js'), '.', '--max-warnings', '0', '--cache', '--cache-location', 'node_modules/.cache/eslint/'],
  },
  {
    name: 'prettier',
    args: [
      bin('prettier', 'bin/prettier.cjs'),
      '--check',
      '--cache',
      '--cache-location',
      'node_modules/.cache/prettier/cache.json',
      '--log-level',
      'warn',
      '.',
    ],
  },
  { name: 'contract schemas', args: [path.join(root, 'scripts', 'generate-schemas.mjs'), '--check'] },
];

// The checks run side by side (each on one core): CI's two cores lint in the time of the slowest.
const run = (check) =>
  new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, check.args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      // Each check's output is printed whole when it ends, so two checks never interleave their lines.
      if (output.trim()) process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
      console.log(`[lint] ${check.name}: ${code === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      resolve(code === 0);
    });
  });

const results = await Promise.all(checks.map(run));
const failed = results.filter((ok) => !ok).length;
if (failed) console.log('[lint] fix: npm run format (formatting), node scripts/generate-schemas.mjs (schemas), the rest by hand');
process.exit(failed ? 1 : 0);
