import type { ServiceName } from '@app/contracts';

export const RPC_OPTIONS = Symbol('RPC_OPTIONS');

export interface RpcOptions {
  /** The calling (or answering) service, for logs and connection names. */
  service: ServiceName;
  redisUrl: string;
  /** Namespace of the channels, like the BullMQ prefix: tests give each suite its own. */
  queuePrefix: string;
  /** How long a caller waits for an answer. */
  timeoutMs?: number;
}

/** ioredis options from a redis:// URL (the Redis transport takes options, not a URL). */
export function redisOptionsOf(url: string, connectionName: string) {
  const parsed = new URL(url);
  const db = parsed.pathname.replace(/^\//, '');
  return {
    host: parsed.hostname,
    port: Number(parsed.port || 6379),
    username: parsed.username ? decodeURIComponent(parsed.username) : undefined,
    password: parsed.password ? decodeURIComponent(parsed.password) : undefined,
    db: db ? Number(db) : undefined,
    tls: parsed.protocol === 'rediss:' ? {} : undefined,
    connectionName,
    // Keep trying while Redis restarts; a caller's timeout covers the wait.
    retryAttempts: Number.MAX_SAFE_INTEGER,
    retryDelay: 500,
  };
}

/** The Redis channel of a pattern within a namespace. */
export function rpcChannelOf(prefix: string, pattern: string): string {
  return `${prefix}:rpc:${pattern}`;
}
