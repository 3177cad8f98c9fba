// The OS programs the suites and `npm start` need, in one place. `npm test` checks all four before anything
// else (scripts/test.mjs); `npm start` and the test infrastructure check redis-server when they start a local
// Redis (infra.mjs). A missing one is installed with apt-get when we are root on Debian/Ubuntu; otherwise the
// run stops at once with the one command to run.
//
//   node scripts/prerequisites.mjs [--check] [name ...]   check (and install) them; --check never installs
//   PREREQUISITES_ASSUME_MISSING=chromium,pdfsig           pretend these are absent until apt-get has run
//                                                          ("all" for every one), to see the path a fresh machine takes
import { execFileSync, spawnSync } from 'node:child_process';
import { accessSync, constants, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function onPath(command) {
  const found = spawnSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() : null;
}

function executable(file) {
  try {
    accessSync(file, constants.X_OK);
    return file;
  } catch {
    return null;
  }
}

/** Each prerequisite: the Debian/Ubuntu package that brings it, who needs it, and where it is found. */
export const PREREQUISITES = {
  'redis-server': {
    package: 'redis-server',
    neededBy: 'the local Redis of npm start and of the integration and browser suites',
    find: () => onPath('redis-server'),
  },
  chromium: {
    package: 'chromium',
    neededBy: 'the browser suites drive it through playwright-core',
    find: () => executable(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'),
  },
  pdfsig: {
    package: 'poppler-utils',
    neededBy: "the e-sign sealing tests check the sealed PDFs' signatures with it",
    find: () => onPath('pdfsig'),
  },
  'docker-compose': {
    package: 'docker-compose',
    neededBy: 'test/deploy/compose.spec.ts has it validate docker-compose.yml, offline',
    find: () => executable('/usr/bin/docker-compose'),
  },
};

export const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

export function isDebianLike() {
  try {
    return /debian|ubuntu/i.test(readFileSync('/etc/os-release', 'utf8'));
  } catch {
    return false;
  }
}

/** The names PREREQUISITES_ASSUME_MISSING lists ("all": every one). */
export function assumedMissing(value = process.env.PREREQUISITES_ASSUME_MISSING) {
  const names = (value ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  return names.includes('all') ? Object.keys(PREREQUISITES) : names;
}

const packagesOf = (names) => [...new Set(names.map((name) => PREREQUISITES[name].package))];

/** The one command that installs `names` (sudo unless we are root). */
export function installCommand(names, { root = isRoot() } = {}) {
  return `${root ? '' : 'sudo '}apt-get install -y ${packagesOf(names).join(' ')}`;
}

/**
 * What to do about the missing prerequisites: nothing, install them (root on Debian/Ubuntu, as `npm start`
 * always has for redis-server), or stop and name the command to run.
 */
export function decide({ missing, root, debianLike }) {
  if (missing.length === 0) return { action: 'none' };
  if (root && debianLike) return { action: 'install', packages: packagesOf(missing) };
  return { action: 'stop', command: installCommand(missing, { root }) };
}

function aptGet(args) {
  // needrestart (a hook of apt on Debian) must not restart the machine's services under other people's runs.
  execFileSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive', NEEDRESTART_SUSPEND: '1' } });
}

function describe(names) {
  return names.map((name) => `\n  ${name}: ${PREREQUISITES[name].neededBy}`).join('');
}

/**
 * Checks `names` and installs the missing ones where `decide` says so. Answers `{ok: true, installed}` or
 * `{ok: false, missing, message}`, where the message names the one command to run. Never removes anything.
 * The options replace the machine's answers (for the unit test of this logic).
 */
export function ensurePrerequisites(names = Object.keys(PREREQUISITES), options = {}) {
  const {
    find = (name) => PREREQUISITES[name].find(),
    assumeMissing = assumedMissing(),
    root = isRoot(),
    debianLike = isDebianLike(),
    install = true,
    run = aptGet,
    log = (message) => console.log(`[prerequisites] ${message}`),
    hint = '',
  } = options;
  const unknown = names.filter((name) => !PREREQUISITES[name]);
  if (unknown.length > 0) throw new Error(`unknown prerequisite ${unknown.join(', ')} (known: ${Object.keys(PREREQUISITES).join(', ')})`);
  const missing = names.filter((name) => assumeMissing.includes(name) || !find(name));
  const decision = decide({ missing, root, debianLike: debianLike && install });
  if (decision.action === 'none') return { ok: true, installed: [] };
  const stop = (still, why) => ({
    ok: false,
    missing: still,
    message: `${why}:${describe(still)}\nInstall ${still.length === 1 ? 'it' : 'them'} with: ${installCommand(still, { root })}${debianLike ? '' : '   (Debian/Ubuntu package names)'}${hint}`,
  });
  if (decision.action === 'stop') return stop(missing, `missing ${missing.length === 1 ? 'a prerequisite' : 'prerequisites'}`);
  log(`missing ${missing.join(', ')}: installing with apt-get (Debian packages ${decision.packages.join(' ')})`);
  try {
    run(['update', '-qq']);
    run(['install', '-y', '-qq', ...decision.packages]);
  } catch (error) {
    return stop(missing, `apt-get failed (${error.message.split('\n')[0]})`);
  }
  // PREREQUISITES_ASSUME_MISSING pretends only until apt-get has run: from here on the machine answers.
  const still = missing.filter((name) => !find(name));
  if (still.length > 0) return stop(still, 'still missing after apt-get');
  return { ok: true, installed: missing };
}

/** ensurePrerequisites, or the message on stderr and exit 1. */
export function requirePrerequisites(names, options = {}) {
  const result = ensurePrerequisites(names, options);
  if (!result.ok) {
    console.error(`[prerequisites] ${result.message}`);
    process.exit(1);
  }
  return result;
}

/** The redis-server binary for a local Redis (npm start, the test infrastructure), installed when allowed. */
export function ensureRedisServer() {
  requirePrerequisites(['redis-server'], { hint: '   (or set REDIS_URL)' });
  return PREREQUISITES['redis-server'].find();
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const names = args.filter((arg) => !arg.startsWith('--'));
  const result = requirePrerequisites(names.length > 0 ? names : undefined, { install: !args.includes('--check') });
  console.log(`[prerequisites] ${result.installed.length > 0 ? `installed ${result.installed.join(', ')}; ` : ''}all present`);
}
