import type { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import type { Redis } from 'ioredis';
import type { Server, ServerOptions } from 'socket.io';
import { socketPathOf } from '@app/contracts';

/** Stream shared by every replica (and the worker's emitter); the prefix isolates installs and test runs. */
export function displayStreamName(prefix: string): string {
  return `${prefix}:socket.io:transactions`;
}

/** The Redis Streams adapter of the display namespace, shared by the gateway and the worker's publisher. */
export function displayStreamsAdapter(redis: Redis, prefix: string) {
  // A short block time lets a stopping replica release its stream reader within a second.
  return createAdapter(redis, { streamName: displayStreamName(prefix), blockTimeInMs: 1000 });
}

export const SOCKET_OPTIONS: Partial<ServerOptions> = {
  path: socketPathOf('transactions'),
  // A TV that drops off for up to two minutes gets the packets it missed on reconnect.
  connectionStateRecovery: { maxDisconnectionDuration: 2 * 60 * 1000, skipMiddlewares: false },
  cors: { origin: true, credentials: true },
};

/** socket.io on the service's HTTP server, fanned out across replicas through Redis Streams. */
export class RedisStreamsIoAdapter extends IoAdapter {
  constructor(
    app: INestApplicationContext,
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {
    super(app);
  }

  createIOServer(port: number, options?: ServerOptions): Server {
    const server: Server = super.createIOServer(port, { ...options, ...SOCKET_OPTIONS });
    server.adapter(displayStreamsAdapter(this.redis, this.prefix));
    return server;
  }
}
