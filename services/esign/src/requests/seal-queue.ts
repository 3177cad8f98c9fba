import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { EntityManager } from 'typeorm';
import { JOB_QUEUES } from '@app/contracts';
import { EventOutbox } from '@app/events';
import { SERVICE_CONFIG, createBlockingRedis } from '@app/platform';
import type { EsignConfig } from '../esign.config';

export const SEAL_REQUEST = JOB_QUEUES.esignSealRequest;
/** Tries of a seal before the request is F; backoff 5 s, 10 s, 20 s, ... */
export const SEAL_ATTEMPTS = 5;

/**
 * Queues the seal-request job of a request (one job per request: the job id dedups it). The signer's completion
 * writes it in its transaction (enqueueInTransaction, through the outbox); the poller, which finds a request
 * every signer signed and no seal running, queues directly (it looks again a minute later).
 */
@Injectable()
export class SealQueue implements OnApplicationShutdown {
  private connection?: Redis;
  private queue?: Queue<{ esig_request_id: number }>;

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: EsignConfig,
    private readonly outbox: EventOutbox,
  ) {}

  queueOf(): Queue<{ esig_request_id: number }> {
    if (!this.queue) {
      this.connection = createBlockingRedis(this.config.REDIS_URL, 'esign:seal-queue');
      this.queue = new Queue(SEAL_REQUEST, { connection: this.connection, prefix: this.config.QUEUE_PREFIX });
    }
    return this.queue;
  }

  private jobOptionsOf(requestId: number) {
    return {
      jobId: `seal-${requestId}`,
      attempts: SEAL_ATTEMPTS,
      backoff: { type: 'exponential', delay: 5_000 },
      removeOnComplete: { age: 7 * 24 * 3600 },
      // Kept a while after failing for good: the same id is not queued again meanwhile (the poller asks again later).
      removeOnFail: { age: 3600 },
    };
  }

  async enqueue(requestId: number): Promise<void> {
    await this.queueOf().add(SEAL_REQUEST, { esig_request_id: requestId }, this.jobOptionsOf(requestId));
  }

  /** The seal, written in the caller's transaction (the last signature's): the relay queues it once that commits. */
  async enqueueInTransaction(manager: EntityManager, teamId: number, requestId: number): Promise<void> {
    await this.outbox.enqueue(manager, SEAL_REQUEST, SEAL_REQUEST, { esig_request_id: requestId }, this.jobOptionsOf(requestId), {
      team_id: teamId,
    });
  }

  async onApplicationShutdown() {
    await this.queue?.close();
    await this.connection?.quit().catch(() => this.connection?.disconnect());
  }
}
