// `npm test`: every suite. Checks the OS prerequisites first (prerequisites.mjs: installs them as root on
// Debian/Ubuntu, otherwise stops with the command to run), lints (scripts/lint.mjs), builds once, type-checks every project, then unit +
// integration (jest: real Postgres and Redis started once), the console's and Display Mode's vitest suites, and
// the browser tests (the whole stack in Debian's Chromium). Ends with one line "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { requirePrerequisites } from './prerequisites.mjs';

requirePrerequisites();

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = path.join(root, 'test-results', 'reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const jest = path.join(root, 'node_modules', 'jest', 'bin', 'jest.js');
const vitest = (workspace) => path.join(root, workspace, 'node_modules', 'vitest', 'vitest.mjs');
const vitestBin = (workspace) =>
  existsSync(vitest(workspace)) ? vitest(workspace) : path.join(root, 'node_modules', 'vitest', 'vitest.mjs');

// --forceExit: blocking Redis readers (BullMQ, the socket.io streams adapter) can outlive a suite by
// a moment, and a run that finished must never sit until CI's deadline waiting for one.
const steps = [
  // Lint first: a lint error fails the run, and the suites still run so one run tells everything.
  { name: 'lint', command: [process.execPath, 'scripts/lint.mjs'] },
  { name: 'build', command: [process.execPath, 'scripts/build.mjs'] },
  { name: 'typecheck', command: [process.execPath, 'scripts/typecheck.mjs'] },
  {
    name: 'unit + integration (jest)',
    command: [
      process.execPath,
      jest,
      '--ci',
      '--forceExit',
      '--selectProjects',
      'unit',
      'integration',
      '--json',
      '--outputFile',
      path.join(reports, 'jest-backend.json'),
    ],
    report: { kind: 'jest', file: 'jest-backend.json' },
  },
  {
    name: 'console (vitest)',
    cwd: path.join(root, 'console'),
    command: [
      process.execPath,
      vitestBin('console'),
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${path.join(reports, 'vitest-console.json')}`,
    ],
    report: { kind: 'jest', file: 'vitest-console.json' },
  },
  {
    name: 'display (vitest)',
    cwd: path.join(root, 'display'),
    command: [
      process.execPath,
      vitestBin('display'),
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${path.join(reports, 'vitest-display.json')}`,
    ],
    report: { kind: 'jest', file: 'vitest-display.json' },
  },
  {
    name: 'browser (jest + Chromium)',
    command: [
      process.execPath,
      jest,
      '--ci',
      '--forceExit',
      '--selectProjects',
      'browser',
      '--runInBand',
      '--json',
      '--outputFile',
      path.join(reports, 'jest-browser.json'),
    ],
    report: { kind: 'jest', file: 'jest-browser.json' },
  },
];

let passed = 0;
let failed = 0;
const failures = [];
for (const step of steps) {
  const started = Date.now();
  console.log(`\n=== ${step.name} ===`);
  const result = spawnSync(step.command[0], step.command.slice(1), {
    cwd: step.cwd ?? root,
    stdio: 'inherit',
    env: { ...process.env, FORCE_COLOR: '0' },
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (step.report) {
    const file = path.join(reports, step.report.file);
    if (existsSync(file)) {
      const summary = JSON.parse(readFileSync(file, 'utf8'));
      passed += summary.numPassedTests ?? 0;
      failed += summary.numFailedTests ?? 0;
      if ((summary.numTotalTests ?? 0) === 0) failures.push(`${step.name}: no test ran`);
    } else {
      failures.push(`${step.name}: no report written`);
    }
  }
  if (result.status !== 0) failures.push(`${step.name}: exited with ${result.status ?? result.signal}`);
  console.log(`=== ${step.name}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${seconds} s ===`);
  if (step.name === 'build' && result.status !== 0) break;
}

console.log('');
for (const failure of failures) console.log(`FAILED ${failure}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failures.length || failed ? 1 : 0);
