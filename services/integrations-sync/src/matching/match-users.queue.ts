import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { Queue, QueueEvents } from 'bullmq';
import type { Redis } from 'ioredis';
import type { EntityManager } from 'typeorm';
import { EventOutbox } from '@app/events';
import { SERVICE_CONFIG, createBlockingRedis } from '@app/platform';
import type { IntegrationsSyncConfig } from '../integrations-sync.config';
import { JOB_QUEUES } from '@app/contracts';

export const SKYSLOPE_MATCH_USERS = JOB_QUEUES.skyslopeMatchUsers;

export interface MatchUsersJobData {
  team_id: number;
  /** What asked for it: on demand, the nightly run, or a user's change (their id). */
  reason: 'on-demand' | 'nightly' | 'user-changed';
  agent_id?: number;
}

/**
 * Queues `skyslope-match-users`, one job per team at a time: its job id is the team's, so a request while a
 * run is queued or running joins that run. The worker (MatchUsersWorker) runs it.
 */
@Injectable()
export class MatchUsersQueue implements OnApplicationShutdown {
  private connection?: Redis;
  private queue?: Queue<MatchUsersJobData>;
  private events?: QueueEvents;

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: IntegrationsSyncConfig,
    private readonly outbox: EventOutbox,
  ) {}

  queueOf(): Queue<MatchUsersJobData> {
    if (!this.queue) {
      this.connection = createBlockingRedis(this.config.REDIS_URL, 'integrations-sync:match-users');
      this.queue = new Queue<MatchUsersJobData>(SKYSLOPE_MATCH_USERS, { connection: this.connection, prefix: this.config.QUEUE_PREFIX });
    }
    return this.queue;
  }

  private jobOptionsOf(data: MatchUsersJobData) {
    return {
      jobId: `team-${data.team_id}`,
      attempts: 3,
      backoff: { type: 'exponential', delay: 2_000 },
      // Gone once finished, so the next request queues a new run.
      removeOnComplete: true,
      removeOnFail: true,
    };
  }

  /** Queues (or joins) the team's run now: on demand and the nightly fan-out, which change nothing first. */
  async enqueue(data: MatchUsersJobData) {
    return this.queueOf().add(SKYSLOPE_MATCH_USERS, data, this.jobOptionsOf(data));
  }

  /** The team's run, written in the caller's transaction (a user's change stored): the relay queues it once that commits. */
  async enqueueInTransaction(manager: EntityManager, data: MatchUsersJobData): Promise<void> {
    await this.outbox.enqueue(manager, SKYSLOPE_MATCH_USERS, SKYSLOPE_MATCH_USERS, data, this.jobOptionsOf(data), {
      team_id: data.team_id,
    });
  }

  /** Queues (or joins) the team's run and waits for it up to `waitMs`: 'done', or 'running' when it takes longer. */
  async runAndWait(teamId: number, waitMs: number): Promise<'done' | 'running'> {
    this.events ??= new QueueEvents(SKYSLOPE_MATCH_USERS, {
      connection: createBlockingRedis(this.config.REDIS_URL, 'integrations-sync:match-users-events'),
      prefix: this.config.QUEUE_PREFIX,
    });
    await this.events.waitUntilReady();
    const job = await this.enqueue({ team_id: teamId, reason: 'on-demand' });
    try {
      await job.waitUntilFinished(this.events, waitMs);
      return 'done';
    } catch (error) {
      if (/timed out/i.test((error as Error).message)) return 'running';
      throw error;
    }
  }

  async onApplicationShutdown() {
    await this.events?.close();
    await this.queue?.close();
    await this.connection?.quit().catch(() => this.connection?.disconnect());
  }
}
