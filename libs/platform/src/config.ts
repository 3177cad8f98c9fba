import type { ServiceName } from '@app/contracts';
import { RPC_DEFAULT_TIMEOUT_MS, SERVICE_DEFAULT_PORTS } from '@app/contracts';

/** Thrown when the environment cannot run the service; the message is one line and names the variable. */
export class ConfigError extends Error {}

type Reader<T> = (name: string, raw: string | undefined) => T;

function requireValue(name: string, raw: string | undefined, hint: string): string {
  if (raw === undefined || raw.trim() === '') throw new ConfigError(`${name} is missing (expected ${hint})`);
  return raw.trim();
}

export const env = {
  url:
    (protocols: string[]): Reader<string> =>
    (name, raw) => {
      const value = requireValue(name, raw, `${protocols[0]}://...`);
      let parsed: URL;
      try {
        parsed = new URL(value);
      } catch {
        throw new ConfigError(`${name} is not a valid URL (expected ${protocols[0]}://...)`);
      }
      if (!protocols.includes(parsed.protocol.replace(/:$/, ''))) {
        throw new ConfigError(`${name} must start with ${protocols.map((p) => p + '://').join(' or ')}`);
      }
      return value;
    },
  port:
    (fallback: number): Reader<number> =>
    (name, raw) => {
      if (raw === undefined || raw === '') return fallback;
      const port = Number(raw);
      if (!Number.isInteger(port) || port < 0 || port > 65535) {
        throw new ConfigError(`${name} must be a port number between 0 and 65535, got "${raw}"`);
      }
      return port;
    },
  pem:
    (kind: 'PUBLIC KEY' | 'PRIVATE KEY'): Reader<string> =>
    (name, raw) => {
      const value = requireValue(name, raw, `a PEM ${kind.toLowerCase()}`).replace(/\\n/g, '\n');
      if (!value.includes(`-----BEGIN ${kind}-----`)) {
        throw new ConfigError(`${name} is not a PEM ${kind.toLowerCase()} (expected -----BEGIN ${kind}-----)`);
      }
      return value;
    },
  oneOf:
    <T extends string>(values: readonly T[], fallback: T): Reader<T> =>
    (name, raw) => {
      if (raw === undefined || raw === '') return fallback;
      if (!values.includes(raw as T)) throw new ConfigError(`${name} must be one of ${values.join(', ')}, got "${raw}"`);
      return raw as T;
    },
  int:
    (fallback: number, min: number, max: number): Reader<number> =>
    (name, raw) => {
      if (raw === undefined || raw === '') return fallback;
      const value = Number(raw);
      if (!/^\d+$/.test(raw.trim()) || value < min || value > max) {
        throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
      }
      return value;
    },
  string:
    (fallback?: string): Reader<string> =>
    (name, raw) => {
      if (raw === undefined || raw === '') {
        if (fallback === undefined) throw new ConfigError(`${name} is missing`);
        return fallback;
      }
      return raw;
    },
};

type Spec = Record<string, Reader<unknown>>;
type FromSpec<S extends Spec> = { [K in keyof S]: S[K] extends Reader<infer T> ? T : never };

/** Reads every variable of the spec and reports all problems at once, in one line. */
export function readConfig<S extends Spec>(spec: S, source: NodeJS.ProcessEnv = process.env): FromSpec<S> {
  const problems: string[] = [];
  const result: Record<string, unknown> = {};
  for (const [name, reader] of Object.entries(spec)) {
    try {
      result[name] = reader(name, source[name]);
    } catch (error) {
      if (error instanceof ConfigError) problems.push(error.message);
      else throw error;
    }
  }
  if (problems.length) throw new ConfigError(problems.join('; '));
  return result as FromSpec<S>;
}

/** Settings every service needs. */
export function baseConfigSpec(service: ServiceName) {
  return {
    NODE_ENV: env.oneOf(['development', 'production', 'test'] as const, 'development'),
    LOG_LEVEL: env.oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const, 'info'),
    PORT: env.port(SERVICE_DEFAULT_PORTS[service]),
    DATABASE_URL: env.url(['postgres', 'postgresql']),
    REDIS_URL: env.url(['redis', 'rediss']),
    JWT_PUBLIC_KEY: env.pem('PUBLIC KEY'),
    PUBLIC_URL: env.string('http://localhost:8080'),
    QUEUE_PREFIX: env.string('realty'),
    /**
     * Who may set X-Forwarded-For: proxy-addr names (loopback, linklocal, uniquelocal), IPs or CIDRs,
     * comma-separated. Locally the edge (loopback); in Kubernetes the ingress's pod network.
     */
    TRUSTED_PROXIES: env.string('loopback'),
    /** Interface the HTTP server listens on (npm start: 127.0.0.1; containers: 0.0.0.0). */
    HOST: env.string('0.0.0.0'),
    /** How long an RPC caller waits for the owner's answer (ms). */
    RPC_TIMEOUT_MS: env.int(RPC_DEFAULT_TIMEOUT_MS, 100, 60_000),
    /** Postgres connections per process (the integration suites run with 1, so a nested acquisition fails at once). */
    DATABASE_POOL_SIZE: env.int(10, 1, 200),
    /** How long a query waits for a free pooled connection before the request answers 503 (ms). */
    DATABASE_ACQUIRE_TIMEOUT_MS: env.int(3000, 100, 120_000),
    /** Postgres statement_timeout of the service's connections (ms). */
    DATABASE_STATEMENT_TIMEOUT_MS: env.int(30_000, 100, 3_600_000),
    /** Postgres idle_in_transaction_session_timeout of the service's connections (ms). */
    DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: env.int(60_000, 100, 3_600_000),
    /** How long a request-path Redis command (revocation check, rate limit) may take before a 503 (ms). */
    REDIS_COMMAND_TIMEOUT_MS: env.int(1000, 50, 60_000),
  };
}

export type BaseConfig = FromSpec<ReturnType<typeof baseConfigSpec>>;

export interface ServiceConfig extends BaseConfig {
  service: ServiceName;
  [key: string]: unknown;
}

export const SERVICE_CONFIG = Symbol('SERVICE_CONFIG');

/** Ends the process with one line naming the configuration problem (exit code 78, EX_CONFIG). */
export function refuseToStart(service: string, reason: string): never {
  process.stderr.write(`[${service}] refusing to start: ${reason}\n`);
  process.exit(78);
}

/** Loads the service's config or exits with a one-line reason, before anything else starts. */
export function loadServiceConfigOrExit<S extends Spec>(
  service: ServiceName,
  extra: S = {} as S,
): BaseConfig & FromSpec<S> & { service: ServiceName } {
  try {
    return { service, ...readConfig({ ...baseConfigSpec(service), ...extra }) } as BaseConfig & FromSpec<S> & { service: ServiceName };
  } catch (error) {
    if (error instanceof ConfigError) refuseToStart(service, error.message);
    throw error;
  }
}
