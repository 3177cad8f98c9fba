// Checks docker-compose.yml against the contract, then has docker-compose itself validate it
// (`docker-compose config` works offline, without a Docker engine).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EDGE_DEFAULT_PORT, SERVICE_DEFAULT_PORTS, SERVICE_NAMES, upstreamEnvVar, type ServiceName } from '@app/contracts';
import { loadSigningCertificate } from '../../services/esign/src/sealing';
import { loadYaml, type Node, parseYaml, readText, ROOT } from './helpers';

const compose = loadYaml('docker-compose.yml');
const services: Record<string, Node> = compose.services;

function service(name: string): Node {
  const found = services[name];
  if (!found) throw new Error(`docker-compose.yml has no service "${name}"`);
  return found;
}

function env(name: string): Record<string, string> {
  const environment = service(name).environment;
  // Map form only: anchors are merged into maps, and the tests read values by name.
  expect(Array.isArray(environment)).toBe(false);
  return environment ?? {};
}

/** Variables every service process (API and worker) needs, with their value where it is fixed. */
function expectServiceEnv(composeName: string, owner: ServiceName): void {
  const e = env(composeName);
  expect(e).toMatchObject({
    NODE_ENV: 'production',
    STORAGE_DRIVER: 's3',
    MAIL_DRIVER: 'smtp',
    SMTP_URL: 'smtp://mailpit:1025',
    S3_ENDPOINT: 'http://minio:9000',
  });
  expect(e.DATABASE_URL).toMatch(/^postgres(ql)?:\/\/[^@]+@postgres:5432\//);
  expect(e.REDIS_URL).toMatch(/^redis:\/\/redis:6379/);
  for (const name of ['S3_BUCKET', 'S3_ACCESS_KEY', 'S3_SECRET_KEY', 'JWT_PUBLIC_KEY']) {
    expect({ service: composeName, name, value: typeof e[name] === 'string' && e[name].length > 0 }).toEqual({
      service: composeName,
      name,
      value: true,
    });
  }
  expect(e.JWT_PUBLIC_KEY).toContain('${JWT_PUBLIC_KEY');
  if (owner === 'identity') expect(e.JWT_PRIVATE_KEY).toContain('${JWT_PRIVATE_KEY');
  else expect(e.JWT_PRIVATE_KEY).toBeUndefined();
}

/** The sealing certificate's two variables: esign's API and worker only. */
const ESIGN_P12_KEYS = ['ESIGN_P12_BASE64', 'ESIGN_P12_PASSPHRASE'] as const;
const isEsign = (name: string): boolean => name === 'esign' || name === 'esign-worker';

/** The shell lines of the header step that makes the sealing certificate, continuation lines joined. */
function headerSealingCommands(): string {
  const lines = readText('docker-compose.yml')
    .split('\n')
    .filter((line) => line.startsWith('#'))
    .map((line) => line.replace(/^#\s*/, ''));
  const start = lines.findIndex((line) => /^export SEALING_PASSPHRASE=/.test(line));
  const end = lines.findIndex((line) => line.startsWith("printf 'ESIGN_P12_BASE64="));
  if (start < 0 || end < start) throw new Error('docker-compose.yml: no sealing-certificate commands in the header');
  return lines
    .slice(start, end + 1)
    .join('\n')
    .replace(/\\\n/g, ' ');
}

function dependsOn(name: string): Record<string, { condition: string }> {
  const deps = service(name).depends_on;
  // Long form only: the short (list) form has no conditions.
  expect(Array.isArray(deps)).toBe(false);
  return deps ?? {};
}

function commandOf(name: string): string[] {
  const command = service(name).command;
  return Array.isArray(command) ? command : String(command).split(/\s+/);
}

describe('docker-compose.yml', () => {
  it('has the infrastructure, migrate and demo-seed one-shots, every API, every worker and the edge', () => {
    const expected = [
      'postgres',
      'redis',
      'minio',
      'minio-init',
      'mailpit',
      'migrate',
      'seed',
      'edge',
      ...SERVICE_NAMES,
      ...SERVICE_NAMES.map((s) => `${s}-worker`),
    ];
    expect(Object.keys(services).sort()).toEqual(expected.sort());
  });

  it('shares the service settings through an x-service-defaults extension field', () => {
    expect(compose['x-service-defaults']).toBeDefined();
  });

  it('runs every platform process from the one image built from the Dockerfile', () => {
    const platform = ['migrate', 'edge', ...SERVICE_NAMES, ...SERVICE_NAMES.map((s) => `${s}-worker`)];
    const images = new Set(platform.map((name) => service(name).image));
    expect(images.size).toBe(1);
    for (const name of platform) expect(service(name).build?.context ?? service(name).build).toBe('.');
  });

  it('runs Postgres 16 or later with a healthcheck', () => {
    const postgres = service('postgres');
    const major = Number(/^postgres:(\d+)/.exec(postgres.image)?.[1]);
    expect(major).toBeGreaterThanOrEqual(16);
    expect(postgres.healthcheck.test.join(' ')).toContain('pg_isready');
  });

  it('runs Redis with noeviction and AOF (BullMQ must not lose jobs)', () => {
    const redis = service('redis');
    const command = commandOf('redis').join(' ');
    expect(command).toMatch(/--maxmemory-policy\s+noeviction/);
    expect(command).toMatch(/--appendonly\s+yes/);
    expect(redis.healthcheck).toBeDefined();
  });

  it('runs MinIO, creates the bucket in a one-shot, and runs Mailpit', () => {
    expect(service('minio').healthcheck).toBeDefined();
    const init = service('minio-init');
    expect(dependsOn('minio-init').minio).toEqual({ condition: 'service_healthy' });
    expect([init.entrypoint, init.command].flat().join(' ')).toContain('mc mb');
    expect(init.restart).toBe('no');
    expect(service('mailpit').healthcheck).toBeDefined();
  });

  it('migrates every schema once Postgres is up, then exits', () => {
    expect(commandOf('migrate')).toEqual(['dist/scripts/migrate.js']);
    expect(service('migrate').restart).toBe('no');
    expect(dependsOn('migrate').postgres).toEqual({ condition: 'service_healthy' });
    expect(env('migrate').DATABASE_URL).toBeDefined();
  });

  describe.each(SERVICE_NAMES.map((s) => [s]))('service %s', (name) => {
    const port = SERVICE_DEFAULT_PORTS[name];

    it('API: main.js on its port, the contract environment, a health check, ordered start', () => {
      expect(commandOf(name)).toEqual([`dist/services/${name}/src/main.js`]);
      expectServiceEnv(name, name);
      expect(env(name).PORT).toBe(String(port));
      const healthcheck = service(name).healthcheck.test.join(' ');
      expect(healthcheck).toContain(`127.0.0.1:${port}/api/${name}/health'`);
      expect(dependsOn(name)).toMatchObject({
        postgres: { condition: 'service_healthy' },
        redis: { condition: 'service_healthy' },
        migrate: { condition: 'service_completed_successfully' },
        'minio-init': { condition: 'service_completed_successfully' },
      });
      // Reached through the edge only.
      expect(service(name).ports).toBeUndefined();
    });

    it('worker: worker.js with the same environment, after migrations', () => {
      const worker = `${name}-worker`;
      expect(commandOf(worker)).toEqual([`dist/services/${name}/src/worker.js`]);
      expectServiceEnv(worker, name);
      expect(dependsOn(worker)).toMatchObject({
        postgres: { condition: 'service_healthy' },
        redis: { condition: 'service_healthy' },
        migrate: { condition: 'service_completed_successfully' },
      });
    });
  });

  it('gives the operator credential of the queues board to the identity API only (optional, from the shell or .env)', () => {
    expect(env('identity')).toMatchObject({ OPS_USERNAME: '${OPS_USERNAME:-ops}', OPS_PASSWORD: '${OPS_PASSWORD:-}' });
    for (const name of [
      ...SERVICE_NAMES.filter((s) => s !== 'identity'),
      ...SERVICE_NAMES.map((s) => `${s}-worker`),
      'edge',
      'migrate',
      'seed',
    ]) {
      expect({ name, user: env(name).OPS_USERNAME, password: env(name).OPS_PASSWORD }).toEqual({
        name,
        user: undefined,
        password: undefined,
      });
    }
  });

  it('gives the sealing certificate (ESIGN_P12_BASE64, ESIGN_P12_PASSPHRASE) to the esign API and worker only, required', () => {
    for (const name of ['esign', 'esign-worker']) {
      for (const key of ESIGN_P12_KEYS)
        expect({ name, key, value: env(name)[key] }).toEqual({
          name,
          key,
          value: `\${${key}:?${key} is not set, see the top of docker-compose.yml}`,
        });
    }
    for (const name of Object.keys(services).filter((s) => !isEsign(s))) {
      const e = env(name);
      expect({ name, base64: e.ESIGN_P12_BASE64, passphrase: e.ESIGN_P12_PASSPHRASE }).toEqual({
        name,
        base64: undefined,
        passphrase: undefined,
      });
    }
  });

  it('edge: published on 8080, EDGE_PORT, an upstream per service, started after healthy APIs', () => {
    expect(commandOf('edge')).toEqual(['dist/edge/src/main.js']);
    const e = env('edge');
    expect(e.EDGE_PORT).toBe(String(EDGE_DEFAULT_PORT));
    expect(e.NODE_ENV).toBe('production');
    for (const name of SERVICE_NAMES) {
      expect(e[upstreamEnvVar(name)]).toBe(`http://${name}:${SERVICE_DEFAULT_PORTS[name]}`);
      expect(dependsOn('edge')[name]).toEqual({ condition: 'service_healthy' });
    }
    const ports: string[] = service('edge').ports.map(String);
    expect(ports.some((p) => /(^|:)8080:8080$/.test(p.replace('${EDGE_PUBLISH_PORT:-8080}', '8080')))).toBe(true);
    expect(service('edge').healthcheck).toBeDefined();
  });

  describe('validated by docker-compose (offline)', () => {
    const DOCKER_COMPOSE = '/usr/bin/docker-compose';
    let workDir: string;
    let emptyEnvFile: string;

    beforeAll(() => {
      workDir = mkdtempSync(path.join(tmpdir(), 'compose-spec-'));
      // An empty env file so that a developer's .env does not change the result.
      emptyEnvFile = path.join(workDir, 'empty.env');
      writeFileSync(emptyEnvFile, '');
    });
    afterAll(() => rmSync(workDir, { recursive: true, force: true }));

    function dockerCompose(args: string[], extraEnv: Record<string, string>, envFile = emptyEnvFile): ReturnType<typeof spawnSync> {
      if (!existsSync(DOCKER_COMPOSE)) {
        throw new Error(
          `${DOCKER_COMPOSE} is missing: install it (Debian: apt-get install -y docker-compose) to validate ` +
            'docker-compose.yml; npm test installs it (scripts/prerequisites.mjs).',
        );
      }
      return spawnSync(DOCKER_COMPOSE, ['--env-file', envFile, '-f', 'docker-compose.yml', ...args], {
        cwd: ROOT,
        encoding: 'utf8',
        timeout: 60_000,
        env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: workDir, ...extraEnv },
      });
    }

    const keys = {
      JWT_PUBLIC_KEY: '-----BEGIN PUBLIC KEY-----\ntest-public\n-----END PUBLIC KEY-----',
      JWT_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\ntest-private\n-----END PRIVATE KEY-----',
      SKYSLOPE_CREDENTIALS_KEY: 'dGVzdC1rZXktdGhpcnR5LXR3by1ieXRlcy1sb25nLi4=',
      ESIGN_P12_BASE64: 'MIIKTest+P12/Base64==',
      ESIGN_P12_PASSPHRASE: 'test-sealing-passphrase',
    };

    it('`docker-compose config -q` accepts the file', () => {
      const result = dockerCompose(['config', '-q'], keys);
      expect({ status: result.status, stderr: String(result.stderr ?? '') }).toEqual({ status: 0, stderr: '' });
    });

    it('resolves the anchors as intended: keys passed through, the private key to identity only, the SkySlope key to integrations-sync only, the sealing certificate to esign only', () => {
      const result = dockerCompose(['config'], keys);
      expect(result.status).toBe(0);
      const resolved = parseYaml(String(result.stdout));
      for (const name of [...SERVICE_NAMES, ...SERVICE_NAMES.map((s) => `${s}-worker`)]) {
        const e = resolved.services[name].environment;
        expect(e.JWT_PUBLIC_KEY).toBe(keys.JWT_PUBLIC_KEY);
        expect(e.JWT_PRIVATE_KEY).toBe(name.startsWith('identity') ? keys.JWT_PRIVATE_KEY : undefined);
        expect(e.SKYSLOPE_CREDENTIALS_KEY).toBe(name.startsWith('integrations-sync') ? keys.SKYSLOPE_CREDENTIALS_KEY : undefined);
        for (const key of ESIGN_P12_KEYS)
          expect({ name, key, value: e[key] }).toEqual({ name, key, value: isEsign(name) ? keys[key] : undefined });
        expect(e.DATABASE_URL).toBe('postgres://realty:realty@postgres:5432/realty');
        expect(e.OPS_PASSWORD).toBe(name === 'identity' ? '' : undefined);
      }
    });

    it('refuses to run without the JWT keys, saying which one is missing', () => {
      const result = dockerCompose(['config', '-q'], {});
      expect(result.status).not.toBe(0);
      expect(String(result.stderr)).toContain('JWT_PUBLIC_KEY is not set');
    });

    it('refuses to run without the sealing certificate or its passphrase, saying which one is missing', () => {
      for (const missing of ESIGN_P12_KEYS) {
        const { [missing]: _omitted, ...rest } = keys;
        const result = dockerCompose(['config', '-q'], rest);
        expect({ missing, status: result.status === 0 ? 'accepted' : 'refused' }).toEqual({ missing, status: 'refused' });
        expect(String(result.stderr)).toContain(`${missing} is not set`);
      }
    });

    it("the header's openssl commands make a certificate that compose passes to esign and esign loads in production", async () => {
      const dir = mkdtempSync(path.join(workDir, 'sealing-'));
      const made = spawnSync('bash', ['-euo', 'pipefail', '-c', headerSealingCommands()], {
        cwd: dir,
        encoding: 'utf8',
        timeout: 60_000,
        env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: workDir },
      });
      // openssl reports progress on stderr: shown only when the commands fail.
      expect({ status: made.status, error: made.error?.message, stderr: made.status === 0 ? '' : made.stderr }).toEqual({
        status: 0,
        error: undefined,
        stderr: '',
      });
      const envFile = path.join(dir, '.env');
      expect(readFileSync(envFile, 'utf8')).toMatch(/^ESIGN_P12_BASE64=[A-Za-z0-9+/]+=*\nESIGN_P12_PASSPHRASE=\S+\n$/);

      const { ESIGN_P12_BASE64: _base64, ESIGN_P12_PASSPHRASE: _passphrase, ...otherKeys } = keys;
      const result = dockerCompose(['config'], otherKeys, envFile);
      expect({ status: result.status, stderr: String(result.stderr ?? '') }).toEqual({ status: 0, stderr: '' });
      const resolved = parseYaml(String(result.stdout));
      const api = resolved.services.esign.environment;
      expect(resolved.services['esign-worker'].environment).toMatchObject({
        ESIGN_P12_BASE64: api.ESIGN_P12_BASE64,
        ESIGN_P12_PASSPHRASE: api.ESIGN_P12_PASSPHRASE,
      });

      const certificate = await loadSigningCertificate({
        NODE_ENV: api.NODE_ENV,
        ESIGN_P12_BASE64: api.ESIGN_P12_BASE64,
        ESIGN_P12_PASSPHRASE: api.ESIGN_P12_PASSPHRASE,
        ESIGN_DATA_DIR: path.join(dir, 'unused'),
      });
      expect(api.NODE_ENV).toBe('production');
      expect(certificate.subject).toBe('CN=Realty e-sign, O=Your brokerage');
      expect(certificate.passphrase.length).toBeGreaterThanOrEqual(32);
      await expect(
        loadSigningCertificate({ ...api, ESIGN_P12_PASSPHRASE: 'not-the-passphrase', ESIGN_DATA_DIR: path.join(dir, 'unused') }),
      ).rejects.toThrow(/wrong ESIGN_P12_PASSPHRASE/);
    });
  });
});
