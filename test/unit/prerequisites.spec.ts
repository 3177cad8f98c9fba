// npm test's OS prerequisites (scripts/prerequisites.mjs): installed with apt-get only as root on Debian/Ubuntu,
// otherwise a stop that names the one command to run. The module is ESM (jest runs CommonJS), so each case runs
// in a node child with the machine's answers (found, root, Debian) replaced; nothing is installed or removed.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const MODULE = pathToFileURL(path.resolve(__dirname, '..', '..', 'scripts', 'prerequisites.mjs')).href;

interface Outcome {
  ok: boolean;
  installed?: string[];
  missing?: string[];
  message?: string;
  aptGet: string[][];
}

/** Runs ensurePrerequisites in a child with `present` as the machine's programs; apt-get "installs" `installs`. */
function ensure(options: {
  present: string[];
  root: boolean;
  debianLike: boolean;
  installs?: string[];
  assumeMissing?: string;
  aptFails?: boolean;
  install?: boolean;
}): Outcome {
  const script = `
    import { ensurePrerequisites } from ${JSON.stringify(MODULE)};
    const o = JSON.parse(process.env.CASE);
    const present = new Set(o.present);
    const aptGet = [];
    const result = ensurePrerequisites(undefined, {
      find: (name) => (present.has(name) ? '/usr/bin/' + name : null),
      root: o.root,
      debianLike: o.debianLike,
      install: o.install ?? true,
      log: () => {},
      run: (args) => {
        aptGet.push(args);
        if (o.aptFails) throw new Error('E: Could not open lock file');
        if (args[0] === 'install') for (const name of o.installs ?? []) present.add(name);
      },
    });
    process.stdout.write(JSON.stringify({ ...result, aptGet }));
  `;
  const env: NodeJS.ProcessEnv = { ...process.env, CASE: JSON.stringify(options) };
  if (options.assumeMissing === undefined) delete env.PREREQUISITES_ASSUME_MISSING;
  else env.PREREQUISITES_ASSUME_MISSING = options.assumeMissing;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', env, timeout: 20_000 });
  if (run.status !== 0) throw new Error(`child failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as Outcome;
}

const ALL = ['redis-server', 'chromium', 'pdfsig', 'docker-compose'];

describe('ensurePrerequisites', () => {
  it('does nothing when every program is there', () => {
    expect(ensure({ present: ALL, root: true, debianLike: true })).toEqual({ ok: true, installed: [], aptGet: [] });
  });

  it('as root on Debian/Ubuntu installs the missing ones by their packages, then checks again', () => {
    const outcome = ensure({ present: ['redis-server'], root: true, debianLike: true, installs: ['chromium', 'pdfsig', 'docker-compose'] });
    expect(outcome).toEqual({
      ok: true,
      installed: ['chromium', 'pdfsig', 'docker-compose'],
      aptGet: [
        ['update', '-qq'],
        ['install', '-y', '-qq', 'chromium', 'poppler-utils', 'docker-compose'],
      ],
    });
  });

  it('as another user stops at once with the one sudo command, installing nothing', () => {
    const outcome = ensure({ present: ['redis-server', 'chromium'], root: false, debianLike: true });
    expect(outcome.ok).toBe(false);
    expect(outcome.missing).toEqual(['pdfsig', 'docker-compose']);
    expect(outcome.aptGet).toEqual([]);
    expect(outcome.message).toMatch(/Install them with: sudo apt-get install -y poppler-utils docker-compose$/);
  });

  it('off Debian/Ubuntu stops, naming the Debian packages', () => {
    const outcome = ensure({ present: ALL.filter((name) => name !== 'chromium'), root: true, debianLike: false });
    expect(outcome).toMatchObject({ ok: false, missing: ['chromium'], aptGet: [] });
    expect(outcome.message).toContain('Install it with: apt-get install -y chromium   (Debian/Ubuntu package names)');
  });

  it('stops with the command when apt-get fails or leaves a program missing', () => {
    const failed = ensure({ present: ['redis-server', 'chromium', 'pdfsig'], root: true, debianLike: true, aptFails: true });
    expect(failed).toMatchObject({ ok: false, missing: ['docker-compose'] });
    expect(failed.message).toMatch(
      /^apt-get failed \(E: Could not open lock file\):[\s\S]*Install it with: apt-get install -y docker-compose$/,
    );
    const incomplete = ensure({ present: ['redis-server'], root: true, debianLike: true, installs: ['chromium', 'pdfsig'] });
    expect(incomplete).toMatchObject({ ok: false, missing: ['docker-compose'] });
    expect(incomplete.message).toMatch(/^still missing after apt-get:/);
  });

  it('--check (install: false) never runs apt-get, even as root on Debian', () => {
    const outcome = ensure({ present: ['chromium'], root: true, debianLike: true, install: false });
    expect(outcome).toMatchObject({ ok: false, missing: ['redis-server', 'pdfsig', 'docker-compose'], aptGet: [] });
    expect(outcome.message).toMatch(/Install them with: apt-get install -y redis-server poppler-utils docker-compose$/);
  });

  it('PREREQUISITES_ASSUME_MISSING pretends programs are absent until apt-get has run', () => {
    const outcome = ensure({ present: ALL, root: true, debianLike: true, assumeMissing: 'chromium,pdfsig' });
    expect(outcome).toEqual({
      ok: true,
      installed: ['chromium', 'pdfsig'],
      aptGet: [
        ['update', '-qq'],
        ['install', '-y', '-qq', 'chromium', 'poppler-utils'],
      ],
    });
    const stopped = ensure({ present: ALL, root: false, debianLike: true, assumeMissing: 'all' });
    expect(stopped).toMatchObject({ ok: false, missing: ALL, aptGet: [] });
    expect(stopped.message).toMatch(/sudo apt-get install -y redis-server chromium poppler-utils docker-compose$/);
  });
});
