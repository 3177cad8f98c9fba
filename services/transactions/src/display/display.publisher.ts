import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { Server } from 'socket.io';
import { DISPLAY_NAMESPACE, type DisplayDataPush } from '@app/contracts';
import { createRedis, SERVICE_CONFIG, type ServiceConfig } from '@app/platform';
import { AgentsRepository } from '../agents/agents.repository';
import { displayStreamsAdapter } from './redis-streams-io.adapter';

export const teamRoom = (teamId: number) => `team:${teamId}`;
/** The room of a Display Mode key (displayKeyOf): the TVs showing that slide, scope and range. */
export const dataRoom = (key: string) => `data:${key}`;

/**
 * Pushes Display Mode data to a team's room from any process (API or worker): a detached
 * socket.io server whose Redis Streams adapter hands the packet to every replica's sockets.
 */
@Injectable()
export class DisplayPublisher implements OnApplicationShutdown {
  private emitter?: Server;
  private redis?: ReturnType<typeof createRedis>;

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: ServiceConfig,
    private readonly agents: AgentsRepository,
  ) {}

  private namespace() {
    if (!this.emitter) {
      this.redis = createRedis(this.config.REDIS_URL, 'transactions:display-publisher');
      this.emitter = new Server({ adapter: displayStreamsAdapter(this.redis, this.config.QUEUE_PREFIX) });
    }
    return this.emitter.of(DISPLAY_NAMESPACE);
  }

  async rosterPayload(teamId: number) {
    return { team_id: teamId, agents: await this.agents.rosterOf(teamId), updated_at: new Date().toISOString() };
  }

  async pushRoster(teamId: number): Promise<void> {
    this.namespace().to(teamRoom(teamId)).emit('display:agents', await this.rosterPayload(teamId));
  }

  /** Fresh figures to the TVs following a key, on every gateway replica. */
  async pushData(key: string, payload: DisplayDataPush): Promise<void> {
    this.namespace().to(dataRoom(key)).emit('display:data', payload);
  }

  async onApplicationShutdown() {
    // A detached server has no engine to close: closing each namespace adapter stops the stream polling.
    for (const namespace of this.emitter?._nsps.values() ?? []) namespace.adapter.close();
    await this.redis?.quit().catch(() => this.redis?.disconnect());
  }
}
