import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Queue, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { JOB_QUEUES } from '@app/contracts';
import { SERVICE_CONFIG, createBlockingRedis } from '@app/platform';
import type { EsignConfig } from '../esign.config';
import { RequestProviders } from '../provider/request-providers';
import { RequestsRepository } from './requests.repository';

export const POLL_REQUESTS = JOB_QUEUES.esignPollRequests;
/** Open requests read per page of the walk. */
const PAGE = 200;

type PollJob = { kind: 'walk' } | { kind: 'request'; esig_request_id: number };

/**
 * The job scheduler esign-poll-requests (every ESIGN_POLL_INTERVAL_SECONDS, 60 s by default) walks the open
 * requests in pages and queues one job per request, deduplicated by a job id of the request and the tick, so two
 * workers or a repeated tick do the work once. The request job runs the refresh of the request's provider: the own
 * engine's expiry (E, links dead, the sender mailed), failed invitations resent at 1, 5 and 15 minutes and a seal job
 * queued again if it was lost; DocuSeal's submission read back (statuses, audit events, the completed document).
 */
@Injectable()
export class PollRequestsJob implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(PollRequestsJob.name);
  private connection?: Redis;
  private queue?: Queue<PollJob>;
  private worker?: Worker<PollJob>;

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: EsignConfig,
    private readonly requests: RequestsRepository,
    private readonly providers: RequestProviders,
  ) {}

  async onApplicationBootstrap() {
    this.connection = createBlockingRedis(this.config.REDIS_URL, 'esign:poll-requests');
    const options = { connection: this.connection, prefix: this.config.QUEUE_PREFIX };
    this.queue = new Queue(POLL_REQUESTS, options);
    await this.queue.upsertJobScheduler(
      POLL_REQUESTS,
      { every: this.config.ESIGN_POLL_INTERVAL_SECONDS * 1000 },
      {
        name: 'walk',
        data: { kind: 'walk' },
        opts: {
          attempts: 3,
          backoff: { type: 'exponential', delay: 5_000 },
          removeOnComplete: { count: 100 },
          removeOnFail: { count: 100 },
        },
      },
    );
    this.worker = new Worker(POLL_REQUESTS, (job) => this.process(job), { ...options, concurrency: 4 });
    this.worker.on('failed', (job, error) =>
      this.logger.warn(`${POLL_REQUESTS} ${job?.id} failed (attempt ${job?.attemptsMade}): ${error.message}`),
    );
    this.worker.on('error', (error) => this.logger.error(`${POLL_REQUESTS} worker: ${error.message}`));
  }

  private async process(job: Job<PollJob>): Promise<void> {
    if (job.data.kind === 'request') return this.providers.refresh(job.data.esig_request_id);
    await this.walk(Math.floor(Date.now() / (this.config.ESIGN_POLL_INTERVAL_SECONDS * 1000)));
  }

  /** Queues a job per open request (one per request and tick). */
  async walk(tick: number): Promise<number> {
    let after = 0;
    let queued = 0;
    for (;;) {
      const ids = await this.requests.openRequestIds(after, PAGE);
      if (ids.length === 0) break;
      await this.queue!.addBulk(
        ids.map((id) => ({
          name: 'request',
          data: { kind: 'request' as const, esig_request_id: id },
          opts: {
            jobId: `request-${id}-${tick}`,
            attempts: 5,
            backoff: { type: 'exponential', delay: 2_000 },
            removeOnComplete: true,
            removeOnFail: { age: 3600 },
          },
        })),
      );
      queued += ids.length;
      after = ids[ids.length - 1];
      if (ids.length < PAGE) break;
    }
    return queued;
  }

  async onApplicationShutdown() {
    await this.worker?.close();
    await this.queue?.close();
    await this.connection?.quit().catch(() => this.connection?.disconnect());
  }
}
