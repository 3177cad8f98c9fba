import type { Redis } from 'ioredis';
import { Server, type Namespace } from 'socket.io';
import type { EventsMap } from 'socket.io/dist/typed-events';
import type { ServiceName } from '@app/contracts';
import { createBlockingRedis } from '@app/platform';
import { realtimeStreamsAdapter } from './streams-io.adapter';

/**
 * Emits to a service's sockets from any process (API or worker), with no HTTP server of its own: a
 * detached socket.io server whose Redis Streams adapter hands each packet to every gateway replica,
 * which delivers it to its connected sockets in the addressed rooms. Redis is connected on first use.
 */
export class DetachedEmitter {
  private server?: Server;
  private redis?: Redis;

  constructor(private readonly options: { redisUrl: string; prefix: string; service: ServiceName; connectionName?: string }) {}

  /** The namespace to emit on (`.to(room).emit(...)`), typed by its server -> client events. */
  of<ServerEvents extends EventsMap = EventsMap>(namespace: string): Namespace<EventsMap, ServerEvents> {
    if (!this.server) {
      const { redisUrl, prefix, service, connectionName } = this.options;
      this.redis = createBlockingRedis(redisUrl, connectionName ?? `${service}:realtime-publisher`);
      this.server = new Server({ adapter: realtimeStreamsAdapter(this.redis, prefix, service) });
    }
    return this.server.of(namespace) as unknown as Namespace<EventsMap, ServerEvents>;
  }

  async close(): Promise<void> {
    // A detached server has no engine to close: closing each namespace adapter stops the stream polling.
    for (const namespace of this.server?._nsps.values() ?? []) namespace.adapter.close();
    await this.redis?.quit().catch(() => this.redis?.disconnect());
    this.server = undefined;
    this.redis = undefined;
  }
}
