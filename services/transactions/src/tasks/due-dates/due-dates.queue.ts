import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { SERVICE_CONFIG, createBlockingRedis } from '@app/platform';
import type { TransactionsConfig } from '../../transactions.config';
import { JOB_QUEUES } from '@app/contracts';

export const RECOMPUTE_TEAM_DUE_DATES = JOB_QUEUES.recomputeTeamDueDates;

export interface RecomputeTeamDueDatesJob {
  team_id: number;
  revision: number;
}

/** Queues `recompute-team-due-dates`; the transactions worker runs it (RecomputeTeamDueDatesWorker). */
@Injectable()
export class DueDatesQueue implements OnApplicationShutdown {
  private connection?: Redis;
  private queue?: Queue<RecomputeTeamDueDatesJob>;

  constructor(@Inject(SERVICE_CONFIG) private readonly config: TransactionsConfig) {}

  /** Opened on first use, so processes that never queue hold no connection. */
  private queueOf(): Queue<RecomputeTeamDueDatesJob> {
    if (!this.queue) {
      this.connection = createBlockingRedis(this.config.REDIS_URL, 'transactions:due-dates');
      this.queue = new Queue<RecomputeTeamDueDatesJob>(RECOMPUTE_TEAM_DUE_DATES, { connection: this.connection, prefix: this.config.QUEUE_PREFIX });
    }
    return this.queue;
  }

  /** One job per team and calendar revision (queued twice, it runs once); retried with backoff. */
  async enqueue(teamId: number, revision: number): Promise<void> {
    await this.queueOf().add(
      RECOMPUTE_TEAM_DUE_DATES,
      { team_id: teamId, revision },
      {
        jobId: `team-${teamId}-r${revision}`,
        attempts: 8,
        backoff: { type: 'exponential', delay: 1000 },
        removeOnComplete: { age: 24 * 3600, count: 1000 },
        removeOnFail: { age: 7 * 24 * 3600 },
      },
    );
  }

  async onApplicationShutdown() {
    await this.queue?.close();
    await this.connection?.quit().catch(() => this.connection?.disconnect());
  }
}
