import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { DISPLAY_NAMESPACE, type DisplayDataPush } from '@app/contracts';
import { SERVICE_CONFIG, type ServiceConfig } from '@app/platform';
import { DetachedEmitter } from '@app/realtime';
import { AgentsRepository } from '../agents/agents.repository';

export const teamRoom = (teamId: number) => `team:${teamId}`;
/** The room of a Display Mode key (displayKeyOf): the TVs showing that slide, scope and range. */
export const dataRoom = (key: string) => `data:${key}`;

/**
 * Pushes Display Mode data to a team's room from any process (API or worker): a detached
 * socket.io server whose Redis Streams adapter hands the packet to every replica's sockets.
 */
@Injectable()
export class DisplayPublisher implements OnApplicationShutdown {
  private readonly emitter: DetachedEmitter;

  constructor(
    @Inject(SERVICE_CONFIG) config: ServiceConfig,
    private readonly agents: AgentsRepository,
  ) {
    this.emitter = new DetachedEmitter({
      redisUrl: config.REDIS_URL,
      prefix: config.QUEUE_PREFIX,
      service: 'transactions',
      connectionName: 'transactions:display-publisher',
    });
  }

  private namespace() {
    return this.emitter.of(DISPLAY_NAMESPACE);
  }

  async rosterPayload(teamId: number) {
    return { team_id: teamId, agents: await this.agents.rosterOf(teamId), updated_at: new Date().toISOString() };
  }

  async pushRoster(teamId: number): Promise<void> {
    this.namespace()
      .to(teamRoom(teamId))
      .emit('display:agents', await this.rosterPayload(teamId));
  }

  /** Fresh figures to the TVs following a key, on every gateway replica. */
  async pushData(key: string, payload: DisplayDataPush): Promise<void> {
    this.namespace().to(dataRoom(key)).emit('display:data', payload);
  }

  async onApplicationShutdown() {
    await this.emitter.close();
  }
}
