import type { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import type { Redis } from 'ioredis';
import type { Server, ServerOptions } from 'socket.io';
import { socketPathOf, type ServiceName } from '@app/contracts';
import { createBlockingRedis } from '@app/platform';

/** The service's socket.io stream, shared by every replica (and its worker's publisher); the prefix isolates installs and test runs. */
export function realtimeStreamName(prefix: string, service: ServiceName): string {
  return `${prefix}:socket.io:${service}`;
}

/** The Redis Streams adapter of a service's sockets, shared by its gateway(s) and its detached publishers. */
export function realtimeStreamsAdapter(redis: Redis, prefix: string, service: ServiceName) {
  // A short block time lets a stopping replica release its stream reader within a second.
  return createAdapter(redis, { streamName: realtimeStreamName(prefix, service), blockTimeInMs: 1000 });
}

/** How long a dropped client gets back the packets it missed on reconnect (connection state recovery). */
export const RECOVERY_WINDOW_MS = 2 * 60 * 1000;

/** socket.io options of a service's server: its edge path (socketPathOf), connection state recovery, credentials. */
export function realtimeSocketOptions(service: ServiceName): Partial<ServerOptions> {
  return {
    path: socketPathOf(service),
    connectionStateRecovery: { maxDisconnectionDuration: RECOVERY_WINDOW_MS, skipMiddlewares: false },
    cors: { origin: true, credentials: true },
  };
}

/** socket.io on the service's HTTP server at socketPathOf(service), fanned out across replicas through Redis Streams. */
export class RedisStreamsIoAdapter extends IoAdapter {
  private redis?: Redis;

  constructor(
    app: INestApplicationContext,
    private readonly redisUrl: string,
    private readonly prefix: string,
    private readonly service: ServiceName,
  ) {
    super(app);
  }

  createIOServer(port: number, options?: ServerOptions): Server {
    const server: Server = super.createIOServer(port, { ...options, ...realtimeSocketOptions(this.service) });
    // Its own connection: the stream reader blocks (XREAD BLOCK), which a request-path connection's
    // command timeout would cut short.
    this.redis ??= createBlockingRedis(this.redisUrl, `${this.service}:socket.io`);
    server.adapter(realtimeStreamsAdapter(this.redis, this.prefix, this.service));
    return server;
  }

  override async close(server: Parameters<IoAdapter['close']>[0]): Promise<void> {
    await super.close(server);
    await this.redis?.quit().catch(() => this.redis?.disconnect());
    this.redis = undefined;
  }
}
