import { generateKeyPairSync } from 'node:crypto';
import { SERVICE_DEFAULT_PORTS, SERVICE_NAMES } from '@app/contracts';
import { baseConfigSpec, ConfigError, env, readConfig } from './config';

const pair = generateKeyPairSync('ec', {
  namedCurve: 'P-256',
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'pem' },
});
// readConfig trims values, so the keys are compared without their final line break.
const keys = { publicKey: pair.publicKey.trim(), privateKey: pair.privateKey.trim() };

/** A complete, valid environment of a service; override or drop (undefined) what a test is about. */
function fakeEnv(overrides: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const base: NodeJS.ProcessEnv = {
    DATABASE_URL: 'postgres://postgres:postgres@127.0.0.1:5432/realty',
    REDIS_URL: 'redis://127.0.0.1:6379',
    JWT_PUBLIC_KEY: keys.publicKey,
  };
  const result = { ...base, ...overrides };
  for (const [name, value] of Object.entries(result)) if (value === undefined) delete result[name];
  return result;
}

/** The ConfigError message readConfig throws for this environment (fails the test if it does not throw). */
function problemsOf(source: NodeJS.ProcessEnv, spec: Parameters<typeof readConfig>[0] = baseConfigSpec('identity')): string {
  try {
    readConfig(spec, source);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error('readConfig accepted an environment it should have refused');
}

describe(readConfig.name, () => {
  const sut = readConfig;

  describe('a complete environment', () => {
    it('returns every variable with its defaults', () => {
      const config = sut(baseConfigSpec('identity'), fakeEnv());
      expect(config).toEqual({
        NODE_ENV: 'development',
        LOG_LEVEL: 'info',
        PORT: SERVICE_DEFAULT_PORTS.identity,
        DATABASE_URL: 'postgres://postgres:postgres@127.0.0.1:5432/realty',
        REDIS_URL: 'redis://127.0.0.1:6379',
        JWT_PUBLIC_KEY: keys.publicKey,
        PUBLIC_URL: 'http://localhost:8080',
        QUEUE_PREFIX: 'realty',
        TRUSTED_PROXIES: 'loopback',
        HOST: '0.0.0.0',
        RPC_TIMEOUT_MS: 3000,
        DATABASE_POOL_SIZE: 10,
        DATABASE_ACQUIRE_TIMEOUT_MS: 3000,
        DATABASE_STATEMENT_TIMEOUT_MS: 30_000,
        DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: 60_000,
        REDIS_COMMAND_TIMEOUT_MS: 1000,
      });
    });

    it('takes the pool and timeout settings as whole numbers in their ranges and names a bad one', () => {
      const config = sut(
        baseConfigSpec('identity'),
        fakeEnv({ DATABASE_POOL_SIZE: '1', DATABASE_ACQUIRE_TIMEOUT_MS: '500', REDIS_COMMAND_TIMEOUT_MS: '250' }),
      );
      expect([config.DATABASE_POOL_SIZE, config.DATABASE_ACQUIRE_TIMEOUT_MS, config.REDIS_COMMAND_TIMEOUT_MS]).toEqual([1, 500, 250]);
      expect(() => sut(baseConfigSpec('identity'), fakeEnv({ DATABASE_POOL_SIZE: '0' }))).toThrow(
        'DATABASE_POOL_SIZE must be a whole number from 1 to 200, got "0"',
      );
      expect(() => sut(baseConfigSpec('identity'), fakeEnv({ DATABASE_STATEMENT_TIMEOUT_MS: 'soon' }))).toThrow(
        'DATABASE_STATEMENT_TIMEOUT_MS must be a whole number',
      );
    });

    it('takes RPC_TIMEOUT_MS as whole milliseconds from 100 to 60000 and names it otherwise', () => {
      expect(sut(baseConfigSpec('identity'), fakeEnv({ RPC_TIMEOUT_MS: '1500' })).RPC_TIMEOUT_MS).toBe(1500);
      for (const bad of ['1.5', 'soon', '50', '60001', '-3']) {
        expect(() => sut(baseConfigSpec('identity'), fakeEnv({ RPC_TIMEOUT_MS: bad }))).toThrow(
          `RPC_TIMEOUT_MS must be a whole number from 100 to 60000, got "${bad}"`,
        );
      }
    });

    it.each(SERVICE_NAMES.map((s) => [s]))('defaults PORT of %s to its SERVICE_DEFAULT_PORTS entry', (service) => {
      expect(sut(baseConfigSpec(service), fakeEnv()).PORT).toBe(SERVICE_DEFAULT_PORTS[service]);
    });

    it('treats an empty optional variable as unset', () => {
      const config = sut(baseConfigSpec('identity'), fakeEnv({ PORT: '', LOG_LEVEL: '', QUEUE_PREFIX: '' }));
      expect(config.PORT).toBe(SERVICE_DEFAULT_PORTS.identity);
      expect(config.LOG_LEVEL).toBe('info');
      expect(config.QUEUE_PREFIX).toBe('realty');
    });

    it('takes the values it is given', () => {
      const config = sut(
        baseConfigSpec('transactions'),
        fakeEnv({
          NODE_ENV: 'production',
          LOG_LEVEL: 'warn',
          PORT: '0',
          DATABASE_URL: 'postgresql://db.internal/realty',
          REDIS_URL: 'rediss://cache.internal:6380',
          PUBLIC_URL: 'https://realty.example',
          QUEUE_PREFIX: 'test-42',
        }),
      );
      expect(config).toMatchObject({
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        PORT: 0,
        DATABASE_URL: 'postgresql://db.internal/realty',
        REDIS_URL: 'rediss://cache.internal:6380',
        PUBLIC_URL: 'https://realty.example',
        QUEUE_PREFIX: 'test-42',
      });
    });

    it('turns escaped \\n in a one-line PEM into line breaks', () => {
      const oneLine = keys.publicKey.replace(/\n/g, '\\n');
      expect(oneLine).not.toContain('\n');
      expect(sut(baseConfigSpec('identity'), fakeEnv({ JWT_PUBLIC_KEY: oneLine })).JWT_PUBLIC_KEY).toBe(keys.publicKey);
    });

    it('reads nothing but the source it is given', () => {
      const spec = { ONLY_IN_PROCESS_ENV: env.string('fallback') };
      process.env.ONLY_IN_PROCESS_ENV = 'from process.env';
      try {
        expect(sut(spec, {}).ONLY_IN_PROCESS_ENV).toBe('fallback');
      } finally {
        delete process.env.ONLY_IN_PROCESS_ENV;
      }
    });
  });

  describe('problems', () => {
    it('names a missing DATABASE_URL and what it expects', () => {
      expect(problemsOf(fakeEnv({ DATABASE_URL: undefined }))).toBe('DATABASE_URL is missing (expected postgres://...)');
    });

    it('counts a blank value as missing', () => {
      expect(problemsOf(fakeEnv({ DATABASE_URL: '   ' }))).toBe('DATABASE_URL is missing (expected postgres://...)');
    });

    it('refuses a URL of the wrong protocol', () => {
      expect(problemsOf(fakeEnv({ DATABASE_URL: 'mysql://127.0.0.1/realty' }))).toBe(
        'DATABASE_URL must start with postgres:// or postgresql://',
      );
      expect(problemsOf(fakeEnv({ REDIS_URL: 'http://127.0.0.1:6379' }))).toBe('REDIS_URL must start with redis:// or rediss://');
    });

    it('refuses something that is not a URL', () => {
      expect(problemsOf(fakeEnv({ REDIS_URL: 'localhost:6379 please' }))).toMatch(/^REDIS_URL /);
      expect(problemsOf(fakeEnv({ DATABASE_URL: 'not a url' }))).toBe('DATABASE_URL is not a valid URL (expected postgres://...)');
    });

    it.each(['abc', '-1', '65536', '80.5', '3e99'])('refuses PORT=%s', (raw) => {
      expect(problemsOf(fakeEnv({ PORT: raw }))).toBe(`PORT must be a port number between 0 and 65535, got "${raw}"`);
    });

    it('refuses a JWT_PUBLIC_KEY that is not a PEM public key', () => {
      expect(problemsOf(fakeEnv({ JWT_PUBLIC_KEY: 'secret' }))).toBe(
        'JWT_PUBLIC_KEY is not a PEM public key (expected -----BEGIN PUBLIC KEY-----)',
      );
    });

    it('refuses a private key where the public key belongs', () => {
      expect(problemsOf(fakeEnv({ JWT_PUBLIC_KEY: keys.privateKey }))).toMatch(/^JWT_PUBLIC_KEY is not a PEM public key/);
    });

    it('names a missing JWT_PUBLIC_KEY', () => {
      expect(problemsOf(fakeEnv({ JWT_PUBLIC_KEY: undefined }))).toBe('JWT_PUBLIC_KEY is missing (expected a PEM public key)');
    });

    it('checks an extra PEM private key (identity signs tokens)', () => {
      const spec = { ...baseConfigSpec('identity'), JWT_PRIVATE_KEY: env.pem('PRIVATE KEY') };
      expect(problemsOf(fakeEnv({ JWT_PRIVATE_KEY: keys.publicKey }), spec)).toBe(
        'JWT_PRIVATE_KEY is not a PEM private key (expected -----BEGIN PRIVATE KEY-----)',
      );
      expect(sut(spec, fakeEnv({ JWT_PRIVATE_KEY: keys.privateKey })).JWT_PRIVATE_KEY).toBe(keys.privateKey);
    });

    it('refuses a value outside a fixed list', () => {
      expect(problemsOf(fakeEnv({ LOG_LEVEL: 'verbose' }))).toBe(
        'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "verbose"',
      );
      expect(problemsOf(fakeEnv({ NODE_ENV: 'staging' }))).toMatch(/^NODE_ENV must be one of development, production, test/);
    });

    it('collects every problem into one line that names each bad variable', () => {
      const message = problemsOf({ PORT: 'eighty', REDIS_URL: 'http://cache', JWT_PUBLIC_KEY: 'nope', LOG_LEVEL: 'loud' });
      expect(message).not.toContain('\n');
      for (const name of ['LOG_LEVEL', 'PORT', 'DATABASE_URL', 'REDIS_URL', 'JWT_PUBLIC_KEY']) expect(message).toContain(name);
      expect(message.split('; ')).toHaveLength(5);
      expect(message).toContain('DATABASE_URL is missing (expected postgres://...)');
      for (const fine of ['NODE_ENV', 'PUBLIC_URL', 'QUEUE_PREFIX']) expect(message).not.toContain(fine);
    });

    it('refuses an empty environment naming each required variable', () => {
      expect(problemsOf({})).toBe(
        [
          'DATABASE_URL is missing (expected postgres://...)',
          'REDIS_URL is missing (expected redis://...)',
          'JWT_PUBLIC_KEY is missing (expected a PEM public key)',
        ].join('; '),
      );
    });

    it('lets errors other than configuration problems through', () => {
      const boom = new TypeError('reader bug');
      const spec = {
        BROKEN: () => {
          throw boom;
        },
      };
      expect(() => sut(spec, {})).toThrow(boom);
    });
  });
});
