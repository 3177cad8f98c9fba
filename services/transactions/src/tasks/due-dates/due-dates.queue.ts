import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { EntityManager } from 'typeorm';
import { EventOutbox } from '@app/events';
import { SERVICE_CONFIG, createBlockingRedis } from '@app/platform';
import type { TransactionsConfig } from '../../transactions.config';
import { JOB_QUEUES } from '@app/contracts';

export const RECOMPUTE_TEAM_DUE_DATES = JOB_QUEUES.recomputeTeamDueDates;

export interface RecomputeTeamDueDatesJob {
  team_id: number;
  revision: number;
}

/**
 * Queues `recompute-team-due-dates`; the transactions worker runs it (RecomputeTeamDueDatesWorker). A calendar
 * stored by an event writes its job in that transaction (enqueueInTransaction, through the outbox); the
 * worker's start-up sweep of unapplied calendars queues directly (it changes nothing to lose).
 */
@Injectable()
export class DueDatesQueue implements OnApplicationShutdown {
  private connection?: Redis;
  private queue?: Queue<RecomputeTeamDueDatesJob>;

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: TransactionsConfig,
    private readonly outbox: EventOutbox,
  ) {}

  /** Opened on first use, so processes that never queue hold no connection. */
  private queueOf(): Queue<RecomputeTeamDueDatesJob> {
    if (!this.queue) {
      this.connection = createBlockingRedis(this.config.REDIS_URL, 'transactions:due-dates');
      this.queue = new Queue<RecomputeTeamDueDatesJob>(RECOMPUTE_TEAM_DUE_DATES, {
        connection: this.connection,
        prefix: this.config.QUEUE_PREFIX,
      });
    }
    return this.queue;
  }

  /** One job per team and calendar revision (queued twice, it runs once); retried with backoff. */
  private jobOptionsOf(teamId: number, revision: number) {
    return {
      jobId: `team-${teamId}-r${revision}`,
      attempts: 8,
      backoff: { type: 'exponential', delay: 1000 },
      removeOnComplete: { age: 24 * 3600, count: 1000 },
      removeOnFail: { age: 7 * 24 * 3600 },
    };
  }

  /** Queues now (the start-up sweep). */
  async enqueue(teamId: number, revision: number): Promise<void> {
    await this.queueOf().add(RECOMPUTE_TEAM_DUE_DATES, { team_id: teamId, revision }, this.jobOptionsOf(teamId, revision));
  }

  /** Writes the job in the caller's transaction (the calendar's): the relay queues it once that commits. */
  async enqueueInTransaction(manager: EntityManager, teamId: number, revision: number): Promise<void> {
    await this.outbox.enqueue(
      manager,
      RECOMPUTE_TEAM_DUE_DATES,
      RECOMPUTE_TEAM_DUE_DATES,
      { team_id: teamId, revision },
      this.jobOptionsOf(teamId, revision),
      { team_id: teamId },
    );
  }

  async onApplicationShutdown() {
    await this.queue?.close();
    await this.connection?.quit().catch(() => this.connection?.disconnect());
  }
}
