import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { type Job, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { SERVICE_CONFIG, createBlockingRedis } from '@app/platform';
import type { TransactionsConfig } from '../../transactions.config';
import { TaskWriter } from '../task-writer';
import { DueDatesQueue, RECOMPUTE_TEAM_DUE_DATES, type RecomputeTeamDueDatesJob } from './due-dates.queue';
import { TeamCalendarRepository } from './team-calendar.repository';

/** Open tasks moved per database transaction. */
export const DUE_DATES_CHUNK = 5_000;

/**
 * Runs `recompute-team-due-dates` in the transactions worker: the team's open dated tasks, 5,000 per
 * database transaction, moved off its blackout days as stored now (so a job of an older revision
 * applies the newest calendar, and a retried job moves nothing twice). On start it queues every
 * calendar stored but not applied yet.
 */
@Injectable()
export class RecomputeTeamDueDatesWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(RecomputeTeamDueDatesWorker.name);
  private connection?: Redis;
  private worker?: Worker<RecomputeTeamDueDatesJob>;

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: TransactionsConfig,
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly calendars: TeamCalendarRepository,
    private readonly queue: DueDatesQueue,
    private readonly writer: TaskWriter,
  ) {}

  async onApplicationBootstrap() {
    this.connection = createBlockingRedis(this.config.REDIS_URL, 'transactions:due-dates-worker');
    this.worker = new Worker<RecomputeTeamDueDatesJob>(RECOMPUTE_TEAM_DUE_DATES, (job) => this.run(job), {
      connection: this.connection,
      prefix: this.config.QUEUE_PREFIX,
      concurrency: 1,
    });
    this.worker.on('failed', (job, error) =>
      this.logger.warn(`${RECOMPUTE_TEAM_DUE_DATES} ${job?.id} failed (attempt ${job?.attemptsMade}): ${error.message}`),
    );
    this.worker.on('error', (error) => this.logger.error(`${RECOMPUTE_TEAM_DUE_DATES} worker: ${error.message}`));
    for (const calendar of await this.calendars.unapplied()) await this.queue.enqueue(calendar.team_id, calendar.revision);
  }

  async run(job: Pick<Job<RecomputeTeamDueDatesJob>, 'data'>): Promise<{ moved: number }> {
    const { team_id: teamId } = job.data;
    // The revision read first is the one this run applies in full (a newer one queues its own job).
    const revision = await this.calendars.revisionOf(teamId);
    if (revision === null) return { moved: 0 };
    let after = 0;
    let moved = 0;
    for (;;) {
      const chunk = await this.dataSource.transaction((manager) => this.writer.redueTeamChunk(manager, teamId, after, DUE_DATES_CHUNK));
      moved += chunk.moved;
      if (chunk.lastTaskId === null) break;
      after = chunk.lastTaskId;
    }
    await this.calendars.markApplied(teamId, revision);
    return { moved };
  }

  async onApplicationShutdown() {
    await this.worker?.close();
    await this.connection?.quit().catch(() => this.connection?.disconnect());
  }
}
